"""CIRCULAR_BUFFER (TFLite Micro's custom op for older streaming keyword models): a streaming convolution built the
way those models are (buffer -> depthwise conv over the buffered rows -> a second buffer), against TFLite Micro on
the host build and in QEMU. Its steps run as one stream: the first buffer ends every invoke but each cycles_max-th
early (no outputs, zeros on both sides), so a firmware that ran the nodes after it anyway, reset a buffer or lost
its count would differ on the following full steps."""

import numpy as np
import pytest
from flatbuffers import flexbuffers

from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_model
from modelkit import GraphBuilder

SCALE, ZERO_POINT = 0.05, 3


def buffer(g: GraphBuilder, x: int, shape, options: dict | None, variable=True) -> int:
    y = g.tensor(shape, "int8", SCALE, ZERO_POINT)
    g.graph.tensors[y].isVariable = variable
    index = g.op("CUSTOM", [x], [y], custom_code="CIRCULAR_BUFFER")
    if options is not None:
        g.graph.operators[index].customOptions = list(flexbuffers.Dumps(options))
    return y


def streaming_conv(seed: int, first: dict | None, slots: int, batch: int = 1, height: int = 1) -> bytes:
    """x [b, 1, h, d] -> buffer of `slots` rows -> depthwise conv over them ([b, 1, h, d]) -> buffer of 4 rows
    (cycles_max 1). Outputs: both buffers and the conv's result."""
    rng = np.random.default_rng(seed)
    depth = int(rng.integers(1, 9))
    g = GraphBuilder()
    x = g.tensor([batch, 1, height, depth], "int8", SCALE, ZERO_POINT)
    rows = buffer(g, x, [batch, slots, height, depth], first)
    scales = rng.uniform(0.002, 0.02, size=depth)
    weights = g.tensor(
        [1, slots, 1, depth], "int8", scales, [0] * depth, rng.integers(-127, 128, size=(1, slots, 1, depth)), axis=3
    )
    bias = g.tensor([depth], "int32", scales * SCALE, [0] * depth, rng.integers(-500, 500, size=depth))
    conv = g.tensor([batch, 1, height, depth], "int8", 0.1, -2)
    g.op("DEPTHWISE_CONV_2D", [rows, weights, bias], [conv], padding=1, strideW=1, strideH=1, depthMultiplier=1)
    last = buffer(g, conv, [batch, 4, height, depth], {"cycles_max": 1})
    return g.build([x], [rows, conv, last])


def steps(model: bytes, count: int, seed: int) -> list:
    shape = read_model(model).tensors[0].shape
    rng = np.random.default_rng(seed)
    return [[rng.integers(-128, 128, size=shape, dtype=np.int8)] for _ in range(count)]


CASES = {
    "every second invoke": ({"cycles_max": 2}, 3, 1, 1),
    "every third invoke, batch 2, 2 rows": ({"cycles_max": 3}, 2, 2, 2),
    "every invoke": ({"cycles_max": 1}, 1, 1, 3),
    "no options, 5 slots: every invoke": (None, 5, 1, 1),
    "no options, 3 slots: every second invoke": (None, 3, 1, 1),
}


@pytest.mark.parametrize("name", list(CASES))
def test_streaming_convolution(name):
    first, slots, batch, height = CASES[name]
    model = streaming_conv(len(name), first, slots, batch, height)
    verify_model(model, sets=steps(model, 10, len(name)))


@pytest.mark.qemu
@pytest.mark.parametrize("backends", [["reference"], ["dsp", "reference"]], ids=str)
def test_streaming_convolution_in_qemu(backends):
    model = streaming_conv(7, {"cycles_max": 3}, 3, 1, 2)
    verify_model(model, sets=steps(model, 10, 7), qemu=True, backends=backends)


def refused(model: bytes) -> str:
    with pytest.raises(CheckError) as caught:
        check(read_model(model))
    return str(caught.value)


def test_refusals():
    g = GraphBuilder()
    x = g.tensor([1, 1, 1, 4], "int8", SCALE, ZERO_POINT)
    y = buffer(g, x, [1, 3, 1, 4], {"cycles_max": 2}, variable=False)
    assert "the output must be a variable tensor" in refused(g.build([x], [y]))
    g = GraphBuilder()
    x = g.tensor([1, 1, 2, 96], "int8", SCALE, ZERO_POINT)
    y = buffer(g, x, [1, 3, 2, 96], None)
    assert "give cycles_max in the custom options" in refused(g.build([x], [y]))
    g = GraphBuilder()
    x = g.tensor([1, 2, 1, 4], "int8", SCALE, ZERO_POINT)
    y = buffer(g, x, [1, 3, 1, 4], {"cycles_max": 2})
    assert "does not fit output" in refused(g.build([x], [y]))
    g = GraphBuilder()
    x = g.tensor([1, 1, 1, 4], "int8", SCALE, ZERO_POINT)
    y = buffer(g, x, [1, 3, 1, 4], {"period": 2})
    assert "options must be exactly ['cycles_max']" in refused(g.build([x], [y]))
    g = GraphBuilder()  # a buffer in a subgraph that CALL_ONCE runs: its early end would be that subgraph's
    x = g.tensor([1, 1, 1, 4], "int8", SCALE, ZERO_POINT)
    y = g.tensor([1, 1, 1, 4], "int8", SCALE, ZERO_POINT)
    g.op("CALL_ONCE", [], [], initSubgraphIndex=1)
    g.op("ABS", [x], [y])
    g.next_subgraph([x], [y])
    inner = g.tensor([1, 1, 1, 4], "int8", SCALE, ZERO_POINT)
    kept = buffer(g, inner, [1, 3, 1, 4], {"cycles_max": 2})
    assert "supports in the primary subgraph only" in refused(g.build([inner], [kept]))


