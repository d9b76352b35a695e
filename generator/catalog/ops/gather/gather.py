"""GATHER (TFLite Micro's gather.cc): float32 and int8 slices along `axis`, picked by int32 positions (a graph
input or a constant), with `batch_dims` leading dimensions shared by input and positions. The positions are read
when the node runs; one out of range fails the node."""

from __future__ import annotations

from ...spec import KernelSpec, NodeParams
from ..common._copy import product
from ..common._views import box_offset

TYPES = ("FLOAT32", "INT8")


def _axes(op, inp, positions) -> tuple[int, int]:
    axis, batch_dims = int(op.options.get("axis", 0)), int(op.options.get("batch_dims", 0))
    return (axis + len(inp.shape) if axis < 0 else axis), (
        batch_dims + len(positions.shape) if batch_dims < 0 else batch_dims
    )


def output_shape(op, inp, positions) -> list[int]:
    axis, batch_dims = _axes(op, inp, positions)
    return [*inp.shape[:axis], *positions.shape[batch_dims:], *inp.shape[axis + 1 :]]


def validate(op, inputs, outputs):
    if len(inputs) != 2 or any(t is None for t in inputs) or len(outputs) != 1:
        return "needs an input, positions and one output"
    inp, positions = inputs
    out = outputs[0]
    if positions.dtype.name != "INT32":
        return f"positions of type {positions.dtype.name} are not supported (int32)"
    if inp.dtype.name not in TYPES or out.dtype.name != inp.dtype.name:
        return f"input/output types {inp.dtype.name}/{out.dtype.name} are not supported (float32 or int8)"
    axis, batch_dims = _axes(op, inp, positions)
    if not 0 <= axis < len(inp.shape):
        return f"axis {op.options.get('axis', 0)} is out of range for a {len(inp.shape)}-D input"
    if not 0 <= batch_dims <= min(axis, len(positions.shape)):
        return f"batch_dims {op.options.get('batch_dims', 0)} must lie in [0, min(axis, positions rank)]"
    if tuple(inp.shape[:batch_dims]) != tuple(positions.shape[:batch_dims]):
        return f"the batch dimensions of input {list(inp.shape)} and positions {list(positions.shape)} differ"
    expected = output_shape(op, inp, positions)
    if list(out.shape) != expected:
        return f"output shape {list(out.shape)} differs from the gathered shape {expected}"
    return None


def params(op, inputs, outputs):
    inp, positions = inputs
    out = outputs[0]
    axis, batch_dims = _axes(op, inp, positions)
    return NodeParams(
        "mg_gather_params",
        {
            "batches": product(inp.shape[:batch_dims]),
            "outer": product(inp.shape[batch_dims:axis]),
            "axis_size": int(inp.shape[axis]),
            "positions": product(positions.shape[batch_dims:]),
            "inner": product(inp.shape[axis + 1 :]),
            "element_size": inp.dtype.size,
            "input_count": inp.num_elements,
            "positions_count": positions.num_elements,
            "output_count": out.num_elements,
        },
    )


def view_offsets(op, inputs, outputs):
    """Constant consecutive positions (no batch dimensions) that pick one run of the input."""
    inp, positions = inputs
    axis, batch_dims = _axes(op, inp, positions)
    if positions.data is None or batch_dims or positions.num_elements == 0:
        return None
    picked = [int(v) for v in positions.array().reshape(-1)]
    if picked != list(range(picked[0], picked[0] + len(picked))) or not 0 <= picked[0] <= picked[-1] < inp.shape[axis]:
        return None
    begins = [picked[0] if d == axis else 0 for d in range(len(inp.shape))]
    sizes = [len(picked) if d == axis else n for d, n in enumerate(inp.shape)]
    start = box_offset(inp.shape, begins, sizes)
    return None if start is None else (0, [start * inp.dtype.size])


SPEC = KernelSpec(
    op="GATHER",
    builtin_code=36,
    versions=(1, 7),
    dtypes=TYPES,
    sources=("gather.h", "gather.c", "gather_generic.c"),
    registration="mg_register_gather",
    validate=validate,
    params=params,
    view_offsets=view_offsets,
)
