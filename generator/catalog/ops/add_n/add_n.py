"""ADD_N (TFLite Micro's add_n.cc): 2 to 16 same-shape inputs, float32 or int8 (one quantization for all
inputs)."""

from __future__ import annotations

from ... import quant
from ...spec import KernelSpec, NodeParams

LEFT_SHIFT = 20  # kAddNIntegerShift
MAX_INPUTS = 16  # MG_ADD_N_MAX_INPUTS


def _output_real(first, out) -> float:
    """CalculateOpData: 2 * input_scale / (2^20 * output_scale), in double."""
    return 2 * float(quant.scale_of(first)) / ((1 << LEFT_SHIFT) * float(quant.scale_of(out)))


def validate(op, inputs, outputs):
    if not 2 <= len(inputs) <= MAX_INPUTS or any(t is None for t in inputs) or len(outputs) != 1:
        return f"needs 2 to {MAX_INPUTS} inputs and one output"
    first, out = inputs[0], outputs[0]
    types = {t.dtype.name for t in inputs} | {out.dtype.name}
    if len(types) != 1 or first.dtype.name not in ("FLOAT32", "INT8"):
        return f"input/output types {'/'.join(sorted(types))} are not supported (all float32 or all int8)"
    if any(t.shape != first.shape for t in inputs) or out.num_elements != first.num_elements:
        return "the inputs and the output must have one shape"
    if first.dtype.name == "INT8":
        for role, t in [*((f"input {k + 1}", t) for k, t in enumerate(inputs)), ("output", out)]:
            if t.quant is None or len(t.quant.scale) != 1:
                return f"int8 ADD_N needs a per-tensor quantized {role}"
        if any(
            quant.scale_of(t) != quant.scale_of(first) or quant.zero_point_of(t) != quant.zero_point_of(first)
            for t in inputs
        ):
            return "int8 ADD_N needs one scale and zero point for all inputs"
        if _output_real(first, out) >= 1.0:
            return "the output scale is too small for the input scale (needs 2 * input scale < 2^20 * output scale)"
    return None


def params(op, inputs, outputs):
    first, out = inputs[0], outputs[0]
    fields = {
        "count": out.num_elements,
        "input_offset": 0,
        "output_offset": 0,
        "left_shift": 0,
        "input_multiplier": 0,
        "input_shift": 0,
        "output_multiplier": 0,
        "output_shift": 0,
    }
    if first.dtype.name == "INT8":
        (mi, si), (mo, so) = quant.quantize_multiplier(0.5), quant.quantize_multiplier(_output_real(first, out))
        fields.update(
            input_offset=-quant.zero_point_of(first),
            output_offset=quant.zero_point_of(out),
            left_shift=LEFT_SHIFT,
            input_multiplier=mi,
            input_shift=si,
            output_multiplier=mo,
            output_shift=so,
        )
    return NodeParams("mg_add_n_params", fields)


SPEC = KernelSpec(
    op="ADD_N",
    builtin_code=106,
    versions=(1, 1),
    dtypes=("FLOAT32", "INT8"),
    sources=("add_n.h", "add_n.c", "add_n_f32.c", "add_n_s8.c", "mg_fixedpoint.h"),
    registration="mg_register_add_n",
    validate=validate,
    params=params,
)
