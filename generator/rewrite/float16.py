"""Float16 weights: folded to float32 in flash, or kept float16 in flash and widened by the kernel that reads
them, chosen per tensor (docs/rewrite.md, "Float16 weights").

A float16 constant behind a DEQUANTIZE whose every reader takes it as the weights (input 1) of a float32
CONV_2D, DEPTHWISE_CONV_2D or FULLY_CONNECTED can stay float16: those kernels have a float16-weight variant
(`<op>_f16.c`) that widens each weight as it reads it. Widening is exact and the arithmetic is the float32
kernel's, in the same order, so both choices give the same bits; keeping costs 2 bytes of flash per weight
instead of 4, folding saves the widening (one VCVTB per weight on a core with an FPU, a dozen integer
instructions without). Biases and every other float16 constant fold (fold.py)."""

from __future__ import annotations

from dataclasses import dataclass

from ..model import Operator
from .work import Rewrite, Work

MODES = ("fold", "keep", "auto")
WIDENING_OPS = ("CONV_2D", "DEPTHWISE_CONV_2D", "FULLY_CONNECTED")
# The board's flash is tight when the model, every float16 constant folded to float32, would take more than this
# share of it: the rest is the firmware's code (the runtime and kernels, 8 to 40 KB) and the application's.
TIGHT_SHARE = 0.5
# auto keeps only tensors whose float16 bytes pay for a float16-weight kernel's code (which joins the float32
# kernel's: both read float32 activations, so type pruning keeps both): 0.2 to 0.7 KB each on a Cortex-M4
# (FULLY_CONNECTED 188 B, DEPTHWISE_CONV_2D 580 B, CONV_2D 660 B with arm-none-eabi-gcc 12.2 -Os)
KERNEL_CODE_BYTES = 1024


@dataclass(frozen=True)
class Float16Policy:
    mode: str = "auto"  # fold, keep, or auto: keep where the board's flash is tight, else fold (faster)
    flash_bytes: int | None = None  # the board's flash; auto folds everything when it is unknown


def _widens(work: Work, op: Operator, weights: int) -> bool:
    """`op` reads tensor `weights` as the weights of a float32 kernel with a float16-weight variant, only there."""
    if op.op_name not in WIDENING_OPS or len(op.inputs) < 2 or op.inputs[1] != weights:
        return False
    if weights in op.inputs[:1] + op.inputs[2:]:
        return False
    activations = [work.tensors[op.inputs[0]], *(work.tensors[t] for t in op.outputs)]
    return op.inputs[0] >= 0 and all(t.dtype.name == "FLOAT32" for t in activations)


def candidates(work: Work) -> list[Operator]:
    """The DEQUANTIZE nodes of float16 weights that could stay float16 in flash."""
    found = []
    for op in work.operators:
        if op.op_name != "DEQUANTIZE" or len(op.inputs) != 1 or len(op.outputs) != 1:
            continue
        half, wide = op.inputs[0], op.outputs[0]
        if not work.is_constant(half) or work.tensors[half].dtype.name != "FLOAT16" or wide in work.outputs:
            continue
        readers = work.readers(wide)
        if readers and work.tensors[wide].dtype.name == "FLOAT32" and all(_widens(work, r, wide) for r in readers):
            found.append(op)
    return found


def _folded_model_bytes(work: Work) -> int:
    """The model's size with every float16 constant behind a DEQUANTIZE folded: 2 more bytes per value."""
    halves = {
        op.inputs[0]
        for op in work.operators
        if op.op_name == "DEQUANTIZE"
        and op.inputs
        and work.is_constant(op.inputs[0])
        and work.tensors[op.inputs[0]].dtype.name == "FLOAT16"
    }
    return len(work.graph.model_bytes) + sum(work.tensors[t].nbytes for t in halves)


def choose(work: Work, policy: Float16Policy) -> list[Operator]:
    """The DEQUANTIZE nodes whose float16 weights stay in flash: none (fold), all (keep), or under auto, where
    the folded model would exceed TIGHT_SHARE of the board's flash, the largest first until it would not (only
    tensors over KERNEL_CODE_BYTES)."""
    found = candidates(work)
    if policy.mode == "keep":
        return found
    if policy.mode == "fold" or policy.flash_bytes is None:
        return []
    size, limit, kept = _folded_model_bytes(work), TIGHT_SHARE * policy.flash_bytes, []
    for op in sorted(found, key=lambda o: -work.tensors[o.inputs[0]].nbytes):
        if size <= limit or work.tensors[op.inputs[0]].nbytes <= KERNEL_CODE_BYTES:
            break
        kept.append(op)
        size -= work.tensors[op.inputs[0]].nbytes
    return kept


def keep_float16_weights(work: Work, policy: Float16Policy) -> list[Rewrite]:
    """The chosen DEQUANTIZE nodes go; their readers take the float16 constant itself."""
    rewrites = []
    for op in choose(work, policy):
        half = work.tensors[op.inputs[0]]
        readers = sorted({r.op_name for r in work.readers(op.outputs[0])})
        work.redirect(op.outputs[0], half.index)
        work.remove(op)
        rewrites.append(
            Rewrite(
                "keep",
                [op.index],
                ["DEQUANTIZE"],
                f"FLOAT16 {list(half.shape)} stays float16 in flash, widened by the {'/'.join(readers)} kernel as "
                f"it reads it: {half.nbytes:,} B, {half.nbytes:,} B less than folded to float32 (--float16 fold)",
            )
        )
    return rewrites


FOLD_UNLESS_TIGHT = Float16Policy()  # auto with no board: everything folds
