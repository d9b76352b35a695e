"""LOGICAL_AND and LOGICAL_OR (TFLite Micro's logical.cc): bool inputs and output, broadcasting up to 6-D."""

from __future__ import annotations

from ...spec import NodeParams, named_kernel
from ..common import _broadcast, _overlap
from ..common._binary_types import check_binary_types

SOURCES = (
    "logical.h",
    "logical.c",
    "logical_and_b.c",
    "logical_or_b.c",
    "mg_binary_loop.h",
    "mg_broadcast.h",
    "mg_elementwise.h",
    "mg_elementwise.c",
)


def validate(op, inputs, outputs):
    return check_binary_types(inputs, outputs, ("BOOL",))


def params(op, inputs, outputs):
    fields = {**_broadcast.loop_fields(inputs[0], inputs[1], outputs[0]), "count": outputs[0].num_elements}
    return NodeParams("mg_logical_params", fields)


SPECS = [
    named_kernel(
        name, code, (1, 1), ("BOOL",), SOURCES, validate, params, inplace_input=_overlap.in_place_same_shape_input
    )
    for name, code in (("LOGICAL_AND", 86), ("LOGICAL_OR", 84))
]
