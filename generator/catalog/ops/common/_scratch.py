"""Scratch sizes and constants read from the kernels' C code, the one place they are defined.

Each kernel with scratch defines `mg_<kernel>_scratch_size()` beside its invoke (CMSIS-NN's *_get_buffer_size
style) and its prepare checks the plan against it; the planner asks the same functions, compiled once for the
build machine into a small shared library (cached by the hash of the sources), so the formula exists once."""

from __future__ import annotations

import ctypes
import functools
import hashlib
import os
import re
import subprocess
from pathlib import Path

from ....errors import McugenError
from ....paths import FIRMWARE, cache_root, kernel_headers, kernel_include_dirs, kernel_path, kernel_sources

# A kernel with scratch (or persistent state) defines `size_t mg_<kernel>_scratch_size(...)` (`_state_size`) in a
# source that compiles on the host without the runtime (its own file, or a <kernel>_scratch_size.c beside it when the
# kernel's file does not): the library is every such source, found by that definition, and the helpers they call.
SCRATCH_FUNCTION = re.compile(r"^size_t mg_\w+_(scratch|state)_size\(", re.MULTILINE)
HELPERS = ("mg_requant.c", "portable_dot8.c", "depthwise_conv_2d_3x3_row_s8_portable.c")


def library_sources() -> list[Path]:
    defining = [p for p in kernel_sources() if SCRATCH_FUNCTION.search(p.read_text())]
    return [*defining, *(kernel_path(name) for name in HELPERS)]


def _cache_root() -> Path:
    return cache_root() / "scratch"


@functools.lru_cache(maxsize=1)
def library() -> ctypes.CDLL:
    """The kernels' scratch-size functions, compiled for the build machine."""
    sources = library_sources()
    headers = [*kernel_headers(), *sorted((FIRMWARE / "runtime").glob("*.h"))]
    digest = hashlib.sha256(b"".join(p.read_bytes() for p in [*sources, *headers])).hexdigest()[:20]
    lib = _cache_root() / f"libmg_scratch-{digest}.so"
    if not lib.is_file():
        lib.parent.mkdir(parents=True, exist_ok=True)
        staged = lib.with_suffix(f".{os.getpid()}.tmp")
        cmd = [
            "gcc",
            "-O1",
            "-shared",
            "-fPIC",
            *(f"-I{d}" for d in kernel_include_dirs()),
            f"-I{FIRMWARE / 'runtime'}",
            *map(str, sources),
            "-o",
            str(staged),
        ]
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True)
        except FileNotFoundError:
            raise McugenError(
                "the kernels' scratch sizes are compiled with the host gcc, which is not installed "
                "(Debian: apt-get install gcc)"
            ) from None
        if proc.returncode != 0:
            raise McugenError(f"host compile of the kernels' scratch sizes failed: {proc.stderr.strip()[:2000]}")
        os.replace(staged, lib)  # complete or absent: concurrent workers may race here
    return ctypes.CDLL(str(lib))


def scratch_size(function: str, *args: int) -> int:
    """The bytes `function` (size_t f(int32_t, ...)) says its kernel needs for these arguments."""
    f = getattr(library(), function)
    f.restype = ctypes.c_size_t
    f.argtypes = [ctypes.c_int32] * len(args)
    return int(f(*(int(a) for a in args)))


@functools.cache
def constant(header: str, name: str) -> int:
    """An integer `#define name value` of a kernel header."""
    match = re.search(rf"^#define {name} (\d+)\b", kernel_path(header).read_text(), re.MULTILINE)
    if not match:
        raise McugenError(f"{header} defines no integer {name}")
    return int(match.group(1))
