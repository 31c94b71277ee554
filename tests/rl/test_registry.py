"""Specs are found by game name through the ``boardcore.rl`` entry points, one for every registered game."""

from __future__ import annotations

import pytest

from boardcore.registry import list_games
from boardcore.rl import BoardcoreEnv, get_spec, list_specs


def test_the_spec_is_found_through_its_entry_point() -> None:
    """get_spec reads the boardcore.rl entry points; an unknown game's error lists the games that have one."""
    assert get_spec("five_wards") is BoardcoreEnv("five_wards", 2).spec
    with pytest.raises(KeyError, match="five_wards"):
        get_spec("no_such_game")


def test_every_registered_game_has_a_spec() -> None:
    """Every game of this repository is published as an environment."""
    assert set(list_games()) <= set(list_specs())
