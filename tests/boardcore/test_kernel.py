"""The turn kernel: a Flow refuses through one problem check, folds each event as it is emitted, runs the automatic
steps until someone must decide, records draws once, and a watch ends a turn the moment the game is over."""

from __future__ import annotations

from typing import Any, Union

import attrs
import msgspec
import pytest

from boardcore import PUBLIC, Game, Match, Outcome
from boardcore.errors import IllegalAction
from boardcore.game import make_evolve
from boardcore.gameinfo import GameInfo
from boardcore.kernel import Decision, Flow, Refusal, Turn, Waiting, no_problem
from boardcore.rng import Rng, RngAdvanced
from tests.boardcore import toy_draw as toy

GOAL = 10
"""Race to ten: the game ends once the running total reaches it."""


class State(msgspec.Struct, frozen=True, kw_only=True):
    rng: Rng
    total: int = 0
    to_move: int | None = 0
    """The seat that must move, or ``None`` while the automatic step that passes the turn is due."""
    last: int = 0
    """The seat that moved last."""
    waiting: tuple[Waiting, ...] = ()
    """Who must decide what (a view field the engine hands in: the state is its own view here)."""


class Add(msgspec.Struct, frozen=True, tag=True, kw_only=True):
    amount: int


class Double(msgspec.Struct, frozen=True, tag=True, kw_only=True):
    amount: int


class Roll(msgspec.Struct, frozen=True, tag=True, kw_only=True):
    pass


class Shout(msgspec.Struct, frozen=True, tag=True, kw_only=True):
    pass


class Added(msgspec.Struct, frozen=True, tag=True, kw_only=True):
    player: int
    amount: int


class Passed(msgspec.Struct, frozen=True, tag=True, kw_only=True):
    to: int


Event = Union[Added, Passed, RngAdvanced]


def _added(state: State, e: Added) -> State:
    return msgspec.structs.replace(state, total=state.total + e.amount, to_move=None, last=e.player)


def _passed(state: State, e: Passed) -> State:
    return msgspec.structs.replace(state, to_move=e.to)


EVOLVE = make_evolve(Event, _added, _passed)


def _over(state: State) -> bool:
    return state.total >= GOAL


def _pending(state: State) -> dict[int, str]:
    return {} if _over(state) or state.to_move is None else {state.to_move: "move"}


def _candidates(state: State, seat: int) -> list[Any]:
    return [*(Add(amount=a) for a in range(5)), Roll(), Double(amount=2)]


def _amount_problem(state: State, seat: int, action: Add | Double) -> Refusal | None:
    return None if action.amount in (1, 2, 3) else Refusal("add 1, 2 or 3.", "race/amount", "RACE-2")


def _add(turn: Turn[State, Any], seat: int, action: Add) -> None:
    turn.emit(Added(player=seat, amount=action.amount))


def _double(turn: Turn[State, Any], seat: int, action: Double) -> None:
    seen = []
    for _ in range(2):
        turn.emit(Added(player=seat, amount=action.amount))
        seen.append(turn.state.total)
    turn.emit(*())  # nothing: an empty emit changes nothing
    assert seen == [turn.state.total - action.amount, turn.state.total]


def _roll(turn: Turn[State, Any], seat: int, action: Roll) -> None:
    turn.emit(Added(player=seat, amount=turn.die()))


RULES: dict[type, tuple[Any, Any]] = {Add: (_amount_problem, _add), Double: (_amount_problem, _double), Roll: (lambda state, seat, action: None, _roll)}
"""Each action type's problem and effect."""


def _proceed(turn: Turn[State, Any]) -> None:
    turn.emit(Passed(to=1 - turn.state.last))


MOVE = Decision(rules=RULES, candidates=_candidates, ask="add to the total", clause="RACE-1")
FLOW: Flow[State, Any, Any] = Flow(
    evolve=EVOLVE, decisions={"move": MOVE}, pending=_pending, is_over=_over, proceed=_proceed, end_clause="RACE-9"
)


def _view(state: State, seat: int | None, waiting: tuple[Waiting, ...]) -> State:
    return msgspec.structs.replace(state, waiting=waiting)


