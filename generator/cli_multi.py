"""The commands given several models (one firmware running them all, emit/multi.py): generate, verify, plan, and
run and size on such a firmware's folder. Each prints one block per model and the firmware's totals."""

from __future__ import annotations

import json

from . import pipeline
from .boards import load_board
from .cli_parser import COST_UNITS
from .emit.multi import MULTI_LIBRARY, arena_bytes, part_names
from .errors import McugenError
from .measure.report import nbytes, num
from .pipeline_multi import generate_models, input_sets, model_costs, shares, split_results, verify_models
from .plan import plan
from .targets import target_board


def _emit_json(data) -> None:
    print(json.dumps(data, indent=2, sort_keys=True))


def _arena(args) -> str:
    return getattr(args, "arena", None) or "shared"


def cmd_generate(args) -> int:
    project, parts = generate_models(
        args.model,
        target_board(args.target, args.board),
        args.output,
        args.name,
        _arena(args),
        args.resolver,
        args.backend,
        args.custom_ops,
        args.verbose,
        rewrite=not args.no_rewrite,
        library=args.form == "library",
    )
    what = f"library {MULTI_LIBRARY} of {len(parts)} models" if args.form == "library" else f"{len(parts)} models"
    print(f"wrote {project.path}: {what}, ops {', '.join(project.ops)}")
    for p in parts:
        api = f" (include/{p.name}.h)" if args.form == "library" else ""
        print(f"  {p.name:<16} {p.model_name}{api}: {len(p.plan.nodes)} nodes, arena {nbytes(p.plan.arena_size)}")
    print(f"arena {nbytes(project.arena_bytes)} ({_arena(args)})")
    return 0


def cmd_verify(args) -> int:
    board = load_board(args.board)
    out = args.output or pipeline.default_project_dir(args.model[0], f"{board.name}-{len(args.model)}models")
    v = verify_models(
        args.model,
        board,
        out,
        args.name,
        _arena(args),
        args.random,
        args.seed,
        args.inputs,
        args.backend,
        args.custom_ops,
        args.emulator,
        rewrite=not args.no_rewrite,
    )
    models = [
        {
            "name": m.share.name,
            "model": m.share.model_name,
            "match": m.comparison.match,
            "max_abs_diff": m.comparison.max_abs_diff,
            "max_rel_diff": m.comparison.max_rel_diff,
            "abs_floor": m.comparison.abs_floor,
            "mismatched_elements": m.comparison.mismatched_elements,
            "reference": m.reference,
            "cost_per_inference": m.cost,
            "model_bytes": m.share.entry["model_bytes"],
            "arena_bytes": m.share.entry["arena_bytes"],
            "persistent_bytes": m.share.entry["persistent_bytes"],
        }
        for m in v.models
    ]
    report = {
        "match": v.match,
        "board": args.board,
        "project": str(v.project.path),
        "sets": v.sets,
        "interleaved": True,
        "arena": _arena(args),
        "arena_bytes": v.project.arena_bytes,
        "persistent_bytes": v.project.persistent_bytes,
        "flash_bytes": v.size.flash,
        "code_bytes": v.size.code,
        "model_bytes": v.size.model,
        "ram_bytes": v.size.ram,
        "cost_unit": COST_UNITS[args.emulator],
        "models": models,
    }
    if args.json:
        _emit_json(report)
        return 0 if v.match else 1
    print(f"models     {len(models)} on {args.board}, {v.sets} set(s) each, run interleaved (one model after another)")
    for m, checked in zip(models, v.models):
        c = checked.comparison
        print(
            f"  {m['name']:<16} {c.verdict()}: {c.figures()}, {num(m['mismatched_elements'])} "
            f"elements differ; {num(m['cost_per_inference'])} instructions per inference ({m['reference']})"
        )
    print(f"flash      {nbytes(v.size.flash)} (code {nbytes(v.size.code)} + models {nbytes(v.size.model)})")
    print(
        f"RAM        {nbytes(v.size.ram)} (arena {nbytes(v.project.arena_bytes)}, {_arena(args)}; "
        f"persistent state {nbytes(v.project.persistent_bytes)}; stack {nbytes(v.size.stack)})"
    )
    return 0 if v.match else 1


