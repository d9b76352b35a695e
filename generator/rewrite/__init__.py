"""rewrite: a graph -> the same computation in fewer nodes, and the list of what changed.

It runs after check and before plan (stage.py, wired in pipeline.rewrite_stage): sparse constants stored dense
(densify.py), constant folding (fold.py),
zero padding into convolutions (fold_pad.py), activation fusion (fuse_activation.py), cancelling
DEQUANTIZE/QUANTIZE pairs (cancel_quantize.py) and dead nodes (dead.py), after float16 weights chosen to stay
float16 in flash lose their DEQUANTIZE (float16.py), each a function over a mutable copy
of the graph (work.py), until none changes anything; the result is written as a new flatbuffer
(flatbuffer.py) and read back, so plan, emit and the references see an ordinary model. Every rewrite keeps
every output bit the same (docs/rewrite.md says why for each)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..model import Graph
from .cancel_quantize import cancel_quantize_pairs
from .dead import drop_dead_nodes
from .densify import densify_constants
from .flatbuffer import write_graph
from .float16 import FOLD_UNLESS_TIGHT, Float16Policy, keep_float16_weights
from .fold import fold_constants
from .fold_pad import fold_pads
from .fuse_activation import fuse_activations
from .work import Rewrite, Work

PASSES = (fold_constants, fold_pads, fuse_activations, cancel_quantize_pairs, drop_dead_nodes)
MAX_ROUNDS = 8  # each round removes nodes; real graphs settle in two or three


@dataclass
class Rewritten:
    original: Graph
    graph: Graph  # the original itself when nothing was rewritten
    rewrites: list[Rewrite] = field(default_factory=list)
    kept: list[int] = field(default_factory=list)  # the original node number of each node of `graph`

    def removed(self) -> dict[int, Rewrite]:
        """Each original node the rewrites took out (folded, fused into another, cancelled, dead)."""
        gone = set(range(len(self.original.operators))) - set(self.kept)
        return {n: r for r in self.rewrites for n in r.nodes if n in gone}

    def savings(self) -> dict:
        """What the rewrites saved, before minus after: nodes, bytes of constants, bytes of the model in flash."""

        def constants(g: Graph) -> int:
            return sum(len(t.data) for t in g.tensors if t.data is not None)

        return {
            "nodes": len(self.original.operators) - len(self.graph.operators),
            "constant_bytes": constants(self.original) - constants(self.graph),
            "model_bytes": len(self.original.model_bytes) - len(self.graph.model_bytes),
            # flash that float16 weights kept in flash save against folding them to float32
            "float16_kept_bytes": sum(
                self.original.tensors[self.original.operators[n].inputs[0]].nbytes
                for r in self.rewrites
                if r.kind == "keep"
                for n in r.nodes
            ),
        }


def rewrite(graph: Graph, float16: Float16Policy = FOLD_UNLESS_TIGHT) -> Rewritten:
    """The graph with every rewrite applied, float16 weights kept in flash as `float16` chooses. Models of
    several subgraphs are left as they are, and so are malformed ones a rewrite trips over (check's own messages
    say what is wrong with them)."""
    unchanged = Rewritten(graph, graph, [], list(range(len(graph.operators))))
    if len(graph.subgraphs or [graph]) > 1:
        return unchanged
    work = Work(graph)
    try:
        rewrites = densify_constants(work) + keep_float16_weights(work, float16)
        for _ in range(MAX_ROUNDS):
            found = [r for rewrite_pass in PASSES for r in rewrite_pass(work)]
            if not found:
                break
            rewrites += found
    except (ArithmeticError, AttributeError, IndexError, KeyError, TypeError, ValueError):
        return unchanged
    written = write_graph(work) if rewrites else None
    if written is None:
        return unchanged
    return Rewritten(graph, written, rewrites, [op.index for op in work.operators])


__all__ = ["Float16Policy", "Rewrite", "Rewritten", "rewrite"]
