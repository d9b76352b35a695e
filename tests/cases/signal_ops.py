"""Case builders of the signal_ops tests that other test modules use too."""

import numpy as np
from flatbuffers import flexbuffers
from op_cases import Batch


def custom(b: Batch, name: str, inputs, outputs, options: dict | None) -> None:
    index = b.g.op("CUSTOM", inputs, outputs, custom_code=name)
    if options is not None:
        b.g.graph.operators[index].customOptions = list(flexbuffers.Dumps(options))


def int16_values(rng, shape):
    """Full range, quiet or silent, sometimes with a lone -32768 (the corners of saturation and auto-scale)."""
    kind = rng.integers(0, 4)
    amplitude = [32768, int(rng.integers(1, 300)), 0, 32768][kind]
    values = rng.integers(-amplitude, amplitude, size=shape, endpoint=True).clip(-32768, 32767)
    if kind == 3:
        values.reshape(-1)[int(rng.integers(0, values.size))] = -32768
    return values.astype(np.int16)
