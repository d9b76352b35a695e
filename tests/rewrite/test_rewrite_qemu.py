"""The rewritten fixtures in QEMU against the reference run on the model as given (TFLite Micro, or LiteRT's
reference kernels for the float16 model TFLite Micro refuses); int8 rewritten and unrewritten bit for bit."""

import numpy as np
import pytest

from conftest import FIXTURES
from generator.boards import load_board
from generator.pipeline import InputChoice, Options, verify

BOARD = load_board("mps2-an386")


def _verify(tmp_path, name: str, rewrite: bool = True):
    v = verify(
        [FIXTURES / f"{name}.tflite"],
        Options(BOARD, rewrite=rewrite),
        tmp_path / f"{name}-{rewrite}",
        InputChoice(count=3, seed=4),
    )
    assert v.models[0].comparison.match, f"{name}: max abs diff {v.models[0].comparison.max_abs_diff}"
    return v


@pytest.mark.qemu
def test_float16_weights_run_against_litert_reference(tmp_path):
    v = _verify(tmp_path, "conv_float16_weights")
    assert v.models[0].reference.startswith("LiteRT builtin reference kernels")
    assert [n.op_name for n in v.models[0].part.plan.nodes] == [
        "CONV_2D",
        "DEPTHWISE_CONV_2D",
        "RESHAPE",
        "FULLY_CONNECTED",
    ]


@pytest.mark.qemu
@pytest.mark.parametrize("name", ["conv_relu_float", "mlp_int8_qdq"])
def test_rewritten_models_match_the_model_as_given(tmp_path, name):
    v = _verify(tmp_path, name)
    assert v.models[0].reference == "TFLite Micro" and len(v.models[0].part.plan.nodes) < 8


@pytest.mark.qemu
def test_int8_fusion_gives_the_same_bits_as_the_unfused_firmware(tmp_path):
    fused, unfused = _verify(tmp_path, "conv_relu_int8"), _verify(tmp_path, "conv_relu_int8", rewrite=False)
    assert (
        len(fused.models[0].part.plan.nodes) == 5
        and len(unfused.models[0].part.plan.nodes) == 8 == fused.models[0].model_nodes
    )
    assert fused.models[0].comparison.max_abs_diff == 0 == unfused.models[0].comparison.max_abs_diff
    for a, b in zip(fused.run.sets, unfused.run.sets):
        assert all(np.array_equal(x, y) for x, y in zip(a.outputs, b.outputs))
    assert sum(fused.run.instructions(s.ticks) for s in fused.run.sets) < sum(
        unfused.run.instructions(s.ticks) for s in unfused.run.sets
    )


@pytest.mark.qemu
def test_a_pad_folded_into_same_padding_runs_in_qemu(tmp_path):
    from cases.rewrite_fold_pad import Branches

    b = Branches("int8")
    b.add("CONV_2D", [[1, 1], [1, 1]], 1, 6)
    b.add("DEPTHWISE_CONV_2D", [[0, 1], [0, 1]], 2, 3)
    model = tmp_path / "pad_conv_int8.tflite"
    model.write_bytes(b.g.build([b.x], b.outputs))
    v = verify([model], Options(BOARD), tmp_path / "pad", InputChoice(count=3, seed=4))
    assert v.models[0].comparison.match and v.models[0].comparison.max_abs_diff == 0
    assert [n.op_name for n in v.models[0].part.plan.nodes] == ["CONV_2D", "DEPTHWISE_CONV_2D"]


@pytest.mark.qemu
def test_float16_weights_kept_in_flash_give_the_folded_bits_in_qemu(tmp_path):
    """The float16 fixture with its weights kept float16 (the f16 kernels widen them with VCVTB on the M4F) and
    folded to float32: both match LiteRT's reference, with the same bits, and keeping takes less flash."""
    runs = {
        mode: verify(
            [FIXTURES / "conv_float16_weights.tflite"],
            Options(BOARD, float16=mode),
            tmp_path / mode,
            InputChoice(count=3, seed=4),
        )
        for mode in ("keep", "fold")
    }
    for v in runs.values():
        assert v.models[0].comparison.match and v.models[0].reference.startswith("LiteRT builtin reference kernels")
    for a, b in zip(runs["keep"].run.sets, runs["fold"].run.sets):
        assert all(np.array_equal(x.view(np.uint32), y.view(np.uint32)) for x, y in zip(a.outputs, b.outputs))
    assert runs["keep"].size.model < runs["fold"].size.model


@pytest.mark.qemu
def test_float16_weights_kept_in_flash_on_a_core_without_fpu_and_on_the_m55(tmp_path):
    """The widening's other paths: integer bit moves on the Cortex-M3 (no FPU), VCVTB on the M55's FPv5."""
    for board in ("mps2-an385", "mps3-an547"):
        model = FIXTURES / "conv_float16_weights.tflite"
        v = verify([model], Options(load_board(board), float16="keep"), tmp_path / board, InputChoice(count=3, seed=4))
        assert v.models[0].comparison.match, f"{board}: max abs diff {v.models[0].comparison.max_abs_diff}"
        assert v.models[0].reference.startswith("LiteRT builtin reference kernels")
