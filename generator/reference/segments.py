"""The reference for models with custom ops: TFLite Micro cannot call Python for a custom node, so the graph
is cut into builtin-only segments (each a small model of its own, run on TFLM) and custom nodes (run on their
Python `compute`), evaluated in order with every tensor's value kept by index."""

from __future__ import annotations

import copy
from itertools import groupby

import flatbuffers
import numpy as np

from ..catalog import BUILTIN_CUSTOM_OPS
from ..catalog.custom import CustomOp, custom_node
from ..errors import McugenError
from ..model import Graph, read_model
from .unwritten import ABORTED

# Registered by name in TFLite Micro's own op resolver, as every custom op of mcugen's catalog is
# (TFLite_Detection_PostProcess, the signal library's): they stay in TFLite Micro's segments.
TFLM_CUSTOM_OPS = BUILTIN_CUSTOM_OPS


def _segment_model(model_t, graph: Graph, ops: list, later_reads: set[int]) -> tuple[bytes, list[int], list[int]]:
    produced = {t for op in ops for t in op.outputs}
    consumed = [t for op in ops for t in op.inputs if t >= 0]
    inputs = list(dict.fromkeys(t for t in consumed if t not in produced and graph.tensors[t].data is None))
    outputs = [t for t in dict.fromkeys(t for op in ops for t in op.outputs) if t in later_reads]
    sub = copy.deepcopy(model_t)
    graph_t = sub.subgraphs[0]
    graph_t.operators = [graph_t.operators[op.index] for op in ops]
    graph_t.inputs, graph_t.outputs = inputs, outputs
    builder = flatbuffers.Builder(1024)
    builder.Finish(sub.Pack(builder), file_identifier=b"TFL3")
    return bytes(builder.Output()), inputs, outputs


def segmented_outputs(
    model_bytes: bytes, sets: list[list[np.ndarray]], impls: list[CustomOp], arena_bytes: int
) -> list[list[np.ndarray]]:
    from tflite_micro.python.tflite_micro import runtime
    from tflite_micro.tensorflow.lite.micro.python import schema_py_generated as schema

    graph = read_model(model_bytes)
    by_name = {impl.op_type: impl for impl in impls}
    model_t = schema.ModelT.InitFromPackedBuf(bytearray(model_bytes), 0)
    steps = []
    ops = graph.operators
    on_python = [op.is_custom and op.custom_name not in TFLM_CUSTOM_OPS for op in ops]
    for is_python, group in groupby(ops, key=lambda op: on_python[op.index]):
        group = list(group)
        if is_python:
            for op in group:
                if op.custom_name not in by_name:
                    raise McugenError(f"no Python implementation of custom op '{op.custom_name}' for the reference")
                steps.append(("custom", op, by_name[op.custom_name], custom_node(graph, op)))
            continue
        after = ops[group[-1].index + 1 :]
        later_reads = {t for op in after for t in op.inputs} | set(graph.outputs)
        data, ins, outs = _segment_model(model_t, graph, group, later_reads)
        steps.append(("tflm", runtime.Interpreter.from_bytes(data, arena_size=arena_bytes), ins, outs))
    results = []
    for values in sets:
        env = dict(zip(graph.inputs, values))
        aborted = False
        for step in steps:
            if step[0] == "custom":
                _, op, impl, node = step
                produced = impl.compute(node, [env[t] for t in op.inputs if t >= 0])
                for t, value in zip(op.outputs, produced):
                    env[t] = np.asarray(value, dtype=graph.tensors[t].dtype.numpy).reshape(graph.tensors[t].shape)
            else:
                _, interpreter, ins, outs = step
                for i, t in enumerate(ins):
                    interpreter.set_input(env[t], i)
                if interpreter.invoke() == ABORTED:  # the nodes after this segment wait for a later invoke
                    aborted = True
                    break
                for i, t in enumerate(outs):
                    env[t] = np.array(interpreter.get_output(i))
        if aborted:
            results.append([np.zeros(graph.tensors[t].shape, graph.tensors[t].dtype.numpy) for t in graph.outputs])
        else:
            results.append([env[t] for t in graph.outputs])
    return results
