"""Docs generated from code stay true to it."""

import subprocess
from pathlib import Path

from generator.bench.baselines import TFLM
from generator.catalog import CATALOG
from generator.catalog.docs import ops_markdown

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_ops_md_is_current():
    assert (DOCS / "ops.md").read_text() == ops_markdown(), "run: make docs (mcugen ops --markdown > docs/ops.md)"


def test_every_issue_op_is_in_the_catalog():
    wanted = """CONV_2D DEPTHWISE_CONV_2D FULLY_CONNECTED AVERAGE_POOL_2D MAX_POOL_2D ADD SUB MUL SOFTMAX LOGISTIC TANH
        RELU RELU6 LEAKY_RELU HARD_SWISH RESHAPE SQUEEZE EXPAND_DIMS QUANTIZE DEQUANTIZE PAD PADV2 CONCATENATION MEAN
        STRIDED_SLICE SHAPE PACK UNPACK SPLIT SPLIT_V TRANSPOSE RESIZE_NEAREST_NEIGHBOR ARG_MAX""".split()
    assert set(wanted) <= {spec.op for spec in CATALOG}


def test_the_repository_stands_alone():
    """A clone has no shared folder beside it: no tracked file may point into one (docs/baselines.md holds the
    TFLite Micro baselines instead)."""
    root = DOCS.parent
    tracked = subprocess.run(["git", "ls-files", "-z"], cwd=root, capture_output=True, check=True).stdout
    needle = b"../" + b"shared/"  # spelled in two parts, so this file does not name it
    offenders = [
        name
        for name in tracked.decode().split("\0")
        if name and (root / name).is_file() and needle in (root / name).read_bytes()
    ]
    assert offenders == []


def _figure(cell: str) -> float:
    """ "43.19 M" -> 43.19e6, "22,896" -> 22896."""
    number, _, unit = cell.replace(",", "").partition(" ")
    return float(number) * (1e6 if unit == "M" else 1)


def test_baselines_md_has_the_figures_the_code_compares_with():
    cores = {"M7": "cortex-m7", "M55": "cortex-m55"}
    seen = set()
    for line in (DOCS / "baselines.md").read_text().splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if not line.startswith("| ") or not cells[-1][:1].isdigit():
            continue
        core, model, kernels = ("cortex-m4", *cells[:2]) if len(cells) == 5 else (cores[cells[0]], *cells[1:3])
        model, all_ops = model.removesuffix(", all ops"), model.endswith(", all ops")
        key = (
            core,
            model,
            ("cmsis-nn" if kernels.startswith("CMSIS-NN") else "reference") + ("-all-ops" if all_ops else ""),
        )
        code, arena, instr = map(_figure, cells[-3:])
        assert TFLM[key] == {"code": code, "arena": arena, "instr": instr}, key
        seen.add(key)
    assert seen == set(TFLM)
