"""The source tree's layout rules: kernel files and catalog modules live in one folder per op family (common/ for
what several families share), code finds a kernel file by its name alone, and no test module imports another
(shared case builders live in tests/cases/)."""

import ast
import re
import subprocess
from pathlib import Path

import pytest

from generator.catalog import CATALOG, op_modules
from generator.paths import KERNELS, ROOT, kernel_path

OPS = ROOT / "generator" / "catalog" / "ops"
TESTS = ROOT / "tests"


def test_every_kernel_file_sits_in_a_family_folder():
    assert not [p.name for p in KERNELS.iterdir() if p.is_file()]
    folders = [p for p in KERNELS.iterdir() if p.is_dir()]
    assert len(folders) > 50 and (KERNELS / "common") in folders
    assert not [p for p in KERNELS.glob("*/*") if not p.is_file()], "family folders hold files, no subfolders"
    misplaced = [str(p.relative_to(KERNELS)) for p in KERNELS.glob("*/mg_*") if p.parent.name != "common"]
    assert not misplaced, "the shared mg_* helpers belong in common/"


def test_kernel_file_names_are_unique_and_resolve():
    names = [p.name for p in KERNELS.glob("*/*")]
    assert len(names) == len(set(names))
    assert kernel_path("conv_2d_s8_dsp.c") == KERNELS / "conv_2d" / "conv_2d_s8_dsp.c"
    assert kernel_path("mg_requant.h") == KERNELS / "common" / "mg_requant.h"
    with pytest.raises(FileNotFoundError):
        kernel_path("no_such_kernel.c")


def test_every_catalog_source_resolves_by_name():
    for spec in CATALOG:
        for name in spec.sources:
            assert kernel_path(name).is_file(), (spec.registration, name)


def test_every_catalog_module_sits_in_a_family_folder():
    assert [p.name for p in OPS.glob("*.py")] == ["__init__.py"]
    families = [p for p in OPS.iterdir() if p.is_dir() and p.name != "__pycache__"]
    assert all((f / "__init__.py").is_file() for f in families)
    modules = {p.stem for f in families if f.name != "common" for p in f.glob("*.py") if p.stem[0] != "_"}
    assert {name.rpartition(".")[2] for name in op_modules()} == modules
    assert all(p.stem.startswith("_") or p.stem == "__init__" for p in (OPS / "common").glob("*.py"))


def test_no_test_module_imports_another():
    test_modules = {p.stem for p in TESTS.rglob("test_*.py")}
    offenders = []
    for path in sorted(TESTS.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and not node.level and node.module in test_modules:
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} from {node.module}")
            elif isinstance(node, ast.Import):
                offenders += [
                    f"{path.relative_to(ROOT)}:{node.lineno} {a.name}" for a in node.names if a.name in test_modules
                ]
    assert not offenders, "move the shared builders into tests/cases/: " + ", ".join(offenders)


def test_case_modules_are_no_test_modules():
    cases = TESTS / "cases"
    assert not list(cases.glob("test_*.py"))
    for path in cases.glob("*.py"):
        tree = ast.parse(path.read_text())
        tests = [n.name for n in tree.body if isinstance(n, ast.FunctionDef) and n.name.startswith("test")]
        assert not tests, f"{path.name} defines tests: {tests}"


def test_the_scratch_library_holds_every_scratch_size_function():
    """A new kernel's `size_t mg_<kernel>_scratch_size(...)` reaches the planner without a list to edit."""
    from generator.catalog.ops.common._scratch import library, library_sources

    defining = subprocess.run(
        ["grep", "-rlE", "--include=*.c", r"^size_t mg_\w+_scratch_size\(", str(KERNELS)],
        capture_output=True,
        text=True,
    ).stdout.split()
    assert {Path(p).name for p in defining} <= {p.name for p in library_sources()}
    for path in defining:
        for name in re.findall(r"^size_t (mg_\w+_scratch_size)\(", Path(path).read_text(), re.MULTILINE):
            assert hasattr(library(), name), name
