"""The C++ of every form (a library of one model, of two, the harness of one and of two) compiles without any
libstdc++ header (-nostdinc++): what `make setup` installs (gcc-arm-none-eabi, libnewlib-arm-none-eabi) is all a
fresh machine has, Debian ships libstdc++'s headers apart (libstdc++-arm-none-eabi-dev). The library's objects
reference no allocation function and no C++ runtime support either."""

import re
import subprocess

import pytest

from conftest import FIXTURES, MLP_INT8
from generator.boards import load_board
from generator.paths import ROOT
from generator.pipeline import Options, generate

pytestmark = pytest.mark.qemu  # builds with arm-none-eabi (no QEMU run)

BOARD = load_board("mps2-an386")
CONV = FIXTURES / "conv_relu_int8.tflite"
CPU = ["-mcpu=cortex-m4", "-mthumb", "-mfpu=fpv4-sp-d16", "-mfloat-abi=hard"]
CXX = ["-std=c++17", "-nostdinc++", "-fno-exceptions", "-fno-rtti", "-fno-threadsafe-statics", "-fno-use-cxa-atexit"]
# Undefined references a library "with no libstdc++ and no heap" must not have: operator new/delete (_Znw, _Zna,
# _Zdl, _Zda), the C heap, and the C++ ABI's guards, exceptions and unwinding.
FORBIDDEN = re.compile(r"^(_Zn[wa]|_Zd[la]|malloc$|calloc$|realloc$|free$|__cxa_|__gxx_|_Unwind_)")


def cmake_build_without_cxx_headers(library, tmp_path):
    """The library's own CMakeLists.txt, alone, with the example's toolchain plus -nostdinc++ for C++."""
    toolchain = tmp_path / "toolchain.cmake"
    example = ROOT / "examples" / "keyword_spotter" / "arm-none-eabi.cmake"
    toolchain.write_text(f'include({example})\nstring(APPEND CMAKE_CXX_FLAGS_INIT " -nostdinc++")\n')
    build = tmp_path / "build"
    for cmd in (
        ["cmake", "-S", library, "-B", build, f"-DCMAKE_TOOLCHAIN_FILE={toolchain}"],
        ["cmake", "--build", build, "--", "VERBOSE=1"],
    ):
        result = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, timeout=600)
        assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "-nostdinc++" in result.stdout  # the flag reached the C++ compiles
    (archive,) = build.glob("lib*.a")
    return archive


def undefined(archive) -> set[str]:
    nm = subprocess.run(["arm-none-eabi-nm", "-u", "-j", archive], capture_output=True, text=True, check=True)
    return {line.strip() for line in nm.stdout.splitlines() if line.strip() and not line.endswith(":")}


def test_library_of_one_model_builds_without_libstdcxx_headers(tmp_path):
    generate([MLP_INT8], Options(BOARD), tmp_path / "kws", ["kws"], library=True)
    names = undefined(cmake_build_without_cxx_headers(tmp_path / "kws", tmp_path))
    assert {"memset", "kws__g_plan"} <= names  # what it does need, so the listing is the library's
    assert not [n for n in names if FORBIDDEN.match(n)]


def test_library_of_two_models_builds_without_libstdcxx_headers(tmp_path):
    generate([MLP_INT8, CONV], Options(BOARD), tmp_path / "lib", names=["a", "b"], library=True)
    names = undefined(cmake_build_without_cxx_headers(tmp_path / "lib", tmp_path))
    assert not [n for n in names if FORBIDDEN.match(n)]


@pytest.mark.parametrize("models", [[MLP_INT8], [MLP_INT8, CONV]], ids=["one model", "two models"])
def test_harness_cxx_compiles_without_libstdcxx_headers(tmp_path, models):
    out = tmp_path / "fw"
    if len(models) == 1:
        generate([models[0]], Options(BOARD), out)
        defines = ["-DMG_SINGLE_SUBGRAPH"]
    else:
        generate(models, Options(BOARD), out, names=["a", "b"])
        defines = ["-DMG_MULTI_MODEL"]
    sources = sorted(out.rglob("*.cc"))
    assert {"main.cc", "op_resolver.cc", "mg_interpreter.cc"} <= {s.name for s in sources}
    includes = [f"-I{out / d}" for d in ("src", "src/runtime", "src/kernels", "src/board")]
    for source in sources:
        cmd = ["arm-none-eabi-g++", *CPU, "-Os", *CXX, *defines, *includes, "-c", str(source), "-o", "/dev/null"]
        result = subprocess.run(cmd, capture_output=True, text=True)
        assert result.returncode == 0, result.stderr
