"""Set-up math shared by CONV_2D and DEPTHWISE_CONV_2D on every backend, as TFLite Micro's Prepare does it
(padding.h's ComputePaddingHeightWidth, kernel_util.cc's PopulateConvolutionQuantizationParams). Every backend's
parameter block starts with the geometry (firmware/kernels/mg_conv_geometry.h)."""

from __future__ import annotations

from ... import quant
from ...spec import KernelSpec, backend_kernel, named_kernel
from ._common import c_div, nested
from ._scratch import scratch_size

PADDING_SAME, PADDING_VALID = 0, 1  # the schema's Padding enum
# The option a row patch of a node carries (rewrite/patches.py): the rows before its input's first row that the
# whole node's padding and stride put there, which no SAME/VALID padding of the patch's own sizes gives.
PATCH_PAD_HEIGHT = "patch_pad_height"
SUPPORTED_ACTIVATIONS = (0, 1, 2, 3)  # NONE, RELU, RELU_N1_TO_1, RELU6
# The int32 sums and TFLite's int64 requantization every 16x8 dsp and mve kernel shares (mg_dsp_requant_s16.h).
S16_REQUANT_SOURCES = ("mg_dsp.h", "mg_dsp_requant_s16.h", "mg_fixedpoint.h", "mg_requant.h", "mg_requant.c")


# The helpers both reference convolution kernels (CONV_2D, DEPTHWISE_CONV_2D) build on: int16 and float bodies,
# float16 weights, the per-channel requantization.
REFERENCE_SOURCES = ("mg_conv_s16.h", "mg_half.h", "mg_conv_float.h", "mg_fixedpoint.h", "mg_requant.h", "mg_requant.c")


def out_size(padding: int, image: int, taps: int, stride: int, dilation: int) -> int:
    """TFLite's ComputeOutSize."""
    effective = (taps - 1) * dilation + 1
    if padding == PADDING_SAME:
        return c_div(image + stride - 1, stride)
    return c_div(image + stride - effective, stride)


def pad_before(image: int, taps: int, stride: int, dilation: int, out: int) -> int:
    """TFLite's ComputePaddingWithOffset: half the total padding, rounded down (the odd row goes after)."""
    effective = (taps - 1) * dilation + 1
    total = max((out - 1) * stride + effective - image, 0)
    return total // 2


def geometry_problem(op, inp, filter_hw, out) -> str | None:
    """Why the node's strides, dilations, padding or shapes cannot run, or None."""
    o = op.options
    if o.get("padding", 0) not in (PADDING_SAME, PADDING_VALID):
        return f"padding {o.get('padding')} is neither SAME nor VALID"
    for key, default in (("stride_h", 0), ("stride_w", 0), ("dilation_h_factor", 1), ("dilation_w_factor", 1)):
        if o.get(key, default) < 1:  # the schema's defaults, for a node without an options table
            return f"{key} must be at least 1, not {o.get(key, default)}"
    if len(inp.shape) != 4 or len(out.shape) != 4:
        return f"input and output must be 4-D (NHWC), not {list(inp.shape)} and {list(out.shape)}"
    if inp.shape[0] != out.shape[0]:
        return f"input batch {inp.shape[0]} differs from output batch {out.shape[0]}"
    if PATCH_PAD_HEIGHT in o:  # a band of a node (rewrite/patches.py): every output row's window starts in the input
        pad, rows = o[PATCH_PAD_HEIGHT], out.shape[1]
        if pad < 0 or rows < 1 or (rows - 1) * o["stride_h"] - pad >= inp.shape[1]:
            return f"a band of {rows} output rows with {pad} padding rows does not fit its {inp.shape[1]} input rows"
    expected = tuple(
        out_size(
            o.get("padding", 0),
            inp.shape[1 + i],
            filter_hw[i],
            o[("stride_h", "stride_w")[i]],
            o.get(("dilation_h_factor", "dilation_w_factor")[i], 1),
        )
        for i in range(2)
    )
    if PATCH_PAD_HEIGHT in o:
        expected = (out.shape[1], expected[1])
    if expected != tuple(out.shape[1:3]):
        return (
            f"output height/width {list(out.shape[1:3])} differ from the {list(expected)} the input, filter, "
            f"strides, dilations and padding give"
        )
    return None


