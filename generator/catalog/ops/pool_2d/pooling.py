"""The pooling family, AVERAGE_POOL_2D, MAX_POOL_2D and L2_POOL_2D (NHWC, SAME/VALID padding), as TFLite
Micro's PoolingPrepare sets it up: one validate, one parameter block (`mg_pool_2d_params`,
firmware/kernels/pool_2d.h) and one claim rule for every backend. The reference kernels take int8, int16 and float32
(L2_POOL_2D float32 only, as TFLite Micro's l2_pool_2d.cc); a backend module lists only its kernel sources (see
dsp_pooling.py, mve_pooling.py)."""

from __future__ import annotations

from ... import quant
from ...spec import KernelSpec, NodeParams, backend_kernel
from ..common import _overlap
from ..common._conv_common import PADDING_SAME, PADDING_VALID, PATCH_PAD_HEIGHT, out_size, pad_before

PARAMS = "mg_pool_2d_params"
# what every pooling kernel needs besides its own files: the family's header (first: it defines the struct),
# prepare and registration macros
FAMILY_SOURCES = ("pool_2d.h", "pool_2d.c", "mg_elementwise.h", "mg_elementwise.c")
MAX_AVERAGE_TAPS = 256  # the backends sum in int16 lanes: 256 * -128 still fits
MAX_AVERAGE_TAPS_S16 = 65535  # int16: the int32 sums (plus half the count) stay below 2^31


def _geometry(op, inp, out) -> dict:
    """Output size, strides, filter and padding (TFLite's ComputeOutSize, ComputePaddingWithOffset), in the
    struct's order; a row patch of the node (PATCH_PAD_HEIGHT) has its own output rows and top padding."""
    o = op.options
    padding = o.get("padding", PADDING_SAME)
    sizes, strides = (inp.shape[1], inp.shape[2]), (o.get("stride_h", 0), o.get("stride_w", 0))
    taps = (o.get("filter_height", 0), o.get("filter_width", 0))
    rows, cols = (out_size(padding, sizes[i], taps[i], strides[i], 1) for i in range(2))
    pad_height = pad_before(sizes[0], taps[0], strides[0], 1, rows)
    if PATCH_PAD_HEIGHT in o:
        rows, pad_height = out.shape[1], o[PATCH_PAD_HEIGHT]
    return {
        "output_height": rows,
        "output_width": cols,
        "stride_height": strides[0],
        "stride_width": strides[1],
        "filter_height": taps[0],
        "filter_width": taps[1],
        "padding_height": pad_height,
        "padding_width": pad_before(sizes[1], taps[1], strides[1], 1, cols),
    }


def validate(op, inputs, outputs):
    inp = inputs[0] if inputs else None
    if inp is None or len(outputs) != 1:
        return "needs one input and one output"
    out = outputs[0]
    if len(inp.shape) != 4:
        return f"input must be 4-D (NHWC), not {len(inp.shape)}-D"
    o = op.options
    if o.get("padding", PADDING_SAME) not in (PADDING_SAME, PADDING_VALID):
        return f"padding {o.get('padding')} is not SAME or VALID"
    if min(o.get("stride_h", 0), o.get("stride_w", 0), o.get("filter_height", 0), o.get("filter_width", 0)) < 1:
        return "strides and filter sizes must be at least 1"
    activation = o.get("fused_activation_function", 0)
    if activation not in (0, 1, 2, 3):
        return f"fused activation {quant.ACTIVATIONS.get(activation, activation)} is not supported"
    g = _geometry(op, inp, out)
    oh, ow = max(g["output_height"], 0), max(g["output_width"], 0)
    expected = (inp.shape[0], oh, ow, inp.shape[3])
    if tuple(out.shape) != expected:
        return f"output shape {list(out.shape)} differs from the computed {list(expected)}"
    if oh < 1 or ow < 1:
        return "the filter is larger than the input (VALID padding leaves no output)"
    types = (inp.dtype.name, out.dtype.name)
    if types in (("INT8", "INT8"), ("INT16", "INT16")):
        if inp.quant is None or out.quant is None:
            return f"{types[0].lower()} tensors need quantization parameters"
        if len(inp.quant.scale) != 1 or len(out.quant.scale) != 1:
            return "per-channel quantization is not supported"
        # TFLite Micro's PoolingPrepare: pooling cannot rescale
        if abs(float(inp.quant.scale[0]) - float(out.quant.scale[0])) > 1e-6 or quant.zero_point_of(
            inp
        ) != quant.zero_point_of(out):
            return "quantized input and output must share scale and zero point (TFLite Micro does not rescale pooling)"
        return None
    if types == ("FLOAT32", "FLOAT32"):
        return None
    return f"input/output types {'/'.join(types)} are not supported (int8, int16 or float32)"


