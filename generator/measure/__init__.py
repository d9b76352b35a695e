"""measure: firmware ELF -> SizeReport (pyelftools), counted the way arm-none-eabi-size counts."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from elftools.elf.constants import SH_FLAGS
from elftools.elf.elffile import ELFFile

from ..errors import McugenError

MODEL_SYMBOL = "g_model_data"


@dataclass
class SizeReport:
    text: int    # allocated read-only sections (code, constants, the model)
    data: int    # initialised RAM (its image is in flash too)
    bss: int     # zeroed RAM, including the reserved stack
    stack: int
    model: int   # the model flatbuffer in flash
    arena: int   # the tensor arena with its guard words (part of bss)
    metadata: int  # the runtime's per-tensor and per-node structures in RAM
    sections: dict[str, int] = field(default_factory=dict)

    @property
    def flash(self) -> int:
        return self.text + self.data

    @property
    def ram(self) -> int:
        return self.data + self.bss

    @property
    def code(self) -> int:
        """Flash minus the model's bytes: what BASELINES.md compares."""
        return self.flash - self.model


ARENA_SYMBOL = "mg_arena"  # includes its guard words
METADATA_SYMBOLS = ("mg_tensors", "mg_nodes", "mg_registrations", "mg_node_ticks")


def _symbol_size(elf: ELFFile, name: str) -> int:
    symtab = elf.get_section_by_name(".symtab")
    return sum(s["st_size"] for s in symtab.iter_symbols() if s.name == name) if symtab else 0


def measure(elf_path: Path) -> SizeReport:
    try:
        with open(elf_path, "rb") as fh:
            elf = ELFFile(fh)
            text = data = bss = 0
            sections = {}
            for sec in elf.iter_sections():
                flags = sec["sh_flags"]
                if not flags & SH_FLAGS.SHF_ALLOC or sec["sh_size"] == 0:
                    continue
                sections[sec.name] = sec["sh_size"]
                if sec["sh_type"] == "SHT_NOBITS":
                    bss += sec["sh_size"]
                elif flags & SH_FLAGS.SHF_WRITE:
                    data += sec["sh_size"]
                else:
                    text += sec["sh_size"]
            return SizeReport(text, data, bss, sections.get(".stack", 0), _symbol_size(elf, MODEL_SYMBOL),
                              _symbol_size(elf, ARENA_SYMBOL), sum(_symbol_size(elf, n) for n in METADATA_SYMBOLS),
                              sections)
    except Exception as exc:  # pyelftools raises its own errors for malformed files
        raise McugenError(f"cannot read ELF {elf_path}: {exc}") from None
