"""AVERAGE_POOL_2D and MAX_POOL_2D in the mve backend (firmware/kernels/mve_*_pool_2d*.c): int8, any filter,
strides, SAME/VALID padding and batches; average pooling over windows of at most 256 values (int16 sums).
Everything else (float32, bigger average windows) stays with the reference kernels."""
from __future__ import annotations

from ..spec import KernelSpec, NodeParams
from . import _mve_common as mc
from .pooling import params_for, validate

MAX_AVERAGE_WINDOW = 256  # int16 sums: 256 * -128 = -32768 still fits


def _int8(inputs, outputs) -> bool:
    return mc.all_int8(inputs[0], outputs[0])


def claims_average(op, inputs, outputs):
    o = op.options
    return _int8(inputs, outputs) and o.get("filter_height", 0) * o.get("filter_width", 0) <= MAX_AVERAGE_WINDOW


def claims_max(op, inputs, outputs):
    return _int8(inputs, outputs)


_reference_average = params_for("mg_average_pool_2d_params")
_reference_max = params_for("mg_max_pool_2d_params")
_FLOAT_FIELDS = ("act_min_f", "act_max_f")


def params_average(op, inputs, outputs):
    fields = {k: v for k, v in _reference_average(op, inputs, outputs).fields.items() if k not in _FLOAT_FIELDS}
    return NodeParams("mg_average_pool_2d_mve_params", fields)


def params_max(op, inputs, outputs):
    fields = {k: v for k, v in _reference_max(op, inputs, outputs).fields.items() if k not in _FLOAT_FIELDS}
    return NodeParams("mg_max_pool_2d_mve_params", fields)


SPECS = [
    KernelSpec(
        op="AVERAGE_POOL_2D", builtin_code=1, versions=(1, 3), dtypes=("INT8",),
        sources=("mve_average_pool_2d.h", "mve_average_pool_2d.c", "mve_average_pool_2d_s8.c", "mve_util.h"),
        registration="mg_register_average_pool_2d_mve", validate=validate, params=params_average,
        backend=mc.BACKEND, claims=mc.safe(claims_average),
    ),
    KernelSpec(
        op="MAX_POOL_2D", builtin_code=17, versions=(1, 3), dtypes=("INT8",),
        sources=("mve_max_pool_2d.h", "mve_max_pool_2d.c", "mve_max_pool_2d_s8.c", "mve_util.h"),
        registration="mg_register_max_pool_2d_mve", validate=validate, params=params_max,
        backend=mc.BACKEND, claims=mc.safe(claims_max),
    ),
]
