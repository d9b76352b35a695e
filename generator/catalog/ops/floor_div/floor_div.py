"""FLOOR_DIV and FLOOR_MOD (TFLite Micro's floor_div.cc and floor_mod.cc): float32, broadcasting up to 6-D."""

from __future__ import annotations

from ...spec import NodeParams, named_kernel
from ..common import _broadcast, _overlap
from ..common._binary_types import check_binary_types


def validate(op, inputs, outputs):
    return check_binary_types(inputs, outputs, ("FLOAT32",))


def params(op, inputs, outputs):
    fields = {**_broadcast.loop_fields(inputs[0], inputs[1], outputs[0]), "count": outputs[0].num_elements}
    if op.op_name == "FLOOR_DIV":  # the divisor is scanned for zeros first, as TFLite Micro does
        fields["input2_count"] = inputs[1].num_elements
    return NodeParams(f"mg_{op.op_name.lower()}_params", fields)


SPECS = [
    named_kernel(
        name,
        code,
        versions,
        ("FLOAT32",),
        (
            f"{name.lower()}.h",
            f"{name.lower()}.c",
            f"{name.lower()}_f32.c",
            "mg_binary_loop.h",
            "mg_broadcast.h",
            "mg_elementwise.h",
            "mg_elementwise.c",
        ),
        validate,
        params,
        inplace_input=_overlap.in_place_same_count,
    )
    for name, code, versions in (("FLOOR_DIV", 90, (1, 3)), ("FLOOR_MOD", 95, (1, 2)))
]
