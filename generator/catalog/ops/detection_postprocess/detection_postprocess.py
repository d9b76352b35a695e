"""TFLite_Detection_PostProcess, the custom op SSD detectors end in, which TFLite Micro registers by that exact name
(AddDetectionPostprocess; detection_postprocess.cc): box decoding against anchors, then fast or regular non-max
suppression. Its FlexBuffers options are read here, with TFLite Micro's defaults (detections_per_class 100, fast
NMS; a missing number reads as 0), and every option or shape TFLite Micro fails the node on is refused here."""

from __future__ import annotations

import math

import numpy as np
from flatbuffers import flexbuffers

from ....model import CUSTOM_CODE
from ...spec import CExpr, KernelSpec, NodeParams
from ..common._common import nested
from ..common._scratch import scratch_size

NAME = "TFLite_Detection_PostProcess"
INTS = ("max_detections", "max_classes_per_detection", "detections_per_class", "num_classes")
FLOATS = ("nms_score_threshold", "nms_iou_threshold", "y_scale", "x_scale", "h_scale", "w_scale")


def _number(options: dict, key: str, default=0):
    value = options.get(key, default)
    if not isinstance(value, (bool, int, float)):
        raise ValueError(f"option {key} is {value!r}, not a number")
    return int(value) if isinstance(value, bool) else value


def read_options(op) -> dict:
    """The options as TFLite Micro's Init reads them (AsInt32 truncates, AsFloat rounds to float32)."""
    options = flexbuffers.Loads(op.custom_options) if op.custom_options else {}
    if not isinstance(options, dict):
        raise ValueError("its custom options are not a FlexBuffers map")
    values = {key: math.trunc(_number(options, key)) for key in INTS}
    values["detections_per_class"] = math.trunc(_number(options, "detections_per_class", 100))
    values.update({key: float(np.float32(_number(options, key))) for key in FLOATS})
    values["use_regular_nms"] = int(_number(options, "use_regular_nms") != 0)
    return values


def _capacity(outputs) -> int | None:
    """Entries the outputs hold (boxes 4 each), or None when they disagree."""
    boxes, classes, scores, count = (t.num_elements for t in outputs)
    return classes if boxes == 4 * classes and scores == classes and count == 1 else None


def _shape_problem(inputs, outputs, o) -> str | None:
    if len(inputs) != 3 or any(t is None for t in inputs) or len(outputs) != 4:
        return "needs 3 inputs (box encodings, class predictions, anchors) and 4 outputs"
    encodings, predictions, anchors = inputs
    for role, t in (("box encodings", encodings), ("class predictions", predictions), ("anchors", anchors)):
        if t.dtype.name != "FLOAT32":
            return f"{role} are {t.dtype.name}: TFLite Micro's kernel computes float32 only (it fails on others)"
    if [t.dtype.name for t in outputs] != ["FLOAT32"] * 4:
        return "the four outputs must be float32"
    if len(encodings.shape) != 3 or encodings.shape[0] != 1 or encodings.shape[2] < 4:
        return f"box encodings must be [1, boxes, >=4], not {list(encodings.shape)}"
    boxes = encodings.shape[1]
    if len(predictions.shape) != 3 or predictions.shape[0] != 1 or predictions.shape[1] != boxes:
        return f"class predictions must be [1, {boxes}, classes], not {list(predictions.shape)}"
    if list(anchors.shape) != [boxes, 4]:
        return f"anchors must be [{boxes}, 4] (y, x, h, w per box), not {list(anchors.shape)}"
    if not 0 <= predictions.shape[2] - o["num_classes"] <= 1:
        columns = predictions.shape[2]
        return f"num_classes {o['num_classes']} needs that many prediction columns or one more, not {columns}"
    capacity = _capacity(outputs)
    if capacity is None or capacity < o["max_detections"]:
        return (
            f"the outputs must hold max_detections ({o['max_detections']}) detections: "
            "boxes [..., 4], classes and scores of one size, and one count"
        )
    return None


def _option_problem(o) -> str | None:
    if o["num_classes"] < 1:
        return f"num_classes is {o['num_classes']}; it must be at least 1"
    if o["max_detections"] < 0:
        return f"max_detections is {o['max_detections']}; it must not be negative"
    if not 0.0 < o["nms_iou_threshold"] <= 1.0:
        return f"nms_iou_threshold is {o['nms_iou_threshold']}; it must be in (0, 1]"
    if o["use_regular_nms"] and o["detections_per_class"] <= 0:
        return f"detections_per_class is {o['detections_per_class']}; regular NMS needs at least 1"
    if not o["use_regular_nms"] and o["max_classes_per_detection"] <= 0:
        return f"max_classes_per_detection is {o['max_classes_per_detection']}; fast NMS needs at least 1"
    if not o["use_regular_nms"] and min(o["max_classes_per_detection"], o["num_classes"]) > 1:
        return (
            "fast NMS with max_classes_per_detection above 1: TFLite Micro's kernel writes those detections at "
            "offsets beyond its outputs, so there is no reference to match"
        )
    return None


def validate(op, inputs, outputs):
    try:
        o = read_options(op)
    except ValueError as exc:
        return f"{NAME}: {exc}"
    problem = _option_problem(o) or _shape_problem(inputs, outputs, o)
    return f"{NAME}: {problem}" if problem else None


def params(op, inputs, outputs):
    o = read_options(op)
    encodings, predictions, _ = inputs
    return NodeParams(
        "mg_detection_postprocess_params",
        {
            **nested(
                "options",
                {"data": CExpr(f"mg_model_data + {op.custom_options_offset}"), "size": len(op.custom_options)},
            ),
            "num_boxes": encodings.shape[1],
            "box_stride": encodings.shape[2],
            "num_classes": o["num_classes"],
            "label_offset": predictions.shape[2] - o["num_classes"],
            "max_detections": o["max_detections"],
            "detections_per_class": o["detections_per_class"],
            "use_regular_nms": o["use_regular_nms"],
            "output_capacity": _capacity(outputs),
            "score_threshold": o["nms_score_threshold"],
            "iou_threshold": o["nms_iou_threshold"],
            "y_scale": o["y_scale"],
            "x_scale": o["x_scale"],
            "h_scale": o["h_scale"],
            "w_scale": o["w_scale"],
        },
    )


def scratch_bytes(op, inputs, outputs) -> int:
    o = read_options(op)
    return scratch_size(
        "mg_detection_postprocess_f32_scratch_size",
        inputs[0].shape[1],
        o["max_detections"],
        o["detections_per_class"],
        o["use_regular_nms"],
    )


SPEC = KernelSpec(
    op=NAME,
    builtin_code=CUSTOM_CODE,
    versions=(1, 1),
    dtypes=("FLOAT32",),
    sources=("detection_postprocess.h", "detection_postprocess.c", "detection_postprocess_f32.c"),
    registration="mg_register_detection_postprocess",
    validate=validate,
    params=params,
    scratch_bytes=scratch_bytes,
)
