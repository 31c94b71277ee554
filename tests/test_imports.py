"""Imports stay at module top and never form a cycle, in the engine and in every game package.

A function-level import hides a dependency (and usually a cycle it papers over).
Optional extras (Ray, pyarrow, Playwright) are loaded where they are needed with
``importlib.import_module``, which says so explicitly.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"
MODULES = sorted(SRC.rglob("*.py"))


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


KNOWN = {module_name(p) for p in MODULES}


def package_of(name: str) -> str:
    """The unit whose internal imports must be acyclic: the engine, or one game."""
    parts = name.split(".")
    return ".".join(parts[:2]) if parts[0] == "games" and len(parts) > 1 else parts[0]


def imports_of(path: Path) -> tuple[list[str], list[tuple[int, str]]]:
    """Modules imported at the top of ``path``, and ``(line, module)`` of imports inside functions or classes."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    name = module_name(path)
    is_package = path.name == "__init__.py"
    top: list[str] = []
    nested: list[tuple[int, str]] = []

    def resolve(node: ast.ImportFrom) -> list[str]:
        """The modules a from-import depends on: each imported submodule, else the module it imports names from."""
        if node.level == 0:
            base = node.module or ""
        else:
            anchor = name.split(".") if is_package else name.split(".")[:-1]
            anchor = anchor[: len(anchor) - (node.level - 1)]
            base = ".".join([*anchor, node.module] if node.module else anchor)
        found = [f"{base}.{alias.name}" for alias in node.names if f"{base}.{alias.name}" in KNOWN]
        return found if len(found) == len(node.names) else [base, *found]

    def visit(node: ast.AST, inside: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                found = [a.name for a in child.names] if isinstance(child, ast.Import) else resolve(child)
                if inside:
                    nested.append((child.lineno, found[0] if found else "?"))
                else:
                    top.extend(found)
            visit(child, inside or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)))

    visit(tree, False)
    return top, nested


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(SRC)))
def test_no_function_level_imports(path: Path) -> None:
    """Every import statement is at module level."""
    _, nested = imports_of(path)
    assert not nested, f"{path.relative_to(SRC)}: imports inside functions or classes at lines {[line for line, _ in nested]}"


def test_no_import_cycles() -> None:
    """Within the engine and within each game package, the module import graph has no cycle."""
    graph: dict[str, set[str]] = {}
    for path in MODULES:
        name = module_name(path)
        top, _ = imports_of(path)
        graph[name] = {m for m in top if m in KNOWN and m != name and package_of(m) == package_of(name)}
    cycles = []
    state: dict[str, int] = {}

    def walk(node: str, trail: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycles.append([*trail[trail.index(nxt) :], nxt] if nxt in trail else [node, nxt])
            elif nxt not in state:
                walk(nxt, [*trail, nxt])
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            walk(node, [node])
    assert not cycles, "import cycles: " + "; ".join(" -> ".join(c) for c in cycles[:10])
