"""Several models in one firmware (issue 18): one resolver over the union of kernels, each kernel source and the
runtime once, one shared arena (the largest plan, byte for byte) or one each, and every model's outputs bit-exact
when they run interleaved on one firmware image."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

from conftest import FIXTURES, MLP_INT8
from generator import zoo
from generator.boards import load_board
from generator.build import build
from generator.cli import main
from generator.measure import measure
from generator.pipeline import Options, checked_graph, generate, load_model, plan_models
from generator.plan import plan

STREAM = FIXTURES / "stream_int8.tflite"
CONV = FIXTURES / "conv_relu_int8.tflite"
THREE = ["keyword_spotting", "anomaly_detection", "tflite_micro_magic_wand"]


def arena_of(model, board) -> int:
    return plan(checked_graph(load_model(model), Options(load_board(board)))).arena_size


@pytest.mark.parametrize(
    "args, message",
    [
        (["--name", "a", "a"], "two models are named 'a'"),
        (["--name", "a", "2b"], "'2b' is not a C identifier"),
        (["--name", "a"], "1 --name value(s) for 2 models"),
        (["--arena", "separate", "--name", "x", "x"], "two models are named 'x'"),
    ],
)
def test_bad_names_get_one_error_line(tmp_path, capsys, args, message):
    status = main(["generate", str(MLP_INT8), str(CONV), "--board", "mps2-an386", "-o", str(tmp_path / "fw"), *args])
    out, err = capsys.readouterr()
    assert status == 2 and out == "" and not (tmp_path / "fw").exists()
    assert err.count("\n") == 1 and err.startswith("mcugen: error: ") and message in err


def test_arena_needs_several_models(tmp_path, capsys):
    status = main(["generate", str(MLP_INT8), "--board", "mps2-an386", "-o", str(tmp_path / "fw"), "--arena", "shared"])
    assert status == 2 and "--arena divides memory between several models" in capsys.readouterr().err


def test_one_resolver_one_copy_of_each_kernel_and_the_largest_arena(tmp_path, capsys):
    out = tmp_path / "fw"
    args = ["generate", str(MLP_INT8), str(CONV), str(STREAM), "--board", "mps2-an386", "-o", str(out)]
    assert main([*args, "--as", "firmware", "--name", "mlp", "conv", "s"]) == 0, capsys.readouterr().err
    manifest = json.loads((out / "mcugen.json").read_text())
    assert manifest["form"] == "multi" and [m["name"] for m in manifest["models"]] == ["mlp", "conv", "s"]
    arenas = [arena_of(m, "mps2-an386") for m in (MLP_INT8, CONV, STREAM)]
    assert manifest["arena_bytes"] == max(arenas)
    assert (
        f"uint8_t mg_arena[MG_ARENA_GUARD_BYTES + {max(arenas)} + MG_ARENA_GUARD_BYTES]"
        in (out / "src/mg_arena.c").read_text()
    )
    resolver = (out / "src/op_resolver.h").read_text()
    registrations = re.findall(r"resolver\.Add\w+\(.*?&(\w+)", resolver)
    assert registrations and len(registrations) == len(set(registrations))
    assert len(list((out / "src").glob("*op_resolver.cc"))) == 1
    # each model keeps its own persistent state; only the stateful one has any
    assert "uint8_t mg_persistent[" in (out / "src/s_arena_plan.c").read_text()
    assert "mg_persistent" not in (out / "src/mlp_arena_plan.c").read_text()
    assert "#define g_plan s__g_plan" in (out / "src/s_symbols.h").read_text()


def test_separate_arenas_define_one_each(tmp_path):

    project, parts = generate([MLP_INT8, CONV], Options(load_board("mps2-an386"), arena="separate"), tmp_path / "fw")
    assert project.arena_bytes == sum(p.plan.arena_size for p in parts)
    assert not (tmp_path / "fw/src/mg_arena.c").exists()
    assert "#define mg_arena conv_relu_int8__mg_arena" in (tmp_path / "fw/src/conv_relu_int8_symbols.h").read_text()


def test_plan_attributes_each_model(capsys):
    assert main(["plan", str(MLP_INT8), str(STREAM), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    rows = {m["name"]: m for m in report["models"]}
    assert rows["stream_int8"]["persistent_bytes"] > 0 and rows["mlp_int8"]["persistent_bytes"] == 0
    assert report["firmware"]["arena_bytes"] == max(m["arena_bytes"] for m in report["models"])
    assert report["firmware"]["model_bytes"] == MLP_INT8.stat().st_size + STREAM.stat().st_size


@pytest.mark.qemu
@pytest.mark.slow
@pytest.mark.parametrize("board", ["mps2-an386", "mps3-an547"])
def test_three_zoo_models_interleaved_bit_exact_in_one_firmware(tmp_path, cli, capsys, board):
    models = [zoo.resolve(m) for m in THREE]
    r = cli("verify", *models, "--board", board, "-o", tmp_path / "fw", "--random", "3", "--json")
    assert r.returncode == 0, r.stderr
    report = json.loads(r.stdout)
    assert report["match"] and report["interleaved"]
    assert all(m["match"] and m["max_abs_diff"] == 0 for m in report["models"])
    # the shared arena is the largest single-model arena, byte for byte
    assert report["arena_bytes"] == max(arena_of(m, board) for m in models)
    if board != "mps2-an386":  # run on the same folder: each model's outputs and cost, split out
        assert main(["run", str(tmp_path / "fw"), "--random", "1", "--json"]) == 0
        ran = json.loads(capsys.readouterr().out)["models"]
        assert [m["name"] for m in ran] == THREE and all(m["cost_per_inference"] > 0 and m["sets"] for m in ran)
        return
    # size attributes each model's bytes, arena plan and own tables
    assert main(["size", str(tmp_path / "fw"), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["models"]
    planned = plan_models(models, Options(load_board(board)))
    assert [r["model_bytes"] for r in rows] == [len(p.plan.graph.model_bytes) for p in planned]
    # each model's plan as beside the others: in the shared arena only the largest counts, so a smaller model plans
    # without the row patches it takes alone (magic_wand: 1,968 B alone, patched; here its whole plan)
    assert [r["arena_bytes"] for r in rows] == [p.plan.arena_size for p in planned]
    alone = plan_models(models[2:], Options(load_board(board)))[0].plan
    assert (
        alone.patches.bands
        and not planned[2].plan.patches
        and planned[2].plan.arena_size <= max(r["arena_bytes"] for r in rows)
    )
    assert all(r["tables_flash_bytes"] > 0 and r["tables_ram_bytes"] > 0 for r in rows)
    # flash <= every model's bytes + the code of the largest single-model firmware + 15 %
    codes = []
    for model in models:
        project, _ = generate([model], Options(load_board(board)), tmp_path / model.stem)
        codes.append(measure(build(project.path).elf).code)
    model_bytes = sum(len(p.plan.graph.model_bytes) for p in planned)
    assert report["model_bytes"] == model_bytes
    assert report["flash_bytes"] <= (model_bytes + max(codes)) * 1.15


def test_inputs_per_model_or_prefixed_keys_split_the_same(tmp_path):
    from generator.emit import load_project
    from generator.pipeline import InputChoice, input_sets, shares

    project, _ = generate([MLP_INT8, CONV], Options(load_board("mps2-an386")), tmp_path / "fw", names=["a", "b"])
    project = load_project(project.path)
    models = shares(project)
    rng = np.random.default_rng(1)
    arrays = [rng.integers(-128, 127, size=(2, *project.inputs[m.first_input].shape), dtype=np.int8) for m in models]
    np.savez(tmp_path / "a.npz", input_0=arrays[0])
    np.savez(tmp_path / "b.npz", input_0=arrays[1])
    np.savez(tmp_path / "all.npz", **{"a/input_0": arrays[0], "b/input_0": arrays[1]})
    each = input_sets(project, models, InputChoice((tmp_path / "a.npz", tmp_path / "b.npz")))
    prefixed = input_sets(project, models, InputChoice((tmp_path / "all.npz",)))
    assert len(each) == 2
    for x, y in zip(each, prefixed):
        assert all(np.array_equal(u, v) for u, v in zip(x, y))


TWO_MODEL_MAIN = r"""
#include <stdint.h>
#include "console.h"
#include "a.h"
#include "b.h"

