"""One module of codes: every code is spelled once, has a one-line meaning, and docs/codes.md shows them all.

The engine's and the server's codes are constants of :mod:`boardcore.codes`; a
module that writes one as a literal instead fails here (found by parsing the
source, so a code in a branch no test reaches is caught too). A game's own codes
are its ``Game.codes`` table, each spelled once as a constant of the game's codes
module (a one-module game's own module) and used by that name everywhere else.
"""

from __future__ import annotations

import ast
import importlib
import re
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from boardcore import codes
from boardcore.codes_doc import page
from boardcore.errors import IllegalAction
from boardcore.match import Match
from boardcore.registry import get_game, list_games

ROOT = Path(__file__).resolve().parents[2]
ENGINE_SRC = ROOT / "src" / "boardcore"
CODE = re.compile(r"^[a-z_][a-z0-9_]*/[a-z0-9_]+$")
KINDS = {*codes.VERDICTS, *codes.STORED}
KIND_MODULES = {"verify.py", "log.py", "table.py", "errors.py"}
"""Where verdict kinds are produced: there a kind's plain word is a kind, so it must be a constant."""


def literals(path: Path) -> list[tuple[int, str, bool]]:
    """``(line, text, passed as kind=)`` of each string constant in ``path`` that is not a docstring."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    kinds = {id(k.value) for node in ast.walk(tree) if isinstance(node, ast.Call) for k in node.keywords if k.arg == "kind"}
    return [
        (node.lineno, node.value, id(node) in kinds)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
    ]


def test_the_engine_writes_no_code_as_a_literal() -> None:
    """Outside boardcore/codes.py, no engine or server code, and no verdict kind where kinds are made, is a literal."""
    found = []
    for path in sorted(ENGINE_SRC.rglob("*.py")):
        relative = path.relative_to(ENGINE_SRC).as_posix()
        if relative == "codes.py":
            continue
        for line, text, as_kind in literals(path):
            if text in codes.ENGINE or text in codes.SERVER or (text in KINDS and (as_kind or relative in KIND_MODULES)):
                found.append(f"{relative}:{line} {text!r}")
    assert not found, "use the constants of boardcore.codes: " + ", ".join(found)


def test_every_code_is_spelled_as_a_code_with_a_one_line_meaning() -> None:
    """Each table's keys are ``domain/reason`` (kinds: one word) and each meaning is one non-empty line."""
    for table in (codes.ENGINE, codes.SERVER):
        assert all(CODE.match(code) for code in table)
    for kinds in (codes.VERDICTS, codes.STORED):
        assert all(re.fullmatch(r"[a-z_]+", kind) for kind in kinds)
    assert not set(codes.VERDICTS) & set(codes.STORED)
    assert not set(codes.ENGINE) & set(codes.SERVER)
    for table in (codes.ENGINE, codes.SERVER, codes.CLOSE, codes.VERDICTS, codes.STORED):
        for meaning in table.values():
            assert meaning.strip() and "\n" not in meaning


def game_sources(name: str) -> list[Path]:
    """The source files of the game registered as ``name``: its package's modules, or its one module."""
    (point,) = [ep for ep in entry_points(group="boardcore.games") if ep.name == name]
    module = importlib.import_module(point.module)
    assert module.__file__ is not None
    if hasattr(module, "__path__"):
        return sorted(Path(module.__file__).parent.rglob("*.py"))
    return [Path(module.__file__)]


def codes_module(sources: list[Path]) -> Path:
    """Where a game spells its codes: ``codes.py`` at the top of its package, or its one module."""
    if len(sources) == 1:
        return sources[0]
    (home,) = [path for path in sources if path.name == "codes.py" and path.parent == sources[0].parent]
    return home


def constant_targets(statement: ast.stmt) -> list[str] | None:
    """The names a module-level ``NAME = ...`` / ``NAME: T = ...`` statement binds, if all are upper-case; else None."""
    if isinstance(statement, ast.AnnAssign) and statement.value is not None:
        targets = [statement.target]
    elif isinstance(statement, ast.Assign):
        targets = statement.targets
    else:
        return None
    names = [t.id for t in targets if isinstance(t, ast.Name) and t.id.isupper()]
    return names if len(names) == len(targets) else None


