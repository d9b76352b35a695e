"""The shell blocks of docs/cli.md and docs/boards.md work as written, pasted into a fresh shell at the
repository's root: no venv on PATH, no variables set."""

import os
import re
import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.qemu

ROOT = Path(__file__).resolve().parent.parent


def shell_blocks(doc: str) -> list[str]:
    return re.findall(r"```sh\n(.*?)```", (ROOT / "docs" / doc).read_text(), re.S)


@pytest.mark.parametrize("doc", ["cli.md", "boards.md"])
def test_documented_commands_work_in_a_fresh_shell(doc, tmp_path):
    """Each doc's blocks in order, in one folder that looks like the repository (its .venv and tests linked)."""
    for name in (".venv", "tests"):
        (tmp_path / name).symlink_to(ROOT / name)
    env = {"HOME": os.environ["HOME"], "PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8"}
    env.update({k: v for k, v in os.environ.items() if k in ("XDG_CACHE_HOME", "MCUGEN_PIO_CORE_DIR")})
    blocks = shell_blocks(doc)
    assert blocks
    for block in blocks:
        result = subprocess.run(
            ["bash", "-e", "-c", block], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=900
        )
        assert result.returncode == 0, f"{doc}:\n{block}\n{result.stdout[-2000:]}\n{result.stderr[-2000:]}"
        if re.search(r"(mcugen|pio) test ", block):
            assert "0 Failures" in result.stdout and "Traceback" not in result.stderr
