"""ADD, int8 and float32, with broadcasting up to 6-D and a fused activation."""
from __future__ import annotations

from .. import quant
from ..spec import KernelSpec, NodeParams
from . import _broadcast

LEFT_SHIFT = 20  # TFLite's headroom for int8 inputs (15 is int16's)


def check_binary(op, inputs, outputs, name: str) -> str | None:
    """What ADD, SUB and MUL share: two inputs of one type (int8 or float32), the output's type, per-tensor
    quantization, a supported fused activation and broadcastable shapes."""
    in1, in2 = (list(inputs) + [None, None])[:2]
    if in1 is None or in2 is None or len(inputs) != 2 or len(outputs) != 1:
        return "needs two inputs and one output"
    out = outputs[0]
    activation = op.options.get("fused_activation_function", 0)
    if activation not in (0, 1, 2, 3):
        return f"fused activation {quant.ACTIVATIONS.get(activation, activation)} is not supported"
    types = (in1.dtype.name, in2.dtype.name, out.dtype.name)
    if types not in (("INT8",) * 3, ("FLOAT32",) * 3):
        return f"input/input/output types {'/'.join(types)} are not supported (int8 or float32)"
    if types[0] == "INT8":
        for role, t in (("input 1", in1), ("input 2", in2), ("output", out)):
            if t.quant is None or not t.quant.scale:
                return f"int8 {name} needs a quantized {role}"
            if len(t.quant.scale) != 1:
                return f"per-channel quantization of the {role} is not supported"
    return _broadcast.check_shapes(in1, in2, out)


def int8_fields(in1, in2, out, activation: int) -> dict:
    """TFLite Micro's CalculateOpDataAdd (and CalculateOpDataSub): the scales in double precision."""
    s1, s2, so = quant.scale_of(in1), quant.scale_of(in2), quant.scale_of(out)
    twice_max_input_scale = 2 * float(max(s1, s2))
    pairs = [quant.quantize_multiplier(float(s1) / twice_max_input_scale),
             quant.quantize_multiplier(float(s2) / twice_max_input_scale),
             quant.quantize_multiplier(twice_max_input_scale / ((1 << LEFT_SHIFT) * float(so)))]
    act_min, act_max = quant.activation_range_int8(activation, out)
    return {"input1_offset": -quant.zero_point_of(in1), "input2_offset": -quant.zero_point_of(in2),
            "output_offset": quant.zero_point_of(out), "left_shift": LEFT_SHIFT,
            "input1_multiplier": pairs[0][0], "input1_shift": pairs[0][1],
            "input2_multiplier": pairs[1][0], "input2_shift": pairs[1][1],
            "output_multiplier": pairs[2][0], "output_shift": pairs[2][1], "act_min": act_min, "act_max": act_max}


def check_output_scale(inputs, outputs) -> str | None:
    """TFLite aborts when the output multiplier is not below 1 (QuantizeMultiplierSmallerThanOneExp)."""
    if outputs[0].dtype.name == "INT8":
        s1, s2, so = (quant.scale_of(t) for t in (inputs[0], inputs[1], outputs[0]))
        if 2 * float(max(s1, s2)) / ((1 << LEFT_SHIFT) * float(so)) >= 1.0:
            return "the output scale is too small for the input scales (needs 2 * max input scale < 2^20 * out scale)"
    return None


def validate(op, inputs, outputs):
    return check_binary(op, inputs, outputs, "ADD") or check_output_scale(inputs, outputs)


def params(op, inputs, outputs):
    in1, in2, out = inputs[0], inputs[1], outputs[0]
    activation = op.options.get("fused_activation_function", 0)
    fields = {**_broadcast.loop_fields(in1, in2, out), "count": out.num_elements}
    if out.dtype.name == "INT8":
        fields.update(int8_fields(in1, in2, out, activation))
    else:
        act_min_f, act_max_f = quant.activation_range_float(activation)
        fields.update(act_min_f=act_min_f, act_max_f=act_max_f)
    return NodeParams("mg_add_params", fields)


SPEC = KernelSpec(
    op="ADD", builtin_code=0, versions=(1, 5), dtypes=("FLOAT32", "INT8"),
    sources=("add.h", "add.c", "add_s8.c", "add_f32.c", "broadcast.h", "mg_fixedpoint.h"),
    registration="mg_register_add", validate=validate, params=params,
    # the output may overwrite an input of its own size: the loop reads that input's element i just before
    # writing output element i
    inplace_input=lambda op, inputs, outputs: _broadcast.same_shape_input(inputs, outputs),
)
