"""FULLY_CONNECTED in the dsp backend: randomized int8 cases (per-tensor and per-channel weights, input depths
around the 8-input steps, output counts around the 4-row blocks, batches, optional bias, fused activations)
against TFLite Micro, on the host build and on the Cortex-M4 and Cortex-M7 in QEMU; every case asserts that the
node went to the dsp backend, scale ratios of 0.5 or more (a left shift) and sums of 2^30 or more (checked one by
one) included."""

import numpy as np
import pytest

from cases.dsp_fully_connected import case, wide_range_case
from generator.boards import load_board
from generator.catalog import CExpr
from generator.check import check
from generator.emit.render import render_all
from generator.model import read_model
from generator.plan import plan
from generator.plan.in_place import firmware_model_bytes
from kernel_harness import on_backend, seed_groups, verify_cases, verify_model

BACKENDS = ["dsp", "reference"]


def backend_of(model: bytes) -> str:
    return check(read_model(model), backends=BACKENDS).kernels[0].backend


def dsp_cases(seeds, **options) -> dict:
    return on_backend("dsp", BACKENDS, {f"seed {seed}": case(seed, **options) for seed in seeds})


@pytest.mark.parametrize("seeds", seed_groups(40), ids=str)
def test_random(seeds):
    verify_cases(dsp_cases(seeds), count=2, seed=seeds[0], backends=BACKENDS)


def test_pruned_rows():
    verify_cases(dsp_cases(range(3), pruned=2), count=2, seed=1, backends=BACKENDS)


@pytest.mark.qemu
@pytest.mark.parametrize("board", ["mps2-an386", "mps2-an500"])
def test_in_qemu(board):
    cases = on_backend("dsp", BACKENDS, {f"seed {seed}": case(seed) for seed in (2, 7, 13)})
    verify_cases(cases, count=2, seed=2, backends=BACKENDS, qemu=True, board=board)


@pytest.mark.qemu
def test_many_blocks_in_qemu():
    """More blocks of four rows than the kernel's sums on the stack hold (BLOCKS_AT_ONCE, 8), with their last taps
    after the row pairs (depths 259 and 44: three and four of them, after 16 taps a turn and an odd 8) and outputs
    past the last whole block."""
    cases = {f"{depth}x{units}": case(21 + units, depth_units=(depth, units)) for depth, units in ((259, 75), (44, 37))}
    verify_cases(on_backend("dsp", BACKENDS, cases), count=2, seed=4, backends=BACKENDS, qemu=True, board="mps2-an386")


def test_large_multiplier_stays_on_dsp():
    model = case(4, multiplier_scale=1e4)
    assert backend_of(model) == "dsp"
    verify_model(model, count=2, backends=BACKENDS)


def wide_range_cases(seeds) -> dict:
    """Left shifts (proved, or checked with huge biases) and right shifts with huge biases (checked)."""
    kinds = {"left": (True, False), "left huge bias": (True, True), "right huge bias": (False, True)}
    return on_backend(
        "dsp",
        BACKENDS,
        {f"{kind} {seed}": wide_range_case(seed, *flags) for kind, flags in kinds.items() for seed in seeds},
    )


def test_wide_range():
    verify_cases(wide_range_cases(range(12)), count=3, seed=5, backends=BACKENDS)


@pytest.mark.qemu
def test_wide_range_in_qemu():
    verify_cases(wide_range_cases(range(3)), count=2, seed=3, backends=BACKENDS, qemu=True, board="mps2-an386")


@pytest.mark.parametrize(("seed", "step"), [(9, 0), (7, 5)])
def test_per_tensor_weights_share_one_requantization(seed, step):
    """Per-tensor weights (seed 9: 33 outputs) keep one requantization entry (five words) for every output, 4 table
    bytes an output; per-channel ones (seed 7) one each."""
    from generator.catalog.ops.fully_connected import dsp_fully_connected

    graph = read_model(case(seed))
    (op,) = graph.operators
    fields = dsp_fully_connected.params(op, *graph.node_io(op)).fields
    units = graph.tensors[op.outputs[0]].shape[-1]
    assert fields["requant_step"] == step and len(fields["biases"].words) == units
    assert len(fields["requant"]) == (5 if step == 0 else 5 * units)


