"""ADD in the mve backend (firmware/kernels/mve_add*.c): int8 with both inputs of the output's element count (no
broadcasting). Everything else (float32, broadcasting) stays with the reference kernel."""
from __future__ import annotations

from ..spec import KernelSpec, NodeParams
from . import _mve_common as mc
from .add import int8_fields, validate


def claims(op, inputs, outputs):
    in1, in2, out = inputs[0], inputs[1], outputs[0]
    return mc.all_int8(in1, in2, out) and in1.num_elements == in2.num_elements == out.num_elements


def params(op, inputs, outputs):
    in1, in2, out = inputs[0], inputs[1], outputs[0]
    fields = {"count": out.num_elements}
    fields.update(int8_fields(in1, in2, out, op.options.get("fused_activation_function", 0)))
    return NodeParams("mg_add_mve_params", fields)


SPEC = KernelSpec(
    op="ADD", builtin_code=0, versions=(1, 5), dtypes=("INT8",),
    sources=("mve_add.h", "mve_add.c", "mve_add_s8.c", "mve_util.h"),
    registration="mg_register_add_mve", validate=validate, params=params,
    backend=mc.BACKEND, claims=mc.safe(claims),
    # element i of each input is read before output element i is written
    inplace_input=lambda op, inputs, outputs: 0 if inputs[0].num_elements == outputs[0].num_elements else None,
)
