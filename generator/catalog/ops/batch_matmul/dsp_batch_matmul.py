"""BATCH_MATMUL in the dsp backend (firmware/kernels/batch_matmul_*dsp.c): every int8 and int16 node the reference
kernel runs. The layout, the parameters and the prepare are the family's (batch_matmul); this module adds the
kernels and, where it is exact, the int8 dsp requantization's constants (_dsp_common.channel_table)."""

from __future__ import annotations

import dataclasses

from ... import quant
from ..common import _dsp_common as dc
from .batch_matmul import backend_spec
from .batch_matmul import params as family_params


def params(op, inputs, outputs):
    """The family's parameters with, in `table`, one dsp_channel (mg_dsp_requant.h) for every output when the fast
    requantization is exact: |sum| is at most depth * max |lhs + lhs_offset| * max |rhs + rhs_offset|."""
    node = family_params(op, inputs, outputs)
    f = node.fields
    if outputs[0].dtype.name == "INT16":  # the reference's int64 requantization
        return node
    bound = f["depth"] * (128 + abs(f["lhs_offset"])) * (128 + abs(f["rhs_offset"]))
    pair = (f["output_multiplier"], f["output_shift"])
    table = dc.channel_table([0], [pair], [bound], quant.zero_point_of(outputs[0]), (-128, 127))
    if table:
        f["table"] = table
    return node


SPEC = dataclasses.replace(
    backend_spec(
        dc,
        (
            "batch_matmul_dsp.c",
            "batch_matmul_s8_dsp.c",
            "batch_matmul_s16_dsp.c",
            "mg_fixedpoint64.h",
            "mg_dsp_dot16.h",
            "mg_dsp_mac.h",
            "mg_dsp_requant.h",
            "mg_dsp.h",
        ),
    ),
    params=params,
)
