"""The mcugen command line: thin wiring of the pipeline stages. Errors print one line and exit 2."""

from __future__ import annotations

import json
import os
import shlex
import sys
from pathlib import Path

import numpy as np

from . import cli_multi, pipeline, zoo
from .boards import load_board
from .build import build, pio_test
from .build.pio_core import prepare_core
from .catalog import BY_CODE, CATALOG
from .catalog.backends import BACKEND_CORES, choose_backends
from .check import select_kernel
from .cli_parser import COST_UNITS, check_combinations, parser, patch_overhead
from .console import interrupted
from .emit.core_folder import core_dir
from .emit.library import check_library_name, library_name
from .errors import McugenError
from .locking import command_lock
from .measure import measure
from .measure import report as size_report
from .measure.report import nbytes, num, pct
from .plan import plan
from .rewrite import Float16Policy
from .rewrite.verdicts import node_verdicts
from .run.flash import BoardPort, flash, flash_command, image_path, upload_target, write_image
from .run.qemu import input_blob, no_emulator_message
from .targets import target_board


def _emit_json(data) -> None:
    print(json.dumps(data, indent=2, sort_keys=True))


def _ops_catalog(args) -> int:
    rank = {b: i for i, b in enumerate(BACKEND_CORES)}
    kernels = sorted(CATALOG, key=lambda k: (k.op, rank.get(k.backend, len(rank)), k.versions))
    rows = [
        {
            "name": k.op,
            "builtin_code": k.builtin_code,
            "versions": list(k.versions),
            "dtypes": list(k.dtypes),
            "backend": k.backend,
        }
        for k in kernels
    ]
    if args.json:
        _emit_json({"catalog": rows})
        return 0
    print(f"{'op':<24} {'code':>4} {'versions':<8} {'backend':<10} input types")
    for r in rows:
        print(
            f"{r['name']:<24} {r['builtin_code']:>4} {'{}-{}'.format(*r['versions']):<8} {r['backend']:<10} "
            f"{', '.join(r['dtypes'])}"
        )
    return 0


def cmd_ops(args) -> int:
    if args.markdown:
        from .catalog.docs import ops_markdown

        print(ops_markdown(), end="")
        return 0
    if args.model is None:
        return _ops_catalog(args)
    args.board = args.board or "mps2-an386"
    graph = pipeline.load_model(args.model)
    backends = choose_backends("auto", load_board(args.board).cpu)
    groups: dict[tuple, list] = {}
    for op in (op for g in graph.subgraphs or [graph] for op in g.operators):  # every subgraph's nodes
        groups.setdefault((op.op_name, op.builtin_code, op.version, op.custom_name), []).append(op)

    def judge(g, op):  # the judgement of generate and doctor: the op's code and version, then its types
        return select_kernel(op, *g.node_io(op), BY_CODE, backends)[1]

    float16 = Float16Policy(args.float16, load_board(args.board).flash_size)
    verdicts = node_verdicts(graph, judge, rewriting=not args.no_rewrite, float16=float16)
    rows = []
    for (name, code, version, custom), ops in sorted(groups.items(), key=lambda kv: (kv[0][0], kv[0][2])):
        reasons = [
            verdicts[op.index][0] if op.subgraph == 0 else judge((graph.subgraphs or [graph])[op.subgraph], op)
            for op in ops
        ]
        reason = next((r for r in reasons if r), None)
        rewritten = next((verdicts[op.index][1] for op in ops if op.subgraph == 0 and verdicts[op.index][1]), None)
        rows.append(
            {
                "name": name,
                "builtin_code": code,
                "version": version,
                "count": len(ops),
                "custom_name": custom,
                "supported": reason is None,
                "reason": reason,
                "rewritten": rewritten,
            }
        )
    if args.json:
        _emit_json(
            {"model": str(args.model), "board": args.board, "ops": rows, "supported": all(r["supported"] for r in rows)}
        )
    else:
        print(f"{'op':<24} {'code':>4} {'ver':>3} {'count':>5}  status on {args.board}")
        for r in rows:
            label = r["custom_name"] or r["name"]
            print(
                f"{label:<24} {r['builtin_code']:>4} {r['version']:>3} {r['count']:>5}  "
                + ("MISSING: " + r["reason"] if r["reason"] else "supported")
                + (f" ({r['rewritten']})" if r["rewritten"] else "")
            )
    return 0 if all(r["supported"] for r in rows) else 1


