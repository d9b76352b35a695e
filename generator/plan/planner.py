"""Builds the Plan: every node's kernel and parameters, every activation's arena offset.

Tensors that can share bytes form one storage group: a view op's output with its input, and an in-place
output with the input it overwrites when that input dies at the node, or partly overlaps (overlaps.py). A
member may sit at a byte offset in its group (a SLICE or SPLIT output inside its input, a CONCATENATION input
inside the output, an overlapping output below or above its input). Each group is one buffer covering every
member (groups.py); the placer then puts every buffer in the arena.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace

from ..catalog import KernelSpec, NodeParams
from ..catalog.spec import KERNEL_STATE, OVERLAPPED
from ..check import CheckedGraph
from ..errors import McugenError
from ..model import Graph
from .arena import ALIGNMENT, Buffer, LiveBytes, check_placement, lower_bound, place
from .groups import BEFORE_FIRST_NODE, Groups, extent, inplace_candidate, storage_buffers
from .in_place import InPlaceWeights, weights_in_place
from .lean import lean_orders
from .overlaps import Overlap, overlap_join, overlap_problems


@dataclass
class NodePlan:
    index: int
    op_name: str  # e.g. "FULLY_CONNECTED", or the custom op's name
    version: int
    kernel: KernelSpec
    params: NodeParams
    scratch_bytes: int
    scratch_offset: int  # -1 when the kernel declares no scratch
    refusal: str | None = None  # why the backends before its kernel's did not take the node (CheckedGraph.refusals)


@dataclass
class LeanOrder:
    """Node `node` runs its kernel's lean order (KernelSpec.lean_scratch): `scratch_bytes` of scratch instead of the
    usual order's `usual_bytes`."""

    node: int
    op_name: str
    scratch_bytes: int
    usual_bytes: int


@dataclass
class Plan:
    graph: Graph
    nodes: list[NodePlan]
    tensor_offsets: list[int | None]  # arena offset of each tensor, None for constants
    buffers: list[Buffer]  # every placed buffer (storage groups and scratch)
    arena_size: int
    lower_bound: int
    heuristic: str  # the placement that won
    shared: dict[int, int]  # tensor -> the tensor whose bytes it reuses (views, in-place)
    tensor_buffers: dict[int, Buffer]  # tensor -> its storage group's buffer (non-constant tensors)
    order: list[int]  # execution order (operator indices); buffer lifetimes are positions in it
    # Every subgraph's plan, this one first. The primary plan's arena_size and lower_bound cover them all: each
    # other subgraph has its own part of the arena above the primary's (a subgraph runs inside a node of
    # another, so their buffers may be live together), and its offsets count from the arena's start.
    subgraphs: list[Plan] = field(default_factory=list, repr=False, compare=False)
    variables: list[PlacedVariable] = field(default_factory=list)  # the persistent region's contents
    persistent_size: int = 0  # bytes of state kept across invokes, apart from the arena
    kernel_states: int = 0  # how many nodes keep a kernel state in the persistent region (beside the variables)
    patches: object = None  # rewrite/patches.PatchChoice when patch-based execution was considered
    overlaps: list[Overlap] = field(default_factory=list)  # outputs placed partly over their inputs
    # The views of `view_offsets` and `input_offsets` among `shared` (part -> the tensor it sits in): nodes that
    # copy nothing, or less (cost.py).
    views: dict[int, int] = field(default_factory=dict)
    memory: str = "auto"  # the --memory choice it was planned under (memory.MEMORY_CHOICES)
    # Rearranged weights written over their own buffers in the firmware's copy of the model (in_place.py).
    in_place: list[InPlaceWeights] = field(default_factory=list)
    priority: list[str] = field(default_factory=list)  # the backends the kernels were chosen from (CheckedGraph)
    lean: list[LeanOrder] = field(default_factory=list)  # nodes in their kernel's lean order

    @property
    def all_nodes(self) -> list[NodePlan]:
        """Every subgraph's nodes, subgraph 0's first: the order of the firmware's node tables."""
        return [node for sub in self.subgraphs or [self] for node in sub.nodes]

    @property
    def kernels(self) -> list[KernelSpec]:
        """The distinct kernels the model uses (one per op and backend), in order of first use."""
        seen: dict[tuple[str, str], KernelSpec] = {}
        for node in self.all_nodes:
            seen.setdefault((node.kernel.op, node.kernel.backend), node.kernel)
        return list(seen.values())

    @property
    def backends(self) -> list[str]:
        """The backends in use, reference first: a node's backend id is its index here."""
        used = {node.kernel.backend for node in self.all_nodes}
        return sorted(used, key=lambda b: (b != "reference", b))


