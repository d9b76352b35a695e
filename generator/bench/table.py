"""The markdown tables of docs/benchmarks.md: a header, then one row per run, a run that failed shown blocked."""

from __future__ import annotations

from collections.abc import Callable, Iterable


def row(*cells) -> str:
    """A markdown table row."""
    return "| " + " | ".join(str(cell) for cell in cells) + " |"


def table(header: str, align: str, runs: Iterable, keys: Callable, cells: Callable) -> list[str]:
    """The `header` row ("| a | b |"), the `align` row, then per run `cells(run)`, or for a run with an error its
    `keys(run)`, "blocked: <error>" and empty cells to the header's width."""
    width = header.count("|") - 1
    lines = [header, align]
    for r in runs:
        if r.error:
            head = [*keys(r), f"blocked: {r.error}"]
            lines.append(row(*head) + " |" * (width - len(head)))
        else:
            lines.append(cells(r))
    return lines
