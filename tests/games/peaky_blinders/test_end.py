"""Missions, the immediate end and the Derby limit (PB-GOAL-02, PB-END, GAP-01..04)."""

from __future__ import annotations

from typing import Any

import pytest

from boardcore import Match, RngAdvanced
from boardcore.testing import act, refused, rig, settle
from games.peaky_blinders import GAME
from games.peaky_blinders import actions as A
from games.peaky_blinders.actions import BuyMarker, Pass
from games.peaky_blinders.events import DerbyWon, GameEnded, HenchmanRetrieved, MissionCompleted
from games.peaky_blinders.scoring import CONDITIONS

from .helpers import action_table, give, markers, no_fortune, of, ogs_table, setf, table, turn_table


def winning_table():  # type: ignore[no-untyped-def]
    """PB-TEST-10: P2 has M05 and M07 done, holds C3 with 3 markers in Camden Town, and 8 cash in the zone-2 OGS."""
    state = ogs_table(3, zone=1, turn=2)
    state = give(state, 2, missions=("M05", "M07", "C3"), done=(True, True), cash1=3, cash5=1)
    state = markers(state, 2, (0, 0, 3))
    return state


def test_pb_end_01_02_and_goal_02_immediate_win() -> None:
    """PB-GOAL-02 / PB-END-01, PB-END-02 (PB-TEST-10): P2 places the 4th marker in Camden Town and wins at once: no later turn, no RNG, missions revealed."""
    state = winning_table()
    events, after = act(GAME, state, 2, BuyMarker(zone=2))
    ended = of(events, GameEnded)
    assert ended and ended[0].winner == 2 and ended[0].missions[2] == ("M05", "M07", "C3")
    assert type(events[-1]) is GameEnded and not of(events, RngAdvanced)
    assert after.phase == "over" and GAME.actors(after) == frozenset()
    assert GAME.outcome(after).winners == (2,)
    assert GAME.view(after, 0).players[1].missions == after.players[1].missions
    refused(GAME, after, 0, Pass(), code="game/over")


def test_pb_end_01_needs_all_three() -> None:
    """PB-END-01: a full control zone without both missions does not win."""
    state = give(winning_table(), 2, done=(True, False))
    events, after = act(GAME, state, 2, BuyMarker(zone=2))
    assert not of(events, GameEnded) and after.phase == "ogs"


def test_pb_end_02_mid_action_phase() -> None:
    """PB-END-02 (PB-TEST-10 variant): a win from a leadership reward leaves the remaining henchmen on the board untaken."""
    state = no_fortune(action_table(3, 0, {8: (0, 2), 9: (1, 2)}))
    state = give(state, 0, missions=("M07", "M05", "C1"), done=(False, True), leadership=4)
    state = markers(state, 0, (4, 0, 0))
    events, after = settle(GAME, rig(state, 3))
    assert of(events, GameEnded)[0].winner == 0
    assert [e.space for e in of(events, HenchmanRetrieved)] == [8]
    assert after.round.board[9] == 1 * 3 + 2


def test_missions_latch() -> None:
    """GAP-01: a mission is done the first time its condition holds and stays done; a face-down completion is private."""
    state = give(no_fortune(action_table(3, 2, {4: (0, 1)})), 0, missions=("M01", "M02", "C1"), face_up=2, rum1=6)
    events, after = settle(GAME, rig(state, 7))
    done = of(events, MissionCompleted)
    assert [(e.player, e.mission) for e in done] == [(0, "M01")]
    assert after.players[0].done == (True, False)
    assert GAME.redact(done[0], 1) is None and GAME.redact(done[0], 0) == done[0]
    assert GAME.view(after, 1).players[0].done == (False, False)
    sold = give(after, 0, rum1=0)
    assert sold.players[0].done == (True, False)


def test_face_up_mission_completion_public() -> None:
    """Section 2: the completion of the face-up mission is public."""
    state = give(no_fortune(action_table(3, 2, {4: (0, 1)})), 0, missions=("M01", "M02", "C1"), face_up=0, rum1=6)
    events, after = settle(GAME, rig(state, 7))
    done = of(events, MissionCompleted)[0]
    assert GAME.redact(done, 1) == done and GAME.view(after, 1).players[0].done == (True, False)


@pytest.mark.parametrize(
    ("mission", "met", "unmet"),
    [
        ("M01", {"rum5": 1, "rum1": 3}, {"rum1": 7}),
        ("M02", {"weapons1": 8}, {"weapons1": 7}),
        ("M03", {"car5": 1, "car1": 3}, {"car1": 7}),
        ("M04", {"rum1": 3, "weapons1": 3, "car1": 3}, {"rum1": 3, "weapons1": 3, "car1": 2}),
        ("M05", {"members": 10}, {"members": 9}),
        ("M06", {"cash1": 5, "cash5": 4}, {"cash1": 4, "cash5": 4}),
        ("M07", {"leadership": 5}, {"leadership": 4}),
        ("M08", {"strength": 3, "charisma": 3, "intellect": 3}, {"strength": 3, "charisma": 2, "intellect": 3}),
        ("M09", {"derby_wins": 1}, {"derby_wins": 0}),
        ("M10", {"horsepower": 6}, {"horsepower": 5}),
        ("M11", {"suspicion": 1, "intellect": 4}, {"suspicion": 2, "intellect": 4}),
    ],
)
def test_mission_conditions(mission: str, met: dict, unmet: dict) -> None:
    """GAP-01: each of the 11 missions has an exact condition; none holds at the start."""
    state = table(3)
    assert CONDITIONS[mission](give(state, 0, **met), 0)
    assert not CONDITIONS[mission](give(state, 0, **unmet), 0)
    assert not CONDITIONS[mission](state, 0)


