"""Case builders of the add tests that other test modules use too."""

import numpy as np
import pytest
from op_cases import Batch, random_values

from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import rand_scale, verify_model
from modelkit import GraphBuilder

ACTIVATIONS = [0, 1, 2, 3]  # NONE, RELU, RELU_N1_TO_1, RELU6


def broadcast_shapes(rng, max_rank=6, max_elements=600):
    """An output shape and two input shapes broadcasting to it (some dimensions 1, some leading ones dropped)."""
    while True:
        rank = int(rng.integers(0, max_rank + 1))
        out = [int(rng.integers(1, 5)) for _ in range(rank)]
        if np.prod(out, dtype=np.int64) <= max_elements:
            break
    shapes = []
    for _ in range(2):
        kind = rng.integers(0, 4)
        if kind == 0:  # same shape
            shape = list(out)
        elif kind == 1:  # scalar-like: all ones, maybe lower rank
            shape = [1] * int(rng.integers(0, rank + 1))
        else:  # some dimensions broadcast, maybe fewer leading dimensions
            shape = [d if rng.integers(0, 2) else 1 for d in out]
            shape = shape[int(rng.integers(0, rank + 1)) if kind == 3 else 0 :]
        shapes.append(shape)
    # every output dimension must come from one of the inputs
    for d in range(rank):
        if out[d] != 1 and all(len(s) < rank - d or s[d - rank] == 1 for s in shapes):
            k = int(rng.integers(0, 2))
            while len(shapes[k]) < rank - d:
                shapes[k].insert(0, 1)
            shapes[k][d - rank] = out[d]
    return out, shapes[0], shapes[1]


def binary_case(op_name, seed, dtype="int8", version=None, out_scale=None) -> bytes:
    """A single ADD/SUB/MUL node: random broadcast shapes, quantization, activation; one operand constant in
    about a third of the cases."""
    rng = np.random.default_rng(seed)
    out_shape, shape1, shape2 = broadcast_shapes(rng)
    constant = int(rng.integers(-1, 2))  # -1: both inputs are graph inputs, else that input is constant
    g = GraphBuilder()
    ids = []
    for k, shape in enumerate((shape1, shape2)):
        data = None
        if dtype == "int8":
            if k == constant:
                data = rng.integers(-128, 128, size=shape)
            ids.append(g.tensor(shape, "int8", rand_scale(rng, 0.005, 0.2), int(rng.integers(-128, 128)), data=data))
        else:
            if k == constant:
                data = rng.uniform(-3, 3, size=shape)
            ids.append(g.tensor(shape, "float32", data=data))
    if dtype == "int8":
        y = g.tensor(
            out_shape, "int8", out_scale(rng) if out_scale else rand_scale(rng, 0.01, 0.5), int(rng.integers(-128, 128))
        )
    else:
        y = g.tensor(out_shape, "float32")
    g.op(
        op_name,
        ids,
        [y],
        version=version or (2 if dtype == "int8" else 1),
        fusedActivationFunction=int(rng.choice(ACTIVATIONS)),
    )
    return g.build([t for k, t in enumerate(ids) if k != constant], [y])


def exhaustive_case(op_name, seed, version=2, out_scale=None, quant=None, activation=0):
    """Every int8 pair: input 1 of shape [256, 1] against input 2 of shape [1, 256], with the input sets to
    feed them. `quant` fixes (scale1, zero_point1, scale2, zero_point2, output scale, output zero point)."""
    rng = np.random.default_rng(seed)
    if quant is None:
        quant = (
            rand_scale(rng, 0.005, 0.2),
            int(rng.integers(-128, 128)),
            rand_scale(rng, 0.005, 0.2),
            int(rng.integers(-128, 128)),
            out_scale(rng) if out_scale else rand_scale(rng, 0.01, 0.5),
            int(rng.integers(-128, 128)),
        )
    g = GraphBuilder()
    a = g.tensor([256, 1], "int8", quant[0], quant[1])
    b = g.tensor([1, 256], "int8", quant[2], quant[3])
    y = g.tensor([256, 256], "int8", quant[4], quant[5])
    g.op(op_name, [a, b], [y], version=version, fusedActivationFunction=activation)
    values = np.arange(-128, 128, dtype=np.int8)
    return g.build([a, b], [y]), [[values.reshape(256, 1), values.reshape(1, 256)]]


# TFLite's op versions for int16 nodes (op_version.cc; `pot_scale_int16` false for ADD and SUB)
INT16_VERSIONS = {"ADD": 3, "SUB": 5, "MUL": 4}


def int16_node(b: Batch, op_name, out_scale, pot_scale_int16=False, scales=None):
    """One int16 node of `b`: random broadcast shapes, scales (zero points 0, as TFLite requires), activation;
    input 2 constant in about a quarter of the nodes. `out_scale(rng, s1, s2)` picks the output scale, or
    `scales` fixes all three."""
    out_shape, shape1, shape2 = broadcast_shapes(b.rng, max_elements=64)
    s1, s2, so = scales or (lambda s1, s2: (s1, s2, out_scale(b.rng, s1, s2)))(
        rand_scale(b.rng, 1e-4, 1e-2), rand_scale(b.rng, 1e-4, 1e-2)
    )
    x1 = b.input(shape1, "int16", (s1, 0))
    if b.rng.integers(0, 4) == 0:
        x2 = b.constant(random_values(b.rng, "int16", shape2), "int16", (s2, 0))
    else:
        x2 = b.input(shape2, "int16", (s2, 0))
    options = {"potScaleInt16": pot_scale_int16} if op_name != "MUL" else {}
    y = b.output(out_shape, "int16", (so, 0))
    b.node(
        op_name,
        [x1, x2],
        [y],
        version=INT16_VERSIONS[op_name],
        fusedActivationFunction=int(b.rng.choice(ACTIVATIONS)),
        **options,
    )


