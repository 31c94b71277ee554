"""Hidden information, errors, the safety limit and the story (checklist section 2, GAP-19)."""

from __future__ import annotations

import typing

import msgspec

from boardcore import Match, Rng
from boardcore.bots import RandomBot
from boardcore.rng import DETERMINIZE
from boardcore.testing import refused
from games.the_warriors import GAME, text
from games.the_warriors import catalog as cat
from games.the_warriors.actions import Action, Move, Rest, Roll
from games.the_warriors.events import BopperDeckBuilt, Event, GangStackShuffled, LocationStackShuffled
from games.the_warriors.presentation import PRESENTATION

from .helpers import apply, in_city, new, types


def test_hands_are_private_gap_19() -> None:
    """GAP-19: a seat sees its own hand and only the size of the others'; spectators see no hand."""
    s = new(2, ("Cochise", "Swan"))
    mine = GAME.view(s, 0)
    assert mine.hand == s.hands[0] and mine.seats[1].hand_size == len(s.hands[1])
    assert GAME.view(s, None).hand == ()
    encoded = msgspec.json.encode(mine)
    assert b'"war_deck":' not in encoded and b'"hands":' not in encoded and b'"rng"' not in encoded


def test_determinize_keeps_what_the_seat_knows() -> None:
    """determinize keeps the seat's hand, the public board and its secret Location peek; it resamples the rest."""
    s = new(3, ("Cochise", "Swan", "Fox"))
    s = in_city(s, 0, positions=(9, 0, 0), tokens=cat.FIGHT_SPACES)
    s, _ = apply(s, 0, Move(space=10))
    for seed in range(5):
        twin = GAME.determinize(s, 0, Rng.from_seed(seed, DETERMINIZE))
        assert GAME.view(twin, 0) == GAME.view(s, 0) and twin.loc_down[0] == s.loc_down[0]
        other = GAME.determinize(s, 1, Rng.from_seed(seed, DETERMINIZE))
        assert GAME.view(other, 1) == GAME.view(s, 1) and other.hands[1] == s.hands[1]


def test_shuffles_are_redacted() -> None:
    """Deck and stack orders never reach anyone's event stream."""
    assert GAME.redact(BopperDeckBuilt(player=0, order=(3, 1, 2), reason="empty"), 0) == BopperDeckBuilt(player=0, order=(), reason="empty")
    assert GAME.redact(GangStackShuffled(order=(1, 2)), None) == GangStackShuffled(order=())
    assert GAME.redact(LocationStackShuffled(order=(1, 2)), 1) == LocationStackShuffled(order=())


def test_errors_are_typed_and_change_nothing() -> None:
    """Bad input raises IllegalAction with a domain/reason code; the state is unchanged."""
    s = new(2, ("Cochise", "Swan"))
    s = in_city(s, 0, positions=(0, 0), tokens=cat.FIGHT_SPACES)
    before = msgspec.json.encode(s)
    for seat, action, code in ((1, Rest(), "turn/not_your_turn"), (0, Roll(), "action/wrong_step"), (0, "rest", "action/malformed"), (0, Move(space=20), "city/illegal_move")):
        err = refused(GAME, s, seat, action, code=code)
        assert err.player == seat and msgspec.json.encode(s) == before


def test_safety_limit_ends_the_night() -> None:
    """Options.max_city_turns: once reached, the game ends as a loss (documented safety limit)."""
    s = new(2, ("Cochise", "Swan"), max_city_turns=1)
    s = in_city(s, 0, positions=(0, 0), tokens=cat.FIGHT_SPACES, bopper_deck=tuple(range(12)), bopper_discard=())
    s, events = apply(s, 0, Rest())
    assert s.result == -1 and "safety limit" in s.reason and "GameEnded" in types(events)
    assert GAME.actors(s) == frozenset() and GAME.legal_actions(s, 1) == []


def test_random_bots_always_finish_and_the_story_is_told() -> None:
    """Random playouts end for 2-4 players at every difficulty; the summary tells the night."""
    for players in (2, 3, 4):
        for difficulty in cat.DIFFICULTIES:
            m = Match.new(GAME, players, players * 10 + len(difficulty), {"difficulty": difficulty})
            bots = [RandomBot.seeded(7, seat) for seat in range(players)]
            while not m.is_over:
                seat = min(m.actors)
                m.apply(seat, bots[seat].choose(m.view(seat), m.legal_actions(seat)))
            story = m.summary(None)
            assert "Fight #1" in story and ("ALL PLAYERS LOSE" in story or "ALL PLAYERS WIN" in story)


def test_every_action_and_event_is_described() -> None:
    """Every action has a label and every event a line (RngAdvanced reaches nobody, so it has none)."""
    assert set(text._ACTION_TEXT) == set(typing.get_args(Action))
    assert set(text._EVENT_TEXT) == {t for t in typing.get_args(Event) if t.__name__ != "RngAdvanced"}
    assert PRESENTATION.label(Move(space=cat.CONEY_SPACE), 0) == "move to Coney Island"
