"""BATCH_MATMUL in the mve backend (firmware/kernels/batch_matmul_*mve.c): every int8 and int16 node the reference
kernel runs. The layout, the parameters and the prepare are the family's (batch_matmul); this module adds the
kernels and, for a constant int8 rhs, its requantization tables and (stored [k][n]) its rows of k, which TFLite
Micro makes once at run time and the generator makes here."""

from __future__ import annotations

import dataclasses

from ..common import _mve_common as mc
from .batch_matmul import backend_spec
from .batch_matmul import params as family_params


def params(op, inputs, outputs):
    node = family_params(op, inputs, outputs)
    rhs, f = inputs[1], node.fields
    if rhs.data is None or rhs.dtype.name == "INT16":  # int16: gathered by the kernel, int64 requantization
        return node
    depth, cols = f["depth"], f["cols"]
    if f["rhs_step"] != 1:  # stored [k][n]: rows of k
        matrices = rhs.array().reshape(-1, depth, cols).transpose(0, 2, 1)
        f["rhs_rows"] = mc.pack_bytes(matrices.reshape(-1))
    else:
        matrices = rhs.array().reshape(-1, cols, depth)
    pairs = [(f["output_multiplier"], f["output_shift"])] * cols
    table = []
    for rows in matrices.astype(int):
        terms = [f["lhs_offset"] * (int(row.sum()) + depth * f["rhs_offset"]) for row in rows]
        table += mc.requant_fields(terms, pairs, outputs[0], 0)["table"]
    f["table"] = table
    return node


SPEC = dataclasses.replace(
    backend_spec(
        mc,
        (
            "batch_matmul_mve.c",
            "batch_matmul_s8_mve.c",
            "batch_matmul_s16_mve.c",
            "mg_fixedpoint64.h",
            "mg_mve.h",
            "mg_mve_matmul.h",
            "matmul_rows_s8_mve.c",
            "matmul_pairs_s8_mve.c",
        ),
    ),
    params=params,
)