@dataclass
class PlacedVariable:
    id: int
    name: str  # its shared_name
    dtype: str
    nbytes: int
    offset: int  # in the persistent region


def _output_views(graph: Graph, op, kernel: KernelSpec, groups: Groups) -> list[tuple[int, int, int]]:
    """(input, output, the output's byte offset in the input) for every output of a node whose outputs are runs
    of an input's bytes (`view_offsets`), when all of them can sit there: fresh, word-aligned, in an arena input."""
    inputs, outs = graph.node_io(op)
    found = kernel.view_offsets(op, inputs, outs)
    source = inputs[found[0]] if found is not None else None
    if source is None or source.data is not None or source.is_variable or len(found[1]) != len(outs):
        return []
    for out, at in zip(outs, found[1]):
        fresh = out.index in groups.parent and groups.root(out.index) == out.index != source.index
        if not fresh or at % ALIGNMENT or at + out.nbytes > source.nbytes:
            return []
    return [(source.index, out.index, at) for out, at in zip(outs, found[1])]


def _inputs_in_output(graph: Graph, op, kernel: KernelSpec, groups: Groups, readers: Counter):
    """(output, input, the input's byte offset in the output) for each input of a node that lays its inputs end
    to end (`input_offsets`) whose producer can write it straight into the output: made by an earlier node, read
    by this node alone and once, not a graph output, sharing bytes with nothing yet, word-aligned."""
    inputs, outs = graph.node_io(op)
    offsets = kernel.input_offsets(op, inputs, outs)
    out = op.outputs[0] if op.outputs else -1
    if offsets is None or out not in groups.parent or groups.members(groups.root(out)) != [out]:
        return []
    return [
        (out, t.index, at)
        for t, at in zip(inputs, offsets)
        if t is not None
        and t.data is None
        and not t.is_variable
        and groups.first.get(t.index, BEFORE_FIRST_NODE) >= 0
        and t.index not in graph.outputs
        and readers[t.index] == 1
        and groups.members(groups.root(t.index)) == [t.index]
        and at % ALIGNMENT == 0
    ]


def _join_views(graph: Graph, op, kernel: KernelSpec, groups: Groups, readers: Counter, extents: dict, live: LiveBytes):
    """Joins a node's views (docs/kernels.md, "Views"); returns them (part -> the tensor it sits in) with the
    extents and live bytes after the joins. A view of all the same bytes always joins, like RESHAPE; one at an
    offset or of a part only when that does not raise the lower bound (the whole group stays live while any
    member is)."""
    joins = _output_views(graph, op, kernel, groups) or _inputs_in_output(graph, op, kernel, groups, readers)
    if not joins:
        return {}, extents, live
    tensors = graph.tensors
    whole = all(at == 0 and tensors[kept].nbytes == tensors[part].nbytes for kept, part, at in joins)
    old_roots = {groups.root(t) for kept, part, _ in joins for t in (kept, part)}
    for kept, part, at in joins:
        groups.join(kept, part, at)
    new_roots = {groups.root(r) for r in old_roots}
    trial = {r: e for r, e in extents.items() if r not in old_roots} | {r: extent(graph, groups, r) for r in new_roots}
    trial_live = live.swapped([extents[r] for r in old_roots], [trial[r] for r in new_roots])
    if not whole and trial_live.peak > live.peak:
        for kept, part, _ in reversed(joins):
            groups.undo_join(kept, part)
        return {}, extents, live
    return {part: kept for kept, part, _ in joins}, trial, trial_live


