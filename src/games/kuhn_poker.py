"""Kuhn poker on the boardcore contract: the smallest game with hidden cards and chance.

Standard rules (Kuhn 1950, as in OpenSpiel's ``kuhn_poker``): a deck of Jack,
Queen, King; each of two seats antes 1 chip and is dealt one card face down.
Seat 0 acts first. ``Pass`` checks or folds, ``Bet`` bets or calls one chip.
Sequences: pass-pass and bet-bet / pass-bet-bet go to a showdown (higher card
takes the pot); bet-pass and pass-bet-pass end in a fold. Scores are each seat's
net chips (+1/+2 or -1/-2).

On the turn kernel (:mod:`boardcore.kernel`) the game is one kind of decision,
betting, whose candidates are always ``Pass`` and ``Bet``: nothing is refused
once it is the seat's turn, so its ``problem`` is empty.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any, Union

import msgspec

from boardcore import PUBLIC, REVEAL, Config, Decision, Flow, Game, Outcome, Rng, Turn, Waiting, make_evolve
from boardcore.gameinfo import GameInfo
from boardcore.kernel import NOBODY_PENDING, no_problem
from boardcore.memo import per_state_and_key
from boardcore.rng import word

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
    waiting: tuple[Waiting, ...] = ()
    """Who must decide what now (the engine's list, from the game's ``pending``, handed to ``view``)."""


# --- functions ---------------------------------------------------------------

TERMINAL = frozenset(("pp", "bp", "bb", "pbp", "pbb"))
SHOWDOWN = frozenset(("pp", "bb", "pbb"))


def setup(config: Config[State], seed: int) -> State:
    """Shuffle the three cards and deal one to each seat."""
    deck, rng = Rng.from_seed(seed).shuffle(range(3))
    return State(hands=(deck[0], deck[1]), rng=rng)


def _to_act(history: str) -> int | None:
    return None if history in TERMINAL else len(history) % 2


HISTORIES = ("", "p", "b", "pp", "pb", "bp", "bb", "pbp", "pbb")
"""Every betting history the rules can reach."""
NEXT = {history: _to_act(history) for history in HISTORIES}
"""The seat to act after each reachable history (searches ask several times per action: one lookup)."""


def to_act(state: State) -> int | None:
    """Seat to act, or ``None`` when the betting is over."""
    history = state.history
    try:
        return NEXT[history]
    except KeyError:  # not reachable by the rules; worked out all the same
        return _to_act(history)


def is_over(state: State) -> bool:
    """The betting has closed and, at a showdown, both cards are face up."""
    return state.history in TERMINAL and (state.shown or state.history not in SHOWDOWN)


TO_ACT = ({0: "bet"}, {1: "bet"})
"""The seat to act bets or passes (built once)."""


def pending(state: State) -> Mapping[int, str]:
    """The seat to act bets or passes; nobody once the hand is over."""
    seat = to_act(state)
    return NOBODY_PENDING if seat is None else TO_ACT[seat]


BETS = (Pass(), Bet())
"""Both actions, built once: the candidates of every betting decision."""


PASSED = (Passed(player=0), Passed(player=1))
BETS_PLACED = (BetPlaced(player=0), BetPlaced(player=1))
"""Each seat's betting events, built once (events are frozen values; searches play thousands of bets)."""


def place_pass(turn: Turn[State, Any], player: int, action: Pass) -> None:
    """The seat checks (or folds), then the showdown if that closed the betting with two checks."""
    turn.emit(PASSED[player])
    _showdown(turn)


def place_bet(turn: Turn[State, Any], player: int, action: Bet) -> None:
    """The seat bets (or calls), then the showdown if that closed the betting with a call."""
    turn.emit(BETS_PLACED[player])
    _showdown(turn)


def _showdown(turn: Turn[State, Any]) -> None:
    """The cards are shown once the betting closed with a call or two checks."""
    if turn.state.history in SHOWDOWN:
        turn.emit(CardsShown(hands=turn.state.hands))


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

