"""SVDF (TFLite Micro's svdf.cc): float32, and int8 with int16 (or int8) time weights and state (the integer path's two
requantizations, effective_scale_1 and _2, come from PrepareSvdf's float products). The activation state
(input 4) must be a variable tensor: the planner keeps it for the whole run, the kernel's prepare clears it, and
a model holding one is stateful (its input sets are the steps of one stream, docs/streaming.md)."""

from __future__ import annotations

from ... import quant
from ...spec import KernelSpec, NodeParams
from ..common import _scratch


def _dims(op, inputs):
    inp, weights_feature, weights_time = inputs[0], inputs[1], inputs[2]
    rank = op.options.get("rank", 0)
    return inp.shape[0], inp.shape[1], weights_feature.shape[0], rank, weights_time.shape[1]


def _shape_problem(op, inputs, outputs):
    if len(inputs) != 5 or len(outputs) != 1 or any(inputs[i] is None for i in (0, 1, 2, 4)):
        return "needs an input, feature and time weights, a bias, an activation state and one output"
    if inputs[3] is None:
        return "needs a bias (TFLite Micro's SVDF reads it even when omitted)"
    inp, weights_feature, weights_time, bias, state = inputs
    if any(len(t.shape) != 2 for t in (inp, weights_feature, weights_time, state, outputs[0])):
        return "input, weights, state and output must be 2-D"
    batches, input_size, filters, rank, memory = _dims(op, inputs)
    if rank <= 0 or filters % rank:
        return f"{filters} filters are not a multiple of the rank {rank}"
    units = filters // rank
    expected = {
        "feature weights": (weights_feature.shape, [filters, input_size]),
        "time weights": (weights_time.shape, [filters, memory]),
        "activation state": (state.shape, [batches, memory * filters]),
        "output": (outputs[0].shape, [batches, units]),
    }
    for name, (shape, want) in expected.items():
        if list(shape) != want:
            return f"{name} shape {list(shape)} is not {want}"
    if list(bias.shape) != [units]:
        return f"bias shape {list(bias.shape)} is not [{units}]"
    if not state.is_variable:
        return "the activation state (input 4) must be a variable tensor"
    return None


def _scales(inputs, outputs):
    """PrepareSvdf's effective_scale_1 and _2 (float32 products, widened to double) as multiplier pairs."""
    inp, weights_feature, weights_time, _, state = inputs
    s_in, s_wf, s_wt, s_st, s_out = (quant.scale_of(t) for t in (inp, weights_feature, weights_time, state, outputs[0]))
    return quant.quantize_multiplier(float(s_in * s_wf / s_st)), quant.quantize_multiplier(float(s_st * s_wt / s_out))


def _int8_problem(inputs, outputs):
    inp, weights_feature, weights_time, bias, state = inputs
    types = [t.dtype.name for t in (weights_feature, weights_time, state, outputs[0])]
    if types not in (["INT8", "INT16", "INT16", "INT8"], ["INT8", "INT8", "INT8", "INT8"]):
        return (
            "int8 SVDF needs int8 feature weights, int16 (or int8) time weights and state of one type and an int8 "
            f"output, not {types}"
        )
    if bias.dtype.name != "INT32":
        return "int8 SVDF needs an int32 bias"
    if any(t.quant is None or len(t.quant.scale) != 1 for t in (inp, weights_feature, weights_time, state, bias)):
        return "int8 SVDF needs per-tensor quantized tensors"
    product = float(quant.scale_of(state) * quant.scale_of(weights_time))
    if abs(float(quant.scale_of(bias)) - product) >= 1e-5:
        return "the bias scale is not state scale * time weights scale"
    (_, shift_1), (_, shift_2) = _scales(inputs, outputs)
    if max(shift_1, shift_2) > 30:
        return "an effective scale is too large"
    return None


def validate(op, inputs, outputs):
    problem = _shape_problem(op, inputs, outputs)
    if problem:
        return problem
    kind = inputs[0].dtype.name
    if kind == "INT8":
        return _int8_problem(inputs, outputs)
    others = [t.dtype.name for t in (*inputs[1:], outputs[0]) if t is not None]
    if kind != "FLOAT32" or any(t != "FLOAT32" for t in others):
        return f"input type {kind} with {others} is not supported (float32, or int8 with int16 or int8 state)"
    activation = op.options.get("fused_activation_function", 0)
    if activation not in (0, 1, 2, 3):
        return f"fused activation {quant.ACTIVATIONS.get(activation, activation)} is not supported"
    return None


def params(op, inputs, outputs):
    batches, input_size, filters, rank, memory = _dims(op, inputs)
    fields = {"batches": batches, "input_size": input_size, "filters": filters, "rank": rank, "memory": memory}
    if inputs[0].dtype.name == "INT8":
        (m1, s1), (m2, s2) = _scales(inputs, outputs)
        fields.update(
            state_bytes=2 if inputs[4].dtype.name == "INT16" else 1,
            input_zero_point=quant.zero_point_of(inputs[0]),
            state_zero_point=quant.zero_point_of(inputs[4]),
            output_zero_point=quant.zero_point_of(outputs[0]),
            feature_multiplier=m1,
            feature_shift=s1,
            output_multiplier=m2,
            output_shift=s2,
        )
    else:
        act_min, act_max = quant.activation_range_float(op.options.get("fused_activation_function", 0))
        fields.update(act_min=act_min, act_max=act_max)
    return NodeParams("mg_svdf_params", fields)


def scratch_bytes(op, inputs, outputs):
    batches, _, filters, rank, _ = _dims(op, inputs)
    return _scratch.scratch_size("mg_svdf_scratch_size", batches, filters, rank, int(inputs[0].dtype.name == "INT8"))


def macs(op, inputs, outputs):
    batches, input_size, filters, _, memory = _dims(op, inputs)
    return batches * filters * (input_size + memory)


SPEC = KernelSpec(
    op="SVDF",
    builtin_code=27,
    versions=(1, 4),
    dtypes=("FLOAT32", "INT8"),
    sources=("svdf.h", "svdf.c", "svdf_scratch_size.c", "svdf_s8.c", "svdf_f32.c", "mg_fixedpoint.h"),
    registration="mg_register_svdf",
    validate=validate,
    params=params,
    scratch_bytes=scratch_bytes,
    macs=macs,
)
