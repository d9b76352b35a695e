"""The signal library's ops that carry samples across invokes (SignalDelay, SignalOverlapAdd int16 and float32):
random shapes and options, many nodes in one model, against TFLite Micro on the host build and once in QEMU.
The sets run as one stream (the model is stateful), so each set's output depends on the ones before; a firmware
that lost or reset the state between invokes, or ran a set twice, would differ from the second set on."""

from pathlib import Path

import numpy as np
import pytest
from op_cases import Batch

from cases.signal_ops import custom, int16_values
from generator.catalog.custom import load_custom_ops
from generator.check import CheckError, check
from generator.model import read_model
from generator.reference import reference_outputs
from kernel_harness import verify_model


def delay_node(b: Batch):
    rows, n = int(b.rng.integers(1, 4)), int(b.rng.integers(1, 24))
    shape = [rows, n] if rows > 1 or b.rng.integers(0, 2) else [n]
    delay = int(b.rng.choice([0, int(b.rng.integers(1, n + 1)), int(b.rng.integers(n, 3 * n + 2))]))
    custom(
        b,
        "SignalDelay",
        [b.input(shape, "int16", values=int16_values)],
        [b.output(shape, "int16")],
        {"delay_length": delay},
    )


def float_values(rng, shape):
    return rng.uniform(-100, 100, size=shape).astype(np.float32)


def overlap_add_node(b: Batch, dtype: str):
    rows, frames, size = int(b.rng.integers(1, 3)), int(b.rng.integers(1, 4)), int(b.rng.integers(1, 20))
    step = int(b.rng.integers(1, size + 1))
    values = int16_values if dtype == "int16" else float_values
    x = b.input([rows, frames, size], dtype, values=values)
    options = {"T": 7 if dtype == "int16" else 0, "frame_step": step}
    custom(b, "SignalOverlapAdd", [x], [b.output([rows, frames * step], dtype)], options)


def framer_node(b: Batch):
    rows, step = int(b.rng.integers(1, 3)), int(b.rng.integers(1, 9))
    size = int(b.rng.choice([step, int(b.rng.integers(step, 4 * step + 3)), int(b.rng.integers(1, step + 1))]))
    frames = int(b.rng.integers(1, 4))
    options = {"frame_size": size, "frame_step": step, "prefill": bool(size >= step and b.rng.integers(0, 2))}
    x = b.input([rows, frames * step], "int16", values=int16_values)
    custom(b, "SignalFramer", [x], [b.output([rows, frames, size], "int16"), b.output([], "bool")], options)


def stacker_node(b: Batch):
    channels, left, right = int(b.rng.integers(1, 8)), int(b.rng.integers(0, 3)), int(b.rng.integers(0, 3))
    step = int(b.rng.integers(1, left + right + 2))
    options = {
        "num_channels": channels,
        "stacker_left_context": left,
        "stacker_right_context": right,
        "stacker_step": step,
    }
    x = b.input([channels], "int16", values=int16_values)
    stacked = channels * (left + right + 1)
    custom(b, "SignalStacker", [x], [b.output([stacked], "int16"), b.output([], "bool")], options)


def stream_batch(seed: int) -> Batch:
    """Frames that are not complete yet (a framer without prefill, a stacker's right context and step) are
    written as zeros, and the reference reports zeros there (generator/reference/unwritten.py)."""
    b = Batch(seed)
    for _ in range(8):
        delay_node(b)
        overlap_add_node(b, "int16")
        overlap_add_node(b, "float32")
        framer_node(b)
        stacker_node(b)
    return b


def test_delay_and_overlap_add():
    b = stream_batch(4)
    verify_model(b.build(), sets=b.sets(6))


@pytest.mark.qemu
def test_delay_and_overlap_add_in_qemu():
    b = stream_batch(5)
    verify_model(b.build(), sets=b.sets(4), qemu=True)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"T": 7, "frame_step": 0}, r"frame_step is 0; it must be in \[1, 4\]"),
        ({"T": 7, "frame_step": 5}, r"frame_step is 5; it must be in \[1, 4\]"),
        ({"T": 2, "frame_step": 2}, r"T is TensorType 2"),
    ],
)
def test_overlap_add_refuses(options, message):
    b = Batch(0)
    custom(b, "SignalOverlapAdd", [b.input([1, 2, 4], "int16")], [b.output([1, 4], "int16")], options)
    with pytest.raises(CheckError, match=message):
        check(read_model(b.build()))


@pytest.mark.parametrize(
    ("name", "options", "outputs", "message"),
    [
        ("SignalFramer", {"frame_size": 2, "frame_step": 4, "prefill": True}, ([1, 2, 2], []), "prefill needs"),
        ("SignalFramer", {"frame_size": 4, "frame_step": 3, "prefill": False}, ([1, 2, 4], []), "whole steps of 3"),
        (
            "SignalStacker",
            {"num_channels": 8, "stacker_left_context": 1, "stacker_right_context": 0, "stacker_step": 3},
            ([16], []),
            r"stacker_step is 3; it must be in \[1, 2\]",
        ),
    ],
)
def test_framer_and_stacker_refuse(name, options, outputs, message):
    b = Batch(0)
    frames, valid = outputs
    custom(b, name, [b.input([8], "int16")], [b.output(frames, "int16"), b.output(valid, "bool")], options)
    with pytest.raises(CheckError, match=message):
        check(read_model(b.build()))


def test_reference_keeps_signal_ops_on_tflite_micro_beside_user_custom_ops():
    """With --custom-ops the reference cuts the graph around the user's ops (generator/reference/segments.py);
    the signal ops, which TFLite Micro registers itself, stay in its segments, their state carried set to set."""
    impls, _ = load_custom_ops(Path(__file__).resolve().parent.parent / "custom_ops")
    alone, beside = Batch(6), Batch(6)
    for b in (alone, beside):
        delay_node(b)
    sets = alone.sets(3)
    custom(beside, "MySoftmax", [beside.input([1, 8], "int8")], [beside.output([1, 8], "int8")], {"shift": 1})
    mixed_sets = [[*s, np.arange(8, dtype=np.int8).reshape(1, 8)] for s in sets]
    expected = reference_outputs(alone.build(), sets, 1)
    mixed = reference_outputs(beside.build(), mixed_sets, 2, custom_ops=impls)
    for want, got in zip(expected, mixed):
        np.testing.assert_array_equal(want[0], got[0])


def test_plan_counts_kernel_states_in_the_persistent_region(tmp_path, capsys):
    """`mcugen plan` says what the persistent region holds: here no resource variable, one state per delay node."""
    from generator.cli import main

    b = Batch(7)
    for _ in range(3):
        custom(
            b,
            "SignalDelay",
            [b.input([8], "int16", values=int16_values)],
            [b.output([8], "int16")],
            {"delay_length": 3},
        )
    model = tmp_path / "delays.tflite"
    model.write_bytes(b.build())
    assert main(["plan", str(model)]) == 0
    assert "(0 resource variable(s), 3 kernel state(s); kept across invokes" in capsys.readouterr().out
