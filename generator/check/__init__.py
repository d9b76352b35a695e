"""check: Graph + kernel catalog -> CheckedGraph, binding each node the way TFLite's FindOp does.

Builtin ops match by code and version range, custom ops by exact, case-sensitive name. Every failure of
every node is collected, so the user sees the whole list at once.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..catalog import BY_CODE, KernelSpec
from ..errors import McugenError
from ..model import Graph, Operator

CUSTOM_CODE = 32


@dataclass
class CheckedGraph:
    graph: Graph
    kernels: list[KernelSpec]  # one per operator, in order


class CheckError(McugenError):
    def __init__(self, failures: list[str]):
        self.failures = failures
        lines = [f"{len(failures)} node(s) cannot run on mcugen's kernels:"] + [f"  {f}" for f in failures]
        lines.append("fix: convert the model with the ops `mcugen ops` lists (no MODEL: the catalog), or add a kernel for them")
        super().__init__("\n".join(lines))


def find_kernel(op: Operator, catalog: dict[int, KernelSpec]) -> tuple[KernelSpec | None, str | None]:
    """The kernel for a node, or the FindOp-style reason there is none."""
    if op.builtin_code == CUSTOM_CODE:
        name = op.custom_name or ""
        hint = ("a TensorFlow (Flex) op the converter kept; it cannot run on a microcontroller: "
                "convert again with builtin ops only") if name.startswith("Flex") else "no custom op of that name"
        return None, f"Didn't find op for custom op '{name}' version '{op.version}' (node {op.index}): {hint}"
    spec = catalog.get(op.builtin_code)
    message = f"Didn't find op for builtin opcode '{op.op_name}' version '{op.version}' (node {op.index})"
    if spec is None:
        return None, f"{message}: mcugen has no {op.op_name} kernel"
    if not spec.accepts_version(op.version):
        low, high = spec.versions
        return None, f"{message}: mcugen's {op.op_name} kernel handles versions {low}-{high}"
    return spec, None


QUANTIZED_TYPES = ("INT8", "UINT8", "INT16")


def _node_problem(spec: KernelSpec, op: Operator, inputs: list, outputs: list) -> str | None:
    """The kernel's own verdict, after the checks every quantized kernel relies on."""
    for t in [*inputs, *outputs]:
        if t is not None and t.dtype.name in QUANTIZED_TYPES and t.data is None and t.quant is None:
            return f"tensor {t.index} '{t.name}' is {t.dtype.name} without quantization parameters"
        if t is not None and t.quant is not None and len(t.quant.zero_point) != len(t.quant.scale):
            return f"tensor {t.index} '{t.name}' has {len(t.quant.scale)} scales but {len(t.quant.zero_point)} zero points"
        if t is not None and t.quant is not None and not all(0.0 < s < float("inf") for s in t.quant.scale):
            return f"tensor {t.index} '{t.name}' has a quantization scale that is not a positive number"
    try:
        return spec.validate(op, inputs, outputs)
    except (ArithmeticError, AttributeError, IndexError, KeyError, TypeError, ValueError) as exc:
        return f"cannot check this node, the model looks malformed ({type(exc).__name__}: {exc})"


def check(graph: Graph, catalog: dict[int, KernelSpec] = BY_CODE) -> CheckedGraph:
    failures, kernels = [], []
    for op in graph.operators:
        spec, reason = find_kernel(op, catalog)
        if spec is not None:
            inputs = [graph.tensors[i] if i >= 0 else None for i in op.inputs]
            outputs = [graph.tensors[i] for i in op.outputs]
            problem = _node_problem(spec, op, inputs, outputs)
            if problem:
                reason = f"node {op.index} ({op.op_name} v{op.version}): {problem}"
        if reason:
            failures.append(reason)
        kernels.append(spec)
    if failures:
        raise CheckError(failures)
    return CheckedGraph(graph, kernels)
