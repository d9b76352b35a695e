"""What the command line prints for a built project: one arena figure, one number format, readable baseline
diffs, per-node costs, and a warning-free build of the generated code."""

import json
import os
import re
import subprocess
import sys

import pytest

from conftest import MLP_INT8, run_cli
from generator.build import build
from generator.cli.help import COST_UNITS

pytestmark = pytest.mark.xdist_group("cli-output-built")


# PlatformIO builds it: every test that uses it is in the qemu lane (the host lane builds no firmware), and all
# of them run on one worker (the module's xdist_group), so it is built once.
@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("built") / "fw"
    assert run_cli("generate", MLP_INT8, "--board", "mps2-an386", "-o", out).returncode == 0
    return out, build(out).log


@pytest.mark.qemu
def test_generated_code_builds_without_warnings(built):
    _, log = built
    assert "warning:" not in log, [line for line in log.splitlines() if "warning:" in line]


@pytest.mark.qemu
def test_one_arena_figure(cli, built):
    project, _ = built
    report = json.loads(cli("size", project, "--json").stdout)
    # `generate` says "arena 96 B" (the dsp FULLY_CONNECTED layers overlap their inputs)
    assert report["arena_bytes"] == 96 and report["arena_guard_bytes"] == 32
    assert report["groups"]["arena + guard"]["ram"] == 128
    assert "arena 96 B + 32 B guard" in cli("size", project).stdout


@pytest.mark.qemu
def test_size_text_numbers(cli, built):
    project, _ = built
    text = cli("size", project).stdout
    assert "of 4,194,304 B" in text and "stack 16,384 B" in text
    assert re.search(r"flash \d+\.\d\d% of", text) and re.search(r"RAM \d+\.\d\d% of", text)
    assert not re.search(r"\d{4,}", text.replace(",", "X").split("top symbols")[0]), "a number without separators"


@pytest.mark.qemu
def test_top_zero_prints_no_symbol_table(cli, built):
    project, _ = built
    assert "top symbols" not in cli("size", project, "--top", "0").stdout
    assert "| symbol |" not in cli("size", project, "--top", "0", "--markdown").stdout


@pytest.mark.qemu
def test_baseline_diff_stays_in_the_output_format(cli, built, tmp_path):
    project, _ = built
    old = json.loads(cli("size", project, "--json").stdout)
    del old["groups"]["kernel fully_connected"]  # a group the baseline lacks: "new", not "+inf%"
    old["flash_bytes"] -= 1000
    (tmp_path / "old.json").write_text(json.dumps(old))
    text = cli("size", project, "--baseline", tmp_path / "old.json", "--max-growth", "50")
    assert text.returncode == 0 and "PASS" in text.stdout
    assert "|" not in text.stdout and "inf" not in text.stdout
    diff = text.stdout[text.stdout.index("what ") :].splitlines()
    assert any(re.fullmatch(r"kernel fully_connected \(flash\) +- +[\d,]+ +new", line) for line in diff)
    assert len({len(line) for line in diff}) == 1, "columns do not line up"
    markdown = cli("size", project, "--baseline", tmp_path / "old.json", "--max-growth", "50", "--markdown").stdout
    assert "| kernel fully_connected (flash) | - |" in markdown and "| new |" in markdown
    assert "board mps2-an386: flash" in markdown


@pytest.mark.qemu
def test_html_says_where_it_wrote(cli, built, tmp_path):
    project, _ = built
    result = cli("size", project, "--html", tmp_path / "r.html")
    assert result.returncode == 0 and f"wrote {(tmp_path / 'r.html').resolve()}" in result.stderr


@pytest.mark.qemu
def test_size_markdown_into_closed_pipe(built):
    project, _ = built
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        result = subprocess.run(
            [sys.executable, "-m", "generator", "size", str(project), "--markdown"],
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
        )
    finally:
        os.close(write_end)
    assert result.stderr == "" and result.returncode == 141


@pytest.mark.qemu
def test_run_prints_node_costs_and_the_verify_cost_unit(cli, built):
    project, _ = built
    text = cli("run", project, "--random", "1")
    assert text.returncode == 0, text.stderr
    match = re.search(
        r"set 0: cost ([\d,]+) instructions \(per node 0: ([\d,]+), 1: ([\d,]+), 2: ([\d,]+)\)", text.stdout
    )
    assert match, text.stdout
    report = json.loads(cli("run", project, "--random", "1", "--json").stdout)
    assert report["cost_unit"] == COST_UNITS["qemu"]
    assert [int(g.replace(",", "")) for g in match.groups()[1:]] == report["sets"][0]["node_instructions"]


def test_real_board_message_gives_a_path_to_paste(cli, tmp_path):
    project = tmp_path / "fw"
    assert cli("generate", MLP_INT8, "--board", "nucleo-f446re", "-o", project).returncode == 0
    result = cli("run", project, "--random", "1")
    elf = project.resolve() / ".pio" / "build" / "nucleo-f446re" / "firmware.elf"
    assert result.returncode == 2 and f"flashes {elf} with its stlink probe" in result.stderr
    assert f"mcugen run {project.resolve()} --port /dev/ttyACM0" in result.stderr
    assert "building" not in result.stderr


@pytest.mark.qemu
def test_html_into_unwritable_place(cli, built):
    project, _ = built
    result = cli("size", project, "--html", "/sys/mcugen-size.html")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.startswith("mcugen: error: cannot write /sys/mcugen-size.html: ")
