"""The zoo run's markdown report: one row per configuration with its verdict and figures, each figure beside the
baseline's with its growth, and the configurations that regressed past --fail-on."""

from __future__ import annotations

from ..bench.engine import verdict
from .regress import METRICS, TITLES


def failed(record: dict) -> bool:
    """A mismatch, or an error other than a board too small for the model (a finding of the matrix, as in bench)."""
    if record.get("error"):
        return "too small" not in record["error"]
    return not record.get("match")


def cell(metric: dict) -> str:
    if metric["new"] is None:
        return ""
    text = f"{metric['new']:,}"
    if metric["delta_pct"] is not None and metric["old"] != metric["new"]:
        text += f" ({metric['delta_pct']:+.2f} %)"
    return text


def summary(records: list[dict], rows: list[dict] | None) -> str:
    matches = sum(1 for r in records if not r.get("error") and r.get("match"))
    cached = sum(1 for r in records if r.get("cached"))
    text = f"{len(records)} configurations: {matches} match, {sum(map(failed, records))} failed, {cached} cached"
    if rows is not None:
        text += f", {sum(1 for r in rows if r['regressed'])} regressed"
    return text


def markdown(records: list[dict], rows: list[dict], limits: str | None, baseline: str | None) -> str:
    lines = ["# Zoo run", "", summary(records, rows if baseline else None) + ".", ""]
    if baseline:
        lines += [f"Against `{baseline}`, failing on growth past `{limits}`.", ""]
    lines += [
        "| model | board | kernels | memory | verdict | " + " | ".join(TITLES[m] for m in METRICS) + " | regressed |",
        "|---|---|---|---|---|" + "---:|" * len(METRICS) + "---|",
    ]
    for record, row in zip(records, rows):
        model, board, backend, memory = row["config"]
        figures = " | ".join(cell(row["metrics"][m]) for m in METRICS)
        regressed = ", ".join(row["regressed"]) or ""
        said = verdict(record).replace("|", "\\|")  # an error message's bar would end the cell
        lines.append(f"| {model} | {board} | {backend} | {memory} | {said} | {figures} | {regressed} |")
    return "\n".join(lines) + "\n"
