"""The set-up shared by the byte-moving kernels on mg_strided_copy.h (REVERSE_V2, SLICE, DEPTH_TO_SPACE,
SPACE_TO_DEPTH): the movement as output extents and input strides (in elements), padded to the walk's fixed rank."""

from __future__ import annotations

from ...spec import NodeParams
from ._scratch import constant

COPY_DIMS = constant("mg_strided_copy.h", "MG_STRIDED_COPY_DIMS")


def copy_params(c_type: str, extents: list[int], strides: list[int], start: int, output) -> NodeParams:
    """The walk's parameters: leading dimensions of extent 1 fill the rank; `start` is the first input element."""
    pad = COPY_DIMS - len(extents)
    fields = {
        "extents": [1] * pad + list(extents),
        "strides": [0] * pad + list(strides),
        "start": start,
        "count": output.num_elements,
        "element_size": output.dtype.size,
    }
    return NodeParams(c_type, fields)
