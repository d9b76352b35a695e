"""Case builders of the per_mac tests that other test modules use too."""

from generator.check import check
from generator.model import read_model
from generator.plan import plan
from generator.plan.nodes import node_rows
from kernel_harness import verify_model


def per_mac(model: bytes, backends: list[str], board: str, sets: list, per_tick: float) -> dict[str, float]:
    """Each node's instructions per MAC by op name and kernel type ("FULLY_CONNECTED INT16"; one node per pair),
    after a bit-exact run (`per_tick`: the board's instructions per SysTick tick)."""
    the_plan = plan(check(read_model(model), backends=backends))
    results = verify_model(model, sets=sets, qemu=True, backends=backends, board=board)
    costs = {}
    for node, row, ticks in zip(the_plan.nodes, node_rows(the_plan), results[0].node_ticks):
        assert row["backend"] == backends[0], f"{row['op']} went to {row['backend']}"
        assert row["macs"] >= 100_000
        costs[f"{row['op']} {node.kernel.dtypes[0]}"] = ticks * per_tick / row["macs"]
    return costs