def shape_fields(op, inp, filter_hw, out) -> dict:
    """The fields of mg_conv_geometry but the padding: shapes, strides and dilations (1 where the options have none)."""
    o = op.options
    return {
        "batches": inp.shape[0],
        "input_height": inp.shape[1],
        "input_width": inp.shape[2],
        "input_depth": inp.shape[3],
        "filter_height": filter_hw[0],
        "filter_width": filter_hw[1],
        "output_height": out.shape[1],
        "output_width": out.shape[2],
        "output_depth": out.shape[3],
        "stride_height": o["stride_h"],
        "stride_width": o["stride_w"],
        "dilation_height": o.get("dilation_h_factor", 1),
        "dilation_width": o.get("dilation_w_factor", 1),
    }


def geometry_fields(op, inp, filter_hw, out) -> dict:
    """The fields of mg_conv_geometry."""
    o = op.options
    fields = shape_fields(op, inp, filter_hw, out)
    padding = o.get("padding", 0)
    for i, axis in enumerate(("height", "width")):
        image, taps = inp.shape[1 + i], filter_hw[i]
        stride, dilation = fields[f"stride_{axis}"], fields[f"dilation_{axis}"]
        # TFLite pads against the output size it computes itself (validate made the output tensor agree).
        computed = out_size(padding, image, taps, stride, dilation)
        fields[f"pad_{axis}"] = pad_before(image, taps, stride, dilation, computed)
    if PATCH_PAD_HEIGHT in o:
        fields["pad_height"] = o[PATCH_PAD_HEIGHT]
    return fields


def geometry_params(op, inp, filter_hw, out) -> dict:
    """The geometry as the first member of a parameter block."""
    return nested("geometry", geometry_fields(op, inp, filter_hw, out))


def offset_geometry_params(op, inp, weights, out) -> dict:
    """The geometry block, then the input offset (minus the input's zero point): how the int8 backends' parameter
    blocks start."""
    fields = geometry_params(op, inp, weights.shape[1:3], out)
    fields["input_offset"] = -quant.zero_point_of(inp)
    return fields


def channel_pairs(inp, weights, out, channels: int) -> list[tuple[int, int]]:
    """(multiplier, shift) per output channel as PopulateConvolutionQuantizationParams computes them (and the
    reference kernels on the device, mg_requant.c): the double product input_scale * filter_scale / output_scale,
    a per-tensor filter scale broadcast to every channel."""
    in_scale, out_scale = float(quant.scale_of(inp)), float(quant.scale_of(out))
    scales = list(weights.quant.scale) if len(weights.quant.scale) > 1 else list(weights.quant.scale) * channels
    return [quant.multiplier_from_scales(in_scale, s, out_scale) for s in scales]


# float32 throughout, or float32 activations with float16 weights the rewrite stage kept in flash (the kernels
# widen them exactly as they read them: docs/rewrite.md, "Float16 weights")
FLOAT_TYPES = (("FLOAT32",) * 3, ("FLOAT32", "FLOAT16", "FLOAT32"))
TENSOR_INT32 = 2  # the schema's TensorType for the options' quantized_bias_type
# int8 activations with int4 weights kept packed in flash (mg_int4.h), as TFLite Micro's CONV_2D and
# DEPTHWISE_CONV_2D (version 7) and FULLY_CONNECTED (version 10) take them
INT4_TYPES = ("INT8", "INT4", "INT8")


def is_16x8(inp, weights, out) -> bool:
    """int16 activations with int8 weights, TFLite's 16x8 quantization."""
    return (inp.dtype.name, weights.dtype.name, out.dtype.name) == ("INT16", "INT8", "INT16")


def accumulator_64(op, bias) -> int:
    """1 when TFLite Micro's 16x8 kernel accumulates in int64: an int64 bias, or none and the options'
    quantized_bias_type other than INT32; 0 for its int32 accumulator."""
    if bias is not None:
        return int(bias.dtype.name == "INT64")
    return int(op.options.get("quantized_bias_type", 0) != TENSOR_INT32)


