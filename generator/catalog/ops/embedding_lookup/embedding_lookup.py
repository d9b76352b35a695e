"""EMBEDDING_LOOKUP (TFLite Micro's embedding_lookup.cc): rows of a float32 or int8 table (2-D or more) picked by a
1-D int32 list of row numbers (read when the node runs; one out of range fails the node). float32 and int8 tables
are copied; an int8 table with a float32 output is dequantized with its scale (TFLite's hybrid case: TFLite Micro
needs zero point 0 and, like it, the first scale of a per-channel table is used)."""

from __future__ import annotations

from ...spec import KernelSpec, NodeParams
from ..common._copy import product

OUTPUT_TYPES = {"FLOAT32": ("FLOAT32",), "INT8": ("INT8", "FLOAT32")}


def _dequantizes(table, out) -> bool:
    return table.dtype.name == "INT8" and out.dtype.name == "FLOAT32"


def validate(op, inputs, outputs):
    if len(inputs) != 2 or any(t is None for t in inputs) or len(outputs) != 1:
        return "needs row numbers, a table and one output"
    ids, table = inputs
    out = outputs[0]
    if ids.dtype.name != "INT32" or len(ids.shape) != 1:
        return f"the row numbers must be a 1-D int32 tensor, not {len(ids.shape)}-D {ids.dtype.name}"
    if table.dtype.name not in OUTPUT_TYPES or len(table.shape) < 2:
        return (
            f"the table must be float32 or int8 with 2 or more dimensions, not {len(table.shape)}-D {table.dtype.name}"
        )
    if out.dtype.name not in OUTPUT_TYPES[table.dtype.name]:
        return f"{table.dtype.name} table with {out.dtype.name} output is not supported"
    if _dequantizes(table, out) and (table.quant is None or table.quant.zero_point[0] != 0):
        return "dequantizing an int8 table needs its zero point to be 0 (as TFLite Micro requires)"
    expected = [ids.shape[0], *table.shape[1:]]
    if list(out.shape) != expected:
        return f"output shape {list(out.shape)} differs from the looked-up shape {expected}"
    return None


def params(op, inputs, outputs):
    ids, table = inputs
    dequantize = _dequantizes(table, outputs[0])
    return NodeParams(
        "mg_embedding_lookup_params",
        {
            "lookups": int(ids.shape[0]),
            "rows": int(table.shape[0]),
            "row_elements": product(table.shape[1:]),
            "element_size": table.dtype.size,
            "dequantize": int(dequantize),
            "scale": float(table.quant.scale[0]) if dequantize else 0.0,
        },
    )


SPEC = KernelSpec(
    op="EMBEDDING_LOOKUP",
    builtin_code=7,
    versions=(1, 4),
    dtypes=("FLOAT32", "INT8"),  # the table's types
    sources=("embedding_lookup.h", "embedding_lookup.c", "embedding_lookup_generic.c", "embedding_lookup_s8.c"),
    registration="mg_register_embedding_lookup",
    validate=validate,
    params=params,
)
