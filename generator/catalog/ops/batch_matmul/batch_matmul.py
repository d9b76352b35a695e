"""BATCH_MATMUL, int8, int16 (symmetric) and float32, with the adj_x / adj_y flags, ranks 2 to 5 and broadcast
batch dimensions, constant or variable operands, as TFLite Micro's batch_matmul.cc computes it. The kernels read
transposed operands in place (element steps), so they need none of TFLite Micro's transposed copies."""

from __future__ import annotations

from math import prod

from ... import quant
from ...spec import KernelSpec, NodeParams, backend_kernel
from ..common import _scratch

TYPES = ("INT8", "INT16", "FLOAT32")
# The family's shared files: its header and the one prepare (every backend lists these first).
FAMILY_SOURCES = ("batch_matmul.h", "batch_matmul_prepare.c", "mg_fixedpoint.h")
BATCH_DIMS = 3  # firmware/kernels/batch_matmul.h: MG_BATCH_MATMUL_BATCH_DIMS (rank 5)


def _extended(shape, rank: int) -> list[int]:
    return [1] * (rank - len(shape)) + list(shape)


def _layout(op, lhs, rhs) -> dict:
    """Batch dimensions, M, N, K on each side, from the operands' shapes and the adjoint flags."""
    adj_x, adj_y = bool(op.options.get("adj_x", False)), bool(op.options.get("adj_y", False))
    rank = max(len(lhs.shape), len(rhs.shape))
    lhs5, rhs5 = _extended(lhs.shape, 5), _extended(rhs.shape, 5)
    return {
        "adj_x": adj_x,
        "adj_y": adj_y,
        "lhs5": lhs5,
        "rhs5": rhs5,
        "batch_shape": [max(a, b) for a, b in zip(lhs5[5 - rank : 3], rhs5[5 - rank : 3])],
        "rows": lhs5[4] if adj_x else lhs5[3],
        "depth": lhs5[3] if adj_x else lhs5[4],
        "rhs_depth": rhs5[4] if adj_y else rhs5[3],
        "cols": rhs5[3] if adj_y else rhs5[4],
    }


def _quant_problem(lhs, rhs, out) -> str | None:
    for name, t in (("lhs", lhs), ("rhs", rhs), ("output", out)):
        if t.quant is None or not t.quant.scale:
            return f"the quantized {name} has no quantization parameters"
        if len(t.quant.scale) != 1:
            return f"the {name} must have one scale (per-tensor), not {len(t.quant.scale)}"
        if t.quant.scale[0] <= 0:
            return f"the {name}'s scale must be positive"
    if lhs.dtype.name == "INT16" and any(quant.zero_point_of(t) for t in (lhs, rhs, out)):
        return "int16 lhs, rhs and output must be symmetric (zero point 0)"
    return None


def validate(op, inputs, outputs):
    if len(inputs) != 2 or len(outputs) != 1 or any(t is None for t in inputs):
        return "needs two operands and one output"
    (lhs, rhs), out = inputs, outputs[0]
    types = {lhs.dtype.name, rhs.dtype.name, out.dtype.name}
    if len(types) != 1 or not types <= set(TYPES):
        names = "/".join(t.dtype.name for t in (lhs, rhs, out))
        return f"lhs/rhs/output types {names} are not one of int8, int16, float32 (all alike)"
    if not (2 <= len(lhs.shape) <= 5 and 2 <= len(rhs.shape) <= 5):
        return f"operands must have rank 2 to 5, not {list(lhs.shape)} and {list(rhs.shape)}"
    lay = _layout(op, lhs, rhs)
    rank = max(len(lhs.shape), len(rhs.shape))
    for a, b in zip(lay["lhs5"][5 - rank : 3], lay["rhs5"][5 - rank : 3]):
        if a != b and 1 not in (a, b):
            return f"batch dimensions of {list(lhs.shape)} and {list(rhs.shape)} do not broadcast"
    if lay["depth"] != lay["rhs_depth"]:
        return f"lhs depth {lay['depth']} differs from rhs depth {lay['rhs_depth']} (adj_x/adj_y considered)"
    expected = [*lay["batch_shape"], lay["rows"], lay["cols"]]
    if list(out.shape) != expected:
        return f"output shape {list(out.shape)} differs from the {expected} the operands give"
    return None if lhs.dtype.name == "FLOAT32" else _quant_problem(lhs, rhs, out)


