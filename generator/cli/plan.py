"""`mcugen plan`: one model's memory plan (every buffer's size, offset and lifetime, the techniques below the
per-layer bound) or its execution plan (--nodes); several models' plans side by side (cli/several.py)."""

from __future__ import annotations

from pathlib import Path

from ..console import progress
from ..errors import McugenError
from ..measure.report import nbytes, num, pct
from ..pipeline import Options, build_and_run, default_out, generate, load_model, planned, random_sets, rewrite_stage
from ..plan import plan
from ..plan.nodes import coverage, node_rows, reference_macs, reference_macs_line
from ..plan.picture import to_html
from ..rewrite.report import detail_lines, rewrite_report, summary_line
from .options import options_of
from .output import emit_json
from .several import plan_several


def _plan_nodes(args, model: Path, the_plan, options: Options, rewrites: dict) -> int:
    costs = None
    if args.run:  # the firmware of this very plan, run once on one random set
        project, _ = generate([model], options, default_out([model], options.board))
        _, _, result = build_and_run(project, options.board, random_sets(project.inputs, 1, 0))
        costs = [result.instructions(t) for t in result.sets[0].node_ticks]
    rows = node_rows(the_plan, costs)
    summary, on_reference = coverage(rows), reference_macs(the_plan, rows)
    if args.json:
        emit_json({"nodes": rows, "coverage": summary, "reference_macs": on_reference, "rewrites": rewrites})
        return 0
    columns = [
        *("node", "op", "version", "custom_name", "backend", "macs", "weight_bytes", "activation_bytes", "cost"),
        "refused",
    ]
    if args.csv:
        print(",".join(columns))
        for r in rows:
            print(",".join("" if r[c] is None else _csv_field(str(r[c])) for c in columns))
        return 0
    print(f"{'node':>4} {'op':<24} {'v':>2} {'backend':<10} {'MACs':>11} {'weights':>9} {'activ.':>9} {'cost':>12}")
    for r in rows:
        print(
            f"{r['node']:>4} {(r['custom_name'] or r['op'])[:24]:<24} {r['version']:>2} {r['backend']:<10} "
            f"{num(r['macs']):>11} {num(r['weight_bytes']):>9} {num(r['activation_bytes']):>9} "
            f"{'' if r['cost'] is None else num(r['cost']):>12}" + (f"  ({r['refused']})" if r["refused"] else "")
        )
    for backend, c in summary.items():
        cost = "" if c["cost_share"] is None else f", {pct(100 * c['cost_share'])} of measured cost"
        runs = ", ".join(f"{a}-{b}" if a != b else f"{a}" for a, b in c["subgraphs"])
        print(
            f"{backend}: {c['nodes']} nodes ({pct(100 * c['node_share'])}), {pct(100 * c['mac_share'])} of MACs"
            f"{cost}; subgraphs: {runs}"
        )
    if on_reference is not None:
        print(reference_macs_line(on_reference))
    print(summary_line(rewrites))
    for line in detail_lines(rewrites):
        print(f"  {line}")
    return 0


def _csv_field(text: str) -> str:
    """A CSV field, quoted when it holds a comma or a quote (a refusal's reason may)."""
    return f'"{text.replace(chr(34), 2 * chr(34))}"' if "," in text or '"' in text else text


def _plan_rows(the_plan) -> list[dict]:
    """One subgraph's buffers: its tensors in the arena, then its nodes' scratch (other subgraphs named)."""
    where = "" if the_plan.graph.index == 0 else f"subgraph {the_plan.graph.index}: "
    live = _tensor_lifetimes(the_plan)
    rows = []
    for t, offset in zip(the_plan.graph.tensors, the_plan.tensor_offsets):
        if offset is None:
            continue
        buf = the_plan.tensor_buffers[t.index]
        rows.append(
            {
                "tensor": t.index,
                "name": where + t.name,
                "bytes": t.nbytes,
                "offset": offset,
                "first": buf.first,
                "last": buf.last,
                "live": live.get(t.index, [buf.first, buf.last]),
                "shares_with": the_plan.shared.get(t.index),
            }
        )
    for node in the_plan.nodes:
        if node.scratch_bytes:
            step = the_plan.order.index(node.index)
            rows.append(
                {
                    "tensor": None,
                    "name": f"{where}scratch of node {the_plan.graph.operators[node.index].model_number}",
                    "bytes": node.scratch_bytes,
                    "offset": node.scratch_offset,
                    "first": step,
                    "last": step,
                    "live": [step, step],
                    "shares_with": None,
                }
            )
    return rows


def _tensor_lifetimes(the_plan) -> dict[int, list[int]]:
    """Each tensor's own first and last step (its writer's, its last reader's), where `first`/`last` give its
    storage group's: a tensor sharing bytes with others is live for less than its group."""
    graph = the_plan.graph
    live = {t: [-1, -1] for t in graph.inputs}
    for step, index in enumerate(the_plan.order):
        op = graph.operators[index]
        for t in op.outputs:
            live.setdefault(t, [step, step])
        for t in op.inputs:
            if t in live:
                live[t][1] = step
    for t in graph.outputs:
        if t in live:
            live[t][1] = len(the_plan.order) - 1
    return live


