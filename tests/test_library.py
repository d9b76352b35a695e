"""The library form (`mcugen generate --as library`) and relocatable projects, without building anything: the
layout and C API the issue specifies, the option errors, and no generated file naming mcugen's checkout."""

import json
import re
import shutil
import subprocess

import pytest

from conftest import MLP_INT8, run_cli
from generator.boards import load_board
from generator.cli import main
from generator.emit.library import library_name
from generator.errors import McugenError
from generator.paths import ROOT
from generator.pipeline import Options, generate, load_project

API = [
    "init",
    "init_with_arena",
    "num_inputs",
    "num_outputs",
    "input",
    "output",
    "invoke",
    "error",
    "info",
    "context_init",
    "context_invoke",
    "context_input",
    "context_output",
    "context_error",
    "set_profiler",
]


@pytest.fixture(scope="module")
def library(tmp_path_factory):
    out = tmp_path_factory.mktemp("lib") / "kws"
    generate([MLP_INT8], Options(load_board("mps2-an386")), out, ["kws"], library=True)
    return out


def test_layout_is_the_issues(library):
    files = {p.relative_to(library).as_posix() for p in library.rglob("*") if p.is_file()}
    assert {"include/mcugen.h", "include/kws.h", "library.json", "CMakeLists.txt", "mcugen.json"} <= files
    assert {f.split("/")[0] for f in files} == {
        "include",
        "src",
        "library.json",
        "CMakeLists.txt",
        "mcugen.json",
        "cxxflags.py",
        "arm-none-eabi.cmake",
    }
    sources = "".join((library / f).read_text() for f in files if f.startswith("src/") and f.endswith((".c", ".cc")))
    assert not re.search(r"\bint\s+main\s*\(", sources) and "Reset_Handler" not in sources
    assert "uart" not in " ".join(files).lower() and not [f for f in files if "startup" in f or "main" in f]
    assert "malloc" not in sources  # and the one operator new is mg_library.h's placement form: it allocates nothing
    headers = "".join((library / f).read_text() for f in files if f.startswith("src/") and f.endswith(".h"))
    assert re.findall(r"operator new\((.*)\)", sources + headers) == [
        "decltype(sizeof 0), void *storage, mg_in_storage"
    ]


def test_kernels_of_types_no_node_uses_stay_out(library):
    """mlp_int8 is int8 throughout: FULLY_CONNECTED's int16 kernel stays out of src/, as in the harness, and an
    alias of one trapping function (under the library's prefix, like every name) stands in for what the
    registration's type switch names."""
    kernels = {p.name for p in (library / "src" / "kernels").glob("*.c")}
    assert "fully_connected_s8_dsp.c" in kernels and "fully_connected_s16_dsp.c" not in kernels
    absent = (library / "src" / "mg_absent_kernels.c").read_text()
    assert 'void mg_fully_connected_s16_dsp(void) __attribute__((alias("kws__mg_kernel_absent")));' in absent
    assert "    src/mg_absent_kernels.c\n" in (library / "CMakeLists.txt").read_text()


def test_every_linked_name_carries_the_library_name(library):
    """Two libraries link side by side: each source opens with kws_symbols.h, which prefixes every mg_*/g_* name
    and the runtime's namespace."""
    symbols = (library / "src" / "kws_symbols.h").read_text()
    for name in ("mg_arena", "mg_model_data", "g_plan", "mg_tensors", "mg_failure_reason", "mcugen", "AddModelOps"):
        assert f"#define {name} kws__{name}\n" in symbols
    for source in [*library.rglob("*.c"), *library.rglob("*.cc")]:
        assert source.read_text().startswith('#include "kws_symbols.h"'), source
    assert "kws_symbols" not in (library / "include" / "kws.h").read_text()  # the API keeps its own names


def test_api_has_exactly_the_issues_names(library):
    header = (library / "include" / "kws.h").read_text()
    declared = re.findall(r"^[a-z].*\b(kws_\w+)\(.*\);$", header, flags=re.M)
    assert declared == [f"kws_{name}" for name in API]
    assert "int kws_init(void);" in header and "const mcugen_tensor *kws_input(int index);" in header
    shared = (library / "include" / "mcugen.h").read_text()
    fields = [
        "void *data;",
        "size_t bytes;",
        "int32_t rank;",
        "const int32_t *dims;",
        "int32_t type;",
        "float scale;",
        "int32_t zero_point;",
        "const char *name;",
    ]
    body = shared[shared.index("typedef struct {") : shared.index("} mcugen_tensor;")]
    assert [line.split("/*")[0].strip() for line in body.splitlines()[1:]] == fields


