"""Small models for the rewrite tests (built with modelkit) and the check that a rewrite changed nothing: the
model as given and the rewritten one give the same bits on the same inputs, each through a real reference."""

from __future__ import annotations

import numpy as np

from generator.model import Graph, read_model
from generator.pipeline import random_sets
from generator.reference import reference_outputs
from generator.reference.fallback import litert_outputs
from generator.rewrite import Rewritten, rewrite


def rewritten(model: bytes) -> Rewritten:
    return rewrite(read_model(model))


def ops(graph: Graph) -> list[str]:
    return [op.op_name for op in graph.operators]


def inputs_of(graph: Graph, count: int = 3, seed: int = 0) -> list[list[np.ndarray]]:
    from generator.emit.project import _io

    return random_sets(_io(graph, graph.inputs), count, seed)


def assert_same_bits(result: Rewritten, given_on_litert: bool = False) -> None:
    """The model as given (on TFLite Micro, or LiteRT's reference kernels where TFLM refuses it) and the
    rewritten model (on TFLite Micro) agree bit for bit."""
    sets = inputs_of(result.original)
    outputs = len(result.original.outputs)
    before = (
        litert_outputs(result.original.model_bytes, sets)
        if given_on_litert
        else reference_outputs(result.original.model_bytes, sets, outputs)
    )
    after = reference_outputs(result.graph.model_bytes, sets, outputs)
    for set_before, set_after in zip(before, after):
        for b, a in zip(set_before, set_after):
            assert b.dtype == a.dtype and b.shape == a.shape
            assert np.array_equal(b.view(np.uint8), a.view(np.uint8)), f"{b.reshape(-1)[:8]} != {a.reshape(-1)[:8]}"
