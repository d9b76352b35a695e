"""The kernel catalog: every kernel the firmware has, as data the check, plan and emit stages read."""
from __future__ import annotations

from . import dequantize, fully_connected, quantize
from .spec import KernelSpec, NodeParams

CATALOG: tuple[KernelSpec, ...] = (fully_connected.SPEC, quantize.SPEC, dequantize.SPEC)
BY_CODE: dict[int, KernelSpec] = {spec.builtin_code: spec for spec in CATALOG}

__all__ = ["BY_CODE", "CATALOG", "KernelSpec", "NodeParams"]
