"""Builds and edits .tflite models in tests with the flatbuffers object API (no TensorFlow needed)."""

from __future__ import annotations

import flatbuffers
import numpy as np
from tflite_micro.tensorflow.lite.micro.python import schema_py_generated as schema

DTYPE_CODES = {
    "float32": 0,
    "int32": 2,
    "uint8": 3,
    "int64": 4,
    "bool": 6,
    "int16": 7,
    "int8": 9,
    "uint64": 12,
    "resource": 13,
    "uint32": 15,
}
DTYPE_CODES["float16"] = 1  # float16 weights (widened by DEQUANTIZE), which only constants use
DTYPE_CODES["int4"] = 17  # int4 weights, which only constants use: packed two to a byte (pack_int4)
OPS = {k: v for k, v in vars(schema.BuiltinOperator).items() if not k.startswith("_")}


def pack_int4(values) -> list[int]:
    """int4 values (-8..7) as TFLite stores them: in flat order two to a byte, the first in the low nibble (an odd
    count leaves the last high nibble 0), as TFLite Micro's UnpackDenseInt4IntoInt8 reads them."""
    flat = np.asarray(values, dtype=np.int64).reshape(-1)
    if flat.min(initial=0) < -8 or flat.max(initial=0) > 7:
        raise ValueError("int4 values must lie in -8..7")
    nibbles = np.append(flat, np.zeros(flat.size % 2, dtype=np.int64)) & 0xF
    return [int(b) for b in nibbles[0::2] | (nibbles[1::2] << 4)]


def unpack(data: bytes) -> schema.ModelT:
    return schema.ModelT.InitFromPackedBuf(bytearray(data), 0)


def pack(model: schema.ModelT) -> bytes:
    builder = flatbuffers.Builder(1024)
    builder.Finish(model.Pack(builder), file_identifier=b"TFL3")
    return bytes(builder.Output())


OPTION_NAMES = {  # ops whose options table is not named after the op
    "CONV_2D": "Conv2D",
    "DEPTHWISE_CONV_2D": "DepthwiseConv2D",
    "AVERAGE_POOL_2D": "Pool2D",
    "MAX_POOL_2D": "Pool2D",
    "L2_POOL_2D": "Pool2D",
    "PADV2": "PadV2",
    "MEAN": "Reducer",
    "SUM": "Reducer",
    "REDUCE_MAX": "Reducer",
    "REDUCE_MIN": "Reducer",
    "REDUCE_ALL": "Reducer",
    "REDUCE_PROD": "Reducer",
    "SPLIT_V": "SplitV",
    "BATCH_MATMUL": "BatchMatMul",
    "SVDF": "SVDF",
    "UNIDIRECTIONAL_SEQUENCE_LSTM": "UnidirectionalSequenceLSTM",
}


def options_for(op_name: str, **fields):
    """The builtin options object of an op with `fields` set (schema names, e.g. fusedActivationFunction),
    or (None, 0) for an op without options."""
    camel = OPTION_NAMES.get(op_name) or "".join(part.capitalize() for part in op_name.split("_"))
    cls = getattr(schema, f"{camel}OptionsT", None)
    if cls is None:
        if fields:
            raise ValueError(f"{op_name} has no options table {camel}Options for {sorted(fields)}")
        return None, 0
    obj = cls()
    for key, value in fields.items():
        if not hasattr(obj, key):
            raise ValueError(f"{camel}Options has no field {key}; it has {sorted(vars(obj))}")
        setattr(obj, key, value)
    return obj, getattr(schema.BuiltinOptions, f"{camel}Options")


