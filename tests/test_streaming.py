"""Stateful, multi-subgraph models on the host build: resource variables in the persistent region, the CALL_ONCE
init subgraph, input sets as the steps of one stream, and the generation-time errors of inconsistent models."""

import json
from pathlib import Path

import numpy as np
import pytest
from streaming_models import FRAMES, delay_line, order_test_stream, stream_int8

import modelkit
from cases.streaming import read_io
from generator.boards import load_board
from generator.build import build
from generator.catalog.backends import choose_backends
from generator.check import CheckError, check
from generator.errors import McugenError
from generator.measure import measure
from generator.model import read_model
from generator.pipeline import Options, default_set_count, generate, random_sets
from generator.plan import plan
from generator.reference import reference_outputs
from generator.run import run_firmware
from kernel_harness import verify_model

FIXTURES = Path(__file__).parent / "fixtures"
STREAM_INT8, STREAM_FLOAT = FIXTURES / "stream_int8.tflite", FIXTURES / "stream_float.tflite"


def test_checked_in_int8_fixture_is_the_builders():
    assert STREAM_INT8.read_bytes() == stream_int8()


def int8_frames(count: int, seed: int = 0) -> list:
    rng = np.random.default_rng(seed)
    return [[rng.integers(-128, 128, size=(1, FRAMES, 40, 1), dtype=np.int8)] for _ in range(count)]


def test_int8_stream_matches_step_by_step_and_order_matters():
    """50 steps: 25 inputs, then the same 25 shuffled. Both sides give other outputs for the same input after
    another history (so the state is really carried), and agree at every step."""
    stream, pairs = order_test_stream(int8_frames(25))
    device = verify_model(STREAM_INT8.read_bytes(), sets=stream)
    expected = reference_outputs(STREAM_INT8.read_bytes(), stream, 2)
    for outputs in (expected, [s.outputs for s in device]):
        differ = [a for a, b in pairs if not np.array_equal(outputs[a][1], outputs[b][1])]  # the logits
        assert len(differ) >= 0.8 * len(pairs)
    assert len({bytes(np.asarray(o[1]).tobytes()) for o in expected}) > 10  # the logits vary: not trivial


def test_float_stream_from_tensorflow_matches_over_50_steps():
    verify_model(STREAM_FLOAT.read_bytes(), count=50, seed=3)


def test_persistent_state_is_planned_apart_from_the_arena():
    the_plan = plan(check(read_model(STREAM_INT8.read_bytes())))
    assert [(v.name, v.dtype, v.nbytes, v.offset) for v in the_plan.variables] == [
        ("ring0", "INT8", 2 * 40 * 1, 0),
        ("ring1", "INT8", 2 * 38 * 6, 80),
    ]
    assert the_plan.persistent_size == 80 + 456
    arena_tensors = [t for sub in the_plan.subgraphs for t in sub.tensor_offsets if t is not None]
    assert max(arena_tensors) < the_plan.arena_size
    assert len(the_plan.subgraphs) == 2 and the_plan.subgraphs[1].graph.index == 1
    assert the_plan.graph.is_stateful and the_plan.order == sorted(the_plan.order)  # effects keep the model order


def edited(change) -> bytes:
    model = modelkit.unpack(STREAM_INT8.read_bytes())
    change(model)
    return modelkit.pack(model)


def test_unsupported_op_in_the_init_subgraph_is_named_with_its_subgraph():
    def add_lsh_projection(model):  # an op TFLite Micro does not register
        code = modelkit.schema.OperatorCodeT()
        code.builtinCode = code.deprecatedBuiltinCode = modelkit.OPS["LSH_PROJECTION"]
        code.version = 1
        model.operatorCodes.append(code)
        init = model.subgraphs[1]
        out = modelkit.schema.TensorT()
        out.shape, out.type, out.name, out.buffer = [1, 2, 40, 1], 9, "sum", 0
        init.tensors.append(out)
        op = modelkit.schema.OperatorT()
        op.opcodeIndex, op.inputs, op.outputs = len(model.operatorCodes) - 1, [1, 1], [len(init.tensors) - 1]
        init.operators.append(op)

    with pytest.raises(CheckError) as err:
        check(read_model(edited(add_lsh_projection)))
    assert "Didn't find op for builtin opcode 'LSH_PROJECTION' version '1' (subgraph 1, node 4)" in str(err.value)


def call_once(model):
    return model.subgraphs[0].operators[0].builtinOptions


@pytest.mark.parametrize(
    "change, message",
    [
        (
            lambda m: setattr(call_once(m), "initSubgraphIndex", 5),
            "node 0 (CALL_ONCE) invokes subgraph 5 as its init_subgraph_index, which does not exist "
            "(the model has 2 subgraphs)",
        ),
        (
            lambda m: setattr(call_once(m), "initSubgraphIndex", 0),
            "node 0 (CALL_ONCE) invokes subgraph 0 as its init_subgraph_index, which is the primary subgraph",
        ),
        (
            lambda m: m.subgraphs[1].operators.append(m.subgraphs[0].operators[0]),
            "subgraph 1 invokes itself through CALL_ONCE, IF or WHILE nodes (a cycle)",
        ),
        (
            lambda m: m.subgraphs[0].operators.pop(0),
            "node 1 (READ_VARIABLE) reads variable 'ring0' before any node assigns it, and no CALL_ONCE init "
            "subgraph assigns it first",
        ),
        (
            lambda m: vars(m.subgraphs[1].tensors[1]).update(shape=[1, 1, 40, 1], type=7),  # same bytes, int16
            "subgraph 1, node 1 (ASSIGN_VARIABLE) writes 80 bytes of INT16 into variable 'ring0', which holds 80 "
            "bytes of INT8",
        ),
    ],
    ids=["missing-subgraph", "primary-subgraph", "self-call", "read-before-assign", "assign-size"],
)
def test_inconsistent_subgraphs_and_variables_are_rejected(change, message):
    def edit(model):
        change(model)
        if model.subgraphs[1].operators[-1] is model.subgraphs[0].operators[0]:  # the self-call case
            model.subgraphs[1].operators[-1] = modelkit.unpack(modelkit.pack(model)).subgraphs[0].operators[0]
            model.subgraphs[1].operators[-1].builtinOptions.initSubgraphIndex = 1

    with pytest.raises(McugenError) as err:
        check(read_model(edited(edit)))
    assert message in str(err.value) and "\n" not in str(err.value)


