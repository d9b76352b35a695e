"""Patch-based execution of a CNN's first, memory-heavy stage (MCUNetV2): the nodes from the graph input up to a
split node run band by band of the split node's output rows, so only a band of every activation of the stage is
live at once instead of the whole tensor.

The transform is a graph rewrite the rest of the pipeline sees as an ordinary model. For each band it walks the
stage backwards to find the rows of every tensor the band needs (the receptive field with its halo, clipped to the
tensor), then emits per band: a SLICE of those rows of the graph input (whole rows of a batch-1 NHWC tensor are
one run of bytes, so the planner makes it a view: no copy), each stage node on band-sized tensors (a SLICE where a
tensor's band is taller than one reader needs), and one CONCATENATION of the bands into the split node's output
(each band written straight into its place, the planner's `input_offsets` view). A convolution of a band has its
own geometry: its input is the clipped rows, its padding before them is how far the unclipped receptive field
starts above them (the option PATCH_PAD_HEIGHT, which the conv parameters honour); taps beyond the image stay
skipped because the clipped rows end where the image does, so every output bit equals the whole node's.

The split node and the number of bands are chosen to minimise the planned arena, among the choices whose
recomputed halo MACs stay under a cap (a percentage of the model's MACs). Planning is not rewrite's to do: the
caller (plan/memory.py) passes `choose` an oracle, a function that checks and plans a candidate graph, and this
module never imports plan/."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np

from ..catalog.windows import PATCH_PAD_HEIGHT, geometry_fields, pad_before
from ..check import CheckedGraph
from ..model import Graph, Operator, Tensor
from ..model.graph import DTYPES
from .flatbuffer import write_graph
from .work import Work

WINDOWED = ("CONV_2D", "DEPTHWISE_CONV_2D", "AVERAGE_POOL_2D", "MAX_POOL_2D")
POOLS = ("AVERAGE_POOL_2D", "MAX_POOL_2D")
ELEMENTWISE = ("QUANTIZE", "DEQUANTIZE", "ADD", "MUL", "RELU", "RELU6", "RELU_N1_TO_1", "LOGISTIC", "TANH")
SLICE_CODE, CONCATENATION_CODE, INT32 = 65, 2, DTYPES[2]
DEFAULT_OVERHEAD = 10.0  # percent of the model's MACs the recomputed halos may add
MAX_BANDS = 10  # one CONCATENATION joins the bands, and TFLite Micro concatenates at most 10 inputs
# The oracle the caller passes: a candidate graph's plan (anything with an arena_size), None when the graph does not
# check.
PlanOracle = Callable[[Graph], object]


@dataclass
class PatchChoice:
    split: int  # the last node of the stage (its output is split into bands)
    split_op: str
    bands: int  # 0: no patches (nothing found below the cap that lowers the arena)
    arena_before: int
    arena_after: int
    mac_overhead: float  # percent of the model's MACs
    cap: float  # on mac_overhead (inf: none, --memory auto without --patch-overhead)
    tried: list  # per split node considered, its best band count (_Tried)
    reason: str
    # --memory auto: the chosen plan's estimated instructions over the --memory layer plan's, in percent (cost.py),
    # and the cap on them; None otherwise
    instructions: float | None = None
    instructions_cap: float | None = None

    def describe(self) -> str:
        if not self.bands:
            head = f"patches: none ({self.reason})"
        else:
            mac_cap = f" (cap {self.cap:g} %)" if self.cap != float("inf") else ""
            head = (
                f"patches: nodes 0..{self.split} (up to {self.split_op}) in {self.bands} row bands of node "
                f"{self.split}'s output; arena {self.arena_before:,} -> {self.arena_after:,} B, "
                f"+{self.mac_overhead:.1f} % MACs recomputed in halos{mac_cap}; {self.reason}"
            )
        if self.instructions is not None:
            head += (
                f"\nplan: {self.instructions:+.1f} % instructions over --memory layer (estimated; cap "
                f"{self.instructions_cap:g} % for overlaps and patches together)"
            )
        return "\n".join([head, *(f"  split after {t.line()}" for t in self.tried)])

    def summary(self) -> dict:
        """The choice as JSON fields (an absent MAC cap as null)."""
        fields = {k: v for k, v in vars(self).items() if k != "tried"}
        fields["cap"] = None if self.cap == float("inf") else self.cap
        return {**fields, "splits": [vars(t) for t in self.tried]}


def _activations(graph: Graph, op: Operator) -> list[int]:
    """The input slots of a stage node that carry rows of the image (the others are constants)."""
    return [0] if op.op_name in WINDOWED else [k for k, t in enumerate(op.inputs) if t >= 0]


def _is_band_op(graph: Graph, op: Operator, produced: set[int]) -> bool:
    if op.op_name not in (*WINDOWED, *ELEMENTWISE) or len(op.outputs) != 1:
        return False
    out = graph.tensors[op.outputs[0]]
    if len(out.shape) != 4 or out.shape[0] != 1 or out.data is not None:
        return False
    if op.op_name in WINDOWED:
        rest = [t for t in op.inputs[1:] if t >= 0]
        return op.inputs[0] in produced and all(graph.tensors[t].data is not None for t in rest)
    # elementwise: every input a stage activation of the output's shape (no broadcast, no constants)
    return all(t in produced and graph.tensors[t].shape == out.shape for t in op.inputs)


def split_candidates(graph: Graph) -> list[int]:
    """The nodes a stage can end at: the model's first nodes all run band by band, and nothing after the node
    reads a tensor of the stage but the node's output."""
    if len(graph.inputs) != 1 or len(graph.subgraphs or [graph]) > 1:
        return []
    image = graph.tensors[graph.inputs[0]]
    if len(image.shape) != 4 or image.shape[0] != 1:
        return []
    produced, candidates = {image.index}, []
    for i, op in enumerate(graph.operators):
        if not _is_band_op(graph, op, produced):
            break
        produced.add(op.outputs[0])
        later = {t for o in graph.operators[i + 1 :] for t in o.inputs} | set(graph.outputs)
        if later & produced == {op.outputs[0]} and graph.tensors[op.outputs[0]].shape[1] >= 2:
            candidates.append(i)
    return candidates


