"""The kernel catalog: every kernel the firmware has, as data the check, plan and emit stages read.

Each module in `ops/<family>/` describes one op (or family) with SPEC or SPECS (a family's folder holds its reference
and backend modules side by side, `ops/common/` the helpers they share); they are collected here in module order.
Several kernels may serve one op, one per backend. `register` adds kernels from outside the repository
(custom ops, test backends).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections import defaultdict

from . import ops
from .spec import CExpr, KernelSpec, ModelWords, NodeParams


def op_modules() -> list[str]:
    """Every op module's name, `ops.<family>.<module>`, in the order of the modules' own names (so a family's
    folder does not change the catalog's order); common/ and names starting with "_" hold shared helpers."""
    names = []
    for family in pkgutil.iter_modules(ops.__path__):
        if not family.ispkg or family.name == "common":
            continue
        package = importlib.import_module(f"{ops.__name__}.{family.name}")
        names += [f"{package.__name__}.{m.name}" for m in pkgutil.iter_modules(package.__path__) if m.name[0] != "_"]
    return sorted(names, key=lambda name: name.rpartition(".")[2])


def _discover() -> list[KernelSpec]:
    specs = []
    for name in op_modules():
        module = importlib.import_module(name)
        specs.extend(getattr(module, "SPECS", [getattr(module, "SPEC", None)]))
    return [s for s in specs if s is not None]


def _check_shares_registration(spec: KernelSpec, specs: list[KernelSpec]) -> None:
    """A model registers one kernel per op and backend (the resolver looks a node up by both), so kernels of one op
    and backend (e.g. a backend's int8 and 16x8 kernels) must share one registration, which dispatches on the
    node's types, and list the same sources, so that whichever the plan picks links all of them."""
    for other in specs:
        if (other.op, other.backend) == (spec.op, spec.backend) and (
            other.registration != spec.registration or set(other.sources) != set(spec.sources)
        ):
            raise ValueError(
                f"kernels {other.registration} and {spec.registration} serve {spec.op} on the {spec.backend} backend:"
                " they must share one registration and its sources"
            )


CATALOG: list[KernelSpec] = _discover()
for _index, _spec in enumerate(CATALOG):
    _check_shares_registration(_spec, CATALOG[:_index])
# Custom ops the catalog has itself, as TFLite Micro registers some by name (TFLite_Detection_PostProcess).
BUILTIN_CUSTOM_OPS: frozenset[str] = frozenset(s.op for s in CATALOG if s.is_custom)
BY_CODE: dict[int, list[KernelSpec]] = defaultdict(list)
for _spec in CATALOG:
    BY_CODE[_spec.builtin_code].append(_spec)


def register(spec: KernelSpec) -> None:
    """Adds a kernel (a custom op, or another backend's kernel for a builtin op)."""
    _check_shares_registration(spec, CATALOG)
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
    "ModelWords",
    "NodeParams",
    "reference_kernels",
    "register",
    "unregister",
    "with_kernels",
]
