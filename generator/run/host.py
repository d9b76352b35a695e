"""Runs a generated project's C sources on the build machine (host gcc), for fast kernel tests.

The runtime, every kernel, the harness and the host board are compiled once into a static library, cached
by the hash of their sources; each project's generated files are cached the same way (many tests share a
resolver, and a rerun shares everything), so a project mostly just links. Costs are not measured here (ticks
are 0): QEMU is the place for that.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np

from ..emit import IoTensor
from ..errors import McugenError
from ..locking import exclusive
from ..paths import BOARDS, FIRMWARE, cache_root, kernel_include_dirs, kernel_path, kernel_sources
from .protocol import RunResult, finish, pack_inputs

CFLAGS = ["-O1", "-g0", "-Wall", "-Wextra", "-fno-strict-aliasing", "-ffp-contract=off"]
# As on the device: no thread-safe statics or atexit, so the runtime needs no libstdc++ and links with gcc.
CXXFLAGS = [*CFLAGS, "-std=c++17", "-fno-exceptions", "-fno-rtti", "-fno-threadsafe-statics", "-fno-use-cxa-atexit"]
GENERATED_C = ("model_data.c", "node_params.c", "arena_plan.c")  # under src/, beside op_resolver.cc


def _library_sources() -> list[Path]:
    return sorted(
        [
            *FIRMWARE.glob("runtime/*.cc"),
            *FIRMWARE.glob("runtime/*.c"),
            *kernel_sources(),
            FIRMWARE / "harness" / "main.cc",
            BOARDS / "host" / "mg_board_host.c",
        ]
    )


def include_flags() -> list[str]:
    return [f"-I{FIRMWARE / 'runtime'}", *(f"-I{d}" for d in kernel_include_dirs()), f"-I{BOARDS / 'startup'}"]


def _compile(source: Path, obj: Path, extra: list[str]) -> None:
    is_cpp = source.suffix == ".cc"
    cmd = [
        "g++" if is_cpp else "gcc",
        *(CXXFLAGS if is_cpp else CFLAGS),
        *include_flags(),
        *extra,
        "-c",
        str(source),
        "-o",
        str(obj),
    ]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise McugenError(f"host compile of {source.name} failed: {proc.stderr.strip()[:2000]}")


def _cache_root() -> Path:
    return cache_root() / "host"


def _headers_digest(headers: list[Path]) -> bytes:
    return hashlib.sha256(b"".join(h.name.encode() + b"\0" + h.read_bytes() for h in headers)).digest()


def _cached_object(source: Path, headers_digest: bytes, includes: tuple[str, ...] = ()) -> Path:
    """One object per source version (its bytes, every header it may include, the flags): only what changed
    recompiles."""
    digest = hashlib.sha256(source.read_bytes() + headers_digest + " ".join(CXXFLAGS).encode()).hexdigest()[:20]
    obj = _cache_root() / "obj" / f"{source.stem}-{digest}.o"
    if not obj.is_file():
        obj.parent.mkdir(parents=True, exist_ok=True)
        staged = obj.with_suffix(f".{os.getpid()}.tmp")
        _compile(source, staged, list(includes))
        os.replace(staged, obj)  # complete or absent: concurrent test workers may race here
    return obj


_built_libraries: dict[tuple, Path] = {}  # this process's libraries, by the stat of every input


def _input_stats() -> tuple:
    """(path, mtime, size) of every header and library source: a cheap key (the host lane asks once per
    project) that still notices an edited kernel in a long-lived process."""
    stats = []
    for folder in (
        *(FIRMWARE / d for d in ("runtime", "harness", "library")),
        *kernel_include_dirs(),
        BOARDS / "startup",
    ):
        with os.scandir(folder) as entries:
            stats += [(e.path, e.stat().st_mtime_ns, e.stat().st_size) for e in entries if e.name.endswith(".h")]
    stats += [(str(p), s.st_mtime_ns, s.st_size) for p in _library_sources() for s in [p.stat()]]
    return tuple(sorted(stats))


def host_library() -> Path:
    """The static library of everything model-independent, rebuilt only when a source or header changed
    (by one process at a time: parallel test workers wait for it rather than compile it twice)."""
    inputs = _input_stats()
    if inputs not in _built_libraries or not _built_libraries[inputs].is_file():
        headers = sorted([*FIRMWARE.rglob("*.h"), *(BOARDS / "startup").glob("*.h")])
        with exclusive(_cache_root() / "lib.lock"):
            _built_libraries[inputs] = _host_library(headers)
    return _built_libraries[inputs]


def _host_library(headers: list[Path]) -> Path:
    headers_digest = _headers_digest(headers)
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        objs = list(pool.map(lambda src: _cached_object(src, headers_digest), _library_sources()))
    digest = hashlib.sha256("".join(o.name for o in objs).encode()).hexdigest()[:20]
    lib = _cache_root() / "lib" / f"libmg_host-{digest}.a"
    if not lib.is_file():
        lib.parent.mkdir(parents=True, exist_ok=True)
        staged = lib.with_suffix(f".{os.getpid()}.tmp")
        subprocess.run(["ar", "rcs", str(staged), *map(str, objs)], check=True)
        os.replace(staged, lib)
    return lib


def _is_kernel_file(name: str) -> bool:
    try:
        kernel_path(name)
    except FileNotFoundError:
        return False
    return True


def build_host(project_dir: Path) -> Path:
    """The host executable of a generated project (the generated files + the cached library)."""
    project_dir = Path(project_dir)
    exe = project_dir / ".host" / "firmware"
    exe.parent.mkdir(exist_ok=True)
    src = project_dir / "src"
    # The generated C files as one translation unit: one compiler run instead of three (the host lane runs
    # hundreds of projects), and the same text in every project, so the object cache sees only their contents.
    unity = exe.parent / "generated.c"
    unity.write_text("".join(f'#include "{name}"\n' for name in GENERATED_C))
    # ... then the resolver, and kernels from outside firmware/ (custom ops, other backends) the library lacks
    sources = [unity, src / "op_resolver.cc"]
    sources += [p for p in sorted((src / "kernels").glob("*.c")) if not _is_kernel_file(p.name)]
    includes = (f"-I{src}", f"-I{src / 'kernels'}")
    # Only the unity file's object depends on the generated C; the resolver's depends on the headers alone,
    # so every project with the same op set shares one resolver object.
    headers = sorted(src.rglob("*.h"))
    generated_digest = _headers_digest([*headers, *(src / name for name in GENERATED_C)])
    headers_digest = _headers_digest(headers)
    objs = [str(_cached_object(unity, generated_digest, includes))]
    objs += [str(_cached_object(source, headers_digest, includes)) for source in sources[1:]]
    proc = subprocess.run(["gcc", *objs, str(host_library()), "-lm", "-o", str(exe)], capture_output=True, text=True)
    if proc.returncode != 0:
        raise McugenError(f"host link failed: {proc.stderr.strip()[:2000]}")
    return exe


def run_host(
    exe: Path, inputs: list[IoTensor], outputs: list[IoTensor], sets: list[list[np.ndarray]], timeout: float = 120.0
) -> RunResult:
    with tempfile.TemporaryDirectory(prefix="mcugen-hostrun-") as tmp:
        blob = Path(tmp) / "inputs.bin"
        blob.write_bytes(pack_inputs(inputs, sets))
        proc = subprocess.run(
            [str(exe)], capture_output=True, text=True, timeout=timeout, env=dict(os.environ, MCUGEN_INPUTS=str(blob))
        )
    return RunResult(finish(proc.stdout, proc.returncode, outputs, len(sets), proc.stderr), 0.0, proc.stdout)
