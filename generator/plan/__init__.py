"""plan: CheckedGraph -> Plan: execution order, buffer lifetimes, arena offsets and per-node parameters."""

from .arena import Buffer, check_placement, lower_bound, place
from .planner import NodePlan, Plan, plan

__all__ = ["Buffer", "NodePlan", "Plan", "check_placement", "lower_bound", "place", "plan"]
