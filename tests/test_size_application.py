"""`mcugen size` on an application linked with a model library (examples/keyword_spotter with the MLPerf Tiny
keyword spotter, built by CMake and by PlatformIO): every group checked against the ELF's own symbols and the
objects' own sizes (arm-none-eabi-nm and -size over the library's archive members and the application's objects),
sorted by the library's file layout (src/runtime/, src/kernels/) and the model's ops (mcugen.json)."""

import json
import re
import shutil
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest

from generator import zoo
from generator.boards import load_board
from generator.build import pio_env
from generator.build.pio_core import prepare_core
from generator.measure import measure
from generator.paths import ROOT
from generator.pipeline import Options, generate

pytestmark = [pytest.mark.qemu, pytest.mark.xdist_group("size-application")]

EXAMPLE = ROOT / "examples" / "keyword_spotter"


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    app = tmp_path_factory.mktemp("size-app") / "app"
    shutil.copytree(EXAMPLE, app, ignore=shutil.ignore_patterns("generated", "build", ".pio"))
    generate(
        [zoo.resolve("keyword_spotting")],
        Options(load_board("mps2-an386")),
        app / "generated" / "kws",
        ["kws"],
        library=True,
    )
    return app


def _run(cmd, **kwargs):
    result = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, timeout=900, **kwargs)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]


@pytest.fixture(scope="module", params=["cmake", "platformio"])
def built(request, app):
    """(ELF, the library's archive, the application's own objects) of one build of the example."""
    if request.param == "cmake":
        build = app / "build"
        _run(["cmake", "-S", app, "-B", build, f"-DCMAKE_TOOLCHAIN_FILE={app / 'arm-none-eabi.cmake'}"])
        _run(["cmake", "--build", build])
        return (
            build / "keyword_spotter.elf",
            build / "kws" / "libkws.a",
            sorted((build / "CMakeFiles" / "keyword_spotter.dir" / "src").glob("*.c.obj")),
        )
    _run([sys.executable, "-m", "platformio", "run", "-d", app, "-e", "mps2-an386"], env=pio_env(prepare_core()))
    out = app / ".pio" / "build" / "mps2-an386"
    (archive,) = out.glob("lib*/libkws.a")
    return out / "firmware.elf", archive, sorted((out / "src").glob("*.o"))


def nm(path) -> list[tuple[str, str, int, str]]:
    """(archive member or "", symbol, size, type letter) of every sized definition in an archive or object."""
    out = subprocess.run(
        ["arm-none-eabi-nm", "-A", "-S", "--defined-only", str(path)], capture_output=True, text=True, check=True
    ).stdout
    rows = []
    for line in out.splitlines():
        where, _, rest = line.rpartition(":")
        fields = rest.split()
        if len(fields) == 4:
            member = where.split(":", 1)[1] if ":" in where else ""
            rows.append((member, fields[3], int(fields[1], 16), fields[2]))
    return rows


def object_sizes(path) -> dict[str, int]:
    """text + data + bss of each member of an archive (or of one object), as arm-none-eabi-size counts them."""
    out = subprocess.run(["arm-none-eabi-size", "-B", str(path)], capture_output=True, text=True, check=True).stdout
    sizes = {}
    for line in out.splitlines()[1:]:
        fields = line.split()
        name = re.sub(r" \(ex .*\)$", "", " ".join(fields[5:]))
        sizes[name] = sum(map(int, fields[:3]))
    return sizes


def stem(member: str) -> str:
    return member.split(".")[0]


def test_groups_follow_the_elf_symbols_and_the_objects(app, built):
    elf, archive, app_objects = built
    library = app / "generated" / "kws"
    report = measure(elf)
    groups = {name: g.flash + g.ram for name, g in report.groups.items()}
    in_elf = {name: size for _, name, size, _ in nm(elf)}
    unique = {name for name, count in _counts(nm(elf)).items() if count == 1}

    assert all(g.flash >= 0 and g.ram >= 0 for g in report.groups.values()), groups
    assert sum(g.flash for g in report.groups.values()) == report.flash
    assert sum(g.ram for g in report.groups.values()) == report.ram
    assert "harness" not in groups and "other" not in groups, groups
    assert groups["model"] == in_elf["kws__mg_model_data"] == zoo.resolve("keyword_spotting").stat().st_size
    assert groups["arena + guard"] == in_elf["kws__mg_arena"]

    # The library's members by its layout: runtime, kernels, and the rest (model, tables, API) generated.
    kind = {stem(p.name): "runtime" for p in (library / "src" / "runtime").glob("*.c*")}
    kind.update({stem(p.name): "kernels" for p in (library / "src" / "kernels").glob("*.c")})
    defined, sizes = defaultdict(int), defaultdict(int)
    for member, name, size, _ in nm(archive):
        if name in unique and name in in_elf and not name.endswith(("mg_model_data", "mg_arena")):
            defined[kind.get(stem(member), "generated")] += size
    for member, size in object_sizes(archive).items():
        sizes[kind.get(stem(member), "generated")] += size
    for obj in app_objects:
        defined["application"] += sum(size for _, name, size, _ in nm(obj) if name in in_elf)
        sizes["application"] += sum(object_sizes(obj).values())
    kernels = sum(size for name, size in groups.items() if name.startswith("kernel"))
    measured = {"runtime": groups["runtime"], "kernels": kernels, "application": groups["application"]}
    for name, size in measured.items():
        assert defined[name] <= size <= sizes[name], (name, defined[name], size, sizes[name])

    ops = {op.lower() for op in json.loads((library / "mcugen.json").read_text())["ops"]}
    own = {name.removeprefix("kernel ") for name in groups if name.startswith("kernel ")}
    assert own <= ops, own - ops  # no group named after an op the model lacks (a helper is "kernels (shared)")
    for op in own:  # each op's group holds at least the code of the kernel files named after it
        named = sum(
            size
            for member, name, size, _ in nm(archive)
            if stem(member).startswith(op) and kind.get(stem(member)) == "kernels" and name in unique & set(in_elf)
        )
        assert 0 < named <= groups[f"kernel {op}"], op


def _counts(rows) -> dict[str, int]:
    counts = defaultdict(int)
    for _, name, _, _ in rows:
        counts[name] += 1
    return counts


def test_the_text_report_has_no_negative_group(app, built, cli):
    elf = Path(built[0])
    result = cli("size", elf)
    assert result.returncode == 0, result.stderr
    table = result.stdout.split("\ngroup", 1)[1].split("\n\n", 1)[0]
    assert not re.search(r"\s-[\d,]+", table), table
