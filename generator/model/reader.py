"""read: .tflite bytes -> Graph: tables through our own flatbuffer reader (flatbuffer.py), node options through
the `tflite` schema package's generated classes.

Neither verifies buffers, so every access happens inside one guard that turns any failure into a McugenError
naming what was being read.
"""

from __future__ import annotations

import functools
import re

import numpy as np
import tflite
from tflite.BuiltinOperator import BuiltinOperator
from tflite.BuiltinOptions import BuiltinOptions

from ..errors import McugenError
from .flatbuffer import Table
from .graph import CUSTOM_CODE, DTYPES, Graph, Operator, Quantization, Tensor
from .sparsity import read_sparse

FILE_IDENTIFIER = b"TFL3"
MAX_MODEL_BYTES = 256 * 1024 * 1024  # larger than any microcontroller's flash many times over
MAX_TENSOR_BYTES = 1 << 31  # no microcontroller holds a tensor this big; also guards the size arithmetic
MAX_RANK = 8

OP_NAMES = {v: k for k, v in vars(BuiltinOperator).items() if not k.startswith("_")}
OPTION_CLASS_NAMES = {v: k for k, v in vars(BuiltinOptions).items() if not k.startswith("_")}


def op_name(code: int) -> str:
    return OP_NAMES.get(code, f"UNKNOWN_{code}")


def read_model(data: bytes, source: str = "model") -> Graph:
    """Parses a .tflite file's bytes into a Graph; raises McugenError for anything malformed."""
    if len(data) > MAX_MODEL_BYTES:
        raise McugenError(f"{source}: {len(data)} bytes is larger than any model mcugen accepts ({MAX_MODEL_BYTES})")
    if len(data) < 8 or data[4:8] != FILE_IDENTIFIER:
        raise McugenError(f"{source}: not a TFLite model (no 'TFL3' identifier); pass a .tflite flatbuffer")
    where = ["the model header"]
    try:
        return _read(bytes(data), where)
    except McugenError:
        raise
    except Exception as exc:  # the flatbuffers runtime raises anything on corrupt offsets
        raise McugenError(
            f"{source}: corrupt or truncated TFLite model while reading {where[0]} "
            f"({type(exc).__name__}); re-export the model"
        ) from None


def _count(length: int, data: bytes, what: str) -> int:
    """A vector's claimed length, checked against the bytes that could hold it (4 per element at least),
    so a hostile length cannot make the reader loop for ever."""
    if not 0 <= length <= len(data) // 4:
        raise McugenError(f"corrupt model: {what} claims {length} entries in a {len(data)}-byte file")
    return length


# The options of the nodes that invoke other subgraphs, each naming a subgraph by its index.
SUBGRAPH_OPTIONS = {
    "CALL_ONCE": ("init_subgraph_index",),
    "IF": ("then_subgraph_index", "else_subgraph_index"),
    "WHILE": ("cond_subgraph_index", "body_subgraph_index"),
}


# Field numbers in schema.fbs of the tables read here.
MODEL_OPERATOR_CODES, MODEL_SUBGRAPHS, MODEL_DESCRIPTION, MODEL_BUFFERS = 1, 2, 3, 4
SUBGRAPH_TENSORS, SUBGRAPH_INPUTS, SUBGRAPH_OUTPUTS, SUBGRAPH_OPERATORS = 0, 1, 2, 3
TENSOR_SHAPE, TENSOR_TYPE, TENSOR_BUFFER, TENSOR_NAME, TENSOR_QUANTIZATION, TENSOR_IS_VARIABLE = 0, 1, 2, 3, 4, 5
TENSOR_SPARSITY, TENSOR_SHAPE_SIGNATURE = 6, 7
BUFFER_DATA, BUFFER_OFFSET, BUFFER_SIZE = 0, 1, 2
QUANT_SCALE, QUANT_ZERO_POINT, QUANT_DIMENSION = 2, 3, 6
OPCODE_DEPRECATED_CODE, OPCODE_CUSTOM, OPCODE_VERSION, OPCODE_CODE = 0, 1, 2, 3
OP_OPCODE_INDEX, OP_INPUTS, OP_OUTPUTS, OP_OPTIONS_TYPE, OP_OPTIONS, OP_CUSTOM_OPTIONS = 0, 1, 2, 3, 4, 5


def _tables(parent: Table, field: int, data: bytes, what: str) -> list[Table]:
    return parent.tables(field, _count(parent.vector_length(field), data, what))


