"""ADD in the dsp backend (firmware/kernels/add_s8_dsp.c): int8 with both inputs of the output's shape (no
broadcasting), on the family's parameters (add.py) plus one table: each input's rescaling tabulated exactly as
TFLite Micro computes it per element, then the output requantization, which must meet the exactness conditions
of _dsp_common. Everything else stays with the reference kernel."""

from __future__ import annotations

from ..common import _dsp_common as dc
from .add import LEFT_SHIFT, claims_same_count_s8, kernel, quantized_fields


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


def claims(op, inputs, outputs):
    refused = claims_same_count_s8(op, inputs, outputs)
    if refused is None and backend_table(op, inputs, outputs) is None:
        return dc.INEXACT_REQUANT
    return refused


SPEC = kernel(
    "dsp",
    ("add_s8_dsp.c", "mg_dsp_requant.h", "mg_dsp.h"),
    claims=claims,
    backend_params=lambda op, inputs, outputs: {"backend_table": backend_table(op, inputs, outputs)},
)