def _share_storage(
    graph: Graph,
    kernels: list[KernelSpec],
    groups: Groups,
    order: list[int],
    views: dict | None = None,
    overlaps: list[Overlap] | None = None,
    costly: bool = False,
    narrowing: bool = True,
) -> dict[int, int]:
    """Views always share; an in-place output shares only when that does not raise the lower bound
    (sharing makes the larger of the two buffers live for both lifetimes). With `narrowing` False, an output
    smaller than its input shares none of its bytes (in place or overlapping). Given a dict `views`, the views of
    `view_offsets` and `input_offsets` share too, and are recorded there as well. Given a list `overlaps`, an
    output that cannot take its input's bytes whole may overlap them (KernelSpec.overlap), recorded there, when
    that does not raise the bound and the joined group is no larger than the bound was: each overlap moves the
    output off its input, so a chain of them may drift and its group span the sum of their distances, which the
    bound does not see (and no placement can put a group in less than its size). Only the joined group's
    extent changes at a step, so the extents are kept and updated rather than rebuilt."""
    shared = {}
    readers = Counter(t for op in graph.operators for t in op.inputs if t >= 0)
    extents = {root: extent(graph, groups, root) for root in groups.roots()}
    live = LiveBytes(extents.values())
    for step, index in enumerate(order):
        op, kernel = graph.operators[index], kernels[index]
        joined_views = {}
        if views is not None:
            joined_views, extents, live = _join_views(graph, op, kernel, groups, readers, extents, live)
        if joined_views:
            views.update(joined_views)
            shared.update(joined_views)
            continue
        out = op.outputs[0] if op.outputs else -1
        if out not in groups.parent or groups.root(out) != out:
            continue
        source = inplace_candidate(graph, op, step, kernel, groups)
        if source is not None and not narrowing and _smaller(graph, out, source.index):
            source = None
        if source is not None:
            roots = {groups.root(source.index), out}
            groups.join(source.index, out)
            kept = _keep_if_no_worse(graph, groups, extents, live, roots, kernel.view)
            if kept is not None:
                extents, live = kept
                shared[out] = source.index
                continue
        roots = {groups.root(op.inputs[0]) if op.inputs and op.inputs[0] in groups.parent else out, out}
        narrow = not narrowing and bool(op.inputs) and _smaller(graph, out, op.inputs[0])
        found = overlap_join(graph, op, step, kernel, groups, costly) if overlaps is not None and not narrow else None
        if found is not None:
            before = live.peak
            kept = _keep_if_no_worse(graph, groups, extents, live, roots, False)
            if kept is not None and kept[0][groups.root(out)].size > before:
                groups.undo_join(groups.root(out), (roots - {groups.root(out)}).pop())
                kept = None
            if kept is None:
                groups.overlapping.discard(out)
            else:
                extents, live = kept
                shared[out] = found.input
                overlaps.append(found)
    return shared


def _smaller(graph: Graph, out: int, source: int) -> bool:
    """Whether tensor `out` is smaller than tensor `source` (none: -1, an omitted input)."""
    return source >= 0 and graph.tensors[out].nbytes < graph.tensors[source].nbytes


def _narrows(graph: Graph, shared: dict[int, int]) -> bool:
    """Whether an output shares the bytes of a larger tensor."""
    return any(_smaller(graph, out, source) for out, source in shared.items())


def _keep_if_no_worse(graph: Graph, groups: Groups, extents: dict, live: LiveBytes, roots: set[int], always: bool):
    """After joining the groups whose roots were `roots`: the new extents and live bytes, or None (and the join
    undone) when the join raises the lower bound and is not `always` kept (a view is)."""
    root = groups.root(next(iter(roots)))
    (absorbed,) = roots - {root}
    trial = {**extents, root: extent(graph, groups, root)}
    del trial[absorbed]
    trial_live = live.swapped([extents[r] for r in roots], [trial[root]])
    if not always and trial_live.peak > live.peak:
        groups.undo_join(root, absorbed)  # sharing would cost more than it saves
        return None
    return trial, trial_live