def cmd_generate(args) -> int:
    library = _library_name(args)
    project, plan = pipeline.generate(
        args.model,
        target_board(args.target, args.board),
        args.output,
        args.resolver,
        args.backend,
        args.custom_ops,
        args.verbose,
        library,
        rewrite=not args.no_rewrite,
        float16=args.float16,
        patch_overhead=patch_overhead(args),
        memory=args.memory,
    )
    api = f" (library {library}: include/{library}.h)" if library else ""
    print(
        f"wrote {project.path}{api}: {len(plan.nodes)} nodes, ops {', '.join(sorted(set(project.ops)))}, "
        f"arena {nbytes(plan.arena_size)} (lower bound {nbytes(plan.lower_bound)})"
    )
    if plan.patches is not None:
        print(plan.patches.describe())
    return 0


def _library_name(args) -> str | None:
    """--as library: the API's name prefix (checked); the harness form: None."""
    if args.form != "library":
        return None
    return check_library_name(args.name if args.name is not None else library_name(Path(args.model).stem))


def cmd_build(args) -> int:
    if args.project is None:  # only --print-env: the core folder, for a PlatformIO project of the user's own
        print(f"PLATFORMIO_CORE_DIR={prepare_core()}")
        return 0
    pipeline.progress(f"building {args.project}")
    result = build(args.project)
    size = measure(result.elf)
    load_board(pipeline.load_project(args.project).board).check_fit(size.flash, size.ram, before_build=False)
    built = (
        f"built {result.elf.resolve()}: flash {nbytes(size.flash)} (code {nbytes(size.code)} + model "
        f"{nbytes(size.model)}), RAM {nbytes(size.ram)}"
    )
    if args.print_env:  # stdout holds only the variable, for `export $(mcugen build DIR --print-env)`
        pipeline.progress(built)
        print(f"PLATFORMIO_CORE_DIR={core_dir()}")
    else:
        print(built)
    return 0


def cmd_test(args) -> int:
    project = pipeline.load_project(args.project)
    board = load_board(project.board)
    if board.qemu_machine is None:  # PlatformIO would run the Cortex-M ELF on this machine (Exec format error)
        raise McugenError("`mcugen test` runs QEMU; " + no_emulator_message(board, "qemu", project.path, renode=False))
    pipeline.progress(f"pio test -d {project.path} -e {project.board} (PlatformIO core {core_dir()})")
    return pio_test(project.path, project.board)


def _sets_for(args, project) -> list:
    if args.inputs:
        if len(args.inputs) != 1:
            raise McugenError(f"{len(args.inputs)} --inputs files for a firmware of one model: give one")
        return pipeline.load_input_file(args.inputs[0], project.inputs)
    return pipeline.random_sets(project.inputs, pipeline.default_set_count(args.random, project.stateful), args.seed)


def _board_port(args):
    """--port: the real board to run on (None: the emulator)."""
    if args.port is None:
        return None
    return BoardPort(args.port, args.baud, not args.no_flash, args.probe, args.timeout)


def _cost_unit(args) -> str:
    return COST_UNITS["board" if args.port else args.emulator]


def cmd_run(args) -> int:
    project = pipeline.load_project(args.project)
    if cli_multi.shares(project):
        return cli_multi.cmd_run(args, project)
    board = load_board(project.board)
    sets_in = _sets_for(args, project)
    _, size, result = pipeline.build_and_run(project, board, sets_in, args.emulator, _board_port(args))
    sets = [
        {
            "outputs": [o.tolist() for o in s.outputs],
            "ticks": s.ticks,
            "cost_instructions": result.instructions(s.ticks),
            "node_instructions": [result.instructions(t) for t in s.node_ticks],
        }
        for s in result.sets
    ]
    cost = int(np.mean([s["cost_instructions"] for s in sets]))
    if args.json:
        _emit_json(
            {
                "sets": sets,
                "node_labels": project.node_labels,  # node_instructions' nodes as the model numbers them
                "cost_per_inference": cost,
                "cost_unit": _cost_unit(args),
                "flash_bytes": size.flash,
                "ram_bytes": size.ram,
            }
        )
        return 0
    unit = _cost_unit(args).split()[0]
    labels = project.node_labels
    for i, s in enumerate(sets):
        costs = s["node_instructions"]
        nodes = ", ".join(f"{labels[n] if n < len(labels) else n}: {num(c)}" for n, c in enumerate(costs))
        print(f"set {i}: cost {num(s['cost_instructions'])} {unit} (per node {nodes}); outputs {s['outputs']}")
    return 0