def _read(data: bytes, where: list[str]) -> Graph:
    model = Table(data, int.from_bytes(data[:4], "little"))
    subgraphs = _tables(model, MODEL_SUBGRAPHS, data, "the subgraph list")
    if not subgraphs:
        raise McugenError("model has no subgraph; re-export the model")
    buffers = [_buffer_data(b, i, where) for i, b in enumerate(_tables(model, MODEL_BUFFERS, data, "the buffer list"))]
    opcodes = [_read_opcode(oc) for oc in _tables(model, MODEL_OPERATOR_CODES, data, "the operator code list")]
    description = (model.string(MODEL_DESCRIPTION) or b"").decode("utf-8", "replace")
    graphs = [
        _read_subgraph(subgraph, s, data, buffers, opcodes, description, where) for s, subgraph in enumerate(subgraphs)
    ]
    where[0] = "the graph structure"
    for graph in graphs:
        graph.subgraphs = graphs
        _check_dataflow(graph)
    _check_subgraph_calls(graphs)
    return graphs[0]


def _read_subgraph(subgraph: Table, s: int, data: bytes, buffers, opcodes, description: str, where) -> Graph:
    tensors = [
        _read_tensor(t, i, buffers, where, s)
        for i, t in enumerate(_tables(subgraph, SUBGRAPH_TENSORS, data, "the tensor list"))
    ]
    operators = [
        _read_operator(op, i, opcodes, len(tensors), where, s)
        for i, op in enumerate(_tables(subgraph, SUBGRAPH_OPERATORS, data, "the operator list"))
    ]
    inputs = _indices(subgraph.numbers(SUBGRAPH_INPUTS, "<i4"), len(tensors), _in_subgraph(s, "subgraph inputs"))
    outputs = _indices(subgraph.numbers(SUBGRAPH_OUTPUTS, "<i4"), len(tensors), _in_subgraph(s, "subgraph outputs"))
    io_offsets = (subgraph.vector_start(SUBGRAPH_INPUTS), subgraph.vector_start(SUBGRAPH_OUTPUTS))
    return Graph(tensors, operators, inputs, outputs, data, description, s, io_offsets)


def _in_subgraph(s: int, what: str) -> str:
    """Messages about the primary subgraph read as before; the others name their subgraph."""
    return what if s == 0 else f"subgraph {s}: {what}"


def _check_subgraph_calls(graphs: list[Graph]) -> None:
    """Every subgraph a CALL_ONCE, IF or WHILE node names exists and is not the primary one, and no subgraph
    invokes itself, directly or through others (TFLite Micro would recurse without end)."""
    calls: dict[int, set[int]] = {g.index: set() for g in graphs}
    for graph in graphs:
        for op in graph.operators:
            for option in SUBGRAPH_OPTIONS.get(op.op_name, ()):
                target = op.options.get(option, 0)
                if not 0 < target < len(graphs):
                    raise McugenError(
                        f"{op.where} ({op.op_name}) invokes subgraph {target} as its {option}, "
                        f"which {'is the primary subgraph' if target == 0 else 'does not exist'} "
                        f"(the model has {len(graphs)} subgraphs)"
                    )
                calls[graph.index].add(target)
    for start in calls:
        seen, pending = set(), list(calls[start])
        while pending:
            s = pending.pop()
            if s == start:
                raise McugenError(f"subgraph {start} invokes itself through CALL_ONCE, IF or WHILE nodes (a cycle)")
            if s not in seen:
                seen.add(s)
                pending.extend(calls[s])


def _check_dataflow(graph: Graph) -> None:
    """Every tensor a node reads exists by then (a constant, a graph input, a variable or an earlier node's
    output); no tensor is written twice or is both a constant and an output: so the graph has no cycle. A custom
    node may read a tensor nothing writes: TFLite Micro gives it arena space, which the op uses as scratch (the
    Ethos-U op's scratch tensors); the check stage names the op, and refuses such a node it has a kernel for."""
    ready = {t.index for t in graph.tensors if t.data is not None or t.is_variable} | set(graph.inputs)
    written: dict[int, int] = {}
    for op in graph.operators:
        for t in op.inputs:
            if t >= 0 and t not in ready:
                later = next((o.index for o in graph.operators if t in o.outputs), None)
                if later is None and op.is_custom:
                    continue
                why = (
                    f"node {later} writes it later (a cycle, or nodes out of order)"
                    if later is not None
                    else "nothing writes it"
                )
                raise McugenError(
                    f"{op.where} ({op.op_name}) reads tensor {t} '{graph.tensors[t].name}' before it exists: {why}"
                )
        for t in op.outputs:
            if graph.tensors[t].data is not None:
                raise McugenError(
                    f"{op.where} ({op.op_name}) writes tensor {t} '{graph.tensors[t].name}', which is a constant"
                )
            if t in written or t in graph.inputs:
                first = f"node {written[t]}" if t in written else "the graph input"
                raise McugenError(
                    _in_subgraph(
                        graph.index,
                        f"tensor {t} '{graph.tensors[t].name}' is written by node {op.index} and by {first}",
                    )
                )
            written[t] = op.index
            ready.add(t)
    for t in graph.outputs:
        if t not in ready:
            raise McugenError(
                _in_subgraph(graph.index, f"graph output tensor {t} '{graph.tensors[t].name}' is never written")
            )