FLOW: Flow[State, Action, Event] = Flow(
    evolve=evolve,
    decisions={
        "bet": Decision(
            rules={Pass: (no_problem, place_pass), Bet: (no_problem, place_bet)},
            candidates=lambda state, player: BETS,
            ask="check or bet (facing a bet: fold or call)",
            legal=lambda state, player: list(BETS),
        )
    },
    pending=pending,
    is_over=is_over,
)


def pot(history: str) -> int:
    """Chips in the middle: both antes plus every bet or call."""
    return 2 * ANTE + history.count("b")


def view(state: State, player: int | None, waiting: tuple[Waiting, ...]) -> View:
    """Own card and the betting; the other card only after a showdown."""
    return View(
        card=None if player is None else state.hands[player],
        history=state.history,
        to_act=to_act(state),
        pot=pot(state.history),
        shown=state.hands if state.shown else None,
        waiting=waiting,
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
    if state.history not in TERMINAL:
        return None
    return ending(state.hands, state.history)


@functools.cache
def ending(hands: tuple[int, int], history: str) -> Outcome:
    """The outcome of a finished hand, built once per deal and betting (30 of them; outcomes are immutable)."""
    reason = "showdown" if history in SHOWDOWN else "fold"
    return Outcome.from_scores([float(x) for x in payoff(hands, history)], reason=reason)


def secrets(state: State, viewer: int | None) -> frozenset[str]:
    """The card names hidden from ``viewer``: every card not theirs, until a showdown shows both."""
    if state.shown:
        return frozenset()
    own = None if viewer is None else state.hands[viewer]
    return frozenset(CARDS[card] for card in range(3) if card != own)


OTHERS = ((1, 2), (0, 2), (0, 1))
"""The cards another seat may hold, by the viewer's card, in card order."""

WORLD_RNG = Rng(0)
"""The rules RNG of every sampled world. Nothing is drawn after the deal, so a world's RNG is never used; it only
has to hold nothing of the real seed, which would let anyone recompute the deal."""


def determinize(state: State, player: int, rng: Rng) -> State:
    """Deal the opponent one of the two cards ``player`` does not hold (unless shown), and the worlds' RNG.

    The card is ``rng``'s second word (the first once seeded a world's RNG, which nothing ever drew from), so the
    deals are those of every earlier release; equal deals of one state are one object.
    """
    if state.shown:
        other = state.hands[1 - player]
    else:
        other = OTHERS[state.hands[player]][word(rng.seed, rng.stream, rng.counter + 1) % 2]  # ``rng.choice`` of the two, as it draws
    return _world(state, player, other)


@per_state_and_key
def _world(state: State, player: int, other: int) -> State:
    """The world where the opponent holds ``other``, built once per state: a search samples one state thousands of
    times and meets two deals, and a world built once is one object, whose moves it remembers (``boardcore.ismcts``)."""
    own = state.hands[player]
    return msgspec.structs.replace(state, hands=(own, other) if player == 0 else (other, own), rng=WORLD_RNG)


INFO = GameInfo(
    players=(2,), play="competitive", result="scores", score_range=(-2.0, 2.0),
    chance=True, hidden_information=True, simultaneous=False, max_decisions=3,
)
"""One shuffled card each, held face down; at most three bets (check, bet, call or fold); the ante and one bet
put at most 2 chips at stake, so each seat nets between -2 and 2."""

GAME: Game[State, Action, Event, View] = Game(
    name="kuhn_poker",
    title="Kuhn poker",
    rules_version="1",
    info=INFO,
    action_type=Action,
    event_type=Event,
    view_type=View,
    setup=setup,
    flow=FLOW,
    view=view,
    visibility={Passed: PUBLIC, BetPlaced: PUBLIC, CardsShown: REVEAL},
    outcome=outcome,
    determinize=determinize,
    secrets=secrets,
)
