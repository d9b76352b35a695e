"""Custom operators given with --custom-ops DIR.

DIR holds, per op, a Python module with a CustomOp subclass and the op's C sources. The class names the op
exactly as the model does (`op_type`, case-sensitive), its `version`, its C files and registration symbol, and
gives `shape_infer` (checked against the model at generation time) and `compute` (the host reference that
`mcugen verify` compares the C kernel with). Custom options are FlexBuffers; both sides can read them
(`node.options` here, firmware/runtime/mg_flexbuffers.h on the device).
"""

from __future__ import annotations

import importlib.util
import sys
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from flatbuffers import flexbuffers

from ..errors import McugenError
from ..model import CUSTOM_CODE, Graph, Operator, Tensor
from . import CExpr, KernelSpec, NodeParams


@dataclass
class TensorInfo:
    shape: tuple[int, ...]
    dtype: str  # numpy name, e.g. "int8"
    scale: float | None
    zero_point: int | None


@dataclass
class CustomNode:
    """What a custom op's Python side sees of its node."""

    index: int
    version: int
    options: object  # the decoded FlexBuffers custom options (usually a dict), None when absent
    inputs: list[TensorInfo] = field(default_factory=list)
    outputs: list[TensorInfo] = field(default_factory=list)


class CustomOp:
    """Subclass this in --custom-ops DIR/<name>.py."""

    op_type: str = ""  # exactly the model's custom_code
    version: int = 1
    c_sources: tuple[str, ...] = ()  # files in DIR, header first
    c_registration: str = ""  # C symbol of its mg_registration

    def shape_infer(self, node: CustomNode, in_shapes, in_dtypes):
        raise NotImplementedError

    def compute(self, node: CustomNode, inputs: list[np.ndarray]) -> list[np.ndarray]:
        raise NotImplementedError


def _info(t: Tensor) -> TensorInfo:
    q = t.quant
    return TensorInfo(
        t.shape, t.dtype.numpy or t.dtype.name.lower(), q.scale[0] if q else None, q.zero_point[0] if q else None
    )


def custom_node(graph: Graph, op: Operator) -> CustomNode:
    options = flexbuffers.Loads(op.custom_options) if op.custom_options else None
    inputs, outputs = graph.node_io(op)
    return CustomNode(
        op.index, op.version, options, [_info(t) for t in inputs if t is not None], [_info(t) for t in outputs]
    )


def _spec(impl: CustomOp, folder: Path) -> KernelSpec:
    def validate(op, inputs, outputs):
        node = CustomNode(
            op.index, op.version, None, [_info(t) for t in inputs if t is not None], [_info(t) for t in outputs]
        )
        try:
            node.options = flexbuffers.Loads(op.custom_options) if op.custom_options else None
            shapes, dtypes = impl.shape_infer(node, [i.shape for i in node.inputs], [i.dtype for i in node.inputs])
        except Exception as exc:  # the user's code: report, do not crash
            return f"custom op {impl.op_type}: shape_infer failed ({type(exc).__name__}: {exc})"
        expected = [(tuple(s), str(d)) for s, d in zip(shapes, dtypes)]
        actual = [(o.shape, o.dtype) for o in node.outputs]
        if expected != actual:
            return f"custom op {impl.op_type}: shape_infer gives {expected}, the model has {actual}"
        return None

    def params(op, inputs, outputs):
        """The node's custom options, in place in the model (mg_custom_options in mg_kernel.h)."""
        where = CExpr(f"mg_model_data + {op.custom_options_offset}") if op.custom_options else CExpr("NULL")
        return NodeParams("mg_custom_options", {"data": where, "size": len(op.custom_options)})

    return KernelSpec(
        op=impl.op_type,
        builtin_code=CUSTOM_CODE,
        versions=(impl.version, impl.version),
        dtypes=(),
        sources=tuple(str(folder / s) for s in impl.c_sources),
        registration=impl.c_registration,
        validate=validate,
        params=params,
    )


def load_custom_ops(folder: Path | None) -> tuple[list[CustomOp], list[KernelSpec]]:
    """Every CustomOp subclass defined in the folder's modules, and a catalog entry for each."""
    if folder is None:
        return [], []
    folder = Path(folder)
    if not folder.is_dir():
        raise McugenError(f"--custom-ops {folder}: no such folder")
    impls = []
    for path in sorted(folder.glob("*.py")):
        module_name = f"mcugen_custom_{path.stem}"
        spec = importlib.util.spec_from_file_location(module_name, path)
        module = importlib.util.module_from_spec(spec)
        try:
            sys.modules[module_name] = module
            spec.loader.exec_module(module)
        except Exception as exc:
            raise McugenError(f"--custom-ops: {path.name} failed to import ({type(exc).__name__}: {exc})") from None
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, CustomOp) and value is not CustomOp and value.op_type:
                impls.append(value())
    for impl in impls:
        missing = [s for s in impl.c_sources if not (folder / s).is_file()]
        if not impl.c_registration or not impl.c_sources or missing:
            raise McugenError(
                f"--custom-ops: {impl.op_type} needs c_sources (files in {folder}) and c_registration; "
                f"missing: {missing or 'c_registration/c_sources'}"
            )
    return impls, [_spec(impl, folder) for impl in impls]