def quant_problem(op, inp, weights, bias, out, channel_axis: int, bias_types_16x8=("INT64", "INT32")) -> str | None:
    """Why a quantized node's quantization cannot run, or None; float32 nodes pass. 16x8 nodes take a bias of
    bias_types_16x8."""
    types = (inp.dtype.name, weights.dtype.name, out.dtype.name)
    if op.options.get("fused_activation_function", 0) not in SUPPORTED_ACTIVATIONS:
        name = quant.ACTIVATIONS.get(op.options["fused_activation_function"], op.options["fused_activation_function"])
        return f"fused activation {name} is not supported"
    if types in FLOAT_TYPES:
        if bias is not None and bias.dtype.name != "FLOAT32":
            return f"a float32 convolution needs a FLOAT32 bias, not {bias.dtype.name}"
        return None
    wide = is_16x8(inp, weights, out)
    if types != ("INT8",) * 3 and types != INT4_TYPES and not wide:
        if types[0] == "FLOAT32" and types[1] in ("INT8", "UINT8"):
            return "hybrid (float activations, int8 weights) convolutions are not supported; TFLite Micro has none"
        return (
            f"input/filter/output types {'/'.join(types)} are not supported (int8, int16 activations with int8 "
            "or int4 filters, or float32)"
        )
    for name, t in (("input", inp), ("filter", weights), ("output", out)):
        if t.quant is None or not t.quant.scale:
            return f"the {t.dtype.name.lower()} {name} has no quantization parameters"
    channels = weights.shape[channel_axis]
    if len(weights.quant.scale) not in (1, channels):
        return f"{len(weights.quant.scale)} filter scales for {channels} output channels"
    if len(weights.quant.scale) > 1 and weights.quant.axis != channel_axis:
        return f"per-channel filter scales must be along dimension {channel_axis}, not {weights.quant.axis}"
    if any(z != 0 for z in weights.quant.zero_point):
        return "int8 filters must be symmetric (zero point 0)"
    if any(s <= 0 for s in weights.quant.scale) or quant.scale_of(inp) <= 0 or quant.scale_of(out) <= 0:
        return "quantization scales must be positive"
    if not wide:
        if bias is not None and bias.dtype.name != "INT32":
            return f"an int8 convolution needs an INT32 bias, not {bias.dtype.name}"
        return None
    return problem_16x8(op, inp, weights, bias, out, channels, bias_types_16x8)


def problem_16x8(op, inp, weights, bias, out, channels: int, bias_types) -> str | None:
    """The 16x8 checks: symmetric activations (TFLite's int16 convolutions drop the offsets), the bias type and
    the int64 requantization's shift limit (at most 7, a real multiplier below 128)."""
    if quant.zero_point_of(inp) != 0 or quant.zero_point_of(out) != 0:
        return "int16 activations must be symmetric (zero point 0)"
    if bias is not None and bias.dtype.name not in bias_types:
        return f"a 16x8 convolution needs an {' or '.join(bias_types)} bias, not {bias.dtype.name}"
    if accumulator_64(op, bias) and max(shift for _, shift in channel_pairs(inp, weights, out, channels)) > 7:
        return "input_scale * filter_scale / output_scale must be below 128 for int16 activations"
    return None


def quant_fields(op, inp, weights, out) -> dict:
    """The int8 and 16x8 requantization inputs. The per-channel multipliers and shifts are no parameters: the kernel
    computes them on the device (mg_requant.h) from these input and output scales and the filter's scales in the
    model, as PopulateConvolutionQuantizationParams does: the double product input_scale * filter_scale[c] /
    output_scale (a per-tensor filter scale is broadcast to every channel, through the same double math), then
    QuantizeMultiplier (quant.multiplier_from_scales is the host's version)."""
    activation = op.options.get("fused_activation_function", 0)
    if inp.dtype.name == "FLOAT32":
        act_min_f, act_max_f = quant.activation_range_float(activation)
        return {"act_min_f": act_min_f, "act_max_f": act_max_f}
    act_range = quant.activation_range_int16 if inp.dtype.name == "INT16" else quant.activation_range_int8
    act_min, act_max = act_range(activation, out)
    return {
        "input_offset": -quant.zero_point_of(inp),
        "output_offset": quant.zero_point_of(out),
        "per_channel": int(len(weights.quant.scale) > 1),
        "input_scale": float(quant.scale_of(inp)),
        "output_scale": float(quant.scale_of(out)),
        "act_min": act_min,
        "act_max": act_max,
    }


