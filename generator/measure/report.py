"""SizeReport as JSON, text, markdown (ready for a pull-request comment) and HTML with an inline SVG chart;
and the comparison with a saved baseline that gates size regressions in CI."""

from __future__ import annotations

import html

from ..boards import Board
from ..units import nbytes, num, pct, signed_pct  # noqa: F401 (re-exported for the commands)
from . import SizeReport


def to_dict(r: SizeReport, board: Board | None = None) -> dict:
    d = {
        "flash_bytes": r.flash,
        "ram_bytes": r.ram,
        "code_bytes": r.code,
        "model_bytes": r.model,
        "arena_bytes": r.arena,
        "arena_guard_bytes": r.arena_guard,
        "persistent_bytes": r.persistent,
        "metadata_bytes": r.metadata,
        "stack_bytes": r.stack,
        "text": r.text,
        "data": r.data,
        "bss": r.bss,
        "sections": r.sections,
        "groups": {name: {"flash": g.flash, "ram": g.ram} for name, g in sorted(r.groups.items())},
        "top_symbols": [{"name": n, "bytes": b, "group": g} for n, b, g in r.top_symbols],
    }
    if board is not None:
        d["board"] = {
            "name": board.name,
            "flash_bytes": board.flash_size,
            "ram_bytes": board.ram_size,
            "flash_used_pct": round(100 * r.flash / board.flash_size, 2),
            "ram_used_pct": round(100 * r.ram / board.ram_size, 2),
            "fits": r.flash <= board.flash_size and r.ram <= board.ram_size,
        }
    return d


def _rows(d: dict) -> list[tuple[str, int, int]]:
    return sorted(((n, g["flash"], g["ram"]) for n, g in d["groups"].items()), key=lambda r: (-r[1] - r[2], r[0]))


def summary_lines(d: dict) -> list[str]:
    """The totals and the board fit, the same words in text and markdown."""
    guard = f" + {nbytes(d['arena_guard_bytes'])} guard" if d.get("arena_guard_bytes") else ""
    state = f"persistent state {nbytes(d['persistent_bytes'])}, " if d.get("persistent_bytes") else ""
    lines = [
        f"flash {nbytes(d['flash_bytes'])} (code {nbytes(d['code_bytes'])} + model {nbytes(d['model_bytes'])}), "
        f"RAM {nbytes(d['ram_bytes'])} (arena {nbytes(d['arena_bytes'])}{guard}, {state}"
        f"metadata {nbytes(d['metadata_bytes'])}, stack {nbytes(d['stack_bytes'])})"
    ]
    if "board" in d:
        b = d["board"]
        lines.append(
            f"board {b['name']}: flash {pct(b['flash_used_pct'])} of {nbytes(b['flash_bytes'])}, RAM "
            f"{pct(b['ram_used_pct'])} of {nbytes(b['ram_bytes'])}: {'fits' if b['fits'] else 'DOES NOT FIT'}"
        )
    return lines


def _table(header: list[str], rows: list[list[str]], align: str = "") -> list[str]:
    """A plain-text table whose columns fit their longest cell; `align` has "l" or "r" per column (default: the
    first left, numbers right)."""
    widths = [max(len(str(c)) for c in column) for column in zip(header, *rows)]
    align = align or "l" + "r" * (len(header) - 1)

    def line(cells):
        return "  ".join(f"{c:<{w}}" if a == "l" else f"{c:>{w}}" for c, w, a in zip(cells, widths, align))

    return [line(header).rstrip()] + [line(r).rstrip() for r in rows]


def to_text(d: dict) -> str:
    lines = summary_lines(d)
    lines += [""] + _table(["section", "bytes"], [[n, num(b)] for n, b in d["sections"].items()])
    lines += [""] + _table(["group", "flash", "RAM"], [[n, num(f), num(r)] for n, f, r in _rows(d)])
    if d["top_symbols"]:
        lines += [""] + _table(
            ["top symbols", "bytes", "group"],
            [[s["name"], num(s["bytes"]), s["group"]] for s in d["top_symbols"]],
            "lrl",
        )
    return "\n".join(lines)


def to_markdown(d: dict) -> str:
    totals, *fit = summary_lines(d)
    lines = [f"**{totals}**"] + [line for f in fit for line in ("", f)]
    lines += ["", "| group | flash (B) | RAM (B) |", "|---|---:|---:|"]
    lines += [f"| {n} | {num(f)} | {num(r)} |" for n, f, r in _rows(d)]
    if d["top_symbols"]:
        lines += ["", "| symbol | bytes | group |", "|---|---:|---|"]
        lines += [f"| `{s['name']}` | {num(s['bytes'])} | {s['group']} |" for s in d["top_symbols"]]
    return "\n".join(lines)