def _memory_techniques(the_plan) -> list[dict]:
    """What the plan did below the per-layer bound, node by node (`mcugen plan`): each output started below
    the input it replaces, and the bytes that saves at that node; each node whose kernel runs its lean order, and
    its scratch in either order."""
    lean = [
        {
            "technique": "lean_order",
            "subgraph": sub.graph.index,
            "node": sub.graph.operators[n.node].model_number,
            "op": n.op_name,
            "scratch_bytes": n.scratch_bytes,
            "usual_scratch_bytes": n.usual_bytes,
        }
        for sub in the_plan.subgraphs or [the_plan]
        for n in sub.lean
    ]
    return lean + [
        {
            "technique": "overlap",
            "subgraph": sub.graph.index,
            "node": sub.graph.operators[o.node].model_number,
            "op": o.op_name,
            "output": o.output,
            "input": o.input,
            "distance_bytes": o.distance,
            "direction": o.direction,
            "saved_bytes": o.saved,
        }
        for sub in the_plan.subgraphs or [the_plan]
        for o in sub.overlaps
    ]


def cmd_plan(args) -> int:
    options = options_of(args)
    if len(args.model) > 1:
        return plan_several(args, options)
    model = args.model[0]
    stage = rewrite_stage(load_model(model), options)
    the_plan = planned(stage.checked, options)
    if args.nodes:
        arena = rewrite_report(stage, lambda c: plan(c, memory=options.memory).arena_size)
        return _plan_nodes(args, model, the_plan, options, arena)
    rows = [row for sub in the_plan.subgraphs or [the_plan] for row in _plan_rows(sub)]
    layer_arena = the_plan.arena_size if args.memory == "layer" else plan(stage.checked, memory="layer").arena_size
    techniques = _memory_techniques(the_plan)
    report = {
        "memory": args.memory,
        "arena_layer_bytes": layer_arena,
        "techniques": techniques,
        "arena_bytes": the_plan.arena_size,
        "lower_bound_bytes": the_plan.lower_bound,
        "persistent_bytes": the_plan.persistent_size,
        "variables": [vars(v) for v in the_plan.variables],
        "heuristic": the_plan.heuristic,
        "order": [the_plan.graph.operators[i].model_number for i in the_plan.order],
        "buffers": rows,
    }
    if the_plan.patches is not None:
        report["patches"] = the_plan.patches.summary()
    if args.html:
        _write_plan_picture(args.html, Path(model).name, plan(stage.checked, memory="layer"), report)
    if args.json:
        emit_json(report)
        return 0
    print(f"{'tensor':>6} {'bytes':>9} {'offset':>9} {'first':>5} {'last':>5}  name")
    for r in rows:
        label = r["name"] + (f" (shares tensor {r['shares_with']}'s bytes)" if r["shares_with"] is not None else "")
        print(
            f"{'' if r['tensor'] is None else r['tensor']:>6} {num(r['bytes']):>9} {num(r['offset']):>9} "
            f"{r['first']:>5} {r['last']:>5}  {label}"
        )
    if the_plan.order != sorted(the_plan.order):
        print(f"execution order (first/last count steps in it): {report['order']}")
    for v in the_plan.variables:
        print(
            f"{'':>6} {num(v.nbytes):>9} {num(v.offset):>9} {'-':>5} {'-':>5}  variable {v.id} '{v.name}' ({v.dtype})"
        )
    for t in techniques:
        if t["technique"] == "lean_order":
            print(
                f"lean order: node {t['node']} {t['op']} stages less at once, scratch {nbytes(t['scratch_bytes'])} "
                f"instead of {nbytes(t['usual_scratch_bytes'])}"
            )
            continue
        print(
            f"{t['technique']}: node {t['node']} {t['op']} output {num(t['distance_bytes'])} B {t['direction']} its "
            "input, "
            f"saves {num(t['saved_bytes'])} B"
        )
    print(
        f"--memory {args.memory}: arena {nbytes(the_plan.arena_size)}, per-layer plan {nbytes(layer_arena)}"
        + (
            f" (saves {nbytes(layer_arena - the_plan.arena_size)})"
            if layer_arena > the_plan.arena_size
            else " (no technique lowered it)"
        )
    )
    print(
        f"arena {nbytes(the_plan.arena_size)}, lower bound {nbytes(the_plan.lower_bound)} "
        f"({the_plan.arena_size / max(the_plan.lower_bound, 1):.3f}x), placement {the_plan.heuristic}"
    )
    if the_plan.patches is not None:
        print(the_plan.patches.describe())
    if the_plan.persistent_size:
        print(
            f"persistent state {nbytes(the_plan.persistent_size)} ({len(the_plan.variables)} resource variable(s), "
            f"{the_plan.kernel_states} kernel state(s); kept across invokes, apart from the arena; offsets above "
            "count from its start)"
        )
    return 0


def _write_plan_picture(html: str, model_name: str, layer_plan, report: dict) -> None:
    """plan --html: the per-layer plan and the chosen one, drawn on one scale (plan/picture.py)."""
    layer = {
        "arena_bytes": layer_plan.arena_size,
        "order": layer_plan.order,
        "buffers": [row for sub in layer_plan.subgraphs or [layer_plan] for row in _plan_rows(sub)],
    }
    chosen = f"--memory {report['memory']}" + (", row patches" if report.get("patches", {}).get("bands") else "")
    panels = [
        (f"per-layer plan (--memory layer): arena {layer['arena_bytes']:,} B", layer),
        (f"{chosen}: arena {report['arena_bytes']:,} B", report),
    ]
    try:
        Path(html).write_text(to_html(model_name, panels))
    except OSError as exc:
        raise McugenError(f"cannot write {html}: {exc.strerror or exc}") from None
    progress(f"wrote {Path(html).resolve()}")
