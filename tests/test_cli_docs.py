"""The docs' commands work as written and print what the docs say.

The shell blocks of docs/cli.md and docs/boards.md work pasted into a fresh shell at the repository's root: no
venv on PATH, no variables set. Every sample block of README.md and docs/*.md (a fenced block whose first line
is `$ mcugen ...` or `$ .venv/bin/mcugen ...`, each `$` line a command followed by what it prints on stdout) is
what the commands print now. Refresh the samples after a change with

    .venv/bin/python tests/test_cli_docs.py --update
"""

import difflib
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.qemu

ROOT = Path(__file__).resolve().parent.parent
SAMPLE_DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SAMPLE_BLOCK = re.compile(r"^```\n(\$ .*?)^```$", re.S | re.M)
MCUGEN = re.compile(r"(\.venv/bin/)?mcugen ")
UPDATE = ".venv/bin/python tests/test_cli_docs.py --update"


def shell_blocks(doc: str) -> list[str]:
    return re.findall(r"```sh\n(.*?)```", (ROOT / "docs" / doc).read_text(), re.S)


def _fresh_shell_env() -> dict:
    env = {"HOME": os.environ["HOME"], "PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8"}
    env.update({k: v for k, v in os.environ.items() if k in ("XDG_CACHE_HOME", "MCUGEN_PIO_CORE_DIR")})
    return env


def _repository_look_alike(folder: Path) -> Path:
    """A folder that looks like the repository's root to the docs' commands (its .venv and tests linked)."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in (".venv", "tests"):
        (folder / name).symlink_to(ROOT / name)
    return folder


@pytest.mark.parametrize("doc", ["cli.md", "boards.md"])
def test_documented_commands_work_in_a_fresh_shell(doc, tmp_path):
    """Each doc's blocks in order, in one folder that looks like the repository."""
    _repository_look_alike(tmp_path)
    blocks = shell_blocks(doc)
    assert blocks
    for block in blocks:
        result = subprocess.run(
            ["bash", "-e", "-c", block],
            cwd=tmp_path,
            env=_fresh_shell_env(),
            capture_output=True,
            text=True,
            timeout=900,
        )
        assert result.returncode == 0, f"{doc}:\n{block}\n{result.stdout[-2000:]}\n{result.stderr[-2000:]}"
        if re.search(r"(mcugen|pio) test ", block):
            assert "0 Failures" in result.stdout and "Traceback" not in result.stderr


class SampleShell:
    """Runs the samples' commands as a reader would, one after another (later samples reuse the projects earlier
    ones made): from a folder that looks like the repository's root, with `.venv/bin` on PATH as after
    `. .venv/bin/activate`. mcugen's caches are a folder of its own, so `verify`'s project folder is never
    another run's; the PlatformIO core and the host's scratch-size library (both content-addressed) are the
    user's, not built again."""

    def __init__(self, folder: Path):
        from generator.catalog.ops.common._scratch import _cache_root
        from generator.emit.core_folder import core_dir

        self.repo = _repository_look_alike(folder / "repo")
        self.cache = folder / "cache"
        (self.cache / "mcugen").mkdir(parents=True)
        _cache_root().mkdir(parents=True, exist_ok=True)
        (self.cache / "mcugen" / "scratch").symlink_to(_cache_root())
        self.env = _fresh_shell_env()
        self.env.update(
            PATH=f"{self.repo / '.venv' / 'bin'}:{self.env['PATH']}",
            XDG_CACHE_HOME=str(self.cache),
            MCUGEN_PIO_CORE_DIR=str(core_dir()),
        )

    def output(self, command: str) -> str:
        result = subprocess.run(
            ["bash", "-c", command], cwd=self.repo, env=self.env, capture_output=True, text=True, timeout=900
        )
        assert result.returncode == 0, f"$ {command}\nexit {result.returncode}\n{result.stderr[-3000:]}"
        return self.normalized(result.stdout)

    def normalized(self, text: str) -> str:
        """What legitimately differs from a reader's run, made what the docs show: the caches' folder is
        `~/.cache`, the repository's root `/path/to/mcugen`; trailing blanks (empty table cells) go."""
        for folder, shown in ((self.cache, "~/.cache"), (self.repo, "/path/to/mcugen"), (ROOT, "/path/to/mcugen")):
            text = text.replace(str(folder), shown)
        return "".join(line.rstrip() + "\n" for line in text.splitlines())


def refreshed(text: str, shell: SampleShell) -> tuple[str, int]:
    """`text` with every sample block's outputs replaced by what its commands print now, and the block count."""
    count = 0

    def block(match: re.Match) -> str:
        nonlocal count
        count += 1
        parts = []
        for command in re.findall(r"^\$ (.*)$", match.group(1), re.M):
            assert MCUGEN.match(command), f"a sample runs mcugen only: $ {command}"
            parts.append(f"$ {command}\n{shell.output(command)}")
        return "```\n" + "".join(parts) + "```"

    return SAMPLE_BLOCK.sub(block, text), count


@pytest.mark.slow
def test_sample_outputs_are_what_the_commands_print(tmp_path):
    shell, stale, found = SampleShell(tmp_path), [], {}
    for doc in SAMPLE_DOCS:
        text = doc.read_text()
        new, found[doc.name] = refreshed(text, shell)
        if new != text:
            name = doc.relative_to(ROOT).as_posix()
            diff = difflib.unified_diff(text.splitlines(), new.splitlines(), name, f"{name} (now)", lineterm="")
            stale.append("\n".join(diff))
    assert found["README.md"] and found["cli.md"] and found["streaming.md"] and found["rewrite.md"]
    assert not stale, "\n\n".join(stale) + f"\n\nsample outputs are stale; refresh them with: {UPDATE}"


def update() -> None:
    """Rewrites every doc's sample blocks with what the commands print now."""
    with tempfile.TemporaryDirectory() as folder:
        shell = SampleShell(Path(folder))
        for doc in SAMPLE_DOCS:
            text = doc.read_text()
            new, _ = refreshed(text, shell)
            if new != text:
                doc.write_text(new)
                print(f"updated {doc.relative_to(ROOT)}")


if __name__ == "__main__":
    if sys.argv[1:] != ["--update"]:
        sys.exit(f"usage: {UPDATE}")
    update()
