"""Size reports: totals equal arm-none-eabi-size, groups cover the flash, the regression gate works on real
ELFs, and the HTML report renders in headless Chromium."""

import json
import re
import shutil
import subprocess

import pytest

from conftest import MLP_FLOAT_IO, MLP_INT8
from generator.boards import load_board
from generator.build import build
from generator.measure import measure
from generator.pipeline import Options, generate

pytestmark = [pytest.mark.qemu, pytest.mark.xdist_group("size-elfs")]


@pytest.fixture(scope="module")
def elfs(tmp_path_factory):
    root = tmp_path_factory.mktemp("size")
    built = {}
    for name, model in (("int8", MLP_INT8), ("float_io", MLP_FLOAT_IO)):
        generate([model], Options(load_board("mps2-an386")), root / name)
        built[name] = build(root / name).elf
    generate([MLP_INT8], Options(load_board("mps2-an386"), resolver="all"), root / "all")
    built["all"] = build(root / "all").elf
    return built


def gnu_size(elf):
    out = subprocess.run(["arm-none-eabi-size", "-B", "-d", str(elf)], capture_output=True, text=True, check=True)
    text, data, bss = map(int, out.stdout.splitlines()[1].split()[:3])
    return text, data, bss


def test_totals_equal_arm_none_eabi_size(elfs):
    for elf in elfs.values():
        r = measure(elf)
        assert (r.text, r.data, r.bss) == gnu_size(elf)
        assert sum(g.flash for g in r.groups.values()) == r.flash
        assert sum(g.ram for g in r.groups.values()) == r.ram


def test_groups_attribute_nearly_everything(elfs):
    r = measure(elfs["float_io"])
    for op in ("fully_connected", "quantize", "dequantize"):
        assert r.groups[f"kernel {op}"].flash > 0
    assert r.groups["model"].flash == r.model
    unknown = sum(g.flash for name, g in r.groups.items() if name in ("other", "alignment"))
    assert unknown < 0.01 * r.flash


def test_kernel_groups_are_the_models_ops(elfs):
    """Kernel code several ops share (mg_requant.c, mg_elementwise.c, ...) is "kernels (shared)", never the group
    of an op the model lacks; and every op of the model has its group."""
    for name in ("int8", "float_io"):
        ops = {op.lower() for op in json.loads((elfs[name].parents[3] / "mcugen.json").read_text())["ops"]}
        groups = measure(elfs[name]).groups
        assert {g.removeprefix("kernel ") for g in groups if g.startswith("kernel ")} == ops, name
        assert groups["kernels (shared)"].flash > 0
        assert "other" not in groups and "harness" in groups, name  # mg_absent_kernels.c is generated


def test_all_ops_resolver_is_bigger(elfs):
    trimmed, everything = measure(elfs["int8"]), measure(elfs["all"])
    assert everything.code > trimmed.code
    assert len([g for g in everything.groups if g.startswith("kernel ")]) > 1


def test_one_subgraph_firmware_carries_no_multi_subgraph_support(elfs):
    """A one-subgraph model builds with MG_SINGLE_SUBGRAPH: no subgraph table, and its nodes lack the pointer to
    their subgraph's tensors (7 words each, not 8)."""
    nm = subprocess.run(["arm-none-eabi-nm", "-S", str(elfs["int8"])], capture_output=True, text=True, check=True)
    sizes = {f[3]: int(f[1], 16) for f in map(str.split, nm.stdout.splitlines()) if len(f) == 4}
    assert "subgraphs" not in sizes
    assert sizes["mg_nodes"] == 3 * 28  # mlp_int8: three FULLY_CONNECTED nodes


def test_regression_gate(cli, elfs, tmp_path):
    small, big = elfs["int8"], elfs["float_io"]
    result = cli("size", small, "--json")
    (tmp_path / "base.json").write_text(result.stdout)
    grown = cli("size", big, "--baseline", tmp_path / "base.json", "--max-growth", 1)
    assert grown.returncode == 1 and "FAIL" in grown.stdout
    assert re.search(r"^flash +[\d,]+ +[\d,]+ ", grown.stdout, re.M)  # the diff as a text table
    within = cli("size", big, "--baseline", tmp_path / "base.json", "--max-growth", 1000)
    assert within.returncode == 0 and "PASS" in within.stdout
    shrunk = cli("size", small, "--baseline", tmp_path / "base.json", "--json")
    assert shrunk.returncode == 0 and json.loads(shrunk.stdout)["baseline"]["passed"] is True


def test_board_fit_reported(cli, elfs):
    report = json.loads(cli("size", elfs["int8"], "--board", "mps2-an386", "--json").stdout)
    assert report["board"]["fits"] is True and 0 < report["board"]["flash_used_pct"] < 100


def test_html_report_renders_in_chromium(cli, elfs, tmp_path):
    browser = shutil.which("chromium")
    if browser is None:
        pytest.skip("chromium is not installed (apt-get install chromium): cannot render the HTML report")
    page = tmp_path / "size.html"
    assert cli("size", elfs["float_io"], "--html", page).returncode == 0
    flags = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--user-data-dir={tmp_path / 'profile'}",
    ]
    dom = subprocess.run([browser, *flags, "--dump-dom", page.as_uri()], capture_output=True, text=True, timeout=120)
    assert 'id="flash-chart"' in dom.stdout and dom.stdout.count("<rect") >= 6
    shot = tmp_path / "size.png"
    subprocess.run(
        [browser, *flags, f"--screenshot={shot}", "--window-size=840,900", page.as_uri()],
        capture_output=True,
        timeout=120,
    )
    assert shot.is_file() and shot.stat().st_size > 5000
