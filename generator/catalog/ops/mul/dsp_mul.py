"""MUL in the dsp backend (firmware/kernels/mul_s8_dsp.c, mul_s16_dsp.c, mg_mul_dsp.h): int8 and int16 with the
reference's broadcasting, on the family's parameters. int8 requantizes in three instructions, exact only for the
nodes `claims` proves here; int16 (products up to 2^30, no room to double them) with the one-step requantizer,
exact for every node. float32, int32 and the int8 nodes outside these bounds stay with the reference kernel."""

from __future__ import annotations

from ..common import _dsp_common as dc
from . import mul

INT32_LIMIT = 1 << 31


def int8_exact(op, inputs, outputs) -> bool:
    """mg_mul_dsp.h's int8 requantization is exact: |product| is at most the largest |x1 + offset1| times the
    largest |x2 + offset2|; a left shift (MG_MUL_LEFT) must keep twice the shifted product within int32, a right
    shift (MG_MUL_RIGHT) meet _dsp_common.channel_table's conditions."""
    in1, in2, out = inputs[0], inputs[1], outputs[0]
    f = mul._quantized_fields(in1, in2, out, op.options.get("fused_activation_function", 0))
    bound = dc.max_input_magnitude(f["input1_offset"]) * dc.max_input_magnitude(f["input2_offset"])
    multiplier, shift = f["output_multiplier"], f["output_shift"]
    if shift >= 0:
        return multiplier >= (1 << 30) and bound * (1 << (shift + 1)) < INT32_LIMIT
    act = (f["act_min"], f["act_max"])
    return dc.channel_table([0], [(multiplier, shift)], [bound], f["output_offset"], act) is not None


def claims(op, inputs, outputs) -> str | None:
    if outputs[0].dtype.name == "INT16" or int8_exact(op, inputs, outputs):
        return None
    return dc.INEXACT_REQUANT


SPEC = mul.kernel(dc.BACKEND, ("mul_s8_dsp.c", "mul_s16_dsp.c", "mg_mul_dsp.h", "mg_dsp_requant.h", "mg_dsp.h"), claims)
