"""The typed graph the reader produces: plain data, independent of the flatbuffer classes."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

CUSTOM_CODE = 32  # BuiltinOperator CUSTOM: the node names its op by `custom_name`


@dataclass(frozen=True)
class DType:
    name: str  # TFLite's TensorType name, e.g. "INT8"
    code: int  # TensorType enum value
    numpy: str | None  # numpy dtype string, None when the type has no fixed-size numpy form
    size: int  # bytes per element (0 when not fixed-size)


DTYPES = {
    d.code: d
    for d in (
        DType("FLOAT32", 0, "float32", 4),
        DType("FLOAT16", 1, "float16", 2),
        DType("INT32", 2, "int32", 4),
        DType("UINT8", 3, "uint8", 1),
        DType("INT64", 4, "int64", 8),
        DType("STRING", 5, None, 0),
        DType("BOOL", 6, "bool", 1),
        DType("INT16", 7, "int16", 2),
        DType("COMPLEX64", 8, "complex64", 8),
        DType("INT8", 9, "int8", 1),
        DType("FLOAT64", 10, "float64", 8),
        DType("COMPLEX128", 11, "complex128", 16),
        DType("UINT64", 12, "uint64", 8),
        DType("RESOURCE", 13, None, 4),  # holds the int32 id of a resource variable, as in TFLite Micro
        DType("VARIANT", 14, None, 0),
        DType("UINT32", 15, "uint32", 4),
        DType("UINT16", 16, "uint16", 2),
        DType("INT4", 17, None, 0),
        DType("BFLOAT16", 18, None, 2),
    )
}


@dataclass
class Quantization:
    scale: list[float]  # float32 values as stored
    zero_point: list[int]
    axis: int  # quantized_dimension (per-channel when len(scale) > 1)


@dataclass
class Tensor:
    index: int
    name: str
    shape: tuple[int, ...]
    dtype: DType
    quant: Quantization | None
    data: bytes | None  # constant contents, None for activations and variables
    is_variable: bool = False
    shape_offset: int | None = None  # where the shape vector's elements sit in the model bytes (None: scalar)
    data_offset: int | None = None  # where a constant's data sits in the model bytes
    # stored sparse in the model (TFLite's sparsity metadata): `data` holds it densified (model/sparsity.py), and
    # the check stage leaves it to the rewrite stage, which writes it dense
    sparse: bool = False

    @property
    def num_elements(self) -> int:
        return math.prod(self.shape)

    @property
    def nbytes(self) -> int:
        if self.dtype.name == "INT4":  # packed two to a byte, the first in the low nibble (an odd count pads)
            return (self.num_elements + 1) // 2
        return self.num_elements * self.dtype.size

    def array(self) -> np.ndarray:
        """The constant data as a numpy array of the tensor's shape (int4: widened to int8)."""
        if self.dtype.name == "INT4":  # two to a byte, the first in the low nibble
            packed = np.frombuffer(self.data, dtype=np.uint8)
            nibbles = np.stack([packed & 0xF, packed >> 4], axis=1).reshape(-1)[: self.num_elements]
            return ((nibbles ^ 8).astype(np.int16) - 8).astype(np.int8).reshape(self.shape)
        return np.frombuffer(self.data, dtype=self.dtype.numpy).reshape(self.shape)


@dataclass
class Operator:
    index: int
    op_name: str  # BuiltinOperator name, e.g. "FULLY_CONNECTED", or "CUSTOM"
    builtin_code: int
    version: int
    custom_name: str | None
    inputs: list[int]  # tensor indices, -1 for an omitted optional input
    outputs: list[int]
    options: dict = field(default_factory=dict)  # builtin options, snake_case keys
    custom_options: bytes = b""
    custom_options_offset: int | None = None  # where the custom options sit in the model bytes
    subgraph: int = 0  # the subgraph the node belongs to
    model_index: int | None = None  # its index in the model as given, when a rewrite renumbered the nodes

    @property
    def model_number(self) -> int:
        """The node's number everywhere a message names it: its index in the model file, before any rewrite."""
        return self.index if self.model_index is None else self.model_index

    @property
    def where(self) -> str:
        """How messages name the node: "node 4" in the primary subgraph, "subgraph 1, node 4" elsewhere."""
        number = self.model_number
        return f"node {number}" if self.subgraph == 0 else f"subgraph {self.subgraph}, node {number}"

    @property
    def display_name(self) -> str:
        return self.custom_name if self.custom_name is not None else self.op_name

    @property
    def is_custom(self) -> bool:
        return self.builtin_code == CUSTOM_CODE


# Custom ops TFLite Micro registers by name whose kernels keep state across invokes (signal library, CIRCULAR_BUFFER).
STATEFUL_CUSTOM_OPS = frozenset(
    {
        "CIRCULAR_BUFFER",
        "SignalDelay",
        "SignalFilterBankSpectralSubtraction",
        "SignalFramer",
        "SignalOverlapAdd",
        "SignalStacker",
    }
)


@dataclass
class Graph:
    tensors: list[Tensor]
    operators: list[Operator]
    inputs: list[int]
    outputs: list[int]
    model_bytes: bytes = field(repr=False)
    description: str = ""
    index: int = 0  # which subgraph of the model this is; 0 is the one an inference runs
    io_offsets: tuple[int | None, int | None] = (None, None)  # where its inputs and outputs vectors sit in the bytes
    # Every subgraph of the model, this one included (subgraphs[0] is the primary one, which the pipeline's
    # stages take; the others run when a CALL_ONCE, IF or WHILE node of another subgraph invokes them).
    subgraphs: list[Graph] = field(default_factory=list, repr=False, compare=False)

    @property
    def is_stateful(self) -> bool:
        """The model keeps state between invokes (resource variables, variable tensors such as SVDF's and
        UNIDIRECTIONAL_SEQUENCE_LSTM's state, or a custom op of STATEFUL_CUSTOM_OPS), so input sets are steps of
        one stream."""
        graphs = self.subgraphs or [self]
        ops = [op for g in graphs for op in g.operators]
        return any(op.op_name == "VAR_HANDLE" or op.custom_name in STATEFUL_CUSTOM_OPS for op in ops) or any(
            t.is_variable for g in graphs for t in g.tensors
        )

    def node_io(self, op: Operator) -> tuple[list[Tensor | None], list[Tensor]]:
        """A node's input tensors (None for an omitted optional input, index -1) and its output tensors."""
        return [self.tensors[i] if i >= 0 else None for i in op.inputs], [self.tensors[i] for i in op.outputs]
