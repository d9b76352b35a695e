"""The Python↔C contract of the kernels, checked on the host build for any plan: the parameter block the generator
writes for a node against the C struct the kernel reads. (Scratch needs no such check: the planner takes each size
from the kernel's own C `*_scratch_size()`, see generator/catalog/ops/common/_scratch.py and test_weighted_scratch.py.)

Layout: the struct's members (names, order, kinds, sizes) come from the DWARF of a host-compiled probe of the
kernel's header, so typedefs and nested headers resolve as the compiler sees them. Every field the generator
writes must be a member, in member order; floats 4-byte floats, integers integer
members wide enough for the value, lists pointers to the element type node_params.c writes (int32_t or float)."""

from __future__ import annotations

import functools
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from elftools.elf.elffile import ELFFile

from generator.catalog import CExpr, KernelSpec, NodeParams
from generator.paths import kernel_path
from generator.run.host import include_flags

# DWARF base type encodings (DW_ATE_*)
_FLOAT, _SIGNED, _SIGNED_CHAR, _UNSIGNED, _UNSIGNED_CHAR, _BOOLEAN = 4, 5, 6, 7, 8, 2


@dataclass(frozen=True)
class Member:
    name: str
    offset: int
    size: int
    kind: str  # "signed", "unsigned", "float", "pointer" or "other"
    pointee: tuple[str, int] | None = None  # a pointer's target: its kind and size ("void", 0 for void)


def header_of(spec: KernelSpec) -> Path:
    """The header that defines the kernel's parameter struct: its first source (node_params.c includes it)."""
    first = Path(spec.sources[0])
    return kernel_path(str(first))


def _strip(die):
    while die.tag in ("DW_TAG_typedef", "DW_TAG_const_type", "DW_TAG_volatile_type"):
        die = die.get_DIE_from_attribute("DW_AT_type")
    return die


def _base_kind(t) -> str:
    if t.tag == "DW_TAG_pointer_type":
        return "pointer"
    if t.tag == "DW_TAG_base_type":
        encoding = t.attributes["DW_AT_encoding"].value
        return {
            _FLOAT: "float",
            _SIGNED: "signed",
            _SIGNED_CHAR: "signed",
            _UNSIGNED: "unsigned",
            _UNSIGNED_CHAR: "unsigned",
            _BOOLEAN: "unsigned",
        }.get(encoding, "other")
    return "signed" if t.tag == "DW_TAG_enumeration_type" else "other"


def _byte_size(t) -> int:
    return t.attributes["DW_AT_byte_size"].value if "DW_AT_byte_size" in t.attributes else 0


def _member(die, pointer_size: int) -> Member:
    t = _strip(die.get_DIE_from_attribute("DW_AT_type"))
    size = t.attributes["DW_AT_byte_size"].value if "DW_AT_byte_size" in t.attributes else pointer_size
    pointee = None
    if t.tag == "DW_TAG_pointer_type":
        target = _strip(t.get_DIE_from_attribute("DW_AT_type")) if "DW_AT_type" in t.attributes else None
        pointee = ("void", 0) if target is None else (_base_kind(target), _byte_size(target))
    return Member(
        die.attributes["DW_AT_name"].value.decode(),
        die.attributes["DW_AT_data_member_location"].value,
        size,
        _base_kind(t),
        pointee,
    )


def _flat_members(struct, pointer_size: int, prefix: str = "", base: int = 0) -> list[Member]:
    """The struct's members; a nested struct member (the weighted families' `geometry`) contributes its own
    members as `outer.inner`, the way the generator names them in designated initializers."""
    members = []
    for die in struct.iter_children():
        if die.tag != "DW_TAG_member":
            continue
        inner = _strip(die.get_DIE_from_attribute("DW_AT_type"))
        name = prefix + die.attributes["DW_AT_name"].value.decode()
        offset = base + die.attributes["DW_AT_data_member_location"].value
        if inner.tag == "DW_TAG_structure_type":
            members += _flat_members(inner, pointer_size, name + ".", offset)
        else:
            m = _member(die, pointer_size)
            members.append(Member(name, offset, m.size, m.kind, m.pointee))
    return members


@functools.cache
def c_layout(header: Path, c_type: str, header_text: str) -> tuple[Member, ...]:
    """The members of `c_type` as the host compiler lays it out (header_text: the cache key's contents)."""
    with tempfile.TemporaryDirectory(prefix="mcugen-layout-") as tmp:
        probe, obj = Path(tmp) / "probe.c", Path(tmp) / "probe.o"
        probe.write_text(f'#include "{header}"\n{c_type} mg_layout_probe;\n')
        proc = subprocess.run(
            ["gcc", "-g", "-O0", "-c", *include_flags(), str(probe), "-o", str(obj)], capture_output=True, text=True
        )
        assert proc.returncode == 0, f"{header.name} does not define {c_type}:\n{proc.stderr[-2000:]}"
        with obj.open("rb") as f:
            elf = ELFFile(f)
            pointer_size = elf.elfclass // 8
            for cu in elf.get_dwarf_info().iter_CUs():
                for die in cu.iter_DIEs():
                    name = die.attributes.get("DW_AT_name")
                    if die.tag == "DW_TAG_variable" and name and name.value == b"mg_layout_probe":
                        return tuple(_flat_members(_strip(die.get_DIE_from_attribute("DW_AT_type")), pointer_size))
    raise AssertionError(f"no DWARF for {c_type}")


def _fits(value: int, member: Member) -> bool:
    bits = 8 * member.size
    if member.kind == "unsigned":
        return 0 <= value < 1 << bits
    return -(1 << (bits - 1)) <= value < 1 << (bits - 1)


def layout_problems(header: Path, params: NodeParams) -> list[str]:
    """Why the generator's fields do not fit the C struct (empty when they do)."""
    members = c_layout(header, params.c_type, header.read_text())
    by_name = {m.name: m for m in members}
    where = f"{params.c_type} ({header.name})"
    problems = [f"{where} has no member '{n}'" for n in params.fields if n not in by_name]
    written = [n for n in params.fields if n in by_name]
    if written != sorted(written, key=lambda n: by_name[n].offset):
        problems.append(
            f"{where}: fields written in the order {written}, the struct's is "
            f"{[m.name for m in members if m.name in params.fields]}"
        )
    for name in written:
        value, member = params.fields[name], by_name[name]
        if isinstance(value, CExpr):
            ok = member.kind in ("pointer", "signed", "unsigned")
        elif isinstance(value, list):  # node_params.c writes int32_t or float arrays (generator/emit/render.py)
            element = ("float", 4) if isinstance(value[0], float) else ("signed", 4)
            ok = member.kind == "pointer" and member.pointee == element
        elif isinstance(value, float):
            ok = member.kind == "float" and member.size == 4  # written as float32 literals
        elif isinstance(value, int):
            ok = member.kind in ("signed", "unsigned") and _fits(int(value), member)
        else:
            ok = False
        if not ok:
            problems.append(
                f"{where}.{name}: {type(value).__name__} {value!r:.40} does not fit a {member.size}-byte "
                f"{member.kind} member"
            )
    return problems


def plan_problems(plan) -> list[str]:
    """Every parameter-layout problem of a plan's nodes."""
    problems = []
    for node in plan.nodes:
        header = header_of(node.kernel)
        if node.params is not None and node.params.c_type and header.suffix == ".h":
            problems += layout_problems(header, node.params)
    return problems
