"""Proves a kernel against TFLite Micro: a model (usually one op, built with modelkit) runs through the
generated project compiled for the host (fast) or in QEMU (the cross-compiled code), and through the
tflite-micro reference, on the same inputs; outputs must match (generator/compare: ints exactly, floats within
1e-5 relative above a floor)."""

from __future__ import annotations

import tempfile
from pathlib import Path

import numpy as np
from param_contract import plan_problems

from generator.boards import load_board
from generator.check import check
from generator.compare import compare
from generator.emit import emit
from generator.model import read_model
from generator.pipeline import build_and_run, random_sets
from generator.plan import plan
from generator.reference import reference_outputs
from generator.reference.fallback import litert_outputs
from generator.run import build_host, run_host
from modelkit import merge, unpack

BOARD = "mps2-an386"


def _describe(device, expected, output_names=None, limit=8) -> str:
    """The first `limit` outputs that differ, by input set (and name), with their first values."""
    lines = []
    for s, (dev_set, ref_set) in enumerate(zip(device, expected)):
        for i, (d, e) in enumerate(zip(dev_set, ref_set)):
            if len(lines) < limit and not compare([[d]], [[e]]).match:
                name = f" ({output_names[i]})" if output_names else ""
                d, e = np.asarray(d).reshape(-1)[:16], np.asarray(e).reshape(-1)[:16]
                lines.append(f"set {s} output {i}{name}: device {d} reference {e}")
    return "\n".join(lines)


def verify_model(
    model_bytes: bytes,
    sets: list | None = None,
    count: int = 3,
    seed: int = 0,
    qemu: bool = False,
    project_dir: Path | None = None,
    backends: list[str] = ("reference",),
    board: str = BOARD,
    output_names: list[str] | None = None,
    reference: str = "tflite-micro",
) -> list:
    """Asserts that mcugen's firmware and TFLite Micro agree on `sets` (or `count` random sets); returns the
    run's per-set results (with QEMU: ticks and per-node ticks). A failure names the outputs that differ
    (with `output_names`, e.g. the op each output comes from in a model of many). `reference="litert"`: LiteRT's
    builtin reference kernels instead, for float ops TFLite Micro does not have (verify's fallback)."""
    the_plan = plan(check(read_model(model_bytes), backends=list(backends)))
    with tempfile.TemporaryDirectory(prefix="mcugen-kernel-") as tmp:
        target = load_board(board)
        project = emit(the_plan, target, project_dir or Path(tmp) / "p", "case.tflite")
        problems = plan_problems(the_plan)  # the Python/C contract of each kernel
        assert not problems, "\n".join(problems)
        sets = sets if sets is not None else random_sets(project.inputs, count, seed)
        if qemu:
            _, _, result = build_and_run(project, target, sets)
        else:
            result = run_host(build_host(project.path), project.inputs, project.outputs, sets)
    device = [s.outputs for s in result.sets]
    if reference == "litert":
        expected = litert_outputs(model_bytes, sets)
    else:
        expected = reference_outputs(model_bytes, sets, len(project.outputs))
    verdict = compare(device, expected)
    assert verdict.match, (
        f"{verdict.mismatched_elements}/{verdict.total_elements} elements differ "
        f"(max abs diff {verdict.max_abs_diff})\n" + _describe(device, expected, output_names)
    )
    return result.sets


def verify_cases(cases: dict, **kwargs) -> list:
    """`verify_model` on many single-subgraph cases merged into one model (one project, one build, one run:
    the host lane's kernel breadth costs one link per test instead of one per case). `cases` maps a case's
    name to its model, or to (model, sets) when every case brings the same number of its own input sets. A
    failure names the case each differing output belongs to."""
    models, names, sets = [], [], None
    for name, case in cases.items():
        data, own_sets = case if isinstance(case, tuple) else (case, None)
        models.append(data)
        names += [name] * len(unpack(data).subgraphs[0].outputs)
        if own_sets is not None:
            sets = [[*(sets[k] if sets else []), *own_sets[k]] for k in range(len(own_sets))]
    if sets is not None:
        assert all(isinstance(c, tuple) for c in cases.values()), "give sets for every case or for none"
        kwargs["sets"] = sets
    return verify_model(merge(models), output_names=names, **kwargs)


def on_backend(backend: str, backends: list[str], cases: dict) -> dict:
    """`cases` (name: one-node model), each asserted to have its node on `backend` when `backends` are offered."""
    for name, model in cases.items():
        assert check(read_model(model), backends=backends).kernels[0].backend == backend, name
    return cases


def seed_groups(count: int, size: int = 20) -> list[range]:
    """Seeds 0..count-1 in groups of `size`, one merged project (and one test) each: a failure's report stays
    short, and the parallel workers share a family's breadth."""
    return [range(first, min(first + size, count)) for first in range(0, count, size)]


def rand_scale(rng, low=1e-3, high=0.1) -> float:
    return float(np.exp(rng.uniform(np.log(low), np.log(high))))