def weighted_node_problem(op, inputs, outputs, filter_fits, filter_layout: str) -> str | None:
    """The checks CONV_2D and DEPTHWISE_CONV_2D open with: an input, a constant filter whose shape `filter_fits`
    (the family's `filter_layout`, for the message), one output, and the window geometry."""
    inp, weights = (inputs + [None, None])[:2]
    if inp is None or weights is None or len(outputs) != 1:
        return "needs an input, a filter and one output"
    if weights.data is None:
        return "the filter must be constant"
    if not filter_fits(weights.shape):
        return f"the filter must be 4-D {filter_layout}, not {list(weights.shape)}"
    return geometry_problem(op, inp, weights.shape[1:3], outputs[0])


def weighted_kernel_types(op, inputs, outputs) -> set[str]:
    """The types of a weighted node's tensors, but with int4 weights the int4 kernel (`_s4`) alone: it shares the
    int8 body through a header (mg_<op>_int8.h), so the int8 kernel's file stays out of an int4-only firmware."""
    types = {t.dtype.name for t in (*inputs, *outputs) if t is not None}
    return types - {"INT8"} if "INT4" in types else types


def reference_spec(
    op: str, builtin_code: int, versions, family_sources, validate, params, macs, overlap, overlap_above, **hooks
) -> KernelSpec:
    """CONV_2D's or DEPTHWISE_CONV_2D's reference kernel (float32, int8, 16x8): the family's sources, `<op>.c` (the
    registration), its int8, int4, int16, float32 and float16 kernels and the helpers both share; the family's
    functions, and in `hooks` any other (overlap_cost, scratch_bytes)."""
    name = op.lower()
    kernels = (f"{name}.c", f"{name}_s8.c", f"{name}_s16.c", f"mg_{name}_float.h", f"{name}_f32.c", f"{name}_f16.c")
    int4 = ("mg_int4.h", f"mg_{name}_int8.h", f"{name}_s4.c")  # the int8 body the s8 and s4 files share
    sources = (*family_sources, *kernels, *int4, *REFERENCE_SOURCES)
    types = ("FLOAT32", "INT8", "INT16", "INT4")
    more = dict(macs=macs, overlap=overlap, overlap_above=overlap_above, kernel_types=weighted_kernel_types, **hooks)
    return named_kernel(op, builtin_code, versions, types, sources, validate, params, **more)


def backend_sources(family_sources, op: str, backend: str, *extra: str) -> tuple[str, ...]:
    """The sources of a backend's kernels of a weighted op: the family's, the backend's registration
    (`<op>_<backend>.c`), its int8 and 16x8 kernels, `extra` (their helpers) and the 16x8 requantization. The int8 and
    16x8 kernels share that one registration (a model may use both), so both specs list every source."""
    kernels = (f"{op}_{backend}.c", f"{op}_s8_{backend}.c", f"{op}_s16_{backend}.c")
    return (*family_sources, *kernels, *extra, *S16_REQUANT_SOURCES)


def int4_backend_sources(op: str, backend: str) -> tuple[str, ...]:
    """The int4 kernel of a backend's weighted op (`<op>_s4_<backend>.c`: the weights widened into scratch, then
    the int8 kernel, or read in place), its header and its prepare (a type file: an int8 firmware leaves it out)."""
    return ("mg_int4.h", "mg_prepare_weighted_s4.c", f"{op}_s4_{backend}.c")


def int4_backend_scratch(function: str, weights, int8_scratch: int) -> int:
    """A backend's scratch for a weighted node: the int8 kernel's, or with int4 weights `function`'s (the widened
    weights, then the int8 kernel's)."""
    if weights.dtype.name != "INT4":
        return int8_scratch
    return scratch_size(function, weights.num_elements, int8_scratch)


def backend_spec(common, family, dtypes: tuple[str, ...], sources, params, claims, **hooks) -> KernelSpec:
    """A dsp or mve kernel of a weighted family (`common` is _dsp_common or _mve_common, `family` the reference op
    module): the op, versions, validate and macs of the family's SPEC, the backend's one registration of the op and
    its `sources` (which the backend's int8 and 16x8 kernels share), this kernel's `params` and `claims`, and in
    `hooks` what else it declares (scratch_bytes, overlap)."""
    reference = family.SPEC
    return backend_kernel(reference, common.BACKEND, dtypes, sources, params, claims, macs=reference.macs, **hooks)
