"""Imports stay at module top and never form a cycle, in the engine and in every game package.

A function-level import hides a dependency (and usually a cycle it papers over).
Optional extras (Ray, pyarrow, Playwright) are loaded where they are needed with
``importlib.import_module``, which says so explicitly.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
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


def imports_of(path: Path, source: str | None = None) -> tuple[list[str], list[tuple[int, str]]]:
    """Modules imported at the top of ``path`` (or of ``source``, read as that module), and ``(line, module)`` of
    imports inside functions or classes."""
    tree = ast.parse(path.read_text(encoding="utf-8") if source is None else source)
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


# --- layers -------------------------------------------------------------------------------------------------------

TIERS: tuple[tuple[str, ...], ...] = (
    ("core",),
    ("games", "store"),
    ("table",),
    ("terminal", "testing"),
    ("viewer",),
    ("serve", "sim", "rl"),
    ("cli",),
)
"""The layers, lowest first (docs/architecture.md draws them): a module imports only its own layer and lower tiers;
two layers of one tier never import each other."""

LAYER_OF_PREFIX = {
    "boardcore": "core",
    "boardcore.rl.spec": "core",
    "games": "games",
    "boardcore.store": "store",
    "boardcore.table": "table",
    "boardcore.terminal": "terminal",
    "boardcore.testing": "testing",
    "boardcore.viewer": "viewer",
    "boardcore.serve": "serve",
    "boardcore.sim": "sim",
    "boardcore.rl": "rl",
    "boardcore.cli": "cli",
}
"""Each module's layer is that of its longest prefix here: a game's RL spec (``boardcore.rl.spec``) is plain data over
the core's types, so it sits in the core, where every game can import it without the ``[rl]`` extra."""

READS_ABOVE = {
    ("boardcore.viewer.build", "boardcore.serve"): "the replay page embeds the browser's log checker, "
    "boardcore/serve/static/js/verify.js, as a resource (no Python of serve runs); the file stays where the JS "
    "client package is published",
}
"""Dependencies on a higher layer that are reads of a package's data files, not imports of its code; each says why."""

TIER = {layer: rank for rank, tier in enumerate(TIERS) for layer in tier}


def layer_of(module: str) -> str:
    parts = module.split(".")
    for cut in range(len(parts), 0, -1):
        found = LAYER_OF_PREFIX.get(".".join(parts[:cut]))
        if found is not None:
            return found
    raise AssertionError(f"{module} is in no layer: add it to LAYER_OF_PREFIX")


def dependencies(path: Path, source: str | None = None) -> set[str]:
    """Every module ``path`` imports at its top, inside a function, or names in a string constant.

    The string constants are how a module imports lazily (``importlib.import_module(name)``, the CLI's table of
    subcommand modules, ``rl``'s names loaded on first use, ``importlib.resources.files``), so a lazy import is
    still a dependency here. A logger's name (``logging.getLogger("boardcore.serve")``) is not one.
    """
    text = path.read_text(encoding="utf-8") if source is None else source
    top, nested = imports_of(path, text)
    tree = ast.parse(text)
    loggers = {
        id(node.args[0])
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and node.args and getattr(node.func, "attr", getattr(node.func, "id", None)) == "getLogger"
    }
    named = {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and "." in node.value and node.value in KNOWN and id(node) not in loggers
    }
    return {m for m in (*top, *(m for _, m in nested), *named) if m in KNOWN}


def test_layers_import_only_downwards() -> None:
    """Each engine module and game imports (eagerly or lazily) only its own layer and the tiers below it.

    Checked by parsing every module, not by importing it and reading ``sys.modules``: an import made when a
    function runs (the CLI's subcommands, ``rl``'s environment, ``sim``'s extras) is absent from ``sys.modules``
    after the import, so that check would pass a layer that reaches up lazily; here a lazy import counts as
    soon as the module's name is written, which a lazy import must do.
    """
    assert set(TIER) == set(LAYER_OF_PREFIX.values())
    wrong = []
    for path in MODULES:
        name = module_name(path)
        mine = layer_of(name)
        for used in sorted(dependencies(path)):
            theirs = layer_of(used)
            if theirs == mine or TIER[theirs] < TIER[mine] or (name, used) in READS_ABOVE:
                continue
            wrong.append(f"{name} ({mine}) -> {used} ({theirs})")
    assert not wrong, "imports against the layers:\n" + "\n".join(wrong)


