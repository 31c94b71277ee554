"""GameInfo (issue 33 item 3): the record refuses a malformed declaration, ``Game.player_counts`` is derived from it,
and the contract check catches a figure that play contradicts."""

from __future__ import annotations

from typing import Any

import attrs
import msgspec
import pytest

from boardcore.registry import get_game
from boardcore.testing.contract import check_info_holds, record_playout

TRUE_TIC_TAC_TOE = get_game("tic_tac_toe").info


def _declaring(name: str, **changes: Any) -> Any:
    """The registered game, declaring ``changes`` in its GameInfo instead."""
    game = get_game(name)
    return attrs.evolve(game, info=attrs.evolve(game.info, **changes))


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"players": ()}, "distinct positive counts"),
        ({"players": (3, 2)}, "rising order"),
        ({"players": (2, 2)}, "distinct"),
        ({"score_range": (1.0, -1.0)}, "lowest, highest"),
        ({"max_decisions": None}, "unbounded_because"),
        ({"unbounded_because": "no reason"}, "never both"),
    ],
)
def test_a_malformed_declaration_is_refused(changes: dict[str, Any], message: str) -> None:
    """No counts, counts out of order, a range upside down, a length neither bounded nor explained (or both)."""
    with pytest.raises(ValueError, match=message):
        attrs.evolve(TRUE_TIC_TAC_TOE, **changes)


def test_player_counts_are_said_once_in_the_record() -> None:
    """``Game.player_counts`` is ``info.players``: declaring other counts changes what the game accepts."""
    game = _declaring("five_wards", players=(3, 4))
    assert game.player_counts == (3, 4)
    with pytest.raises(ValueError, match="3, 4 players"):
        game.config(2)


@pytest.mark.parametrize(
    ("name", "players", "changes", "message"),
    [
        ("tic_tac_toe", 2, {"max_decisions": 4}, "more than max_decisions 4"),
        ("tic_tac_toe", 2, {"score_range": (0.0, 1.0)}, r"scores \[-1.0\] outside"),
        ("kuhn_poker", 2, {"chance": False}, "another seed set up another game"),
        ("kuhn_poker", 2, {"hidden_information": False}, "declared without hidden information"),
        ("peaky_blinders", 3, {"simultaneous": False}, "decide at once"),
        ("the_warriors", 2, {"play": "competitive"}, "outcome.cooperative is True"),
        ("five_wards", 2, {"chance": False}, "declared without chance"),
    ],
)
def test_a_false_figure_is_caught_by_play(name: str, players: int, changes: dict[str, Any], message: str) -> None:
    """Each figure is checked against a seeded random game: a wrong one fails the contract with its reason."""
    check_info_holds(record_playout(get_game(name), players, 0))
    with pytest.raises(AssertionError, match=message):
        check_info_holds(record_playout(_declaring(name, **changes), players, 0))


@pytest.mark.parametrize("name", ["tic_tac_toe", "kuhn_poker", "five_wards", "the_warriors", "peaky_blinders", "bellwether"])
def test_each_yes_is_seen_in_play(name: str) -> None:
    """The contract checks every "no"; here every "yes" shows within two seeded games at the most players:
    chance (two seeds set up different games, or the RNG is drawn), hidden information (some secret), simultaneous
    decisions (several seats asked at once)."""
    game = get_game(name)
    playouts = [record_playout(game, max(game.info.players), seed) for seed in (0, 1)]
    states = [state for p in playouts for state in p.states]
    seats = range(max(game.info.players))
    first = [msgspec.structs.replace(p.states[0], rng=None) for p in playouts]
    setups_differ = first[0] != first[1]
    drawn = any(getattr(s, "rng", None) != getattr(p.states[0], "rng", None) for p in playouts for s in p.states)
    assert game.info.chance == (setups_differ or drawn)
    secret = game.secrets is not None and any(game.secrets(s, seat) for s in states[:: max(1, len(states) // 200)] for seat in seats)
    assert game.info.hidden_information == secret
    assert game.info.simultaneous == any(len(game.actors(s)) > 1 for s in states)
