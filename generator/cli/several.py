"""The reports of a firmware of several models (emit/multi.py): each model's block, then the firmware's totals,
for plan, verify, run and size. The pipeline is the same as for one model; only the report differs."""

from __future__ import annotations

from pathlib import Path

from ..emit.multi import arena_bytes
from ..measure.attribution import parse_map
from ..measure.report import nbytes, num
from ..pipeline import Options, Verification, model_costs, plan_models, shares, split_results
from .output import comparison_fields, cost_unit, emit_json


def plan_several(args, options: Options) -> int:
    rows = [
        {
            "name": part.name,
            "model": str(path),
            "model_bytes": len(part.plan.graph.model_bytes),
            "arena_bytes": part.plan.arena_size,
            "lower_bound_bytes": part.plan.lower_bound,
            "persistent_bytes": part.plan.persistent_size,
            "nodes": len(part.plan.nodes),
            "kernels": sorted(f"{k.op}/{k.backend}" for k in part.plan.kernels),
            **({"patches": part.plan.patches.summary()} if part.plan.patches is not None else {}),
        }
        for path, part in zip(args.model, plan_models(args.model, options))
    ]
    total = {
        "arena": options.arena,
        "arena_bytes": arena_bytes([r["arena_bytes"] for r in rows], options.arena),
        "persistent_bytes": sum(r["persistent_bytes"] for r in rows),
        "model_bytes": sum(r["model_bytes"] for r in rows),
        "kernels": sorted({k for r in rows for k in r["kernels"]}),
    }
    if args.json:
        emit_json({"models": rows, "firmware": total})
        return 0
    print(f"{'model':<16} {'bytes':>9} {'arena':>9} {'bound':>9} {'state':>7}  kernels (op/backend)")
    for r in rows:
        print(
            f"{r['name']:<16} {num(r['model_bytes']):>9} {num(r['arena_bytes']):>9} {num(r['lower_bound_bytes']):>9} "
            f"{num(r['persistent_bytes']):>7}  {len(r['kernels'])}"
        )
    print(
        f"firmware: arena {nbytes(total['arena_bytes'])} ({options.arena}: "
        + ("the largest plan's" if options.arena == "shared" else "every plan's, side by side")
        + f"), persistent state {nbytes(total['persistent_bytes'])} (each model's own), models "
        f"{nbytes(total['model_bytes'])}, {len(total['kernels'])} kernels registered once "
        f"(of {sum(len(r['kernels']) for r in rows)} over the models)"
    )
    return 0


def verify_several(args, v: Verification) -> int:
    models = [
        {
            "name": m.share.name,
            "model": m.share.model_name,
            "match": m.comparison.match,
            **comparison_fields(m.comparison),
            "reference": m.reference,
            "cost_per_inference": m.cost,
            "model_bytes": m.share.entry["model_bytes"],
            "arena_bytes": m.share.entry["arena_bytes"],
            "persistent_bytes": m.share.entry["persistent_bytes"],
        }
        for m in v.models
    ]
    arena = args.arena or "shared"
    report = {
        "match": v.match,
        "board": args.board,
        "project": str(v.project.path),
        "sets": len(v.sets),
        "interleaved": True,
        "arena": arena,
        "arena_bytes": v.project.arena_bytes,
        "persistent_bytes": v.project.persistent_bytes,
        "flash_bytes": v.size.flash,
        "code_bytes": v.size.code,
        "model_bytes": v.size.model,
        "ram_bytes": v.size.ram,
        "cost_unit": cost_unit(args),
        "models": models,
    }
    if args.json:
        emit_json(report)
        return 0 if v.match else 1
    sets = len(v.sets)
    print(f"models     {len(models)} on {args.board}, {sets} set(s) each, run interleaved (one model after another)")
    for m, checked in zip(models, v.models):
        c = checked.comparison
        print(
            f"  {m['name']:<16} {c.verdict()}: {c.figures()}, {num(m['mismatched_elements'])} "
            f"elements differ; {num(m['cost_per_inference'])} instructions per inference ({m['reference']})"
        )
    print(f"flash      {nbytes(v.size.flash)} (code {nbytes(v.size.code)} + models {nbytes(v.size.model)})")
    print(
        f"RAM        {nbytes(v.size.ram)} (arena {nbytes(v.project.arena_bytes)}, {arena}; "
        f"persistent state {nbytes(v.project.persistent_bytes)}; stack {nbytes(v.size.stack)})"
    )
    return 0 if v.match else 1


def run_several(args, models, size, result) -> int:
    """`mcugen run` on a firmware of several models: each model's outputs and mean cost."""
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
        "cost_unit": cost_unit(args),
        "flash_bytes": size.flash,
        "ram_bytes": size.ram,
    }
    if args.json:
        emit_json(report)
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
