"""Custom ops: a real model's SOFTMAX rewritten into a custom op runs with its Python + C implementation and
verifies bit-exact; each way the registration chain can break has its own message."""

import json
import subprocess
from pathlib import Path

import pytest
from flatbuffers import flexbuffers

import modelkit
from cases.custom_ops import CUSTOM, speech_with_custom_softmax
from generator.catalog.custom import load_custom_ops
from generator.paths import FIRMWARE


@pytest.fixture
def model_file(tmp_path):
    def write(**kwargs):
        path = tmp_path / "speech_custom.tflite"
        path.write_bytes(speech_with_custom_softmax(**kwargs))
        return path

    return write


@pytest.mark.qemu
def test_custom_op_verifies_bit_exact_in_qemu(cli, model_file, tmp_path):
    result = cli("verify", model_file(), "--custom-ops", CUSTOM, "--random", 5, "-o", tmp_path / "fw", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["match"] is True and "MySoftmax" in report["ops"]
    resolver = (tmp_path / "fw" / "src" / "op_resolver.h").read_text()
    assert 'resolver.AddCustom("MySoftmax", &mg_register_my_softmax, 1);' in resolver


def test_custom_op_on_host_build_with_options(model_file):
    impls, specs = load_custom_ops(CUSTOM)
    data = speech_with_custom_softmax(options={"shift": 4})
    import tempfile

    from generator.boards import load_board
    from generator.catalog import with_kernels
    from generator.check import check
    from generator.compare import compare
    from generator.emit import emit
    from generator.model import read_model
    from generator.pipeline import random_sets
    from generator.plan import plan
    from generator.reference import reference_outputs
    from generator.run import build_host, run_host

    the_plan = plan(check(read_model(data), catalog=with_kernels(specs)))
    with tempfile.TemporaryDirectory() as tmp:
        project = emit(the_plan, load_board("mps2-an386"), Path(tmp) / "p", "m.tflite")
        sets = random_sets(project.inputs, 4, 1)
        result = run_host(build_host(project.path), project.inputs, project.outputs, sets)
    expected = reference_outputs(data, sets, 1, impls)
    assert compare([s.outputs for s in result.sets], expected).match


def test_missing_implementation(cli, model_file):
    result = cli("generate", model_file(), "--board", "mps2-an386", "-o", "/tmp/mcugen-never")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "Didn't find op for custom op 'MySoftmax' version '1' (node 3)" in result.stderr
    assert "--custom-ops DIR" in result.stderr


def test_wrongly_cased_name(cli, model_file):
    result = cli(
        "generate",
        model_file(name="mysoftmax"),
        "--custom-ops",
        CUSTOM,
        "--board",
        "mps2-an386",
        "-o",
        "/tmp/mcugen-never",
    )
    assert result.returncode == 2
    assert "the model uses 'mysoftmax'; the op you provided is 'MySoftmax'" in result.stderr


def test_wrong_version(cli, model_file):
    result = cli(
        "generate", model_file(version=2), "--custom-ops", CUSTOM, "--board", "mps2-an386", "-o", "/tmp/mcugen-never"
    )
    assert result.returncode == 2
    assert (
        "Didn't find op for custom op 'MySoftmax' version '2' (node 3): the implementation of 'MySoftmax' "
        "declares version 1" in result.stderr
    )


@pytest.mark.qemu
def test_prepare_failure_is_reported_by_the_device(cli, tmp_path):
    g = modelkit.GraphBuilder()
    x, y = g.tensor([1, 8], "int8", 0.1, 0), g.tensor([1, 8], "int8", 0.1, 0)
    g.op("CUSTOM", [x], [y], custom_code="Rejector")
    model = tmp_path / "rejector.tflite"
    model.write_bytes(g.build([x], [y]))
    result = cli("verify", model, "--custom-ops", CUSTOM, "-o", tmp_path / "fw")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "firmware reported: ERROR prepare failed at node 0 (Rejector): Rejector wants a 4-D input" in result.stderr


FLEX_TEST = r"""
#include <stdio.h>
#include <stdlib.h>
#include "mg_flexbuffers.h"
int main(int argc, char **argv) {
    FILE *f = fopen(argv[1], "rb"); static unsigned char buf[4096]; unsigned n = (unsigned)fread(buf, 1, sizeof buf, f);
    for (int i = 2; i < argc; ++i) {
        int32_t v = 0; float x = 0;
        if (mg_flex_get_int(buf, n, argv[i], &v)) printf("%s=int:%d\n", argv[i], v);
        else if (mg_flex_get_float(buf, n, argv[i], &x)) printf("%s=float:%g\n", argv[i], x);
        else printf("%s=none\n", argv[i]);
    }
    return 0;
}
"""


def test_flexbuffers_reader(tmp_path):
    root = FIRMWARE / "runtime"
    (tmp_path / "t.c").write_text(FLEX_TEST)
    exe = tmp_path / "t"
    subprocess.run(
        [
            "gcc",
            "-std=c99",
            "-Wall",
            "-Werror",
            f"-I{root}",
            str(tmp_path / "t.c"),
            str(root / "mg_flexbuffers.c"),
            "-o",
            str(exe),
        ],
        check=True,
    )
    options = {"a": 1, "big": 70000, "neg": -5, "huge": 1 << 40, "f": 0.25, "d": 1.5, "flag": True, "s": "text"}
    (tmp_path / "opts.bin").write_bytes(flexbuffers.Dumps(options))
    out = subprocess.run(
        [str(exe), str(tmp_path / "opts.bin"), "a", "big", "neg", "huge", "f", "d", "flag", "s", "missing"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert out == [
        "a=int:1",
        "big=int:70000",
        "neg=int:-5",
        "huge=none",
        "f=float:0.25",
        "d=float:1.5",
        "flag=int:1",
        "s=none",
        "missing=none",
    ]
    (tmp_path / "junk.bin").write_bytes(bytes(range(7, 40)))
    junk = subprocess.run([str(exe), str(tmp_path / "junk.bin"), "a"], capture_output=True, text=True, check=True)
    assert junk.stdout.split() == ["a=none"]


@pytest.mark.qemu
def test_verbose_build_logs_lookups_and_prepares(cli, tmp_path):
    from conftest import MLP_FLOAT_IO

    assert cli("generate", MLP_FLOAT_IO, "--board", "mps2-an386", "-o", tmp_path / "fw", "--verbose").returncode == 0
    result = cli("run", tmp_path / "fw", "--random", 1, "--json")
    assert result.returncode == 0, result.stderr
    from generator.boards import load_board
    from generator.emit import load_project
    from generator.pipeline import random_sets
    from generator.run import run_qemu

    project = load_project(tmp_path / "fw")
    run = run_qemu(
        tmp_path / "fw" / ".pio" / "build" / "mps2-an386" / "firmware.elf",
        load_board("mps2-an386"),
        project.inputs,
        project.outputs,
        random_sets(project.inputs, 1, 0),
    )
    lines = [line for line in run.console.splitlines() if line.startswith("MCUGEN VERBOSE")]
    assert lines[0] == "MCUGEN VERBOSE lookup node 0 (QUANTIZE): found"
    assert "MCUGEN VERBOSE prepare node 4 (DEQUANTIZE): ok" in lines and len(lines) == 10
