"""The kernel's one dispatch for a decision with several action types: ``Decision(rules={type: (problem, apply)})``."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from boardcore import Decision, Match, Refusal
from boardcore.errors import IllegalAction
from boardcore.turn import no_problem
from tests.boardcore import toy_draw as toy

TURN = toy.flow().decisions["turn"]


def start() -> toy.State:
    """Two seats, each holding its one dealt card, seat 0 to act."""
    return Match.new(toy.GAME, 2, 1).state


def test_each_type_is_judged_by_its_own_problem() -> None:
    """Discarding the last card is refused by the Discard rule; Stop's rule lets it through in the same state."""
    state = start()
    only = state.hands[0][0]
    refused = TURN.problem(state, 0, toy.Discard(card=only))
    assert refused is not None and refused.code == "discard/last_card"
    assert TURN.problem(state, 0, toy.Stop()) is None


def test_each_type_has_its_own_effect() -> None:
    """Rolling emits the luck roll and stopping emits the stop: the apply of the action's own type runs."""
    state = start()
    rolled, _ = toy.GAME.act(state, 0, toy.Roll())
    stopped, _ = toy.GAME.act(state, 0, toy.Stop())
    assert any(isinstance(e, toy.LuckRolled) for e in rolled) and not any(isinstance(e, toy.Stopped) for e in rolled)
    assert [type(e) for e in stopped if not isinstance(e, toy.HandsShown)] == [toy.Stopped]


def test_the_accepted_types_are_the_rules_keys_in_order() -> None:
    """``actions`` (what the engine type-checks against) is derived from ``rules``, never stated twice."""
    assert TURN.actions == (toy.Draw, toy.Discard, toy.Roll, toy.Stop)


def test_a_type_the_decision_does_not_accept_is_the_wrong_step() -> None:
    """Sent straight to the decision's problem, an action of another type names what the seat must do now."""

    class Shout(toy.Stop, frozen=True, tag="Shout"):  # a subclass of an accepted type is not that type
        pass

    refused = TURN.problem(start(), 0, Shout())
    assert refused == Refusal("player 0 must draw, discard, roll or stop now.", "action/wrong_step", None)


def test_the_gate_comes_first_for_every_type() -> None:
    """A gate refusing everything but stopping refuses a Roll (whose own rule allows it) and lets Stop reach its rule."""

    def only_stop(state: toy.State, seat: int, action: Any) -> Refusal | None:
        return None if isinstance(action, toy.Stop) else Refusal("stop first.", "toy/stop_first")

    gated = attrs.evolve(TURN, gate=only_stop)
    state = start()
    assert gated.problem(state, 0, toy.Roll()) == Refusal("stop first.", "toy/stop_first")
    assert gated.problem(state, 0, toy.Stop()) is None
    game = attrs.evolve(toy.GAME, flow=toy.flow(decisions={"turn": gated}))
    with pytest.raises(IllegalAction, match=r"stop first") as caught:
        game.act(state, 0, toy.Roll())
    assert caught.value.code == "toy/stop_first"
    assert game.legal_actions(state, 0) == [toy.Stop()]


def test_a_single_type_decision_calls_its_rule_directly() -> None:
    """One accepted type and no gate: the decision's problem and apply are the rule's own functions (no dispatch on the hot path)."""
    single = Decision(rules={toy.Stop: (no_problem, toy.stop)}, candidates=lambda state, seat: [toy.Stop()], ask="stop")
    assert single.problem is no_problem and single.apply is toy.stop
