"""Per-node facts of a plan for `mcugen plan --nodes`: op, backend, MACs (as the kernel's catalog entry counts
them), weight and activation bytes, and (given a run) measured cost; with each backend's share of nodes and of
cost, and its contiguous runs."""

from __future__ import annotations

from itertools import groupby

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
