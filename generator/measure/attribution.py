"""Where the bytes go: every input section of the linker map attributed to a group (the model, each
kernel by op, kernel code several ops share, the runtime, generated glue, startup, the C library, and in an
application linked with a model library its own code), then split by flash and RAM.

Two kinds of ELF: the harness firmware (mcugen's objects under src/kernels/, src/runtime/, src/board/, its main)
and an application linked with `generate --as library` output, whose objects are members of the library's
archive (libNAME.a(conv_2d_dsp.c.obj) from CMake, libNAME.a(conv_2d_dsp.o) from PlatformIO): an archive holding a
model_data member is a model library, and every object outside it and the C library is the application's.

Group totals add up to the section sizes, so they equal what arm-none-eabi-size reports.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from ..catalog import CATALOG
from ..paths import FIRMWARE

INPUT_SECTION = re.compile(r"^ (\.\S+|COMMON)(?:\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S.*))?$")
CONTINUATION = re.compile(r"^\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S.*)$")
OUTPUT_SECTION = re.compile(r"^(\.\S+)(?:\s+0x([0-9a-f]+)\s+0x([0-9a-f]+))?")
ARCHIVE_MEMBER = re.compile(r"^(.*\.a)\((.+)\)$")
C_LIBRARY = re.compile(r"lib(c|c_nano|g|g_nano|m|nosys|stdc\+\+|supc\+\+)\.a")
# mg_arena.c: several models' shared arena; mg_absent_kernels.c: the trap standing in for unused types' kernels
GENERATED = {"node_params", "arena_plan", "op_resolver", "mg_arena", "mg_absent_kernels"}
# The runtime's sources, and the library's board stub and shared API code (src/runtime/ in a library).
RUNTIME = {p.name.split(".")[0] for p in [*(FIRMWARE / "runtime").glob("*.c*"), *(FIRMWARE / "library").glob("*.c*")]}
SHARED_KERNELS = "kernels (shared)"  # kernel sources several ops' kernels call (mg_requant.c, pool_2d.c, ...)
SPECIAL_SYMBOLS = {
    "mg_arena": "arena + guard",
    "mg_persistent": "persistent state",
    "mg_tensors": "runtime metadata",
    "mg_nodes": "runtime metadata",
    "mg_registrations": "runtime metadata",
    "mg_node_ticks": "harness",
}


def special_kind(name: str, application: bool = False) -> str | None:
    """The group of a special symbol, also as a firmware of several models or a library names it (NAME__mg_nodes,
    ...). A library keeps the per-node tick array the harness prints (its invoke never profiles): runtime
    metadata there."""
    kind = SPECIAL_SYMBOLS.get(name.rsplit("__", 1)[-1])
    return "runtime metadata" if application and kind == "harness" else kind


def _generated_stem(stem: str) -> str:
    """A firmware of several models names each model's generated files NAME_model_data, NAME_arena_plan, ..."""
    return next((g for g in ("model_data", *GENERATED) if stem == g or stem.endswith(f"_{g}")), stem)


def _stem(name: str) -> str:
    """An object's source name: conv_2d_dsp from conv_2d_dsp.c.obj, conv_2d_dsp.o or .../conv_2d_dsp.c.o."""
    return Path(name).name.split(".")[0]


@dataclass
class GroupSize:
    flash: int = 0
    ram: int = 0
    sections: dict[str, int] = field(default_factory=dict)


def _kernel_group(stem: str, ops: set[str]) -> str:
    """A kernel source's group: its op's when one op lists it, or when among several ops the file is named after
    one (abs_f32.c of the unary family is ABS's, relu6_s8.c RELU6's); otherwise code those ops share
    (mg_requant.c, pool_2d.c, maximum_minimum.c, arg_min_max.c)."""
    if len(ops) == 1:
        return f"kernel {next(iter(ops))}"
    named = [op for op in ops if stem == op or stem.startswith(f"{op}_")]
    if len(named) != 1:
        return SHARED_KERNELS
    rest = stem[len(named[0]) + 1 :]
    others = {o for o in ops if o != named[0]} | {o.rsplit("_", 1)[-1] for o in ops if o != named[0]}
    return SHARED_KERNELS if rest in others else f"kernel {named[0]}"


