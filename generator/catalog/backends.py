"""Kernel backends: sets of kernels that claim nodes, like TFLite delegates. Each node goes to the first
backend in priority order that claims it; the reference kernels come last and take everything else."""

from __future__ import annotations

from ..errors import McugenError

REFERENCE = "reference"
# Which cores (-mcpu values) can run each backend; None: every core.
BACKEND_CORES: dict[str, set[str] | None] = {
    REFERENCE: None,
    "dsp": {"cortex-m4", "cortex-m7", "cortex-m33"},  # ARMv7E-M / ARMv8-M Main DSP extension (SMLAD, SXTB16)
    "mve": {"cortex-m55"},  # Helium
    # plain C (and ARMv6-M / ARMv7-M assembly loops): runs on every core; auto picks it where neither of the
    # others runs (Cortex-M0, M0+, M3)
    "portable": None,
}


def available(backend: str, cpu: str) -> bool:
    cores = BACKEND_CORES.get(backend, set())
    return cores is None or cpu in cores


def choose_backends(choice: str, cpu: str) -> list[str]:
    """The priority order for a board: "auto" (the fastest the core runs), or a comma list such as
    "dsp,reference"; the reference kernels are always the last fallback."""
    if choice == "auto":
        names = [b for b in ("mve", "dsp") if available(b, cpu)] or ["portable"]
    else:
        names = [b.strip() for b in choice.split(",") if b.strip()]
        for name in names:
            if name not in BACKEND_CORES:
                raise McugenError(f"unknown backend '{name}'; known: {', '.join(BACKEND_CORES)}")
            if not available(name, cpu):
                raise McugenError(
                    f"backend '{name}' needs a {' or '.join(sorted(BACKEND_CORES[name]))} core; this board is a {cpu}"
                )
    return [b for b in names if b != REFERENCE] + [REFERENCE]
