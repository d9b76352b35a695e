"""A library of several models costs what a firmware of them does: kernel files of types no model uses stay out
(as in a library of one model), every model's API binds with the one resolver instance, and an application of our
own linked against the CMake target stays within the issue's goals beside the single-model libraries. The
figures are the bench's own (generator/bench/library.py), and docs/benchmarks.md holds today's."""

from pathlib import Path

import pytest

from conftest import FIXTURES, MLP_INT8
from generator.bench.library import CODE_MARGIN, bench_library_one, library_table, several_limits
from generator.bench.multi import MULTI_MODELS
from generator.boards import load_board
from generator.pipeline import Options, generate

BOARD = load_board("mps2-an386")
CONV = FIXTURES / "conv_relu_int8.tflite"
DOC = Path(__file__).resolve().parent.parent / "docs" / "benchmarks.md"


def test_library_of_two_int8_models_leaves_out_the_other_types(tmp_path):
    generate([MLP_INT8, CONV], Options(BOARD), tmp_path / "lib", names=["a", "b"], library=True)
    lib = tmp_path / "lib"
    kernels = {p.name for p in (lib / "src" / "kernels").glob("*.c")}
    assert "fully_connected_s8_dsp.c" in kernels and "conv_2d_s8_dsp.c" in kernels
    assert not [k for k in kernels if k.endswith(("_s16_dsp.c", "_f32.c", "_s16.c"))], kernels
    absent = (lib / "src" / "mg_absent_kernels.c").read_text()
    assert 'void mg_fully_connected_s16_dsp(void) __attribute__((alias("mg_kernel_absent")));' in absent
    assert "    src/mg_absent_kernels.c\n" in (lib / "CMakeLists.txt").read_text()


def test_every_model_binds_with_the_one_resolver_instance(tmp_path):
    generate([MLP_INT8, CONV], Options(BOARD), tmp_path / "lib", names=["a", "b"], library=True)
    src = tmp_path / "lib" / "src"
    assert "const mcugen::OpResolver& ModelOpResolver()" in (src / "op_resolver.cc").read_text()
    for name in ("a", "b"):
        api = (src / f"{name}.cc").read_text()
        assert "ModelOpResolver()" in api and "resolver_storage" not in api


@pytest.fixture(scope="module")
def three_in_one(tmp_path_factory):
    """The bench's runs on mps2-an386: each of the three models as a library (and its harness firmware's code),
    and the three in one library, each in an application that inits and invokes every model in QEMU."""
    root = tmp_path_factory.mktemp("three_in_one")
    singles = [bench_library_one([m], BOARD.name, root, {}) for m in MULTI_MODELS]
    several = bench_library_one(MULTI_MODELS, BOARD.name, root, {})
    for run in [*singles, several]:
        assert not run.error, run.error
    return singles, several


@pytest.mark.qemu
@pytest.mark.slow
@pytest.mark.xdist_group("three_in_one")
def test_each_library_is_within_a_kilobyte_of_its_harness_firmware(three_in_one):
    singles, _ = three_in_one
    for run in singles:
        assert run.code <= run.harness_code + CODE_MARGIN, (run.model, run.code, run.harness_code)


@pytest.mark.qemu
@pytest.mark.slow
@pytest.mark.xdist_group("three_in_one")
def test_three_zoo_models_in_one_library_meet_the_flash_and_ram_goals(three_in_one):
    """Flash at most the models' bytes plus 1.15 times the largest single-model library's code, RAM at most 2 KB
    above the largest single-model library's (issue 30's goals)."""
    singles, several = three_in_one
    flash_limit, ram_limit = several_limits([*singles, several], several)
    assert several.flash <= flash_limit, (several.flash, flash_limit)
    assert several.ram <= ram_limit, (several.ram, ram_limit)


@pytest.mark.qemu
@pytest.mark.slow
@pytest.mark.xdist_group("three_in_one")
def test_committed_library_figures_match_a_fresh_run(three_in_one):
    """Rerun `make bench` with any change to the library, runtime or kernels: the committed rows must be today's."""
    singles, several = three_in_one
    rows = [
        line for line in library_table([*singles, several]) if line.startswith(("| keyword", "| anomaly", "| tflite"))
    ]
    assert len(rows) == 4
    doc = DOC.read_text()
    stale = [row for row in rows if row not in doc]
    assert not stale, f"docs/benchmarks.md is stale (run `make bench`): {stale}"
