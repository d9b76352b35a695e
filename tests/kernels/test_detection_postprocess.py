"""TFLite_Detection_PostProcess: 24 random nodes (fast and regular NMS, with and without a background column,
encodings wider than 4, outputs larger than max_detections, several score and IoU thresholds and class counts,
scores drawn from a few levels so equal scores test the tie order) in one model against TFLite Micro on the host
build (entries TFLite Micro leaves unwritten the reference reports as zeros: generator/reference/unwritten.py);
each option and shape TFLite Micro fails the node on is refused at generation; prepare refuses one byte less
scratch than planned; one fast and one regular node in QEMU on an M4; the converter-made SSD heads (fixtures, fast
and regular) on the host build and in QEMU on an ARMv8-M board."""

from pathlib import Path

import numpy as np
import pytest
from flatbuffers import flexbuffers
from op_cases import Batch

from generator.boards import load_board
from generator.check import CheckError, check
from generator.emit import emit
from generator.errors import McugenError
from generator.model import read_model
from generator.plan import plan
from generator.run import build_host, run_host
from kernel_harness import verify_model

NAME = "TFLite_Detection_PostProcess"


def anchors(rng, boxes):
    """(y, x, h, w) per box: centers in the unit square, sizes that overlap often."""
    return np.concatenate([rng.uniform(0, 1, (boxes, 2)), rng.uniform(0.1, 0.6, (boxes, 2))], axis=1)


def scores(levels):
    """Class scores in [0, 1); with `levels`, only that many distinct values (many equal scores)."""

    def draw(rng, shape):
        if levels:
            return (rng.integers(0, levels, shape) / levels).astype(np.float32)
        return rng.uniform(0, 1, shape).astype(np.float32)

    return draw


def encodings(rng, shape):
    return rng.normal(0, 1, shape).astype(np.float32)


def detection_node(b, boxes, classes, background, options, stride=4, capacity=None, levels=0):
    """One node; `options` go to the FlexBuffers map as they are (absent keys take TFLite Micro's defaults)."""
    box = b.input([1, boxes, stride], "float32", values=encodings)
    cls = b.input([1, boxes, classes + background], "float32", values=scores(levels))
    anchor = b.constant(anchors(b.rng, boxes).astype(np.float32), "float32")
    n = capacity if capacity is not None else options.get("max_detections", 0)
    outs = [b.output([1, n, 4], "float32"), b.output([1, n], "float32"), b.output([1, n], "float32")]
    outs.append(b.output([1], "float32"))
    index = b.g.op("CUSTOM", [box, cls, anchor], outs, custom_code=NAME)
    b.g.graph.operators[index].customOptions = list(flexbuffers.Dumps(options))


def random_options(rng, classes, regular):
    options = {
        "max_detections": int(rng.integers(1, 9)),
        "max_classes_per_detection": 1,
        "num_classes": classes,
        "nms_score_threshold": float(rng.choice([0.0, 0.2, 0.5, 0.8])),
        "nms_iou_threshold": float(rng.choice([0.1, 0.3, 0.5, 0.7, 1.0])),
        "y_scale": 10.0,
        "x_scale": 10.0,
        "h_scale": float(rng.choice([1.0, 5.0])),
        "w_scale": float(rng.choice([1.0, 5.0])),
        "use_regular_nms": regular,
    }
    if regular and rng.integers(0, 3):  # otherwise TFLite Micro's default, 100
        options["detections_per_class"] = int(rng.integers(1, 6))
    return options


def test_random():
    b = Batch(3)
    for case in range(24):
        regular = case % 2 == 1
        boxes, classes = int(b.rng.integers(1, 40)), int(b.rng.integers(1, 7))
        options = random_options(b.rng, classes, regular)
        detection_node(
            b,
            boxes,
            classes,
            int(b.rng.integers(0, 2)),
            options,
            stride=int(b.rng.choice([4, 4, 6])),
            capacity=options["max_detections"] + int(b.rng.choice([0, 0, 2])),  # outputs may hold more
            levels=int(b.rng.choice([0, 4, 8])),
        )
    verify_model(b.build(), sets=b.sets(3))


GOOD = {"max_detections": 3, "max_classes_per_detection": 1, "num_classes": 2, "nms_iou_threshold": 0.5}


