"""plan: CheckedGraph -> Plan: execution order, buffer lifetimes, arena offsets and per-node parameters."""

from .arena import Buffer, check_placement, lower_bound, place
from .planner import NodePlan, PlacedVariable, Plan, plan

__all__ = ["Buffer", "NodePlan", "PlacedVariable", "Plan", "check_placement", "lower_bound", "place", "plan"]