def cmd_plan(args) -> int:
    if args.nodes:
        raise McugenError("--nodes shows one model's nodes: run `mcugen plan MODEL --nodes` per model")
    board = load_board(args.board)
    names = part_names(args.model, getattr(args, "name", None))
    rows = []
    for name, path in zip(names, args.model):
        stage = pipeline.rewrite_stage(
            pipeline.load_model(path), board, args.backend, args.custom_ops, not args.no_rewrite
        )
        the_plan = plan(stage.checked)
        rows.append(
            {
                "name": name,
                "model": str(path),
                "model_bytes": len(the_plan.graph.model_bytes),
                "arena_bytes": the_plan.arena_size,
                "lower_bound_bytes": the_plan.lower_bound,
                "persistent_bytes": the_plan.persistent_size,
                "kernels": sorted(f"{k.op}/{k.backend}" for k in the_plan.kernels),
            }
        )
    arena = _arena(args)
    total = {
        "arena": arena,
        "arena_bytes": arena_bytes([r["arena_bytes"] for r in rows], arena),
        "persistent_bytes": sum(r["persistent_bytes"] for r in rows),
        "model_bytes": sum(r["model_bytes"] for r in rows),
        "kernels": sorted({k for r in rows for k in r["kernels"]}),
    }
    if args.json:
        _emit_json({"models": rows, "firmware": total})
        return 0
    print(f"{'model':<16} {'bytes':>9} {'arena':>9} {'bound':>9} {'state':>7}  kernels (op/backend)")
    for r in rows:
        print(
            f"{r['name']:<16} {num(r['model_bytes']):>9} {num(r['arena_bytes']):>9} {num(r['lower_bound_bytes']):>9} "
            f"{num(r['persistent_bytes']):>7}  {len(r['kernels'])}"
        )
    shared_kernels = len(total["kernels"])
    print(
        f"firmware: arena {nbytes(total['arena_bytes'])} ({arena}: "
        + ("the largest plan's" if arena == "shared" else "every plan's, side by side")
        + f"), persistent state {nbytes(total['persistent_bytes'])} (each model's own), models "
        f"{nbytes(total['model_bytes'])}, {shared_kernels} kernels registered once "
        f"(of {sum(len(r['kernels']) for r in rows)} over the models)"
    )
    return 0


def cmd_run(args, project) -> int:
    models = shares(project)
    board = load_board(project.board)
    files = args.inputs or []
    sets = input_sets(project, models, files, args.random, args.seed)
    _, size, result = pipeline.build_and_run(project, board, sets, args.emulator)
    outputs = split_results(result, models)
    costs = model_costs(result, len(models))
    report = {
        "models": [
            {
                "name": m.name,
                "sets": [[o.tolist() for o in s] for s in outputs[i]],
                "cost_per_inference": costs[i],
            }
            for i, m in enumerate(models)
        ],
        "cost_unit": COST_UNITS[args.emulator],
        "flash_bytes": size.flash,
        "ram_bytes": size.ram,
    }
    if args.json:
        _emit_json(report)
        return 0
    for m in report["models"]:
        print(f"{m['name']}: cost {num(m['cost_per_inference'])} instructions per inference")
        for k, s in enumerate(m["sets"]):
            print(f"  set {k}: outputs {s}")
    return 0


def size_models(project, map_path, groups: dict) -> list[dict]:
    """Each model's share of a firmware of several (`mcugen size DIR`): its model bytes, arena plan and persistent
    state, and the flash and RAM of its own generated tables (tensor table, node parameters, node storage), read
    from the linker map by object file; the rest (runtime, kernels, resolver, harness) the models share."""
    from pathlib import Path

    from .measure.attribution import parse_map

    entries = parse_map(Path(map_path).read_text(errors="replace")) if Path(map_path).is_file() else []
    rows = []
    models = shares(project)
    for m in models:
        others = {op for o in models if o is not m for op in o.entry["ops"]}
        own_ops = sorted(set(m.entry["ops"]) - others)
        own = [(sec, size) for sec, obj, size, _ in entries if Path(obj).name.startswith(f"{m.name}_")]
        ram = sum(size for sec, size in own if sec.startswith((".bss", ".data")))
        flash = sum(size for sec, size in own if not sec.startswith(".bss"))
        entry = m.entry
        rows.append(
            {
                "name": m.name,
                "model": m.model_name,
                "model_bytes": entry["model_bytes"],
                "arena_bytes": entry["arena_bytes"],
                "persistent_bytes": entry["persistent_bytes"],
                "tables_flash_bytes": flash - entry["model_bytes"],
                "tables_ram_bytes": ram - entry["persistent_bytes"],
                "own_ops": own_ops,
                "own_kernels_flash_bytes": sum(
                    groups.get(f"kernel {op.lower()}", {}).get("flash", 0) for op in own_ops
                ),
            }
        )
    return rows


def size_lines(rows: list[dict]) -> list[str]:
    lines = [
        f"{'model':<24} {'bytes':>9} {'arena plan':>10} {'state':>7} {'tables flash':>12} {'tables RAM':>10} "
        f"{'own kernels':>11}"
    ]
    for r in rows:
        lines.append(
            f"{r['name']:<24} {num(r['model_bytes']):>9} {num(r['arena_bytes']):>10} {num(r['persistent_bytes']):>7} "
            f"{num(r['tables_flash_bytes']):>12} {num(r['tables_ram_bytes']):>10} "
            f"{num(r['own_kernels_flash_bytes']):>11}  {', '.join(r['own_ops'])}"
        )
    lines.append(
        "(own kernels: the ops no other model uses; the runtime, the other kernels, the resolver and the arena"
    )
    lines.append("itself are shared: see the groups above)")
    return lines


def command(name: str):
    """The command's function for several models (doctor and ops judge one model at a time)."""
    return COMMANDS.get(name, _one_model_only)


def _one_model_only(args) -> int:
    raise McugenError(f"`mcugen {args.command}` takes one model; give one MODEL")


COMMANDS = {"generate": cmd_generate, "verify": cmd_verify, "plan": cmd_plan}
