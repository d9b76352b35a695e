"""The `weights_in_place` transform: a backend's rearranged constants (catalog ModelWords fields: the portable
backend's weights, and its folded constants in place of the bias; the dsp FULLY_CONNECTED's folded biases and its
weight rows in blocks of four, as the dsp int8 LSTM's gate matrices; the mve DEPTHWISE_CONV_2D's weights in blocks of
channels) written over the model's own buffer in the firmware's copy of the model, instead of a second copy in flash.

A field goes in place when its words (or their first `nbytes`) take exactly the buffer's bytes, the buffer starts
on a word boundary, and no other node input, subgraph input or output of any subgraph refers to that buffer
(tensors sharing a buffer share its data offset). Otherwise it stays a static array in node_params.c. The
reference run reads the .tflite as given; only the generated model_data.c carries the rearranged bytes."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..catalog import CExpr, ModelWords
from ..model import Graph

_WORD = 4


@dataclass(frozen=True)
class InPlaceWeights:
    """One field written over the model: the node (index in the firmware's node table), its field, where."""

    node: int
    field: str
    offset: int
    data: bytes


def _buffer_readers(graphs: list[Graph]) -> Counter:
    """How many references each constant buffer (by data offset) has: node inputs and subgraph inputs/outputs."""
    readers: Counter = Counter()
    for graph in graphs:
        for index in [i for op in graph.operators for i in op.inputs] + graph.inputs + graph.outputs:
            tensor = graph.tensors[index] if index >= 0 else None
            if tensor is not None and tensor.data is not None and tensor.data_offset is not None:
                readers[tensor.data_offset] += 1
    return readers


def _fits(words: ModelWords, readers: Counter) -> bytes | None:
    """The words' bytes when they can replace their tensor's buffer, else None."""
    tensor, data = words.tensor, b"".join(w.to_bytes(_WORD, "little", signed=True) for w in words.words)
    data = data if words.nbytes is None else data[: words.nbytes]
    offset = tensor.data_offset
    if tensor.data is None or offset is None or offset % _WORD or len(data) != len(tensor.data):
        return None
    return data if readers[offset] == 1 else None


def weights_in_place(nodes, graphs: list[Graph]) -> list[InPlaceWeights]:
    """Resolves every ModelWords field of `nodes` (all subgraphs', in the node table's order): in place (the
    field becomes a pointer into mg_model_data) or a static array (a list). Returns what went in place."""
    readers, placed = _buffer_readers(graphs), []
    for index, node in enumerate(nodes):
        fields = node.params.fields
        for name, value in fields.items():
            if not isinstance(value, ModelWords):
                continue
            data = _fits(value, readers)
            if data is None:
                fields[name] = list(value.words)
                continue
            fields[name] = CExpr(f"(const int32_t *)(mg_model_data + {value.tensor.data_offset})")
            placed.append(InPlaceWeights(index, name, value.tensor.data_offset, data))
    return placed


def firmware_model_bytes(model: bytes, placed: list[InPlaceWeights]) -> bytes:
    """The model as the firmware stores it: the given bytes with every in-place field written over its buffer."""
    data = bytearray(model)
    for p in placed:
        data[p.offset : p.offset + len(p.data)] = p.data
    return bytes(data)