def params(op, inputs, outputs):
    inp, out = inputs[0], outputs[0]
    b, h, w, d = inp.shape
    activation = op.options.get("fused_activation_function", 0)
    fields = {"batches": b, "input_height": h, "input_width": w, "depth": d, **_geometry(op, inp, out)}
    if inp.dtype.name in ("INT8", "INT16"):
        act_range = quant.activation_range_int16 if inp.dtype.name == "INT16" else quant.activation_range_int8
        act_min, act_max = act_range(activation, out)
        fields.update(act_min=act_min, act_max=act_max, act_min_f=0.0, act_max_f=0.0)
    else:
        act_min_f, act_max_f = quant.activation_range_float(activation)
        fields.update(act_min=0, act_max=0, act_min_f=act_min_f, act_max_f=act_max_f)
    return NodeParams(PARAMS, fields)


def overlap(op, inputs, outputs) -> int | None:
    """Every pool writes pixel by pixel (pool_2d.h, MG_POOL_2D_REFERENCE; the dsp and mve int8 kernels too, a
    pixel's channels a word or a vector at a time, each after its window is read)."""
    inp, out = inputs[0], outputs[0]
    g = _geometry(op, inp, out)
    return _overlap.nhwc_rows(inp, out, g["stride_height"], g["padding_height"])


def _int8(inputs, outputs) -> bool:
    return bool(inputs) and inputs[0] is not None and inputs[0].dtype.name == "INT8" and outputs[0].dtype.name == "INT8"


def _int16(inputs, outputs) -> bool:
    """The backends' int16 pools take every int16 node (average: windows of at most MAX_AVERAGE_TAPS_S16)."""
    return bool(inputs) and inputs[0] is not None and inputs[0].dtype.name == outputs[0].dtype.name == "INT16"


def claims_average_s8(op, inputs, outputs):
    """What the backends' int8 average pools take: windows small enough for int16 lane sums."""
    o = op.options
    if not _int8(inputs, outputs):
        return "not int8"
    if o.get("filter_height", 0) * o.get("filter_width", 0) > MAX_AVERAGE_TAPS:
        return f"its window has more than {MAX_AVERAGE_TAPS} taps (int16 lane sums)"
    return None


def claims_max_s8(op, inputs, outputs):
    return None if _int8(inputs, outputs) else "not int8"


_OPS = {"AVERAGE_POOL_2D": ("average_pool_2d", 1, claims_average_s8), "MAX_POOL_2D": ("max_pool_2d", 17, claims_max_s8)}


def kernel(op: str, backend: str = "reference", sources: tuple[str, ...] = (), int16: bool = False) -> KernelSpec:
    """The catalog entry of one pooling kernel: the family's validate and parameters; a backend kernel (int8, and
    int16 too with `int16`) claims what claims_*_s8 allow (every int16 node) and registers as
    mg_register_<op>_<backend>."""
    name, code, claims_s8 = _OPS[op]

    def claims(op_, inputs, outputs):
        if not (int16 and _int16(inputs, outputs)):
            return claims_s8(op_, inputs, outputs)
        taps = op_.options.get("filter_height", 0) * op_.options.get("filter_width", 0)
        if op == "AVERAGE_POOL_2D" and taps > MAX_AVERAGE_TAPS_S16:
            return f"its window has more than {MAX_AVERAGE_TAPS_S16} taps (int32 sums)"
        return None

    if backend == "reference":
        return KernelSpec(
            op=op,
            builtin_code=code,
            versions=(1, 3),
            dtypes=("FLOAT32", "INT8", "INT16"),
            sources=(*FAMILY_SOURCES, f"{name}.c", f"{name}_s8.c", f"{name}_s16.c", f"{name}_f32.c", *sources),
            registration=f"mg_register_{name}",
            validate=validate,
            params=params,
            overlap=overlap,
        )
    dtypes = ("INT8", "INT16") if int16 else ("INT8",)
    return backend_kernel(kernel(op), backend, dtypes, (*FAMILY_SOURCES, *sources), params, claims, overlap=overlap)


def validate_l2(op, inputs, outputs):
    inp = inputs[0] if inputs else None
    if inp is not None and inp.dtype.name != "FLOAT32":
        return f"input type {inp.dtype.name} is not supported (TFLite Micro's L2_POOL_2D takes float32 only)"
    return validate(op, inputs, outputs)


SPECS = [
    kernel("AVERAGE_POOL_2D", sources=("mg_fixedpoint.h",)),
    kernel("MAX_POOL_2D", sources=("mg_fixedpoint.h",)),
    KernelSpec(
        op="L2_POOL_2D",
        builtin_code=12,
        versions=(1, 1),
        dtypes=("FLOAT32",),
        sources=(*FAMILY_SOURCES, "l2_pool_2d.c", "l2_pool_2d_f32.c"),
        registration="mg_register_l2_pool_2d",
        validate=validate_l2,
        params=params,
        overlap=overlap,
    ),
]