@pytest.mark.parametrize(
    ("change", "background", "message"),
    [
        ({"nms_iou_threshold": 0.0}, 1, r"nms_iou_threshold is 0.0; it must be in \(0, 1\]"),
        ({"nms_iou_threshold": 1.5}, 1, r"nms_iou_threshold is 1.5"),
        ({"max_detections": -1}, 1, r"max_detections is -1"),
        ({"max_classes_per_detection": 0}, 1, r"max_classes_per_detection is 0; fast NMS needs at least 1"),
        ({"max_classes_per_detection": 2}, 1, r"fast NMS with max_classes_per_detection above 1"),
        ({"use_regular_nms": True, "detections_per_class": 0}, 1, r"detections_per_class is 0"),
        ({"num_classes": 0}, 1, r"num_classes is 0"),
        ({"num_classes": 1}, 1, r"num_classes 1 needs that many prediction columns or one more, not 3"),
        ({"num_classes": 4}, 1, r"num_classes 4 needs that many prediction columns or one more, not 3"),
        ({"y_scale": "ten"}, 1, r"option y_scale is 'ten', not a number"),
    ],
)
def test_rejects_options(change, background, message):
    b = Batch(0)
    detection_node(b, 5, 2, background, {**GOOD, **change}, capacity=3)
    with pytest.raises(CheckError, match=rf"{NAME}: {message}"):
        check(read_model(b.build()))


@pytest.mark.parametrize("regular", [False, True])
def test_prepare_refuses_one_byte_less_scratch(regular, tmp_path):
    """The planner's scratch (the C *_scratch_size) is what prepare demands: one byte less fails the node."""
    b = Batch(1)
    detection_node(b, 12, 2, 1, {**GOOD, "use_regular_nms": regular, "detections_per_class": 2}, capacity=3)
    the_plan = plan(check(read_model(b.build())))
    scratch = the_plan.nodes[0].scratch_bytes
    project = emit(the_plan, load_board("mps2-an386"), tmp_path / "p", "case.tflite")
    arena = project.path / "src" / "arena_plan.c"
    sizes = "static const uint32_t scratch_sizes[1] = {\n"
    assert f"{sizes}    {scratch}u," in arena.read_text()
    arena.write_text(arena.read_text().replace(f"{sizes}    {scratch}u,", f"{sizes}    {scratch - 1}u,"))
    with pytest.raises(McugenError, match="less scratch than it needs"):
        run_host(build_host(project.path), project.inputs, project.outputs, b.sets(1))


def test_rejects_quantized_inputs_and_small_outputs():
    b = Batch(0)
    box = b.input([1, 5, 4], "uint8", (0.1, 128))
    cls = b.input([1, 5, 3], "uint8", (1 / 256, 0))
    anchor = b.constant(anchors(b.rng, 5).astype(np.float32), "float32")
    outs = [b.output(s, "float32") for s in ([1, 3, 4], [1, 3], [1, 3], [1])]
    b.g.op("CUSTOM", [box, cls, anchor], outs, custom_code=NAME)
    b.g.graph.operators[0].customOptions = list(flexbuffers.Dumps(GOOD))
    with pytest.raises(CheckError, match="box encodings are UINT8: TFLite Micro's kernel computes float32 only"):
        check(read_model(b.build()))
    b = Batch(0)
    detection_node(b, 5, 2, 1, GOOD, capacity=2)
    with pytest.raises(CheckError, match=r"the outputs must hold max_detections \(3\) detections"):
        check(read_model(b.build()))


@pytest.mark.qemu
def test_in_qemu():
    """Cortex-M4; the ARMv8-M board (Cortex-M33) runs the converter heads below, both NMS modes too."""
    b = Batch(5)
    detection_node(b, 24, 3, 1, random_options(b.rng, 3, False), levels=4)
    detection_node(b, 24, 3, 0, {**random_options(b.rng, 3, True), "detections_per_class": 3})
    verify_model(b.build(), sets=b.sets(2), qemu=True)


CONVERTER_HEADS = ["ssd_head_float", "ssd_head_regular_float"]  # scripts/make_fixtures.py


def converter_head(name) -> bytes:
    return (Path(__file__).resolve().parent.parent / "fixtures" / f"{name}.tflite").read_bytes()


@pytest.mark.parametrize("name", CONVERTER_HEADS)
def test_converter_head_on_host(name):
    """TensorFlow's converter made the node (options as it writes them); 5 sets detect 3 to 8 boxes."""
    verify_model(converter_head(name), count=5)


@pytest.mark.qemu
def test_converter_heads_in_qemu():
    for name in CONVERTER_HEADS:
        verify_model(converter_head(name), count=5, qemu=True, board="mps2-an505")
