"""Kuhn poker pinned by the standard payoff table and its game value, -1/18."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from boardcore import Match, Rng
from games.kuhn_poker import GAME, Bet, CardsShown, Pass, State

KNOWN = json.loads((Path(__file__).parent.parent / "data" / "known_values.json").read_text())
DEALS = [(a, b) for a in range(3) for b in range(3) if a != b]


def play(hands: tuple[int, int], betting: str) -> State:
    """Fold the betting through decide/evolve from a fixed deal."""
    state = State(hands=hands, rng=Rng.from_seed(0))
    for letter in betting:
        (seat,) = GAME.actors(state)
        for event in GAME.decide(state, seat, Bet() if letter == "b" else Pass()):
            state = GAME.evolve(state, event)
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
                child = state
                for event in GAME.decide(state, seat, action):
                    child = GAME.evolve(child, event)
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
