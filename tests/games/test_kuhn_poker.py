"""Kuhn poker pinned by the standard payoff table and its game value, -1/18."""

from __future__ import annotations

import io
import json
from fractions import Fraction
from pathlib import Path

import pytest

from boardcore import Match, Rng
from boardcore.store import MemoryStore
from boardcore.table import Table
from boardcore.terminal import TerminalSeats
from games.kuhn_poker import GAME, Bet, CardsShown, Pass, State

KNOWN = json.loads((Path(__file__).parent.parent / "data" / "known_values.json").read_text())
DEALS = [(a, b) for a in range(3) for b in range(3) if a != b]


def play(hands: tuple[int, int], betting: str) -> State:
    """Play the betting through the checked way in from a fixed deal."""
    state = State(hands=hands, rng=Rng.from_seed(0))
    for letter in betting:
        (seat,) = GAME.actors(state)
        _, state = GAME.act(state, seat, Bet() if letter == "b" else Pass())
    return state


@pytest.mark.parametrize("betting", ["pp", "bp", "bb", "pbp", "pbb"])
@pytest.mark.parametrize("hands", DEALS, ids=lambda h: f"{'JQK'[h[0]]}{'JQK'[h[1]]}")
def test_payoffs_match_the_standard_table(hands: tuple[int, int], betting: str) -> None:
    """All 6 deals x every betting sequence pay what the standard Kuhn table says."""
    state = play(hands, betting)
    outcome = GAME.outcome(state)
    expected = KNOWN["kuhn_poker_payoffs"][betting][f"{hands[0]}{hands[1]}"]
    assert outcome is not None and outcome.scores == (expected, -expected)


def equilibrium_value(alpha: Fraction) -> Fraction:
    """Seat 0's expected payoff when both seats play Kuhn's equilibrium family for ``alpha``."""
    third = Fraction(1, 3)
    first_bet = {0: alpha, 1: Fraction(0), 2: 3 * alpha}
    first_call = {0: Fraction(0), 1: alpha + third, 2: Fraction(1)}
    second_bet = {0: third, 1: Fraction(0), 2: Fraction(1)}
    second_call = {0: Fraction(0), 1: third, 2: Fraction(1)}

    def policy(state: State, seat: int) -> Fraction:
        card = state.hands[seat]
        if seat == 0:
            return first_bet[card] if state.history == "" else first_call[card]
        return second_call[card] if state.history == "b" else second_bet[card]

    def value(state: State) -> Fraction:
        outcome = GAME.outcome(state)
        if outcome is not None:
            return Fraction(outcome.scores[0])
        (seat,) = GAME.actors(state)
        bet = policy(state, seat)
        total = Fraction(0)
        for action, p in ((Bet(), bet), (Pass(), 1 - bet)):
            if p:
                _, child = GAME.act(state, seat, action)
                total += p * value(child)
        return total

    return sum((value(State(hands=h, rng=Rng.from_seed(0))) for h in DEALS), Fraction(0)) / len(DEALS)


@pytest.mark.parametrize("alpha", [Fraction(0), Fraction(1, 6), Fraction(1, 3)])
def test_game_value_is_minus_one_eighteenth(alpha: Fraction) -> None:
    """Under equilibrium play the first seat expects -1/18 chips, for every alpha in [0, 1/3]."""
    numerator, denominator = KNOWN["kuhn_poker_value"]
    assert equilibrium_value(alpha) == Fraction(numerator, denominator)


def test_cards_stay_hidden_until_the_showdown() -> None:
    """A seat's view shows only its own card; both cards appear after a showdown, not after a fold."""
    match = Match.new(GAME, 2, seed=5)
    assert match.view(0).card == match.state.hands[0]
    assert match.view(1).card == match.state.hands[1]
    assert match.view(None).card is None and match.view(None).shown is None
    match.apply(0, Bet())
    match.apply(1, Pass())
    assert match.view(0).shown is None
    assert all(not isinstance(e, CardsShown) for e in match.events_for(0))
    showdown = Match.new(GAME, 2, seed=5)
    showdown.apply(0, Pass())
    showdown.apply(1, Pass())
    assert showdown.view(None).shown == showdown.state.hands


def test_showdown_is_an_undo_barrier_but_a_check_is_not() -> None:
    """A check can be taken back; the call that reveals the cards cannot."""
    match = Match.new(GAME, 2, seed=5)
    match.apply(0, Pass())
    assert match.can_undo(0)
    match.apply(1, Bet())
    match.apply(0, Bet())
    assert not match.can_undo(0)


VERB = {"check": "checks", "fold": "folds", "bet 1 chip": "bets", "call 1 chip": "calls"}
"""A button's words and the same move told in the story and drawn in the picture."""


@pytest.mark.parametrize("betting", ["pp", "bp", "bb", "pbp", "pbb"])
def test_buttons_story_terminal_and_picture_use_the_same_words(betting: str) -> None:
    """Each move reads the same on its button, in the terminal's menu, in every seat's story and in the picture:
    check or bet before a bet, fold or call facing one (never "pass")."""
    match = Match.new(GAME, ["Ann", "Bob"], 4)
    for step, letter in enumerate(betting, start=1):
        (seat,) = match.actors
        chosen = next(a for a in match.legal_actions(seat) if isinstance(a, Bet if letter == "b" else Pass))
        label = match.label(chosen, seat)
        table = Table.create(GAME, 2, seed=4, store=MemoryStore())
        for earlier in betting[: step - 1]:
            (who,) = table.match.actors
            table.match.apply(who, Bet() if earlier == "b" else Pass())
        menu = io.StringIO()
        TerminalSeats(table, [seat], [None, None], io.StringIO("q\n"), menu).play()
        assert f"] {label}\n" in menu.getvalue()
        match.apply(seat, chosen)
        told = f"{match.players[seat]} {VERB[label]}"
        for viewer in (0, 1, None):
            assert match.step_text(step, viewer)[0] == told
            assert f">{told}</text>" in match.picture(viewer)
    lines = "\n".join(text for step in range(1, len(betting) + 1) for viewer in (0, 1, None) for text in match.step_text(step, viewer))
    assert "pass" not in lines and "pass" not in match.summary(0)
