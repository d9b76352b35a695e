"""Writes the rewritten graph as a .tflite flatbuffer, so every later stage (plan, emit, the references) reads
a model like any other: the original model's tables for what the rewrites kept, a new buffer for each
constant (16-byte aligned, as TFLite's converter aligns them; equal contents stored once), and the operator
codes still in use. Metadata and signatures are kept."""

from __future__ import annotations

import copy

import flatbuffers
import numpy as np
from tflite_micro.tensorflow.lite.micro.python import schema_py_generated as schema

from ..model import read_model
from ..model.graph import Graph
from .work import Work

ALIGNMENT = 16
REWRITTEN_OPTIONS = {"fused_activation_function": "fusedActivationFunction", "padding": "padding"}  # what rewrites set


class _AlignedBuffer(schema.BufferT):
    """A buffer whose data starts on a 16-byte boundary of the file (the schema's force_align, which the
    Python object API ignores)."""

    def Pack(self, builder):
        data = None
        if self.data is not None and len(self.data):
            payload = bytes(self.data)
            builder.StartVector(1, len(payload), ALIGNMENT)
            builder.head -= len(payload)
            builder.Bytes[builder.head : builder.head + len(payload)] = payload
            data = builder.EndVector()
        schema.BufferStart(builder)
        if data is not None:
            schema.BufferAddData(builder, data)
        return schema.BufferEnd(builder)


def _buffer(data: bytes | None) -> _AlignedBuffer:
    buf = _AlignedBuffer()
    buf.data = np.frombuffer(data, dtype=np.uint8) if data else None
    return buf


def _tensor_table(work: Work, kept: list[int], model) -> tuple[list, dict[int, int]]:
    """The kept tensors' tables, each pointing at a fresh buffer list (buffer 0 stays empty)."""
    originals = model.subgraphs[0].tensors
    buffers, by_content, tensors = [_buffer(None)], {}, []
    for index in kept:
        table = copy.copy(originals[index]) if index < len(originals) else _new_tensor(work.tensors[index])
        table.sparsity = None  # the reader densified sparse constants: their data is written dense
        data = work.tensors[index].data
        if data is None:
            table.buffer = 0
        else:
            if data not in by_content:
                by_content[data] = len(buffers)
                buffers.append(_buffer(data))
            table.buffer = by_content[data]
        tensors.append(table)
    return tensors, buffers


def _new_tensor(tensor) -> schema.TensorT:
    """The table of a tensor a rewrite added (rewrite/patches.py's patch tensors and their slice bounds)."""
    table = schema.TensorT()
    table.shape, table.type, table.name = list(tensor.shape), tensor.dtype.code, tensor.name
    if tensor.quant is not None:
        table.quantization = schema.QuantizationParametersT()
        table.quantization.scale = list(tensor.quant.scale)
        table.quantization.zeroPoint = list(tensor.quant.zero_point)
        table.quantization.quantizedDimension = tensor.quant.axis
    return table


def _new_operator(op, codes: list) -> schema.OperatorT:
    """The table of a node a rewrite added (index -1): its op code, appended when the model has none, and the
    options of the ops rewrites add."""
    table = schema.OperatorT()
    found = [i for i, c in enumerate(codes) if max(c.builtinCode, c.deprecatedBuiltinCode) == op.builtin_code]
    if not found:
        code = schema.OperatorCodeT()
        code.builtinCode, code.deprecatedBuiltinCode, code.version = op.builtin_code, min(op.builtin_code, 127), 1
        codes.append(code)
    table.opcodeIndex = found[0] if found else len(codes) - 1
    if op.op_name == "CONCATENATION":
        table.builtinOptionsType = schema.BuiltinOptions.ConcatenationOptions
        table.builtinOptions = schema.ConcatenationOptionsT()
        table.builtinOptions.axis = op.options["axis"]
    return table


def _operator_tables(work: Work, model, renumber: dict[int, int]) -> list:
    originals, codes, used = model.subgraphs[0].operators, model.operatorCodes, {}
    operators = []
    for op in work.operators:
        table = copy.copy(originals[op.index]) if op.index >= 0 else _new_operator(op, codes)
        table.inputs = [renumber[t] if t >= 0 else -1 for t in op.inputs]
        table.outputs = [renumber[t] for t in op.outputs]
        if table.builtinOptions is not None:
            table.builtinOptions = copy.copy(table.builtinOptions)
            for key, field in REWRITTEN_OPTIONS.items():
                if key in op.options:
                    setattr(table.builtinOptions, field, op.options[key])
        table.opcodeIndex = used.setdefault(table.opcodeIndex, len(used))
        operators.append(table)
    model.operatorCodes = [codes[i] for i in sorted(used, key=used.get)]
    return operators


def _keep_metadata(model, buffers: list) -> None:
    old = model.buffers or []
    for entry in model.metadata or []:
        source = old[entry.buffer] if 0 <= entry.buffer < len(old) else None
        entry.buffer = len(buffers)
        buffers.append(_buffer(bytes(source.data) if source is not None and source.data is not None else None))


def _remap_signatures(model, renumber: dict[int, int]) -> None:
    for signature in model.signatureDefs or []:
        for entry in [*(signature.inputs or []), *(signature.outputs or [])]:
            entry.tensorIndex = renumber.get(entry.tensorIndex, entry.tensorIndex)


def write_graph(work: Work) -> Graph | None:
    """The flatbuffer of `work`, read back: tensors nothing refers to are left out, and each node keeps its
    number in the model as given (`Operator.model_index`; a node a rewrite added has none). None when the
    original model's tables cannot be unpacked (corrupt parts the reader never reads, e.g. metadata)."""
    try:
        model = schema.ModelT.InitFromPackedBuf(bytearray(work.graph.model_bytes), 0)
    except Exception:  # the flatbuffers runtime raises anything on corrupt offsets
        return None
    referenced = {t for op in work.operators for t in [*op.inputs, *op.outputs] if t >= 0}
    kept = sorted(referenced | set(work.inputs) | set(work.outputs))
    renumber = {old: new for new, old in enumerate(kept)}
    tensors, buffers = _tensor_table(work, kept, model)
    subgraph = model.subgraphs[0]
    subgraph.operators = _operator_tables(work, model, renumber)
    subgraph.tensors = tensors
    subgraph.inputs = [renumber[t] for t in work.inputs]
    subgraph.outputs = [renumber[t] for t in work.outputs]
    _keep_metadata(model, buffers)
    _remap_signatures(model, renumber)
    model.buffers = buffers
    model.metadataBuffer = None  # deprecated indices into the old buffer list; `metadata` carries them
    builder = flatbuffers.Builder(1024)
    builder.Finish(model.Pack(builder), file_identifier=b"TFL3")
    written = read_model(bytes(builder.Output()), source="the rewritten model")
    for op, source in zip(written.operators, work.operators):  # messages keep naming nodes as the model does
        op.model_index = source.model_number if source.index >= 0 else None
    return written
