"""What every command prints the same way."""

from __future__ import annotations

import json

from .help import COST_UNITS


def emit_json(data) -> None:
    """--json: one object on stdout (progress stays on stderr)."""
    print(json.dumps(data, indent=2, sort_keys=True))


def comparison_fields(comparison) -> dict:
    """How far a model's outputs are from the reference's, in verify's JSON (one model, or each of several)."""
    return {
        "max_abs_diff": comparison.max_abs_diff,
        "max_rel_diff": comparison.max_rel_diff,
        "abs_floor": comparison.abs_floor,
        "mismatched_elements": comparison.mismatched_elements,
    }


def cost_unit(args) -> str:
    """What a run's costs count: instructions in an emulator, cycles on a board."""
    return COST_UNITS["board" if getattr(args, "port", None) else args.emulator]
