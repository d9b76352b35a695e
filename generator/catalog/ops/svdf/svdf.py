"""SVDF (TFLite Micro's svdf.cc): float32, and int8 with int16 (or int8) time weights and state (the integer path's two
requantizations, effective_scale_1 and _2, come from PrepareSvdf's float products). The activation state
(input 4) must be a variable tensor: the planner keeps it for the whole run, the kernel's prepare clears it, and
a model holding one is stateful (its input sets are the steps of one stream, docs/streaming.md)."""

from __future__ import annotations

import numpy as np

from ... import quant
from ...spec import KernelSpec, NodeParams, backend_kernel
from ..common import _scratch
from ..common._common import wrap32


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


def backend_table(op, inputs, outputs) -> list[int] | None:
    """The dsp and mve kernels' table (mg_svdf_params.backend_table, svdf.h): per filter -input_zero_point times
    its feature weights' sum, then per unit its bias less state_zero_point times the sum of its rank filters' time
    weights, wrapped to int32 (the kernels' sums over raw values then equal the reference's modulo 2^32). None when
    the node is not int8 or its weights or bias are not constant."""
    if inputs[0].dtype.name != "INT8" or validate(op, inputs, outputs):
        return None
    if any(inputs[i].data is None for i in (1, 2, 3)):
        return None
    _, _, filters, rank, _ = _dims(op, inputs)
    weights_feature = inputs[1].array().astype(np.int64).reshape(filters, -1)
    weights_time = inputs[2].array().astype(np.int64).reshape(filters // rank, -1)
    feature = -quant.zero_point_of(inputs[0]) * weights_feature.sum(axis=1)
    units = inputs[3].array().astype(np.int64).reshape(-1) - quant.zero_point_of(inputs[4]) * weights_time.sum(axis=1)
    return [wrap32(int(v)) for v in (*feature, *units)]


def backend_spec(backend: str, kernel_sources: tuple[str, ...], scratch_bytes, more_fields=None) -> KernelSpec:
    """A backend's entry: the family's validation, parameters and prepare (svdf.c), its int8 kernel
    (svdf_s8_<backend>.c, whose registration is mg_register_svdf_<backend>) with the backend table and
    `more_fields(op, inputs, outputs)`, on every int8 node whose weights and bias are constant."""

    def backend_params(op, inputs, outputs):
        fields = params(op, inputs, outputs)
        fields.fields.update(backend_table=backend_table(op, inputs, outputs))
        if more_fields:
            fields.fields.update(more_fields(op, inputs, outputs))
        return fields

    return backend_kernel(
        SPEC,
        backend,
        ("INT8",),
        (*SPEC.sources, f"svdf_s8_{backend}.c", *kernel_sources),
        backend_params,
        lambda op, inputs, outputs: (
            None if backend_table(op, inputs, outputs) is not None else "not int8 with constant weights and bias"
        ),
        scratch_bytes=scratch_bytes,
        macs=macs,
    )
