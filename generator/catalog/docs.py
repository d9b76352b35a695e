"""docs/ops.md, generated from the catalog (a test fails when the committed file is stale)."""

from __future__ import annotations

from . import CATALOG


def ops_markdown() -> str:
    lines = [
        "# Operators",
        "",
        "Generated from the kernel catalog by `make docs` (`mcugen ops --markdown > docs/ops.md`; `make test` "
        "runs it first); a test fails when this file is stale. Versions are the range TFLite registers for the op; "
        "`validate` in each catalog entry rejects, "
        "with a message, the types and options of those versions that mcugen does not implement. Each kernel's "
        "flash beside TensorFlow Lite Micro's reference kernel: [kernel_sizes.md](kernel_sizes.md).",
        "",
        "| op | builtin code | versions | input types | kernels (backends) |",
        "|---|---:|---|---|---|",
    ]
    for spec in sorted((s for s in CATALOG if s.backend == "reference"), key=lambda s: s.op):
        low, high = spec.versions
        backends = sorted({s.backend for s in CATALOG if s.op == spec.op}, key=lambda b: (b != "reference", b))
        lines.append(
            f"| {spec.op} | {spec.builtin_code} | {low}-{high} | {', '.join(spec.dtypes)} | {', '.join(backends)} |"
        )
    return "\n".join(lines) + "\n"