@dataclass
class _Layout:
    order: list[int]
    groups: Groups
    shared: dict[int, int]
    group_buffers: dict[int, Buffer]
    scratch: dict[int, Buffer]
    arena_size: int
    heuristic: str
    views: dict[int, int]  # the views of `view_offsets` and `input_offsets` among `shared`
    overlaps: list[Overlap]  # the outputs that overlap their inputs partly, among `shared`


def _layout(
    graph: Graph,
    kernels: list[KernelSpec],
    scratch_bytes: dict[int, int],
    order: list[int],
    views: bool = True,
    overlaps: bool = True,
    costly: bool = False,
    narrowing: bool = True,
) -> _Layout:
    groups, new_views, new_overlaps = Groups(graph, order), {} if views else None, [] if overlaps else None
    step = {index: s for s, index in enumerate(order)}
    scratch = {i: Buffer(f"scratch of node {i}", n, step[i], step[i]) for i, n in scratch_bytes.items() if n}
    shared = _share_storage(graph, kernels, groups, order, new_views, new_overlaps, costly, narrowing)
    group_buffers = storage_buffers(graph, groups)
    arena_size, heuristic = place([*group_buffers.values(), *scratch.values()])
    return _Layout(
        order, groups, shared, group_buffers, scratch, arena_size, heuristic, new_views or {}, new_overlaps or []
    )


def _greedy_order(graph: Graph) -> list[int]:
    """A topological order that, among the nodes ready to run, first runs the one that grows the live bytes the
    least (outputs it allocates minus inputs it is the last reader of)."""
    readers: dict[int, set[int]] = {}
    for op in graph.operators:
        for t in op.inputs:
            if t >= 0:
                readers.setdefault(t, set()).add(op.index)
    available = {t.index for t in graph.tensors if t.data is not None or t.is_variable} | set(graph.inputs)
    pending, order, outputs = set(range(len(graph.operators))), [], set(graph.outputs)
    done: set[int] = set()
    while pending:
        ready = [i for i in pending if all(t < 0 or t in available for t in graph.operators[i].inputs)]

        def growth(i: int) -> tuple[int, int]:
            op = graph.operators[i]
            freed = sum(
                graph.tensors[t].nbytes
                for t in set(op.inputs)
                if t >= 0 and graph.tensors[t].data is None and t not in outputs and readers.get(t, set()) - done <= {i}
            )
            return sum(graph.tensors[t].nbytes for t in op.outputs) - freed, i

        chosen = min(ready, key=growth)
        order.append(chosen)
        done.add(chosen)
        pending.remove(chosen)
        available.update(graph.operators[chosen].outputs)
    return order


# Nodes with effects beyond their output tensors: a subgraph holding one runs in the model's order (a
# CIRCULAR_BUFFER may end the run early: the nodes TFLite Micro runs before it must run before it here too).
ORDERED_OPS = {"CALL_ONCE", "IF", "WHILE", "VAR_HANDLE", "READ_VARIABLE", "ASSIGN_VARIABLE", "CIRCULAR_BUFFER"}
VARIABLE_OPS = {"VAR_HANDLE": "outputs", "READ_VARIABLE": "inputs", "ASSIGN_VARIABLE": "inputs"}


def _place_variables(checked: CheckedGraph) -> tuple[list[PlacedVariable], int]:
    placed, offset = [], 0
    for v in checked.variables:
        placed.append(PlacedVariable(v.id, v.shared_name, v.dtype, v.nbytes, offset))
        offset += (v.nbytes + ALIGNMENT - 1) // ALIGNMENT * ALIGNMENT
    return placed, offset


def _place_kernel_states(checked: CheckedGraph, offset: int) -> tuple[dict[tuple[int, int], int], int]:
    """Each stateful kernel's node (subgraph, node index) -> its state's offset in the persistent region, placed
    from `offset` on; and the region's new end."""
    states = {}
    for sub in checked.subgraphs or [checked]:
        for op, kernel in zip(sub.graph.operators, sub.kernels):
            inputs, outputs = sub.graph.node_io(op)
            nbytes = kernel.state_bytes(op, inputs, outputs)
            if nbytes:
                states[(sub.graph.index, op.index)] = offset
                offset += (nbytes + ALIGNMENT - 1) // ALIGNMENT * ALIGNMENT
    return states, offset