def code_constants(tree: ast.Module) -> dict[int, tuple[str, str]]:
    """The module-level ``NAME = "domain/reason"`` constants of ``tree``: the literal's node id → (name, code)."""
    found = {}
    for statement in tree.body:
        names = constant_targets(statement)
        value = getattr(statement, "value", None)
        if names and isinstance(value, ast.Constant) and isinstance(value.value, str) and CODE.match(value.value):
            found[id(value)] = (names[0], value.value)
    return found


def parsed(path: Path) -> ast.Module:
    """The syntax tree of ``path``."""
    return ast.parse(path.read_text(encoding="utf-8"))


def names_used(path: Path, skip_constants: bool) -> set[str]:
    """Every name ``path`` reads, as a bare name or an attribute; ``skip_constants`` leaves out its module-level
    upper-case assignments (a code's constant and the table that lists it are no use of the code)."""
    statements = [statement for statement in parsed(path).body if not (skip_constants and constant_targets(statement))]
    return {
        node.id if isinstance(node, ast.Name) else node.attr
        for statement in statements
        for node in ast.walk(statement)
        if (isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)) or isinstance(node, ast.Attribute)
    }


@pytest.mark.parametrize("name", list_games())
def test_each_games_codes_are_its_table(name: str) -> None:
    """A game's ``Game.codes`` is exactly the codes its codes module spells as constants; its rules use every one by
    name; no ``domain/reason`` literal anywhere in its source is outside the table; none is the engine's."""
    game = get_game(name)
    sources = game_sources(name)
    home = codes_module(sources)
    constants = dict(code_constants(parsed(home)).values())
    assert set(constants.values()) == set(game.codes), f"codes with no constant: {sorted(set(game.codes) - set(constants.values()))}"
    assert len(set(constants.values())) == len(constants), "a code spelled by two constants"
    used = {text for path in sources for _, text, _ in literals(path) if CODE.match(text)}
    assert used <= set(game.codes), f"in the source, not the table: {sorted(used - set(game.codes))}"
    read = {used_name for path in sources for used_name in names_used(path, skip_constants=path == home)}
    unused = sorted(set(constants) - read)
    assert not unused, f"in the table, unused: {unused}"
    for code, meaning in game.codes.items():
        assert code.split("/")[0] not in codes.RESERVED_DOMAINS, f"{code}: the domain is the engine's or the server's"
        assert meaning.strip() and "\n" not in meaning, code


@pytest.mark.parametrize("name", list_games())
def test_no_game_writes_its_codes_as_literals(name: str) -> None:
    """Outside the constants of its codes module, no file of a game writes one of its codes as a literal: each site
    names the constant, so a code is spelled once and a misspelt name fails at import, not in play."""
    game = get_game(name)
    sources = game_sources(name)
    home = codes_module(sources)
    found = []
    for path in sources:
        tree = parsed(path)
        spelled = code_constants(tree) if path == home else {}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and node.value in game.codes and id(node) not in spelled:
                found.append(f"{path.relative_to(ROOT).as_posix()}:{node.lineno} {node.value!r}")
    assert not found, f"use the constants of {home.relative_to(ROOT).as_posix()}: " + ", ".join(found)


def test_docs_page_is_generated_from_the_tables() -> None:
    """docs/codes.md is what ``python -m boardcore.codes_doc docs/codes.md`` writes."""
    committed = (ROOT / "docs" / "codes.md").read_text(encoding="utf-8")
    assert committed == page(), "regenerate: python -m boardcore.codes_doc docs/codes.md"


def test_a_refusal_carries_the_games_code() -> None:
    """A refused move gives the code its table names (tic-tac-toe's taken cell), and an engine refusal the engine's."""
    game = get_game("tic_tac_toe")
    match = Match.new(game, 2, 1)
    first = match.legal_actions(0)[0]
    match.apply(0, first)
    with pytest.raises(IllegalAction) as taken:
        match.apply(1, first)
    assert taken.value.code in game.codes
    with pytest.raises(IllegalAction) as early:
        match.apply(0, match.legal_actions(1)[0])
    assert early.value.code == codes.TURN_NOT_YOUR_TURN
