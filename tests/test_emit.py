"""emit stage: deterministic output, a manifest of what it wrote, and no writes over files it did not write."""

import json

import pytest

from conftest import MLP_INT8
from generator.boards import load_board
from generator.errors import McugenError
from generator.pipeline import Options, generate


def tree(path):
    return {p.relative_to(path).as_posix(): p.read_bytes() for p in sorted(path.rglob("*")) if p.is_file()}


def test_same_input_same_bytes_in_two_folders(tmp_path):
    generate([MLP_INT8], Options(load_board("mps2-an386")), tmp_path / "a")
    generate([MLP_INT8], Options(load_board("mps2-an386")), tmp_path / "b")
    assert tree(tmp_path / "a") == tree(tmp_path / "b")


def test_manifest_lists_every_file_and_only_needed_kernels(tmp_path):
    project, _ = generate([MLP_INT8], Options(load_board("mps2-an386"), backend="reference"), tmp_path / "p")
    files = set(json.loads((tmp_path / "p" / "mcugen.json").read_text())["files"])
    assert files == set(tree(tmp_path / "p")) - {"mcugen.json"}
    kernels = {f for f in files if f.startswith("src/kernels/")}
    assert "src/kernels/fully_connected_s8.c" in kernels
    other_ops = ("conv", "pool", "softmax", "add", "quantize", "reshape", "mean", "pad", "dsp_", "mve_")
    assert not [f for f in kernels if any(op in f for op in other_ops)]
    resolver = (tmp_path / "p" / "src" / "op_resolver.h").read_text()
    assert "MicroMutableOpResolver<1>" in resolver and resolver.count("AddBuiltin(") == 1


def test_only_the_types_the_model_uses_are_linked(tmp_path):
    """An int8 model's FULLY_CONNECTED registration names the float32 and int16 kernels too: their files stay out
    and aliases of one trapping function stand in (generator/emit/pruning.py); `--resolver all` keeps them."""
    generate([MLP_INT8], Options(load_board("mps2-an386"), backend="reference"), tmp_path / "p")
    files = set(tree(tmp_path / "p"))
    assert "src/kernels/fully_connected_s8.c" in files
    assert not {"src/kernels/fully_connected_f32.c", "src/kernels/fully_connected_s16.c"} & files
    absent = (tmp_path / "p" / "src" / "mg_absent_kernels.c").read_text()
    for name in ("mg_fully_connected_f32", "mg_fully_connected_s16"):
        assert f'void {name}(void) __attribute__((alias("mg_kernel_absent")));' in absent
    generate([MLP_INT8], Options(load_board("mps2-an386"), backend="reference", resolver="all"), tmp_path / "all")
    everything = set(tree(tmp_path / "all"))
    assert "src/kernels/fully_connected_f32.c" in everything and "src/mg_absent_kernels.c" not in everything


def test_model_bytes_are_aligned_in_flash(tmp_path):
    generate([MLP_INT8], Options(load_board("mps2-an386")), tmp_path / "p")
    assert "__attribute__((aligned(16))) const uint8_t mg_model_data" in (tmp_path / "p/src/model_data.c").read_text()


def test_regenerating_into_own_folder_works(tmp_path):
    generate([MLP_INT8], Options(load_board("mps2-an386")), tmp_path / "p")
    generate([MLP_INT8], Options(load_board("mps2-an386")), tmp_path / "p")


def test_bytecode_caches_of_our_scripts_do_not_block_regenerating(tmp_path):
    generate([MLP_INT8], Options(load_board("mps2-an386")), tmp_path / "p")
    cache = tmp_path / "p" / "test" / "__pycache__"
    cache.mkdir(parents=True)
    (cache / "test_custom_runner.cpython-311.pyc").write_bytes(b"cache")  # what running PlatformIO's tests leaves
    generate([MLP_INT8], Options(load_board("mps2-an386")), tmp_path / "p")


def test_refuses_folder_with_foreign_files(tmp_path):
    (tmp_path / "p").mkdir()
    (tmp_path / "p" / "notes.txt").write_text("mine")
    with pytest.raises(McugenError, match="did not write"):
        generate([MLP_INT8], Options(load_board("mps2-an386")), tmp_path / "p")
    assert (tmp_path / "p" / "notes.txt").read_text() == "mine"


def test_refuses_changed_generated_file_and_foreign_addition(tmp_path):
    generate([MLP_INT8], Options(load_board("mps2-an386")), tmp_path / "p")
    main = tmp_path / "p" / "src" / "main.cc"
    main.write_text(main.read_text() + "// my change\n")
    with pytest.raises(McugenError, match="was changed"):
        generate([MLP_INT8], Options(load_board("mps2-an386")), tmp_path / "p")
    assert main.read_text().endswith("// my change\n")


def test_failed_generation_leaves_previous_output(tmp_path, monkeypatch):
    generate([MLP_INT8], Options(load_board("mps2-an386")), tmp_path / "p")
    before = tree(tmp_path / "p")
    import generator.emit.project as project

    def explode(*args, **kwargs):
        raise KeyboardInterrupt  # an interruption in the middle of writing

    monkeypatch.setattr(project.Path, "write_bytes", explode)
    with pytest.raises(KeyboardInterrupt):
        generate([MLP_INT8], Options(load_board("mps2-an386")), tmp_path / "p")
    monkeypatch.undo()
    assert tree(tmp_path / "p") == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p"]  # no staging folders left behind