def _resolved(op, checked: CheckedGraph, variables: list[PlacedVariable]):
    """A variable node with its variable as the `resource_variable` option (its kernel's parameters)."""
    if op.op_name not in VARIABLE_OPS:
        return op
    tensors = getattr(op, VARIABLE_OPS[op.op_name])
    placed = variables[checked.resources[(checked.graph.index, tensors[0])]]
    fill = checked.variables[placed.id].fill
    info = {"id": placed.id, "offset": placed.offset, "nbytes": placed.nbytes, "fill": fill}
    return replace(op, options={**op.options, "resource_variable": info})


def plan_with(checked: CheckedGraph, views: bool, memory: str, quick: bool = False) -> Plan:
    """`quick`: a draft to rank row-patch candidates by: the layouts of both orders with the views and the
    overlaps `memory` allows (not their variants without), no kernel parameters (NodePlan.params None). The full
    plan of the same graph is never larger: those layouts are among the ones it tries."""
    variables, persistent_size = _place_variables(checked)
    states, persistent_size = _place_kernel_states(checked, persistent_size)
    plans = [_plan_subgraph(c, variables, states, views, memory, quick) for c in checked.subgraphs or [checked]]
    for sub in plans:
        sub.memory = memory
    primary, base = plans[0], plans[0].arena_size
    for sub in plans[1:]:
        for buf in sub.buffers:
            buf.offset += base
        sub.tensor_offsets = [None if o is None else o + base for o in sub.tensor_offsets]
        for node in sub.nodes:
            node.scratch_offset += base if node.scratch_bytes else 0
        base += sub.arena_size
    primary.arena_size, primary.lower_bound = base, sum(p.lower_bound for p in plans)
    in_place = [] if quick else weights_in_place([n for sub in plans for n in sub.nodes], [sub.graph for sub in plans])
    for sub in plans:
        sub.subgraphs, sub.variables, sub.persistent_size = plans, variables, persistent_size
        sub.in_place = in_place
        sub.kernel_states = len(states)
    return primary


def _best_layout(
    graph: Graph,
    kernels: list[KernelSpec],
    scratch_bytes: dict[int, int],
    candidates: list[list[int]],
    views: bool,
    overlaps: bool,
    costly: bool,
    quick: bool,
) -> _Layout:
    """The smallest arena among the candidate orders' layouts and their variants."""
    layouts = [_layout(graph, kernels, scratch_bytes, order, views, overlaps, costly) for order in candidates]
    # A view of a part keeps its whole group live, and placement is heuristic: each order also competes without
    # the new views (view_offsets, input_offsets), so they never cost arena (on a tie the views win: no copies).
    layouts += [
        _layout(graph, kernels, scratch_bytes, v.order, False, overlaps, costly)
        for v in layouts
        if v.views and not quick
    ]
    # Likewise without overlaps (a group keeps all of its bytes for its whole life); on a tie, fewer overlaps.
    layouts += [
        _layout(graph, kernels, scratch_bytes, v.order, bool(v.views), False)
        for v in layouts
        if v.overlaps and not quick
    ]
    best = min(layouts, key=lambda layout: (layout.arena_size, len(layout.overlaps)))
    # An output sharing the start of a larger input (a float QUANTIZE's) ties the input's tail to the output's
    # group, and a later overlap can leave that dead tail past the group's end (keyword_spotting's float input
    # behind its 8,000 B chain: 9,256 B instead of 8,928): each order also competes without those joins, and wins
    # only with a smaller arena.
    narrower = [
        _layout(graph, kernels, scratch_bytes, v.order, views, overlaps, costly, narrowing=False)
        for v in layouts[: len(candidates)]
        if v.overlaps and not quick and _narrows(graph, v.shared)
    ]
    return min([best, *narrower], key=lambda layout: layout.arena_size)


