"""measure: firmware ELF -> SizeReport (pyelftools + the linker map), counted as arm-none-eabi-size counts:
flash = text + data (its load image), RAM = data + bss (the stack reserve is a bss section of its own)."""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from elftools.elf.constants import SH_FLAGS
from elftools.elf.elffile import ELFFile

from ..errors import McugenError
from ..paths import FIRMWARE
from .attribution import GroupSize, attribute, model_libraries, parse_map, special_kind, symbol_groups

MODEL_SYMBOL = "mg_model_data"
ARENA_SYMBOL = "mg_arena"  # the planned arena between two guard areas
PERSISTENT_SYMBOL = "mg_persistent"  # resource variables' state, kept across invokes apart from the arena


def arena_guard_bytes() -> int:
    """The guard painted on each side of the arena (MG_ARENA_GUARD_BYTES in the runtime's mg_plan.h)."""
    header = (FIRMWARE / "runtime" / "mg_plan.h").read_text()
    return int(re.search(r"#define MG_ARENA_GUARD_BYTES (\d+)", header).group(1))


@dataclass
class SizeReport:
    text: int  # allocated read-only sections (code, constants, the model)
    data: int  # initialised RAM (its image is in flash too)
    bss: int  # zeroed RAM, including the reserved stack
    stack: int
    model: int  # the model flatbuffer in flash
    arena: int  # the planned tensor arena, as `generate` and `plan` report it (part of bss)
    metadata: int  # the runtime's per-node structures in RAM (the per-tensor table is in flash)
    sections: dict[str, int] = field(default_factory=dict)
    groups: dict[str, GroupSize] = field(default_factory=dict)
    top_symbols: list[tuple[str, int, str]] = field(default_factory=list)  # (name, bytes, group)
    arena_guard: int = 0  # the guard areas on both sides of the arena, together
    persistent: int = 0  # resource variables' state (a stateful model), apart from the arena

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


def _symbols(elf: ELFFile) -> list:
    symtab = elf.get_section_by_name(".symtab")
    return list(symtab.iter_symbols()) if symtab else []


def measure(elf_path: Path, top: int = 15) -> SizeReport:
    elf_path = Path(elf_path)
    try:
        with open(elf_path, "rb") as fh:
            elf = ELFFile(fh)
            text = data = bss = 0
            sections: dict[str, tuple[int, bool, bool]] = {}
            index_names = {}
            for i, sec in enumerate(elf.iter_sections()):
                index_names[i] = sec.name
                flags = sec["sh_flags"]
                if not flags & SH_FLAGS.SHF_ALLOC or sec["sh_size"] == 0:
                    continue
                size, nobits, writable = (
                    sec["sh_size"],
                    sec["sh_type"] == "SHT_NOBITS",
                    bool(flags & SH_FLAGS.SHF_WRITE),
                )
                if nobits:
                    bss += size
                elif writable:
                    data += size
                else:
                    text += size
                sections[sec.name] = (size, not nobits, writable or nobits)
            symbols = _symbols(elf)
    except (OSError, ValueError) as exc:
        raise McugenError(f"cannot read ELF {elf_path}: {exc}") from None
    except Exception as exc:  # pyelftools raises its own error types for malformed files
        raise McugenError(f"cannot read ELF {elf_path}: {type(exc).__name__}: {exc}") from None

    def size_of(name: str) -> int:  # a firmware of several models names each model's NAME__mg_x (emit/multi.py)
        return sum(s["st_size"] for s in symbols if s.name == name or s.name.endswith(f"__{name}"))

    def count_of(name: str) -> int:
        return sum(1 for s in symbols if s.name == name or s.name.endswith(f"__{name}"))

    special = {
        s.name: (s["st_size"], index_names.get(s["st_shndx"], ""), s["st_value"])
        for s in symbols
        if special_kind(s.name) and isinstance(s["st_shndx"], int)
    }
    map_path = elf_path.with_suffix(".map")
    map_text = map_path.read_text(errors="replace") if map_path.is_file() else ""
    groups = attribute(map_text, sections, special) if map_text else {}
    application = bool(map_text) and bool(model_libraries(obj for _, obj, _, _ in parse_map(map_text)))
    placed = [s for s in symbols if s["st_info"]["type"] in ("STT_FUNC", "STT_OBJECT") and s["st_size"]]
    biggest = sorted({(s.name, s["st_size"], s["st_value"]) for s in placed}, key=lambda x: (-x[1], x[0]))[:top]
    owners = symbol_groups(map_text, {n: a for n, _, a in biggest}, set(sections)) if map_text else {}
    names = _demangle([n for n, _, _ in biggest])
    metadata = sum(
        size
        for name, (size, section, _) in special.items()  # the RAM part: the tensor table is in flash
        if special_kind(name, application) == "runtime metadata" and sections.get(section, (0, False, False))[2]
    )
    arena_with_guard = size_of(ARENA_SYMBOL)
    guard = 2 * arena_guard_bytes() * count_of(ARENA_SYMBOL)
    return SizeReport(
        text,
        data,
        bss,
        sections.get(".stack", (0,))[0],
        size_of(MODEL_SYMBOL),
        arena_with_guard - guard,
        metadata,
        {k: v[0] for k, v in sections.items()},
        groups,
        [(names[n], b, owners.get(n, "")) for n, b, _ in biggest],
        arena_guard=guard,
        persistent=size_of(PERSISTENT_SYMBOL),
    )


def _demangle(names: list[str]) -> dict[str, str]:
    tool = shutil.which("arm-none-eabi-c++filt")
    if not tool or not names:
        return {n: n for n in names}
    out = subprocess.run([tool], input="\n".join(names), capture_output=True, text=True).stdout.splitlines()
    return dict(zip(names, out)) if len(out) == len(names) else {n: n for n in names}
