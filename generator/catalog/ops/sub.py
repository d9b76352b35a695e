"""SUB, int8 and float32, with broadcasting up to 6-D and a fused activation.

The int8 set-up is ADD's (add.py): the tflite-micro reference this is checked against computes SUB's scales in
double, as ADD's. (Some TFLite Micro sources compute them in float; the two differ on about one int8 pair in
65536 for some scale triples, and exhaustive checks against the reference pick double.)"""
from __future__ import annotations

from .. import quant
from ..spec import KernelSpec, NodeParams
from . import _broadcast
from .add import check_binary, check_output_scale, int8_fields


def validate(op, inputs, outputs):
    return check_binary(op, inputs, outputs, "SUB") or check_output_scale(inputs, outputs)


def params(op, inputs, outputs):
    in1, in2, out = inputs[0], inputs[1], outputs[0]
    activation = op.options.get("fused_activation_function", 0)
    fields = {**_broadcast.loop_fields(in1, in2, out), "count": out.num_elements}
    if out.dtype.name == "INT8":
        fields.update(int8_fields(in1, in2, out, activation))
    else:
        act_min_f, act_max_f = quant.activation_range_float(activation)
        fields.update(act_min_f=act_min_f, act_max_f=act_max_f)
    return NodeParams("mg_sub_params", fields)


SPEC = KernelSpec(
    op="SUB", builtin_code=41, versions=(1, 5), dtypes=("FLOAT32", "INT8"),
    sources=("sub.h", "sub.c", "sub_s8.c", "sub_f32.c", "broadcast.h", "mg_fixedpoint.h"),
    registration="mg_register_sub", validate=validate, params=params,
    # the output may overwrite an input of its own size: the loop reads that input's element i just before
    # writing output element i
    inplace_input=lambda op, inputs, outputs: _broadcast.same_shape_input(inputs, outputs),
)
