"""docs/embedding.md's measured costs come from the commands it shows: run them again (a firmware of the three
bundled models on mps2-an386, built, `mcugen size`) and the report must be the one the doc prints."""

import re
import shlex

import pytest

from conftest import run_cli
from generator.paths import ROOT

pytestmark = [pytest.mark.qemu, pytest.mark.slow]

DOC = ROOT / "docs" / "embedding.md"
SECTION = "### What it costs, measured"


def section_blocks() -> tuple[list[str], str]:
    """The section's commands (its ```sh block) and the report it shows (its ```text block)."""
    text = DOC.read_text().split(SECTION, 1)[1].split("\n#", 1)[0]
    (commands,) = re.findall(r"```sh\n(.*?)```", text, flags=re.S)
    (report,) = re.findall(r"```text\n(.*?)```", text, flags=re.S)
    return [line for line in commands.splitlines() if line.strip()], report


def test_the_costs_section_is_what_its_commands_print_today(tmp_path):
    commands, report = section_blocks()
    assert [shlex.split(c)[:2] for c in commands] == [["mcugen", "generate"], ["mcugen", "build"], ["mcugen", "size"]]
    now = _current_report(tmp_path)
    assert now == report, (
        f"docs/embedding.md '{SECTION}' is stale: refresh it with .venv/bin/python tests/test_embedding_doc.py "
        f"--update\n{now}"
    )


def _current_report(folder) -> str:
    commands, _ = section_blocks()
    for command in commands:
        result = run_cli(*shlex.split(command)[1:], cwd=folder)
        assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout


if __name__ == "__main__":  # `.venv/bin/python tests/test_embedding_doc.py --update` pastes today's report
    import sys
    import tempfile

    if sys.argv[1:] != ["--update"]:
        sys.exit("usage: python tests/test_embedding_doc.py --update")
    with tempfile.TemporaryDirectory() as folder:
        now = _current_report(folder)
    _, old = section_blocks()
    text = DOC.read_text()
    head, tail = text.split(SECTION, 1)
    DOC.write_text(head + SECTION + tail.replace(f"```text\n{old}```", f"```text\n{now}```", 1))
    print(f"updated {DOC.relative_to(ROOT)}")
