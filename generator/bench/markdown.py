"""docs/benchmarks.md from bench results: our figures beside TFLite Micro's, goals met or the gap stated."""
from __future__ import annotations

from .baselines import tflm


def _k(n: float | None) -> str:
    return "-" if n is None else f"{n:,.0f}"


def _ratio(a: float | None, b: float | None) -> str:
    return "-" if not a or not b else f"{a / b:.2f}"


def memory_table(results) -> list[str]:
    lines = ["## Memory (issue: static memory planner)", "",
             "Our arena is the static plan's size; the lower bound is the largest total of bytes live at one "
             "node for the chosen order. TFLM's device arena (`arena_used_bytes()` on the M4, from "
             "`../shared/BASELINES.md`) includes its own runtime structures, so we compare it with our arena + "
             "runtime metadata. TFLM planned is the non-persistent (planner) part of its arena on the host. "
             "Total RAM is `.data + .bss` of the ELF with the stack reserve replaced by the measured stack "
             "high-water mark. Goals: arena <= 1.05x lower bound; arena + metadata <= 0.75x TFLM device arena.", "",
             "| model | arena | lower bound | arena/bound | metadata | arena+meta | TFLM planned | TFLM device arena"
             " | (arena+meta)/TFLM | stack used | total RAM | goals |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
    for r in results:
        if r.error:
            lines.append(f"| {r.model} | blocked: {r.error} |" + " |" * 11)
            continue
        base = tflm("cortex-m4", r.model, "reference")
        ours = r.arena + r.metadata
        total = r.ram - r.stack_reserve + r.stack_used
        bound_ok = r.arena <= 1.05 * max(r.lower_bound, 1)
        tflm_ok = base is None or ours <= 0.75 * base["arena"]
        verdict = "met" if bound_ok and tflm_ok else "gap: " + ", ".join(
            ([f"arena {r.arena / max(r.lower_bound, 1):.3f}x bound"] if not bound_ok else []) +
            ([f"{ours / base['arena']:.2f}x TFLM (goal 0.75x: {ours - int(0.75 * base['arena']):,} B over)"]
             if not tflm_ok else []))
        lines.append(f"| {r.model} | {r.arena:,} | {r.lower_bound:,} | {_ratio(r.arena, r.lower_bound)} | "
                     f"{r.metadata:,} | {ours:,} | {_k(r.tflm_head)} | {_k(base and base['arena'])} | "
                     f"{_ratio(ours, base and base['arena'])} | {r.stack_used:,} | {total:,} | {verdict} |")
    return lines


def size_table(results) -> list[str]:
    lines = ["## Code size (issue: size reports)", "",
             "code = flash minus the model's bytes (`arm-none-eabi-size` text + data, minus `g_model_data`), "
             "with exactly the model's kernels registered, and with every kernel mcugen has (`--resolver all`, "
             "TFLM's AllOpsResolver case). TFLM figures: `../shared/BASELINES.md` (reference kernels). Goals: "
             "trimmed <= 0.5x TFLM trimmed; all-kernels <= 0.5x TFLM all-ops.", "",
             "| model | flash | model bytes | code | TFLM code | ratio | code, all kernels | TFLM all ops | ratio |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in results:
        if r.error:
            continue
        base = tflm("cortex-m4", r.model, "reference") or {}
        all_base = tflm("cortex-m4", r.model, "reference-all-ops") or {}
        lines.append(f"| {r.model} | {r.flash:,} | {r.model_bytes:,} | {r.code:,} | {_k(base.get('code'))} | "
                     f"{_ratio(r.code, base.get('code'))} | {_k(r.code_all_ops)} | {_k(all_base.get('code'))} | "
                     f"{_ratio(r.code_all_ops, all_base.get('code'))} |")
    return lines


def speed_table(results) -> list[str]:
    lines = ["## Speed", "",
             "Instructions per inference: SysTick ticks around one `Invoke()` under QEMU `-icount shift=0` "
             "(1 instruction = 1 ns; 40 instructions per tick on mps2 boards). An instruction count, not time.", "",
             "| model | board | match | ours (instr) | TFLM reference | ratio | TFLM CMSIS-NN | ratio |",
             "|---|---|---|---:|---:|---:|---:|---:|"]
    for r in results:
        if r.error:
            lines.append(f"| {r.model} | {r.board} | blocked: {r.error} | | | | | |")
            continue
        ref = (tflm(r.core, r.model, "reference") or {}).get("instr")
        nn = (tflm(r.core, r.model, "cmsis-nn") or {}).get("instr")
        lines.append(f"| {r.model} | {r.board} | {'yes' if r.match else 'NO'} ({r.sets} sets) | {r.cost:,} | "
                     f"{_k(ref)} | {_ratio(r.cost, ref)} | {_k(nn)} | {_ratio(r.cost, nn)} |")
    return lines


def render(results, command: str) -> str:
    first_board = results[0].board if results else ""
    main = [r for r in results if r.board == first_board]
    parts = ["# Benchmarks", "", f"Produced by `{command}` (see docs/cli.md). Every figure below comes from a "
             "real build (PlatformIO, arm-none-eabi-gcc 12.2) and real QEMU 7.2 runs whose outputs matched the "
             "tflite-micro reference; TFLM's figures are the measured baselines in `../shared/BASELINES.md`.", ""]
    parts += memory_table(main) + [""] + size_table(main) + [""] + speed_table(results) + [""]
    return "\n".join(parts)