def test_the_layer_test_sees_a_lazy_import() -> None:
    """A core module that imports the store lazily, by name only when a function runs, depends on the store here."""
    probe = SRC / "boardcore" / "verify.py"
    late = probe.read_text(encoding="utf-8") + '\n\ndef _late() -> object:\n    return importlib.import_module("boardcore.store.sqlite")\n'
    assert "boardcore.store.sqlite" not in dependencies(probe)
    assert "boardcore.store.sqlite" in dependencies(probe, late)
    assert TIER[layer_of("boardcore.store.sqlite")] > TIER[layer_of("boardcore.verify")]


def test_boardcore_help_loads_no_subcommand() -> None:
    """``boardcore --help`` imports no subcommand module and nothing above the core (a fresh interpreter's ``sys.modules``)."""
    code = (
        "import sys\nfrom boardcore.cli import main\ntry:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith(('boardcore', 'games', 'psycopg', 'numpy')))))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    loaded = done.stdout.split("\n")[-2].split()
    above = [m for m in loaded if m.startswith(("games", "psycopg", "numpy")) or layer_of(m) != "core" and m != "boardcore.cli"]
    assert not above, above


# --- a game's rules -----------------------------------------------------------------------------------------------

RULES_MODULES = ("games.tic_tac_toe", "games.kuhn_poker", *(f"games.{p.name}.game" for p in sorted((SRC / "games").iterdir()) if (p / "game.py").is_file()))
"""Each shipped game's rules: the module that builds its ``Game`` (a one-file game's own module)."""

SHOWN_OR_PLAYED = re.compile(r"(^|[._])(svg|svg_\w+|text|view_text|bots|estimate|search|metrics|targets|presentation|strategy|rl)$")
"""The modules of a game's presentation (text, picture, board ids), strategy (house bot, estimate, search pruning,
figures) and RL spec: each registered apart (``boardcore.presentation``, ``boardcore.strategy``, ``boardcore.rl``)."""


def game_unit(name: str) -> str:
    """The game a module belongs to: its package, or ``games`` for the one-file games beside the packages."""
    return "games" if SRC.joinpath(*name.split(".")).with_suffix(".py").is_file() and name.count(".") == 1 else package_of(name)


def rules_closure(name: str) -> set[str]:
    """Every module of the game's own package (or of the one-file games) that ``name`` imports at its top, directly or
    through another."""
    package = game_unit(name)
    seen: set[str] = set()
    todo = [name]
    while todo:
        current = todo.pop()
        path = SRC.joinpath(*current.split(".")).with_suffix(".py")
        if not path.is_file():
            path = SRC.joinpath(*current.split("."), "__init__.py")
        for used in imports_of(path)[0]:
            if used in KNOWN and game_unit(used) == package and used not in seen and used != name:
                seen.add(used)
                todo.append(used)
    return seen


@pytest.mark.parametrize("rules", RULES_MODULES)
def test_a_games_rules_import_no_presentation_or_strategy(rules: str) -> None:
    """A game's rules module, and everything of its package it imports, is rules only: no picture, text, bot, estimate,
    search pruning, figures or RL spec (each is registered apart and imports the rules, never the reverse)."""
    found = sorted(m for m in rules_closure(rules) if SHOWN_OR_PLAYED.search(m.removeprefix("games.")))
    assert not found, f"{rules} imports {found}"


def test_the_rules_check_sees_a_picture_import() -> None:
    """The check above can fail: tic-tac-toe's rules importing its picture module are caught."""
    assert "games.tic_tac_toe_svg" in rules_closure("games.tic_tac_toe_presentation")
    assert SHOWN_OR_PLAYED.search("tic_tac_toe_svg") and SHOWN_OR_PLAYED.search("five_wards.view_text")
    assert not SHOWN_OR_PLAYED.search("five_wards.view") and not SHOWN_OR_PLAYED.search("five_wards.phases.rally")
