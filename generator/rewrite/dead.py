"""Dead nodes: a node none of whose outputs is read or given out is dropped (repeatedly, so a dead chain goes
whole). Nodes that may act beyond their outputs stay: custom ops and the variable ops. Tensors nothing refers to
any more are dropped when the graph is written (flatbuffer.py)."""

from __future__ import annotations

from .work import Rewrite, Work

SIDE_EFFECTS = ("ASSIGN_VARIABLE", "READ_VARIABLE", "VAR_HANDLE", "CALL_ONCE")


def drop_dead_nodes(work: Work) -> list[Rewrite]:
    rewrites = []
    changed = True
    while changed:
        changed = False
        read = {t for op in work.operators for t in op.inputs} | set(work.outputs)
        for op in list(work.operators):
            if op.is_custom or op.op_name in SIDE_EFFECTS or any(t in read for t in op.outputs):
                continue
            work.remove(op)
            rewrites.append(Rewrite("dead", [op.index], [op.op_name], "nothing reads its outputs"))
            changed = True
    return rewrites
