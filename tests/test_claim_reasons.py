"""A refusal states its reason: wherever an optimized backend (dsp, mve, portable) claims a node of some op and
types in one model and refuses another node of the same op and types, in any model, its claim gives the reason
(a non-empty phrase, which `mcugen plan --nodes` and `mcugen doctor` show). Walks every fixture, every zoo model
(fetched and cached at first use) and the kernel test case builders (tests/cases/: the every-op sweep's parts, and
random cases of the backends' own builders)."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from op_cases import Batch

from cases import (
    dsp_add,
    dsp_conv_2d,
    dsp_depthwise_conv_2d,
    dsp_depthwise_conv_2d_multiplier,
    dsp_fully_connected,
    dsp_pooling,
    mve_conv_2d,
    mve_depthwise_conv_2d,
    weighted_16x8,
)
from cases.every_op_in_qemu import sweep_parts
from cases.svdf import svdf_node
from generator import catalog, zoo
from generator.model import read_model

OPTIMIZED = ("dsp", "mve", "portable")
FIXTURES = sorted((Path(__file__).parent / "fixtures").glob("*.tflite"))
SEEDS = range(6)


def builder_models() -> dict[str, bytes]:
    """The case builders' models: every (op, type) part of the sweep, then random cases of the backends' own."""
    models = {f"sweep {op} {dtype}": data for (op, dtype), (data, _) in sweep_parts().items()}
    for seed in SEEDS:
        models[f"dsp_add {seed}"] = dsp_add.add_case(seed)
        models[f"dsp_conv_2d {seed}"] = dsp_conv_2d.case(seed)
        models[f"dsp_conv_2d grouped {seed}"] = dsp_conv_2d.case(seed, groups=2)
        models[f"dsp_depthwise_conv_2d {seed}"] = dsp_depthwise_conv_2d.case(seed)
        models[f"dsp_depthwise_conv_2d 5x5 {seed}"] = dsp_depthwise_conv_2d.case(seed, kernel=(5, 5))
        models[f"dsp_depthwise_conv_2d dilated {seed}"] = dsp_depthwise_conv_2d.case(seed, dilation=2)
        models[f"dsp_depthwise_conv_2d_multiplier {seed}"] = dsp_depthwise_conv_2d_multiplier.case(seed)
        models[f"dsp_fully_connected {seed}"] = dsp_fully_connected.case(seed)
        models[f"dsp_fully_connected scaled {seed}"] = dsp_fully_connected.case(seed, multiplier_scale=4.0)
        for op in ("AVERAGE_POOL_2D", "MAX_POOL_2D"):
            models[f"dsp_pooling {op} {seed}"] = dsp_pooling.pool_case(op, seed)
        models[f"mve_conv_2d {seed}"] = mve_conv_2d.int8_case(seed)
        models[f"mve_depthwise_conv_2d {seed}"] = mve_depthwise_conv_2d.int8_case(seed, multiplier=1 + seed % 3)
        b = Batch(seed)
        weighted_16x8.conv_node(b, boost=bool(seed % 2))
        weighted_16x8.depthwise_node(b, boost=bool(seed % 2))
        for state_type in ("int16", "int8"):
            svdf_node(
                b, "int8", 1 + seed % 2, 4 + 7 * seed, 2 + seed, 1 + seed % 3, 2 + 5 * seed, state_type=state_type
            )
        models[f"16x8 and svdf {seed}"] = b.build()
    models["mve_conv_2d extreme scales"] = mve_conv_2d.extreme_scales_case()
    return models


def answers(models: dict[str, bytes]) -> list[tuple[tuple, str, object]]:
    """Per node and optimized backend whose kernel for the op accepts its version and validates it: (backend, op,
    input and output types), where, and the claim's answer."""
    found = []
    for name, data in models.items():
        graph = read_model(data)
        for g in graph.subgraphs or [graph]:
            for op in g.operators:
                inputs, outputs = g.node_io(op)
                types = tuple(t.dtype.name if t is not None else "-" for t in [*inputs, *outputs])
                for spec in catalog.BY_CODE.get(op.builtin_code, []):
                    if spec.backend not in OPTIMIZED or spec.op != (op.custom_name or spec.op):
                        continue
                    if not spec.accepts_version(op.version):
                        continue
                    try:
                        if spec.validate(op, inputs, outputs) is not None:
                            continue
                    except (ArithmeticError, AttributeError, IndexError, KeyError, TypeError, ValueError):
                        continue
                    key = (spec.backend, op.display_name, types)
                    found.append((key, f"{name}: {op.where}", spec.claims(op, inputs, outputs)))
    return found


def unstated(found: list[tuple[tuple, str, object]]) -> list[str]:
    """Every answer that is neither None (claimed) nor a reason; first the refusals of a node whose op and types the
    same backend claims elsewhere."""
    claimed = {key for key, _, answer in found if answer is None}
    bad = [
        f"{key[0]} claims {key[1]} {'/'.join(key[2])} elsewhere but refuses {where} with {answer!r}"
        for key, where, answer in found
        if key in claimed and answer is not None and not (isinstance(answer, str) and answer.strip())
    ]
    return bad + [
        f"{key[0]} answers {answer!r} for {key[1]} at {where}"
        for key, where, answer in found
        if key not in claimed and not (isinstance(answer, str) and answer.strip())
    ]


def refused_where_claimed(found: list[tuple[tuple, str, object]]) -> dict[tuple, set[str]]:
    claimed = {key for key, _, answer in found if answer is None}
    reasons = defaultdict(set)
    for key, _, answer in found:
        if key in claimed and answer is not None:
            reasons[key].add(answer)
    return reasons


def test_builders_refusals_state_their_reason():
    found = answers(builder_models())
    assert not unstated(found), "\n".join(unstated(found)[:20])
    # the walk meets claims and refusals of one op and types, the case the reasons are for
    assert refused_where_claimed(found), "no backend both claims and refuses nodes of one op and types"


def test_fixtures_refusals_state_their_reason():
    found = answers({path.name: path.read_bytes() for path in FIXTURES})
    assert len(FIXTURES) >= 20 and found
    assert not unstated(found), "\n".join(unstated(found)[:20])


def test_zoo_refusals_state_their_reason():
    found = answers({name: zoo.resolve(name).read_bytes() for name in zoo.NAMES})
    assert not unstated(found), "\n".join(unstated(found)[:20])


def test_a_claim_without_a_reason_fails_the_walk():
    """The check itself: a bare False (a claim of the old form) where another node is claimed is reported."""
    key = ("dsp", "CONV_2D", ("INT8",))
    assert unstated([(key, "a", None), (key, "b", False), (key, "c", "it is grouped")]) == [
        "dsp claims CONV_2D INT8 elsewhere but refuses b with False"
    ]
