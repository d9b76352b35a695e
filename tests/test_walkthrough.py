"""docs/kernels.md's two walkthroughs are true: for each, a copy of the repository's tracked files gets exactly the
files the walkthrough lists (written from its code blocks; docs/ops.md regenerated as `make docs` does), and the
new kernel's tests, the sweep's coverage check, the docs check and the layout check pass in that copy. So a new
element-wise op is four files and a backend variant three (and docs/ops.md's row), nothing else edited by hand."""

import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from generator.paths import ROOT

KERNELS_MD = ROOT / "docs" / "kernels.md"
WALKTHROUGHS = {
    "element-wise op": "## Worked example: a new element-wise op",
    "backend variant": "## A backend variant of an existing op",
}
# A numbered step naming its file, then (indented under it) the file's whole text in a fenced block.
STEP = re.compile(r"^\d+\. `(?P<path>[^`]+)`.*?\n\n   ```\w+\n(?P<body>.*?)\n   ```$", re.MULTILINE | re.DOTALL)
CHECKS = [
    "tests/kernels/test_every_op_in_qemu.py",
    "tests/test_docs.py::test_ops_md_is_current",
    "tests/test_layout.py",
]


def documented_files(heading: str) -> dict[str, str]:
    text = KERNELS_MD.read_text()
    start = text.index(heading)
    section = text[start : text.find("\n## ", start + 1)]
    return {m["path"]: textwrap.dedent(m["body"]) + "\n" for m in STEP.finditer(section)}


def copy_repository(target: Path) -> None:
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    for name in listed.decode().split("\0"):
        if name and (ROOT / name).is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, target / name)


def changed_files(copy: Path) -> set[str]:
    return {
        str(p.relative_to(copy))
        for p in copy.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
        if not (ROOT / p.relative_to(copy)).is_file() or (ROOT / p.relative_to(copy)).read_bytes() != p.read_bytes()
    }


@pytest.mark.slow  # copies the repository and runs a few tests there: half a minute
@pytest.mark.parametrize("walkthrough", WALKTHROUGHS)
def test_the_walkthrough_adds_a_kernel_with_the_files_it_lists(tmp_path, walkthrough):
    files = documented_files(WALKTHROUGHS[walkthrough])
    tests = [p for p in files if p.startswith("tests/")]
    assert len(tests) == 1 and len(files) == {"element-wise op": 3, "backend variant": 3}[walkthrough]
    copy = tmp_path / "repo"
    copy_repository(copy)
    for path, text in files.items():
        assert not (copy / path).exists(), f"{path} exists already: the walkthrough must add a new kernel"
        (copy / path).write_text(text)
    ops = subprocess.run([sys.executable, "-m", "generator", "ops", "--markdown"], cwd=copy, capture_output=True)
    assert ops.returncode == 0, ops.stderr.decode()
    (copy / "docs" / "ops.md").write_bytes(ops.stdout)
    assert changed_files(copy) == {*files, "docs/ops.md"}
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", "not qemu", *tests, *CHECKS],
        cwd=copy,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
