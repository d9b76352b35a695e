"""The firmware checks the model it finds in flash: corrupted model bytes end in a clean error, never a fault.

Each case patches mg_model_data inside a built ELF (so the plan and code stay as generated) and runs it in QEMU.
"""

import shutil
import struct

import numpy as np
import pytest
from elftools.elf.elffile import ELFFile

from conftest import MLP_INT8
from generator.boards import load_board
from generator.build import build
from generator.errors import McugenError
from generator.pipeline import Options, generate, random_sets
from generator.run import run_qemu

pytestmark = [pytest.mark.qemu, pytest.mark.xdist_group("corrupt-firmware")]


@pytest.fixture(scope="module")
def firmware(tmp_path_factory):
    root = tmp_path_factory.mktemp("corrupt")
    project, _ = generate([MLP_INT8], Options(load_board("mps2-an386")), root / "fw")
    return project, build(project.path).elf


def model_offset(elf_path) -> tuple[int, int]:
    """File offset and size of mg_model_data in the ELF."""
    with open(elf_path, "rb") as fh:
        elf = ELFFile(fh)
        sym = next(s for s in elf.get_section_by_name(".symtab").iter_symbols() if s.name == "mg_model_data")
        sec = elf.get_section(sym["st_shndx"])
        return sec["sh_offset"] + sym["st_value"] - sec["sh_addr"], sym["st_size"]


def run_patched(firmware, tmp_path, patch) -> str:
    project, elf = firmware
    patched = tmp_path / "firmware.elf"
    shutil.copy(elf, patched)
    data = bytearray(patched.read_bytes())
    offset, size = model_offset(patched)
    model = bytearray(data[offset : offset + size])
    patch(model)
    data[offset : offset + size] = model
    patched.write_bytes(bytes(data))
    sets = random_sets(project.inputs, 1, 0)
    try:
        run_qemu(patched, load_board("mps2-an386"), project.inputs, project.outputs, sets, timeout=30)
        return "completed"
    except McugenError as exc:
        return str(exc)


def root_table(model):
    return struct.unpack_from("<I", model, 0)[0]


CORRUPTIONS = {
    "identifier": lambda m: m.__setitem__(slice(4, 8), b"XXXX"),
    "root offset past the end": lambda m: struct.pack_into("<I", m, 0, len(m) + 1000),
    "vtable offset wild": lambda m: struct.pack_into("<i", m, root_table(m), -0x7FFFFFF0),
    "every table offset wild": lambda m: [struct.pack_into("<I", m, i, 0xFFFFFF00) for i in range(8, 200, 4)],
}


@pytest.mark.parametrize("kind", list(CORRUPTIONS))
def test_structural_corruption_is_reported(firmware, tmp_path, kind):
    outcome = run_patched(firmware, tmp_path, CORRUPTIONS[kind])
    assert outcome.startswith("firmware reported: ERROR model:"), outcome


def test_random_corruption_never_faults(firmware, tmp_path):
    outcomes = []
    for seed in range(16):
        rng = np.random.default_rng(seed)

        def scramble(m, rng=rng):
            # the converter writes the weights first and the tables (operators, tensors, vtables) after them
            for pos in rng.integers(len(m) // 2, len(m), size=rng.integers(1, 12)):
                m[pos] = rng.integers(0, 256)

        outcome = run_patched(firmware, tmp_path, scramble)
        assert "FAULT" not in outcome and "did not finish" not in outcome, (seed, outcome)
        assert outcome == "completed" or outcome.startswith("firmware reported: ERROR"), (seed, outcome)
        outcomes.append(outcome)
    assert sum(o.startswith("firmware reported: ERROR") for o in outcomes) >= 4, outcomes  # the checks were reached


def test_undersized_arena_is_detected(firmware, tmp_path):
    """g_plan.arena_size shrunk in the ELF: the runtime refuses the plan instead of writing past the arena."""
    project, elf = firmware
    patched = tmp_path / "small_arena.elf"
    shutil.copy(elf, patched)
    data = bytearray(patched.read_bytes())
    with open(elf, "rb") as fh:
        elffile = ELFFile(fh)
        sym = next(s for s in elffile.get_section_by_name(".symtab").iter_symbols() if s.name == "g_plan")
        sec = elffile.get_section(sym["st_shndx"])
        offset = sec["sh_offset"] + sym["st_value"] - sec["sh_addr"]
    arena_size_field = offset + 12  # model, model_size, arena, arena_size: see firmware/runtime/mg_plan.h
    assert struct.unpack_from("<I", data, arena_size_field)[0] == project.arena_bytes
    struct.pack_into("<I", data, arena_size_field, 8)
    patched.write_bytes(bytes(data))
    with pytest.raises(McugenError, match="tensor does not match the arena plan"):
        run_qemu(
            patched,
            load_board("mps2-an386"),
            project.inputs,
            project.outputs,
            random_sets(project.inputs, 1, 0),
            timeout=30,
        )
