"""The library's whole C API from an application of our own (not the harness), built against the CMake target and
run in QEMU: the model-info record, tensor names, the static instance, init with the caller's arena (and a buffer
one byte too small), two instances of one model invoked interleaved, the typed helpers' refusals, argmax/top-k
and the per-op profiler. Every output is compared bit for bit with tflite-micro."""

import hashlib
import re

import numpy as np
import pytest

from conftest import MLP_INT8
from generator.bench.library_app import build_app, run_in_qemu
from generator.boards import load_board
from generator.model.reader import read_model
from generator.pipeline import Options, generate

pytestmark = pytest.mark.qemu
# the tests of the one application run (the `run` fixture) go to one worker, so it is built and run once
ONE_RUN = pytest.mark.xdist_group("library-api-run")

API_MAIN = r"""
#include <string.h>

#include "console.h"
#include "kws.h"

static uint8_t buffer_a[KWS_ARENA_BUFFER_BYTES], buffer_b[KWS_ARENA_BUFFER_BYTES], buffer_c[KWS_ARENA_BUFFER_BYTES];
static kws_context a, b;
static uint32_t ticks;

static void line(const char *tag, int value)
{
    console_write(tag);
    console_write(" ");
    console_write_int(value);
    console_write("\n");
}

/* Input element i of input set `set`: the test computes the same bytes. */
static void fill(const mcugen_tensor *input, int set)
{
    for (size_t i = 0; i < input->bytes; ++i) {
        ((uint8_t *)input->data)[i] = (uint8_t)(i * 7u + (unsigned)set * 13u);
    }
}

static void show(const char *tag, int set, const mcugen_tensor *output)
{
    console_write(tag);
    console_write(" ");
    console_write_int(set);
    console_write(" ");
    console_write_hex(output->data, output->bytes);
    console_write("\n");
}

static uint32_t count_clock(void) { return ticks += 5u; }

static void on_op(void *user, int32_t node, const char *op_name, uint32_t node_ticks)
{
    console_write((const char *)user);
    console_write(" ");
    console_write_int(node);
    console_write(" ");
    console_write(op_name);
    console_write(" ");
    console_write_int((int)node_ticks);
    console_write("\n");
}

int main(void)
{
    console_init();
    const mcugen_model_info *info = kws_info();
    console_write("info ");
    console_write(info->name);
    console_write(" ");
    console_write(info->model_file);
    console_write(" ");
    console_write(info->model_sha256);
    console_write(" ");
    console_write(info->mcugen_version);
    console_write(" ");
    console_write(info->ops);
    console_write("\n");
    line("arena", (int)info->arena_bytes);
    line("buffer", (int)info->arena_buffer_bytes);
    line("persistent", (int)info->persistent_bytes);
    line("flash", (int)info->model_flash_bytes);
    line("macs", (int)info->macs);
    line("nodes", info->num_nodes);
    console_write("names ");
    console_write(kws_input(0)->name);
    console_write(" ");
    console_write(kws_output(0)->name);
    console_write("\n");

    line("invoke before init", kws_invoke());
    if (kws_init() != MCUGEN_OK) return 1;
    fill(kws_input(0), 1);
    if (kws_invoke() != MCUGEN_OK) return 1;
    show("static", 1, kws_output(0));
    int32_t top[3];
    size_t found = mcugen_top_k(kws_output(0), 3, top);
    console_write("top ");
    for (size_t i = 0; i < found; ++i) {
        console_write_int(top[i]);
        console_write(" ");
    }
    console_write_int(mcugen_argmax(kws_output(0)));
    console_write("\n");

    line("too small", kws_init_with_arena(buffer_c, KWS_ARENA_BUFFER_BYTES - 1));
    console_write("error ");
    console_write(kws_error());
    console_write("\n");
    line("null buffer", kws_init_with_arena(0, KWS_ARENA_BUFFER_BYTES));
    /* an odd address: the library aligns inside the buffer */
    static uint8_t odd[KWS_ARENA_BUFFER_BYTES + 1];
    if (kws_init_with_arena(odd + 1, KWS_ARENA_BUFFER_BYTES) != MCUGEN_OK) return 1;
    fill(kws_input(0), 2);
    if (kws_invoke() != MCUGEN_OK) return 1;
    show("own", 2, kws_output(0));
    line("in buffer", (uint8_t *)kws_output(0)->data > odd && (uint8_t *)kws_output(0)->data < odd + sizeof odd);

    line("context too small", kws_context_init(&a, buffer_a, 16));
    console_write("context error ");
    console_write(kws_context_error(&a));
    console_write("\n");
    if (kws_context_init(&a, buffer_a, sizeof buffer_a) != MCUGEN_OK) return 1;
    if (kws_context_init(&b, buffer_b, sizeof buffer_b) != MCUGEN_OK) return 1;
    for (int round = 0; round < 2; ++round) { /* a's output must survive b's invoke, and the reverse */
        fill(kws_context_input(&a, 0), 3 + round);
        fill(kws_context_input(&b, 0), 5 + round);
        if (kws_context_invoke(&a) != MCUGEN_OK || kws_context_invoke(&b) != MCUGEN_OK) return 1;
        show("a", 3 + round, kws_context_output(&a, 0));
        show("b", 5 + round, kws_context_output(&b, 0));
    }
    fill(kws_input(0), 7); /* the static instance, still over `odd`, is a third instance */
    if (kws_invoke() != MCUGEN_OK) return 1;
    show("own", 7, kws_output(0));

    const mcugen_tensor *in = kws_input(0);
    int32_t words[2] = {0, 0};
    uint8_t flags[2] = {0, 0};
    float reals[2] = {0, 0};
    mcugen_tensor int32_tensor = {words, sizeof words, 0, 0, MCUGEN_INT32, 0.0f, 0, ""};
    mcugen_tensor bool_tensor = {flags, sizeof flags, 0, 0, MCUGEN_BOOL, 0.0f, 0, ""};
    mcugen_tensor float_tensor = {reals, sizeof reals, 0, 0, MCUGEN_FLOAT32, 0.0f, 0, ""};
    int32_t q = 99;
    line("set int32", mcugen_set_float(&int32_tensor, 0, 2.0f));
    line("set bool", mcugen_set_float(&bool_tensor, 0, 1.0f));
    line("set range", mcugen_set_float(in, in->bytes, 1.0f));
    line("set float", mcugen_set_float(&float_tensor, 1, 2.5f));
    line("set int8", mcugen_set_float(in, 0, 0.5f));
    line("quantize float", mcugen_quantize(&float_tensor, 2.5f));
    line("to quantized float", mcugen_to_quantized(&float_tensor, 2.5f, &q));
    line("q untouched", q);
    line("to quantized int8", mcugen_to_quantized(in, 0.5f, &q));
    line("q", q);
    line("stored", ((int8_t *)in->data)[0]);
    float value = 0.0f;
    line("read range", mcugen_read_float(in, in->bytes, &value));
    line("read float", mcugen_read_float(&float_tensor, 1, &value));
    line("read value x2", (int)(value * 2.0f));
    line("argmax empty", mcugen_argmax(&(mcugen_tensor){reals, 0, 0, 0, MCUGEN_FLOAT32, 0.0f, 0, ""}));

    kws_set_profiler(count_clock, on_op, "op");
    fill(kws_input(0), 8);
    if (kws_invoke() != MCUGEN_OK) return 1;
    kws_set_profiler(0, 0, 0);
    if (kws_invoke() != MCUGEN_OK) return 1;
    line("status text", (int)strlen(mcugen_status_text(MCUGEN_ERROR_ARENA_TOO_SMALL)));
    console_write("done\n");
    return 0;
}
"""


