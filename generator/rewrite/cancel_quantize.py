"""A DEQUANTIZE whose every reader is a QUANTIZE back to the same type, scale and zero point is removed with
them: the readers take the integer tensor itself.

Exact: the float is (q - zero_point) * scale rounded to float32, and QUANTIZE's division by the same scale
(or product with its inverse) adds a rounding or two: relative errors of 2^-22 or so on a value below 2^16
in magnitude, under 2^-6, so the rounding lands back on q for any int8 or int16 q. The other order,
QUANTIZE then DEQUANTIZE, loses precision: kept."""

from __future__ import annotations

from ..model import Tensor
from .work import Rewrite, Work

_INTEGERS = ("INT8", "INT16")


def _per_tensor(t: Tensor) -> bool:
    return t.quant is not None and len(t.quant.scale) == 1


def _cancels(integer: Tensor, back: Tensor) -> bool:
    return (
        back.dtype == integer.dtype
        and _per_tensor(back)
        and back.quant.scale == integer.quant.scale
        and back.quant.zero_point == integer.quant.zero_point
    )


def cancel_quantize_pairs(work: Work) -> list[Rewrite]:
    rewrites = []
    for dequantize in list(work.operators):
        if dequantize.op_name != "DEQUANTIZE" or len(dequantize.inputs) != 1 or len(dequantize.outputs) != 1:
            continue
        integer, middle = work.tensors[dequantize.inputs[0]], dequantize.outputs[0]
        if integer.dtype.name not in _INTEGERS or not _per_tensor(integer) or middle in work.outputs:
            continue
        quantizes = work.readers(middle)
        if not quantizes or not all(
            q.op_name == "QUANTIZE"
            and q.inputs == [middle]
            and len(q.outputs) == 1
            and q.outputs[0] not in work.outputs
            and _cancels(integer, work.tensors[q.outputs[0]])
            for q in quantizes
        ):
            continue
        for q in quantizes:
            work.redirect(q.outputs[0], integer.index)
            work.remove(q)
        work.remove(dequantize)
        rewrites.append(
            Rewrite(
                "cancel",
                [dequantize.index, *(q.index for q in quantizes)],
                ["DEQUANTIZE", *("QUANTIZE" for _ in quantizes)],
                f"{integer.dtype.name} -> FLOAT32 -> {integer.dtype.name} with one scale and zero point "
                f"gives every value back",
            )
        )
    return rewrites