LIBRARY_MAIN = r"""
#include <stdint.h>
#include "console.h"
#include "cb.h"

/* Ten steps of one stream through the library: each invoke's status, then the outputs of a complete one. */
int main(void)
{
    console_init();
    if (cb_init() != MCUGEN_OK) return 1;
    for (int step = 0; step < 10; ++step) {
        const mcugen_tensor *input = cb_input(0);
        uint8_t *bytes = input->data;
        for (size_t i = 0; i < input->bytes; ++i) bytes[i] = (uint8_t)(i * 7u + (unsigned)step * 13u);
        int status = cb_invoke();
        console_write_int(status);
        for (int k = 0; status == MCUGEN_OK && k < 3; ++k) {
            console_write(" ");
            console_write_hex(cb_output(k)->data, cb_output(k)->bytes);
        }
        console_write("\n");
    }
    console_write("done\n");
    return 0;
}
"""


@pytest.mark.qemu
def test_library_reports_an_invoke_that_ended_early(tmp_path):
    """The library's invoke returns MCUGEN_NO_OUTPUT (9) where TFLite Micro's returns kTfLiteAbort, and the
    outputs of the others equal TFLite Micro's."""
    from tflite_micro.python.tflite_micro import runtime

    from generator.bench.library_app import build_app, run_in_qemu
    from generator.boards import load_board
    from generator.pipeline import Options, generate

    model = streaming_conv(11, {"cycles_max": 3}, 3, 1, 2)
    (tmp_path / "cb.tflite").write_bytes(model)
    generate([tmp_path / "cb.tflite"], Options(load_board("mps2-an386")), tmp_path / "cb", ["cb"], library=True)
    lines = run_in_qemu(build_app(tmp_path, tmp_path / "cb", "cb", LIBRARY_MAIN))
    assert lines[-1] == "done", lines[-5:]
    reference = runtime.Interpreter.from_bytes(model, arena_size=1 << 20)
    shape = read_model(model).tensors[0].shape
    for step, line in enumerate(lines[:10]):
        values = ((np.arange(np.prod(shape)) * 7 + step * 13) % 256).astype(np.uint8).view(np.int8)
        reference.set_input(values.reshape(shape), 0)
        aborted = reference.invoke() == 15
        outputs = [np.asarray(reference.get_output(k)).tobytes().hex() for k in range(3)]
        assert line == ("9" if aborted else " ".join(["0", *outputs])), (step, line)


def test_reference_ends_early_beside_user_custom_ops():
    """With --custom-ops the reference cuts the graph into segments (generator/reference/segments.py): a buffer
    that ends the invoke in its segment stops the nodes of the later ones too, the user's Python op included,
    and the step's outputs are zeros; the complete steps equal the reference of the buffer's model alone."""
    from pathlib import Path

    from generator.catalog.custom import load_custom_ops
    from generator.reference import reference_outputs
    from modelkit import pack, unpack

    impls, _ = load_custom_ops(Path(__file__).resolve().parent.parent / "custom_ops")
    alone = streaming_conv(12, {"cycles_max": 2}, 3)
    m = unpack(alone)
    g = GraphBuilder()
    g.model, g.graph = m, m.subgraphs[0]
    x, y = g.tensor([1, 8], "int8"), g.tensor([1, 8], "int8")
    index = g.op("CUSTOM", [x], [y], custom_code="MySoftmax")
    g.graph.operators[index].customOptions = list(flexbuffers.Dumps({"shift": 1}))
    g.graph.inputs, g.graph.outputs = [*g.graph.inputs, x], [*g.graph.outputs, y]
    beside = pack(m)
    sets = steps(alone, 6, 12)
    mixed_sets = [[*s, np.arange(8, dtype=np.int8).reshape(1, 8)] for s in sets]
    expected = reference_outputs(alone, sets, 3)
    mixed = reference_outputs(beside, mixed_sets, 4, custom_ops=impls)
    for step, (want, got) in enumerate(zip(expected, mixed)):
        for k in range(3):
            np.testing.assert_array_equal(want[k], got[k])
        assert np.any(got[3]) == (step % 2 == 1)  # the softmax ran on the complete steps only
