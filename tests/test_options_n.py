"""Every option means the same for one model and for several: the command line builds one Options value and the
pipeline plans each model with it whatever their number (pipeline/). Each option's plan of a model alone equals
that model's plan beside others; generate's files follow the options for two models as for one; what means
nothing for one of the counts is refused with one line, before anything is written."""

import json
import re

import pytest

from conftest import FIXTURES, MLP_INT8

CONV = FIXTURES / "conv_relu_int8.tflite"
FLOAT16 = FIXTURES / "conv_float16_weights.tflite"
MODELS = [MLP_INT8, CONV, FLOAT16]

# (options, the models they are tried on): each option where it changes something
OPTIONS = [
    ([], MODELS),
    (["--memory", "layer"], MODELS),
    (["--memory", "min"], MODELS),
    (["--backend", "reference"], MODELS),
    (["--board", "mps3-an547"], MODELS),
    (["--board", "mps2-an385"], MODELS),
    (["--no-rewrite"], [MLP_INT8, CONV]),  # float16 weights need the rewrite stage
    (["--float16", "keep"], MODELS),
    (["--float16", "fold"], MODELS),
    (["--patches", "--patch-overhead", "30"], ["image_classification", MLP_INT8]),
]


def one_plan(cli, model, options) -> dict:
    """What `plan MODEL` says of one model: its arena, bound, state, and each node's kernel."""
    memory = cli("plan", model, *options, "--json")
    nodes = cli("plan", model, *options, "--nodes", "--json")
    assert memory.returncode == 0 and nodes.returncode == 0, memory.stderr + nodes.stderr
    memory, nodes = json.loads(memory.stdout), json.loads(nodes.stdout)["nodes"]
    return {
        "arena_bytes": memory["arena_bytes"],
        "lower_bound_bytes": memory["lower_bound_bytes"],
        "persistent_bytes": memory["persistent_bytes"],
        "nodes": len(nodes),
        "kernels": sorted({f"{n['op']}/{n['backend']}" for n in nodes}),
        "patches": memory.get("patches"),
    }


@pytest.mark.parametrize("options, models", OPTIONS, ids=[" ".join(o) or "defaults" for o, _ in OPTIONS])
def test_each_option_plans_a_model_alone_as_beside_others(cli, options, models):
    together = cli("plan", *models, *options, "--json")
    assert together.returncode == 0, together.stderr
    rows = json.loads(together.stdout)["models"]
    for model, row in zip(models, rows):
        alone = one_plan(cli, model, options)
        beside = {key: row.get(key) for key in alone}
        assert beside == alone, f"{model} with {options}"


def test_the_options_change_the_plans_they_are_tried_on(cli):
    """The table above is no test if the options change nothing: each changes at least one model's plan."""

    def rows(options, models):
        return json.loads(cli("plan", *models, *options, "--json").stdout)["models"]

    for options, models in OPTIONS[1:]:
        versus = ["--float16", "keep"] if options == ["--float16", "fold"] else []  # fold: the default on this board
        assert rows(options, models) != rows(versus, models), options


def test_generate_of_two_models_follows_the_options_of_one(cli, tmp_path):
    """--resolver all registers every kernel, --verbose logs the lookups, --backend reference uses no other
    backend: the same words in the firmware of two models as in the firmware of one."""
    options = ["--resolver", "all", "--verbose", "--backend", "reference", "--board", "mps2-an386"]
    for folder, models in (("one", [MLP_INT8]), ("two", [MLP_INT8, CONV])):
        result = cli("generate", *models, *options, "-o", tmp_path / folder)
        assert result.returncode == 0, result.stderr

    def registered(folder):
        return set(re.findall(r"\bmg_register_\w+", (tmp_path / folder / "src/op_resolver.h").read_text()))

    assert registered("one") == registered("two") and len(registered("one")) > 90
    config = [(tmp_path / f / "src/mg_build_config.h").read_text() for f in ("one", "two")]
    assert config[0] == config[1] and "VERBOSE" in config[0]
    assert not list((tmp_path / "two" / "src").glob("*_dsp.c"))


@pytest.mark.parametrize(
    "args, message",
    [
        (["plan", MLP_INT8, "--arena", "separate"], "--arena divides memory between several models"),
        (["verify", MLP_INT8, "--name", "a"], "--name names each of several models"),
        (["plan", MLP_INT8, CONV, "--nodes"], "--nodes shows one model's nodes"),
        (["plan", MLP_INT8, CONV, "--html", "x.html"], "--html shows one model's plan"),
        (["verify", MLP_INT8, CONV, "--inputs", "a.npz", "b.npz", "c.npz"], "3 --inputs files for 2 models"),
        (["generate", MLP_INT8, CONV, "--board", "mps2-an386", "-o", "fw", "--name", "a"], "1 --name value(s) for 2"),
    ],
)
def test_what_means_nothing_for_the_count_is_refused(cli, tmp_path, args, message):
    result = cli(*args, cwd=tmp_path)
    assert result.returncode == 2 and message in result.stderr, result.stderr
    assert len(result.stderr.splitlines()) == 1 and not list(tmp_path.iterdir())


@pytest.mark.qemu
def test_verify_of_two_models_runs_the_plans_of_the_options(cli, tmp_path):
    """verify A B with options: each model's arena is its own plan's under those options, and both match."""
    options = ["--memory", "layer", "--backend", "reference", "--arena", "separate"]
    result = cli("verify", MLP_INT8, CONV, *options, "-o", tmp_path / "fw", "--random", 2, "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    for model, row in zip((MLP_INT8, CONV), report["models"]):
        assert row["match"] and row["arena_bytes"] == one_plan(cli, model, options[:4])["arena_bytes"]
    assert report["arena_bytes"] == sum(row["arena_bytes"] for row in report["models"])