def _outcome(state: State) -> Outcome | None:
    return Outcome.from_scores([int(state.last == seat) for seat in range(2)], reason="reached ten") if _over(state) else None


GAME: Game[State, Any, Any, State] = Game(
    name="race",
    title="Race to ten",
    rules_version="1",
    info=GameInfo(players=(2,), play="competitive", result="win-loss", score_range=None, chance=True, hidden_information=False, simultaneous=False, max_decisions=None, unbounded_because="a flow test, never played to the end"),
    action_type=Union[Add, Double, Roll, Shout],
    event_type=Event,
    view_type=State,
    setup=lambda config, seed: start(seed=seed),
    flow=FLOW,
    view=_view,
    visibility={Added: PUBLIC, Passed: PUBLIC},
    outcome=_outcome,
    determinize=lambda state, seat, rng: state,
)
"""The toy flow as a game: ``act`` is the checked way in."""


def start(total: int = 0, seed: int = 3) -> State:
    return State(rng=Rng.from_seed(seed), total=total)


def play(flow: Flow[State, Any, Any], state: State, seat: int, action: Any) -> tuple[list[Any], State]:
    """``seat``'s ``action`` through the checked entry of the toy game on ``flow``."""
    return attrs.evolve(GAME, flow=flow).act(state, seat, action)


def test_the_legal_list_is_the_candidates_without_a_problem() -> None:
    """Add 0 and Add 4 are candidates with a problem, so they are not listed; the seat that may not act gets nothing."""
    assert FLOW.legal_actions(start(), 0) == [Add(amount=1), Add(amount=2), Add(amount=3), Roll(), Double(amount=2)]
    assert FLOW.legal_actions(start(), 1) == [] and FLOW.legal_actions(start(total=GOAL), 0) == []


def test_a_decision_s_own_legal_generator_is_used_when_it_gives_one() -> None:
    """A Decision's optional ``legal`` replaces the filtered candidates (the contract suite checks the two agree)."""
    fast = attrs.evolve(FLOW, decisions={"move": attrs.evolve(MOVE, legal=lambda state, seat: [Add(amount=1)])})
    assert fast.legal_actions(start(), 0) == [Add(amount=1)]


def test_the_problem_refuses_with_its_code_clause_and_words() -> None:
    """``act`` raises the very problem that kept the action off the legal list, naming the action, seat and clause."""
    with pytest.raises(IllegalAction) as refused:
        play(FLOW, start(), 0, Add(amount=4))
    error = refused.value
    assert (error.code, error.clause, error.player) == ("race/amount", "RACE-2", 0)
    assert str(error) == "Add by player 0 refused [RACE-2]: add 1, 2 or 3."


def test_an_action_type_the_decision_does_not_take_is_the_wrong_step() -> None:
    """An action of a type the current decision does not accept says what the seat must do now."""
    with pytest.raises(IllegalAction) as refused:
        play(FLOW, start(), 0, Shout())
    assert refused.value.code == "action/wrong_step" and "player 0 must add to the total now" in str(refused.value)
    assert refused.value.clause == "RACE-1"


def test_a_seat_that_faces_no_decision_is_told_who_is_awaited() -> None:
    """Out of turn: ``turn/not_your_turn`` naming the waiting seat and the clause of the decision it faces."""
    with pytest.raises(IllegalAction) as refused:
        play(FLOW, start(), 1, Add(amount=1))
    assert refused.value.code == "turn/not_your_turn" and refused.value.clause == "RACE-1"
    assert "waiting for player 0" in str(refused.value)


def test_after_the_end_every_action_is_game_over_citing_the_end_clause() -> None:
    """Once the game has ended nobody may act, and the refusal cites the rule that ended it."""
    with pytest.raises(IllegalAction) as refused:
        play(FLOW, start(total=GOAL), 0, Add(amount=1))
    assert (refused.value.code, refused.value.clause) == ("game/over", "RACE-9")


