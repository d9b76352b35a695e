"""docs/benchmarks.md from bench results: our figures beside TFLite Micro's, goals met or the gap stated."""

from __future__ import annotations

from .. import zoo
from ..units import pct
from . import TFLM_BOARDS
from .audio_stream import audio_stream_table
from .baselines import tflm
from .library import library_table
from .memory import memory_boards, memory_modes_table
from .multi import multi_table
from .table import row, table


def _k(n: float | None) -> str:
    return "-" if n is None else f"{n:,.0f}"


def _ratio(a: float | None, b: float | None) -> str:
    return "-" if not a or not b else f"{a / b:.2f}"


def memory_table(results) -> list[str]:
    lines = [
        "## Memory (issue: static memory planner)",
        "",
        "Our arena is the static plan's size; the lower bound is the largest total of bytes live at one "
        "node for the chosen order. TFLM's device arena (`arena_used_bytes()` on the M4, from "
        "docs/baselines.md) includes its own runtime structures, so we compare it with our arena + "
        "runtime metadata. TFLM planned is the non-persistent (planner) part of its arena on the host. "
        "Total RAM is `.data + .bss` of the ELF with the stack reserve replaced by the measured stack "
        "high-water mark. Goals: arena <= 1.05x lower bound; arena + metadata <= 0.75x TFLM device arena "
        "(its reference kernels' on the M4, for every board and backend).",
        "",
    ]

    def cells(r) -> str:
        base = tflm("cortex-m4", r.model, "reference")
        ours = r.arena + r.metadata
        total = r.ram - r.stack_reserve + r.stack_used
        bound_ok = r.arena <= 1.05 * max(r.lower_bound, 1)
        tflm_ok = base is None or ours <= 0.75 * base["arena"]
        verdict = (
            "met"
            if bound_ok and tflm_ok
            else "gap: "
            + ", ".join(
                ([f"arena {r.arena / max(r.lower_bound, 1):.3f}x bound"] if not bound_ok else [])
                + (
                    [f"{ours / base['arena']:.2f}x TFLM (goal 0.75x: {ours - int(0.75 * base['arena']):,} B over)"]
                    if not tflm_ok
                    else []
                )
            )
        )
        kernels = r.backend if r.backend == "reference" else f"{r.backend}: {r.backends_used}"
        return row(
            r.model,
            r.board,
            kernels,
            f"{r.arena:,}",
            f"{r.lower_bound:,}",
            _ratio(r.arena, r.lower_bound),
            f"{r.metadata:,}",
            f"{ours:,}",
            _k(r.tflm_head),
            _k(base and base["arena"]),
            _ratio(ours, base and base["arena"]),
            f"{r.stack_used:,}",
            f"{total:,}",
            verdict,
        )

    header = (
        "| model | board | kernels | arena | lower bound | arena/bound | metadata | arena+meta | TFLM planned"
        " | TFLM device arena | (arena+meta)/TFLM | stack used | total RAM | goals |"
    )
    align = "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"
    return lines + table(header, align, results, lambda r: [r.model, r.board, r.backend], cells)