def cmd_flash(args) -> int:
    project = pipeline.load_project(args.project)
    target = upload_target(project.board)  # an emulated board fails here, before a build
    sets = _sets_for(args, project) if args.inputs or args.random else None
    elf = project.path / ".pio" / "build" / project.board / "firmware.elf"
    if not args.dry_run or not elf.is_file():
        pipeline.progress(f"building {project.path}")
        elf = build(project.path).elf
    blob = input_blob(elf, project.inputs, sets)[1] if sets else None
    image = write_image(elf, blob, image_path(elf))
    if args.dry_run:
        print(shlex.join(flash_command(target, image, args.probe)))
        return 0
    pipeline.progress(f"flashing {image} through {args.probe or target.tool} ({target.protocol} probe)")
    flash(target, image, args.probe)
    what = f" with {len(sets)} input set(s)" if sets else ""
    print(f"flashed {project.board}{what}; read its run: mcugen run {project.path} --port DEV --no-flash")
    return 0


def cmd_verify(args) -> int:
    board = load_board(args.board)
    v = pipeline.verify(
        args.model,
        board,
        args.output,
        args.random,
        args.seed,
        args.backend,
        args.custom_ops,
        emulator=args.emulator,
        rewrite=not args.no_rewrite,
        port=_board_port(args),
        float16=args.float16,
        patch_overhead=patch_overhead(args),
        memory=args.memory,
        inputs=args.inputs,
    )
    costs = [v.run.instructions(s.ticks) for s in v.run.sets]
    report = {
        "match": v.comparison.match,
        "model": str(args.model),
        "board": args.board,
        "project": str(v.project.path),
        "sets": len(v.sets),
        "inputs": None if args.inputs is None else str(args.inputs),
        "max_abs_diff": v.comparison.max_abs_diff,
        "max_rel_diff": v.comparison.max_rel_diff,
        "abs_floor": v.comparison.abs_floor,
        "mismatched_elements": v.comparison.mismatched_elements,
        "flash_bytes": v.size.flash,
        "code_bytes": v.size.code,
        "model_bytes": v.size.model,
        "ram_bytes": v.size.ram,
        "arena_bytes": v.plan.arena_size,
        "arena_lower_bound_bytes": v.plan.lower_bound,
        "persistent_bytes": v.plan.persistent_size,
        "stream": v.project.stateful,
        "cost_per_inference": int(np.mean(costs)),
        "cost_unit": _cost_unit(args),
        "ops": sorted(set(v.project.ops)),
        "backends": {b: sum(1 for n in v.plan.nodes if n.kernel.backend == b) for b in v.plan.backends},
        "reference": v.reference,
        "nodes": len(v.plan.nodes),
        "model_nodes": v.model_nodes,
    }
    if v.plan.patches is not None:
        report["patches"] = v.plan.patches.summary()
    if args.json:
        _emit_json(report)
        return 0 if v.comparison.match else 1
    print(f"model      {args.model} on {args.board}")
    print(f"ops        {', '.join(report['ops'])}")
    if v.model_nodes != len(v.plan.nodes):
        print(
            f"nodes      {len(v.plan.nodes)} of the model's {v.model_nodes} after the rewrite stage "
            "(`mcugen plan MODEL --nodes` lists what it did; --no-rewrite runs the model as given)"
        )
    print("kernels    " + ", ".join(f"{b}: {n} node(s)" for b, n in report["backends"].items()))
    what = "steps of one stream (state kept, every step compared)" if v.project.stateful else "set(s)"
    given = f"{what} from {args.inputs}" if args.inputs else f"random {what}, seed {args.seed}"
    print(f"inputs     {len(v.sets)} {given}")
    print(f"reference  {v.reference}")
    print(
        f"outputs    {v.comparison.verdict()}: {v.comparison.figures()}, "
        f"{num(v.comparison.mismatched_elements)}/{num(v.comparison.total_elements)} elements differ"
    )
    print(f"flash      {nbytes(v.size.flash)} (code {nbytes(v.size.code)} + model {nbytes(v.size.model)})")
    print(
        f"RAM        {nbytes(v.size.ram)} (arena {nbytes(v.plan.arena_size)}, lower bound "
        f"{nbytes(v.plan.lower_bound)}; "
        + (f"persistent state {nbytes(v.plan.persistent_size)}; " if v.plan.persistent_size else "")
        + f"stack {nbytes(v.size.stack)})"
    )
    print(f"cost       {num(report['cost_per_inference'])} {report['cost_unit'].split()[0]} per inference")
    if v.plan.patches is not None:
        print(v.plan.patches.describe().splitlines()[0])
    return 0 if v.comparison.match else 1


