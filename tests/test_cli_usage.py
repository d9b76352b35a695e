"""What the command line says without building anything: help with examples, the catalog, number formats."""

import argparse

import pytest

from conftest import MLP_INT8
from generator.catalog.backends import BACKEND_CORES
from generator.cli import COMMANDS
from generator.cli.parser import parser
from generator.measure.report import num, pct


def _subparsers():
    top = parser(COMMANDS)
    action = next(a for a in top._actions if isinstance(a, argparse._SubParsersAction))
    return action.choices


def test_every_command_has_help():
    assert set(_subparsers()) == set(COMMANDS)


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_option_and_argument_is_explained(command):
    sub = _subparsers()[command]
    for action in sub._actions:
        assert action.help, f"mcugen {command}: {action.dest} has no help text"


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_help_ends_with_examples(cli, command):
    result = cli(command, "--help")
    assert result.returncode == 0
    tail = result.stdout.rstrip().splitlines()
    examples = tail.index("examples:")
    assert 1 <= len(tail) - examples - 1 <= 2
    assert all(line.strip().startswith(("mcugen ", "export ")) for line in tail[examples + 1 :])


def test_catalog_is_sorted_with_a_header(cli):
    lines = cli("ops").stdout.splitlines()
    assert lines[0].split() == ["op", "code", "versions", "backend", "input", "types"]
    rank = {b: i for i, b in enumerate(BACKEND_CORES)}
    keys = [(line.split()[0], rank[line.split()[3]]) for line in lines[1:]]
    assert keys == sorted(keys) and len(keys) > 40


def test_one_number_format():
    assert num(236288) == "236,288" and num(4194304) == "4,194,304" and num(36864.0) == "36,864"
    assert pct(0.34) == "0.34%" and pct(0.4) == "0.40%"


def test_plan_text_uses_thousands_separators(cli, tmp_path):
    result = cli("plan", MLP_INT8, "--nodes")
    assert result.returncode == 0
    assert "(100.00%), 100.00% of MACs" in result.stdout
    buffers = cli("plan", MLP_INT8).stdout
    assert "arena 96 B, lower bound 96 B" in buffers


def test_generate_reports_the_planned_arena(cli, tmp_path):
    result = cli("generate", MLP_INT8, "--board", "mps2-an386", "-o", tmp_path / "fw")
    assert result.returncode == 0 and "arena 96 B (lower bound 96 B)" in result.stdout
