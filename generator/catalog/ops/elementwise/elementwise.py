"""The element-wise unary ops: ABS, SIN, COS, LOG, SQRT, RSQRT, SQUARE, LOGICAL_NOT (TFLite Micro's
elementwise.cc) and NEG, FLOOR, CEIL, ROUND, EXP (neg.cc, floor.cc, ceil.cc, round.cc, exp.cc), with the types
TFLite Micro accepts: float32 for all but LOGICAL_NOT (bool); ABS also int8 and int16, RSQRT also int8."""

from __future__ import annotations

import numpy as np

from ... import quant
from ...spec import NodeParams, named_kernel
from ..common import _overlap

SOURCES = (
    "elementwise.h",
    "elementwise.c",
    "mg_elementwise.h",
    "mg_elementwise.c",
    "abs_f32.c",
    "abs_s8.c",
    "abs_s16.c",
    "sin_f32.c",
    "cos_f32.c",
    "log_f32.c",
    "sqrt_f32.c",
    "rsqrt_f32.c",
    "rsqrt_s8.c",
    "square_f32.c",
    "logical_not_b.c",
    "neg_f32.c",
    "floor_f32.c",
    "ceil_f32.c",
    "round_f32.c",
    "exp_f32.c",
    "mg_fixedpoint.h",
    "mg_fixedpoint_exp.h",
    "mg_inv_sqrt.h",
)

# (op, builtin code, versions as TFLite registers them, input types TFLite Micro's kernel takes)
OPS = [
    ("ABS", 101, (1, 5), ("FLOAT32", "INT8", "INT16")),
    ("SIN", 66, (1, 1), ("FLOAT32",)),
    ("COS", 108, (1, 1), ("FLOAT32",)),
    ("LOG", 73, (1, 2), ("FLOAT32",)),
    ("SQRT", 75, (1, 2), ("FLOAT32",)),
    ("RSQRT", 76, (1, 3), ("FLOAT32", "INT8")),
    ("SQUARE", 92, (1, 1), ("FLOAT32",)),
    ("LOGICAL_NOT", 87, (1, 1), ("BOOL",)),
    ("NEG", 59, (1, 1), ("FLOAT32",)),
    ("FLOOR", 8, (1, 1), ("FLOAT32",)),
    ("CEIL", 104, (1, 1), ("FLOAT32",)),
    ("ROUND", 116, (1, 1), ("FLOAT32",)),
    ("EXP", 47, (1, 2), ("FLOAT32",)),
]


def _quantized(t) -> bool:
    return t.quant is not None and len(t.quant.scale) > 0


def _check_quantization(op, inp, out) -> str | None:
    """ABS and RSQRT on int8 (and quantized int16 ABS): per-tensor scales on both tensors; int16 zero points 0."""
    for role, t in (("input", inp), ("output", out)):
        if not _quantized(t) or len(t.quant.scale) != 1:
            return f"{inp.dtype.name.lower()} {op.op_name} needs a per-tensor quantized {role}"
        if t.dtype.name == "INT16" and quant.zero_point_of(t) != 0:
            return f"int16 {op.op_name} needs zero point 0 on the {role}"
    return None


def validator(dtypes: tuple[str, ...]):
    def validate(op, inputs, outputs) -> str | None:
        inp = inputs[0] if inputs else None
        if inp is None or len(inputs) != 1 or len(outputs) != 1:
            return "needs one input and one output"
        out = outputs[0]
        if inp.dtype.name != out.dtype.name or inp.dtype.name not in dtypes:
            wanted = " or ".join(d.lower() for d in dtypes)
            return f"input/output types {inp.dtype.name}/{out.dtype.name} are not supported ({wanted})"
        if inp.num_elements != out.num_elements:
            return f"input and output sizes differ ({inp.num_elements} and {out.num_elements} elements)"
        if inp.dtype.name == "INT8" or (inp.dtype.name == "INT16" and _quantized(inp)):
            return _check_quantization(op, inp, out)
        return None

    return validate


def params(op, inputs, outputs):
    inp, out = inputs[0], outputs[0]
    fields = {
        "count": out.num_elements,
        "quantized": 0,
        "input_offset": 0,
        "output_offset": 0,
        "needs_rescale": 0,
        "multiplier": 0,
        "shift": 0,
    }
    if inp.dtype.name in ("INT8", "INT16") and _quantized(inp):
        s_in, s_out = quant.scale_of(inp), quant.scale_of(out)
        fields.update(quantized=1, input_offset=quant.zero_point_of(inp), output_offset=quant.zero_point_of(out))
        if op.op_name == "ABS":
            # SetAbsOutputMultiplier's source divides in float; the tflite-micro package's results follow the
            # division in double (test_elementwise pins scales where the two differ)
            fields["needs_rescale"] = int(s_in != s_out)
            if s_in != s_out:
                fields["multiplier"], fields["shift"] = quant.quantize_multiplier(float(s_in) / float(s_out))
        else:
            # SetRsqrtOutputMultiplier: 1. / double(std::sqrt(input_scale) * output_scale), both in float
            fields["multiplier"], fields["shift"] = quant.quantize_multiplier(
                1.0 / float(np.float32(np.sqrt(s_in) * s_out))
            )
    return NodeParams("mg_elementwise_params", fields)


SPECS = [
    named_kernel(
        name, code, versions, dtypes, SOURCES, validator(dtypes), params, inplace_input=_overlap.in_place_first
    )
    for name, code, versions, dtypes in OPS
]