def _kernel_files() -> dict[str, str]:
    """Object stem -> group, from each kernel's declared sources."""
    ops: dict[str, set[str]] = defaultdict(set)
    for spec in CATALOG:
        for src in spec.sources:
            if src.endswith(".c"):
                ops[Path(src).stem].add(spec.op.lower())
    return {stem: _kernel_group(stem, names) for stem, names in ops.items()}


def model_libraries(objects) -> set[str]:
    """The archives among the map's objects that are model libraries: those with a (NAME_)model_data member."""
    return {
        m.group(1)
        for m in map(ARCHIVE_MEMBER.match, (o.replace("\\", "/") for o in objects))
        if m and _generated_stem(_stem(m.group(2))) == "model_data"
    }


def group_of(obj: str, kernels: dict[str, str], libraries: frozenset[str] | set[str] = frozenset()) -> str:
    """The group of one object of the map; `libraries` are the model libraries' archives (model_libraries)."""
    path = obj.replace("\\", "/")
    member = ARCHIVE_MEMBER.match(path)
    if "libgcc" in path:
        return "libgcc"
    if C_LIBRARY.search(path):
        return "libc"
    if member and member.group(1) in libraries:
        stem = _stem(member.group(2))
        if stem in RUNTIME:
            return "runtime"
        if stem in kernels:
            return kernels[stem]
        return "model" if _generated_stem(stem) == "model_data" else "generated"  # tables and NAME.cc's API
    if libraries:
        return "application"
    stem = _stem(path.split("(")[0])
    if "/src/" in path and "/src/kernels/" not in path and "/src/runtime/" not in path:
        stem = _generated_stem(stem)
    if "/src/kernels/" in path:
        return kernels.get(stem, f"kernel {stem}")
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
    map_text: str, sections: dict[str, tuple[int, bool, bool]], symbols: dict[str, tuple[int, str, int]]
) -> dict[str, GroupSize]:
    """sections: name -> (size, in_flash_image, in_ram). symbols: name -> (size, section, address) of special
    symbols, each split out of the group of the input section that holds it."""
    kernels = _kernel_files()
    entries = parse_map(map_text)
    libraries = model_libraries(obj for _, obj, _, _ in entries)
    groups: dict[str, GroupSize] = defaultdict(GroupSize)

    def add(group: str, section: str, nbytes: int) -> None:
        size, flash, ram = sections[section]
        g = groups[group]
        g.sections[section] = g.sections.get(section, 0) + nbytes
        g.flash += nbytes if flash else 0
        g.ram += nbytes if ram else 0

    placed: dict[str, int] = defaultdict(int)
    for section, obj, nbytes, _ in entries:
        if section in sections and nbytes:
            add(group_of(obj, kernels, libraries), section, nbytes)
            placed[section] += nbytes
    for name, (size, _, _) in sections.items():
        if name == ".stack":
            add("stack", name, size - placed[name])
        elif size > placed[name]:
            add("alignment", name, size - placed[name])  # padding the linker script adds between inputs
    spans = _spans(entries, set(sections), kernels, libraries)
    for name, (nbytes, section, address) in symbols.items():  # the arena and metadata out of their object's group
        holder = _holder(spans, address)
        if section in sections and nbytes and holder:
            add(special_kind(name, bool(libraries)), section, nbytes)
            add(holder, section, -nbytes)
    return {name: g for name, g in groups.items() if g.sections and any(g.sections.values())}


def _spans(entries, allocated: set[str], kernels: dict[str, str], libraries: set[str]) -> list[tuple[int, int, str]]:
    return sorted(
        (addr, addr + size, group_of(obj, kernels, libraries))
        for section, obj, size, addr in entries
        if size and section in allocated
    )


def _holder(spans: list[tuple[int, int, str]], address: int) -> str | None:
    address &= ~1  # Thumb function addresses carry bit 0
    return next((g for lo, hi, g in spans if lo <= address < hi), None)


def symbol_groups(map_text: str, addresses: dict[str, int], allocated: set[str]) -> dict[str, str]:
    """The group of each symbol, found by the (allocated) input section that holds its address."""
    entries = parse_map(map_text)
    libraries = model_libraries(obj for _, obj, _, _ in entries)
    spans = _spans(entries, allocated, _kernel_files(), libraries)
    return {
        name: special_kind(name, bool(libraries)) or _holder(spans, addr) or "other" for name, addr in addresses.items()
    }
