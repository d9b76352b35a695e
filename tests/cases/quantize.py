"""Case builders of the quantize tests that other test modules use too."""

import numpy as np
from op_cases import Batch, random_values

from kernel_harness import rand_scale

ZERO_POINTS = {"int8": (-128, 127), "uint8": (0, 255), "int16": (0, 0), "int32": (-1000, 1000)}


INPUT_SCALES = {"int16": (1e-4, 1e-2), "int32": (1e-7, 1e-5)}


def quant_for(rng, dtype: str, scale: float) -> tuple[float, int]:
    low, high = ZERO_POINTS[dtype]
    return scale, int(rng.integers(low, high + 1))


def output_scale(rng, in_type: str, in_scale: float, out_type: str) -> float:
    """An output scale that maps the input's range onto the output type's, within a factor of two either way."""
    if in_type == "float32":
        return 8.0 / (128.0 if out_type == "int8" else 32768.0) * float(rng.uniform(0.5, 2.0))
    widen = {
        ("int8", "int16"): 2.0**-8,
        ("int16", "int8"): 2.0**8,
        ("int8", "int32"): 2.0**-16,
        ("int16", "int32"): 2.0**-8,
        ("int32", "int8"): 2.0**16,
        ("int32", "int16"): 2.0**8,
    }.get((in_type, out_type), 1.0)
    return in_scale * widen * float(rng.uniform(0.5, 2.0))


def quantize_node(b: Batch, in_type: str, out_type: str, shape, same_scale=False):
    """One QUANTIZE node; `same_scale`: int8 <-> uint8 at one scale, zero points 128 apart (TFLite's bit flip)."""
    in_quant = None
    in_scale = 0.0
    values = None
    if in_type != "float32":
        in_scale = rand_scale(b.rng, *INPUT_SCALES.get(in_type, (0.005, 0.2)))
        in_quant = quant_for(b.rng, in_type, in_scale)
        if same_scale:
            in_quant = (in_scale, int(b.rng.integers(-128, 128)) if in_type == "int8" else int(b.rng.integers(0, 256)))
    if same_scale:
        out_quant = (in_scale, in_quant[1] + (128 if out_type == "uint8" else -128))
    else:
        out_quant = quant_for(b.rng, out_type, output_scale(b.rng, in_type, in_scale, out_type))
    if in_type == "int32":
        values = int32_values(in_quant[1], int(b.rng.integers(2**10, 2**16)))
    x = b.input(shape, in_type, in_quant, values)
    b.node("QUANTIZE", [x], [b.output(shape, out_type, out_quant)], version=2 if out_type == "int16" else 1)


def int32_values(zero_point: int, spread: int):
    """int32 inputs: zero point +- spread << 8 (4 to 256 int8 steps at the scales above), but the first and last
    element the ends of the int32 range."""

    def draw(rng, shape):
        values = random_values(rng, "int32", shape, zero_point - (spread << 8), zero_point + (spread << 8))
        flat = values.reshape(-1)
        if flat.size >= 2:
            flat[0], flat[-1] = np.iinfo(np.int32).min, np.iinfo(np.int32).max
        return values

    return draw


def dequantize_node(b: Batch, in_type: str, shape):
    scale = rand_scale(b.rng, 1e-4, 1e-2) if in_type == "int16" else rand_scale(b.rng, 0.005, 0.2)
    x = b.input(shape, in_type, quant_for(b.rng, in_type, scale))
    version = {"int8": 2, "int16": 3, "uint8": 1}[in_type]
    b.node("DEQUANTIZE", [x], [b.output(shape, "float32")], version=version)