def reference(set_number: int) -> str:
    from tflite_micro.python.tflite_micro import runtime

    ref = runtime.Interpreter.from_file(str(MLP_INT8), arena_size=1 << 16)
    spec = ref.get_input_details(0)
    size = int(np.prod(spec["shape"]))
    values = ((np.arange(size) * 7 + set_number * 13) & 0xFF).astype(np.uint8).view(np.int8)
    ref.set_input(values.reshape(spec["shape"]), 0)
    ref.invoke()
    return ref.get_output(0).tobytes().hex()


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("api")
    generate([MLP_INT8], Options(load_board("mps2-an386")), tmp / "kws", ["kws"], library=True)
    lines = run_in_qemu(build_app(tmp, tmp / "kws", "kws", API_MAIN))
    assert lines[-1] == "done", lines[-5:]
    return tmp / "kws", {line.split(" ", 1)[0]: line for line in lines}, lines


@ONE_RUN
def test_info_and_names_are_the_models(run):
    library, by_tag, lines = run
    info = by_tag["info"].split()
    digest = hashlib.sha256(MLP_INT8.read_bytes()).hexdigest()
    assert info[1:5] == ["kws", MLP_INT8.name, digest, __import__("generator").__version__]
    assert info[5:] == ["FULLY_CONNECTED"]
    plan = re.search(r"Arena (\d+) bytes", (library / "include" / "kws.h").read_text())
    assert "arena " + plan.group(1) in lines and "persistent 0" in lines and "nodes 3" in lines
    assert f"flash {MLP_INT8.stat().st_size}" in lines
    buffer = int(re.search(r"#define KWS_ARENA_BUFFER_BYTES (\d+)u", (library / "include" / "kws.h").read_text())[1])
    assert f"buffer {buffer}" in lines
    graph = read_model(MLP_INT8.read_bytes())
    names = [graph.tensors[graph.inputs[0]].name, graph.tensors[graph.outputs[0]].name]
    assert by_tag["names"] == f"names {names[0]} {names[1]}" and all(names)