def add_out_scale(rng, s1, s2):
    """Output scales from half to four times the larger input scale: sums span the int16 range, some clamp."""
    return max(s1, s2) * float(rng.uniform(0.5, 4.0))


def int16_batch(op_name, seed, out_scale=add_out_scale, nodes=20) -> Batch:
    b = Batch(seed)
    for _ in range(nodes):
        int16_node(b, op_name, out_scale)
    return b


def verify_int16_random(op_name, seed, out_scale=add_out_scale, power_of_two_nodes=0):
    """20 random int16 nodes, then `power_of_two_nodes` with zero points 0 and power-of-two scales and
    `pot_scale_int16` set: where TFLite would take its power-of-two-scale variant, TFLite Micro still takes the
    general path."""
    b = int16_batch(op_name, seed, out_scale)
    for _ in range(power_of_two_nodes):
        s1, s2 = (2.0 ** -int(b.rng.integers(8, 15)) for _ in range(2))
        so = max(s1, s2) * 2.0 ** int(b.rng.integers(0, 2))
        int16_node(b, op_name, None, pot_scale_int16=True, scales=(s1, s2, so))
    verify_model(b.build(), sets=b.sets())


def verify_int16_in_qemu(op_name, seed, out_scale=add_out_scale, board="mps2-an505", int32_nodes=0):
    """A few int16 nodes, then `int32_nodes` int32 ones (SUB, MUL: half with small values), in one firmware on a
    Cortex-M33 (ARMv8-M) board or the one given."""
    b = int16_batch(op_name, seed, out_scale, nodes=3)
    for k in range(int32_nodes):
        int32_arithmetic_node(b, op_name, small_values=k % 2 == 0)
    verify_model(b.build(), sets=b.sets(1), qemu=True, board=board)


def binary_model(
    op_name,
    types=("int8", "int8", "int8"),
    shapes=([2, 3], [2, 3], [2, 3]),
    scales=(0.05, 0.05, 0.1),
    activation=0,
    version=2,
) -> bytes:
    g = GraphBuilder()
    ids = [
        g.tensor(shape, dtype, scale if dtype != "float32" else None, 0 if dtype != "float32" else None)
        for dtype, shape, scale in zip(types, shapes, scales)
    ]
    g.op(op_name, ids[:2], [ids[2]], version=version, fusedActivationFunction=activation)
    return g.build(ids[:2], [ids[2]])


def rejects(model: bytes, reason: str):
    with pytest.raises(CheckError, match=reason):
        check(read_model(model))


def check_rejections(op_name):
    rejects(binary_model(op_name, types=("int16", "int16", "int8")), "types INT16/INT16/INT8 are not supported")
    rejects(binary_model(op_name, types=("uint8",) * 3), "types UINT8/UINT8/UINT8 are not supported")
    rejects(binary_model(op_name, types=("int8", "int8", "float32")), "types INT8/INT8/FLOAT32")
    rejects(binary_model(op_name, activation=4), "fused activation TANH is not supported")
    rejects(binary_model(op_name, shapes=([2, 3], [3, 2], [2, 3])), r"shapes \[2, 3\] and \[3, 2\] cannot be broadcast")
    rejects(binary_model(op_name, shapes=([2, 3], [1, 3], [1, 2, 1, 3])), "is not the broadcast shape")
    rejects(binary_model(op_name, shapes=([1] * 7, [1], [1] * 7)), "more than 6 dimensions")


def int32_node(b: Batch, max_rank=4):
    """One unquantized int32 ADD (TFLite Micro's plain sum): random broadcast shapes up to 4-D, full-range values
    so that sums wrap, any fused activation (ignored by the int32 path)."""
    out, s1, s2 = broadcast_shapes(b.rng, max_rank=max_rank, max_elements=96)
    x1, x2 = b.input(s1, "int32"), b.input(s2, "int32")
    b.node("ADD", [x1, x2], [b.output(out, "int32")], version=1, fusedActivationFunction=int(b.rng.integers(0, 4)))


def int32_arithmetic_node(b: Batch, op_name: str, small_values: bool, quant=None):
    """One int32 SUB or MUL (TFLite Micro's plain wrapping arithmetic, clamped to the fused activation's int32
    range): random broadcast shapes up to 6-D, values in [-8, 8] (`small_values`: the activation's bounds
    matter) or full-range (results wrap); `quant` gives every tensor a scale and zero point."""
    out, s1, s2 = broadcast_shapes(b.rng, max_rank=6, max_elements=96)
    values = (lambda rng, shape: random_values(rng, "int32", shape, -8, 8)) if small_values else None
    x1, x2 = b.input(s1, "int32", quant, values), b.input(s2, "int32", quant, values)
    activation = int(b.rng.integers(0, 4))
    b.node(op_name, [x1, x2], [b.output(out, "int32", quant)], version=1, fusedActivationFunction=activation)


def verify_int32_arithmetic(op_name: str, seed: int, quantized_nodes: int = 0):
    """20 int32 nodes of `op_name` in one model, half with small values; the first `quantized_nodes` quantized."""
    b = Batch(seed)
    for k in range(20):
        int32_arithmetic_node(b, op_name, small_values=k % 2 == 0, quant=(0.5, 3) if k < quantized_nodes else None)
    verify_model(b.build(), sets=b.sets(2))