def test_generate_refuses_a_call_to_a_missing_subgraph_in_one_line(cli, tmp_path):
    bad = tmp_path / "bad.tflite"
    bad.write_bytes(edited(lambda m: setattr(call_once(m), "initSubgraphIndex", 9)))
    result = cli("generate", bad, "--board", "mps2-an386", "-o", tmp_path / "out")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 1 and "invokes subgraph 9" in result.stderr


def optimized(board: str) -> list[str]:
    return choose_backends("auto", load_board(board).cpu)


@pytest.mark.qemu
@pytest.mark.slow
@pytest.mark.parametrize("board", ["mps2-an386", "mps3-an547"])
def test_streams_bit_exact_in_qemu(board):
    """On each board: the int8 net with the reference and the optimized kernels, and the float net, over 50
    steps (25 inputs, then the same shuffled), every step compared with one TFLite Micro interpreter."""
    stream, pairs = order_test_stream(int8_frames(25, seed=5))
    for backends in (["reference"], optimized(board)):
        device = verify_model(STREAM_INT8.read_bytes(), sets=stream, qemu=True, backends=backends, board=board)
        assert sum(not np.array_equal(device[a].outputs[1], device[b].outputs[1]) for a, b in pairs) > len(pairs) // 2
        # one profiled invoke per step: the per-node costs are part of that step's cost
        nodes = len(read_model(STREAM_INT8.read_bytes()).operators)
        assert all(len(s.node_ticks) == nodes and 0 < sum(s.node_ticks) <= s.ticks for s in device)
    verify_model(STREAM_FLOAT.read_bytes(), count=50, seed=6, qemu=True, board=board)


@pytest.fixture(scope="module")
def stream_firmwares(tmp_path_factory):
    """The streaming net's firmware and the same ops' with the ring buffers as plain inputs and outputs."""
    root, board, built = tmp_path_factory.mktemp("stream-fw"), load_board("mps2-an386"), {}
    for name, data in (("stateful", STREAM_INT8.read_bytes()), ("stateless", stream_int8(stateless=True))):
        model = root / f"{name}.tflite"
        model.write_bytes(data)
        project, _ = generate([model], Options(board), root / name)
        built[name] = (project, build(project.path).elf)
    return built


@pytest.mark.qemu
@pytest.mark.xdist_group("stream-firmware")
def test_state_and_init_subgraph_cost_at_most_1_5_kb_of_code(stream_firmwares):
    """The init subgraph, CALL_ONCE, the variable kernels and their generated tables add at most 1.5 KB."""
    code = {name: measure(elf).code for name, (_, elf) in stream_firmwares.items()}
    assert 0 < code["stateful"] - code["stateless"] <= 1536, code


@pytest.mark.qemu
@pytest.mark.xdist_group("stream-firmware")
def test_a_stream_longer_than_one_run_holds_is_refused(stream_firmwares):
    """QEMU runs split many input sets into several boots; a stream cannot be split (each boot starts again from
    the first state), so it is refused before running."""
    project, elf = stream_firmwares["stateful"]
    steps = [[np.zeros((1, FRAMES, 40, 1), np.int8)]] * 60_000  # 4.8 MB of inputs
    with pytest.raises(McugenError, match="steps of this stateful model's stream do not fit"):
        run_firmware(elf, load_board("mps2-an386"), project.inputs, project.outputs, steps, stream=True)


def test_doctor_explains_what_a_stateful_model_needs(cli):
    result = cli("doctor", STREAM_INT8)
    assert result.returncode == 0, result.stdout
    for phrase in (
        "2 subgraphs: subgraph 0 is the inference",
        "node 0 (CALL_ONCE) runs subgraph 1 (4 nodes) once, at the first invoke",
        "2 resource variable(s) keep state between invokes: 'ring0' (80 B INT8), 'ring1' (456 B INT8)",
        "consecutive steps of one stream",
        "persistent state 536 B",
    ):
        assert phrase in result.stdout


def test_ops_counts_the_nodes_of_every_subgraph(cli):
    rows = {r["name"]: r for r in json.loads(cli("ops", STREAM_INT8, "--json").stdout)["ops"]}
    assert rows["VAR_HANDLE"]["count"] == 4 and rows["ASSIGN_VARIABLE"]["count"] == 4 and rows["CALL_ONCE"]["supported"]


def test_random_steps_default_to_a_stream_for_stateful_models():
    assert default_set_count(None, stateful=True) == 20 and default_set_count(None, stateful=False) == 5
    assert default_set_count(7, stateful=True) == 7


def test_int16_int32_float32_and_int8_state_delay_one_step():
    data = delay_line()
    sets = random_sets(read_io(data), 6, seed=2)
    device = verify_model(data, sets=sets)
    for first in device[0].outputs:
        assert np.array_equal(np.asarray(first).reshape(-1), np.arange(1, 1 + first.size))  # the init values
    for step in range(1, 6):
        for k, previous in enumerate(device[step].outputs):
            assert np.array_equal(previous, sets[step - 1][k])