def _bar_svg(title: str, parts: list[tuple[str, int]], total: int, width: int = 760) -> str:
    """A stacked horizontal bar with a legend: one colour per group, widths to scale."""
    palette = [
        "#4e79a7",
        "#f28e2b",
        "#e15759",
        "#76b7b2",
        "#59a14f",
        "#edc948",
        "#b07aa1",
        "#ff9da7",
        "#9c755f",
        "#bab0ac",
        "#86bcb6",
        "#d37295",
    ]
    x, rects, legend = 0.0, [], []
    for i, (name, size) in enumerate(p for p in parts if p[1] > 0):
        w = width * size / max(total, 1)
        colour = palette[i % len(palette)]
        label = html.escape(f"{name}: {size:,} B ({100 * size / max(total, 1):.1f}%)")
        rects.append(
            f'<rect x="{x:.1f}" y="24" width="{max(w, 0.5):.1f}" height="28" fill="{colour}">'
            f"<title>{label}</title></rect>"
        )
        legend.append(
            f'<rect x="{(i % 2) * 380}" y="{64 + (i // 2) * 18}" width="12" height="12" fill="{colour}"/>'
            f'<text x="{(i % 2) * 380 + 16}" y="{74 + (i // 2) * 18}" font-size="12">{label}</text>'
        )
        x += w
    height = 72 + ((len(legend) + 1) // 2) * 18
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
        f'aria-label="{html.escape(title)}"><text x="0" y="16" font-size="14" font-weight="bold">'
        f"{html.escape(title)}</text>{''.join(rects)}{''.join(legend)}</svg>"
    )


def to_html(d: dict, title: str) -> str:
    rows = _rows(d)
    flash_svg = _bar_svg(f"Flash: {d['flash_bytes']:,} B", [(n, f) for n, f, _ in rows], d["flash_bytes"])
    ram_svg = _bar_svg(f"RAM: {d['ram_bytes']:,} B", [(n, r) for n, _, r in rows], d["ram_bytes"])
    table = "".join(f"<tr><td>{html.escape(n)}</td><td>{f:,}</td><td>{r:,}</td></tr>" for n, f, r in rows)
    symbols = "".join(
        f"<tr><td><code>{html.escape(s['name'])}</code></td><td>{s['bytes']:,}</td>"
        f"<td>{html.escape(s['group'])}</td></tr>"
        for s in d["top_symbols"]
    )
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>
<style>body{{font-family:sans-serif;margin:24px;max-width:800px}}td,th{{padding:2px 10px;text-align:right}}
td:first-child,th:first-child{{text-align:left}}table{{border-collapse:collapse;margin:12px 0}}
tr:nth-child(even){{background:#f3f3f3}}</style></head><body>
<h1>{html.escape(title)}</h1>
<p>Code (flash minus the model): {d["code_bytes"]:,} B. Arena {d["arena_bytes"]:,} B, runtime metadata
{d["metadata_bytes"]:,} B, stack reserve {d["stack_bytes"]:,} B.</p>
<figure id="flash-chart">{flash_svg}</figure><figure id="ram-chart">{ram_svg}</figure>
<table><tr><th>group</th><th>flash (B)</th><th>RAM (B)</th></tr>{table}</table>
<table><tr><th>symbol</th><th>bytes</th><th>group</th></tr>{symbols}</table>
</body></html>
"""


def compare_to_baseline(old: dict, new: dict) -> list[tuple[str, int | None, int | None]]:
    """(what, old bytes, new bytes) for the totals, every section and every group in either report; None where
    a section or group is in one report only (new or gone)."""
    rows = [("flash", old["flash_bytes"], new["flash_bytes"]), ("RAM", old["ram_bytes"], new["ram_bytes"])]
    for name in sorted(set(old["sections"]) | set(new["sections"])):
        rows.append((f"section {name}", old["sections"].get(name), new["sections"].get(name)))
    for name in sorted(set(old["groups"]) | set(new["groups"])):
        for part in ("flash", "ram"):
            a = old["groups"][name][part] if name in old["groups"] else None
            b = new["groups"][name][part] if name in new["groups"] else None
            if a or b:
                rows.append((f"{name} ({part})", a, b))
    return rows


def growth_pct(old: int, new: int) -> float:
    return 0.0 if old == new else (100.0 * (new - old) / old if old else float("inf"))


def _change(a: int | None, b: int | None) -> str:
    if a is None or (a == 0 and b):
        return "new"
    if b is None:
        return "gone"
    return f"{b - a:+,} ({signed_pct(growth_pct(a, b))})"


def _diff_rows(rows) -> list[list[str]]:
    return [
        [what, "-" if a is None else num(a), "-" if b is None else num(b), _change(a, b)]
        for what, a, b in rows
        if a != b or what in ("flash", "RAM")
    ]


def diff_text(rows) -> str:
    return "\n".join(_table(["what", "baseline (B)", "now (B)", "change"], _diff_rows(rows)))


def diff_markdown(rows) -> str:
    lines = ["| what | baseline (B) | now (B) | change |", "|---|---:|---:|---:|"]
    lines += [f"| {' | '.join(cells)} |" for cells in _diff_rows(rows)]
    return "\n".join(lines)
