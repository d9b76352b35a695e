"""The ADD family: int8, int16, float32 and (unquantized) int32, with broadcasting up to 6-D and a fused
activation. One parameter block (`mg_add_params`, firmware/kernels/add.h) for every backend and for SUB (sub.py),
whose quantized set-up is ADD's; backend modules (dsp_add.py, mve_add.py) list which nodes they claim (int8 and
int16) and their extra table.

int16 follows TFLite Micro, which runs every int16 ADD and SUB through the general path (left shift 15): it
ignores the `pot_scale_int16` option with which TFLite picks a power-of-two-scale variant."""

from __future__ import annotations

from dataclasses import replace

from ... import quant
from ...spec import CExpr, KernelSpec, backend_kernel
from ..common import _broadcast, _elementwise, _overlap
from ..common._elementwise import check_binary  # noqa: F401 (kept importable from here for the op modules that use it)

LEFT_SHIFT = 20  # TFLite's headroom for int8 inputs
LEFT_SHIFTS = {"INT8": LEFT_SHIFT, "INT16": 15}  # (65535 << 15 still fits the int32 sum)


def quantized_fields(in1, in2, out, activation: int) -> dict:
    """TFLite Micro's CalculateOpDataAdd (and CalculateOpDataSub) for int8 and int16: the scales in double."""
    s1, s2, so = quant.scale_of(in1), quant.scale_of(in2), quant.scale_of(out)
    left_shift = LEFT_SHIFTS[out.dtype.name]
    twice_max_input_scale = 2 * float(max(s1, s2))
    pairs = [
        quant.quantize_multiplier(float(s1) / twice_max_input_scale),
        quant.quantize_multiplier(float(s2) / twice_max_input_scale),
        quant.quantize_multiplier(twice_max_input_scale / ((1 << left_shift) * float(so))),
    ]
    act_min, act_max = quant.activation_range_quantized(activation, out)
    return {
        "input1_offset": -quant.zero_point_of(in1),
        "input2_offset": -quant.zero_point_of(in2),
        "output_offset": quant.zero_point_of(out),
        "left_shift": left_shift,
        "input1_multiplier": pairs[0][0],
        "input1_shift": pairs[0][1],
        "input2_multiplier": pairs[1][0],
        "input2_shift": pairs[1][1],
        "output_multiplier": pairs[2][0],
        "output_shift": pairs[2][1],
        "act_min": act_min,
        "act_max": act_max,
    }


def check_output_scale(inputs, outputs) -> str | None:
    """TFLite aborts when the output multiplier is not below 1 (QuantizeMultiplierSmallerThanOneExp)."""
    left_shift = LEFT_SHIFTS.get(outputs[0].dtype.name)
    if left_shift is not None:
        s1, s2, so = (quant.scale_of(t) for t in (inputs[0], inputs[1], outputs[0]))
        if 2 * float(max(s1, s2)) / ((1 << left_shift) * float(so)) >= 1.0:
            return (
                "the output scale is too small for the input scales "
                f"(needs 2 * max input scale < 2^{left_shift} * out scale)"
            )
    return None


def check_int32(inputs, outputs) -> str | None:
    """TFLite Micro's int32 ADD: unquantized tensors; broadcasting through BroadcastAdd4DSlow, so up to 4-D."""
    if len(inputs) != 2 or len(outputs) != 1 or any(t is None for t in inputs):
        return "needs two inputs and one output"
    in1, in2, out = inputs[0], inputs[1], outputs[0]
    if any(t.quant is not None for t in (in1, in2, out)):
        return "int32 ADD takes unquantized tensors only (as TFLite Micro)"
    if in1.shape != in2.shape and max(len(in1.shape), len(in2.shape), len(out.shape)) > 4:
        return "int32 ADD broadcasts up to 4 dimensions (TFLite Micro's BroadcastAdd4DSlow)"
    return _broadcast.check_shapes(in1, in2, out)


def validate(op, inputs, outputs):
    if all(t is not None and t.dtype.name == "INT32" for t in (*inputs, *outputs)):
        return check_int32(inputs, outputs)
    return check_binary(op, inputs, outputs, "ADD") or check_output_scale(inputs, outputs)


def _fields(in1, in2, out, activation: int) -> dict:
    """int32 needs no set-up beyond the broadcast walk (its activation is the whole int32 range)."""
    return {} if out.dtype.name == "INT32" else quantized_fields(in1, in2, out, activation)


_QUANTIZED_AND_FLOAT = _elementwise.binary_reference("ADD", 0, (1, 5), validate, _fields)
SPEC = replace(
    _QUANTIZED_AND_FLOAT,
    dtypes=(*_QUANTIZED_AND_FLOAT.dtypes, "INT32"),
    sources=(*_QUANTIZED_AND_FLOAT.sources, "add_s32.c"),
)
params = SPEC.params


NO_BROADCAST = {"extents": CExpr("NULL"), "strides1": CExpr("NULL"), "strides2": CExpr("NULL")}


def claims_same_count_s8(op, inputs, outputs) -> str | None:
    """What the backends' ADD kernels take: int8 inputs of the output's element count (no broadcasting)."""
    in1, in2, out = inputs[0], inputs[1], outputs[0]
    if not all(t is not None and t.dtype.name == "INT8" for t in (in1, in2, out)):
        return "not int8"
    if not in1.num_elements == in2.num_elements == out.num_elements:
        return "it broadcasts an input"
    return None


def same_type_s16(op, inputs, outputs) -> bool:
    return all(t is not None and t.dtype.name == "INT16" for t in (*inputs[:2], outputs[0]))


def kernel(
    backend: str, sources: tuple[str, ...], claims=claims_same_count_s8, backend_params=None, int16=False
) -> KernelSpec:
    """A backend's ADD entry: the family's validate and parameters (`backend_params` adds its extra fields),
    the nodes it claims (int8; int16 too with `int16`, which keeps the broadcast walk), its sources; it registers as
    mg_register_add_<backend>."""

    def kernel_params(op, inputs, outputs):
        p = params(op, inputs, outputs)
        if outputs[0].dtype.name == "INT8":
            p.fields.update(NO_BROADCAST)  # the int8 backends take same-count inputs: no walk to store
        if backend_params:
            p.fields.update(backend_params(op, inputs, outputs))
        return p

    return backend_kernel(
        SPEC,
        backend,
        ("INT8", "INT16") if int16 else ("INT8",),
        ("add.h", *_elementwise.SOURCES, "mg_fixedpoint.h", *(("mg_broadcast.h",) if int16 else ()), *sources),
        kernel_params,
        claims,
        inplace_input=_overlap.in_place_same_shape_input,
    )
