"""check: Graph + kernel catalog -> CheckedGraph, binding each node the way TFLite's FindOp does.

Builtin ops match by code and version range, custom ops by exact, case-sensitive name. Every failure of
every node is collected, so the user sees the whole list at once.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import catalog as _catalog
from ..catalog import KernelSpec
from ..catalog.backends import REFERENCE
from ..errors import McugenError
from ..model import CUSTOM_CODE, Graph, Operator
from .subgraphs import check_control_flow
from .variables import ResourceVariable, resolve_variables

ETHOS_U = "ethos-u"  # the custom op through which TFLite Micro hands a Vela-compiled model to an Ethos-U NPU


@dataclass
class CheckedGraph:
    graph: Graph
    kernels: list[KernelSpec]  # one per operator, in order
    backends: list[str]  # the priority order the kernels were chosen in
    # Per operator, why the backends before its kernel's refused it (check._select), None when none came before.
    refusals: list[str | None] = field(default_factory=list)
    # Every subgraph checked, this one first (see Graph.subgraphs), and the model's resource variables with,
    # per resource tensor (subgraph, tensor index), the variable id it holds.
    subgraphs: list[CheckedGraph] = field(default_factory=list, repr=False, compare=False)
    variables: list[ResourceVariable] = field(default_factory=list)
    resources: dict[tuple[int, int], int] = field(default_factory=dict)


class CheckError(McugenError):
    """Every node no kernel serves: `failures[i]` says why node `nodes[i]` has none."""

    def __init__(self, failures: list[str], nodes: list[int]):
        self.failures, self.nodes = failures, nodes
        lines = [f"{len(failures)} node(s) cannot run on mcugen's kernels:"] + [f"  {f}" for f in failures]
        lines.append(
            "fix: convert the model with the ops `mcugen ops` lists (no MODEL: the catalog), or add a kernel for them"
        )
        super().__init__("\n".join(lines))


def _candidates(op: Operator, catalog: dict, backends: list[str]) -> list[KernelSpec]:
    """The kernels that could serve a node, in backend priority order."""
    order = {b: i for i, b in enumerate(backends)}
    specs = catalog.get(op.builtin_code, [])
    if op.is_custom:
        specs = [s for s in specs if s.op == op.custom_name]
    return sorted((s for s in specs if s.backend in order), key=lambda s: order[s.backend])


def _custom_hint(name: str, catalog: dict) -> str:
    if name == ETHOS_U:
        return (
            "the command stream of an Arm Ethos-U NPU (the model was compiled by Vela); mcugen generates code for "
            "the CPU: give it the model from before Vela"
        )
    if name.startswith("Flex"):
        return (
            "a TensorFlow (Flex) op the converter kept; it cannot run on a microcontroller: "
            "convert again with builtin ops only"
        )
    known = [s.op for s in catalog.get(CUSTOM_CODE, [])]
    near = [p for p in known if p.lower() == name.lower()]
    provided = [p for p in known if p not in _catalog.BUILTIN_CUSTOM_OPS]
    if near:
        return f"the model uses '{name}'; the op you provided is '{near[0]}' (names match exactly, case included)"
    if provided:
        return f"no custom op of that name; --custom-ops provides {', '.join(sorted(provided))}"
    return "no custom op of that name; give its Python and C implementation with --custom-ops DIR"


def find_kernel(
    op: Operator, catalog: dict | None = None, backends: list[str] = (REFERENCE,)
) -> tuple[KernelSpec | None, str | None]:
    """TFLite FindOp semantics: the first kernel for the op's code (or exact custom name) and version,
    or the reason there is none."""
    catalog = catalog if catalog is not None else _catalog.BY_CODE
    candidates = _candidates(op, catalog, list(backends))
    if op.is_custom:
        name = op.custom_name or ""
        message = f"Didn't find op for custom op '{name}' version '{op.version}' ({op.where})"
        hint = _custom_hint(name, catalog)
    else:
        hint = f"mcugen has no {op.op_name} kernel"
        message = f"Didn't find op for builtin opcode '{op.op_name}' version '{op.version}' ({op.where})"
    if not candidates:
        return None, f"{message}: {hint}"
    accepting = [c for c in candidates if c.accepts_version(op.version)]
    if not accepting:
        low, high = candidates[-1].versions
        if op.is_custom:
            return None, f"{message}: the implementation of '{op.custom_name}' declares version {low}"
        return None, f"{message}: mcugen's {op.display_name} kernel handles versions {low}-{high}"
    return accepting[0], None


# The TFLite kernels that read a tensor's sparsity metadata; every other kernel reads a sparse buffer as if dense.
READS_SPARSITY = ("DENSIFY", "FULLY_CONNECTED")


def sparse_problem(op: Operator, t) -> str:
    """Why a node reading a sparse constant cannot run as it is (model/sparsity.py, rewrite/densify.py)."""
    if op.op_name not in READS_SPARSITY:
        return (
            f"tensor {t.index} '{t.name}' is stored sparse, which TFLite's {op.op_name} kernel reads as dense "
            "(only DENSIFY and FULLY_CONNECTED read sparsity): put a DENSIFY in front of it"
        )
    return f"tensor {t.index} '{t.name}' is stored sparse: the rewrite stage densifies it (not --no-rewrite)"


def _node_problem(spec: KernelSpec, op: Operator, inputs: list, outputs: list) -> str | None:
    """The kernel's own verdict, after the quantization checks every kernel relies on; a kernel's set-up code
    tripping over a malformed model (e.g. missing quantization) becomes a reason, not a crash."""
    for t in [*inputs, *outputs]:
        if t is not None and t.quant is not None and len(t.quant.zero_point) != len(t.quant.scale):
            return (
                f"tensor {t.index} '{t.name}' has {len(t.quant.scale)} scales but {len(t.quant.zero_point)} zero points"
            )
        if t is not None and t.quant is not None and not all(0.0 < s < float("inf") for s in t.quant.scale):
            return f"tensor {t.index} '{t.name}' has a quantization scale that is not a positive number"
        if t is not None and t.sparse:
            return sparse_problem(op, t)
    try:
        return spec.validate(op, inputs, outputs)
    except (ArithmeticError, AttributeError, IndexError, KeyError, TypeError, ValueError) as exc:
        return f"cannot check this node, the model looks malformed ({type(exc).__name__}: {exc})"


def unwritten_input(graph: Graph, op: Operator) -> str | None:
    """Why a custom node that reads a tensor nothing writes (scratch space TFLite Micro leaves in the arena) cannot
    run here, or None: mcugen's kernels declare their scratch in C instead."""
    written = {t for o in graph.operators for t in o.outputs} | set(graph.inputs)
    for t in op.inputs:
        tensor = graph.tensors[t] if t >= 0 else None
        if tensor is not None and t not in written and tensor.data is None and not tensor.is_variable:
            return (
                f"{op.where} ({op.display_name} v{op.version}): reads tensor {t} '{tensor.name}', which nothing "
                "writes (scratch space in TFLite Micro's arena; an mcugen kernel declares its scratch in C)"
            )
    return None


