"""Output entries TFLite Micro leaves unwritten, as the reference reports them.

TFLite_Detection_PostProcess with fast NMS writes only its detections, with regular NMS max_detections entries
(zeros past the detections); entries past those (outputs larger than max_detections, or fast NMS's unused ones)
keep whatever its arena held, which depends on TFLite Micro's memory plan, not on the model. mcugen writes zeros
there, so the reference reports zeros there too: the device's zeros are compared, TFLite Micro's leftovers are
not."""

from __future__ import annotations

import numpy as np

from ..catalog.ops.detection_postprocess import NAME, read_options
from ..model import read_model


def zero_unwritten(model_bytes: bytes, results: list[list[np.ndarray]]) -> list[list[np.ndarray]]:
    if NAME.encode() not in model_bytes:
        return results
    graph = read_model(model_bytes)
    position = {t: i for i, t in enumerate(graph.outputs)}
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
