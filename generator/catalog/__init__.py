"""The kernel catalog: every kernel the firmware has, as data the check, plan and emit stages read.

Each module in `ops/` describes one op (or family) with SPEC or SPECS; they are collected here in module order.
Several kernels may serve one op, one per backend. `register` adds kernels from outside the repository
(custom ops, test backends).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections import defaultdict

from . import ops
from .spec import CExpr, KernelSpec, NodeParams


def _discover() -> list[KernelSpec]:
    specs = []
    for info in sorted(pkgutil.iter_modules(ops.__path__), key=lambda m: m.name):
        if info.name.startswith("_"):  # private helpers of the op modules
            continue
        module = importlib.import_module(f"{ops.__name__}.{info.name}")
        specs.extend(getattr(module, "SPECS", [getattr(module, "SPEC", None)]))
    return [s for s in specs if s is not None]


CATALOG: list[KernelSpec] = _discover()
# Custom ops the catalog has itself, as TFLite Micro registers some by name (TFLite_Detection_PostProcess).
BUILTIN_CUSTOM_OPS: frozenset[str] = frozenset(s.op for s in CATALOG if s.is_custom)
BY_CODE: dict[int, list[KernelSpec]] = defaultdict(list)
for _spec in CATALOG:
    BY_CODE[_spec.builtin_code].append(_spec)


def register(spec: KernelSpec) -> None:
    """Adds a kernel (a custom op, or another backend's kernel for a builtin op)."""
    CATALOG.append(spec)
    BY_CODE[spec.builtin_code].append(spec)


def unregister(spec: KernelSpec) -> None:
    CATALOG.remove(spec)
    BY_CODE[spec.builtin_code].remove(spec)


def with_kernels(extra: list[KernelSpec]) -> dict[int, list[KernelSpec]]:
    """The catalog by builtin code plus extra kernels (custom ops), without changing the global one."""
    merged = {code: list(specs) for code, specs in BY_CODE.items()}
    for spec in extra:
        merged.setdefault(spec.builtin_code, []).append(spec)
    return merged


def reference_kernels() -> list[KernelSpec]:
    return [s for s in CATALOG if s.backend == "reference" and not s.is_custom]


__all__ = [
    "BUILTIN_CUSTOM_OPS",
    "BY_CODE",
    "CATALOG",
    "CExpr",
    "KernelSpec",
    "NodeParams",
    "reference_kernels",
    "register",
    "unregister",
    "with_kernels",
]