def select_kernel(
    op: Operator, inputs: list, outputs: list, catalog: dict, backends: list[str]
) -> tuple[KernelSpec | None, str | None]:
    """The first backend's kernel that accepts the version, claims the node and validates it."""
    spec, reason, _ = _select(op, inputs, outputs, catalog, backends)
    return spec, reason


def _select(
    op: Operator, inputs: list, outputs: list, catalog: dict, backends: list[str]
) -> tuple[KernelSpec | None, str | None, str | None]:
    """select_kernel's answer, and why the backends before the chosen one did not take the node ("dsp: its depth
    multiplier is not 1; ..."), None when the first backend took it."""
    spec, reason = find_kernel(op, catalog, backends)
    if spec is None:
        return None, reason, None
    problem, refused = None, {}
    for candidate in _candidates(op, catalog, backends):
        if not candidate.accepts_version(op.version):
            refused.setdefault(candidate.backend, f"no kernel for version {op.version}")
            continue
        problem = _node_problem(candidate, op, inputs, outputs)
        why = problem if problem is not None else candidate.claims(op, inputs, outputs)
        if why is None:
            skipped = [
                f"{b}: {refused.get(b, 'no kernel for this op')}" for b in backends[: backends.index(candidate.backend)]
            ]
            return candidate, None, "; ".join(skipped) or None
        refused.setdefault(candidate.backend, why)
    return None, f"{op.where} ({op.display_name} v{op.version}): {problem}", None


def check(graph: Graph, catalog: dict | None = None, backends: list[str] = (REFERENCE,)) -> CheckedGraph:
    """A kernel for every node of every subgraph, or a CheckError listing every node that has none; then the
    model's resource variables, resolved (one McugenError line for an inconsistent one)."""
    catalog = catalog if catalog is not None else _catalog.BY_CODE
    failures, failed_nodes, checked = [], [], []
    for g in graph.subgraphs or [graph]:
        kernels, refusals = [], []
        for op in g.operators:
            spec, reason, refusal = _select(op, *g.node_io(op), catalog, list(backends))
            if spec is not None and op.is_custom:
                reason = unwritten_input(g, op)
                spec = spec if reason is None else None
            if reason:
                failures.append(reason)
                failed_nodes.append(op.index if g.index == 0 else (g.index, op.index))
            kernels.append(spec)
            refusals.append(refusal)
        checked.append(CheckedGraph(g, kernels, list(backends), refusals=refusals))
    if failures:
        raise CheckError(failures, failed_nodes)
    check_control_flow(graph)
    variables, resources = resolve_variables(graph)
    for c in checked:
        c.subgraphs, c.variables, c.resources = checked, variables, resources
    return checked[0]
