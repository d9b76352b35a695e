"""What a run is asked to do, as one value: the command line builds it once (cli/options.py) and every stage
of the pipeline reads its part, for one model as for several, so no option can mean one thing for one model and
be forgotten for two."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..boards import Board
from ..run.flash import BoardPort


@dataclass(frozen=True)
class Options:
    board: Board
    backend: str = "auto"  # kernel choice: auto, reference, or a list (catalog/backends.py)
    custom_ops: Path | None = None  # a --custom-ops folder of the user's own kernels
    rewrite: bool = True  # the rewrite stage (fold, fuse, cancel) before planning
    float16: str = "auto"  # where float16 weights stay float16 in flash: fold, keep, auto
    memory: str = "auto"  # the arena plan: layer, auto, min
    patch_overhead: float | None = None  # row patches (rewrite/patches.py) within this instruction overhead
    resolver: str = "model"  # the kernels registered: the models' own, or all (TFLM's AllOpsResolver)
    verbose: bool = False  # firmware that logs every op lookup over the UART
    emulator: str = "qemu"  # where a run happens: qemu or renode
    port: BoardPort | None = None  # ... or the real board behind this serial port
    arena: str = "shared"  # several models: one arena, the largest plan's, or each its own ("separate")


@dataclass(frozen=True)
class InputChoice:
    """The input sets of a run: .npz files (one per model, or one for all with NAME/ keys), else `count`
    random sets per model from `seed` (the seed advanced per model)."""

    files: tuple[Path, ...] = ()
    count: int | None = None
    seed: int = 0
