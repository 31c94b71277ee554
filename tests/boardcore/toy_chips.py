"""Chips: a tiny hidden-card game whose action holds a tuple (for hardening tests)."""

from __future__ import annotations

from typing import Any

import msgspec

from boardcore import PUBLIC, Config, Game, Outcome, Rng, make_evolve
from boardcore.gameinfo import GameInfo
from boardcore.kernel import Decision, Flow, Refusal, Turn, Waiting

# A tiny hidden-card game: each seat holds one secret card from 0..9; seats take turns
# adding 1 or 2 chips (or a pair of chips) to the pot; after TURNS bets the higher card wins.

TURNS = 6


class State(msgspec.Struct, frozen=True, kw_only=True):
    hands: tuple[int, int]
    bets: tuple[tuple[int, ...], ...] = ()
    scratch: list[int] = msgspec.field(default_factory=list)
    rng: Rng = Rng(0)


class Bet(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    chips: tuple[int, ...]


class BetPlaced(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    player: int
    chips: tuple[int, ...]


class View(msgspec.Struct, frozen=True, kw_only=True):
    own: int | None
    other: int | None = None
    bets: tuple[tuple[int, ...], ...] = ()
    waiting: tuple[Waiting, ...] = ()


CHOICES = ((1,), (2,), (1, 1), (1, 2))


def setup(config: Config[Any], seed: int) -> State:
    deck, rng = Rng.from_seed(seed).shuffle(range(10))
    return State(hands=(deck[0], deck[1]), rng=rng)


def pending(state: State) -> dict[int, str]:
    return {} if len(state.bets) >= TURNS else {len(state.bets) % 2: "bet"}


def candidates(state: State, seat: int) -> list[Bet]:
    return [Bet(chips=c) for c in CHOICES]


def problem(state: State, seat: int, action: Bet) -> Refusal | None:
    return None if tuple(action.chips) in CHOICES else Refusal("Bet 1, 2, 1+1 or 1+2 chips.", "bet/bad_chips")


def bet(turn: Turn[State, BetPlaced], seat: int, action: Bet) -> None:
    turn.emit(BetPlaced(player=seat, chips=tuple(action.chips)))


def _placed(state: State, event: BetPlaced) -> State:
    return msgspec.structs.replace(state, bets=(*state.bets, event.chips))


evolve = make_evolve(BetPlaced, {BetPlaced: _placed})


FLOW: Flow[State, Bet, BetPlaced] = Flow(
    evolve=evolve,
    decisions={"bet": Decision(rules={Bet: (problem, bet)}, candidates=candidates, ask="bet chips")},
    pending=pending,
    is_over=lambda state: len(state.bets) >= TURNS,
)


def view(state: State, seat: int | None, waiting: tuple[Waiting, ...]) -> View:
    return View(own=None if seat is None else state.hands[seat], bets=state.bets, waiting=waiting)


def outcome(state: State) -> Outcome | None:
    if len(state.bets) < TURNS:
        return None
    return Outcome.from_scores(list(state.hands))


def determinize(state: State, seat: int, rng: Rng) -> State:
    seed, rng = rng.next_word()
    other, _ = rng.choice([c for c in range(10) if c != state.hands[seat]])
    hands = (state.hands[0], other) if seat == 0 else (other, state.hands[1])
    return msgspec.structs.replace(state, hands=hands, rng=Rng.from_seed(seed))


SOUND: Game[Any, Any, Any, Any] = Game(
    name="toy",
    title="Toy",
    rules_version="1",
    info=GameInfo(players=(2,), play="competitive", result="scores", score_range=(0.0, 9.0), chance=True, hidden_information=True, simultaneous=False, max_decisions=TURNS),
    action_type=Bet,
    event_type=BetPlaced,
    view_type=View,
    setup=setup,
    flow=FLOW,
    view=view,
    visibility={BetPlaced: PUBLIC},
    outcome=outcome,
    determinize=determinize,
)
