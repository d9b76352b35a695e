"""The pipeline runs one way (read -> check -> rewrite -> plan -> emit -> build -> measure -> run -> compare), and
so do its imports: every module of generator/ is parsed (imports inside functions count as much as those at the
top; an import hidden in a function is still a dependency), and the graph must have no cycle and no stage may
import a later one."""

from __future__ import annotations

import ast
from pathlib import Path

GENERATOR = Path(__file__).resolve().parent.parent / "generator"

# The floors, lowest first; a module may import from its own floor and the ones below it. A floor's name is the
# first name under generator/ (a module or a package), "" being generator/__init__.py (the version).
FLOORS: list[tuple[str, ...]] = [
    ("", "errors", "units", "paths", "locking", "console", "boards", "targets"),
    ("model",),
    ("catalog",),
    ("check",),
    ("rewrite",),
    ("plan",),
    ("emit",),
    ("build",),
    ("measure",),
    ("run",),
    ("reference",),
    ("compare",),
    ("pipeline",),
    ("doctor", "bench", "zoo", "zoo_run", "pio_models"),
    ("cli",),
    ("entry", "__main__"),
]
FLOOR_OF = {name: level for level, names in enumerate(FLOORS) for name in names}


def module_name(path: Path, root: Path = GENERATOR) -> str:
    parts = ("generator", *path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_package(path: Path) -> bool:
    return path.name == "__init__.py"


def imports_of(path: Path, modules: set[str], root: Path = GENERATOR) -> set[str]:
    """The generator modules `path` imports, wherever in it the import statement stands."""
    name = module_name(path, root)
    package = name if is_package(path) else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            # `from pkg import name` imports the submodule pkg.name when there is one, else a name of pkg.
            for alias in node.names:
                submodule = f"{source}.{alias.name}"
                found.add(submodule if submodule in modules else source)
    return {m for m in found if m in modules and m != name}


def import_graph() -> dict[str, set[str]]:
    paths = sorted(GENERATOR.rglob("*.py"))
    modules = {module_name(p) for p in paths}
    return {module_name(p): imports_of(p, modules) for p in paths}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for succ in sorted(graph[node]):
            if succ not in index:
                visit(succ)
                low[node] = min(low[node], low[succ])
            elif succ in on_stack:
                low[node] = min(low[node], index[succ])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def floor(module: str) -> int:
    parts = module.split(".")
    return FLOOR_OF[parts[1] if len(parts) > 1 else ""]


def test_every_module_has_a_floor():
    unplaced = sorted(m for m in import_graph() if (m.split(".") + [""])[1] not in FLOOR_OF)
    assert not unplaced, f"modules on no floor (add them to FLOORS): {unplaced}"


def test_the_imports_have_no_cycle():
    found = cycles(import_graph())
    report = "\n".join(f"  {len(c)} modules: {' '.join(c)}" for c in found)
    assert not found, f"{len(found)} import cycle(s):\n{report}"


def test_no_stage_imports_a_later_one():
    upward = [
        f"  {module} (floor {floor(module)}) imports {target} (floor {floor(target)})"
        for module, targets in sorted(import_graph().items())
        for target in sorted(targets)
        if floor(target) > floor(module)
    ]
    assert not upward, "imports that go up a floor:\n" + "\n".join(upward)


def test_the_walker_sees_a_cycle_and_function_level_imports(tmp_path):
    """The walker itself: a relative import inside a function closes a cycle it must report."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from .b import f\n")
    (package / "b.py").write_text("def f():\n    from . import a\n")
    names = {"generator", "generator.a", "generator.b"}
    graph = {module_name(p, package): imports_of(p, names, package) for p in package.glob("*.py")}
    assert graph["generator.a"] == {"generator.b"}
    assert graph["generator.b"] == {"generator.a"}
    assert cycles(graph) == [["generator.a", "generator.b"]]


def test_every_relative_import_names_a_module_of_generator():
    """A relative import that points nowhere (`from .catalog.docs import ...` written in a subpackage) fails only
    when its function runs; the walker catches it in every function."""
    paths = sorted(GENERATOR.rglob("*.py"))
    modules = {module_name(p) for p in paths}
    missing = []
    for path in paths:
        name = module_name(path)
        package = name if is_package(path) else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.ImportFrom) and node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
                if source not in modules:
                    missing.append(f"  {name}: from {'.' * node.level}{node.module or ''} ({source})")
    assert not missing, "relative imports of no module:\n" + "\n".join(missing)
