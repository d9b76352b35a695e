"""ADD in the dsp backend (firmware/kernels/add_s8_dsp.c, add_s16_dsp.c, registered by add_dsp.c), on the family's
parameters (add.py). int8 with both inputs of the output's shape (no broadcasting), plus one table: each input's
rescaling tabulated exactly as TFLite Micro computes it per element, then the output requantization, which must
meet the exactness conditions of _dsp_common. int16 with broadcasting where its SMMLAR rescalings are exact
(`int16_exact`). Everything else stays with the reference kernel."""

from __future__ import annotations

from ... import quant
from ..common import _dsp_common as dc
from .add import LEFT_SHIFT, claims_same_count_s8, kernel, quantized_fields, same_type_s16

INT32_MIN, INT32_MAX = -(1 << 31), (1 << 31) - 1


def backend_table(op, inputs, outputs) -> list[int] | None:
    """Input 1's and input 2's rescaled values for x = -128..127 (doubled, for mg_dsp_requant.h), then the output
    requantization (multiplier, offset, shift); None when the fast requantization would not be exact."""
    in1, in2, out = inputs[0], inputs[1], outputs[0]
    f = quantized_fields(in1, in2, out, op.options.get("fused_activation_function", 0))
    tables = []
    for offset, multiplier, shift in (
        (f["input1_offset"], f["input1_multiplier"], f["input1_shift"]),
        (f["input2_offset"], f["input2_multiplier"], f["input2_shift"]),
    ):
        if shift > 0:
            return None
        # TFLite's AddFunc: (offset + x) << left_shift, then MultiplyByQuantizedMultiplierSmallerThanOneExp
        tables.append(
            [
                2 * dc.multiply_by_quantized_multiplier((offset + x) * (1 << LEFT_SHIFT), multiplier, shift)
                for x in range(-128, 128)
            ]
        )
    bound = max(abs(v) for v in tables[0]) // 2 + max(abs(v) for v in tables[1]) // 2  # |raw_sum|
    requant = dc.channel_table(
        [0], [(f["output_multiplier"], f["output_shift"])], [bound], f["output_offset"], (f["act_min"], f["act_max"])
    )
    if requant is None:
        return None
    return tables[0] + tables[1] + requant[1:4]


def int16_exact(op, inputs, outputs) -> bool:
    """add_s16_dsp.c's SMMLAR rescalings are exact: input zero points 0 (x << 16 fits int32); each input's shift a
    right shift, or shift 0 with the multiplier 2^30 (the larger scale: x << 14); the output's a right shift e >= 1
    whose rounding sum, |SMMULR(2 sum, m)| <= 2^30 plus 2^(e-1) + zero point * 2^e, fits int32."""
    in1, in2, out = inputs[0], inputs[1], outputs[0]
    if quant.zero_point_of(in1) or quant.zero_point_of(in2):
        return False
    f = quantized_fields(in1, in2, out, op.options.get("fused_activation_function", 0))
    for multiplier, shift in ((f["input1_multiplier"], f["input1_shift"]), (f["input2_multiplier"], f["input2_shift"])):
        if shift > 0 or (shift == 0 and multiplier != 1 << 30):
            return False
    e = -f["output_shift"]
    if e < 1:
        return False
    offset = (1 << (e - 1)) + f["output_offset"] * (1 << e)
    return INT32_MIN <= offset - (1 << 30) - 2 and offset + (1 << 30) + 1 <= INT32_MAX


def claims(op, inputs, outputs):
    if same_type_s16(op, inputs, outputs):
        if int16_exact(op, inputs, outputs):
            return None
        return "an int16 input has a zero point, or a rescaling the dsp kernel does not compute exactly"
    refused = claims_same_count_s8(op, inputs, outputs)
    if refused is None and backend_table(op, inputs, outputs) is None:
        return dc.INEXACT_REQUANT
    return refused


def backend_params(op, inputs, outputs) -> dict:
    return {} if outputs[0].dtype.name == "INT16" else {"backend_table": backend_table(op, inputs, outputs)}


SPEC = kernel(
    "dsp",
    ("add_dsp.c", "add_s8_dsp.c", "add_s16_dsp.c", "mg_dsp_requant.h", "mg_dsp.h"),
    claims=claims,
    backend_params=backend_params,
    int16=True,
)
