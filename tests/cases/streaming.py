"""Case builders of the streaming tests that other test modules use too."""

from generator.emit import IoTensor
from generator.model import read_model


def read_io(data: bytes) -> list:
    graph = read_model(data)
    return [
        IoTensor(i, graph.tensors[i].name, list(graph.tensors[i].shape), graph.tensors[i].dtype.name, None, None)
        for i in graph.inputs
    ]
