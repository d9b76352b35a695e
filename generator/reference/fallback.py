"""The reference for a model TensorFlow Lite Micro refuses (e.g. float16 weights behind DEQUANTIZE nodes):
LiteRT's interpreter with its builtin *reference* kernels (not the optimized ones), for float models only.
Integer models keep TFLite Micro as their one reference: its integer kernels are what the firmware's must
match bit for bit, and LiteRT's may round differently. The exception is a model with sparse weights (beyond
TFLite Micro, integer or float): LiteRT's reference kernels are its only reference."""

from __future__ import annotations

import numpy as np

from ..errors import McugenError
from ..model import Graph
from . import reference_outputs

TFLM = "TFLite Micro"
LITERT = "LiteRT builtin reference kernels (ai-edge-litert)"


def has_sparse_constants(graph: Graph) -> bool:
    """TFLite Micro has no sparse tensors: it refuses a DENSIFY node, and reads a sparse weight as if it were dense
    (its outputs are then garbage, not a refusal). LiteRT's reference kernels read the metadata."""
    return any(t.sparse for g in graph.subgraphs or [graph] for t in g.tensors)


def is_integer_model(graph: Graph) -> bool:
    """Any quantized activation (a non-constant tensor with a scale) makes a model an integer model."""
    return any(t.data is None and t.quant is not None for t in graph.tensors)


def litert_outputs(model_bytes: bytes, sets: list[list[np.ndarray]]) -> list[list[np.ndarray]]:
    try:
        from ai_edge_litert.interpreter import Interpreter, OpResolverType
    except ImportError:
        raise McugenError("the ai-edge-litert package is missing; pip install ai-edge-litert (`make setup`)") from None
    interpreter = Interpreter(
        model_content=model_bytes, experimental_op_resolver_type=OpResolverType.BUILTIN_REF, num_threads=1
    )
    interpreter.allocate_tensors()
    inputs, outputs = interpreter.get_input_details(), interpreter.get_output_details()
    results = []
    for values in sets:
        for detail, value in zip(inputs, values):
            interpreter.set_tensor(detail["index"], value)
        interpreter.invoke()
        results.append([np.array(interpreter.get_tensor(d["index"])) for d in outputs])
    return results


def reference_with_fallback(
    graph: Graph, sets: list[list[np.ndarray]], num_outputs: int, custom_ops: list | None = None
) -> tuple[list[list[np.ndarray]], str]:
    """The outputs of the model as given and the name of the reference that computed them."""
    if has_sparse_constants(graph) and not custom_ops:
        try:
            return litert_outputs(graph.model_bytes, sets), f"{LITERT}, as TFLite Micro has no sparse tensors"
        except (RuntimeError, ValueError) as refusal:
            reason = str(refusal).strip().splitlines()[0] if str(refusal).strip() else type(refusal).__name__
            raise McugenError(f"the sparse model has no reference: LiteRT refuses it ({reason})") from None
    try:
        return reference_outputs(graph.model_bytes, sets, num_outputs, custom_ops), TFLM
    except RuntimeError as refusal:  # TFLM's interpreter refuses the model while allocating its tensors
        if custom_ops or is_integer_model(graph):
            raise McugenError(
                f"TFLite Micro cannot run this model as given ({refusal}); integer models and models with "
                "custom ops have no other reference"
            ) from None
        return litert_outputs(graph.model_bytes, sets), f"{LITERT}, as TFLite Micro refused the model ({refusal})"
