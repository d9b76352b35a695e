"""The Python↔C contract of the kernels, checked on the host build for any plan: the parameter block the generator
writes for a node against the C struct the kernel reads, and the scratch size the planner reserved against the
kernel's C `*_scratch_size()`.

Layout: the struct's members (names, order, kinds, sizes) come from the DWARF of a host-compiled probe of the
kernel's header, so typedefs and nested headers resolve as the compiler sees them. Every field the generator
writes must be a member, in member order; lists must meet pointers, floats 4-byte floats, integers integer
members wide enough for the value.

Scratch: a kernel declares scratch in C as `size_t mg_..._scratch_size(const <its params type> *p)` in one of its
headers (one per backend when a family header holds several: the one naming the backend is taken). For every node
whose kernel has such a function in the host library, a probe linked with the generated node_params.c calls it on
the node's real parameter block; the result must equal the planner's scratch bytes."""
from __future__ import annotations

import functools
import re
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from elftools.elf.elffile import ELFFile

from generator.catalog import CExpr, KernelSpec, NodeParams
from generator.paths import FIRMWARE
from generator.run.host import CFLAGS, build_host, host_library, include_flags

# DWARF base type encodings (DW_ATE_*)
_FLOAT, _SIGNED, _SIGNED_CHAR, _UNSIGNED, _UNSIGNED_CHAR, _BOOLEAN = 4, 5, 6, 7, 8, 2
# Structs the generator fills in another order than C declares them (harmless with designated initializers, but
# the contract is one order): the conv family's, reworked on another branch at the time of writing.
ORDER_PENDING = frozenset({"mg_conv_2d_params", "mg_depthwise_conv_2d_params"})
_SCRATCH_DECL = re.compile(r"size_t\s+(mg_\w+_scratch_size)\s*\(\s*const\s+(\w+)\s*\*\s*\w*\s*\)")


@dataclass(frozen=True)
class Member:
    name: str
    offset: int
    size: int
    kind: str  # "signed", "unsigned", "float", "pointer" or "other"


def header_of(spec: KernelSpec) -> Path:
    """The header that defines the kernel's parameter struct: its first source (node_params.c includes it)."""
    first = Path(spec.sources[0])
    return first if first.is_absolute() else FIRMWARE / "kernels" / first


def _strip(die):
    while die.tag in ("DW_TAG_typedef", "DW_TAG_const_type", "DW_TAG_volatile_type"):
        die = die.get_DIE_from_attribute("DW_AT_type")
    return die


def _member(die, pointer_size: int) -> Member:
    t = _strip(die.get_DIE_from_attribute("DW_AT_type"))
    size = t.attributes["DW_AT_byte_size"].value if "DW_AT_byte_size" in t.attributes else pointer_size
    kind = "other"
    if t.tag == "DW_TAG_pointer_type":
        kind = "pointer"
    elif t.tag == "DW_TAG_base_type":
        encoding = t.attributes["DW_AT_encoding"].value
        kind = {_FLOAT: "float", _SIGNED: "signed", _SIGNED_CHAR: "signed", _UNSIGNED: "unsigned",
                _UNSIGNED_CHAR: "unsigned", _BOOLEAN: "unsigned"}.get(encoding, "other")
    elif t.tag == "DW_TAG_enumeration_type":
        kind = "signed"
    return Member(die.attributes["DW_AT_name"].value.decode(), die.attributes["DW_AT_data_member_location"].value,
                  size, kind)


@functools.lru_cache(maxsize=None)
def c_layout(header: Path, c_type: str, header_text: str) -> tuple[Member, ...]:
    """The members of `c_type` as the host compiler lays it out (header_text: the cache key's contents)."""
    with tempfile.TemporaryDirectory(prefix="mcugen-layout-") as tmp:
        probe, obj = Path(tmp) / "probe.c", Path(tmp) / "probe.o"
        probe.write_text(f'#include "{header}"\n{c_type} mg_layout_probe;\n')
        proc = subprocess.run(["gcc", "-g", "-O0", "-c", *include_flags(), str(probe), "-o", str(obj)],
                              capture_output=True, text=True)
        assert proc.returncode == 0, f"{header.name} does not define {c_type}:\n{proc.stderr[-2000:]}"
        with obj.open("rb") as f:
            elf = ELFFile(f)
            pointer_size = elf.elfclass // 8
            for cu in elf.get_dwarf_info().iter_CUs():
                for die in cu.iter_DIEs():
                    name = die.attributes.get("DW_AT_name")
                    if die.tag == "DW_TAG_variable" and name and name.value == b"mg_layout_probe":
                        struct = _strip(die.get_DIE_from_attribute("DW_AT_type"))
                        return tuple(_member(m, pointer_size) for m in struct.iter_children()
                                     if m.tag == "DW_TAG_member")
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
    if written != sorted(written, key=lambda n: by_name[n].offset) and params.c_type not in ORDER_PENDING:
        problems.append(f"{where}: fields written in the order {written}, the struct's is "
                        f"{[m.name for m in members if m.name in params.fields]}")
    for name in written:
        value, member = params.fields[name], by_name[name]
        if isinstance(value, CExpr):
            ok = member.kind in ("pointer", "signed", "unsigned")
        elif isinstance(value, list):
            ok = member.kind == "pointer"
        elif isinstance(value, float):
            ok = member.kind == "float" and member.size == 4  # written as float32 literals
        elif isinstance(value, int):
            ok = member.kind in ("signed", "unsigned") and _fits(int(value), member)
        else:
            ok = False
        if not ok:
            problems.append(f"{where}.{name}: {type(value).__name__} {value!r:.40} does not fit a {member.size}-byte "
                            f"{member.kind} member")
    return problems


