"""What the element-wise kernels share in Python, beside what they share in C (firmware/kernels/
mg_elementwise.h): the node checks and the broadcast and activation fields of the binary ops (their in-place rules
are in _overlap.py).

Every element-wise parameter struct begins with `count` (the output's element count): the C prepare reads it."""

from __future__ import annotations

from ... import quant
from ...spec import KernelSpec, NodeParams, named_kernel
from . import _broadcast, _overlap

# the registration glue every element-wise kernel links
SOURCES = ("mg_elementwise.h", "mg_elementwise.c")
BINARY_HELPERS = ("mg_broadcast.h", "mg_fixedpoint.h")  # what the broadcasting binary kernels add to SOURCES
SUPPORTED_ACTIVATIONS = (0, 1, 2, 3)  # NONE, RELU, RELU_N1_TO_1, RELU6


def check_unary_types(inputs, outputs, allowed: tuple[str, ...] = ("INT8", "FLOAT32")) -> str | None:
    """Why a node is not one input and one output of the same type, one of `allowed`, or None when it is."""
    inp = inputs[0] if inputs else None
    if inp is None or len(inputs) != 1 or len(outputs) != 1:
        return "needs one input and one output"
    types = (inp.dtype.name, outputs[0].dtype.name)
    if types[0] != types[1] or types[0] not in allowed:
        names = ", ".join(t.lower() for t in allowed[:-1]) + " or " + allowed[-1].lower()
        return f"input/output types {'/'.join(types)} are not supported ({names})"
    return None


def check_unary(op, inputs, outputs, int16: bool = False) -> str | None:
    """One input and one output of one type: int8 or float32, or int16 too for an op with int16 math."""
    allowed = ("INT8", "INT16", "FLOAT32") if int16 else ("INT8", "FLOAT32")
    problem = check_unary_types(inputs, outputs, allowed)
    if problem:
        return problem
    inp, out = inputs[0], outputs[0]
    types = (inp.dtype.name, out.dtype.name)
    if types[0] != "FLOAT32":
        for role, t in (("input", inp), ("output", out)):
            if t.quant is None or len(t.quant.scale) != 1:
                return f"{types[0].lower()} {op.op_name} needs a per-tensor quantized {role}"
    if inp.num_elements != out.num_elements:
        return f"input and output sizes differ ({inp.num_elements} and {out.num_elements} elements)"
    return None


BINARY_TYPES = (("INT8",) * 3, ("INT16",) * 3, ("FLOAT32",) * 3)


def check_binary(op, inputs, outputs, name: str) -> str | None:
    """What ADD, SUB and MUL share: two inputs of one type (int8, int16 or float32), the output's type, per-tensor
    quantization, a supported fused activation and broadcastable shapes."""
    in1, in2 = (list(inputs) + [None, None])[:2]
    if in1 is None or in2 is None or len(inputs) != 2 or len(outputs) != 1:
        return "needs two inputs and one output"
    out = outputs[0]
    activation = op.options.get("fused_activation_function", 0)
    if activation not in SUPPORTED_ACTIVATIONS:
        return f"fused activation {quant.ACTIVATIONS.get(activation, activation)} is not supported"
    types = (in1.dtype.name, in2.dtype.name, out.dtype.name)
    if types not in BINARY_TYPES:
        return f"input/input/output types {'/'.join(types)} are not supported (int8, int16 or float32)"
    if types[0] != "FLOAT32":
        for role, t in (("input 1", in1), ("input 2", in2), ("output", out)):
            if t.quant is None or not t.quant.scale:
                return f"{types[0].lower()} {name} needs a quantized {role}"
            if len(t.quant.scale) != 1:
                return f"per-channel quantization of the {role} is not supported"
    return _broadcast.check_shapes(in1, in2, out)


INT32_ACTIVATION_RANGES = {0: (-(2**31), 2**31 - 1), 1: (0, 2**31 - 1), 2: (-1, 1), 3: (0, 6)}


def check_int32_binary(op, inputs, outputs, name: str, quantized_ok: bool) -> str | None:
    """TFLite Micro's int32 SUB and MUL: plain int32 arithmetic clamped to the fused activation's range; SUB takes
    unquantized tensors only, MUL ignores any quantization."""
    in1, in2, out = inputs[0], inputs[1], outputs[0]
    activation = op.options.get("fused_activation_function", 0)
    if activation not in INT32_ACTIVATION_RANGES:
        return f"fused activation {quant.ACTIVATIONS.get(activation, activation)} is not supported"
    if not quantized_ok and any(t.quant is not None for t in (in1, in2, out)):
        return f"int32 {name} takes unquantized tensors only (as TFLite Micro)"
    return _broadcast.check_shapes(in1, in2, out)


def all_int32(inputs, outputs) -> bool:
    return (
        len(inputs) == 2
        and len(outputs) == 1
        and all(t is not None and t.dtype.name == "INT32" for t in (*inputs, *outputs))
    )


def int32_activation_fields(activation: int) -> dict:
    """int32 SUB and MUL: CalculateActivationRange's int32 range of the fused activation."""
    act_min, act_max = INT32_ACTIVATION_RANGES[activation]
    return {"act_min": act_min, "act_max": act_max}


def binary_fields(op, inputs, outputs, quantized_fields) -> dict:
    """A binary op's parameter fields: the count, the broadcast walk, then `quantized_fields(in1, in2, out,
    activation)` for int8 and int16 or the float activation range for float32."""
    in1, in2, out = inputs[0], inputs[1], outputs[0]
    activation = op.options.get("fused_activation_function", 0)
    fields = {"count": out.num_elements, **_broadcast.loop_fields(in1, in2, out)}
    if out.dtype.name != "FLOAT32":
        fields.update(quantized_fields(in1, in2, out, activation))
    else:
        act_min_f, act_max_f = quant.activation_range_float(activation)
        fields.update(act_min_f=act_min_f, act_max_f=act_max_f)
    return fields


def binary_reference(op: str, builtin_code: int, versions: tuple[int, int], validate, quantized_fields) -> KernelSpec:
    """The reference kernel of a broadcasting binary op (ADD, SUB, MUL), int8, int16 and float32: firmware/
    kernels/add.h (the family header), <op>.c, <op>_s8.c, <op>_s16.c, <op>_f32.c; `quantized_fields(in1, in2,
    out, activation)` gives its int8 and int16 parameters."""
    name = op.lower()

    def params(op_, inputs, outputs):
        return NodeParams(f"mg_{name}_params", binary_fields(op_, inputs, outputs, quantized_fields))

    sources = ("add.h", *SOURCES, f"{name}.c", f"{name}_s8.c", f"{name}_s16.c", f"{name}_f32.c", *BINARY_HELPERS)
    types = ("FLOAT32", "INT8", "INT16")
    return named_kernel(
        op, builtin_code, versions, types, sources, validate, params, inplace_input=_overlap.in_place_same_shape_input
    )
