"""ADD in the dsp backend (firmware/kernels/dsp_add*.c): int8 with both inputs of the output's shape (no
broadcasting). Each input's rescaling is tabulated here exactly as TFLite Micro computes it per element; the
output requantization must meet the exactness conditions of _dsp_common. Everything else stays with the
reference kernel."""
from __future__ import annotations

from ..spec import KernelSpec, NodeParams
from . import _broadcast
from . import _dsp_common as dc
from .add import LEFT_SHIFT, int8_fields, validate


def _tables(op, inputs, outputs) -> dict | None:
    in1, in2 = inputs[0], inputs[1]
    out = outputs[0]
    if not dc.all_int8(in1, in2, out) or not in1.num_elements == in2.num_elements == out.num_elements:
        return None
    f = int8_fields(in1, in2, out, op.options.get("fused_activation_function", 0))
    tables = []
    for offset, multiplier, shift in ((f["input1_offset"], f["input1_multiplier"], f["input1_shift"]),
                                      (f["input2_offset"], f["input2_multiplier"], f["input2_shift"])):
        if shift > 0:
            return None
        # TFLite's AddFunc: (offset + x) << left_shift, then MultiplyByQuantizedMultiplierSmallerThanOneExp
        tables.append([2 * dc.multiply_by_quantized_multiplier((offset + x) * (1 << LEFT_SHIFT), multiplier, shift)
                       for x in range(-128, 128)])
    bound = max(abs(v) for v in tables[0]) // 2 + max(abs(v) for v in tables[1]) // 2  # |raw_sum|
    table = dc.channel_table([0], [(f["output_multiplier"], f["output_shift"])], [bound], f["output_offset"],
                             (f["act_min"], f["act_max"]))
    if table is None:
        return None
    return {"table1": tables[0], "table2": tables[1], "output_multiplier": table[1], "output_offset": table[2],
            "output_shift": table[3], "act_min": f["act_min"], "act_max": f["act_max"]}


def claims(op, inputs, outputs):
    return _tables(op, inputs, outputs) is not None


def params(op, inputs, outputs):
    return NodeParams("mg_add_dsp_params", {"count": outputs[0].num_elements, **_tables(op, inputs, outputs)})


SPEC = KernelSpec(
    op="ADD", builtin_code=0, versions=(1, 5), dtypes=("INT8",),
    sources=("dsp_add.h", "dsp_add.c", "dsp_add_s8.c", "dsp_requant.h", "dsp_intrinsics.h"),
    registration="mg_register_add_dsp", validate=validate, params=params,
    backend=dc.BACKEND, claims=dc.safe(claims),
    # element i of both inputs is read before output i is written
    inplace_input=lambda op, inputs, outputs: _broadcast.same_shape_input(inputs, outputs),
)
