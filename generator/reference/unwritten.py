"""Output entries TFLite Micro leaves unwritten, as the reference reports them.

The signal library's SignalEnergy writes only [start_index, end_index), SignalFramer only the frames it has
enough samples for and SignalStacker only the invokes it outputs on (its `valid` output false otherwise); mcugen
writes zeros in the rest (firmware/kernels/signal_energy.c, signal_framer.c), and so does the reference.

TFLite_Detection_PostProcess with fast NMS writes only its detections, with regular NMS max_detections entries
(zeros past the detections); entries past those (outputs larger than max_detections, or fast NMS's unused ones)
keep whatever its arena held, which depends on TFLite Micro's memory plan, not on the model. mcugen writes zeros
there, so the reference reports zeros there too: the device's zeros are compared, TFLite Micro's leftovers are
not."""

from __future__ import annotations

import numpy as np

from ..catalog.ops.common._signal import options
from ..catalog.ops.detection_postprocess.detection_postprocess import NAME, read_options
from ..catalog.ops.signal import signal_stream
from ..catalog.ops.signal.signal_spectrum import ENERGY_KEYS
from ..model import read_model

SIGNAL_OPS = ("SignalEnergy", "SignalFramer", "SignalStacker")
# TFLite Micro's kTfLiteAbort: a node (CIRCULAR_BUFFER between its periods) ended the invoke early. Its outputs then
# hold whatever TFLite Micro's arena held: the model gave none, and the firmware reports zeros (firmware/harness),
# so the reference does too.
ABORTED = 15


def zero_unwritten(model_bytes: bytes, results: list[list[np.ndarray]]) -> list[list[np.ndarray]]:
    if not any(name.encode() in model_bytes for name in (NAME, *SIGNAL_OPS)):
        return results
    graph = read_model(model_bytes)
    position = {t: i for i, t in enumerate(graph.outputs)}
    for op in graph.operators:
        if op.custom_name in SIGNAL_OPS and op.outputs[0] in position:
            _zero_signal(op, graph.node_io(op)[0], position[op.outputs[0]], results)
    for op in (op for op in graph.operators if op.custom_name == NAME):
        if len(op.outputs) != 4 or not all(t in position for t in op.outputs):
            continue
        options = read_options(op)
        boxes, classes, scores, count = (position[t] for t in op.outputs)
        for outputs in results:
            detections = int(np.asarray(outputs[count]).reshape(-1)[0])
            n = options["max_detections"] if options["use_regular_nms"] else detections
            for index, per in ((boxes, 4), (classes, 1), (scores, 1)):
                flat = np.array(outputs[index]).reshape(-1)
                flat[per * n :] = 0
                outputs[index] = flat.reshape(np.shape(outputs[index]))
    return results


def _zero_signal(op, inputs, index: int, results: list[list[np.ndarray]]) -> None:
    """Zeros in output `index` of every set where the signal op `op` leaves its first output unwritten."""
    for step, outputs in enumerate(results):
        value = np.array(outputs[index])
        if op.custom_name == "SignalEnergy":
            o = options(op, ENERGY_KEYS)
            value.reshape(-1)[: o["start_index"]] = 0
            value.reshape(-1)[o["end_index"] :] = 0
        elif op.custom_name == "SignalFramer":
            g = signal_stream.framer_geometry(op, inputs)
            for f in range(g["frames"]):  # the same frames of every row: rows fill alike
                if g["prefilled"] + (step * g["frames"] + f + 1) * g["frame_step"] < g["frame_size"]:
                    value[..., f, :] = 0
        else:
            g = signal_stream.stacker_geometry(op)
            right = (g["stacked"] // g["num_channels"]) - 1 - g["left_context"]
            if step < right or (step - right) % (g["step"] // g["num_channels"]):
                value[...] = 0
        outputs[index] = value
