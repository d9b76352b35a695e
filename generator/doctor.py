"""mcugen doctor: everything that would stop a model on a board, in one report, each with its fix.

It runs the host stages (read, check, plan, the fit check) and reports instead of stopping at the first
problem; it also explains what the user should know to feed the model (implicit QUANTIZE/DEQUANTIZE).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .catalog import BUILTIN_CUSTOM_OPS
from .catalog.backends import REFERENCE
from .catalog.custom import load_custom_ops
from .check import ETHOS_U, CheckedGraph, CheckError
from .emit.render import RUNTIME_CODE_BYTES, flash_floor, node_params_bytes
from .errors import McugenError
from .measure.report import nbytes
from .model import Graph, Operator, read_model
from .pipeline import Options, planned, rewrite_stage
from .plan import plan
from .plan.nodes import reference_macs
from .rewrite.report import detail_lines, rewrite_report, summary_line
from .rewrite.stage import RewriteStage
from .units import pct

NEARLY_FULL = 0.9  # a model or arena past this share of the board's flash or RAM is worth a warning


@dataclass
class Finding:
    level: str  # "ok", "info", "warn" or "block"
    topic: str
    message: str
    fix: str = ""
    figures: dict | None = None  # the finding's numbers for --json (the share of MACs on reference kernels)


def _ops(graph: Graph, options: Options) -> tuple[list[Finding], CheckedGraph | None]:
    try:
        result = rewrite_stage(graph, options)
    except CheckError as exc:
        return [
            Finding("block", "op", reason, _op_fix(_node(graph, node))) for reason, node in zip(exc.failures, exc.nodes)
        ], None
    except McugenError as exc:  # the subgraphs or resource variables do not fit together
        return [Finding("block", "state", str(exc), "convert the model again; mcugen resolves variables ahead")], None
    checked = result.checked
    kernels = [k for c in checked.subgraphs or [checked] for k in c.kernels]
    names = sorted({f"{k.op} ({k.backend})" for k in kernels})
    total = sum(len(g.operators) for g in graph.subgraphs or [graph])
    after = f" ({len(kernels)} after the rewrites)" if result.rewritten.rewrites else ""
    findings = [Finding("ok", "op", f"all {total} nodes{after} have kernels: {', '.join(names)}")]
    return findings + _rewrites(result), checked


def _node(graph: Graph, node) -> Operator:
    """CheckError names a primary subgraph's node by its index, another subgraph's by (subgraph, index)."""
    subgraph, index = node if isinstance(node, tuple) else (0, node)
    return (graph.subgraphs or [graph])[subgraph].operators[index]


def _subgraphs(checked: CheckedGraph) -> list[Finding]:
    """What a multi-subgraph or stateful model needs: which subgraph runs when, where its state lives, and how
    run and verify feed it."""
    graph, findings = checked.graph, []
    for op in graph.operators:
        if op.op_name == "CALL_ONCE":
            target = op.options["init_subgraph_index"]
            size = len(graph.subgraphs[target].operators)
            findings.append(
                Finding(
                    "info",
                    "state",
                    f"{op.where} (CALL_ONCE) runs subgraph {target} ({size} nodes) once, at the first "
                    "invoke: it sets the variables' first values; every subgraph has its own part of the arena",
                )
            )
    if checked.variables:
        names = ", ".join(f"'{v.shared_name}' ({v.nbytes} B {v.dtype})" for v in checked.variables)
        findings.append(
            Finding(
                "info",
                "state",
                f"{len(checked.variables)} resource variable(s) keep state between invokes: {names}; they live "
                "in a persistent region apart from the arena (`mcugen plan` and `mcugen size` show it)",
            )
        )
    tensors = [t for g in graph.subgraphs or [graph] for t in g.tensors if t.is_variable]
    if tensors:
        names = ", ".join(f"'{t.name}' ({t.nbytes} B {t.dtype.name})" for t in tensors)
        findings.append(
            Finding(
                "info",
                "state",
                f"{len(tensors)} variable tensor(s) keep state between invokes: {names}; the arena holds them "
                "for the whole run and their kernels' prepare clears them once (docs/streaming.md)",
            )
        )
    if graph.is_stateful:
        findings.append(
            Finding(
                "info",
                "stream",
                "the model is stateful: `run` and `verify` feed the input sets as consecutive steps of one stream "
                "(--random N defaults to 20 steps; an --inputs .npz's leading axis is the step), and each step's "
                "outputs depend on the steps before it",
            )
        )
    return findings


def _rewrites(result: RewriteStage) -> list[Finding]:
    report = rewrite_report(result, lambda c: plan(c).arena_size)
    return [Finding("info", "rewrite", line) for line in [summary_line(report), *detail_lines(report)]]


def _op_fix(op: Operator) -> str:
    if op.is_custom and op.custom_name == ETHOS_U:
        return "give mcugen the model as it was before Vela compiled it for the NPU (the plain int8 .tflite)"
    if op.is_custom and op.custom_name not in BUILTIN_CUSTOM_OPS:
        return "give the op's Python and C implementation with --custom-ops DIR (docs/custom_ops.md)"
    return "convert the model with ops and versions `mcugen ops` lists, or add a kernel (docs/kernels.md)"


def _io(graph: Graph) -> list[Finding]:
    findings = []
    consumers = {t: op for op in graph.operators for t in op.inputs}
    producers = {t: op for op in graph.operators for t in op.outputs}
    for i, t in enumerate(graph.tensors[j] for j in graph.inputs):
        op = consumers.get(t.index)
        if t.dtype.name == "FLOAT32" and op is not None and op.op_name == "QUANTIZE":
            findings.append(
                Finding(
                    "info",
                    "input",
                    f"input {i} '{t.name}' is float32 and node {op.index} quantizes "
                    "it: feed float values, the firmware converts them",
                )
            )
        elif t.quant is not None:
            findings.append(
                Finding(
                    "info",
                    "input",
                    f"input {i} '{t.name}' is {t.dtype.name}: quantize your data with "
                    f"scale {t.quant.scale[0]:g} and zero point {t.quant.zero_point[0]}",
                )
            )
    for i, t in enumerate(graph.tensors[j] for j in graph.outputs):
        op = producers.get(t.index)
        if op is not None and op.op_name == "DEQUANTIZE":
            findings.append(
                Finding("info", "output", f"output {i} '{t.name}' is dequantized to float32 by node {op.index}")
            )
    return findings


def _reference_kernels(the_plan) -> list[Finding]:
    """One line when an optimized backend was chosen and some MACs still run on the reference kernels: which ops,
    and why the backend refused them (its claim's or validation's reason)."""
    share = reference_macs(the_plan)
    if share is None or not share["nodes"]:
        return []
    ops = "; ".join(
        f"{o['op']} (node{'s' if len(o['nodes']) > 1 else ''} {', '.join(map(str, o['nodes']))}: {o['refused']})"
        for o in share["ops"]
    )
    return [
        Finding(
            "info",
            "kernels",
            f"{pct(100 * share['mac_share'])} of MACs run on reference kernels ({share['nodes']} of "
            f"{share['of_nodes']} nodes with MACs): {ops}",
            "the outputs stay exact; an optimized kernel for these types and shapes would run them faster "
            "(docs/backends.md)",
            figures=share,
        )
    ]


def _fit(the_plan, options: Options) -> list[Finding]:
    board = options.board
    ram = the_plan.arena_size + the_plan.persistent_size + board.stack_size
    model, params, flash = len(the_plan.graph.model_bytes), node_params_bytes(the_plan), flash_floor(the_plan)
    flash_parts = (
        f"model {nbytes(model)} + kernel parameters about {nbytes(params)} + runtime code at least "
        f"{nbytes(RUNTIME_CODE_BYTES)} = {nbytes(flash)} of {nbytes(board.flash_size)} flash"
    )
    ram_parts = (
        f"arena {nbytes(the_plan.arena_size)} + "
        + (f"persistent state {nbytes(the_plan.persistent_size)} + " if the_plan.persistent_size else "")
        + f"stack {nbytes(board.stack_size)} of {nbytes(board.ram_size)} RAM"
    )
    if flash > board.flash_size or ram > board.ram_size:
        return [
            Finding(
                "block",
                "fit",
                f"{board.name} is too small for this model: {flash_parts}; {ram_parts}",
                "choose a board with more memory (mcugen --help lists boards)",
            )
        ]
    nearly_full = flash > NEARLY_FULL * board.flash_size or ram > NEARLY_FULL * board.ram_size
    level = "warn" if nearly_full else "ok"
    return [
        Finding(
            level,
            "fit",
            f"{flash_parts}; {ram_parts} (the kernels' code comes on top: `mcugen build` reports the exact fit)",
        )
    ]


def _fallback(checked: CheckedGraph, the_plan) -> list[Finding]:
    """`--backend auto` planned the model on the reference kernels (pipeline.planned): say why."""
    if the_plan.priority != [REFERENCE] or checked.backends == [REFERENCE]:
        return []
    return [
        Finding(
            "info",
            "kernels",
            f"the {'/'.join(b for b in checked.backends if b != REFERENCE)} kernels' parameters would not fit the "
            "board's flash beside the model: generate takes the reference kernels, which fit (slower, exact)",
            "a board with more flash runs the optimized kernels",
        )
    ]


def board_findings(exc: McugenError) -> list[Finding]:
    """What doctor reports when the --board it was given is unknown."""
    return [Finding("block", "board", str(exc), "pass --board with one of the names above")]


def diagnose(model: Path, options: Options) -> list[Finding]:
    """Every finding on `model` with these options, read, checked, rewritten and planned as generate would."""
    board = options.board
    try:
        graph = read_model(Path(model).read_bytes(), source=str(model))
    except OSError as exc:
        return [Finding("block", "model", f"cannot read {model}: {exc.strerror}")]
    except McugenError as exc:
        return [Finding("block", "model", str(exc), "re-export the model with the TFLite converter")]
    findings = [
        Finding(
            "ok", "model", f"{len(graph.operators)} nodes, {len(graph.tensors)} tensors, {len(graph.model_bytes)} bytes"
        )
    ]
    if len(graph.subgraphs) > 1:
        findings.append(
            Finding(
                "info",
                "model",
                f"{len(graph.subgraphs)} subgraphs: subgraph 0 is the inference; the others run when a CALL_ONCE, "
                "IF or WHILE node invokes them; each has its own part of the arena, and the tensors an IF or WHILE "
                "passes keep one type and shape",
            )
        )
    try:
        impls, _ = load_custom_ops(options.custom_ops)
        if impls:
            findings.append(Finding("ok", "custom", "custom ops provided: " + ", ".join(i.op_type for i in impls)))
    except McugenError as exc:
        return findings + [Finding("block", "custom", str(exc), "fix the folder given with --custom-ops")]
    op_findings, checked = _ops(graph, options)
    findings += op_findings + _io(graph)
    if checked is not None:
        the_plan = planned(checked, options)
        findings += _subgraphs(checked) + _fit(the_plan, options) + _fallback(checked, the_plan)
        findings += _reference_kernels(the_plan)
    if board.qemu_machine is None:
        findings.append(
            Finding("info", "run", f"{board.name} is not emulated by QEMU: `mcugen run` needs the board or Renode")
        )
    return findings