class GraphBuilder:
    """Adds tensors and ops one by one, then packs the model. Tensors and ops go to the current subgraph;
    `next_subgraph` finishes it and starts the next (the first one is subgraph 0, the primary)."""

    def __init__(self):
        self.model = schema.ModelT()
        self.model.version = 3
        self.model.operatorCodes, self.model.buffers = [], [schema.BufferT()]
        self.finished: list = []
        self._start_subgraph()

    def _start_subgraph(self) -> None:
        self.graph = schema.SubGraphT()
        self.graph.tensors, self.graph.operators = [], []

    def next_subgraph(self, inputs=(), outputs=()) -> int:
        """Finishes the current subgraph with its inputs and outputs; returns the index of the next one."""
        self.graph.inputs, self.graph.outputs = list(inputs), list(outputs)
        self.finished.append(self.graph)
        self._start_subgraph()
        return len(self.finished)

    def tensor(self, shape, dtype, scale=None, zero_point=None, data=None, name=None, axis=0) -> int:
        t = schema.TensorT()
        t.shape, t.type, t.name = list(shape), DTYPE_CODES[dtype], name or f"t{len(self.graph.tensors)}"
        if scale is not None:
            q = schema.QuantizationParametersT()
            q.scale = list(np.atleast_1d(scale).astype(float))
            q.zeroPoint = list(np.atleast_1d(zero_point if zero_point is not None else 0).astype(int))
            q.quantizedDimension = axis
            t.quantization = q
        t.buffer = 0
        if data is not None:
            buf = schema.BufferT()
            if dtype == "int4":
                buf.data = pack_int4(data)
            else:
                buf.data = list(np.asarray(data, dtype=dtype).reshape(-1).view(np.uint8))
            self.model.buffers.append(buf)
            t.buffer = len(self.model.buffers) - 1
        self.graph.tensors.append(t)
        return len(self.graph.tensors) - 1

    def op(self, name: str, inputs, outputs, version=1, custom_code=None, **options) -> int:
        code = schema.OperatorCodeT()
        code.builtinCode = OPS[name]
        code.deprecatedBuiltinCode = min(OPS[name], 127)
        code.version = version
        code.customCode = custom_code
        self.model.operatorCodes.append(code)
        op = schema.OperatorT()
        op.opcodeIndex = len(self.model.operatorCodes) - 1
        op.inputs, op.outputs = list(inputs), list(outputs)
        opts, kind = options_for(name, **options) if name != "CUSTOM" else (None, 0)
        if opts is not None:
            op.builtinOptionsType, op.builtinOptions = kind, opts
        self.graph.operators.append(op)
        return len(self.graph.operators) - 1

    def build(self, inputs, outputs) -> bytes:
        """Packs the model; `inputs` and `outputs` are the current (last) subgraph's."""
        self.graph.inputs, self.graph.outputs = list(inputs), list(outputs)
        self.model.subgraphs = [*self.finished, self.graph]
        return pack(self.model)


def merge(models: list[bytes]) -> bytes:
    """One model running single-subgraph `models` side by side: their tensors, buffers, operator codes and
    operators concatenated, the graph inputs and outputs of each in order (so one firmware proves them all)."""
    merged = GraphBuilder()
    graph, out = merged.graph, merged.model
    inputs, outputs = [], []
    for k, data in enumerate(models):
        part = unpack(data)
        (sub,) = part.subgraphs
        tensor_base, code_base, buffer_base = len(graph.tensors), len(out.operatorCodes), len(out.buffers) - 1
        out.buffers.extend((part.buffers or [])[1:])  # buffer 0 is the shared empty one
        out.operatorCodes.extend(part.operatorCodes or [])
        for t in sub.tensors or []:
            t.buffer = t.buffer + buffer_base if t.buffer else 0
            t.name = f"m{k}_{t.name.decode() if isinstance(t.name, bytes) else t.name}"
            graph.tensors.append(t)
        for op in sub.operators or []:
            op.opcodeIndex += code_base
            op.inputs = [i + tensor_base if i >= 0 else i for i in op.inputs]
            op.outputs = [i + tensor_base for i in op.outputs]
            if op.intermediates is not None:
                op.intermediates = [i + tensor_base for i in op.intermediates]
            graph.operators.append(op)
        inputs += [i + tensor_base for i in sub.inputs]
        outputs += [i + tensor_base for i in sub.outputs]
    graph.inputs, graph.outputs = inputs, outputs
    out.subgraphs = [graph]
    return pack(out)