/* Interleaved runs of two models sharing one arena: a, b, a, b, ... each with its own inputs. */
static int run(int step, const char *which, int (*invoke)(void), const mcugen_tensor *input,
               const mcugen_tensor *output)
{
    for (size_t i = 0; i < input->bytes; ++i) ((uint8_t *)input->data)[i] = (uint8_t)(i * 7u + (unsigned)step * 13u);
    if (invoke() != 0) return 1;
    console_write(which);
    console_write(" ");
    console_write_int(step);
    console_write(" ");
    console_write_hex(output->data, output->bytes);
    console_write("\n");
    return 0;
}

int main(void)
{
    console_init();
    if (a_init() != 0 || b_init() != 0) { console_write("error\n"); return 1; }
    for (int step = 0; step < 4; ++step) {
        if (run(step, "a", a_invoke, a_input(0), a_output(0)) || run(step, "b", b_invoke, b_input(0), b_output(0))) {
            console_write("error\n");
            return 1;
        }
    }
    console_write("done\n");
    return 0;
}
"""


@pytest.mark.qemu
def test_library_of_two_models_sharing_the_arena_matches_tflite_micro(tmp_path):
    """One library (two APIs, one runtime, one arena) linked into an application of our own, run interleaved."""
    import subprocess

    from tflite_micro.python.tflite_micro import runtime

    from generator.paths import ROOT

    example = ROOT / "examples" / "keyword_spotter"
    board = load_board("mps2-an386")
    lib = tmp_path / "lib"
    generate([MLP_INT8, CONV], Options(board), lib, names=["a", "b"], library=True)
    (tmp_path / "main.c").write_text(TWO_MODEL_MAIN)
    cpu = ["-mcpu=cortex-m4", "-mthumb", "-mfpu=fpv4-sp-d16", "-mfloat-abi=hard"]
    flags = [*cpu, "-Os", "-ffunction-sections", "-fdata-sections", "-ffp-contract=off", "-DMG_MULTI_MODEL"]
    includes = [f"-I{d}" for d in (lib / "include", lib / "src", lib / "src/runtime", lib / "src/kernels")]
    includes.append(f"-I{example / 'src'}")
    c_sources = [*lib.rglob("*.c"), tmp_path / "main.c", example / "src" / "console.c", example / "src" / "startup.c"]
    cxx = ["-std=c++17", "-fno-exceptions", "-fno-rtti", "-fno-threadsafe-statics"]
    objects = tmp_path / "objects"
    objects.mkdir()
    for lang, sources in (([], c_sources), (cxx, list(lib.rglob("*.cc")))):  # one compiler run per language
        cmd = ["arm-none-eabi-gcc", *flags, *lang, *includes, "-c", *map(str, sources)]
        result = subprocess.run(cmd, capture_output=True, text=True, cwd=objects)
        assert result.returncode == 0, result.stderr
    objects = sorted(map(str, objects.glob("*.o")))
    elf = tmp_path / "app.elf"
    link = ["arm-none-eabi-gcc", *cpu, "-nostartfiles", f"-T{example / 'mps2_an386.ld'}", "-Wl,--gc-sections"]
    result = subprocess.run([*link, *objects, "-lc", "-lm", "-lgcc", "-lnosys", "-o", str(elf)], capture_output=True)
    assert result.returncode == 0, result.stderr
    run = subprocess.run(["qemu-system-arm", *board.qemu_arguments(str(elf))], capture_output=True, text=True)
    lines = run.stdout.replace("\r", "").splitlines()
    assert run.returncode == 0 and lines[-1] == "done", lines[-5:]
    for name, model in (("a", MLP_INT8), ("b", CONV)):
        ref = runtime.Interpreter.from_file(str(model), arena_size=1 << 20)
        spec = ref.get_input_details(0)
        size = int(np.prod(spec["shape"]))
        for step in range(4):
            values = ((np.arange(size) * 7 + step * 13) & 0xFF).astype(np.uint8).view(spec["dtype"])
            ref.set_input(values.reshape(spec["shape"]), 0)
            ref.invoke()
            assert f"{name} {step} {ref.get_output(0).tobytes().hex()}" in lines
