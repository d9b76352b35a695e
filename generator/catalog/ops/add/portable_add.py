"""ADD in the portable backend (firmware/kernels/add_s8_portable.c, for cores without DSP: Cortex-M0/M0+,
Cortex-M3): int8 with both inputs of the output's shape (no broadcasting), on the family's parameters (add.py)
plus one table: each input's rescaling tabulated exactly as TFLite Micro computes it per element, then the output
requantization as mg_portable_dot.h takes it (multiplier, left and right shift). Everything else stays with the
reference kernel."""

from __future__ import annotations

from ..common._dsp_common import multiply_by_quantized_multiplier
from .add import LEFT_SHIFT, claims_same_count_s8, kernel, quantized_fields


def backend_table(op, inputs, outputs) -> list[int]:
    """Input 1's and input 2's rescaled values for x = -128..127, then the output multiplier, left and right shift."""
    in1, in2, out = inputs[0], inputs[1], outputs[0]
    f = quantized_fields(in1, in2, out, op.options.get("fused_activation_function", 0))
    tables = []
    for offset, multiplier, shift in (
        (f["input1_offset"], f["input1_multiplier"], f["input1_shift"]),
        (f["input2_offset"], f["input2_multiplier"], f["input2_shift"]),
    ):
        # TFLite's AddFunc: (offset + x) << left_shift, then MultiplyByQuantizedMultiplierSmallerThanOneExp
        tables += [
            multiply_by_quantized_multiplier((offset + x) * (1 << LEFT_SHIFT), multiplier, shift)
            for x in range(-128, 128)
        ]
    shift = f["output_shift"]
    return [*tables, f["output_multiplier"], max(shift, 0), max(-shift, 0)]


SPEC = kernel(
    "portable",
    ("add_s8_portable.c", "mg_portable_dot.h"),
    claims=claims_same_count_s8,
    backend_params=lambda op, inputs, outputs: {"backend_table": backend_table(op, inputs, outputs)},
)
