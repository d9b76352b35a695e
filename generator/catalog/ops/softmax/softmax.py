"""SOFTMAX over the last dimension: int8 -> int8, int8 -> int16, int16 -> int16 and float32, with beta."""

from __future__ import annotations

import numpy as np

from ... import quant
from ...spec import CExpr, KernelSpec, NodeParams, backend_kernel
from ..common import _fixedpoint as fx
from ..common import _lut16, _overlap
from ..common._activation_table import _exp_on_negative_values, _mul
from ..common._common import wrap32


def _beta(op) -> float:
    # Without options TFLite's parser leaves beta zero-initialized, as the schema default also is.
    return float(op.options.get("beta", 0.0))


def validate(op, inputs, outputs):
    problem = fx.softmax_node_problem(inputs, outputs)
    if problem:
        return problem
    inp, out = inputs[0], outputs[0]
    types = (inp.dtype.name, out.dtype.name)
    if types == ("FLOAT32", "FLOAT32"):
        return None
    if types not in (("INT8", "INT8"), ("INT8", "INT16"), ("INT16", "INT16")):
        return (
            f"input/output types {'/'.join(types)} are not supported (int8 -> int8, int8 -> int16, int16 -> int16 "
            "or float32)"
        )
    problem = fx.single_scale(inp) or fx.single_scale(out)
    if problem:
        return problem
    if types == ("INT16", "INT16"):
        return _problem_s16(op, inp, out)
    out_scale, out_zp = quant.scale_of(out), quant.zero_point_of(out)
    if out.dtype.name == "INT8":
        if out_zp != -128 or out_scale != np.float32(1.0) / np.float32(256.0):
            return f"int8 output must have scale 1/256 and zero point -128 (has {float(out_scale):g}, {out_zp})"
    else:
        target = np.float32(1.0) / np.float32(65536.0)
        if out_zp != -32768 or not _near(out_scale, target, np.float32(0.001) * target):
            return f"int16 output must have scale 1/65536 and zero point -32768 (has {float(out_scale):g}, {out_zp})"
    beta, in_scale = _beta(op), float(quant.scale_of(inp))
    if not fx.softmax_real_multiplier(beta, in_scale) > 1.0:
        return (
            f"beta {beta:g} times input scale {in_scale:g} is too small for int8 SOFTMAX "
            "(TFLite requires beta * scale * 2^26 > 1)"
        )
    return None


def _near(value, target: np.float32, tolerance: np.float32) -> bool:
    """TF_LITE_ENSURE_NEAR in float."""
    return (value - target if value > target else target - value) <= tolerance


def _scaling_s16(op, inp) -> tuple[int, int]:
    """SoftmaxPrepare's int16 input scaling: double(input_scale) * beta / (10 / 65535), as QuantizeMultiplier."""
    return quant.quantize_multiplier(float(quant.scale_of(inp)) * float(np.float32(_beta(op))) / (10.0 / 65535.0))


def _problem_s16(op, inp, out) -> str | None:
    if quant.zero_point_of(inp) != 0 or quant.zero_point_of(out) != 0:
        return "int16 SOFTMAX needs zero points 0"
    target = np.float32(1.0) / np.float32(32768.0)
    if not _near(quant.scale_of(out), target, np.float32(0.001) * target):
        return f"int16 output must have scale 1/32768 (has {float(quant.scale_of(out)):g})"
    if _scaling_s16(op, inp)[1] > 15:
        return "beta * input_scale is too large for int16 SOFTMAX (the rescaled differences would overflow)"
    return None


def params(op, inputs, outputs):
    inp = inputs[0]
    fields = fx.softmax_fields(inp, "diff_min") | {"beta": float(np.float32(_beta(op)))}
    if inp.dtype.name == "INT8":
        multiplier, left_shift, diff_min = fx.softmax_scaling(_beta(op), float(quant.scale_of(inp)))
        fields.update(input_multiplier=multiplier, input_left_shift=left_shift, diff_min=diff_min)
    elif inp.dtype.name == "INT16":
        multiplier, shift = _scaling_s16(op, inp)
        exp_lut, reciprocal_lut = _lut16.softmax_tables()
        fields.update(input_multiplier=multiplier, input_left_shift=shift)
        fields.update(exp_lut=list(exp_lut), reciprocal_lut=list(reciprocal_lut))
    fields["kernel"] = CExpr("NULL")  # the backends name theirs (kernel below)
    return NodeParams("mg_softmax_params", fields)


