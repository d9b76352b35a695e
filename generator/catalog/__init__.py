"""The kernel catalog: every kernel the firmware has, as data the check, plan and emit stages read.

Each module in `ops/` describes one op (or family) with SPEC or SPECS; they are collected here in module order.
"""
from __future__ import annotations

import importlib
import pkgutil

from . import ops
from .spec import KernelSpec, NodeParams


def _discover() -> tuple[KernelSpec, ...]:
    specs = []
    for info in sorted(pkgutil.iter_modules(ops.__path__), key=lambda m: m.name):
        if info.name.startswith("_"):  # private helpers of the op modules
            continue
        module = importlib.import_module(f"{ops.__name__}.{info.name}")
        specs.extend(getattr(module, "SPECS", [getattr(module, "SPEC", None)]))
    return tuple(s for s in specs if s is not None)


CATALOG: tuple[KernelSpec, ...] = _discover()
BY_CODE: dict[int, KernelSpec] = {spec.builtin_code: spec for spec in CATALOG}

__all__ = ["BY_CODE", "CATALOG", "KernelSpec", "NodeParams"]
