"""The backend mechanism with a backend defined here: nodes go to the first backend that claims them, the
rest fall back to the reference kernels, the firmware binds each node to its backend's kernel, and the choice
changes nothing in the outputs."""

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from generator import catalog
from generator.boards import load_board
from generator.catalog import backends as backend_registry
from generator.check import check
from generator.model import read_model
from generator.pipeline import Options, generate
from kernel_harness import verify_model
from modelkit import GraphBuilder

HERE = Path(__file__).resolve().parent


@pytest.fixture
def test_backend():
    """A float32 RELU kernel in a backend named "testbe" that claims only nodes with an even element count."""
    reference = next(s for s in catalog.CATALOG if s.op == "RELU" and s.backend == "reference")
    spec = replace(
        reference,
        backend="testbe",
        registration="mg_register_relu_test_backend",
        sources=(*reference.sources, str(HERE / "relu_test_backend.c")),
        claims=lambda op, inputs, outputs: (
            None if inputs[0].dtype.name == "FLOAT32" and inputs[0].num_elements % 2 == 0 else "an odd element count"
        ),
    )
    backend_registry.BACKEND_CORES["testbe"] = None
    catalog.register(spec)
    yield spec
    catalog.unregister(spec)
    del backend_registry.BACKEND_CORES["testbe"]


def relu_chain(sizes) -> bytes:
    """RELU nodes of the given element counts, joined by RESHAPE-free FULLY_CONNECTED-free chains of ADDs."""
    g = GraphBuilder()
    rng = np.random.default_rng(0)
    inputs, outputs = [], []
    for n in sizes:
        x, y = g.tensor([1, n], "float32"), g.tensor([1, n], "float32")
        g.op("RELU", [x], [y])
        z = g.tensor([1, n], "float32")
        g.op("ADD", [y, g.tensor([1, n], "float32", data=rng.normal(size=n))], [z], version=1)
        inputs.append(x)
        outputs.append(z)
    return g.build(inputs, outputs)


def test_nodes_go_to_the_first_backend_that_claims_them(test_backend):
    checked = check(read_model(relu_chain([4, 5, 6])), backends=["testbe", "reference"])
    assert [k.backend for k in checked.kernels] == [
        "testbe",
        "reference",
        "reference",
        "reference",
        "testbe",
        "reference",
    ]


def test_reference_only_ignores_other_backends(test_backend):
    checked = check(read_model(relu_chain([4])), backends=["reference"])
    assert {k.backend for k in checked.kernels} == {"reference"}


def test_resolver_registers_each_backend_kernel(test_backend, tmp_path):
    model = tmp_path / "m.tflite"
    model.write_bytes(relu_chain([4, 5]))
    generate([model], Options(load_board("mps2-an386"), backend="testbe,reference"), tmp_path / "fw")
    resolver = (tmp_path / "fw" / "src" / "op_resolver.h").read_text()
    assert "MicroMutableOpResolver<3>" in resolver
    assert "&mg_register_relu_test_backend, 1, 3, 1);" in resolver and "&mg_register_relu, 1, 3, 0);" in resolver
    assert "node_backends[4] = { 1, 0, 0, 0 }" in (tmp_path / "fw" / "src" / "arena_plan.c").read_text()


@pytest.mark.parametrize("qemu", [False, pytest.param(True, marks=pytest.mark.qemu)], ids=["host", "qemu"])
def test_backend_choice_changes_no_output(test_backend, qemu, tmp_path, monkeypatch):
    import generator.pipeline.generation as pipeline
    from generator.catalog.backends import choose_backends

    monkeypatch.setattr(pipeline, "choose_backends", lambda choice, cpu: choose_backends("testbe,reference", cpu))
    model = relu_chain([4, 5, 6])
    from generator.plan import plan

    assert {n.kernel.backend for n in plan(check(read_model(model), backends=["testbe", "reference"])).nodes} == {
        "testbe",
        "reference",
    }
    verify_model(model, count=3, qemu=qemu, backends=["testbe", "reference"])


def test_node_dump_and_coverage(test_backend):
    from generator.plan import plan
    from generator.plan.nodes import coverage, node_rows

    the_plan = plan(check(read_model(relu_chain([4, 5, 6])), backends=["testbe", "reference"]))
    rows = node_rows(the_plan, node_costs=[10, 20, 30, 40, 50, 60])
    assert [r["backend"] for r in rows] == ["testbe", "reference", "reference", "reference", "testbe", "reference"]
    summary = coverage(rows)
    assert summary["testbe"]["nodes"] == 2 and summary["testbe"]["subgraphs"] == [[0, 0], [4, 4]]
    assert summary["reference"]["subgraphs"] == [[1, 3], [5, 5]]
    assert summary["testbe"]["cost_share"] == round(60 / 210, 4)
    none, odd = "testbe: no kernel for this op", "testbe: an odd element count"
    assert [r["refused"] for r in rows] == [None, none, odd, none, None, none]


def test_plan_nodes_cli(cli):
    from conftest import MLP_INT8

    result = cli("plan", MLP_INT8, "--nodes", "--csv", "--backend", "reference")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "node,op,version,custom_name,backend,macs,weight_bytes,activation_bytes,cost,refused"
    assert lines[1].startswith("0,FULLY_CONNECTED,4,,reference,320,")  # 10 inputs x 32 units
