"""The kernel library on real models nobody here wrote (MLPerf Tiny architectures and TFLite Micro's examples,
fetched from PyPI and cached): every output bit-exact with TFLite Micro, in QEMU on the Cortex-M4."""

import json

import pytest

from generator import zoo


@pytest.mark.qemu
@pytest.mark.slow
@pytest.mark.parametrize("name", zoo.NAMES)
def test_verify_real_model(cli, tmp_path, name):
    result = cli(
        "verify",
        name,
        "--board",
        "mps2-an386",
        "--backend",
        "reference",
        "--random",
        10,
        "-o",
        tmp_path / "fw",
        "--json",
    )
    assert result.returncode == 0, result.stderr[-2000:]
    report = json.loads(result.stdout)
    assert report["match"] is True and report["mismatched_elements"] == 0


def test_node_dump_on_a_real_model(cli):
    result = cli("plan", "keyword_spotting", "--nodes", "--json", "--backend", "reference")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert len(report["nodes"]) == 15 and sum(r["macs"] for r in report["nodes"]) > 2_000_000
    assert report["coverage"]["reference"]["node_share"] == 1.0
