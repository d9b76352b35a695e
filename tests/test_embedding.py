"""The model in an application of our own (examples/keyword_spotter) through the library's C API only, built as a
CMake project, as a PlatformIO project and by plain arm-none-eabi-gcc with -nostdlib; plus a harness project that
is moved before `pio run` builds it. Every run is QEMU, every output is compared bit for bit with tflite-micro."""

import json
import os
import re
import shutil
import subprocess
import sys
from fractions import Fraction

import numpy as np
import pytest

from conftest import MLP_FLOAT_IO, MLP_INT8
from generator import zoo
from generator.boards import load_board
from generator.build import pio_env
from generator.build.pio_core import prepare_core
from generator.compare import compare
from generator.paths import ROOT
from generator.pipeline import Options, generate

pytestmark = pytest.mark.qemu

EXAMPLE = ROOT / "examples" / "keyword_spotter"
STEPS = 6  # main.c's NUM_STEPS
BOARD = load_board("mps2-an386")


def offline(cmd: list[str]) -> list[str]:
    if shutil.which("unshare") and subprocess.run(["unshare", "-n", "true"]).returncode == 0:
        return ["unshare", "-n", *cmd]
    return cmd


def example_with_library(tmp_path, model=MLP_INT8):
    """A copy of the example with the model's library generated where its build files look for it."""
    app = tmp_path / "app"
    shutil.copytree(EXAMPLE, app, ignore=shutil.ignore_patterns("generated", "build", ".pio"))
    generate([model], Options(BOARD), app / "generated" / "kws", ["kws"], library=True)
    return app


def quantize(x: np.float32, scale: float, zero_point: int, dtype) -> int:
    """mcugen_set_float's integer: float32 division, rounding half away from zero, clamping."""
    exact = Fraction(float(np.float32(x / np.float32(scale))))
    rounded = int(abs(exact) + Fraction(1, 2)) * (1 if exact >= 0 else -1)
    info = np.iinfo(dtype)
    return min(info.max, max(info.min, rounded + zero_point))


def reference_outputs(library, model) -> list[np.ndarray]:
    """What main.c feeds the model, step by step (the same feature generator, quantization and sliding window),
    run through tflite-micro: each step's first output."""
    from tflite_micro.python.tflite_micro import runtime

    spec = json.loads((library / "mcugen.json").read_text())["inputs"][0]
    dtype, shape = np.dtype(spec["dtype"].lower()), spec["shape"]
    elements = int(np.prod(shape))
    frame = elements // shape[1] if len(shape) >= 2 and shape[1] > 0 else elements
    ref = runtime.Interpreter.from_file(str(model), arena_size=1 << 20)
    state, window, outputs = 12345, np.zeros(elements, dtype), []
    for _ in range(STEPS):
        window[: elements - frame] = window[frame:].copy()
        for i in range(elements - frame, elements):
            state = (state * 1664525 + 1013904223) & 0xFFFFFFFF
            x = np.float32(np.int8(np.uint8(state >> 24)))
            window[i] = x if dtype.kind == "f" else quantize(x, spec["scale"], spec["zero_point"], dtype)
        ref.set_input(window.reshape(shape), 0)
        ref.invoke()
        outputs.append(ref.get_output(0).copy())
    return outputs


def assert_matches_reference(lines: list[str], library, model) -> None:
    """The device's outputs equal tflite-micro's (generator/compare: integers bit for bit, floats within tolerance)
    and its best class is the reference's."""
    expected = reference_outputs(library, model)
    assert lines[-1] == "done" and len(lines) == 2 * STEPS + 1, lines[-5:]
    device = []
    for step, ref in enumerate(expected):
        head, _, data = lines[2 * step].rpartition(" ")
        assert head == f"step {step} output 0"
        device.append(np.frombuffer(bytes.fromhex(data), ref.dtype).reshape(ref.shape))
        assert lines[2 * step + 1] == f"step {step} best {int(np.argmax(ref.ravel()))}"
    assert compare([[d] for d in device], [[r] for r in expected]).match


def run_in_qemu(elf) -> list[str]:
    result = subprocess.run(
        ["qemu-system-arm", *BOARD.qemu_arguments(str(elf))], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    return result.stdout.replace("\r", "").splitlines()


def test_cmake_example_with_a_real_keyword_spotter_matches_tflite_micro(tmp_path):
    """The MLPerf Tiny DS-CNN keyword spotter (input [1, 49, 10, 1]: 49 frames of 10 features, 12 classes)."""
    model = zoo.resolve("keyword_spotting")
    app = example_with_library(tmp_path, model)
    build = tmp_path / "build"
    for cmd in (
        ["cmake", "-S", app, "-B", build, f"-DCMAKE_TOOLCHAIN_FILE={app / 'arm-none-eabi.cmake'}"],
        ["cmake", "--build", build],
    ):
        result = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, timeout=600)
        assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    link = (build / "CMakeFiles" / "keyword_spotter.dir" / "link.txt").read_text()
    assert link.split()[0].endswith("arm-none-eabi-gcc")  # the C driver: no libstdc++ comes in
    assert_matches_reference(run_in_qemu(build / "keyword_spotter.elf"), app / "generated" / "kws", model)
    placed = subprocess.run(["arm-none-eabi-size", "-A", build / "keyword_spotter.elf"], capture_output=True, text=True)
    sizes = dict(re.findall(r"^(\.\w+)\s+(\d+)", placed.stdout, flags=re.M))
    manifest = json.loads((app / "generated" / "kws" / "mcugen.json").read_text())
    # the linker script's sections: the arena, and the firmware's copy of the model (the .tflite as planned: row
    # patches and rewrites may make it differ from the file given)
    assert int(sizes[".arena"]) == manifest["arena_bytes"] + 32 and int(sizes[".model"]) == manifest["model_bytes"]