def test_folded_biases_take_the_bias_buffer():
    """The folded biases (bias + input offset * row sum) replace the model's int32 bias in the firmware's copy of
    the model (generator/plan/in_place.py) instead of a second copy in node_params.c; the reference run reads the
    model as given (test_random: bit-exact either way). Without a bias tensor they stay a static array."""
    graph = read_model(case(7))
    the_plan = plan(check(graph, backends=BACKENDS))
    (placed,) = [p for p in the_plan.in_place if p.field == "biases"]
    bias = graph.tensors[graph.operators[0].inputs[2]]
    assert placed.field == "biases" and placed.offset == bias.data_offset and len(placed.data) == bias.nbytes
    assert the_plan.nodes[0].params.fields["biases"] == CExpr(f"(const int32_t *)(mg_model_data + {placed.offset})")
    assert firmware_model_bytes(graph.model_bytes, the_plan.in_place) != graph.model_bytes
    texts = render_all(the_plan, load_board("mps2-an386"), "fc", the_plan.kernels)
    assert "_biases[" not in texts["src/node_params.c"]
    unbiased = next(m for m in (case(s) for s in range(40)) if read_model(m).operators[0].inputs[2] < 0)
    the_plan = plan(check(read_model(unbiased), backends=BACKENDS))
    assert "biases" not in {p.field for p in the_plan.in_place}
    assert isinstance(the_plan.nodes[0].params.fields["biases"], list)


def row_pairs_layout(rows: np.ndarray) -> bytes:
    """mg_dsp_four_rows_interleaved's layout (mg_dsp_mac.h), written out tap by tap: per block of four rows and
    four inputs k, each pair's words (a_k, b_k, a_k+2, b_k+2), (a_k+1, b_k+1, a_k+3, b_k+3), the a bytes with their
    top bit flipped; the block's last depth % 8 values row by row; rows past the last block as they are."""
    outputs, depth = rows.shape
    k8, data = depth & ~7, bytearray()
    for block in range(0, outputs & ~3, 4):
        for k in range(0, k8, 4):
            for a, b in ((block, block + 1), (block + 2, block + 3)):
                for s in (0, 1):
                    for tap in (k + s, k + s + 2):
                        data += bytes([(int(rows[a, tap]) + 128) & 0xFF, int(rows[b, tap]) & 0xFF])
        for r in range(block, block + 4):
            data += rows[r, k8:].astype(np.int8).tobytes()
    return bytes(data) + rows[outputs & ~3 :].astype(np.int8).tobytes()


def test_weight_rows_in_blocks_go_over_the_model_buffer():
    """The int8 weights, laid out in row pairs of blocks of four rows (fully_connected.h: one LDM of two pairs'
    words), are the weight tensor's bytes rearranged and take its buffer in the firmware's copy of the model: no
    second copy in flash; with no whole block of eight inputs the kernel reads the rows as they are (NULL)."""
    blocked = 0
    for seed in range(40):
        graph = read_model(case(seed))
        the_plan = plan(check(graph, backends=BACKENDS))
        op = graph.operators[0]
        if the_plan.nodes[0].kernel.backend != "dsp":
            continue
        weights = graph.tensors[op.inputs[1]]
        rows = weights.array().reshape(weights.shape[0], -1)
        placed = [p for p in the_plan.in_place if p.field == "weights"]
        if (rows.shape[1] & ~7) == 0 or rows.shape[0] < 4:
            assert the_plan.nodes[0].params.fields["weights"] == CExpr("NULL") and not placed
            continue
        blocked += 1
        assert len(placed) == 1 and placed[0].offset == weights.data_offset
        assert bytes(placed[0].data) == row_pairs_layout(rows)
        texts = render_all(the_plan, load_board("mps2-an386"), "fc", the_plan.kernels)
        assert "_weights[" not in texts["src/node_params.c"]
    assert blocked >= 10
