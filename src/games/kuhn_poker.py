"""Kuhn poker on the boardcore contract: the smallest game with hidden cards and chance.

Standard rules (Kuhn 1950, as in OpenSpiel's ``kuhn_poker``): a deck of Jack,
Queen, King; each of two seats antes 1 chip and is dealt one card face down.
Seat 0 acts first. ``Pass`` checks or folds, ``Bet`` bets or calls one chip.
Sequences: pass-pass and bet-bet / pass-bet-bet go to a showdown (higher card
takes the pot); bet-pass and pass-bet-pass end in a fold. Scores are each seat's
net chips (+1/+2 or -1/-2).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Union

import msgspec

from boardcore import PUBLIC, REVEAL, Config, Game, IllegalAction, Outcome, Rng, make_evolve

# --- constants ---------------------------------------------------------------

CARDS = ("J", "Q", "K")
ANTE = 1

# --- types -------------------------------------------------------------------


class State(msgspec.Struct, frozen=True, kw_only=True):
    """The deal, the betting so far, and whether the cards were shown."""

    hands: tuple[int, int]
    """Each seat's card: 0 Jack, 1 Queen, 2 King (hidden from the other seat)."""
    history: str = ""
    """Betting so far, one letter per action: ``p`` pass, ``b`` bet."""
    shown: bool = False
    """Both cards were revealed at a showdown."""
    rng: Rng = Rng(0)
    """Rules RNG, after the deal."""