@ONE_RUN
def test_macs_are_the_fully_connected_layers(run):
    """A FULLY_CONNECTED node multiplies-and-adds once per weight (batch 1): the weights' sizes, from the model."""
    graph = read_model(MLP_INT8.read_bytes())
    macs = sum(int(np.prod(graph.node_io(op)[0][1].shape)) for op in graph.operators)
    assert f"macs {macs}" in run[2]


@ONE_RUN
def test_static_instance_and_the_callers_arena_match_tflite_micro(run):
    _, _, lines = run
    assert "invoke before init 2" in lines  # MCUGEN_ERROR_NOT_INITIALIZED
    assert f"static 1 {reference(1)}" in lines
    assert f"own 2 {reference(2)}" in lines and "in buffer 1" in lines
    assert f"own 7 {reference(7)}" in lines


@ONE_RUN
def test_a_buffer_too_small_is_refused_with_the_size_it_needs(run):
    library, by_tag, lines = run
    buffer = re.search(r"#define KWS_ARENA_BUFFER_BYTES (\d+)u", (library / "include" / "kws.h").read_text())[1]
    assert "too small 5" in lines and "context too small 5" in lines and "null buffer 6" in lines
    assert by_tag["error"] == f"error the arena buffer is too small: kws needs KWS_ARENA_BUFFER_BYTES = {buffer} bytes"
    assert by_tag["context"].endswith(f"KWS_ARENA_BUFFER_BYTES = {buffer} bytes")


@ONE_RUN
def test_two_instances_interleaved_keep_their_own_tensors(run):
    _, _, lines = run
    for round in range(2):
        assert f"a {3 + round} {reference(3 + round)}" in lines
        assert f"b {5 + round} {reference(5 + round)}" in lines
    assert reference(3) != reference(5)  # so a mix-up would show


@ONE_RUN
def test_top_k_and_argmax_rank_the_scores(run):
    _, by_tag, _ = run
    scores = np.frombuffer(bytes.fromhex(reference(1)), np.int8)
    order = sorted(range(len(scores)), key=lambda i: (-int(scores[i]), i))
    assert by_tag["top"].split()[1:] == [str(i) for i in order[:3]] + [str(order[0])]
    assert "argmax empty -1" in run[2]


@ONE_RUN
def test_typed_helpers_refuse_what_they_cannot_convert(run):
    _, _, lines = run
    expected = [
        "set int32 7",
        "set bool 7",
        "set range 6",
        "set float 0",
        "set int8 0",
        "quantize float 0",
        "to quantized float 7",
        "q untouched 99",
        "to quantized int8 0",
        "read range 6",
        "read float 0",
        "read value x2 5",
        f"status text {len('the arena buffer is too small')}",
    ]
    assert [e for e in expected if e not in lines] == []
    # 0.5 in the input's quantization (scale 0.02283571, zero point 14): round(21.9) + 14 = 36
    assert "q 36" in lines and "stored 36" in lines


