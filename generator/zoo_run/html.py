"""The zoo run's HTML report: one page, no scripts, inline SVG: per metric a bar per configuration (the baseline's
bar beside it, a regression in red), and with a history of earlier runs a line per configuration over the runs."""

from __future__ import annotations

from html import escape

from .regress import METRICS, TITLES, config_name

BAR_HEIGHT, GAP, LABEL_WIDTH, BAR_WIDTH = 14, 8, 330, 420
STYLE = """body{font-family:sans-serif;margin:24px;color:#222}table{border-collapse:collapse}
td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}td:first-child{text-align:left}
.now{fill:#3b6ea5}.old{fill:#bbb}.regressed{fill:#c0392b}.trend{fill:none;stroke-width:2}
text{font-size:11px}"""
COLOURS = ["#3b6ea5", "#e67e22", "#27ae60", "#8e44ad", "#c0392b", "#16a085", "#7f8c8d", "#d35400"]


def bars(metric: str, rows: list[dict]) -> str:
    """One horizontal bar per configuration for `metric`, scaled to the largest value, its baseline's thinner bar
    under it."""
    values = [(r, r["metrics"][metric]) for r in rows if r["metrics"][metric]["new"] is not None]
    top = max([v["new"] for _, v in values] + [v["old"] or 0 for _, v in values] + [1])
    step = 2 * BAR_HEIGHT + GAP
    height = step * len(values) + GAP
    parts = [f'<svg class="bars" id="bars-{metric}" width="{LABEL_WIDTH + BAR_WIDTH + 120}" height="{height}">']
    for n, (row, value) in enumerate(values):
        y = GAP + n * step
        name = escape(" ".join(row["config"]))
        kind = "regressed" if metric in row["regressed"] else "now"
        width = BAR_WIDTH * value["new"] / top
        parts.append(f'<text x="0" y="{y + BAR_HEIGHT - 3}">{name}</text>')
        parts.append(f'<rect class="{kind}" x="{LABEL_WIDTH}" y="{y}" width="{width:.1f}" height="{BAR_HEIGHT}"/>')
        parts.append(f'<text x="{LABEL_WIDTH + width + 4:.1f}" y="{y + BAR_HEIGHT - 3}">{value["new"]:,}</text>')
        if value["old"] is not None:
            old_width = BAR_WIDTH * value["old"] / top
            parts.append(
                f'<rect class="old" x="{LABEL_WIDTH}" y="{y + BAR_HEIGHT}" width="{old_width:.1f}" '
                f'height="{BAR_HEIGHT / 2}"><title>baseline {value["old"]:,}</title></rect>'
            )
    parts.append("</svg>")
    return "".join(parts)


def trend(metric: str, series: dict[str, list]) -> str:
    """A line per configuration over the runs (x), its values relative to its own first value (y, percent)."""
    width, height, pad = 640, 220, 40
    runs = max((len(v) for v in series.values()), default=1)
    relative = {}
    for name, values in series.items():
        first = next((v for v in values if v), None)
        relative[name] = [None if v is None or not first else 100.0 * v / first for v in values]
    flat = [v for vs in relative.values() for v in vs if v is not None] or [100.0]
    low, high = min(flat + [100.0]) - 1, max(flat + [100.0]) + 1
    x = lambda i: pad + (width - 2 * pad) * (i / max(runs - 1, 1))  # noqa: E731
    y = lambda v: height - pad - (height - 2 * pad) * (v - low) / (high - low)  # noqa: E731
    parts = [f'<svg class="trends" id="trend-{metric}" width="{width + 330}" height="{height}">']
    parts.append(f'<text x="4" y="{y(100.0) + 4:.1f}">100 %</text>')
    parts.append(f'<text x="{pad}" y="{height - 8}">{runs} runs, oldest first; % of each first value</text>')
    for n, (name, values) in enumerate(relative.items()):
        colour = COLOURS[n % len(COLOURS)]
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values) if v is not None)
        parts.append(f'<polyline class="trend" stroke="{colour}" points="{points}"><title>{escape(name)}</title>')
        parts.append("</polyline>")
        parts.append(f'<text x="{width + 10}" y="{16 + 14 * n}" fill="{colour}">{escape(name)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def page(records: list[dict], rows: list[dict], title: str, summary: str, series: dict | None) -> str:
    body = [f"<h1>{escape(title)}</h1>", f"<p>{escape(summary)}</p>"]
    for metric in METRICS:
        body.append(f"<h2>{escape(TITLES[metric])}</h2>")
        body.append(bars(metric, rows))
    if series:
        body.append("<h2>Trends</h2>")
        for metric in METRICS:
            body.append(f"<h3>{escape(TITLES[metric])}</h3>")
            body.append(trend(metric, series[metric]))
    body.append("<h2>Failures</h2><ul>")
    body += [
        f"<li>{escape(config_name(r))}: {escape(r['error'] or 'outputs differ from the reference')}</li>"
        for r in records
        if r.get("error") or not r.get("match")
    ]
    body.append("</ul>")
    head = f'<meta charset="utf-8"><title>{escape(title)}</title><style>{STYLE}</style>'
    return f"<!DOCTYPE html><html><head>{head}</head><body>{''.join(body)}</body></html>\n"
