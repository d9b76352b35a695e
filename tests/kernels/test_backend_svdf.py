"""SVDF int8 (int16 and int8 state) on the dsp and mve backends against TFLite Micro, every node asserted to be on
the backend: random nodes (1-2 batches, input sizes around the 4- and 8-value steps, filters around the groups of
four, ranks 1-3, memories 1-35 around the int16 and int8 vector widths) as a stream of invokes (the state carries
over), on the host build (dsp's C path) and in QEMU (dsp on the Cortex-M4, mve on the Cortex-M55); and the
keyword-benchmark-shaped model (keyword_svdf_model.py), every layer's output compared."""

import pytest
from keyword_svdf_model import keyword_model
from op_cases import Batch

from cases.svdf import STEPS, svdf_node
from generator.check import check
from generator.model import read_model
from generator.plan import plan
from kernel_harness import verify_model

BOARDS = {"dsp": "mps2-an386", "mve": "mps3-an547"}


def backends_of(model: bytes, backend: str) -> list[str]:
    return [k.backend for k in check(read_model(model), backends=[backend, "reference"]).kernels]


def random_nodes(seed: int, state_type: str, count: int) -> Batch:
    b = Batch(seed)
    for _ in range(count):
        rng = b.rng
        batches, input_size = int(rng.integers(1, 3)), int(rng.integers(1, 41))
        units, rank, memory = int(rng.integers(1, 10)), int(rng.integers(1, 4)), int(rng.integers(1, 36))
        svdf_node(b, "int8", batches, input_size, units, rank, memory, state_type=state_type)
    return b


def requant_forms(model: bytes) -> tuple[set[str], set[str]]:
    """The dsp kernel's requantization forms of the feature sums and of the outputs over the model's nodes: "right"
    (three instructions), "left" (no right shift: SMMULR) or "general" (mg_requantizer)."""
    nodes = plan(check(read_model(model), backends=["dsp", "reference"])).nodes
    forms: tuple[set[str], set[str]] = (set(), set())
    for node in nodes:
        f = node.params.fields
        for bit, shift, found in ((1, f["feature_shift"], forms[0]), (2, f["output_shift"], forms[1])):
            found.add("general" if not f["dsp_exact_requant"] & bit else "right" if shift < 0 else "left")
    return forms


def clamped_steps(model: bytes) -> list[bool]:
    """Per SVDF node: does the dsp kernel take its clamped time step (rank 1, int16 state, dsp_exact_requant bit 2)?"""
    nodes = plan(check(read_model(model), backends=["dsp", "reference"])).nodes
    return [
        f["rank"] == 1 and f["state_bytes"] == 2 and bool(f["dsp_exact_requant"] & 4)
        for f in (node.params.fields for node in nodes)
    ]


def scrambled_biases(b: Batch, count: int):
    """Rank-1 int16-state nodes whose biases take any int32 (TFLite Micro's keyword_scrambled has such): their
    output sums go beyond the clamped step's 2^29 and saturate."""
    for i in range(count):
        svdf_node(b, "int8", 1, 8 + 9 * i, 5, 1, 8 + 3 * i, bias_limit=1 << 31)


@pytest.mark.parametrize("state_type", ["int16", "int8"])
def test_dsp_random_stream_on_the_host(state_type):
    """The dsp kernel's requantization forms meet in the int16-state nodes: the feature sums' three (a right
    shift, none, and general in the nodes with a large feature gain), the outputs' fast and general; and both of
    its int16 time steps, the clamped one also on sums it clamps."""
    b = random_nodes(60 if state_type == "int16" else 61, state_type, 20)
    if state_type == "int16":
        for seed in range(2):
            svdf_node(b, "int8", 1 + seed, 24 + seed, 3, 1 + seed, 9, state_type=state_type, feature_gain=4096.0)
        scrambled_biases(b, 3)
    model = b.build()
    assert set(backends_of(model, "dsp")) == {"dsp"}
    if state_type == "int16":
        features, outputs = requant_forms(model)
        assert features == {"right", "left", "general"} and "general" in outputs and len(outputs) >= 2, (
            features,
            outputs,
        )
        clamped = clamped_steps(model)
        assert all(clamped[-3:]) and 5 <= sum(clamped) < len(clamped), clamped
    verify_model(model, sets=b.sets(STEPS), backends=["dsp", "reference"])


@pytest.mark.qemu
@pytest.mark.parametrize("backend", ["dsp", "mve"])
def test_random_stream_in_qemu(backend):
    b = random_nodes(62, "int16", 8)
    scrambled_biases(b, 2)
    more = random_nodes(63, "int8", 8)
    for maker in (b, more):
        assert set(backends_of(maker.build(), backend)) == {backend}
    if backend == "dsp":  # both int16 time steps, the clamped one also on sums it clamps
        clamped = clamped_steps(b.build())
        assert all(clamped[-2:]) and not all(clamped), clamped
    verify_model(b.build(), sets=b.sets(STEPS), backends=[backend, "reference"], qemu=True, board=BOARDS[backend])
    verify_model(more.build(), sets=more.sets(STEPS), backends=[backend, "reference"], qemu=True, board=BOARDS[backend])


@pytest.mark.qemu
@pytest.mark.parametrize("backend", ["dsp", "mve"])
@pytest.mark.parametrize("state_type", ["int16", "int8"])
def test_keyword_shaped_model_in_qemu(backend, state_type):
    b = keyword_model(state_type)
    model = b.build()
    assert [k for k, op in zip(backends_of(model, backend), read_model(model).operators) if op.op_name == "SVDF"] == [
        backend
    ] * 7
    verify_model(model, sets=b.sets(STEPS), backends=[backend, "reference"], qemu=True, board=BOARDS[backend])
