"""The command line's arguments made the pipeline's one Options value (and its input choice), in one place: a
command passes them down whole, for one model as for several."""

from __future__ import annotations

from ..pipeline import InputChoice, Options
from ..run.flash import BoardPort
from ..targets import target_board
from .parser import patch_overhead


def board_port(args) -> BoardPort | None:
    """--port: the real board to run on (None: the emulator)."""
    if getattr(args, "port", None) is None:
        return None
    return BoardPort(args.port, args.baud, not args.no_flash, args.probe, args.timeout)


def options_of(args) -> Options:
    given = vars(args)
    board = target_board(given.get("target"), args.board)  # a library may name its core alone (--target)
    return Options(
        board,
        backend=given.get("backend", "auto"),
        custom_ops=given.get("custom_ops"),
        rewrite=not given.get("no_rewrite", False),
        float16=given.get("float16", "auto"),
        memory=given.get("memory", "auto"),
        patch_overhead=patch_overhead(args),
        resolver=given.get("resolver", "model"),
        verbose=given.get("verbose", False),
        emulator=given.get("emulator", "qemu"),
        port=board_port(args),
        arena=given.get("arena") or "shared",
    )


def inputs_of(args) -> InputChoice:
    """--inputs, else --random and --seed."""
    return InputChoice(tuple(args.inputs or ()), args.random, args.seed)
