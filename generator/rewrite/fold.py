"""Constant folding: a node whose inputs are all constant becomes a constant, computed here with the very
float32 operations the kernel would run, so the folded model gives the same bits.

DEQUANTIZE always folds (float16 weights are what it is for: TFLite Micro has no float16 DEQUANTIZE), and so does
DENSIFY (of a sparse constant, which the reader densified; TFLite Micro has no DENSIFY), and SHAPE (of any
input: the dimensions are fixed ahead of time); data movement (STRIDED_SLICE and PACK included, as their catalog
modules compute them) and arithmetic fold only where the flash does not grow (their inputs have no other reader)."""

from __future__ import annotations

import numpy as np

from ..catalog import quant
from ..catalog.ops.pack.pack import evaluate as evaluate_pack
from ..catalog.ops.shape.shape import evaluate as evaluate_shape
from ..catalog.ops.strided_slice.strided_slice import evaluate as evaluate_strided_slice
from ..model import Operator, Tensor
from .work import Rewrite, Work

_VIEWS = ("RESHAPE", "SQUEEZE", "EXPAND_DIMS")
_ARITHMETIC = {"ADD": np.add, "SUB": np.subtract, "MUL": np.multiply}
# Computed by the op's own catalog module, from the very indices its kernel walks.
_EVALUATED = {"PACK": evaluate_pack, "SHAPE": evaluate_shape, "STRIDED_SLICE": evaluate_strided_slice}
# SHAPE reads only its input's dimensions, which are fixed ahead of time: it folds whatever its input (a vector
# of a few int32, far smaller than a node's tables and a kernel, so the flash rule below does not apply).
_SHAPE_ONLY = "SHAPE"


def _dequantize(op: Operator, inputs: list[Tensor], out: Tensor) -> np.ndarray | None:
    inp = inputs[0]
    if out.dtype.name != "FLOAT32":
        return None
    if inp.dtype.name == "FLOAT16":
        return inp.array().astype(np.float32)  # every float16 is exactly a float32
    if inp.dtype.name in ("INT8", "INT16", "UINT8") and inp.quant and len(inp.quant.scale) == 1:
        # the kernel: float scale times the float of (value - zero point), one float32 product
        centred = (inp.array().astype(np.int32) - quant.zero_point_of(inp)).astype(np.float32)
        return np.float32(quant.scale_of(inp)) * centred
    return None


def _view(op: Operator, inputs: list[Tensor], out: Tensor) -> np.ndarray | None:
    inp = inputs[0]
    if inp.dtype != out.dtype or inp.num_elements != out.num_elements or inp.quant != out.quant:
        return None
    return inp.array().reshape(out.shape)


def _transpose(op: Operator, inputs: list[Tensor], out: Tensor) -> np.ndarray | None:
    inp = inputs[0]
    if len(inputs) != 2 or inp.dtype != out.dtype or inp.quant != out.quant or inputs[1].dtype.name != "INT32":
        return None
    perm = [int(p) for p in inputs[1].array().reshape(-1)]
    if sorted(perm) != list(range(len(inp.shape))):
        return None
    return np.transpose(inp.array(), perm)


def _arithmetic(op: Operator, inputs: list[Tensor], out: Tensor) -> np.ndarray | None:
    """float32 only: one correctly rounded operation per element, then the fused clamp (exact)."""
    if len(inputs) != 2 or any(t.dtype.name != "FLOAT32" for t in [*inputs, out]):
        return None
    activation = op.options.get("fused_activation_function", 0)
    if activation not in (0, 1, 2, 3):
        return None
    low, high = quant.activation_range_float(activation)
    with np.errstate(all="ignore"):
        value = _ARITHMETIC[op.op_name](inputs[0].array(), inputs[1].array(), dtype=np.float32)
        return np.minimum(np.maximum(value, np.float32(low)), np.float32(high))


def _compute(op: Operator, inputs: list[Tensor], out: Tensor) -> np.ndarray | None:
    if op.op_name == "DENSIFY":  # its input, a sparse constant, was densified when the model was read
        return _view(op, inputs, out)
    if op.op_name == "DEQUANTIZE":
        return _dequantize(op, inputs, out)
    if op.op_name in _VIEWS:
        return _view(op, inputs, out)
    if op.op_name == "TRANSPOSE":
        return _transpose(op, inputs, out)
    if op.op_name in _ARITHMETIC:
        return _arithmetic(op, inputs, out)
    if op.op_name in _EVALUATED:
        return _EVALUATED[op.op_name](op, inputs, [out])
    return None


def _flash_allows(work: Work, op: Operator, out: Tensor) -> bool:
    freed = sum(work.tensors[t].nbytes for t in set(op.inputs) if t >= 0 and work.only_reader(t, op))
    return op.op_name in ("DEQUANTIZE", "DENSIFY", _SHAPE_ONLY) or out.nbytes <= freed


def fold_constants(work: Work) -> list[Rewrite]:
    rewrites = []
    for op in list(work.operators):
        present = [t for t in op.inputs if t >= 0]
        constant = present and all(work.is_constant(t) for t in present)
        if op.is_custom or not (constant or op.op_name == _SHAPE_ONLY) or len(op.outputs) != 1:
            continue
        out = work.tensors[op.outputs[0]]
        if out.index in work.outputs or out.dtype.numpy is None or not _flash_allows(work, op, out):
            continue
        value = _compute(op, [work.tensors[t] for t in present], out)
        if value is None or value.shape != tuple(out.shape):
            continue
        before = ", ".join(f"{work.tensors[t].dtype.name} {list(work.tensors[t].shape)}" for t in present)
        out.data = np.ascontiguousarray(value, dtype=out.dtype.numpy).tobytes()
        out.data_offset = None
        work.remove(op)
        rewrites.append(
            Rewrite("fold", [op.index], [op.op_name], f"{before} -> constant {out.dtype.name} {list(out.shape)}")
        )
    return rewrites
