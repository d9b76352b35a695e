"""The Python/C contract of the kernels (param_contract.py): on whole models and every backend, each node's
parameter block against its C struct; and that
the checks catch what they are for. (Every kernel test runs the same checks on its own nodes: kernel_harness.)"""

from pathlib import Path

import pytest
from param_contract import c_layout, header_of, layout_problems, plan_problems

from generator import zoo
from generator.catalog import NodeParams
from generator.check import check
from generator.model import read_model
from generator.plan import plan

FIXTURES = Path(__file__).parent / "fixtures"
MODELS = [
    FIXTURES / "mlp_int8.tflite",
    FIXTURES / "mlp_float_io.tflite",
    "keyword_spotting",
    "image_classification",
    "visual_wake_words",
    "anomaly_detection",
]
BACKENDS = [["reference"], ["dsp", "reference"], ["mve", "reference"], ["portable", "reference"]]


def _plan(model, backends):
    path = model if isinstance(model, Path) else Path(zoo.resolve(model))
    return plan(check(read_model(path.read_bytes()), backends=backends))


@pytest.mark.parametrize("backends", BACKENDS, ids=lambda b: b[0])
@pytest.mark.parametrize("model", MODELS, ids=lambda m: Path(str(m)).stem)
def test_models_keep_the_contract(model, backends):
    the_plan = _plan(model, backends)
    assert plan_problems(the_plan) == []


def _pool_params():
    the_plan = _plan("keyword_spotting", ["reference"])
    node = next(n for n in the_plan.nodes if n.op_name == "AVERAGE_POOL_2D")
    return header_of(node.kernel), node.params


def test_layout_check_catches_mistakes():
    header, params = _pool_params()
    assert layout_problems(header, params) == []
    fields = dict(params.fields)
    renamed = {("padding_top" if k == "padding_height" else k): v for k, v in fields.items()}
    assert "no member 'padding_top'" in " ".join(layout_problems(header, NodeParams(params.c_type, renamed)))
    reordered = {"depth": fields["depth"], **{k: v for k, v in fields.items() if k != "depth"}}
    assert "order" in " ".join(layout_problems(header, NodeParams(params.c_type, reordered)))
    for name, value in (("act_min_f", 1), ("depth", 0.5), ("depth", 1 << 31), ("batches", [1, 2])):
        wrong = NodeParams(params.c_type, {**fields, name: value})
        assert f".{name}:" in " ".join(layout_problems(header, wrong)), (name, value)


def test_layout_comes_from_the_compiler():
    header, params = _pool_params()
    members = c_layout(header, params.c_type, header.read_text())
    assert [m.name for m in members][:2] == ["batches", "input_height"]
    assert [(m.offset, m.size, m.kind) for m in members[:2]] == [(0, 4, "signed"), (4, 4, "signed")]
    assert members[-1].kind == "float"


def test_lists_must_meet_pointers_to_their_element_type():
    the_plan = _plan("keyword_spotting", ["dsp", "reference"])
    node = next(n for n in the_plan.nodes if isinstance(n.params.fields.get("channels"), list))
    header, fields = header_of(node.kernel), dict(node.params.fields)
    assert layout_problems(header, node.params) == []
    as_floats = NodeParams(node.params.c_type, {**fields, "channels": [float(v) for v in fields["channels"]]})
    assert ".channels:" in " ".join(layout_problems(header, as_floats))