def scratch_function(spec: KernelSpec, c_type: str) -> str | None:
    """The C function that sizes the kernel's scratch, declared in one of its headers, or None."""
    found = []
    for source in spec.sources:
        path = Path(source) if Path(source).is_absolute() else FIRMWARE / "kernels" / source
        if path.suffix == ".h" and path.is_file():
            found += [name for name, t in _SCRATCH_DECL.findall(path.read_text()) if t == c_type]
    found = sorted(set(found))
    if len(found) > 1:
        found = [name for name in found if f"_{spec.backend}" in name]
    return found[0] if len(found) == 1 else None


@functools.lru_cache(maxsize=1)
def _host_symbols(library: Path) -> frozenset[str]:
    out = subprocess.run(["nm", "--defined-only", str(library)], capture_output=True, text=True, check=True).stdout
    return frozenset(line.split()[-1] for line in out.splitlines() if len(line.split()) == 3)


def scratch_problems(plan, project_dir: Path) -> list[str]:
    """Python's scratch bytes against the C scratch size of every node whose kernel sizes scratch in C (and whose
    function the host library has: the mve kernels build for Helium only)."""
    library = host_library()
    checks = []
    for node in plan.nodes:
        function = scratch_function(node.kernel, node.params.c_type) if node.params else None
        if function and function in _host_symbols(library):
            checks.append((node, function))
    if not checks:
        return []
    lines = [f'#include "{header_of(n.kernel)}"' for n, _ in checks]
    lines += ["#include <stdio.h>", "extern const void *const mg_node_params[];", "int main(void)", "{"]
    lines += [f'    printf("%lu\\n", (unsigned long){f}(({n.params.c_type} const *)mg_node_params[{n.index}]));'
              for n, f in checks]
    lines += ["    return 0;", "}"]
    objects = sorted(str(o) for o in (build_host(project_dir).parent).glob("*.o"))  # the generated files, built
    with tempfile.TemporaryDirectory(prefix="mcugen-scratch-") as tmp:
        probe, exe = Path(tmp) / "probe.c", Path(tmp) / "probe"
        probe.write_text("\n".join(lines) + "\n")
        proc = subprocess.run(["gcc", *CFLAGS, *include_flags(), f"-I{Path(project_dir) / 'src'}", "-c", str(probe),
                               "-o", str(probe.with_suffix(".o"))], capture_output=True, text=True)
        if proc.returncode == 0:
            proc = subprocess.run(["g++", str(probe.with_suffix(".o")), *objects, str(library), "-lm", "-o", str(exe)],
                                  capture_output=True, text=True)
        assert proc.returncode == 0, f"scratch probe does not build:\n{proc.stderr[-3000:]}"
        sizes = [int(v) for v in subprocess.run([str(exe)], capture_output=True, text=True,
                                                check=True).stdout.split()]
    return [f"node {n.index} ({n.op_name}, {n.kernel.backend}): Python plans {n.scratch_bytes} scratch bytes, "
            f"{f} says {c}" for (n, f), c in zip(checks, sizes) if n.scratch_bytes != c]


def plan_problems(plan, project_dir: Path | None = None) -> list[str]:
    """Every contract problem of a plan's nodes (scratch too when the emitted project is given)."""
    problems = []
    for node in plan.nodes:
        header = header_of(node.kernel)
        if node.params is not None and node.params.c_type and header.suffix == ".h":
            problems += layout_problems(header, node.params)
    if project_dir is not None:
        problems += scratch_problems(plan, project_dir)
    return problems
