"""What the kernels' parameters and code cost in flash: node_params.c writes an array two nodes share once, and a
whole parameter block two nodes share once (a row patch's middle bands); a firmware that overflows the board at
link is one line naming the region, and `mcugen doctor` counts parameters and runtime code, so it blocks a model
whose weights alone fit but whose firmware cannot link."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

from modelkit import GraphBuilder


def twin_convs(seed: int = 4, second_stride: int = 1) -> bytes:
    """Two int8 1x1 convolutions with the same filter, bias, scales and zero points in a row: their
    requantization tables (the dsp backend's per-channel `channels`) are equal, and with the same stride their
    whole parameter blocks."""
    rng = np.random.default_rng(seed)
    b = GraphBuilder()
    depth, scale, zero_point = 8, 0.05, -3
    w_scale = list(rng.uniform(2e-3, 1e-2, depth))
    weights = rng.integers(-127, 128, size=(depth, 1, 1, depth))
    bias = rng.integers(-2000, 2000, size=depth)
    x = y = b.tensor([1, 6, 6, depth], "int8", scale, zero_point)
    for stride in (1, second_stride):
        f = b.tensor([depth, 1, 1, depth], "int8", w_scale, [0] * depth, data=weights)
        c = b.tensor([depth], "int32", [scale * s for s in w_scale], [0] * depth, data=bias)
        side = -(-b.graph.tensors[y].shape[1] // stride)
        previous, y = y, b.tensor([1, side, side, depth], "int8", scale, zero_point)
        b.op("CONV_2D", [previous, f, c], [y], padding=0, strideH=stride, strideW=stride)
    return b.build([x], [y])


def wide_fully_connected(n_in: int, n_out: int, seed: int = 1) -> bytes:
    """One int8 FULLY_CONNECTED of n_in x n_out weights."""
    rng = np.random.default_rng(seed)
    b = GraphBuilder()
    x = b.tensor([1, n_in], "int8", 0.05, 3)
    w = b.tensor([n_out, n_in], "int8", 0.01, 0, data=rng.integers(-127, 128, size=(n_out, n_in)))
    bias = b.tensor([n_out], "int32", 0.05 * 0.01, 0, data=rng.integers(-1000, 1000, size=n_out))
    y = b.tensor([1, n_out], "int8", 0.2, -1)
    b.op("FULLY_CONNECTED", [x, w, bias], [y])
    return b.build([x], [y])


# lm3s6965evb has 262,144 B of flash: these weights (the model file is 257,656 B) fit it, the firmware does not.
TOO_BIG_FOR_LM3S = (1000, 256)


def node_params_text(cli, tmp_path, model_bytes: bytes) -> str:
    model = tmp_path / "twins.tflite"
    model.write_bytes(model_bytes)
    result = cli("generate", model, "--board", "mps2-an386", "-o", tmp_path / "fw")
    assert result.returncode == 0, result.stderr
    return (tmp_path / "fw" / "src" / "node_params.c").read_text()


def test_identical_tables_are_written_once(cli, tmp_path):
    text = node_params_text(cli, tmp_path, twin_convs(second_stride=2))
    arrays = re.findall(r"static const int32_t (mg_node\d+_channels)\[", text)
    assert len(arrays) == 1, text
    assert text.count(f".channels = {arrays[0]},") == 2


def test_identical_parameter_blocks_are_written_once(cli, tmp_path):
    text = node_params_text(cli, tmp_path, twin_convs())
    assert len(re.findall(r"static const \w+ (mg_node\d+_params) = ", text)) == 1, text
    table = text[text.index("mg_node_params[2] = {") :]
    assert table.count("&mg_node0_params,") == 2 and "node 1: CONV_2D, the same block" in table


@pytest.mark.qemu
def test_shared_table_runs_bit_exact(cli, tmp_path):
    model = tmp_path / "twins.tflite"
    model.write_bytes(twin_convs())
    result = cli("verify", model, "--board", "mps2-an386", "--random", 3, "--seed", 1, "-o", tmp_path / "fw", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["match"] is True and report["backends"] == {"dsp": 2}


def test_doctor_blocks_a_model_whose_weights_alone_fit(cli, tmp_path):
    model = tmp_path / "wide.tflite"
    model.write_bytes(wide_fully_connected(*TOO_BIG_FOR_LM3S))
    assert model.stat().st_size < 262_144
    result = cli("doctor", model, "--board", "lm3s6965evb", "--json")
    assert result.returncode == 1, result.stdout
    fit = [f for f in json.loads(result.stdout)["findings"] if f["topic"] == "fit"]
    assert fit[0]["level"] == "block"
    assert "kernel parameters about" in fit[0]["message"] and "runtime code at least" in fit[0]["message"]


def test_doctor_counts_parameters_in_the_fit(cli):
    result = cli("doctor", "keyword_spotting", "--board", "mps2-an386", "--json")
    fit = [f for f in json.loads(result.stdout)["findings"] if f["topic"] == "fit"][0]
    # the dsp backend's per-channel tables: 2,352 int32 values in node_params.c, so at least 9,408 B
    params = int(re.search(r"kernel parameters about ([\d,]+) B", fit["message"]).group(1).replace(",", ""))
    assert 9_408 <= params < 12_000


def test_link_overflow_is_one_line(cli, tmp_path):
    model = tmp_path / "wide.tflite"
    model.write_bytes(wide_fully_connected(*TOO_BIG_FOR_LM3S))
    result = cli("verify", model, "--board", "lm3s6965evb", "--random", 1, "-o", tmp_path / "fw")
    assert result.returncode != 0
    errors = [line for line in result.stderr.splitlines() if "error" in line]
    assert len(errors) == 1, result.stderr
    assert re.search(r"does not fit lm3s6965evb: it overflows FLASH by [\d,]+ B at link", errors[0]), errors
    assert "ld:" not in result.stderr and "collect2" not in result.stderr