def test_acting_player_wins_simultaneous() -> None:
    """GAP-03: if several players qualify in one step, the acting player wins."""
    state = winning_table()
    state = give(state, 0, missions=("M05", "M07", "C2"), done=(True, True))
    state = markers(state, 1, (4, 0, 0))
    # P0 already qualifies (a constructed table); P2's action is the step that is checked first for P2
    events, after = act(GAME, state, 2, BuyMarker(zone=2))
    assert of(events, GameEnded)[0].winner == 2


def test_round_limit_option() -> None:
    """GAP-04: the round limit is an option (max_derbies, default 6); a bad value is refused."""
    assert GAME.config(3).options.max_derbies == 6
    m = Match.new(GAME, 2, seed=4, options={"max_derbies": 1})
    assert m.state.progress.max_derbies == 1
    with pytest.raises(ValueError):
        GAME.config(3, {"max_derbies": 0})


def test_win_in_the_last_derby_beats_the_limit() -> None:
    """GAP-03/04: the last allowed Derby's winner completing his third mission wins by missions, not by the limit."""
    state = no_fortune(ogs_table(2, zone=3, passes=2))
    state = setf(state, derbies=5)
    state = give(state, 0, horsepower=20, leadership=1, missions=("M09", "M05", "C1"), done=(False, True))
    state = markers(state, 0, (4, 0))
    events, after = settle(GAME, rig(state, 1))
    ended = of(events, GameEnded)
    assert len(ended) == 1 and ended[0].winner == 0 and ended[0].reason != "limit"
    assert GAME.outcome(after).winners == (0,)


def _limit_outcome(**per_seat: dict[str, Any]) -> Any:
    """The last allowed Derby (P0 starts at 14 and wins with a 1, without a bet: no cash moves to him), then
    the ranking. Nobody has cash unless given some."""
    state = setf(no_fortune(ogs_table(3, zone=3, passes=3)), derbies=5)
    missions = {0: ("M01", "M02", "C1"), 1: ("M03", "M04", "C2"), 2: ("M06", "M07", "C3")}
    for seat in range(3):
        state = give(state, seat, cash1=0, cash5=0, missions=missions[seat])
    state = give(state, 0, horsepower=14, leadership=1)
    for seat, items in per_seat.items():
        state = give(state, int(seat[1]), **items)
    events, after = settle(GAME, rig(state, 1))
    assert of(events, GameEnded)[0].reason == "limit" and of(events, DerbyWon)[0].player == 0
    return GAME.outcome(after)


def test_limit_ranking_every_tie_break_level() -> None:
    """GAP-04: at the Derby limit, missions first; equal missions and no markers -> cash; all equal -> a shared win."""
    assert _limit_outcome(s1={"done": (True, False)}, s2={"cash5": 3}).winners == (1,)
    assert _limit_outcome(s2={"cash1": 5}).winners == (2,)  # bets 1, keeps 4; the others have 0
    assert _limit_outcome().winners == (0, 1, 2)


def test_limit_ranking_markers_before_cash() -> None:
    """GAP-04: equal missions: markers in one's own control-mission zone beat more cash."""
    state = no_fortune(ogs_table(2, zone=3, passes=2))
    state = setf(state, derbies=5)
    state = give(state, 0, missions=("M01", "M02", "C1"), horsepower=0, leadership=1, cash1=0, cash5=0)
    state = give(state, 1, missions=("M03", "M04", "C2"), horsepower=0, cash1=0, cash5=6)
    state = markers(markers(state, 0, (2, 0)), 1, (0, 1))
    events, after = settle(GAME, rig(state, 6, 6, 6))
    assert of(events, GameEnded)[0].reason == "limit"
    assert GAME.outcome(after).winners == (0,)


@pytest.mark.parametrize(("starter", "winner"), [(2, 2), (1, 1), (0, 1)])
def test_simultaneous_qualifiers_not_acting_first_clockwise_from_starter(starter: int, winner: int) -> None:
    """GAP-03, PB-END-01: when several players qualify in one step and none of them acts, the first of them
    clockwise from the current starter wins (here P1 and P2 qualify while P0 makes a free exchange)."""
    state = setf(give(turn_table(), 0, cash1=5, cash5=0), starter=starter)
    state = give(state, 1, missions=("M01", "M02", "C1"), done=(True, True))
    state = give(state, 2, missions=("M03", "M04", "C2"), done=(True, True))
    state = markers(markers(state, 0, (0, 4, 0)), 1, (0, 0, 4))
    events, after = act(GAME, state, 0, A.Exchange(good="cash", up=True))
    assert of(events, GameEnded)[0].winner == winner and GAME.outcome(after).winners == (winner,)