def test_each_event_is_folded_as_it_is_emitted_and_the_automatic_step_follows() -> None:
    """Double's second Added reads the total its first made; then the automatic step passes the turn to seat 1."""
    events, state = play(FLOW, start(), 0, Double(amount=2))
    assert events == [Added(player=0, amount=2), Added(player=0, amount=2), Passed(to=1)]
    assert (state.total, state.to_move) == (4, 1)


def test_no_automatic_step_runs_once_the_game_is_over() -> None:
    """The action that reaches the goal ends the turn: nothing passes the turn after the end."""
    events, state = play(FLOW, start(total=8), 0, Add(amount=3))
    assert events == [Added(player=0, amount=3)] and _over(state) and FLOW.actors(state) == frozenset()


def test_a_turn_that_draws_records_the_rng_once_and_one_that_does_not_records_nothing() -> None:
    """A die roll advances the rules RNG, recorded by one RngAdvanced event folded into the state; a plain Add draws
    nothing and logs no bookkeeping."""
    state = start(seed=11)
    face, after = state.rng.die(6)
    events, rolled = play(FLOW, state, 0, Roll())
    assert events[0] == Added(player=0, amount=face)
    assert [e for e in events if isinstance(e, RngAdvanced)] == [RngAdvanced(counter=after.counter)]
    assert rolled.rng == after and rolled.total == face
    plain, _ = play(FLOW, state, 0, Add(amount=1))
    assert not any(isinstance(e, RngAdvanced) for e in plain)


def test_record_draws_puts_the_bookkeeping_where_the_game_calls_it() -> None:
    """``record_draws`` emits the RngAdvanced event at once (and only when something was drawn, unless ``always``)."""
    turn: Turn[State, Any] = FLOW.turn(FLOW, start(), 0)
    turn.record_draws()
    assert turn.events == []
    turn.record_draws(always=True)
    assert turn.events == [RngAdvanced(counter=0)]
    turn.die()
    turn.record_draws()
    turn.emit(Added(player=0, amount=1))
    events, state = turn.finish()
    assert [type(e) for e in events] == [RngAdvanced, RngAdvanced, Added] and state.rng == turn.rng


def test_settle_runs_the_automatic_steps_until_someone_must_decide() -> None:
    """From a state where nobody faces a decision, ``settle`` passes the turn and stops at the seat that must move."""
    waiting = msgspec.structs.replace(start(total=2), to_move=None, last=1)
    events, state = FLOW.settle(waiting)
    assert events == [Passed(to=0)] and FLOW.actors(state) == frozenset({0})
    assert FLOW.settle(state) == ([], state)


def test_an_automatic_step_that_emits_nothing_is_a_bug_named_at_once() -> None:
    """A step that emits nothing would loop forever; the kernel stops with an assertion saying so."""
    stuck = attrs.evolve(FLOW, proceed=lambda turn: None)
    with pytest.raises(AssertionError, match="emitted nothing"):
        play(stuck, start(), 0, Add(amount=1))


def test_automatic_steps_beyond_the_limit_are_a_bug() -> None:
    """A flow whose automatic steps never hand the game to a seat is stopped after ``max_automatic_steps``."""
    restless = attrs.evolve(FLOW, proceed=lambda turn: turn.emit(Added(player=0, amount=0)), max_automatic_steps=5)
    with pytest.raises(AssertionError, match="more than 5 automatic steps"):
        play(restless, start(), 0, Add(amount=1))


def test_a_flow_without_automatic_steps_runs_none() -> None:
    """A flow that declares no automatic steps skips their loop: ``settle`` of any state changes nothing."""
    bare = Flow(evolve=EVOLVE, decisions={"move": MOVE}, pending=_pending, is_over=_over)
    assert not bare.automatic and FLOW.automatic
    waiting = msgspec.structs.replace(start(), to_move=None)
    assert bare.settle(waiting) == ([], waiting)
    assert play(bare, start(), 0, Add(amount=2)) == ([Added(player=0, amount=2)], _added(start(), Added(player=0, amount=2)))


