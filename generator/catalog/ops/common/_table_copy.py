"""The set-up shared by the kernels on mg_table_copy.h (MIRROR_PAD, BATCH_TO_SPACE_ND): per output axis, the input
offset (in elements) each coordinate adds, padded to the walk's fixed rank read from that header."""

from __future__ import annotations

from ...spec import NodeParams
from ._scratch import constant

TABLE_DIMS = constant("mg_table_copy.h", "MG_TABLE_COPY_DIMS")


def table_params(c_type: str, tables: list[list[int]], block: int, output) -> NodeParams:
    """The walk's parameters: `tables[d][i]` is what output coordinate i of axis d adds to the input offset;
    each position copies `block` contiguous elements. Leading axes of one coordinate adding 0 fill the rank."""
    tables = [[0]] * (TABLE_DIMS - len(tables)) + tables
    return NodeParams(
        c_type,
        {
            "extents": [len(t) for t in tables],
            "offsets": [int(v) for t in tables for v in t],
            "block": block,
            "count": output.num_elements,
            "element_size": output.dtype.size,
        },
    )
