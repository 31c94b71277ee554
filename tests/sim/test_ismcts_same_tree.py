"""The search makes the very choices it made before it was sped up: same seed, same tree, same draws.

Each case records, at commit 3754e7c, the move chosen from a fixed position, how many words the bot drew from its
stream (every world seed and every random expansion is one, so a different tree draws a different count) and the
iterations run. Rules, ``determinize``, the house bot and the search all take part, so any change to any of them
that alters a choice shows here.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from boardcore import Match
from boardcore.ismcts import ISMCTSBot
from boardcore.registry import get_game

CASES = [
    pytest.param("kuhn_poker", 2, 0, 400, {}, (0, "Bet()", 237), id="kuhn_poker"),
    pytest.param("tic_tac_toe", 2, 2, 300, {}, (2, "PlaceMark(cell=0)", 390), id="tic_tac_toe"),
    pytest.param("five_wards", 3, 150, 40, {"depth": 8, "rollout": "house"}, (151, "SelectDie(face=5)", 54), id="five_wards-house"),
    pytest.param(
        "five_wards", 3, 150, 30, {"rollout": "house", "opponents": "policy", "depth": 8}, (151, "SelectDie(face=2)", 37), id="five_wards-policy"
    ),
    pytest.param(
        "peaky_blinders", 3, 120, 20, {"depth": 8, "rollout": "house"}, (123, "PlayCard(card='OFF-06', target=1)", 22), id="peaky_blinders"
    ),
]


def position(name: str, players: int, at: int) -> Match[Any, Any, Any, Any]:
    """Random play (seed 3) to ``at`` actions, then on to a decision with at least 3 moves (from the start: none)."""
    match = Match.new(get_game(name), players, 3)
    choice = random.Random(3).choice
    while len(match) < at and match.actors:
        seat = min(match.actors)
        match.apply(seat, choice(match.legal_actions(seat)))
    while at and match.actors and len(match.legal_actions(min(match.actors))) < 3:
        seat = min(match.actors)
        match.apply(seat, choice(match.legal_actions(seat)))
    return match


@pytest.mark.parametrize(("name", "players", "at", "iterations", "params", "expected"), CASES)
def test_the_search_chooses_and_draws_as_before(
    name: str, players: int, at: int, iterations: int, params: dict[str, Any], expected: tuple[int, str, int]
) -> None:
    """The chosen move and the number of words drawn match the values recorded before the speed-ups."""
    match = position(name, players, at)
    game, seat, state = match.game, min(match.actors), match.state
    bot = ISMCTSBot.seeded(game, 11, seat, players, iterations=iterations, **params)
    chosen = bot.choose_sampled(game.view(state, seat), game.legal_actions(state, seat), lambda rng: game.determinize(state, seat, rng))
    assert (len(match), repr(chosen), bot.rng.counter) == expected
    assert bot.searched == iterations
