"""The commands that are one call into the pipeline and a report: ops, generate, build, test, run, flash, doctor,
size, bench and zoo (plan and verify have modules of their own)."""

from __future__ import annotations

import json
import os
import shlex
import sys
from pathlib import Path

import numpy as np

from .. import zoo
from ..boards import load_board
from ..build import build, pio_test
from ..build.pio_core import prepare_core
from ..catalog import BY_CODE, CATALOG
from ..catalog.backends import BACKEND_CORES, choose_backends
from ..check import select_kernel
from ..console import progress
from ..emit.core_folder import core_dir
from ..emit.multi import MULTI_LIBRARY
from ..errors import McugenError
from ..measure import measure
from ..measure import report as size_report
from ..measure.report import nbytes, num, pct
from ..pipeline import build_and_run, generate, input_sets, load_model, load_project, models_of, shares
from ..rewrite import Float16Policy
from ..rewrite.verdicts import node_verdicts
from ..run.flash import flash, flash_command, image_path, stand_in_command, upload_target, write_image
from ..run.qemu import input_blob, no_emulator_message
from .options import board_port, inputs_of, options_of
from .output import cost_unit, emit_json
from .several import run_several, size_lines, size_models


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
        emit_json({"catalog": rows})
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
        from ..catalog.docs import ops_markdown

        print(ops_markdown(), end="")
        return 0
    if args.model is None:
        return _ops_catalog(args)
    args.board = args.board or "mps2-an386"
    graph = load_model(args.model)
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
        emit_json(
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
    library = args.form == "library"
    project, parts = generate(args.model, options_of(args), args.output, args.name, library)
    if len(parts) > 1:
        what = f"library {MULTI_LIBRARY} of {len(parts)} models" if library else f"{len(parts)} models"
        print(f"wrote {project.path}: {what}, ops {', '.join(project.ops)}")
        for p in parts:
            api = f" (include/{p.name}.h)" if library else ""
            print(f"  {p.name:<16} {p.model_name}{api}: {len(p.plan.nodes)} nodes, arena {nbytes(p.plan.arena_size)}")
        print(f"arena {nbytes(project.arena_bytes)} ({args.arena or 'shared'})")
        return 0
    the_plan = parts[0].plan
    api = f" (library {parts[0].name}: include/{parts[0].name}.h)" if library else ""
    print(
        f"wrote {project.path}{api}: {len(the_plan.nodes)} nodes, ops {', '.join(sorted(set(project.ops)))}, "
        f"arena {nbytes(the_plan.arena_size)} (lower bound {nbytes(the_plan.lower_bound)})"
    )
    if the_plan.patches is not None:
        print(the_plan.patches.describe())
    return 0


def cmd_build(args) -> int:
    if args.project is None:  # only --print-env: the core folder, for a PlatformIO project of the user's own
        print(f"PLATFORMIO_CORE_DIR={prepare_core()}")
        return 0
    progress(f"building {args.project}")
    result = build(args.project)
    size = measure(result.elf)
    load_board(load_project(args.project).board).check_fit(size.flash, size.ram, before_build=False)
    built = (
        f"built {result.elf.resolve()}: flash {nbytes(size.flash)} (code {nbytes(size.code)} + model "
        f"{nbytes(size.model)}), RAM {nbytes(size.ram)}"
    )
    if args.print_env:  # stdout holds only the variable, for `export $(mcugen build DIR --print-env)`
        progress(built)
        print(f"PLATFORMIO_CORE_DIR={core_dir()}")
    else:
        print(built)
    return 0


def cmd_test(args) -> int:
    project = load_project(args.project)
    board = load_board(project.board)
    if board.qemu_machine is None:  # PlatformIO would run the Cortex-M ELF on this machine (Exec format error)
        raise McugenError("`mcugen test` runs QEMU; " + no_emulator_message(board, "qemu", project.path, renode=False))
    progress(f"pio test -d {project.path} -e {project.board} (PlatformIO core {core_dir()})")
    return pio_test(project.path, project.board)


def _sets_for(args, project) -> list:
    """--inputs, or --random sets from --seed, for every model of the firmware."""
    return input_sets(project, models_of(project), inputs_of(args))


def cmd_run(args) -> int:
    project = load_project(args.project)
    board = load_board(project.board)
    models = models_of(project)
    _, size, result = build_and_run(project, board, _sets_for(args, project), args.emulator, board_port(args))
    if len(models) > 1:
        return run_several(args, models, size, result)
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
        emit_json(
            {
                "sets": sets,
                "node_labels": project.node_labels,  # node_instructions' nodes as the model numbers them
                "cost_per_inference": cost,
                "cost_unit": cost_unit(args),
                "flash_bytes": size.flash,
                "ram_bytes": size.ram,
            }
        )
        return 0
    unit = cost_unit(args).split()[0]
    labels = project.node_labels
    for i, s in enumerate(sets):
        costs = s["node_instructions"]
        nodes = ", ".join(f"{labels[n] if n < len(labels) else n}: {num(c)}" for n, c in enumerate(costs))
        print(f"set {i}: cost {num(s['cost_instructions'])} {unit} (per node {nodes}); outputs {s['outputs']}")
    return 0


def cmd_flash(args) -> int:
    project = load_project(args.project)
    board = load_board(project.board)
    # an emulated board fails here, before a build, unless it is a dry run (the image, and QEMU's command for it)
    stand_in = args.dry_run and board.upload_protocol is None and board.qemu_machine is not None
    target = None if stand_in else upload_target(project.board)
    sets = _sets_for(args, project) if args.inputs or args.random else None
    elf = project.path / ".pio" / "build" / project.board / "firmware.elf"
    if not args.dry_run or not elf.is_file():
        progress(f"building {project.path}")
        elf = build(project.path).elf
    blob = input_blob(elf, project.inputs, sets)[1] if sets else None
    image = write_image(elf, blob, image_path(elf))
    if args.dry_run:
        print(shlex.join(flash_command(target, image, args.probe) if target else stand_in_command(board, image)))
        return 0
    progress(f"flashing {image} through {args.probe or target.tool} ({target.protocol} probe)")
    flash(target, image, args.probe)
    what = f" with {len(sets)} input set(s)" if sets else ""
    print(f"flashed {project.board}{what}; read its run: mcugen run {project.path} --port DEV --no-flash")
    return 0


def cmd_doctor(args) -> int:
    from ..doctor import board_findings, diagnose

    try:
        options = options_of(args)
    except McugenError as exc:  # an unknown board is a finding, with the boards listed
        reports = [(model, board_findings(exc)) for model in args.model]
    else:
        reports = [(model, diagnose(model, options)) for model in args.model]
    blocked = [any(f.level == "block" for f in findings) for _, findings in reports]
    if args.json:
        if len(reports) == 1:
            emit_json({"blocked": blocked[0], "findings": [vars(f) for f in reports[0][1]]})
        else:
            models = [
                {"model": str(m), "blocked": b, "findings": [vars(f) for f in fs]}
                for (m, fs), b in zip(reports, blocked)
            ]
            emit_json({"blocked": any(blocked), "models": models})
        return 1 if any(blocked) else 0
    marks = {"ok": "ok   ", "info": "info ", "warn": "WARN ", "block": "BLOCK"}
    for (model, findings), stopped in zip(reports, blocked):
        if len(reports) > 1:
            print(f"== {model}")
        for f in findings:
            print(f"{marks[f.level]} {f.topic:<7} {f.message}")
            if f.fix:
                print(f"{'':14}fix: {f.fix}")
        print(
            f"\nnothing blocks this model on {args.board}" if not stopped else "\nthis model cannot run yet: see BLOCK"
        )
    return 1 if any(blocked) else 0


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
        project = load_project(target)
        board_name = board_name or project.board
        target = target / ".pio" / "build" / project.board / "firmware.elf"
    board = load_board(board_name) if board_name else None
    report = size_report.to_dict(measure(target, top=args.top), board)
    if project is not None and shares(project):  # a firmware of several models: each one's share
        report["models"] = size_models(project, target.with_suffix(".map"), report["groups"])
    status = 0 if report.get("board", {}).get("fits", True) else 1
    rows = _size_baseline(args, report) if args.baseline else None
    if rows is not None:
        status = status or (0 if report["baseline"]["passed"] else 1)
    if args.html:
        try:
            Path(args.html).write_text(size_report.to_html(report, f"mcugen size: {target}"))
        except OSError as exc:
            raise McugenError(f"cannot write {args.html}: {exc.strerror or exc}") from None
        progress(f"wrote {Path(args.html).resolve()}")
    if args.json:
        emit_json(report)
        return status
    print(size_report.to_markdown(report) if args.markdown else size_report.to_text(report))
    if "models" in report:
        print("\n".join(size_lines(report["models"])))
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
    from .. import bench
    from ..bench.markdown import render

    if args.write and not os.access(Path(args.write).resolve().parent, os.W_OK):  # before an hour of runs
        raise McugenError(f"cannot write {args.write}: its folder is missing or not writable")
    models, boards = args.models or bench.DEFAULT_MODELS, args.board or ["mps2-an386"]
    for model in models:  # a missing or unreadable model is a mistake in the command, not a finding of the matrix
        load_model(zoo.resolve(model))
    cluster = {"workers": args.workers, "scheduler": args.scheduler, "force": args.force}
    tflm = () if args.models else bench.tflm_models()
    results = bench.run_bench(models, boards, args.sets, not args.no_all_ops, args.memory, **cluster, tflm=tflm)
    rewrite_runs = bench.run_rewrites(models, boards[0], sets=args.sets)
    memory_runs = bench.run_memory(models, boards, sets=args.sets, results=results)
    multi_runs = bench.run_multi(models, sets=args.sets, results=results)
    audio_runs = bench.run_audio_stream(models, boards)
    library_runs = bench.run_library(models, boards, results=results)
    command = "mcugen bench " + " ".join(sys.argv[2:]) if sys.argv[1:2] == ["bench"] else "mcugen bench"
    markdown = render(results, command, rewrite_runs, memory_runs, multi_runs, audio_runs, library_runs)
    if args.write:
        try:
            Path(args.write).write_text(markdown)
        except OSError as exc:
            raise McugenError(f"cannot write {args.write}: {exc.strerror or exc}") from None
        progress(f"wrote {Path(args.write).resolve()}")
    if args.json:
        emit_json(
            {
                "results": bench.as_dicts(results),
                "rewrites": bench.rewrites.as_dicts(rewrite_runs),
                "memory": bench.memory.as_dicts(memory_runs),
                "several_models": bench.multi.as_dicts(multi_runs),
                "audio_stream": bench.audio_stream.as_dicts(audio_runs),
                "library": bench.library.as_dicts(library_runs),
            }
        )
    else:
        print(markdown, end="")
    # a board too small for a model is a finding of the matrix, not a failure; a mismatch or any other error is
    failed = [r for r in results if (r.error and "too small" not in r.error) or (not r.error and not r.match)]
    failed += [r for r in [*rewrite_runs, *memory_runs, *multi_runs, *audio_runs] if not r.error and not r.match]
    failed += [r for r in library_runs if r.error]  # each library's application must build and run to its end
    return 1 if failed else 0


def cmd_zoo(args) -> int:
    from .. import zoo_run

    return zoo_run.run(args)