def test_platformio_example_with_float_inputs_matches_tflite_micro(tmp_path):
    """A model with float32 input and output: mcugen_set_float stores the features as they are."""
    app = example_with_library(tmp_path, MLP_FLOAT_IO)
    cmd = offline([sys.executable, "-m", "platformio", "run", "-d", str(app)])
    result = subprocess.run(cmd, env=pio_env(prepare_core()), capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    elf = app / ".pio" / "build" / "mps2-an386" / "firmware.elf"
    assert_matches_reference(run_in_qemu(elf), app / "generated" / "kws", MLP_FLOAT_IO)


def test_links_with_gcc_alone_without_any_standard_library_or_startup(tmp_path):
    """-nostdlib -nostartfiles: only newlib's libc/libm and libgcc are named, so a libstdc++ or C++ ABI symbol
    (operator new, __cxa_guard_*, __gxx_personality_v0) would be an undefined reference."""
    app = example_with_library(tmp_path)
    lib = app / "generated" / "kws"
    cpu = ["-mcpu=cortex-m4", "-mthumb", "-mfpu=fpv4-sp-d16", "-mfloat-abi=hard"]
    flags = [*cpu, "-Os", "-ffunction-sections", "-fdata-sections", "-ffp-contract=off"]
    includes = [f"-I{lib / d}" for d in ("include", "src", "src/runtime", "src/kernels")]
    objects = []
    for source in sorted([*lib.rglob("*.c"), *lib.rglob("*.cc"), *(app / "src").glob("*.c")]):
        obj = tmp_path / f"{len(objects)}.o"
        cxx = ["-std=c++17", "-fno-exceptions", "-fno-rtti", "-fno-threadsafe-statics"]
        lang = cxx if source.suffix == ".cc" else ["-std=c99"]
        cmd = ["arm-none-eabi-gcc", *flags, *lang, *includes, "-c", str(source), "-o", str(obj)]
        result = subprocess.run(cmd, capture_output=True, text=True)
        assert result.returncode == 0, result.stderr
        objects.append(str(obj))
    elf = tmp_path / "app.elf"
    link = [
        "arm-none-eabi-gcc",
        *cpu,
        "-nostdlib",
        "-nostartfiles",
        f"-T{app / 'mps2_an386.ld'}",
        "-Wl,--gc-sections",
        f"-Wl,-Map,{tmp_path / 'app.map'}",
        *objects,
        "-lc",
        "-lm",
        "-lgcc",
        "-lnosys",
        "-o",
        str(elf),
    ]
    result = subprocess.run(link, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert not re.search(r"libstdc\+\+|libsupc\+\+|__cxa_|__gxx_personality", (tmp_path / "app.map").read_text())
    assert_matches_reference(run_in_qemu(elf), lib, MLP_INT8)


def test_a_moved_project_builds_with_pio_run_and_runs(tmp_path, cli):
    generate([MLP_INT8], Options(BOARD), tmp_path / "fw")
    moved = tmp_path / "elsewhere" / "fw"
    moved.parent.mkdir()
    shutil.move(tmp_path / "fw", moved)
    env = {k: v for k, v in pio_env(prepare_core()).items() if k != "PLATFORMIO_CORE_DIR"}  # platformio.ini's
    cmd = offline([sys.executable, "-m", "platformio", "run"])  # `pio run` in the folder, nothing else
    result = subprocess.run(cmd, cwd=moved, env=env, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    x = np.random.default_rng(9).integers(-128, 128, size=(2, 1, 10)).astype(np.int8)
    np.savez(tmp_path / "in.npz", input_0=x)
    run = cli("run", moved, "--inputs", tmp_path / "in.npz", "--json")
    assert run.returncode == 0, run.stderr
    from tflite_micro.python.tflite_micro import runtime

    ref = runtime.Interpreter.from_file(str(MLP_INT8), arena_size=1 << 20)
    for got, values in zip(json.loads(run.stdout)["sets"], x):
        ref.set_input(values, 0)
        ref.invoke()
        assert np.array_equal(np.array(got["outputs"][0]), ref.get_output(0))


def test_platformio_models_option_regenerates_only_when_the_model_changed(tmp_path):
    """The example's `models` env as it is shipped (its model.tflite beside platformio.ini): custom_mcugen_models
    plus the one extra_scripts line generate the library into the build folder at the first build, leave it alone
    while the .tflite is untouched, and regenerate it after."""
    app = tmp_path / "app"
    shutil.copytree(EXAMPLE, app, ignore=shutil.ignore_patterns("generated", "build", ".pio"))
    model = app / "model.tflite"
    env = pio_env(prepare_core())

    def pio_run() -> str:
        cmd = offline([sys.executable, "-m", "platformio", "run", "-d", str(app), "-e", "models"])
        result = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=600)
        assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
        return result.stdout

    library = app / ".pio" / "build" / "models" / "mcugen" / "kws"
    assert "mcugen: generated kws from model.tflite" in pio_run()
    assert_matches_reference(run_in_qemu(app / ".pio" / "build" / "models" / "firmware.elf"), library, model)
    written = (library / "mcugen.json").stat().st_mtime_ns
    assert "mcugen: kws is up to date" in pio_run()
    assert (library / "mcugen.json").stat().st_mtime_ns == written
    os.utime(model)
    assert "mcugen: generated kws from model.tflite" in pio_run()


TWO_MODELS_MAIN = r"""
#include "a.h"
#include "b.h"
#include "console.h"

/* The same values into every input element, converted to the input's type. */
static void fill(const mcugen_tensor *t)
{
    size_t n = 1;
    for (int32_t i = 0; i < t->rank; ++i) n *= (size_t)t->dims[i];
    for (size_t i = 0; i < n; ++i) mcugen_set_float(t, i, (float)((int)(i % 7) - 3) * 0.5f);
}

static void show(const char *tag, const mcugen_tensor *t)
{
    console_write(tag);
    console_write_hex(t->data, t->bytes);
    console_write("\n");
}

int main(void)
{
    console_init();
    if (a_init() != 0 || b_init() != 0) return 1;
    fill(a_input(0));
    if (a_invoke() != 0) return 1;
    show("a ", a_output(0));
    fill(b_input(0));
    if (b_invoke() != 0) return 1;
    show("b ", b_output(0));
    fill(a_input(0));
    if (a_invoke() != 0) return 1;
    show("a ", a_output(0));
    return 0;
}
"""


def test_two_model_libraries_link_side_by_side(tmp_path):
    """Each library's names carry its prefix (NAME_symbols.h), so two models, each with its own runtime and
    kernels (some the same), link into one application and keep apart."""
    from tflite_micro.python.tflite_micro import runtime

    app = tmp_path / "two"
    (app / "src").mkdir(parents=True)
    for name in ("console.c", "console.h", "startup.c"):
        shutil.copy(EXAMPLE / "src" / name, app / "src" / name)
    (app / "src" / "main.c").write_text(TWO_MODELS_MAIN)
    (app / "CMakeLists.txt").write_text(
        "cmake_minimum_required(VERSION 3.13)\nproject(two C)\nadd_subdirectory(a)\nadd_subdirectory(b)\n"
        "add_executable(two src/main.c src/console.c src/startup.c)\n"
        "set_target_properties(two PROPERTIES LINKER_LANGUAGE C)\ntarget_link_libraries(two PRIVATE a b)\n"
        f"target_link_options(two PRIVATE -nostartfiles -T{EXAMPLE / 'mps2_an386.ld'})\n"
    )
    models = {"a": MLP_INT8, "b": MLP_FLOAT_IO}
    for name, model in models.items():
        generate([model], Options(BOARD), app / name, [name], library=True)
    build = tmp_path / "build"
    for cmd in (
        ["cmake", "-S", app, "-B", build, f"-DCMAKE_TOOLCHAIN_FILE={EXAMPLE / 'arm-none-eabi.cmake'}"],
        ["cmake", "--build", build],
    ):
        result = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, timeout=600)
        assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    lines = run_in_qemu(build / "two")
    expected = {}
    for name, model in models.items():
        spec = json.loads((app / name / "mcugen.json").read_text())["inputs"][0]
        dtype = np.dtype(spec["dtype"].lower())
        values = [np.float32(i % 7 - 3) * np.float32(0.5) for i in range(int(np.prod(spec["shape"])))]
        if dtype.kind != "f":
            values = [quantize(v, spec["scale"], spec["zero_point"], dtype) for v in values]
        ref = runtime.Interpreter.from_file(str(model), arena_size=1 << 20)
        ref.set_input(np.array(values, dtype).reshape(spec["shape"]), 0)
        ref.invoke()
        expected[name] = ref.get_output(0).copy()
    assert [line.split()[0] for line in lines] == ["a", "b", "a"]
    for line in lines:
        tag, data = line.split()
        ref = expected[tag]
        got = np.frombuffer(bytes.fromhex(data), ref.dtype).reshape(ref.shape)
        assert compare([[got]], [[ref]]).match, (tag, got, ref)
