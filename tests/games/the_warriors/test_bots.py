"""The house bot (``games.the_warriors.bots``): plays from a seat's view only, reaches the
game's real end, and wins some nights."""

from __future__ import annotations

import inspect

import msgspec
import pytest

from boardcore import Match, Waiting
from boardcore.bots import make_bots, play_out
from games.the_warriors import GAME, bots
from games.the_warriors.bots import HouseBot
from games.the_warriors.strategy import STRATEGY
from games.the_warriors.view import View

REAL_ENDS = ("Coney Island Showdown", "already at the bottom", "ran once too often")


def _night(players: int, seed: int, difficulty: str = "easy") -> Match:  # type: ignore[type-arg]
    match = Match.new(GAME, players, seed, {"difficulty": difficulty})
    play_out(match, make_bots(GAME, players, seed))
    return match


def test_house_bot_is_wired_and_view_only() -> None:
    """STRATEGY.house_bot builds a HouseBot whose choose() takes a View and the legal actions; the
    module never touches the State (it is given none)."""
    assert isinstance(STRATEGY.house_bot(3, 1), HouseBot)
    assert list(inspect.signature(HouseBot.choose).parameters) == ["self", "view", "legal"]
    source = inspect.getsource(bots)
    assert "State" not in source
    match = Match.new(GAME, 2, 5)
    view = match.view(min(match.actors))
    assert isinstance(view, View)


def test_house_bot_nights_end_by_the_rules() -> None:
    """WR-END-03, WR-END-10, WR-END-11: over 12 seeds per player count, every house-bot night ends
    by a rule of the game (the Showdown, or the Warriors falling off the track), never by the
    safety limit, and most reach the Showdown; some are won."""
    showdowns = wins = 0
    for players in (2, 3, 4):
        for seed in range(12):
            match = _night(players, seed)
            assert match.outcome is not None and any(end in match.state.reason for end in REAL_ENDS), match.state.reason
            showdowns += "Showdown" in match.state.reason
            wins += bool(match.outcome.winners)
    assert showdowns >= 27 and wins >= 4


def test_house_bot_is_deterministic() -> None:
    """The bot's own randomness comes from its BOTS stream: the same seed gives the same night."""
    a, b = _night(3, 7), _night(3, 7)
    assert [s.action for s in a.steps] == [s.action for s in b.steps]


def test_house_bot_fails_loudly_on_a_decision_it_was_never_taught() -> None:
    """A kind of decision missing from ``CHOOSERS`` is an error naming it, never a silent random move; every kind the
    game declares has a line."""
    assert set(bots.CHOOSERS) == set(GAME.flow.decisions)  # type: ignore[union-attr]
    match = Match.new(GAME, 2, 5)
    while len(match.legal_actions(seat := min(match.actors))) == 1:
        match.apply(seat, match.legal_actions(seat)[0])
    view = match.view(seat)
    untaught = msgspec.structs.replace(view, waiting=(Waiting(seat=seat, kind="juggle", ask="juggle"),))
    legal = match.legal_actions(seat)
    assert len(legal) > 1
    with pytest.raises(KeyError, match="no chooser for the 'juggle' decision"):
        HouseBot.seeded(5, seat).choose(untaught, legal)
