"""A picture shows nothing its view does not hold: drawing a seat's view of any state the seat cannot
tell apart from the real one (``determinize``) gives the same bytes, and no hidden word appears in it."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from functools import cache
from typing import Any

import pytest

from boardcore import Match, Rng
from boardcore.bots import RandomBot
from boardcore.presentation import get_presentation
from boardcore.registry import get_game
from boardcore.testing import find_secrets

GAMES = (("tic_tac_toe", 2), ("kuhn_poker", 2), ("five_wards", 3), ("the_warriors", 3), ("peaky_blinders", 3), ("bellwether", 2))
CHECKPOINTS = 6
"""States checked per game and seed, spread over the first ``MAX_STEPS`` steps of a random game."""
MAX_STEPS = 400
SEEDS = {"kuhn_poker": tuple(range(1, 9))}
"""Kuhn poker's hands differ by seed, so it gets more of them; the others are long enough with two."""


@cache
def _checkpoints(game_name: str, players: int, seed: int) -> tuple[Any, ...]:
    """States of one random game at ``CHECKPOINTS`` steps spread through it (its last state included)."""
    game = get_game(game_name)
    match = Match.new(game, players, seed)
    bots = [RandomBot.seeded(seed, seat) for seat in range(players)]
    states = [match.state]
    while not match.is_over and len(states) <= MAX_STEPS:
        seat = min(match.actors)
        match.apply(seat, bots[seat].choose(match.view(seat), match.legal_actions(seat)))
        states.append(match.state)
    picks = sorted({round(k * (len(states) - 1) / (CHECKPOINTS - 1)) for k in range(CHECKPOINTS)})
    return tuple(states[k] for k in picks)


def _seeds(game_name: str) -> tuple[int, ...]:
    return SEEDS.get(game_name, (5, 6))


@pytest.mark.parametrize(("game_name", "players"), GAMES, ids=[g for g, _ in GAMES])
def test_pictures_are_unchanged_under_determinize(game_name: str, players: int) -> None:
    """Each seat's picture, and the spectator's, is the same for every state consistent with what that seat knows."""
    game, picture = get_game(game_name), get_presentation(game_name).picture
    assert picture is not None
    names = tuple(f"Seat {k}" for k in range(players))
    for seed in _seeds(game_name):
        for step, state in enumerate(_checkpoints(game_name, players, seed)):
            public = picture(game.view(state, None), None, names)
            for seat in range(players):
                mine = picture(game.view(state, seat), seat, names)
                for sample in range(2):
                    other = game.determinize(state, seat, Rng.from_seed(1000 * step + 10 * seat + sample))
                    assert picture(game.view(other, seat), seat, names) == mine, f"seed {seed}, checkpoint {step}: seat {seat}'s picture moved"
                    assert picture(game.view(other, None), None, names) == public, f"seed {seed}, checkpoint {step}: the spectator's moved"


HIDING = [(g, p) for g, p in GAMES if g != "tic_tac_toe"]
"""Every game but tic-tac-toe hides something, and declares what in ``Game.secrets``."""


@pytest.mark.parametrize(("game_name", "players"), HIDING, ids=[g for g, _ in HIDING])
def test_pictures_hold_no_hidden_words(game_name: str, players: int) -> None:
    """No card or name the game declares hidden from a viewer (``Game.secrets``) appears in that viewer's picture."""
    game, picture = get_game(game_name), get_presentation(game_name).picture
    assert picture is not None and game.secrets is not None
    names = tuple(f"Seat {k}" for k in range(players))
    for seed in _seeds(game_name):
        for state in _checkpoints(game_name, players, seed):
            for viewer in (None, *range(players)):
                shown = _readable(picture(game.view(state, viewer), viewer, names))
                words = {word for word in game.secrets(state, viewer) if word in shown}  # the regex scan only where a word occurs at all
                leaked = find_secrets(shown, words)
                assert not leaked, f"seed {seed}: {leaked} in the picture of viewer {viewer}"


def _readable(svg: str) -> str:
    """The raw SVG, then every text and attribute value as a reader gets it (entities decoded: ``&amp;`` is ``&``)."""
    root = ET.fromstring(svg)
    values = [value for element in root.iter() for value in element.attrib.values()]
    return "\n".join((svg, *root.itertext(), *values))
