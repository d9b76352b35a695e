"""Per-node facts of a plan for `mcugen plan --nodes`: op, backend, MACs (as the kernel's catalog entry counts
them), weight and activation bytes, (given a run) measured cost, and why the optimized backends refused a node;
with each backend's share of nodes and of cost, its contiguous runs, and the share of MACs left on the reference
kernels where an optimized backend was chosen (`plan --nodes`, `doctor`, `bench`)."""

from __future__ import annotations

from itertools import groupby

from ..catalog.backends import REFERENCE
from ..units import pct
from .planner import Plan


def node_rows(plan: Plan, node_costs: list[int] | None = None) -> list[dict]:
    graph = plan.graph
    rows = []
    for node, op in zip(plan.nodes, graph.operators):
        inputs, outputs = graph.node_io(op)
        rows.append(
            {
                "node": op.model_number,  # the model's own number, as every message gives it
                "op": op.op_name,
                "version": op.version,
                "custom_name": op.custom_name,
                "backend": node.kernel.backend,
                "macs": node.kernel.macs(op, inputs, outputs),
                "weight_bytes": sum(t.nbytes for t in inputs if t is not None and t.data is not None),
                "activation_bytes": sum(t.nbytes for t in [*inputs, *outputs] if t is not None and t.data is None),
                "cost": node_costs[node.index] if node_costs else None,
                "refused": node.refusal,
            }
        )
    return rows


def coverage(rows: list[dict]) -> dict:
    """Each backend's share of nodes, MACs and (when measured) cost, and its runs of consecutive nodes."""
    total_nodes = len(rows) or 1
    total_cost = sum(r["cost"] or 0 for r in rows)
    total_macs = sum(r["macs"] for r in rows) or 1
    result = {}
    for backend in sorted({r["backend"] for r in rows}):
        mine = [r for r in rows if r["backend"] == backend]
        runs = [
            [r["node"] for r in group] for key, group in groupby(rows, key=lambda r: r["backend"]) if key == backend
        ]
        result[backend] = {
            "nodes": len(mine),
            "node_share": round(len(mine) / total_nodes, 4),
            "mac_share": round(sum(r["macs"] for r in mine) / total_macs, 4),
            "cost_share": round(sum(r["cost"] or 0 for r in mine) / total_cost, 4) if total_cost else None,
            "subgraphs": [[run[0], run[-1]] for run in runs],
        }
    return result


def reference_macs(plan: Plan, rows: list[dict] | None = None) -> dict | None:
    """The share of MACs on the reference kernels when an optimized backend was chosen (None when none was): the
    nodes with MACs left there, and per op why the optimized backends refused them (the first node's reason)."""
    if all(b == REFERENCE for b in plan.priority):
        return None
    rows = node_rows(plan) if rows is None else rows
    weighted = [r for r in rows if r["macs"]]
    mine = [r for r in weighted if r["backend"] == REFERENCE]
    ops: dict[str, dict] = {}
    for r in mine:
        entry = ops.setdefault(r["op"], {"op": r["op"], "nodes": [], "macs": 0, "refused": r["refused"]})
        entry["nodes"].append(r["node"])
        entry["macs"] += r["macs"]
    total = sum(r["macs"] for r in weighted)
    return {
        "mac_share": round(sum(r["macs"] for r in mine) / total, 4) if total else 0.0,
        "nodes": len(mine),
        "of_nodes": len(weighted),
        "ops": list(ops.values()),
    }


def reference_macs_line(share: dict) -> str:
    """`MACs on reference kernels: 95.10% (1 of 4 nodes with MACs; ops: DEPTHWISE_CONV_2D)`."""
    ops = f"; ops: {', '.join(o['op'] for o in share['ops'])}" if share["ops"] else ""
    return (
        f"MACs on reference kernels: {pct(100 * share['mac_share'])} "
        f"({share['nodes']} of {share['of_nodes']} nodes with MACs{ops})"
    )
