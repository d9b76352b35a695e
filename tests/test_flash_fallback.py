"""`--backend auto` and flash: when the optimized kernels' parameters (weight layouts, per-channel tables) would
not fit the board's flash beside the model but the reference kernels' would, the model is planned on the reference
kernels, with a note, and it links and runs; an explicit --backend is taken as given (and doctor blocks it). The
model: a chain of per-channel 3x3 depthwise layers of many channels on a one-pixel input, about 0.85 MB for the 1 MB
flash of netduinoplus2 (Cortex-M4): the dsp tables (16 B a channel) push it over, the reference ones do not."""

import numpy as np
import pytest

from generator.boards import load_board
from generator.emit.render import flash_floor
from generator.pipeline import Options
from generator.pipeline.generation import plan_models
from modelkit import GraphBuilder

BOARD = load_board("netduinoplus2")
CHANNELS, LAYERS = 1536, 15


@pytest.fixture(scope="module")
def wide_model(tmp_path_factory):
    rng = np.random.default_rng(7)
    b = GraphBuilder()
    scale = 0.05
    x = b.tensor([1, 1, 1, CHANNELS], "int8", scale, 0)
    first = x
    for _ in range(LAYERS):
        w_scale = list(rng.uniform(1e-3, 2e-2, CHANNELS))
        w = b.tensor(
            [1, 3, 3, CHANNELS], "int8", w_scale, [0] * CHANNELS, rng.integers(-127, 128, (1, 3, 3, CHANNELS)), axis=3
        )
        bias = b.tensor(
            [CHANNELS], "int32", [scale * s for s in w_scale], [0] * CHANNELS, rng.integers(-500, 500, CHANNELS)
        )
        y = b.tensor([1, 1, 1, CHANNELS], "int8", scale, 0)
        b.op(
            "DEPTHWISE_CONV_2D",
            [x, w, bias],
            [y],
            version=3,
            padding=0,
            strideW=1,
            strideH=1,
            depthMultiplier=1,
            dilationWFactor=1,
            dilationHFactor=1,
        )
        x = y
    path = tmp_path_factory.mktemp("wide") / "wide_depthwise.tflite"
    path.write_bytes(b.build([first], [x]))
    return path


def test_auto_takes_the_reference_kernels_when_the_optimized_tables_would_not_fit(wide_model, capsys):
    (part,) = plan_models([wide_model], Options(BOARD))
    assert part.plan.backends == ["reference"] and flash_floor(part.plan) <= BOARD.flash_size
    assert "do not fit netduinoplus2's flash beside the model" in capsys.readouterr().err
    (dsp,) = plan_models([wide_model], Options(BOARD, backend="dsp"))  # as given: it would not fit
    assert "dsp" in dsp.plan.backends and flash_floor(dsp.plan) > BOARD.flash_size


def test_doctor_says_which_kernels_and_why(wide_model, cli):
    result = cli("doctor", wide_model, "--board", BOARD.name)
    assert result.returncode == 0, result.stdout
    assert "kernels the dsp kernels' parameters would not fit the board's flash" in result.stdout
    insisted = cli("doctor", wide_model, "--board", BOARD.name, "--backend", "dsp")
    assert insisted.returncode == 1 and "netduinoplus2 is too small for this model" in insisted.stdout


@pytest.mark.qemu
def test_the_fallback_links_and_runs_bit_exact(wide_model, cli, tmp_path):
    result = cli("verify", wide_model, "--board", BOARD.name, "-o", tmp_path / "fw", "--random", "2")
    assert result.returncode == 0, result.stderr[-2000:]
    assert "outputs    MATCH (bit-exact)" in result.stdout and "kernels    reference: 15 node(s)" in result.stdout