@ONE_RUN
def test_the_profiler_calls_back_once_per_node_in_order(run):
    _, _, lines = run
    ops = [line for line in lines if line.startswith("op ")]
    assert [line.split()[2] for line in ops] == ["FULLY_CONNECTED"] * 3
    assert sorted(int(line.split()[1]) for line in ops) == [0, 1, 2]
    assert all(int(line.split()[3]) == 5 for line in ops)  # the clock steps 5 per read: start and end of a node


INSTANCES_MAIN = r"""
#include "console.h"
#include "net.h"

static uint8_t buffer_a[NET_ARENA_BUFFER_BYTES], buffer_b[NET_ARENA_BUFFER_BYTES];
static net_context a, b;

static void fill(const mcugen_tensor *input, int set)
{
    for (size_t i = 0; i < mcugen_num_elements(input); ++i) {
        mcugen_set_float(input, i, (float)((int)((i * 7u + (unsigned)set * 13u) % 17u) - 8) * 0.125f);
    }
}

static void show(const char *tag, int set, const mcugen_tensor *output)
{
    console_write(tag);
    console_write(" ");
    console_write_int(set);
    console_write(" ");
    console_write_hex(output->data, output->bytes);
    console_write("\n");
}

int main(void)
{
    console_init();
    console_write("context ");
    console_write_int(net_context_init(&a, buffer_a, sizeof buffer_a));
    console_write("\nwith arena ");
    console_write_int(net_init_with_arena(buffer_b, sizeof buffer_b));
    console_write("\n");
    if (net_info()->persistent_bytes == 0) { /* a model without state: two instances, interleaved */
        if (net_context_init(&b, buffer_b, sizeof buffer_b) != MCUGEN_OK) return 1;
        for (int round = 0; round < 2; ++round) {
            fill(net_context_input(&a, 0), 1 + round);
            fill(net_context_input(&b, 0), 3 + round);
            if (net_context_invoke(&a) != MCUGEN_OK || net_context_invoke(&b) != MCUGEN_OK) return 1;
            show("a", 1 + round, net_context_output(&a, 0));
            show("b", 3 + round, net_context_output(&b, 0));
        }
    }
    if (net_init() != MCUGEN_OK) return 1; /* the static instance runs every model */
    fill(net_input(0), 1);
    if (net_invoke() != MCUGEN_OK) return 1;
    console_write("done\n");
    return 0;
}
"""


@pytest.mark.parametrize("fixture", ["lstm_while_float", "stream_int8"])
def test_instances_of_a_model_with_subgraphs_and_a_stateful_model(tmp_path, fixture):
    """A WHILE loop runs its body subgraph through the runtime's current interpreter: two instances interleaved
    must each reach their own (float, compared within tolerance). A stateful model keeps its state in one region:
    its buffer forms refuse with MCUGEN_ERROR_STATEFUL and its static instance still runs."""
    from tflite_micro.python.tflite_micro import runtime

    from generator.compare import compare

    model = MLP_INT8.parent / f"{fixture}.tflite"
    generate([model], Options(load_board("mps2-an386")), tmp_path / "net", ["net"], library=True)
    lines = run_in_qemu(build_app(tmp_path, tmp_path / "net", "net", INSTANCES_MAIN))
    assert lines[-1] == "done", lines[-5:]
    if fixture == "stream_int8":
        assert lines[:2] == ["context 8", "with arena 8"] and len(lines) == 3
        return
    assert lines[:2] == ["context 0", "with arena 0"]
    ref = runtime.Interpreter.from_file(str(model), arena_size=1 << 20)
    spec, out = ref.get_input_details(0), ref.get_output_details(0)
    for tag, set_number in (("a", 1), ("b", 3), ("a", 2), ("b", 4)):
        n = int(np.prod(spec["shape"]))
        values = np.array([np.float32((i * 7 + set_number * 13) % 17 - 8) * np.float32(0.125) for i in range(n)])
        ref.set_input(values.astype(np.float32).reshape(spec["shape"]), 0)
        ref.invoke()
        (line,) = [x for x in lines if x.startswith(f"{tag} {set_number} ")]
        got = np.frombuffer(bytes.fromhex(line.split()[2]), np.float32).reshape(out["shape"])
        assert compare([[got]], [[ref.get_output(0)]]).match, (tag, got, ref.get_output(0))
