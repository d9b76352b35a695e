"""`mcugen plan --html`: the arena drawn as every buffer a rectangle over execution step x arena offset (the
steps it is live itself, not its storage group).

One panel per plan (the per-layer plan, then the plan the memory techniques made), on one scale so the two
compare at a glance. The step where the most bytes are live is marked, and so is the arena's top. Input is the
plan report `mcugen plan --json` prints (its "buffers" rows), so the picture shows exactly what the text does.
"""

from __future__ import annotations

import html

PALETTE = ("#4e79a7", "#f28e2b", "#59a14f", "#b07aa1", "#76b7b2", "#edc948", "#9c755f", "#e15759")
SCRATCH_COLOUR = "#bab0ac"
WIDTH, HEIGHT, MARGIN = 760, 360, 56


def _span(row: dict, steps: int) -> tuple[int, int]:
    """A buffer's own first and last step, clamped to the drawing (graph inputs are live before step 0)."""
    first, last = row["live"]
    first = max(first, 0)
    last = last if last >= 0 else steps - 1
    return first, max(last, first)


def _covered(intervals: list[tuple[int, int]]) -> int:
    """Bytes covered by byte ranges [start, end) that may overlap (shared bytes count once)."""
    total, reach = 0, 0
    for start, end in sorted(intervals):
        if end > reach:
            total += end - max(start, reach)
            reach = end
    return total


def peak_step(rows: list[dict], steps: int) -> tuple[int, int]:
    """(the step with the most arena bytes in use, those bytes): where the arena's size is decided."""
    in_use = [[] for _ in range(max(steps, 1))]
    for row in rows:
        first, last = _span(row, steps)
        for step in range(first, min(last, steps - 1) + 1):
            in_use[step].append((row["offset"], row["offset"] + row["bytes"]))
    live = [_covered(intervals) for intervals in in_use]
    best = max(range(len(live)), key=live.__getitem__)
    return best, live[best]


def _panel(title: str, report: dict, scale_bytes: int, steps: int) -> str:
    rows = report["buffers"]
    x_step = (WIDTH - MARGIN) / max(steps, 1)
    y_byte = (HEIGHT - 64) / max(scale_bytes, 1)  # the title and the peak's label stay above the arena

    def y(offset: int) -> float:
        return HEIGHT - 20 - offset * y_byte

    rects = []
    for i, row in enumerate(rows):
        first, last = _span(row, steps)
        colour = SCRATCH_COLOUR if row["tensor"] is None else PALETTE[i % len(PALETTE)]
        label = html.escape(
            f"{row['name']}: {row['bytes']:,} B at offset {row['offset']:,}, live at steps {first}..{last}"
        )
        rects.append(
            f'<rect class="buffer" x="{MARGIN + first * x_step:.1f}" y="{y(row["offset"] + row["bytes"]):.1f}" '
            f'width="{max((last - first + 1) * x_step - 1, 1):.1f}" height="{max(row["bytes"] * y_byte, 1):.1f}" '
            f'fill="{colour}" fill-opacity="0.75" stroke="#333" stroke-width="0.5"><title>{label}</title></rect>'
        )
    step, live = peak_step(rows, steps)
    arena = report["arena_bytes"]
    peak_x = MARGIN + (step + 0.5) * x_step
    marks = (
        f'<line class="arena-top" x1="{MARGIN}" x2="{WIDTH}" y1="{y(arena):.1f}" y2="{y(arena):.1f}" '
        f'stroke="#c00" stroke-dasharray="4 3"/>'
        f'<text x="{MARGIN + 4}" y="{y(arena) - 4:.1f}" font-size="11" fill="#c00">arena {arena:,} B</text>'
        f'<line class="peak" x1="{peak_x:.1f}" x2="{peak_x:.1f}" y1="20" y2="{HEIGHT - 20}" stroke="#000" '
        f'stroke-width="1.5"><title>peak: {live:,} B in use at step {step}</title></line>'
        f'<text x="{peak_x + 4:.1f}" y="32" font-size="11">peak at step {step}: {live:,} B in use</text>'
        f'<text x="{MARGIN}" y="{HEIGHT - 4}" font-size="11">execution step 0..{steps - 1} -&gt;</text>'
        f'<text x="0" y="{HEIGHT - 22}" font-size="11">offset 0</text>'
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" role="img" '
        f'aria-label="{html.escape(title)}"><text x="0" y="14" font-size="14" font-weight="bold">'
        f"{html.escape(title)}</text>{''.join(rects)}{marks}</svg>"
    )


def to_html(model_name: str, panels: list[tuple[str, dict]]) -> str:
    """A page with one panel per (title, plan report), drawn on the largest panel's arena scale."""
    steps = max(len(report["order"]) for _, report in panels)
    scale = max(report["arena_bytes"] for _, report in panels)
    figures = "".join(
        f'<figure id="plan-{i}">{_panel(title, report, scale, steps)}</figure>'
        for i, (title, report) in enumerate(panels)
    )
    title = f"Arena plan of {model_name}"
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>
<style>body{{font-family:sans-serif;margin:24px;max-width:800px}} figure{{margin:16px 0}}</style></head><body>
<h1>{html.escape(title)}</h1>
<p>Each rectangle is one buffer: its width the steps it is live, its height its bytes at its arena offset (hover for
the tensor). Grey rectangles are kernel scratch; overlapping rectangles share bytes (views, in place, overlap).</p>
{figures}
</body></html>
"""