def _batch_strides(shape5) -> list[int]:
    """Elements between consecutive matrices along each of the three batch dimensions, 0 where broadcast."""
    return [0 if shape5[d] == 1 else prod(shape5[d + 1 :]) for d in range(BATCH_DIMS)]


def params(op, inputs, outputs):
    (lhs, rhs), out = inputs, outputs[0]
    lay = _layout(op, lhs, rhs)
    rows, cols, depth = lay["rows"], lay["cols"], lay["depth"]
    fields = {
        "batches": [max(a, b) for a, b in zip(lay["lhs5"][:BATCH_DIMS], lay["rhs5"][:BATCH_DIMS])],
        "lhs_strides": _batch_strides(lay["lhs5"]),
        "rhs_strides": _batch_strides(lay["rhs5"]),
        "lhs_elements": lhs.num_elements,
        "rhs_elements": rhs.num_elements,
        "rows": rows,
        "cols": cols,
        "depth": depth,
        # lhs is [m][k], or [k][m] when adj_x; rhs is [k][n], or [n][k] when adj_y
        "lhs_row": 1 if lay["adj_x"] else depth,
        "lhs_step": rows if lay["adj_x"] else 1,
        "rhs_col": depth if lay["adj_y"] else 1,
        "rhs_step": 1 if lay["adj_y"] else cols,
    }
    if lhs.dtype.name != "FLOAT32":
        multiplier, shift = quant.quantize_multiplier(quant.conv_multiplier(lhs, rhs, out))
        fields.update(
            lhs_offset=-quant.zero_point_of(lhs),
            rhs_offset=-quant.zero_point_of(rhs),
            output_offset=quant.zero_point_of(out),
            output_multiplier=multiplier,
            output_shift=shift,
        )
    return NodeParams("mg_batch_matmul_params", fields)


def macs(op, inputs, outputs) -> int:
    return outputs[0].num_elements * _layout(op, *inputs)["depth"]


SPEC = KernelSpec(
    # register.cc: versions 1-4 (TFLite Micro's resolver ignores the version).
    op="BATCH_MATMUL",
    builtin_code=126,
    versions=(1, 4),
    dtypes=("FLOAT32", "INT8", "INT16"),
    sources=(
        *FAMILY_SOURCES,
        "batch_matmul.c",
        "batch_matmul_s8.c",
        "batch_matmul_s16.c",
        "batch_matmul_f32.c",
        "mg_fixedpoint64.h",
    ),
    registration="mg_register_batch_matmul",
    validate=validate,
    params=params,
    macs=macs,
)


def backend_spec(common, sources: tuple[str, ...]) -> KernelSpec:
    """The dsp or mve variant (`common` is _dsp_common or _mve_common): every int8 and int16 node the reference
    kernel runs, with the family's layout, parameters and prepare; the backend adds its kernels and their scratch
    (int8: mg_batch_matmul_s8_<backend>_scratch_size; int16: the operands gathered into rows of k)."""
    backend = common.BACKEND

    def claims(op, inputs, outputs):
        int8_or_int16 = common.all_int8(*inputs, outputs[0]) or all(
            t.dtype.name == "INT16" for t in (*inputs, outputs[0])
        )
        return None if int8_or_int16 else "not int8 or int16"

    def scratch_bytes(op, inputs, outputs):
        f = params(op, inputs, outputs).fields
        if outputs[0].dtype.name == "INT16":
            args = (f["cols"], f["depth"], f["lhs_step"], f["rhs_step"])
            return _scratch.scratch_size(f"mg_batch_matmul_s16_{backend}_scratch_size", *args)
        return _scratch.scratch_size(f"mg_batch_matmul_s8_{backend}_scratch_size", f["cols"], f["depth"])

    return backend_kernel(
        SPEC,
        backend,
        ("INT8", "INT16"),
        (*FAMILY_SOURCES, *sources),
        params,
        claims,
        scratch_bytes=scratch_bytes,
        macs=macs,
    )