def test_a_watch_stops_the_turn_the_moment_the_game_is_over() -> None:
    """With a watch, the turn ends after the event that reaches the goal: Double's second Added never happens."""
    watched = attrs.evolve(FLOW, watch=lambda turn: None)
    assert watched.turn is not Turn and FLOW.turn is Turn
    events, state = play(watched, start(total=8), 0, Double(amount=2))
    assert events == [Added(player=0, amount=2)] and state.total == GOAL
    unwatched, _ = play(FLOW, start(total=8), 0, Double(amount=3))
    assert [e.amount for e in unwatched if isinstance(e, Added)] == [3, 3]


def test_a_watch_may_emit_and_is_not_run_inside_itself() -> None:
    """A watch that emits (a zero bonus after an Add of 1) runs after every event of the action and of the automatic
    steps, but not after the events it emits itself."""
    seen: list[str] = []

    def bonus(turn: Turn[State, Any]) -> None:
        last = turn.events[-1]
        seen.append(type(last).__name__)
        if isinstance(last, Added) and last.amount == 1:
            turn.emit(Added(player=last.player, amount=0))

    events, _ = play(attrs.evolve(FLOW, watch=bonus), start(), 0, Add(amount=1))
    assert events == [Added(player=0, amount=1), Added(player=0, amount=0), Passed(to=1)]
    assert seen == ["Added", "Passed"]


def test_a_flow_needs_an_evolve_made_by_make_evolve() -> None:
    """The kernel folds through make_evolve's dispatch table, so a plain function is refused when the Flow is built."""
    with pytest.raises(TypeError, match="make_evolve"):
        attrs.evolve(FLOW, evolve=lambda state, event: state)


# --- one dispatch for a decision with several action types: Decision(rules={type: (problem, apply)}) ---

TOY_TURN = toy.flow().decisions["turn"]


def _toy_start() -> toy.State:
    """Two seats, each holding its one dealt card, seat 0 to act."""
    return Match.new(toy.GAME, 2, 1).state


def test_each_type_is_judged_by_its_own_problem() -> None:
    """Discarding the last card is refused by the Discard rule; Stop's rule lets it through in the same state."""
    state = _toy_start()
    only = state.hands[0][0]
    refused = TOY_TURN.problem(state, 0, toy.Discard(card=only))
    assert refused is not None and refused.code == "discard/last_card"
    assert TOY_TURN.problem(state, 0, toy.Stop()) is None


def test_each_type_has_its_own_effect() -> None:
    """Rolling emits the luck roll and stopping emits the stop: the apply of the action's own type runs."""
    state = _toy_start()
    rolled, _ = toy.GAME.act(state, 0, toy.Roll())
    stopped, _ = toy.GAME.act(state, 0, toy.Stop())
    assert any(isinstance(e, toy.LuckRolled) for e in rolled) and not any(isinstance(e, toy.Stopped) for e in rolled)
    assert [type(e) for e in stopped if not isinstance(e, toy.HandsShown)] == [toy.Stopped]


def test_the_accepted_types_are_the_rules_keys_in_order() -> None:
    """``actions`` (what the engine type-checks against) is derived from ``rules``, never stated twice."""
    assert TOY_TURN.actions == (toy.Draw, toy.Discard, toy.Roll, toy.Stop)


def test_a_type_the_decision_does_not_accept_is_the_wrong_step() -> None:
    """Sent straight to the decision's problem, an action of another type names what the seat must do now."""

    class Shout(toy.Stop, frozen=True, tag="Shout"):  # a subclass of an accepted type is not that type
        pass

    refused = TOY_TURN.problem(_toy_start(), 0, Shout())
    assert refused == Refusal("player 0 must draw, discard, roll or stop now.", "action/wrong_step", None)


def test_the_gate_comes_first_for_every_type() -> None:
    """A gate refusing everything but stopping refuses a Roll (whose own rule allows it) and lets Stop reach its rule."""

    def only_stop(state: toy.State, seat: int, action: Any) -> Refusal | None:
        return None if isinstance(action, toy.Stop) else Refusal("stop first.", "toy/stop_first")

    gated = attrs.evolve(TOY_TURN, gate=only_stop)
    state = _toy_start()
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