def _plan_subgraph(
    checked: CheckedGraph,
    variables: list[PlacedVariable],
    states: dict[tuple[int, int], int],
    views: bool,
    memory: str,
    quick: bool = False,
) -> Plan:
    graph = checked.graph
    nodes, scratch_bytes = [], {}
    refusals = checked.refusals or [None] * len(checked.kernels)

    def node_op(op):
        """The node as its kernel sees it: its variable and its state's offset among its options."""
        op = _resolved(op, checked, variables)
        if (graph.index, op.index) in states:
            op = replace(op, options={**op.options, KERNEL_STATE: states[(graph.index, op.index)]})
        return op

    for op, kernel, refusal in zip(graph.operators, checked.kernels, refusals):
        op = node_op(op)
        inputs, outputs = graph.node_io(op)
        try:
            scratch_bytes[op.index] = kernel.scratch_bytes(op, inputs, outputs)
            params = None if quick else kernel.params(op, inputs, outputs)
        except (ArithmeticError, AttributeError, IndexError, KeyError, TypeError, ValueError) as exc:
            raise McugenError(
                f"{op.where} ({op.display_name}): cannot compute its parameters, the model "
                f"looks malformed ({type(exc).__name__}: {exc})"
            ) from None
        nodes.append(
            NodePlan(op.index, op.display_name, op.version, kernel, params, scratch_bytes[op.index], -1, refusal)
        )
    # The model's order first: another order wins only when its arena is strictly smaller.
    candidates = [list(range(len(graph.operators)))]
    ordered = ORDERED_OPS & {op.display_name for op in graph.operators}
    greedy = candidates[0] if ordered else _greedy_order(graph)
    if greedy != candidates[0]:
        candidates.append(greedy)
    kernels = checked.kernels
    overlaps, costly = memory != "layer", memory == "min"

    def layout_of(variant: Graph, sizes: dict[int, int]) -> _Layout:
        return _best_layout(variant, kernels, sizes, candidates, views, overlaps, costly, quick)

    best = layout_of(graph, scratch_bytes)
    lean_graph, lean = graph, []
    if overlaps and not quick:
        lean_graph, lean, best, scratch_bytes = lean_orders(graph, kernels, scratch_bytes, best, layout_of, node_op)
    leaned = []
    for i in lean:
        op = node_op(lean_graph.operators[i])
        usual, nodes[i].scratch_bytes = nodes[i].scratch_bytes, scratch_bytes[i]
        nodes[i].params = kernels[i].params(op, *graph.node_io(op))
        leaned.append(LeanOrder(i, op.display_name, nodes[i].scratch_bytes, usual))
    buffers = [*best.group_buffers.values(), *best.scratch.values()]
    problems = check_placement(buffers, best.arena_size) + overlap_problems(lean_graph, kernels, best)
    if problems:  # the placer has a bug: never emit an unsafe plan
        raise McugenError("internal error: unsafe arena plan: " + "; ".join(problems[:3]))
    for index, buf in best.scratch.items():
        nodes[index].scratch_offset = buf.offset
    for o in [] if quick else best.overlaps:  # the kernel may work in another order when it overlaps its input
        op = node_op(lean_graph.operators[o.node])
        op = replace(op, options={**op.options, OVERLAPPED: o.direction})
        nodes[o.node].params = checked.kernels[o.node].params(op, *graph.node_io(op))
    tensor_buffers = {t: best.group_buffers[best.groups.root(t)] for t in best.groups.parent}
    offsets = [
        tensor_buffers[t.index].offset + best.groups.offset[t.index] if t.index in tensor_buffers else None
        for t in graph.tensors
    ]
    return Plan(
        graph,
        nodes,
        offsets,
        buffers,
        best.arena_size,
        lower_bound(buffers),
        best.heuristic,
        best.shared,
        tensor_buffers,
        best.order,
        overlaps=best.overlaps,
        views=best.views,
        priority=list(checked.backends),
        lean=leaned,
    )
