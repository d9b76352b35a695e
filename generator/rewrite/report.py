"""What the rewrite stage did and saved, for `mcugen plan --nodes` and `mcugen doctor` (and their JSON)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from ..check import CheckedGraph
from .stage import RewriteStage

KINDS = {
    "densify": "densified",
    "keep": "kept float16 in flash",
    "fold": "folded",
    "fuse": "fused",
    "cancel": "cancelled",
    "dead": "dropped as dead",
}


def rewrite_report(stage: RewriteStage, arena_of: Callable[[CheckedGraph], int]) -> dict:
    """The rewrites and their savings (positive: smaller after); the arena's only when the model as given
    can be planned, `made_runnable` when it could not run before the rewrites."""
    rewritten = stage.rewritten
    saved = rewritten.savings()
    if stage.original is not None and rewritten.rewrites:
        saved["arena_bytes"] = arena_of(stage.original) - arena_of(stage.checked)
    return {
        "rewrites": [{"kind": r.kind, "nodes": r.nodes, "ops": r.ops, "detail": r.detail} for r in rewritten.rewrites],
        "saved": saved,
        "made_runnable": stage.original is None and bool(rewritten.rewrites),
    }


def _change(saved: int) -> str:
    return f"{-saved:+,} B"


def summary_line(report: dict) -> str:
    if not report["rewrites"]:
        return "rewrites: none applied (nothing to fold, fuse, cancel or drop)"
    counts = Counter(r["kind"] for r in report["rewrites"])
    done = ", ".join(f"{n} {KINDS[kind]}" for kind, n in counts.items())
    saved = report["saved"]
    parts = [f"nodes {-saved['nodes']:+}", f"constants {_change(saved['constant_bytes'])}"]
    parts.append(f"model in flash {_change(saved['model_bytes'])}")
    if saved.get("float16_kept_bytes"):
        parts.append(f"float16 weights kept: {_change(saved['float16_kept_bytes'])} against folding them")
    if "arena_bytes" in saved:
        parts.append(f"arena {_change(saved['arena_bytes'])}")
    runnable = "; they make the model runnable" if report["made_runnable"] else ""
    return f"rewrites: {done}: {', '.join(parts)}{runnable} (--no-rewrite: the model as given)"


def detail_lines(report: dict) -> list[str]:
    return [
        f"{r['kind']}: " + ", ".join(f"node {n} ({op})" for n, op in zip(r["nodes"], r["ops"])) + f": {r['detail']}"
        for r in report["rewrites"]
    ]
