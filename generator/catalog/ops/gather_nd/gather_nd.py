"""GATHER_ND (TFLite Micro's gather_nd.cc): float32 and int8 params, int32 indices (a graph input or a constant)
whose last dimension (1 to 5) holds the leading coordinates of each slice. The indices are read when the node
runs; like TFLite Micro, a slice outside the params (checked on its flat position) fails the node."""

from __future__ import annotations

from ...spec import KernelSpec, NodeParams
from ..common._copy import product, strides

TYPES = ("FLOAT32", "INT8")
MAX_INDEX_DEPTH = 5  # TFLite Micro's MAX_INDICES_ND


def validate(op, inputs, outputs):
    if len(inputs) != 2 or any(t is None for t in inputs) or len(outputs) != 1:
        return "needs params, indices and one output"
    params, indices = inputs
    out = outputs[0]
    if params.dtype.name not in TYPES or out.dtype.name != params.dtype.name:
        return f"params/output types {params.dtype.name}/{out.dtype.name} are not supported (float32 or int8)"
    if indices.dtype.name != "INT32":
        return f"indices of type {indices.dtype.name} are not supported (int32)"
    if len(params.shape) < 1 or len(indices.shape) < 1:
        return "params and indices must be at least vectors"
    depth = indices.shape[-1]
    if not 1 <= depth <= min(len(params.shape), MAX_INDEX_DEPTH):
        return f"the indices' last dimension {depth} must lie in [1, min(params rank, {MAX_INDEX_DEPTH})]"
    expected = [*indices.shape[:-1], *params.shape[depth:]]
    if list(out.shape) != expected:
        return f"output shape {list(out.shape)} differs from the gathered shape {expected}"
    return None


def params(op, inputs, outputs):
    params_tensor, indices = inputs
    depth = int(indices.shape[-1])
    return NodeParams(
        "mg_gather_nd_params",
        {
            "slices": product(indices.shape[:-1]),
            "index_depth": depth,
            "strides": strides(params_tensor.shape)[:depth],
            "slice_size": product(params_tensor.shape[depth:]),
            "params_count": params_tensor.num_elements,
            "element_size": params_tensor.dtype.size,
        },
    )


SPEC = KernelSpec(
    op="GATHER_ND",
    builtin_code=107,
    versions=(1, 5),
    dtypes=TYPES,
    sources=("gather_nd.h", "gather_nd.c", "gather_nd_generic.c"),
    registration="mg_register_gather_nd",
    validate=validate,
    params=params,
)
