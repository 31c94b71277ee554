"""One loader for every entry-point group: games and RL specs are listed, loaded, checked and refused the same way."""

from __future__ import annotations

from importlib.metadata import EntryPoint

import pytest

from boardcore import Game, registry
from boardcore.registry import GAMES, get_game, list_games


def _only(monkeypatch: pytest.MonkeyPatch, group: str, point: EntryPoint) -> None:
    """Make ``point`` the only entry point of ``group`` (and leave every other group empty)."""
    monkeypatch.setattr(registry, "entry_points", lambda group: [point] if group == point.group else [])


def test_an_entry_point_that_leads_to_something_else_is_refused_naming_the_kind(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game entry point that names a function, not a Game, is a TypeError naming the entry point and the kind."""
    _only(monkeypatch, registry.GROUP, EntryPoint(name="odd", value="boardcore.registry:list_games", group=registry.GROUP))
    assert GAMES.names() == ["odd"]
    with pytest.raises(TypeError, match=r"'boardcore.registry:list_games' for 'odd' is not a boardcore.Game"):
        GAMES.load("odd")


def test_an_unknown_name_lists_the_registered_ones_or_says_none(monkeypatch: pytest.MonkeyPatch) -> None:
    """The KeyError for an unknown game lists the registered ids; with none registered it says so."""
    with pytest.raises(KeyError, match=r"no game called 'chess'; registered games: .*tic_tac_toe"):
        get_game("chess")
    monkeypatch.setattr(registry, "entry_points", lambda group: [])
    with pytest.raises(KeyError, match=r"registered games: none"):
        GAMES.load("tic_tac_toe")


def test_rl_specs_are_loaded_by_the_same_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """The RL spec group goes through the games' loader: its entry points, its type check, its unknown-name message."""
    specs = pytest.importorskip("boardcore.rl.registry")
    assert specs.SPECS.load("tic_tac_toe") is specs.get_spec("tic_tac_toe")
    _only(monkeypatch, specs.GROUP, EntryPoint(name="odd", value="boardcore.registry:GAMES", group=specs.GROUP))
    assert specs.SPECS.names() == ["odd"]
    with pytest.raises(TypeError, match=r"for 'odd' is not a boardcore.rl.RlSpec"):
        specs.SPECS.load("odd")
    with pytest.raises(KeyError, match=r"no RL spec for 'chess'; games with one: odd"):
        specs.SPECS.load("chess")


def test_registry_lists_the_shipped_games() -> None:
    """Every shipped game id is registered through the entry-point group."""
    assert {"tic_tac_toe", "kuhn_poker", "five_wards", "the_warriors", "peaky_blinders", "bellwether"} <= set(list_games())
    assert isinstance(get_game("tic_tac_toe"), Game)


def test_unknown_game_names_the_registered_ones() -> None:
    """Asking for an unknown game lists what exists."""
    with pytest.raises(KeyError, match="tic_tac_toe"):
        get_game("chess")
