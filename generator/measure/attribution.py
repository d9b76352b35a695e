"""Where the bytes go: every input section of the linker map attributed to a group (the model, each
kernel by op, the runtime, generated glue, startup, the C library), then split by flash and RAM.

Group totals add up to the section sizes, so they equal what arm-none-eabi-size reports.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from ..catalog import CATALOG

INPUT_SECTION = re.compile(r"^ (\.\S+|COMMON)(?:\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S.*))?$")
CONTINUATION = re.compile(r"^\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S.*)$")
OUTPUT_SECTION = re.compile(r"^(\.\S+)(?:\s+0x([0-9a-f]+)\s+0x([0-9a-f]+))?")
GENERATED = {"node_params", "arena_plan", "op_resolver", "mg_arena"}  # mg_arena.c: several models' shared arena
SPECIAL_SYMBOLS = {
    "mg_arena": "arena + guard",
    "mg_persistent": "persistent state",
    "mg_tensors": "runtime metadata",
    "mg_nodes": "runtime metadata",
    "mg_registrations": "runtime metadata",
    "mg_node_ticks": "harness",
}


def special_kind(name: str) -> str | None:
    """The group of a special symbol, also as a firmware of several models names it (NAME__mg_nodes, ...)."""
    return SPECIAL_SYMBOLS.get(name.rsplit("__", 1)[-1])


def _generated_stem(stem: str) -> str:
    """A firmware of several models names each model's generated files NAME_model_data, NAME_arena_plan, ..."""
    return next((g for g in ("model_data", *GENERATED) if stem == g or stem.endswith(f"_{g}")), stem)


@dataclass
class GroupSize:
    flash: int = 0
    ram: int = 0
    sections: dict[str, int] = field(default_factory=dict)


def _kernel_files() -> dict[str, str]:
    """Object stem -> op name, from each kernel's declared sources."""
    files = {}
    for spec in CATALOG:
        for src in spec.sources:
            if src.endswith(".c"):
                files.setdefault(Path(src).stem, spec.op.lower())
    return files


def group_of(obj: str, kernels: dict[str, str]) -> str:
    path = obj.replace("\\", "/")
    stem = Path(path.split("(")[0]).stem
    if "/src/" in path and "/src/kernels/" not in path and "/src/runtime/" not in path:
        stem = _generated_stem(stem)
    if "libgcc" in path:
        return "libgcc"
    if re.search(r"lib(c|c_nano|m|nosys|stdc\+\+|supc\+\+)\.a", path):
        return "libc"
    if "/src/kernels/" in path:
        return f"kernel {kernels.get(stem, stem)}"
    if "/src/runtime/" in path:
        return "runtime"
    if "/src/board/" in path:
        return "startup"
    if stem == "model_data":
        return "model"
    if stem in GENERATED:
        return "generated"
    if stem == "main":
        return "harness"
    return "other"


def parse_map(map_text: str) -> list[tuple[str, str, int, int]]:
    """(output section, object file, bytes, address) for every input section the linker placed.

    Merged string sections keep their size before merging in the map, so an entry's size is capped at the
    distance to the next entry's address."""
    entries = _map_entries(map_text)
    ordered = sorted(range(len(entries)), key=lambda i: (entries[i][0], entries[i][3], i))
    for pos, i in enumerate(ordered[:-1]):
        nxt = entries[ordered[pos + 1]]
        section, obj, size, addr = entries[i]
        if nxt[0] == section:
            entries[i] = (section, obj, min(size, nxt[3] - addr), addr)
    return entries


def _map_entries(map_text: str) -> list[tuple[str, str, int, int]]:
    body = map_text.split("Linker script and memory map", 1)[-1]
    entries, output, pending = [], None, False
    for line in body.splitlines():
        if pending:
            m = CONTINUATION.match(line)
            if m:
                entries.append((output, m.group(3).strip(), int(m.group(2), 16), int(m.group(1), 16)))
            pending = False
            continue
        if line.startswith(".") or line.startswith("/DISCARD/"):
            m = OUTPUT_SECTION.match(line)
            output = m.group(1) if m else None
            continue
        m = INPUT_SECTION.match(line)
        if m and output:
            if m.group(2) is None:
                pending = True  # a long section name: address, size and file follow on the next line
            else:
                entries.append((output, m.group(4).strip(), int(m.group(3), 16), int(m.group(2), 16)))
    return entries


def attribute(
    map_text: str, sections: dict[str, tuple[int, bool, bool]], symbols: dict[str, tuple[int, str]]
) -> dict[str, GroupSize]:
    """sections: name -> (size, in_flash_image, in_ram). symbols: name -> (size, section) of special symbols."""
    kernels = _kernel_files()
    groups: dict[str, GroupSize] = defaultdict(GroupSize)

    def add(group: str, section: str, nbytes: int) -> None:
        size, flash, ram = sections[section]
        g = groups[group]
        g.sections[section] = g.sections.get(section, 0) + nbytes
        g.flash += nbytes if flash else 0
        g.ram += nbytes if ram else 0

    placed: dict[str, int] = defaultdict(int)
    for section, obj, nbytes, _ in parse_map(map_text):
        if section in sections and nbytes:
            add(group_of(obj, kernels), section, nbytes)
            placed[section] += nbytes
    for name, (size, _, _) in sections.items():
        if name == ".stack":
            add("stack", name, size - placed[name])
        elif size > placed[name]:
            add("alignment", name, size - placed[name])  # padding the linker script adds between inputs
    for name, (nbytes, section) in symbols.items():  # split the arena and metadata out of generated glue
        if section in sections and nbytes:
            add(special_kind(name), section, nbytes)
            add("generated", section, -nbytes)
    return dict(groups)


def symbol_groups(map_text: str, addresses: dict[str, int], allocated: set[str]) -> dict[str, str]:
    """The group of each symbol, found by the (allocated) input section that holds its address."""
    kernels = _kernel_files()
    spans = sorted(
        (addr, addr + size, group_of(obj, kernels))
        for section, obj, size, addr in parse_map(map_text)
        if size and section in allocated
    )
    result = {}
    for name, addr in addresses.items():
        addr &= ~1  # Thumb function addresses carry bit 0
        hit = next((g for lo, hi, g in spans if lo <= addr < hi), None)
        result[name] = special_kind(name) or hit or "other"
    return result
