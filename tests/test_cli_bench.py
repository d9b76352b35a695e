"""mcugen bench as a user runs it: counted progress, every step announced, the report on stdout even with
--write; and docs/benchmarks.md still tells the truth about a fresh run (sine_float on mps2-an386)."""

from pathlib import Path

import pytest

# the fixture's bench uses the shared folders under ~/.cache/mcugen/bench; mcugen bench takes a lock on them. One
# worker runs the module, so the fixture's bench runs once.
pytestmark = [pytest.mark.qemu, pytest.mark.xdist_group("bench-fresh")]

DOC = Path(__file__).resolve().parent.parent / "docs" / "benchmarks.md"


@pytest.fixture(scope="module")
def fresh(tmp_path_factory):
    from conftest import run_cli

    out = tmp_path_factory.mktemp("bench") / "bench.md"
    # --force: a fresh run, whatever the result cache (docs/zoo.md) holds from an earlier one
    result = run_cli("bench", "sine_float", "--board", "mps2-an386", "--sets", "3", "--force", "--write", out)
    assert result.returncode == 0, result.stderr
    return result, out


def test_progress_counts_and_names_every_step(fresh):
    result, out = fresh
    err = result.stderr
    assert "[1/2] bench sine_float on mps2-an386 (reference kernels)" in err
    assert "[2/2] bench sine_float on mps2-an386 (auto kernels)" in err
    assert "[1/2] running the reference on the model as given" in err and "[2/2] building " in err
    assert "[1/2] building with every kernel (--resolver all)" in err
    assert f"wrote {out.resolve()}" in err
    assert result.stdout == out.read_text()


def _row(markdown: str, section: str, first_cells: str) -> str | None:
    """The row starting with `first_cells` in the table under the heading starting with `section`."""
    part = markdown.split(f"\n## {section}", 1)[-1].split("\n## ", 1)[0]
    return next((line for line in part.splitlines() if line.startswith(f"| {first_cells} |")), None)


@pytest.mark.parametrize(
    "section, row",
    [
        ("Memory", "sine_float | mps2-an386 | reference"),
        ("Memory", "sine_float | mps2-an386 | auto: reference"),
        ("Code size", "sine_float"),
        ("Speed", "sine_float | mps2-an386 | reference"),
        ("Speed", "sine_float | mps2-an386 | auto: reference"),
    ],
)
def test_committed_benchmarks_match_a_fresh_run(fresh, section, row):
    """Rerun `make bench` with any kernel or runtime change: the committed figures must be today's."""
    _, out = fresh
    now = _row(out.read_text(), section, row)
    assert now, f"no '{row}' row under '{section}' in a fresh report"
    assert _row(DOC.read_text(), section, row) == now, "docs/benchmarks.md is stale: run `make bench`"


def test_memory_modes_reuse_the_bench_runs_and_several_models_need_the_three(fresh):
    """sine_float's plans are one firmware under every --memory mode: its memory rows come from the bench's runs."""
    result, out = fresh
    report = out.read_text()
    for kernels in ("reference", "auto"):
        row = _row(report, "Memory below the per-layer bound", f"sine_float | mps2-an386 | {kernels}")
        assert row and "| yes |" in row and "+0.0 %" in row, row
    assert "[memory]" not in result.stderr
    assert "## Several models in one firmware" not in report
