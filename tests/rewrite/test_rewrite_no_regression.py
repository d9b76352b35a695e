"""No bundled model gets worse with the rewrite stage on (issue 19, "no bundled model regresses"): on the host,
each zoo model (the int8 MLPerf Tiny and TFLite Micro example models, and sine_float) planned rewritten and as
given (--no-rewrite), for the reference kernels and the M4's dsp backend: neither the arena nor the model's bytes
in flash may grow. (docs/benchmarks.md's rewrite rows measure the firmware and instructions in QEMU.)"""

import pytest

from generator import zoo
from generator.boards import load_board
from generator.pipeline import Options, load_model, rewrite_stage
from generator.plan import plan

BOARD = load_board("mps2-an386")


@pytest.mark.parametrize("name", zoo.NAMES)
def test_rewrites_never_make_a_bundled_model_worse(name):
    graph = load_model(zoo.resolve(name))
    for backend in ("reference", "auto"):
        on = rewrite_stage(graph, Options(BOARD, backend=backend)).checked
        off = rewrite_stage(graph, Options(BOARD, backend=backend, rewrite=False)).checked
        assert plan(on).arena_size <= plan(off).arena_size, f"{name} ({backend})"
        assert len(on.graph.model_bytes) <= len(off.graph.model_bytes), f"{name} ({backend})"
        assert len(on.graph.operators) <= len(off.graph.operators)
