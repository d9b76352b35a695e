"""MAXIMUM and MINIMUM (TFLite Micro's maximum_minimum.cc): float32, int8, int16, int32 and int64, with
broadcasting up to 6-D. Quantized values are compared raw, as TFLite Micro does."""

from __future__ import annotations

from ...spec import KernelSpec, NodeParams, backend_kernel, named_kernel
from ..common import _broadcast, _overlap
from ..common._binary_types import check_binary_types

TYPES = ("FLOAT32", "INT8", "INT16", "INT32", "INT64")
SOURCES = (
    "maximum_minimum.h",
    "maximum_minimum.c",
    "mg_binary_loop.h",
    "mg_broadcast.h",
    "mg_elementwise.h",
    "mg_elementwise.c",
    *(f"{op}_{t}.c" for op in ("maximum", "minimum") for t in ("f32", "s8", "s16", "s32", "s64")),
)


def validate(op, inputs, outputs):
    return check_binary_types(inputs, outputs, TYPES)


def params(op, inputs, outputs):
    fields = {**_broadcast.loop_fields(inputs[0], inputs[1], outputs[0]), "count": outputs[0].num_elements}
    return NodeParams("mg_maximum_minimum_params", fields)


SPECS = [
    named_kernel(name, code, (1, 4), TYPES, SOURCES, validate, params, inplace_input=_overlap.in_place_same_shape_input)
    for name, code in (("MAXIMUM", 55), ("MINIMUM", 57))
]


BACKEND_TYPES = ("INT8", "INT16")


def backend_specs(backend: str, backend_sources: tuple[str, ...]) -> list[KernelSpec]:
    """A backend's MAXIMUM and MINIMUM: the family's validation, parameters and prepare, its int8 and int16
    kernels (<op>_s8_<backend>.c, <op>_s16_<backend>.c, registered by maximum_minimum_<backend>.c) on every int8 or
    int16 node."""
    sources = (
        *SOURCES,
        "maximum_minimum_rows.h",
        *backend_sources,
        f"maximum_minimum_{backend}.c",
        *(f"{op}_{t}_{backend}.c" for op in ("maximum", "minimum") for t in ("s8", "s16")),
    )
    return [
        backend_kernel(
            spec,
            backend,
            BACKEND_TYPES,
            sources,
            params,
            lambda op, inputs, outputs: (
                None
                if outputs[0].dtype.name in BACKEND_TYPES
                else f"{outputs[0].dtype.name.lower()}, not {' or '.join(BACKEND_TYPES).lower()}"
            ),
            inplace_input=spec.inplace_input,
        )
        for spec in SPECS
    ]
