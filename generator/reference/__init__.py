"""reference: model bytes + input sets -> outputs from TFLite Micro's own kernels (the tflite-micro package);
custom ops run on their Python `compute` between builtin-only segments (segments.py); entries TFLite Micro leaves
unwritten are reported as mcugen writes them (unwritten.py)."""

from __future__ import annotations

import numpy as np

from ..errors import McugenError
from .unwritten import ABORTED, zero_unwritten

ARENA_BYTES = 64 * 1024 * 1024  # the host has room; TFLM needs the arena of its 64-bit build


def no_outputs(interpreter, count: int) -> list[np.ndarray]:
    """An aborted invoke's outputs as mcugen reports them: zeros of each output's shape and type."""
    return [np.zeros_like(np.array(interpreter.get_output(i))) for i in range(count)]


def reference_outputs(
    model_bytes: bytes, sets: list[list[np.ndarray]], num_outputs: int, custom_ops: list | None = None
) -> list[list[np.ndarray]]:
    try:
        from tflite_micro.python.tflite_micro import runtime
    except ImportError:
        raise McugenError("the tflite-micro package is missing; pip install tflite-micro (or `make setup`)") from None
    if custom_ops:
        from .segments import segmented_outputs

        return zero_unwritten(model_bytes, segmented_outputs(model_bytes, sets, custom_ops, ARENA_BYTES))
    interpreter = runtime.Interpreter.from_bytes(model_bytes, arena_size=ARENA_BYTES)
    results = []
    for values in sets:
        for i, value in enumerate(values):
            interpreter.set_input(value, i)
        if interpreter.invoke() == ABORTED:
            results.append(no_outputs(interpreter, num_outputs))
        else:
            results.append([np.array(interpreter.get_output(i)) for i in range(num_outputs)])
    return zero_unwritten(model_bytes, results)
