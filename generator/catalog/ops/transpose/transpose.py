"""TRANSPOSE with a constant permutation, up to 5-D: the generator folds the permutation into one input
step per output axis."""

from __future__ import annotations

from ...spec import KernelSpec, NodeParams, backend_kernel
from ..common._copy import COPY_SOURCES, INT8_16_F, check_types, constant_int32
from ..common._views import SAME_BYTES, moves_only_ones

SOURCES = ("transpose.h", "transpose.c", "transpose_copy.c", *COPY_SOURCES)
MAX_DIMS = 5  # MG_TRANSPOSE_DIMS; TFLite Micro's limit too


def validate(op, inputs, outputs):
    if len(inputs) != 2 or inputs[0] is None or len(outputs) != 1:
        return "needs the inputs (input, perm) and one output"
    inp, out = inputs[0], outputs[0]
    problem = check_types([inp, out], INT8_16_F)
    if problem:
        return problem
    rank = len(inp.shape)
    if not 1 <= rank <= MAX_DIMS:
        return f"a {rank}-D input is not supported (1-D to {MAX_DIMS}-D)"
    perm, problem = constant_int32(inputs[1], "perm")
    if problem:
        return problem
    if len(inputs[1].shape) != 1 or sorted(int(p) for p in perm) != list(range(rank)):
        return f"perm {[int(p) for p in perm]} is not a permutation of the {rank} input axes"
    expected = [inp.shape[int(p)] for p in perm]
    if list(out.shape) != expected:
        return f"output shape {list(out.shape)} is not the permuted input shape {expected}"
    return None


def params(op, inputs, outputs):
    inp = inputs[0]
    perm = [int(p) for p in inputs[1].array().reshape(-1)]
    rank = len(inp.shape)
    in_strides = [1] * rank
    for d in range(rank - 2, -1, -1):
        in_strides[d] = in_strides[d + 1] * int(inp.shape[d + 1])
    pad = MAX_DIMS - rank
    out_shape = [1] * pad + [int(inp.shape[p]) for p in perm]
    in_steps = [0] * pad + [in_strides[p] for p in perm]
    return NodeParams(
        "mg_transpose_params", {"num_elements": inp.num_elements, "out_shape": out_shape, "in_steps": in_steps}
    )


SPEC = KernelSpec(
    op="TRANSPOSE",
    builtin_code=39,
    versions=(1, 7),
    dtypes=INT8_16_F,
    sources=SOURCES,
    registration="mg_register_transpose",
    validate=validate,
    params=params,
    # a permutation that moves only axes of extent 1 keeps every byte in place
    view_offsets=lambda op, inputs, outputs: (
        SAME_BYTES if moves_only_ones(inputs[0].shape, inputs[1].array().reshape(-1)) else None
    ),
)


def backend_spec(backend: str, backend_sources: tuple[str, ...]) -> KernelSpec:
    """A backend's TRANSPOSE (transpose_s8_<backend>.c, registration mg_register_transpose_<backend>): the family's
    validation, parameters, prepare and views, its int8 kernel on every int8 node."""
    return backend_kernel(
        SPEC,
        backend,
        ("INT8",),
        (*SOURCES, *backend_sources, f"transpose_s8_{backend}.c"),
        params,
        lambda op, inputs, outputs: None if inputs[0].dtype.name == "INT8" else "not int8",
        view_offsets=SPEC.view_offsets,
    )
