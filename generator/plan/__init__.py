"""plan: CheckedGraph -> Plan: execution order, buffer lifetimes, arena offsets and per-node parameters."""

from .arena import Buffer, check_placement, lower_bound, place
from .memory import plan
from .planner import NodePlan, PlacedVariable, Plan

__all__ = ["Buffer", "NodePlan", "PlacedVariable", "Plan", "check_placement", "lower_bound", "place", "plan"]
