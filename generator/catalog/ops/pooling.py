"""AVERAGE_POOL_2D and MAX_POOL_2D, int8 and float32 (NHWC), with TFLite's SAME/VALID padding."""
from __future__ import annotations

from .. import quant
from ..spec import KernelSpec, NodeParams

SAME, VALID = 0, 1  # the schema's Padding enum


def _out_size(padding: int, size: int, filt: int, stride: int) -> int:
    """TFLite's ComputeOutSize (its divisions are on non-negative values here, so // is C's /)."""
    if padding == SAME:
        return (size + stride - 1) // stride
    return (size + stride - filt) // stride if size + stride - filt >= 0 else 0


def _padding(stride: int, size: int, filt: int, out: int) -> int:
    """TFLite's ComputePaddingWithOffset: half the total padding (the extra odd pixel goes to the far side)."""
    return max((out - 1) * stride + filt - size, 0) // 2


def _geometry(op, inp):
    o = op.options
    _, h, w, _ = inp.shape
    sh, sw, fh, fw = o.get("stride_h", 0), o.get("stride_w", 0), o.get("filter_height", 0), o.get("filter_width", 0)
    pad = o.get("padding", SAME)
    oh, ow = _out_size(pad, h, fh, sh), _out_size(pad, w, fw, sw)
    return sh, sw, fh, fw, pad, oh, ow


def validate(op, inputs, outputs):
    inp = inputs[0] if inputs else None
    if inp is None or len(outputs) != 1:
        return "needs one input and one output"
    out = outputs[0]
    if len(inp.shape) != 4:
        return f"input must be 4-D (NHWC), not {len(inp.shape)}-D"
    o = op.options
    if o.get("padding", SAME) not in (SAME, VALID):
        return f"padding {o.get('padding')} is not SAME or VALID"
    if min(o.get("stride_h", 0), o.get("stride_w", 0), o.get("filter_height", 0), o.get("filter_width", 0)) < 1:
        return "strides and filter sizes must be at least 1"
    activation = o.get("fused_activation_function", 0)
    if activation not in (0, 1, 2, 3):
        return f"fused activation {quant.ACTIVATIONS.get(activation, activation)} is not supported"
    _, _, _, _, _, oh, ow = _geometry(op, inp)
    expected = (inp.shape[0], oh, ow, inp.shape[3])
    if tuple(out.shape) != expected:
        return f"output shape {list(out.shape)} differs from the computed {list(expected)}"
    if oh < 1 or ow < 1:
        return "the filter is larger than the input (VALID padding leaves no output)"
    types = (inp.dtype.name, out.dtype.name)
    if types == ("INT8", "INT8"):
        if inp.quant is None or out.quant is None:
            return "int8 tensors need quantization parameters"
        if len(inp.quant.scale) != 1 or len(out.quant.scale) != 1:
            return "per-channel quantization is not supported"
        # TFLite Micro's PoolingPrepare: pooling cannot rescale
        if abs(float(inp.quant.scale[0]) - float(out.quant.scale[0])) > 1e-6 or \
                quant.zero_point_of(inp) != quant.zero_point_of(out):
            return "int8 input and output must share scale and zero point (TFLite Micro does not rescale pooling)"
        return None
    if types == ("FLOAT32", "FLOAT32"):
        return None
    return f"input/output types {'/'.join(types)} are not supported (int8 or float32)"


def params_for(c_type: str):
    def params(op, inputs, outputs):
        inp, out = inputs[0], outputs[0]
        sh, sw, fh, fw, _, oh, ow = _geometry(op, inp)
        b, h, w, d = inp.shape
        activation = op.options.get("fused_activation_function", 0)
        fields = {"batches": b, "input_height": h, "input_width": w, "depth": d, "output_height": oh,
                  "output_width": ow, "stride_height": sh, "stride_width": sw, "filter_height": fh,
                  "filter_width": fw, "padding_height": _padding(sh, h, fh, oh),
                  "padding_width": _padding(sw, w, fw, ow)}
        if inp.dtype.name == "INT8":
            act_min, act_max = quant.activation_range_int8(activation, out)
            fields.update(act_min=act_min, act_max=act_max, act_min_f=0.0, act_max_f=0.0)
        else:
            act_min_f, act_max_f = quant.activation_range_float(activation)
            fields.update(act_min=0, act_max=0, act_min_f=act_min_f, act_max_f=act_max_f)
        return NodeParams(c_type, fields)
    return params


SPECS = [
    KernelSpec(
        op="AVERAGE_POOL_2D", builtin_code=1, versions=(1, 3), dtypes=("FLOAT32", "INT8"),
        sources=("average_pool_2d.h", "average_pool_2d.c", "average_pool_2d_s8.c", "average_pool_2d_f32.c",
                 "mg_fixedpoint.h"),
        registration="mg_register_average_pool_2d", validate=validate,
        params=params_for("mg_average_pool_2d_params"),
    ),
    KernelSpec(
        op="MAX_POOL_2D", builtin_code=17, versions=(1, 3), dtypes=("FLOAT32", "INT8"),
        sources=("max_pool_2d.h", "max_pool_2d.c", "max_pool_2d_s8.c", "max_pool_2d_f32.c"),
        registration="mg_register_max_pool_2d", validate=validate, params=params_for("mg_max_pool_2d_params"),
    ),
]