def _buffer_data(buf: Table, index: int, where: list[str]) -> tuple[bytes | None, int | None]:
    where[0] = f"buffer {index}"
    if buf.scalar(BUFFER_OFFSET, "Q") or buf.scalar(BUFFER_SIZE, "Q"):
        raise McugenError(
            f"buffer {index} is stored outside the flatbuffer (a >2 GB model layout); "
            "mcugen needs the weights inside the .tflite file"
        )
    arr = buf.numbers(BUFFER_DATA, "u1")
    return (None, None) if arr is None else (arr.tobytes(), buf.vector_start(BUFFER_DATA))


def _read_tensor(t: Table, index: int, buffers: list, where: list[str], s: int = 0) -> Tensor:
    label = _in_subgraph(s, f"tensor {index}")
    where[0] = label
    name = (t.string(TENSOR_NAME) or b"").decode("utf-8", "replace")
    shape = tuple(int(d) for d in _array(t.numbers(TENSOR_SHAPE, "<i4")))
    signature = _array(t.numbers(TENSOR_SHAPE_SIGNATURE, "<i4"))
    if len(shape) > MAX_RANK:
        raise McugenError(f"{label} '{name}' has rank {len(shape)}; mcugen handles up to {MAX_RANK}")
    # A -1 in shape_signature (Keras' None batch, a None time axis) leaves the size to the interpreter; TFLite
    # Micro runs the stored `shape`, and so does mcugen, unless the stored shape is a placeholder itself.
    dynamic = any(d < 0 for d in signature)
    if any(d < 0 for d in shape) or (dynamic and any(d == 0 for d in shape)):
        dims = [int(d) for d in (signature if len(signature) else shape)]
        raise McugenError(
            f"{label} '{name}' has a dynamic shape {dims} (stored as {list(shape)}); "
            "convert the model with fixed input shapes (batch size 1)"
        )
    type_code, buffer = t.scalar(TENSOR_TYPE, "b"), t.scalar(TENSOR_BUFFER, "I")
    if type_code not in DTYPES:
        raise McugenError(f"{label} '{name}' has unknown type code {type_code}")
    if not 0 <= buffer < max(len(buffers), 1):
        raise McugenError(f"{label} '{name}' refers to buffer {buffer}, which does not exist")
    dtype = DTYPES[type_code]
    size = dtype.size
    for d in shape:
        size *= max(d, 1)
    if size >= MAX_TENSOR_BYTES:
        raise McugenError(
            f"{label} '{name}' claims {list(shape)} of {dtype.name}: {size} bytes, more than any microcontroller holds"
        )
    data, data_offset = buffers[buffer] if buffers else (None, None)
    # An empty data vector is no data, except for a tensor of zero elements: that is a constant that holds
    # nothing (a RESHAPE's shape [0] for a scalar output), read as one like any other constant.
    if not data and not (data is not None and 0 in shape):
        data, data_offset = None, None
    sparsity = t.table(TENSOR_SPARSITY)
    if sparsity is not None:  # the buffer holds only the traversal's values: densified, no longer in place
        data, data_offset = read_sparse(sparsity, label, name, shape, dtype, data), None
    tensor = Tensor(
        index,
        name,
        shape,
        dtype,
        _read_quant(t.table(TENSOR_QUANTIZATION)),
        data,
        bool(t.scalar(TENSOR_IS_VARIABLE, "?")),
        t.vector_start(TENSOR_SHAPE) if shape else None,
        data_offset,
        sparsity is not None,
    )
    sized = tensor.dtype.size or tensor.dtype.name == "INT4"  # INT4: packed two to a byte
    if tensor.data is not None and sized and len(tensor.data) != tensor.nbytes:
        raise McugenError(
            f"{label} '{name}' holds {len(tensor.data)} bytes but its shape "
            f"{list(shape)} of {tensor.dtype.name} needs {tensor.nbytes}"
        )
    return tensor


