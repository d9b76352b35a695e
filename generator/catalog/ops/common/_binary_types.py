"""The type and shape check shared by the element-wise binary ops without fused activations (MAXIMUM,
MINIMUM, SQUARED_DIFFERENCE, the comparisons, LOGICAL_AND/OR)."""

from __future__ import annotations

from . import _broadcast


def check_binary_types(inputs, outputs, input_types, output_type=None) -> str | None:
    """Two inputs of one type among input_types and an output of that type (or of output_type)."""
    in1, in2 = (list(inputs) + [None, None])[:2]
    if in1 is None or in2 is None or len(inputs) != 2 or len(outputs) != 1:
        return "needs two inputs and one output"
    types = (in1.dtype.name, in2.dtype.name, outputs[0].dtype.name)
    if types[0] != types[1] or types[0] not in input_types or types[2] != (output_type or types[0]):
        wanted = " or ".join(t.lower() for t in input_types)
        out = f", output {output_type.lower()}" if output_type else ""
        return f"input/input/output types {'/'.join(types)} are not supported ({wanted}{out})"
    return _broadcast.check_shapes(in1, in2, outputs[0])