def _cmd_plan_nodes(args, the_plan, board, rewrites: dict) -> int:
    from .plan.nodes import coverage, node_rows
    from .rewrite.report import detail_lines, summary_line

    costs = None
    if args.run:
        out = pipeline.default_project_dir(args.model, args.board)
        project, _ = pipeline.generate(
            args.model,
            board,
            out,
            backend=args.backend,
            custom_ops=args.custom_ops,
            rewrite=not args.no_rewrite,
            float16=args.float16,
        )
        _, _, result = pipeline.build_and_run(project, board, pipeline.random_sets(project.inputs, 1, 0))
        costs = [result.instructions(t) for t in result.sets[0].node_ticks]
    rows = node_rows(the_plan, costs)
    summary = coverage(rows)
    if args.json:
        _emit_json({"nodes": rows, "coverage": summary, "rewrites": rewrites})
        return 0
    columns = ["node", "op", "version", "custom_name", "backend", "macs", "weight_bytes", "activation_bytes", "cost"]
    if args.csv:
        print(",".join(columns))
        for r in rows:
            print(",".join("" if r[c] is None else str(r[c]) for c in columns))
        return 0
    print(f"{'node':>4} {'op':<24} {'v':>2} {'backend':<10} {'MACs':>11} {'weights':>9} {'activ.':>9} {'cost':>12}")
    for r in rows:
        print(
            f"{r['node']:>4} {(r['custom_name'] or r['op'])[:24]:<24} {r['version']:>2} {r['backend']:<10} "
            f"{num(r['macs']):>11} {num(r['weight_bytes']):>9} {num(r['activation_bytes']):>9} "
            f"{'' if r['cost'] is None else num(r['cost']):>12}"
        )
    for backend, c in summary.items():
        cost = "" if c["cost_share"] is None else f", {pct(100 * c['cost_share'])} of measured cost"
        runs = ", ".join(f"{a}-{b}" if a != b else f"{a}" for a, b in c["subgraphs"])
        print(
            f"{backend}: {c['nodes']} nodes ({pct(100 * c['node_share'])}), {pct(100 * c['mac_share'])} of MACs"
            f"{cost}; subgraphs: {runs}"
        )
    print(summary_line(rewrites))
    for line in detail_lines(rewrites):
        print(f"  {line}")
    return 0


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
    the input it replaces, and the bytes that saves at that node."""
    return [
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
    from .rewrite.report import rewrite_report

    board = load_board(args.board)
    stage = pipeline.rewrite_stage(
        pipeline.load_model(args.model), board, args.backend, args.custom_ops, not args.no_rewrite, args.float16
    )
    the_plan = plan(stage.checked, memory=args.memory, patch_overhead=patch_overhead(args))
    if args.nodes:
        arena = rewrite_report(stage, lambda c: plan(c, memory=args.memory).arena_size)
        return _cmd_plan_nodes(args, the_plan, board, arena)
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
        _write_plan_picture(args, plan(stage.checked, memory="layer"), report)
    if args.json:
        _emit_json(report)
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


def _write_plan_picture(args, layer_plan, report: dict) -> None:
    """plan --html: the per-layer plan and the chosen one, drawn on one scale (plan/picture.py)."""
    from .plan.picture import to_html

    layer = {
        "arena_bytes": layer_plan.arena_size,
        "order": layer_plan.order,
        "buffers": [row for sub in layer_plan.subgraphs or [layer_plan] for row in _plan_rows(sub)],
    }
    chosen = f"--memory {args.memory}" + (", row patches" if report.get("patches", {}).get("bands") else "")
    panels = [
        (f"per-layer plan (--memory layer): arena {layer['arena_bytes']:,} B", layer),
        (f"{chosen}: arena {report['arena_bytes']:,} B", report),
    ]
    try:
        Path(args.html).write_text(to_html(Path(str(args.model)).name, panels))
    except OSError as exc:
        raise McugenError(f"cannot write {args.html}: {exc.strerror or exc}") from None
    pipeline.progress(f"wrote {Path(args.html).resolve()}")


def cmd_doctor(args) -> int:
    from .doctor import diagnose

    findings = diagnose(
        args.model, args.board, args.custom_ops, args.backend, rewrite=not args.no_rewrite, float16=args.float16
    )
    blocked = any(f.level == "block" for f in findings)
    if args.json:
        _emit_json({"blocked": blocked, "findings": [vars(f) for f in findings]})
    else:
        marks = {"ok": "ok   ", "info": "info ", "warn": "WARN ", "block": "BLOCK"}
        for f in findings:
            print(f"{marks[f.level]} {f.topic:<7} {f.message}")
            if f.fix:
                print(f"{'':14}fix: {f.fix}")
        print(
            "\nnothing blocks this model on " + args.board if not blocked else "\nthis model cannot run yet: see BLOCK"
        )
    return 1 if blocked else 0


def _size_baseline(args, report: dict) -> list:
    try:
        old = json.loads(Path(args.baseline).read_text())
        rows = size_report.compare_to_baseline(old, report)
        flash_growth = size_report.growth_pct(old["flash_bytes"], report["flash_bytes"])
        ram_growth = size_report.growth_pct(old["ram_bytes"], report["ram_bytes"])
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise McugenError(f"cannot use baseline {args.baseline}: {exc}") from None
    limit = args.max_growth or 0.0
    passed = flash_growth <= limit and ram_growth <= limit
    report["baseline"] = {
        "file": str(args.baseline),
        "max_growth_pct": limit,
        "passed": passed,
        "flash_growth_pct": round(flash_growth, 3),
        "ram_growth_pct": round(ram_growth, 3),
        "rows": [{"what": w, "baseline": a, "now": b} for w, a, b in rows if a != b],
    }
    return rows


def cmd_size(args) -> int:
    target, board_name, project = Path(args.target), args.board, None
    if target.is_dir():
        project = pipeline.load_project(target)
        board_name = board_name or project.board
        target = target / ".pio" / "build" / project.board / "firmware.elf"
    board = load_board(board_name) if board_name else None
    report = size_report.to_dict(measure(target, top=args.top), board)
    if project is not None and cli_multi.shares(project):  # a firmware of several models: each one's share
        report["models"] = cli_multi.size_models(project, target.with_suffix(".map"), report["groups"])
    status = 0 if report.get("board", {}).get("fits", True) else 1
    rows = _size_baseline(args, report) if args.baseline else None
    if rows is not None:
        status = status or (0 if report["baseline"]["passed"] else 1)
    if args.html:
        try:
            Path(args.html).write_text(size_report.to_html(report, f"mcugen size: {target}"))
        except OSError as exc:
            raise McugenError(f"cannot write {args.html}: {exc.strerror or exc}") from None
        pipeline.progress(f"wrote {Path(args.html).resolve()}")
    if args.json:
        _emit_json(report)
        return status
    print(size_report.to_markdown(report) if args.markdown else size_report.to_text(report))
    if "models" in report:
        print("\n".join(cli_multi.size_lines(report["models"])))
    if rows is not None:
        b = report["baseline"]
        print(
            f"\nagainst {b['file']}: flash {size_report.signed_pct(b['flash_growth_pct'])}, RAM "
            f"{size_report.signed_pct(b['ram_growth_pct'])} (limit {pct(b['max_growth_pct'])}): "
            f"{'PASS' if b['passed'] else 'FAIL'}\n"
        )
        print(size_report.diff_markdown(rows) if args.markdown else size_report.diff_text(rows))
    return status


def cmd_bench(args) -> int:
    from . import bench
    from .bench.markdown import render

    if args.write and not os.access(Path(args.write).resolve().parent, os.W_OK):  # before an hour of runs
        raise McugenError(f"cannot write {args.write}: its folder is missing or not writable")
    models, boards = args.models or bench.DEFAULT_MODELS, args.board or ["mps2-an386"]
    for model in models:  # a missing or unreadable model is a mistake in the command, not a finding of the matrix
        pipeline.load_model(zoo.resolve(model))
    cluster = {"workers": args.workers, "scheduler": args.scheduler, "force": args.force}
    results = bench.run_bench(models, boards, args.sets, not args.no_all_ops, args.memory, **cluster)
    rewrite_runs = bench.run_rewrites(models, boards[0], sets=args.sets)
    memory_runs = bench.run_memory(models, boards[0], sets=args.sets, results=results)
    multi_runs = bench.run_multi(models, sets=args.sets, results=results)
    command = "mcugen bench " + " ".join(sys.argv[2:]) if sys.argv[1:2] == ["bench"] else "mcugen bench"
    markdown = render(results, command, rewrite_runs, memory_runs, multi_runs)
    if args.write:
        try:
            Path(args.write).write_text(markdown)
        except OSError as exc:
            raise McugenError(f"cannot write {args.write}: {exc.strerror or exc}") from None
        pipeline.progress(f"wrote {Path(args.write).resolve()}")
    if args.json:
        _emit_json(
            {
                "results": bench.as_dicts(results),
                "rewrites": bench.rewrites.as_dicts(rewrite_runs),
                "memory": bench.memory.as_dicts(memory_runs),
                "several_models": bench.multi.as_dicts(multi_runs),
            }
        )
    else:
        print(markdown, end="")
    # a board too small for a model is a finding of the matrix, not a failure; a mismatch or any other error is
    failed = [r for r in results if (r.error and "too small" not in r.error) or (not r.error and not r.match)]
    failed += [r for r in [*rewrite_runs, *memory_runs, *multi_runs] if not r.error and not r.match]
    return 1 if failed else 0


def cmd_zoo(args) -> int:
    from . import zoo_run

    return zoo_run.run(args)


COMMANDS = {
    "ops": cmd_ops,
    "generate": cmd_generate,
    "build": cmd_build,
    "test": cmd_test,
    "run": cmd_run,
    "flash": cmd_flash,
    "verify": cmd_verify,
    "plan": cmd_plan,
    "doctor": cmd_doctor,
    "bench": cmd_bench,
    "size": cmd_size,
    "zoo": cmd_zoo,
}


def _os_error_message(exc: OSError) -> str:
    where = exc.filename or ""
    what = exc.strerror or str(exc)
    return f"cannot use {where}: {what}" if where else what


def _one_model(args) -> None:
    """A command given one model: the options of several (--name, --arena, verify's --inputs) as for one."""
    args.model = args.model[0]
    if getattr(args, "arena", None) is not None:
        raise McugenError("--arena divides memory between several models; give two or more MODELs, or drop it")
    if args.command == "verify" and args.name:
        raise McugenError("--name names each of several models; verify of one model takes none")
    if args.command == "verify" and args.inputs:
        if len(args.inputs) != 1:
            raise McugenError(f"{len(args.inputs)} --inputs files for one model: give one")
        args.inputs = args.inputs[0]
    if getattr(args, "name", None) is not None:
        if len(args.name) != 1:
            raise McugenError(f"{len(args.name)} --name values for one model: give one")
        args.name = args.name[0]


def _run(argv: list[str] | None) -> int:
    try:
        args = parser(COMMANDS).parse_args(argv)
    except SystemExit as exc:  # --help, --version or a usage error, already printed
        return exc.code
    try:
        check_combinations(args)
        if isinstance(getattr(args, "model", None), list):
            args.model = [zoo.resolve(m) for m in args.model]
            if len(args.model) > 1:  # one firmware of several models
                return cli_multi.command(args.command)(args)
            _one_model(args)
        elif getattr(args, "model", None) is not None:
            args.model = zoo.resolve(args.model)
        with command_lock(args):  # one run at a time in a project folder
            return args.func(args)
    except McugenError as exc:
        print(f"mcugen: error: {exc}", file=sys.stderr)
        return exc.exit_code


def main(argv: list[str] | None = None) -> int:
    try:
        status = _run(argv)
        sys.stdout.flush()
        return status
    except BrokenPipeError:
        # the reader (e.g. `head`) has what it wanted: stop quietly, as Unix tools do
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except OSError as exc:  # e.g. a location that cannot be written
        print(f"mcugen: error: {_os_error_message(exc)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return interrupted()


if __name__ == "__main__":
    sys.exit(main())