def _read_quant(q: Table | None) -> Quantization | None:
    if q is None:
        return None
    scale = [float(s) for s in _array(q.numbers(QUANT_SCALE, "<f4"))]
    if not scale:
        return None
    zero_point = [int(z) for z in _array(q.numbers(QUANT_ZERO_POINT, "<i8"))] or [0] * len(scale)
    return Quantization(scale, zero_point, q.scalar(QUANT_DIMENSION, "i"))


def _read_opcode(oc: Table) -> tuple[int, int, str | None]:
    code = max(oc.scalar(OPCODE_CODE, "i"), oc.scalar(OPCODE_DEPRECATED_CODE, "b"))
    custom = oc.string(OPCODE_CUSTOM)
    version = oc.scalar(OPCODE_VERSION, "i", 1) or 1
    return code, version, custom.decode("utf-8", "replace") if custom is not None else None


def _read_operator(op: Table, index: int, opcodes: list, num_tensors: int, where: list[str], s: int = 0) -> Operator:
    node = _in_subgraph(s, f"node {index}")
    where[0] = _in_subgraph(s, f"operator {index}")
    opcode_index = op.scalar(OP_OPCODE_INDEX, "I")
    if not 0 <= opcode_index < len(opcodes):
        raise McugenError(f"{node} refers to operator code {opcode_index}, which does not exist")
    code, version, custom = opcodes[opcode_index]
    name = op_name(code)
    inputs = _indices(op.numbers(OP_INPUTS, "<i4"), num_tensors, f"{node} ({name}) inputs", optional=True)
    outputs = _indices(op.numbers(OP_OUTPUTS, "<i4"), num_tensors, f"{node} ({name}) outputs")
    custom_options = _array(op.numbers(OP_CUSTOM_OPTIONS, "u1")).tobytes()
    return Operator(
        index,
        name,
        code,
        version,
        custom if code == CUSTOM_CODE else None,
        inputs,
        outputs,
        _read_options(op),
        custom_options,
        op.vector_start(OP_CUSTOM_OPTIONS) if custom_options else None,
        s,
    )


def _indices(arr, num_tensors: int, what: str, optional: bool = False) -> list[int]:
    values = [int(v) for v in _array(arr)]
    lowest = -1 if optional else 0
    bad = [v for v in values if not lowest <= v < num_tensors]
    if bad:
        raise McugenError(f"{what} refer to tensor {bad[0]}, which does not exist ({num_tensors} tensors)")
    return values


def _array(arr: np.ndarray | None) -> np.ndarray:
    """An absent vector reads as empty."""
    return np.zeros(0, dtype=np.int32) if arr is None else arr


def _read_options(op: Table) -> dict:
    kind = OPTION_CLASS_NAMES.get(op.scalar(OP_OPTIONS_TYPE, "B"), "NONE")
    table = op.table(OP_OPTIONS)
    if kind == "NONE" or table is None:
        return {}
    options = getattr(tflite, kind)()  # the package exports each generated class by its name
    options.Init(table.buf, table.pos)
    return _options_dict(options)


def _options_dict(options) -> dict:
    """Every scalar getter and every vector (via its AsNumpy form) of a generated options class."""
    result = {}
    for attr, key, is_vector in _option_getters(type(options)):
        value = getattr(options, attr)()
        # the generated classes return 0 rather than an empty array for an absent vector
        result[key] = ([] if isinstance(value, int) else [int(v) for v in value]) if is_vector else value
    return result


@functools.cache
def _option_getters(cls) -> list[tuple[str, str, bool]]:
    """(getter, snake_case key, returns a vector) for a generated options class, found once per class."""
    getters = []
    for attr in dir(cls):
        if not attr[:1].isupper() or attr in ("Init",) or attr.startswith("GetRootAs") or "BufferHasIdentifier" in attr:
            continue
        if attr.endswith(("Length", "IsNone")) or hasattr(cls, attr + "AsNumpy"):
            continue
        vector = attr.endswith("AsNumpy")
        getters.append((attr, _snake(attr[: -len("AsNumpy")] if vector else attr), vector))
    return getters


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()