class Pass(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Check (nothing bet yet) or fold (facing a bet)."""


class Bet(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Bet one chip (nothing bet yet) or call (facing a bet)."""


Action = Union[Pass, Bet]


class Passed(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    """A seat checked or folded."""

    player: int


class BetPlaced(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    """A seat bet or called one chip."""

    player: int


class CardsShown(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Showdown: both cards face up."""

    hands: tuple[int, int]


Event = Union[Passed, BetPlaced, CardsShown]


class View(msgspec.Struct, frozen=True, kw_only=True):
    """A seat's own card, the betting, and the opponent's card only after a showdown."""

    card: int | None
    """The viewer's card (``None`` for a spectator)."""
    history: str
    to_act: int | None
    pot: int
    shown: tuple[int, int] | None
    """Both cards, once shown at a showdown."""


# --- functions ---------------------------------------------------------------

TERMINAL = frozenset(("pp", "bp", "bb", "pbp", "pbb"))
SHOWDOWN = frozenset(("pp", "bb", "pbb"))


def setup(config: Config[State], seed: int) -> State:
    """Shuffle the three cards and deal one to each seat."""
    deck, rng = Rng.from_seed(seed).shuffle(range(3))
    return State(hands=(deck[0], deck[1]), rng=rng)


def to_act(state: State) -> int | None:
    """Seat to act, or ``None`` when the betting is over."""
    return None if state.history in TERMINAL else len(state.history) % 2


def actors(state: State) -> frozenset[int]:
    """The seat to act, or nobody once the hand is over."""
    seat = to_act(state)
    return frozenset() if seat is None else frozenset((seat,))


def legal_actions(state: State, player: int) -> list[Pass | Bet]:
    """Pass or bet, for the seat to act."""
    return [Pass(), Bet()] if to_act(state) == player else []


def decide(state: State, player: int, action: Pass | Bet) -> list[Passed | BetPlaced | CardsShown]:
    """The seat's pass or bet, then the showdown if the betting has closed with a call or two checks."""
    if to_act(state) != player:
        raise IllegalAction(f"It is not player {player}'s turn to bet.", code="turn/not_your_turn", player=player, action=action)
    if isinstance(action, Pass):
        events: list[Passed | BetPlaced | CardsShown] = [Passed(player=player)]
        history = state.history + "p"
    elif isinstance(action, Bet):
        events = [BetPlaced(player=player)]
        history = state.history + "b"
    else:
        raise IllegalAction("Kuhn poker has only Pass and Bet.", code="action/malformed", player=player, action=action)
    if history in SHOWDOWN:
        events.append(CardsShown(hands=state.hands))
    return events


def evolve_passed(state: State, event: Passed) -> State:
    """A ``p`` joins the betting history."""
    return msgspec.structs.replace(state, history=state.history + "p")


def evolve_bet_placed(state: State, event: BetPlaced) -> State:
    """A ``b`` joins the betting history."""
    return msgspec.structs.replace(state, history=state.history + "b")


def evolve_cards_shown(state: State, event: CardsShown) -> State:
    """The cards are face up."""
    return msgspec.structs.replace(state, shown=True)


HANDLERS: dict[type, Callable[[State, Any], State]] = {
    Passed: evolve_passed,
    BetPlaced: evolve_bet_placed,
    CardsShown: evolve_cards_shown,
}
evolve = make_evolve(Event, HANDLERS)


def pot(history: str) -> int:
    """Chips in the middle: both antes plus every bet or call."""
    return 2 * ANTE + history.count("b")


def view(state: State, player: int | None) -> View:
    """Own card and the betting; the other card only after a showdown."""
    return View(
        card=None if player is None else state.hands[player],
        history=state.history,
        to_act=to_act(state),
        pot=pot(state.history),
        shown=state.hands if state.shown else None,
    )


def payoff(hands: tuple[int, int], history: str) -> tuple[int, int]:
    """Net chips for each seat at the end of a hand."""
    if history in SHOWDOWN:
        stake = 2 if "b" in history else 1
        winner = 0 if hands[0] > hands[1] else 1
    else:
        stake = 1
        winner = 0 if history == "bp" else 1  # the seat that bet takes the pot when the other folds
    return (stake, -stake) if winner == 0 else (-stake, stake)


def outcome(state: State) -> Outcome | None:
    """Net chips per seat once the betting is over."""
    if to_act(state) is not None:
        return None
    reason = "showdown" if state.history in SHOWDOWN else "fold"
    return Outcome.from_scores([float(x) for x in payoff(state.hands, state.history)], reason=reason)


def determinize(state: State, player: int, rng: Rng) -> State:
    """Deal the opponent one of the two cards ``player`` does not hold (unless shown), and a fresh RNG.

    The real RNG must go too: its seed would let anyone recompute the deal.
    """
    seed, rng = rng.next_word()
    if state.shown:
        return msgspec.structs.replace(state, rng=Rng.from_seed(seed))
    own = state.hands[player]
    other, _ = rng.choice([card for card in range(3) if card != own])
    hands = (own, other) if player == 0 else (other, own)
    return msgspec.structs.replace(state, hands=hands, rng=Rng.from_seed(seed))


def describe(item: object, viewer: int | None) -> str:
    """``P1 bets``, ``Showdown: J vs K``."""
    if isinstance(item, Passed):
        return f"P{item.player + 1} passes"
    if isinstance(item, BetPlaced):
        return f"P{item.player + 1} bets"
    if isinstance(item, CardsShown):
        return f"Showdown: {CARDS[item.hands[0]]} vs {CARDS[item.hands[1]]}"
    return type(item).__name__.lower()


def summarize(state: State, events: object) -> str:
    """Cards, betting and who took the pot."""
    result = payoff(state.hands, state.history)
    winner = 0 if result[0] > 0 else 1
    cards = f"{CARDS[state.hands[0]]} vs {CARDS[state.hands[1]]}"
    return f"Cards {cards}; betting {state.history!r}; P{winner + 1} takes {abs(result[0])} chip(s)."


GAME: Game[State, Pass | Bet, Passed | BetPlaced | CardsShown, View] = Game(
    name="kuhn_poker",
    title="Kuhn poker",
    rules_version="1",
    player_counts=(2,),
    action_type=Action,
    event_type=Event,
    view_type=View,
    setup=setup,
    actors=actors,
    legal_actions=legal_actions,
    decide=decide,
    evolve=evolve,
    view=view,
    visibility={Passed: PUBLIC, BetPlaced: PUBLIC, CardsShown: REVEAL},
    outcome=outcome,
    determinize=determinize,
    describe=describe,
    summarize=summarize,
)