def test_manifests_build_a_static_library_with_public_include(library):
    cmake = (library / "CMakeLists.txt").read_text()
    assert "add_library(kws STATIC" in cmake and "PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/include" in cmake
    assert "-mcpu" not in cmake and "-O" not in cmake  # the including project's toolchain and flags
    for source in re.findall(r"^\s+(src/\S+)$", cmake, flags=re.M):
        assert (library / source).is_file()
    manifest = json.loads((library / "library.json").read_text())
    assert manifest["name"] == "kws" and manifest["build"]["includeDir"] == "include"
    assert (library / manifest["build"]["extraScript"]).is_file()


def test_io_table_says_what_the_model_says(library):
    project = json.loads((library / "mcugen.json").read_text())
    assert project["form"] == "library" and project["library_name"] == "kws"
    table = (library / "src" / "kws_tensors.c").read_text()
    (row,) = re.findall(r"kws_inputs_table\[1\] = \{\n\s+\{ (.*) \},", table)
    data, size, rank, _, dtype, _, zero_point, name = [f.strip() for f in row.split(", ")]
    spec = project["inputs"][0]
    assert int(size.rstrip("u")) == 10 and int(rank) == len(spec["shape"]) == 2
    assert int(dtype) == 9 and int(zero_point) == spec["zero_point"] and data.startswith("mg_arena + ")
    assert name == f'"{spec["name"]}"'


@pytest.mark.parametrize("stem,name", [("kws_int8", "kws_int8"), ("1-model.v2", "_1_model_v2"), ("mlp", "mlp")])
def test_default_name_is_the_stem_made_an_identifier(stem, name):
    assert library_name(stem) == name


@pytest.mark.parametrize(
    "args,phrase",
    [
        (["--as", "library", "--name", "1abc"], "is not a C identifier"),
        (["--as", "library", "--name", "int"], "is not a C identifier"),
        (["--as", "library", "--name", "mg_net"], "clashes with mcugen's own names"),
        (["--name", "net"], "add --as library"),
        (["--as", "library", "--verbose"], "a library has none"),
        (["--as", "executable"], "invalid choice"),
    ],
)
def test_bad_library_options_are_one_error_line(tmp_path, capsys, args, phrase):
    status = main(["generate", str(MLP_INT8), "--board", "mps2-an386", "-o", str(tmp_path / "out"), *args])
    err = capsys.readouterr().err
    assert status == 2 and err.startswith("mcugen: error: ") and err.count("\n") == 1 and phrase in err
    assert not (tmp_path / "out").exists()


def test_a_bad_name_from_the_command_line(tmp_path):
    result = run_cli(
        "generate", MLP_INT8, "--board", "mps2-an386", "-o", tmp_path / "o", "--as", "library", "--name", "my-net"
    )
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.startswith("mcugen: error: --name 'my-net' is not a C identifier")
    assert result.stderr.count("\n") == 1 and not (tmp_path / "o").exists()


def test_build_refuses_a_library_folder(library):
    with pytest.raises(McugenError, match="is a model library"):
        load_project(library)


def test_no_generated_file_names_the_checkout(tmp_path):
    generate([MLP_INT8], Options(load_board("mps2-an386")), tmp_path / "fw")
    generate([MLP_INT8], Options(load_board("mps2-an386")), tmp_path / "lib", ["mlp"], library=True)
    for path in [*(tmp_path / "fw").rglob("*"), *(tmp_path / "lib").rglob("*")]:
        if path.is_file():
            assert str(ROOT) not in path.read_text(errors="replace"), path
    ini = (tmp_path / "fw" / "platformio.ini").read_text()
    assert "platform = mcugen-cortexm" in ini and "symlink://" not in ini and "boards_dir" not in ini
    shutil.move(tmp_path / "fw", tmp_path / "moved")
    assert load_project(tmp_path / "moved").board == "mps2-an386"


# --- custom_mcugen_models (PlatformIO integration) --------------------------------------------------------------


