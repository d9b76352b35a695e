"""`mcugen plan --html`: the plan drawn as rectangles over step x offset, checked in headless Chromium."""

import json
import re
import shutil
import subprocess

import pytest

from cases.overlap import overlap_model
from generator.plan.picture import peak_step


def test_the_peak_counts_shared_bytes_once():
    rows = [
        {"offset": 0, "bytes": 100, "live": [0, 1]},
        {"offset": 60, "bytes": 100, "live": [1, 2]},  # overlaps the first by 40 bytes at step 1
        {"offset": 200, "bytes": 10, "live": [2, 2]},
    ]
    assert peak_step(rows, 3) == (1, 160)


@pytest.fixture
def page(cli, tmp_path):
    model = tmp_path / "chain.tflite"
    model.write_bytes(overlap_model())
    page = tmp_path / "plan.html"
    result = cli("plan", model, "--backend", "reference", "--memory", "min", "--json", "--html", page)
    assert result.returncode == 0, result.stderr
    layer = cli("plan", model, "--backend", "reference", "--memory", "layer", "--json")
    return page, json.loads(result.stdout), json.loads(layer.stdout)


def test_both_plans_drawn_with_every_buffer(page):
    html, chosen, layer = page[0].read_text(), page[1], page[2]
    assert chosen["arena_bytes"] < layer["arena_bytes"]
    assert f"per-layer plan (--memory layer): arena {layer['arena_bytes']:,} B" in html
    assert re.search(rf"--memory min(, row patches)?: arena {chosen['arena_bytes']:,} B", html)
    assert html.count('class="buffer"') == len(chosen["buffers"]) + len(layer["buffers"])
    assert html.count('class="peak"') == 2 and html.count('class="arena-top"') == 2


def test_html_with_nodes_is_refused(cli, tmp_path):
    result = cli("plan", "tests/fixtures/mlp_int8.tflite", "--nodes", "--html", tmp_path / "p.html")
    assert result.returncode == 2 and "drop --nodes" in result.stderr and not (tmp_path / "p.html").exists()


def test_picture_renders_in_chromium(page, tmp_path):
    browser = shutil.which("chromium")
    if browser is None:
        pytest.skip("chromium is not installed (apt-get install chromium): cannot render the plan picture")
    flags = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", f"--user-data-dir={tmp_path / 'p'}"]
    dom = subprocess.run([browser, *flags, "--dump-dom", page[0].as_uri()], capture_output=True, text=True, timeout=120)
    assert dom.stdout.count("<rect") >= 10 and 'id="plan-1"' in dom.stdout
    shot = tmp_path / "plan.png"
    subprocess.run([browser, *flags, f"--screenshot={shot}", "--window-size=840,900", page[0].as_uri()], timeout=120)
    assert shot.is_file() and shot.stat().st_size > 5000