def _input_rows(graph: Graph, op: Operator, rows: tuple[int, int]) -> tuple[int, int]:
    """The input rows (unclipped: may start above 0 or end below the image) output rows [start, end) read."""
    if op.op_name not in WINDOWED:
        return rows
    inp, out, o = graph.tensors[op.inputs[0]], graph.tensors[op.outputs[0]], op.options
    if op.op_name in POOLS:
        taps, dilation = o["filter_height"], 1
        pad = pad_before(inp.shape[1], taps, o["stride_h"], 1, out.shape[1])
    else:
        taps, dilation = graph.tensors[op.inputs[1]].shape[1], o.get("dilation_h_factor", 1)
        pad = geometry_fields(op, inp, graph.tensors[op.inputs[1]].shape[1:3], out)["pad_height"]
    return rows[0] * o["stride_h"] - pad, (rows[1] - 1) * o["stride_h"] - pad + (taps - 1) * dilation + 1


@dataclass
class _Band:
    rows: dict[int, tuple[int, int]]  # tensor -> its rows this band computes (or slices, for the graph input)
    reads: dict[tuple[int, int], tuple[int, int, int]]  # (node, slot) -> clipped rows it reads, unclipped start


def _bands(graph: Graph, split: int, count: int) -> list[_Band]:
    height = graph.tensors[graph.operators[split].outputs[0]].shape[1]
    edges = [height * b // count for b in range(count + 1)]
    bands = []
    for start, end in zip(edges, edges[1:]):
        band = _Band({graph.operators[split].outputs[0]: (start, end)}, {})
        for op in reversed(graph.operators[: split + 1]):
            rows = band.rows.get(op.outputs[0])
            if rows is None:
                continue
            first, last = _input_rows(graph, op, rows)
            for slot in _activations(graph, op):
                t = op.inputs[slot]
                lo, hi = max(first, 0), min(last, graph.tensors[t].shape[1])
                band.reads[(op.index, slot)] = (lo, hi, first)
                old = band.rows.get(t, (lo, hi))
                band.rows[t] = (min(old[0], lo), max(old[1], hi))
        bands.append(band)
    return bands


def _with_rows(tensor: Tensor, rows: tuple[int, int]) -> Tensor:
    return replace(tensor, shape=(1, rows[1] - rows[0], *tensor.shape[2:]), data=None)


def _work(kernel, op: Operator, inputs, outputs) -> int:
    """A node's work: its MACs, or for a node without (QUANTIZE, ADD, pooling) one per output element."""
    return kernel.macs(op, inputs, outputs) or sum(t.num_elements for t in outputs)


def mac_overhead(checked: CheckedGraph, split: int, count: int) -> float:
    """The work the bands' nodes do beyond the stage's own, in percent of the model's (MACs, and one per
    output element of a node without MACs: recomputing a float QUANTIZE's halo rows costs too)."""
    graph, kernels = checked.graph, checked.kernels
    total = sum(_work(kernels[op.index], op, *graph.node_io(op)) for op in graph.operators)
    stage = sum(_work(kernels[op.index], op, *graph.node_io(op)) for op in graph.operators[: split + 1])
    banded = 0
    for band in _bands(graph, split, count):
        for op in graph.operators[: split + 1]:
            if op.outputs[0] not in band.rows:
                continue
            inputs, outputs = graph.node_io(op)
            for slot in _activations(graph, op):
                inputs[slot] = _with_rows(inputs[slot], band.reads[(op.index, slot)][:2])
            banded += _work(kernels[op.index], op, inputs, [_with_rows(outputs[0], band.rows[op.outputs[0]])])
    return 100.0 * (banded - stage) / total if total else 0.0


class _Builder:
    """Adds tensors and nodes to a Work."""

    def __init__(self, work: Work):
        self.work = work

    def tensor(self, like: Tensor, name: str, rows: tuple[int, int] | None = None, data=None) -> int:
        index = len(self.work.tensors)
        shape = like.shape if rows is None else (1, rows[1] - rows[0], *like.shape[2:])
        self.work.tensors.append(replace(like, index=index, name=name, shape=shape, data=data, data_offset=None))
        return index

    def constant(self, name: str, values: list[int]) -> int:
        array = np.array(values, dtype=np.int32)
        like = Tensor(0, name, array.shape, INT32, None, None)
        return self.tensor(like, name, data=array.tobytes())

    def slice_rows(self, source: int, start: int, rows: tuple[int, int], name: str) -> tuple[Operator, int]:
        """A SLICE of rows [rows) of `source`, whose first row is row `start` of the whole tensor."""
        like = self.work.tensors[source]
        out = self.tensor(like, name, rows)
        begin = self.constant(f"{name}/begin", [0, rows[0] - start, 0, 0])
        size = self.constant(f"{name}/size", [1, rows[1] - rows[0], *like.shape[2:]])
        return Operator(-1, "SLICE", SLICE_CODE, 1, None, [source, begin, size], [out]), out


def patched_graph(graph: Graph, split: int, count: int, write: bool = True) -> Graph | None:
    """The graph with nodes 0..split run in `count` row bands of node split's output, written as a model and
    read back (None when the model cannot be written back), or with `write=False` only built in memory."""
    height = graph.tensors[graph.operators[split].outputs[0]].shape[1]
    if not 2 <= count <= height:
        raise ValueError(f"node {split}'s {height} output rows make 2 to {height} bands, not {count}")
    work, bands = Work(graph), _bands(graph, split, count)
    build, image = _Builder(work), graph.inputs[0]
    stage_ops, rest = work.operators[: split + 1], work.operators[split + 1 :]
    nodes, overrides, pieces = [], {}, []
    for b, band in enumerate(bands):
        local: dict[int, int] = {}  # tensor -> this band's tensor
        if image in band.rows:
            node, local[image] = build.slice_rows(image, 0, band.rows[image], f"patch{b}/input")
            nodes.append(node)
        for op in stage_ops:
            if op.outputs[0] not in band.rows:
                continue
            inputs = list(op.inputs)
            for slot in _activations(graph, op):
                t, (lo, hi, first) = op.inputs[slot], band.reads[(op.index, slot)]
                inputs[slot] = local[t]
                if (lo, hi) != band.rows[t]:
                    node, inputs[slot] = build.slice_rows(
                        local[t], band.rows[t][0], (lo, hi), f"patch{b}/{op.index}/{slot}"
                    )
                    nodes.append(node)
                if op.op_name in WINDOWED:
                    overrides[len(nodes)] = lo - first
            out = op.outputs[0]
            local[out] = build.tensor(graph.tensors[out], f"patch{b}/{graph.tensors[out].name}", band.rows[out])
            nodes.append(replace(op, inputs=inputs, outputs=[local[out]], options=dict(op.options)))
        pieces.append(local[stage_ops[-1].outputs[0]])
    concat = Operator(-1, "CONCATENATION", CONCATENATION_CODE, 1, None, pieces, [stage_ops[-1].outputs[0]])
    concat.options = {"axis": 1, "fused_activation_function": 0}
    work.operators = [*nodes, concat, *rest]
    patched = write_graph(work) if write else _in_memory(work)
    if patched is not None:
        for position, pad in overrides.items():
            patched.operators[position].options[PATCH_PAD_HEIGHT] = pad
    return patched


def _in_memory(work: Work) -> Graph:
    """The graph write_graph would read back (the same tensors in the same order), without the flatbuffer:
    what a candidate's plan needs, at a fraction of the cost. Its model bytes are the original's."""
    kept = sorted(
        {t for op in work.operators for t in [*op.inputs, *op.outputs] if t >= 0} | {*work.inputs, *work.outputs}
    )
    new = {old: i for i, old in enumerate(kept)}
    tensors = [replace(work.tensors[old], index=i) for i, old in enumerate(kept)]
    operators = [
        replace(op, index=i, inputs=[new.get(t, -1) for t in op.inputs], outputs=[new[t] for t in op.outputs])
        for i, op in enumerate(work.operators)
    ]
    inputs, outputs = [new[t] for t in work.inputs], [new[t] for t in work.outputs]
    return Graph(tensors, operators, inputs, outputs, work.graph.model_bytes, work.graph.description)


@dataclass
class _Tried:
    """The best band count of one split under the cap, or why it has none."""

    split: int
    bands: int = 0
    arena: int = 0
    overhead: float = 0.0
    note: str = ""

    def line(self) -> str:
        if self.note:
            return f"node {self.split}: {self.note}"
        return f"node {self.split}: {self.bands} bands, {self.arena:,} B, +{self.overhead:.1f} % MACs"


def _best_bands(checked: CheckedGraph, split: int, cap: float, floor: int, plan_of, fits) -> tuple[_Tried, object]:
    """The band count of `split` with the smallest planned arena under the MAC cap whose plan `fits` (the
    instruction cap). `floor` is the best arena so far: a split whose input and output alone reach it is not
    planned (both are live while the last band runs). More bands only recompute more and call more, so the count
    stops growing at the first that passes either cap."""
    graph = checked.graph
    out = graph.tensors[graph.operators[split].outputs[0]]
    tried, best_plan = _Tried(split), None
    if graph.tensors[graph.inputs[0]].nbytes + out.nbytes >= floor:
        tried.note = f"its input and output alone take {floor:,} B or more"
        return tried, None
    for count in range(2, min(out.shape[1], MAX_BANDS) + 1):
        overhead = mac_overhead(checked, split, count)
        if overhead > cap:
            if count == 2:
                tried.note = f"2 bands already recompute +{overhead:.1f} % MACs"
            break
        patched = patched_graph(graph, split, count, write=False)
        candidate = plan_of(patched) if patched is not None else None
        if candidate is not None and not fits(candidate):
            if count == 2:
                tried.note = "2 bands already pass the instruction cap"
            break
        if candidate is not None and (best_plan is None or candidate.arena_size < tried.arena):
            tried, best_plan = _Tried(split, count, candidate.arena_size, overhead), candidate
    return tried, best_plan


def choose(
    checked: CheckedGraph,
    base_arena: int,
    cap: float,
    plan_of: PlanOracle,
    fits: Callable[[object], bool] = lambda plan: True,
    limit: str = "",
    draft_of: PlanOracle | None = None,
):
    """The (split, bands) with the smallest planned arena among those whose MAC overhead is at most `cap`
    percent and whose plan `fits` (`limit` names that cap in the reasons), as (PatchChoice, its plan or None when
    nothing beats the unpatched arena). `plan_of` is the caller's oracle (PlanOracle); candidates are ranked by
    `draft_of`'s plans (by default `plan_of`'s), a cheaper draft whose arena the full plan never exceeds; only the
    chosen one is planned in full."""
    graph = checked.graph
    none = PatchChoice(-1, "", 0, base_arena, base_arena, 0.0, cap, [], "")
    if any(op.is_custom for op in graph.operators):
        return replace(none, reason="the model has custom ops"), None
    splits = split_candidates(graph)
    if not splits:
        return replace(none, reason="no leading chain of convolutions and elementwise nodes from the input"), None
    best, tried = None, []
    for split in splits:
        floor = best.arena if best else base_arena
        found, found_plan = _best_bands(checked, split, cap, floor, draft_of or plan_of, fits)
        tried.append(found)
        if found_plan is not None and (best is None or found.arena < best.arena):
            best = found
    caps = " and ".join(c for c in (f"the {cap:g} % MAC cap" if cap != float("inf") else "", limit) if c)
    if best is None or best.arena >= base_arena:
        return replace(none, tried=tried, reason=f"no split lowers the arena under {caps}"), None
    written = patched_graph(graph, best.split, best.bands)
    if written is None:
        return replace(none, tried=tried, reason="the patched model could not be written"), None
    chosen = plan_of(written)
    if chosen is None:
        return replace(none, tried=tried, reason="the patched model does not check"), None
    if not fits(chosen):  # its full plan chose another layout (a copy where the draft had a view)
        return replace(none, tried=tried, reason=f"the best split's full plan passes {limit}"), None
    best.arena = chosen.arena_size  # the full plan's, never above the draft's the split lines show
    op_name = graph.operators[best.split].op_name
    why = f"the smallest arena among {len(splits)} split nodes under {caps}"
    choice = PatchChoice(best.split, op_name, best.bands, base_arena, chosen.arena_size, best.overhead, cap, tried, why)
    return choice, chosen