def size_table(results) -> list[str]:
    lines = [
        "## Code size (issue: size reports)",
        "",
        "code = flash minus the model's bytes (`arm-none-eabi-size` text + data, minus `mg_model_data`), "
        "with exactly the model's kernels registered, and with every kernel mcugen has (`--resolver all`, "
        "TFLM's AllOpsResolver case). TFLM figures: docs/baselines.md (reference kernels). Goals: "
        "trimmed <= 0.5x TFLM trimmed; all-kernels <= 0.5x TFLM all-ops.",
        "",
        "| model | flash | model bytes | code | TFLM code | ratio | code, all kernels | TFLM all ops | ratio |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in results:
        if r.error:
            continue
        base = tflm("cortex-m4", r.model, "reference") or {}
        all_base = tflm("cortex-m4", r.model, "reference-all-ops") or {}
        code, all_code = base.get("code"), all_base.get("code")
        lines.append(
            row(
                r.model,
                f"{r.flash:,}",
                f"{r.model_bytes:,}",
                f"{r.code:,}",
                _k(code),
                _ratio(r.code, code),
                _k(r.code_all_ops),
                _k(all_code),
                _ratio(r.code_all_ops, all_code),
            )
        )
    return lines


def speed_table(results) -> list[str]:
    lines = [
        "## Speed (issue: optimized kernels)",
        "",
        "Instructions per inference: SysTick ticks around one `Invoke()` under QEMU `-icount shift=0` "
        "(1 instruction = 1 ns; 40 instructions per tick on mps2 boards, 31.25 on mps3-an547). An instruction "
        "count, not time: it does not compare across cores (a Helium instruction handles up to 16 lanes, an M7 "
        "dual-issues). `auto` runs the board's optimized backend where it claims a node and the reference "
        "kernels elsewhere. TFLM figures: docs/baselines.md. Goals: optimized <= TFLM + CMSIS-NN on the "
        "same board (stretch 0.7x), code <= TFLM + CMSIS-NN's. TFLite Micro's own example and benchmark models "
        f"({', '.join(zoo.TFLM_MODELS)}: fetched from the tflite-micro repository at the commit docs/baselines.md "
        f"measured, or from a checkout named by {zoo.TFLM_SOURCE_VARIABLE}) run on {' and '.join(TFLM_BOARDS)}. "
        '"on ref.": the share of an optimized run\'s MACs left on the reference kernels (`mcugen plan MODEL '
        "--nodes` names the nodes and why).",
        "",
    ]
    reference = {(r.model, r.board): r for r in results if r.backend == "reference" and not r.error}

    def cells(r) -> str:
        ref = (tflm(r.core, r.model, "reference") or {}).get("instr")
        nn = (tflm(r.core, r.model, "cmsis-nn") or {}).get("instr")
        base = reference.get((r.model, r.board))
        speedup = f"{base.cost / r.cost:.2f}x" if base and r.cost else "-"
        per_mac = f"{r.cost / r.macs:.1f}" if r.macs else "-"
        kernels = r.backend if r.backend == "reference" else f"{r.backend}: {r.backends_used}"
        match = "yes" if r.match else "NO"
        on_reference = "-" if r.reference_mac_share is None else pct(100 * r.reference_mac_share)
        return row(
            r.model,
            r.board,
            kernels,
            match,
            f"{r.macs:,}",
            on_reference,
            f"{r.cost:,}",
            per_mac,
            speedup,
            f"{r.code:,}",
            f"{r.ram:,}",
            _k(ref),
            _k(nn),
            _ratio(r.cost, nn),
        )

    header = (
        "| model | board | kernels | match | MACs | on ref. | instructions | per MAC | speedup | code (B) | RAM (B) | "
        "TFLM ref | TFLM CMSIS-NN | ours / CMSIS-NN |"
    )
    align = "|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    return lines + table(header, align, results, lambda r: [r.model, r.board, r.backend], cells)


def board_matrix(results) -> list[str]:
    boards = list(dict.fromkeys(r.board for r in results))
    if len(boards) < 2:
        return []
    lines = [
        "## Boards (issue: boards and emulator runs)",
        "",
        "Each cell: fits? flash / RAM (bytes, with the board's stack reserve) / instructions per inference with "
        "the reference kernels. A model that does not fit fails at generation with both numbers.",
        "",
        "| model | " + " | ".join(boards) + " |",
        "|---|" + "---|" * len(boards),
    ]
    by_key = {(r.model, r.board): r for r in results if r.backend == "reference"}
    for model in dict.fromkeys(r.model for r in results):
        cells = []
        for b in boards:
            r = by_key.get((model, b))
            if r is None:
                cells.append("-")
            elif r.error:
                cells.append("no: " + r.error.split(":")[-1].strip()[:60])
            else:
                cells.append(f"{'yes' if r.match else 'MISMATCH'}: {r.flash:,} / {r.ram:,} / {r.cost:,}")
        lines.append(f"| {model} | " + " | ".join(cells) + " |")
    return lines


def render(
    results, command: str, rewrite_runs=(), memory_runs=(), multi_runs=(), audio_runs=(), library_runs=()
) -> str:
    first_board = results[0].board if results else ""
    main = [r for r in results if r.board == first_board]
    # the memory goals on the --memory modes' boards, every backend
    boards = memory_boards(list(dict.fromkeys(r.board for r in results)))
    memory = sorted((r for r in results if r.board in boards), key=lambda r: boards.index(r.board))
    parts = [
        "# Benchmarks",
        "",
        f"Produced by `{command}` (see docs/cli.md). Every figure below comes from a "
        "real build (PlatformIO, arm-none-eabi-gcc 12.2) and real QEMU 7.2 runs whose outputs matched the "
        "tflite-micro reference; TFLM's figures are the measured baselines in docs/baselines.md.",
        "",
    ]
    main = [r for r in main if r.backend == "reference"]
    parts += memory_table(memory) + [""] + size_table(main) + [""] + speed_table(results) + [""]
    matrix = board_matrix(results)
    parts += matrix + ([""] if matrix else [])
    for section in (
        rewrite_table(rewrite_runs),
        memory_modes_table(memory_runs),
        multi_table(multi_runs),
        library_table(library_runs),
        audio_stream_table(audio_runs),
    ):
        parts += section + ([""] if section else [])
    return "\n".join(parts)


def _with_change(value: int, base: int | None) -> str:
    return f"{value:,}" if base is None or value == base else f"{value:,} ({value - base:+,})"


def rewrite_table(runs) -> list[str]:
    """What the rewrite stage saved per model: each build beside the model as given (changes in brackets)."""
    if not runs:
        return []
    lines = [
        "## Rewrites (issue 19: generation-time graph rewriting)",
        "",
        "Each model built as given (`--no-rewrite`) and rewritten (docs/rewrite.md; float16 weights folded to "
        "float32), the float16 fixture also with its weights kept float16 in flash (`--float16 keep`), with the "
        "reference kernels, every build run "
        "in QEMU against the reference on the model as given. flash: the whole firmware; model: its model bytes; "
        "instructions per inference. Brackets: the change against the model as given.",
        "",
        "| model | build | rewrites | match | flash | model in flash | arena | instructions |",
        "|---|---|---|---|---:|---:|---:|---:|",
    ]
    given = {r.model: r for r in runs if r.build.startswith("as given") and not r.error}
    for r in runs:
        if r.error:
            lines.append(f"| {r.model} | {r.build} | {r.rewrites or '-'} | does not run: {r.error} | | | | |")
            continue
        base = given.get(r.model) if r is not given.get(r.model) else None
        figures = [
            _with_change(getattr(r, key), base and getattr(base, key))
            for key in ("flash", "model_bytes", "arena", "instructions")
        ]
        lines.append(
            f"| {r.model} | {r.build} | {r.rewrites or '-'} | {'yes' if r.match else 'NO'} | "
            + " | ".join(figures)
            + " |"
        )
    return lines
