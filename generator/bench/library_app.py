"""An application of our own linked against a generated library's CMake target, as a user builds one: the
keyword_spotter example's console and startup code, a linker script for the board, and a main.c of the caller's;
configured with the library's own toolchain file (the board's core flags) unless told another; run in QEMU."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from ..boards import Board, load_board
from ..errors import McugenError
from ..paths import ROOT

EXAMPLES = ROOT / "examples"
CONSOLE = EXAMPLES / "keyword_spotter" / "src"
# Per board: the linker script, and the UART console.c writes to (the AN547 boots Secure: UART0's Secure alias).
BOARD_FILES = {
    "mps2-an386": (EXAMPLES / "keyword_spotter" / "mps2_an386.ld", "0x40004000u"),
    "mps3-an547": (EXAMPLES / "kws_from_audio" / "mps3_an547.ld", "0x59303000u"),
}
BUILD_SECONDS = 900

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


def build_app(
    workdir: Path, library: Path, target: str, main_c: str, board: str = "mps2-an386", toolchain: Path | None = None
) -> Path:
    """The ELF (with its linker map beside it) of main_c linked against `library`'s CMake target `target`, for
    `board` (BOARD_FILES), with `toolchain` (default: the library's own arm-none-eabi.cmake)."""
    if board not in BOARD_FILES:
        raise McugenError(f"no application layout for board {board}; use one of {', '.join(BOARD_FILES)}")
    linker_script, uart = BOARD_FILES[board]
    app = workdir / "app"
    (app / "src").mkdir(parents=True, exist_ok=True)
    for name in ("console.c", "console.h", "startup.c"):
        shutil.copy(CONSOLE / name, app / "src" / name)
    (app / "src" / "main.c").write_text(main_c)
    (app / "CMakeLists.txt").write_text(
        "cmake_minimum_required(VERSION 3.13)\nproject(app C)\n"
        f"add_subdirectory({library.as_posix()} lib)\n"
        "add_executable(app src/main.c src/console.c src/startup.c)\n"
        f"set_source_files_properties(src/console.c PROPERTIES COMPILE_DEFINITIONS UART0_BASE={uart})\n"
        "set_target_properties(app PROPERTIES SUFFIX .elf LINKER_LANGUAGE C)\n"
        f"target_link_libraries(app PRIVATE {target})\n"
        f"target_link_options(app PRIVATE -nostartfiles -T{linker_script} "
        "-Wl,-Map,${CMAKE_CURRENT_BINARY_DIR}/app.map)\n"
    )
    build = workdir / "build"
    toolchain = toolchain or library / "arm-none-eabi.cmake"
    for cmd in (
        ["cmake", "-S", app, "-B", build, f"-DCMAKE_TOOLCHAIN_FILE={toolchain}"],
        ["cmake", "--build", build],
    ):
        result = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, timeout=BUILD_SECONDS)
        if result.returncode != 0:
            raise McugenError(
                f"the application against {target} did not build: {(result.stdout + result.stderr)[-3000:]}"
            )
    return build / "app.elf"


def run_in_qemu(elf: Path, board: Board | str = "mps2-an386") -> list[str]:
    """The lines the application printed in QEMU (it exits through semihosting)."""
    board = load_board(board) if isinstance(board, str) else board
    result = subprocess.run(
        ["qemu-system-arm", *board.qemu_arguments(str(elf))], capture_output=True, text=True, timeout=300
    )
    if result.returncode != 0:
        raise McugenError(f"the application failed in QEMU: {(result.stdout + result.stderr)[-2000:]}")
    return result.stdout.replace("\r", "").splitlines()
