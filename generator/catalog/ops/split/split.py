"""SPLIT (num_splits equal pieces) and SPLIT_V (pieces of given sizes) along a constant axis."""

from __future__ import annotations

from ...spec import KernelSpec, NodeParams, named_kernel
from ..common._copy import COPY_SOURCES, INT8_16_32_F, check_types, constant_int32, normalize_axis, product
from ..common._views import along_axis, in_bytes

SOURCES = ("split.h", "split.c", "split_copy.c", *COPY_SOURCES)


def _axis(axis_tensor, rank: int) -> tuple[int | None, str | None]:
    values, problem = constant_int32(axis_tensor, "axis")
    if problem:
        return None, problem
    if values.size != 1:
        return None, f"the axis tensor must hold one value, not {values.size}"
    axis = normalize_axis(int(values[0]), rank)
    if axis is None:
        return None, f"axis {int(values[0])} is out of range for a {rank}-D input"
    return axis, None


def _check_pieces(inp, outputs, axis: int) -> str | None:
    for t in outputs:
        if len(t.shape) != len(inp.shape) or any(
            a != b for i, (a, b) in enumerate(zip(t.shape, inp.shape)) if i != axis
        ):
            return f"output shape {list(t.shape)} differs from the {list(inp.shape)} input outside axis {axis}"
        if t.shape[axis] < 1:
            return "empty outputs are not supported"
    total = sum(t.shape[axis] for t in outputs)
    if total != inp.shape[axis]:
        return f"the outputs' sizes along axis {axis} add up to {total}, not the input's {inp.shape[axis]}"
    return None


def _input_and_axis(inputs, outputs, names: tuple[str, ...], data: int, axis_input: int):
    """(input, axis, None) of a node whose inputs are `names`, the input at `data` and the axis at `axis_input`;
    or (None, None, the problem)."""
    if len(inputs) != len(names) or inputs[data] is None or not outputs:
        return None, None, f"needs the inputs ({', '.join(names)}) and its outputs"
    inp = inputs[data]
    problem = check_types([inp, *outputs], INT8_16_32_F)
    if problem:
        return None, None, problem
    axis, problem = _axis(inputs[axis_input], len(inp.shape))
    return (None, None, problem) if problem else (inp, axis, None)


def validate_split(op, inputs, outputs):
    inp, axis, problem = _input_and_axis(inputs, outputs, ("axis", "input"), data=1, axis_input=0)
    if problem:
        return problem
    num = int(op.options.get("num_splits", 0))
    if num != len(outputs):
        return f"num_splits {num} differs from the {len(outputs)} outputs"
    if inp.shape[axis] % num:
        return f"the input's size {inp.shape[axis]} along axis {axis} does not split into {num} equal pieces"
    if any(t.shape[axis] != inp.shape[axis] // num for t in outputs):
        return f"the outputs are not {num} equal pieces along axis {axis}"
    return _check_pieces(inp, outputs, axis)


def validate_split_v(op, inputs, outputs):
    inp, axis, problem = _input_and_axis(inputs, outputs, ("input", "size_splits", "axis"), data=0, axis_input=2)
    if problem:
        return problem
    # The pieces' sizes are read from the outputs' static shapes, as TFLite Micro does (it never reads
    # size_splits); they must tile the input.
    return _check_pieces(inp, outputs, axis)


def _params(inp, outputs, axis: int) -> NodeParams:
    inner = product(inp.shape[axis + 1 :])
    sizes = [int(t.shape[axis]) * inner for t in outputs]
    offsets = [sum(sizes[:i]) for i in range(len(sizes))]
    return NodeParams(
        "mg_split_params",
        {
            "num_outputs": len(outputs),
            "outer_size": product(inp.shape[:axis]),
            "input_run": int(inp.shape[axis]) * inner,
            "copy_sizes": sizes,
            "offsets": offsets,
        },
    )


def params_split(op, inputs, outputs):
    axis, _ = _axis(inputs[0], len(inputs[1].shape))
    return _params(inputs[1], outputs, axis)


def params_split_v(op, inputs, outputs):
    axis, _ = _axis(inputs[2], len(inputs[0].shape))
    return _params(inputs[0], outputs, axis)


def _views(data: int, axis_input: int):
    """Pieces along an axis with only axes of extent 1 before it are runs of the input."""

    def view_offsets(op, inputs, outputs):
        inp = inputs[data]
        axis, _ = _axis(inputs[axis_input], len(inp.shape))
        offsets = in_bytes(along_axis(inp.shape, axis, [t.shape[axis] for t in outputs]), inp)
        return None if offsets is None else (data, offsets)

    return view_offsets


def _spec(op: str, builtin_code: int, versions, validate, params, data: int, axis_input: int) -> KernelSpec:
    """SPLIT or SPLIT_V (one header and sources): the input at `data`, the axis at `axis_input`."""
    views = _views(data, axis_input)
    return named_kernel(op, builtin_code, versions, INT8_16_32_F, SOURCES, validate, params, view_offsets=views)


SPECS = [
    _spec("SPLIT", 49, (1, 4), validate_split, params_split, data=1, axis_input=0),
    _spec("SPLIT_V", 102, (1, 2), validate_split_v, params_split_v, data=0, axis_input=2),
]
