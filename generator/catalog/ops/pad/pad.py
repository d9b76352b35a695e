"""PAD and PADV2 (up to 5-D; float32, int8, int16, int32) with a constant paddings tensor.

Both ops share one registration, as TFLite Micro's do. PAD's int8 pad value is the output zero point;
PADV2 reads its scalar constant-value input when the node runs (it may come from another op)."""

from __future__ import annotations

from ... import quant
from ...spec import KernelSpec, NodeParams, backend_kernel

MAX_DIMS = 5  # TFLite's PadKernelMaxDimensionCount
TYPES = ("FLOAT32", "INT8", "INT16", "INT32")


def _paddings(inputs):
    return inputs[1].array().reshape(-1, 2).astype(int).tolist()


def validate(op, inputs, outputs):
    inp, paddings, value = (list(inputs) + [None, None, None])[:3]
    if inp is None or paddings is None or len(outputs) != 1 or len(inputs) > 3:
        return "needs an input, a paddings tensor (and for PADV2 a constant value) and one output"
    out = outputs[0]
    if inp.dtype.name not in TYPES:
        return f"input type {inp.dtype.name} is not supported ({', '.join(t.lower() for t in TYPES)})"
    if out.dtype.name != inp.dtype.name:
        return f"output type {out.dtype.name} differs from input type {inp.dtype.name}"
    if len(inp.shape) > MAX_DIMS:
        return f"{len(inp.shape)}-D input; TFLite Micro pads up to {MAX_DIMS}-D"
    if len(out.shape) != len(inp.shape):
        return "output rank differs from input rank"
    if paddings.data is None:
        return "the paddings tensor must be constant (TFLite Micro needs it at prepare time)"
    if paddings.dtype.name != "INT32":
        return f"paddings must be INT32 (TFLite Micro reads them as int32), not {paddings.dtype.name}"
    if paddings.num_elements != 2 * len(out.shape):
        return f"{paddings.num_elements} paddings for a {len(out.shape)}-D output (needs {2 * len(out.shape)})"
    pads = _paddings(inputs)
    if any(v < 0 for pair in pads for v in pair):
        return "negative paddings are not supported"
    expected = [d + lo + hi for d, (lo, hi) in zip(inp.shape, pads)]
    if list(out.shape) != expected:
        return f"output shape {list(out.shape)} differs from input plus paddings {expected}"
    if value is not None:
        if value.dtype.name != inp.dtype.name:
            return f"constant value type {value.dtype.name} differs from input type {inp.dtype.name}"
        if value.num_elements != 1:
            return f"the constant value must be a scalar, not {value.num_elements} elements"
    if inp.dtype.name == "INT8":
        if out.quant is None or len(out.quant.scale) != 1:
            return "int8 output needs per-tensor quantization parameters"
        if value is None:
            if not -128 <= quant.zero_point_of(out) <= 127:
                return "the output zero point is outside int8"
        elif (
            value.quant is None
            or quant.zero_point_of(value) != quant.zero_point_of(out)
            or float(quant.scale_of(value)) != float(quant.scale_of(out))
        ):
            return "int8 constant value must share the output's scale and zero point (as TFLite Micro requires)"
    return None


def params(op, inputs, outputs):
    inp, out = inputs[0], outputs[0]
    value = inputs[2] if len(inputs) > 2 else None
    pads = _paddings(inputs)
    extra = MAX_DIMS - len(out.shape)
    default = quant.zero_point_of(out) if inp.dtype.name == "INT8" else 0
    return NodeParams(
        "mg_pad_params",
        {
            "output_dims": [1] * extra + [int(d) for d in out.shape],
            "left_padding": [0] * extra + [lo for lo, _ in pads],
            "right_padding": [0] * extra + [hi for _, hi in pads],
            "input_count": inp.num_elements,
            "output_count": out.num_elements,
            "has_value_tensor": int(value is not None),
            "default_value": default,
            "default_value_f": 0.0,
        },
    )


SOURCES = ("pad.h", "pad.c", "pad_generic.c")

SPECS = [  # PADV2 is PAD with the value as a third input
    KernelSpec(
        op=op,
        builtin_code=code,
        versions=(1, 4),
        dtypes=TYPES,
        sources=SOURCES,
        registration="mg_register_pad",
        validate=validate,
        params=params,
    )
    for op, code in (("PAD", 34), ("PADV2", 60))
]


def merged_params(op, inputs, outputs):
    """The family's parameters with every dimension whose inner dimensions are all unpadded merged into the next
    inner one (its extent multiplied in, its paddings scaled by the inner extent): the same output in the same
    order, in fewer and longer rows (an image padded on rows and columns becomes rows of whole padded image rows)."""
    fields = params(op, inputs, outputs).fields
    dims, left, right = fields["output_dims"], fields["left_padding"], fields["right_padding"]
    for d in range(MAX_DIMS - 2, -1, -1):
        inner = dims[d + 1]
        if left[d + 1] == 0 and right[d + 1] == 0 and dims[d] > 1:
            dims[d + 1], left[d + 1], right[d + 1] = dims[d] * inner, left[d] * inner, right[d] * inner
            dims[d], left[d], right[d] = 1, 0, 0
    return NodeParams("mg_pad_params", fields)


def backend_specs(backend: str, backend_sources: tuple[str, ...]) -> list[KernelSpec]:
    """A backend's PAD and PADV2 (one registration, mg_register_pad_<backend>, in pad_s8_<backend>.c): the family's
    validation, parameters (merged into long rows) and prepare, its int8 kernel on every int8 node."""
    return [
        backend_kernel(
            spec,
            backend,
            ("INT8",),
            (*SOURCES, "pad_rows.h", *backend_sources, f"pad_s8_{backend}.c"),
            merged_params,
            lambda op, inputs, outputs: None if inputs[0].dtype.name == "INT8" else "not int8",
            registration=f"mg_register_pad_{backend}",
        )
        for spec in SPECS
    ]
