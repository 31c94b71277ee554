"""A two-seat counting game whose actors can include a seat with no legal action (for the pass token).

Both seats are always actors until the count reaches 3. ``stuck`` names the seats
that never have a legal action: with seat 0 stuck, the environment must pass it and
let seat 1 count; with both stuck, nobody can act and the episode is cut short.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from boardcore import PUBLIC, Config, Game, Outcome, Rng, make_evolve
from boardcore.gameinfo import GameInfo
from boardcore.kernel import Decision, Flow, Refusal, Turn, Waiting
from boardcore.rl import ActionDomain, Encoding, Number, OneHot, RlSpec
from boardcore.rl.spec import WAITING

GOAL = 3


class State(msgspec.Struct, frozen=True, kw_only=True):
    count: int = 0
    rng: Rng = Rng(0)


class Count(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Add ``by`` to the count."""

    by: int = 1


class Counted(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    player: int
    by: int


class View(msgspec.Struct, frozen=True, kw_only=True):
    count: int
    last: int | None
    waiting: tuple[Waiting, ...] = ()


def _evolve_counted(state: State, event: Counted) -> State:
    return msgspec.structs.replace(state, count=state.count + event.by)


def make_game(stuck: frozenset[int]) -> Game[State, Count, Counted, View]:
    """The counting game in which the seats in ``stuck`` never have a legal action."""

    def setup(config: Config[Any], seed: int) -> State:
        return State(rng=Rng.from_seed(seed))

    def pending(state: State) -> dict[int, str]:
        return {} if state.count >= GOAL else {0: "count", 1: "count"}

    def legal_actions(state: State, player: int) -> list[Count]:
        if player in stuck:
            return []
        return [Count(by=1)] + ([Count(by=2)] if state.count + 2 <= GOAL else [])

    def problem(state: State, player: int, action: Count) -> Refusal | None:
        return None if action in legal_actions(state, player) else Refusal("count by 1, or by 2 short of the goal", "count/too_far")

    def count(turn: Turn[State, Counted], player: int, action: Count) -> None:
        turn.emit(Counted(player=player, by=action.by))

    def view(state: State, player: int | None, waiting: tuple[Waiting, ...]) -> View:
        return View(count=state.count, last=None, waiting=waiting)

    def outcome(state: State) -> Outcome | None:
        return Outcome.from_scores([1.0, 0.0]) if state.count >= GOAL else None

    def determinize(state: State, player: int, rng: Rng) -> State:
        seed, _ = rng.next_word()
        return msgspec.structs.replace(state, rng=Rng.from_seed(seed))

    return Game(
        name="toy_counting",
        title="Toy counting",
        rules_version="1",
        info=GameInfo(players=(2,), play="competitive", result="win-loss", score_range=(0.0, 1.0), chance=False, hidden_information=False, simultaneous=True, max_decisions=GOAL),
        action_type=Count,
        event_type=Counted,
        view_type=View,
        setup=setup,
        flow=Flow(
            evolve=make_evolve(Counted, {Counted: _evolve_counted}),
            decisions={"count": Decision(rules={Count: (problem, count)}, candidates=legal_actions, ask="count")},
            pending=pending,
            is_over=lambda state: state.count >= GOAL,
        ),
        view=view,
        visibility={Counted: PUBLIC},
        outcome=outcome,
        determinize=determinize,
    )


def _observation(config: Config[Any]) -> Mapping[str, Encoding]:
    return {"count": Number(0, GOAL + 1), "last": OneHot(range(config.players)), "waiting": WAITING}


def _actions(config: Config[Any]) -> Mapping[str, ActionDomain]:
    return {"Count.by": (1, 2)}


SPEC = RlSpec(observation=_observation, actions=_actions)
