"""AVERAGE_POOL_2D and MAX_POOL_2D in the dsp backend (firmware/kernels/dsp_*_pool_2d*.c): int8, any window,
strides and padding (the average pool: windows of at most 256 taps, which its 16-bit lane sums need).
Float32 stays with the reference kernels."""
from __future__ import annotations

from .. import quant
from ..spec import KernelSpec, NodeParams
from . import _dsp_common as dc
from .pooling import validate

SAME = 0
MAX_AVERAGE_TAPS = 256  # 256 * -128 still fits a 16-bit lane


def _out_size(padding: int, size: int, filt: int, stride: int) -> int:
    """TFLite's ComputeOutSize."""
    if padding == SAME:
        return (size + stride - 1) // stride
    return (size + stride - filt) // stride if size + stride - filt >= 0 else 0


def _is_int8(inputs, outputs) -> bool:
    return bool(inputs) and inputs[0] is not None and inputs[0].dtype.name == "INT8" and \
        outputs[0].dtype.name == "INT8"


def claims_average(op, inputs, outputs):
    o = op.options
    return _is_int8(inputs, outputs) and o.get("filter_height", 0) * o.get("filter_width", 0) <= MAX_AVERAGE_TAPS


def claims_max(op, inputs, outputs):
    return _is_int8(inputs, outputs)


def params_for(c_type: str):
    def params(op, inputs, outputs):
        inp, out = inputs[0], outputs[0]
        o = op.options
        sh, sw, fh, fw = o["stride_h"], o["stride_w"], o["filter_height"], o["filter_width"]
        padding = o.get("padding", SAME)
        b, h, w, d = inp.shape
        oh, ow = _out_size(padding, h, fh, sh), _out_size(padding, w, fw, sw)
        act_min, act_max = quant.activation_range_int8(o.get("fused_activation_function", 0), out)
        return NodeParams(c_type, {
            "batches": b, "input_height": h, "input_width": w, "depth": d, "output_height": oh, "output_width": ow,
            "stride_height": sh, "stride_width": sw, "filter_height": fh, "filter_width": fw,
            "padding_height": max((oh - 1) * sh + fh - h, 0) // 2, "padding_width": max((ow - 1) * sw + fw - w, 0) // 2,
            "act_min": act_min, "act_max": act_max})
    return params


SPECS = [
    KernelSpec(
        op="AVERAGE_POOL_2D", builtin_code=1, versions=(1, 3), dtypes=("INT8",),
        sources=("dsp_average_pool_2d.h", "dsp_average_pool_2d.c", "dsp_average_pool_2d_s8.c", "dsp_requant.h",
                 "dsp_intrinsics.h"),
        registration="mg_register_average_pool_2d_dsp", validate=validate,
        params=params_for("mg_average_pool_2d_dsp_params"), backend=dc.BACKEND, claims=dc.safe(claims_average),
    ),
    KernelSpec(
        op="MAX_POOL_2D", builtin_code=17, versions=(1, 3), dtypes=("INT8",),
        sources=("dsp_max_pool_2d.h", "dsp_max_pool_2d.c", "dsp_max_pool_2d_s8.c", "dsp_requant.h",
                 "dsp_intrinsics.h"),
        registration="mg_register_max_pool_2d_dsp", validate=validate, params=params_for("mg_max_pool_2d_dsp_params"),
        backend=dc.BACKEND, claims=dc.safe(claims_max),
    ),
]
