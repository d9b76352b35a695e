"""An application of our own linked against a generated library's CMake target: the example's console, startup
code and linker script (mps2-an386), and a main.c the test writes. Built with CMake and the example's
arm-none-eabi toolchain file; run in QEMU."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from generator.boards import load_board
from generator.paths import ROOT

EXAMPLE = ROOT / "examples" / "keyword_spotter"
BOARD = load_board("mps2-an386")

# Each model initialised and invoked once on all-zero inputs: what every application does with a model.
RUN_EACH_MAIN = """#include "console.h"
{includes}
int main(void)
{{
    console_init();
{calls}    console_write("done\\n");
    return 0;
}}
"""


def run_each_main(names: list[str]) -> str:
    includes = "".join(f'#include "{n}.h"\n' for n in names)
    calls = "".join(f"    if ({n}_init() != 0 || {n}_invoke() != 0) return 1;\n" for n in names)
    return RUN_EACH_MAIN.format(includes=includes, calls=calls)


def build_app(tmp_path: Path, library: Path, target: str, main_c: str, toolchain: Path | None = None) -> Path:
    """The ELF (with its linker map beside it) of main_c linked against `library`'s CMake target `target`."""
    app = tmp_path / "app"
    (app / "src").mkdir(parents=True, exist_ok=True)
    for name in ("console.c", "console.h", "startup.c"):
        shutil.copy(EXAMPLE / "src" / name, app / "src" / name)
    (app / "src" / "main.c").write_text(main_c)
    (app / "CMakeLists.txt").write_text(
        "cmake_minimum_required(VERSION 3.13)\nproject(app C)\n"
        f"add_subdirectory({library.as_posix()} lib)\n"
        "add_executable(app src/main.c src/console.c src/startup.c)\n"
        "set_target_properties(app PROPERTIES SUFFIX .elf LINKER_LANGUAGE C)\n"
        f"target_link_libraries(app PRIVATE {target})\n"
        f"target_link_options(app PRIVATE -nostartfiles -T{EXAMPLE / 'mps2_an386.ld'} "
        "-Wl,-Map,${CMAKE_CURRENT_BINARY_DIR}/app.map)\n"
    )
    build = tmp_path / "build"
    toolchain = toolchain or EXAMPLE / "arm-none-eabi.cmake"
    for cmd in (
        ["cmake", "-S", app, "-B", build, f"-DCMAKE_TOOLCHAIN_FILE={toolchain}"],
        ["cmake", "--build", build],
    ):
        result = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, timeout=900)
        assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return build / "app.elf"


def run_in_qemu(elf: Path, board=BOARD) -> list[str]:
    result = subprocess.run(
        ["qemu-system-arm", *board.qemu_arguments(str(elf))], capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    return result.stdout.replace("\r", "").splitlines()