def test_models_option_lines(tmp_path):
    from generator.pio_models import parse_models

    shutil.copy(MLP_INT8, tmp_path / "kws-v2.tflite")
    entries = [parse_models(text, tmp_path)[0] for text in ("kws-v2.tflite\n", "\n kws-v2.tflite name=o backend=dsp")]
    assert [(e.path.name, e.name, e.backend) for e in entries] == [
        ("kws-v2.tflite", "kws_v2", "auto"),
        ("kws-v2.tflite", "o", "dsp"),
    ]


@pytest.mark.parametrize(
    "text,phrase",
    [
        ("missing.tflite", "is not a file"),
        ("m.tflite speed=fast", "only name=... and backend=..."),
        ("m.tflite name=1x", "is not a C identifier"),
        ("m.tflite\nm.tflite", "two models have one name"),
    ],
)
def test_bad_models_option_is_one_error_line(tmp_path, capsys, text, phrase):
    from generator.pio_models import main as pio_models_main

    shutil.copy(MLP_INT8, tmp_path / "m.tflite")
    assert pio_models_main([str(tmp_path), str(tmp_path / "out"), "mps2-an386", text]) == 2
    err = capsys.readouterr().err
    assert err.startswith("mcugen: error: ") and err.count("\n") == 1 and phrase in err


def test_models_option_board_names(capsys):
    from generator.pio_models import mcugen_board

    assert mcugen_board("nucleo_f446re") == "nucleo-f446re" and mcugen_board("mps2-an386") == "mps2-an386"
    with pytest.raises(McugenError, match="set custom_mcugen_board"):
        mcugen_board("esp32dev")


# --- mcugen.h's quantize/dequantize helpers, compiled by the host's gcc -------------------------------------------

HELPERS_PROGRAM = r"""
#include <stdio.h>
#include "mcugen.h"
int main(void)
{
    int8_t s8[1]; uint8_t u8[1]; int16_t s16[1]; float f32[1];
    mcugen_tensor t[4] = {{s8, 1, 0, 0, MCUGEN_INT8, 0.0f, 0}, {u8, 1, 0, 0, MCUGEN_UINT8, 0.0f, 0},
                          {s16, 2, 0, 0, MCUGEN_INT16, 0.0f, 0}, {f32, 4, 0, 0, MCUGEN_FLOAT32, 0.0f, 0}};
    float scale, x;
    int zero_point;
    while (scanf("%a %d %a", &scale, &zero_point, &x) == 3) {
        for (int k = 0; k < 4; ++k) {
            t[k].scale = scale;
            t[k].zero_point = k == 1 ? zero_point + 128 : zero_point;
            mcugen_set_float(&t[k], 0, x);
            printf("%d %a ", k < 3 ? mcugen_quantize(&t[k], x) : 0, mcugen_get_float(&t[k], 0));
        }
        printf("\n");
    }
    return 0;
}
"""


def test_quantize_helpers_round_half_away_and_clamp(tmp_path):
    from fractions import Fraction

    import numpy as np

    (tmp_path / "h.c").write_text(HELPERS_PROGRAM)
    exe = tmp_path / "h"
    cc = ["gcc", "-std=c99", "-O1", f"-I{ROOT / 'firmware' / 'library'}", str(tmp_path / "h.c"), "-o", str(exe), "-lm"]
    assert subprocess.run(cc, capture_output=True).returncode == 0
    rng = np.random.default_rng(4)
    scale = np.float32(0.05)
    values = [np.float32(v) for v in rng.uniform(-2000, 2000, 300)] + [np.float32(k * 0.025) for k in range(-9, 10)]
    values += [np.float32(np.nextafter(np.float32(0.025), np.float32(0))), np.float32(-7.0), np.float32(1e9)]
    text = "".join(f"{float(scale).hex()} -3 {float(v).hex()}\n" for v in values)
    lines = subprocess.run([str(exe)], input=text, capture_output=True, text=True).stdout.splitlines()
    ranges = [(-128, 127, -3), (0, 255, 125), (-32768, 32767, -3)]
    for v, line in zip(values, lines, strict=True):
        fields = line.split()
        exact = Fraction(float(np.float32(v / scale)))
        rounded = int(abs(exact) + Fraction(1, 2)) * (1 if exact >= 0 else -1)
        for k, (lo, hi, zero_point) in enumerate(ranges):
            q = min(hi, max(lo, rounded + zero_point))
            assert int(fields[2 * k]) == q, (v, k)
            assert float.fromhex(fields[2 * k + 1]) == np.float32(np.float32(q - zero_point) * scale)
        assert float.fromhex(fields[7]) == v  # a float32 tensor stores the value as it is