SPEC = KernelSpec(
    op="SOFTMAX",
    builtin_code=25,
    versions=(1, 3),
    dtypes=("FLOAT32", "INT8", "INT16"),
    sources=(
        "softmax.h",
        "softmax_prepare.c",
        "softmax.c",
        "softmax_s8.c",
        "softmax_s16.c",
        "softmax_f32.c",
        "mg_row_max.h",
        "mg_fixedpoint_exp.h",
        "mg_fixedpoint.h",
        "mg_lut16.h",
    ),
    registration="mg_register_softmax",
    validate=validate,
    params=params,
    # each output element is written after the inputs it depends on were read (same type only)
    inplace_input=_overlap.in_place_same_type,
)


BACKEND_MAX_DEPTH = 4095  # MG_SOFTMAX_BACKEND_MAX_DEPTH (softmax.h): the int8 sum of exps cannot wrap below it


def exp_table_s8(op, inp) -> list[int]:
    """The backends' int8 table (softmax.h): 0 for every difference to the row maximum below diff_min (the
    reference skips those), then the Q0.31 exp of each difference d = max(diff_min, -255) .. 0, as softmax_s8.c's
    scaled_exp computes it (d shifted left, the doubling high multiply, exp_on_negative_values of the Q5.26
    value). Only the differences that count take an entry: a table of 2 - first words, not 256."""
    multiplier, left_shift, diff_min = fx.softmax_scaling(_beta(op), float(quant.scale_of(inp)))
    first = max(diff_min, -255)
    return [0] + [
        _exp_on_negative_values(_mul(wrap32(d << left_shift), multiplier), fx.SOFTMAX_SCALED_DIFF_INTEGER_BITS)
        for d in range(first, 1)
    ]


def packed_exp_table_s16() -> list[int]:
    """The backends' int16 table: per interval i of the exp table, lut[i] in the low half and the slope
    lut[i + 1] - lut[i] as LUTLookup wraps it to int16 in the high half."""
    lut = _lut16.softmax_tables()[0]
    return [wrap32((lut[i] & 0xFFFF) | ((lut[i + 1] - lut[i]) & 0xFFFF) << 16) for i in range(len(lut) - 1)]


def _backend_claims(op, inputs, outputs) -> str | None:
    """int8 -> int8, int8 -> int16 and int16 -> int16 rows of at most BACKEND_MAX_DEPTH; int16 with a multiplier
    of at least 2^30 (the dsp kernel's rescaling doubles it; QuantizeMultiplier gives that for any beta > 0)."""
    types = (inputs[0].dtype.name, outputs[0].dtype.name)
    if types not in (("INT8", "INT8"), ("INT8", "INT16"), ("INT16", "INT16")):
        return "not int8 -> int8, int8 -> int16 or int16 -> int16"
    if types == ("INT16", "INT16") and _scaling_s16(op, inputs[0])[0] < (1 << 30):
        return "its input multiplier is below 2^30"
    if inputs[0].shape[-1] > BACKEND_MAX_DEPTH:
        return f"rows of more than {BACKEND_MAX_DEPTH} values"
    return None


def kernel(backend: str, sources: tuple[str, ...], kernels: str | None = None) -> KernelSpec:
    """A backend's SOFTMAX entry (int8 -> int8, int8 -> int16, int16 -> int16, rows of at most BACKEND_MAX_DEPTH):
    the family's validate and parameters plus backend_table and the kernel of the node's types,
    mg_softmax_<types>_<kernels> (`kernels`: the backend whose functions run, the backend itself by default);
    registers as mg_register_softmax_<backend>."""

    def backend_params(op, inputs, outputs):
        p = params(op, inputs, outputs)
        inp = inputs[0]
        types = "s16" if inp.dtype.name == "INT16" else "s8_s16" if outputs[0].dtype.name == "INT16" else "s8"
        if inp.dtype.name == "INT8":
            p.fields["backend_table"] = exp_table_s8(op, inp)
        else:  # the packed table replaces the reference's exp table (the reciprocal table stays)
            del p.fields["exp_lut"]
            p.fields["backend_table"] = packed_exp_table_s16()
        del p.fields["kernel"]  # the struct's last field: after the table
        p.fields["kernel"] = CExpr(f"mg_softmax_{types}_{kernels or backend}")
        return p

    return backend_kernel(
        SPEC,
        backend,
        ("INT8", "INT16"),
        (
            "softmax.h",
            "softmax_prepare.c",
            f"softmax_{backend}.c",
            *sources,
            "mg_fixedpoint_exp.h",
            "mg_fixedpoint.h",
            "mg_lut16.h",
        ),
        backend_params,
        _backend_claims,
        inplace_input=SPEC.inplace_input,
    )
