"""What every command prints the same way."""

from __future__ import annotations

import json

from .help import COST_UNITS


def emit_json(data) -> None:
    """--json: one object on stdout (progress stays on stderr)."""
    print(json.dumps(data, indent=2, sort_keys=True))


def cost_unit(args) -> str:
    """What a run's costs count: instructions in an emulator, cycles on a board."""
    return COST_UNITS["board" if getattr(args, "port", None) else args.emulator]
