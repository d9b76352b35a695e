"""Per-node facts of a plan for `mcugen plan --nodes`: op, backend, MACs, weight and activation bytes, and
(given a run) measured cost; with each backend's share of nodes and of cost, and its contiguous runs."""
from __future__ import annotations

from itertools import groupby

import numpy as np

from .planner import Plan


def macs(op_name: str, inputs: list, outputs: list) -> int:
    """Multiply-accumulates of the ops that have them; 0 for the rest."""
    if not outputs or inputs[0] is None or len(inputs) < 2 or inputs[1] is None:
        return 0
    out, weights = outputs[0], inputs[1]
    if op_name == "CONV_2D":
        return out.num_elements * int(np.prod(weights.shape[1:]))
    if op_name == "DEPTHWISE_CONV_2D":
        return out.num_elements * int(np.prod(weights.shape[1:3]))
    if op_name == "FULLY_CONNECTED":
        return out.num_elements * int(np.prod(weights.shape[1:]))
    return 0


def node_rows(plan: Plan, node_costs: list[int] | None = None) -> list[dict]:
    graph = plan.graph
    rows = []
    for node, op in zip(plan.nodes, graph.operators):
        inputs = [graph.tensors[i] if i >= 0 else None for i in op.inputs]
        outputs = [graph.tensors[i] for i in op.outputs]
        rows.append({
            "node": node.index, "op": op.op_name, "version": op.version, "custom_name": op.custom_name,
            "backend": node.kernel.backend, "macs": macs(op.op_name, inputs, outputs),
            "weight_bytes": sum(t.nbytes for t in inputs if t is not None and t.data is not None),
            "activation_bytes": sum(t.nbytes for t in [*inputs, *outputs] if t is not None and t.data is None),
            "cost": node_costs[node.index] if node_costs else None,
        })
    return rows


def coverage(rows: list[dict]) -> dict:
    """Each backend's share of nodes, MACs and (when measured) cost, and its runs of consecutive nodes."""
    total_nodes = len(rows) or 1
    total_cost = sum(r["cost"] or 0 for r in rows)
    total_macs = sum(r["macs"] for r in rows) or 1
    result = {}
    for backend in sorted({r["backend"] for r in rows}):
        mine = [r for r in rows if r["backend"] == backend]
        runs = [[r["node"] for r in group] for key, group in groupby(rows, key=lambda r: r["backend"]) if key == backend]
        result[backend] = {
            "nodes": len(mine), "node_share": round(len(mine) / total_nodes, 4),
            "mac_share": round(sum(r["macs"] for r in mine) / total_macs, 4),
            "cost_share": round(sum(r["cost"] or 0 for r in mine) / total_cost, 4) if total_cost else None,
            "subgraphs": [[run[0], run[-1]] for run in runs],
        }
    return result
