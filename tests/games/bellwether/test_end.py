"""Cleanup and victory (BW-ROUND-04, BW-ROUND-05, BW-ROUND-06, BW-ROUND-07, BW-ROUND-08, BW-GOAL-01, BW-GOAL-02, BW-END-01, BW-END-02, GAP-22/23/26, BW-PRIO)."""

from __future__ import annotations

import random

from boardcore import Match
from boardcore.testing import act
from games.bellwether import GAME
from games.bellwether.actions import EndTurn, PlayJob, Staff
from games.bellwether.events import GameEnded, RoundCleanedUp, RoundStarted
from games.bellwether.phases.unrest import remove_building
from games.bellwether.scoring import best_by, consolidation_result, limit_result

from .helpers import bare, build, clear, finish_labor, labor_through, of, player, replace, ward


def _three_wards(influence_officials=("O-MAY", "O-COU", "O-COU"), riot_iv=False):
    """BW-TEST-06: P0 owns a Building in I, II and IV; P1 owns one in III; round 7."""
    state = replace(bare(), round=7)
    for w in (0, 1, 3):
        state, _ = build(state, w, "F-TW", 0)
    state, _ = build(state, 2, "F-TW", 1)
    state = player(state, 0, officials=influence_officials)
    if riot_iv:
        state = ward(state, 3, riot=True, strikers=3)
    return state


def test_bw_goal_02_bw_end_01_bw_round_07_consolidation():
    """BW-GOAL-01, BW-GOAL-02, BW-END-01, BW-ROUND-04, BW-ROUND-07 (BW-TEST-06): after Labor, 3 calm controlled Wards and Influence 10 win."""
    events, state = labor_through(_three_wards(), 0)
    assert of(events, RoundCleanedUp) and of(events, GameEnded)
    assert state.result.reason == "consolidation" and GAME.outcome(state).winners == (0,)
    assert state.result.wards == (3, 1) and state.result.influence == (10, 0)


def test_consolidation_needs_calm_wards_and_influence():
    """BW-END-01 (BW-TEST-06 variants): a Ward in Riot does not count; Influence 9 is not enough."""
    _, state = labor_through(_three_wards(riot_iv=True), 0)
    assert state.result is None and state.round == 8
    _, state = labor_through(_three_wards(influence_officials=("O-MAY", "O-COU", "O-ALD")), 0)
    assert state.result is None


def test_control_lapses_when_ward_becomes_unclaimed():
    """GAP-13, BW-CONTEST-06 (BW-TEST-06 variant): losing the last Building there ends control, so only 2 Wards count."""
    state = _three_wards()
    for w in (0, 1, 3):
        state = ward(state, w, controller=0)
    assert consolidation_result(state).winners == (0,)
    uid = state.wards[3].buildings[-1].uid
    state = ward(state, 3, buildings=(replace(state.wards[3].buildings[0], owner=-1), state.wards[3].buildings[-1]))
    state = remove_building(state, 3, uid)
    assert state.wards[3].controller == -1 and consolidation_result(state) is None


def test_bw_end_02_tie_break_order():
    """BW-END-02, GAP-22: compare non-rioting controlled Wards, then Influence, then Net Worth; a full tie is a draw."""
    assert best_by({0: (3, 11, 20), 1: (3, 10, 30)}) == (0,)
    assert best_by({0: (3, 10, 20), 1: (3, 10, 25)}) == (1,)
    assert best_by({0: (3, 10, 20), 1: (3, 10, 20)}) == (0, 1)


def test_round_limit_ranks_like_consolidation():
    """GAP-23: after the last round's Cleanup the game ends; Wards, then Influence, then Net Worth decide; else a draw."""
    state = bare(first=0)
    state = GAME.setup(GAME.config(2, {"max_rounds": 1, "first_player": 0}), 0)
    state = player(player(state, 0, gangsters=()), 1, gangsters=())
    state, _ = build(state, 1, "F-TW", 1)
    events, state = labor_through(state, 1)
    assert state.result.reason == "round limit" and GAME.outcome(state).winners == (1,)
    even = player(bare(), 1, cash=5)
    assert limit_result(even).winners == ()


def test_bw_round_05_06_08_cleanup_resets():
    """BW-ROUND-05, BW-ROUND-06, BW-ROUND-08, GAP-26: workers return (no allocation survives), Job counters and Job effects reset,
    once-per-round powers refresh, and the start passes to the other player."""
    state = player(bare(first=0), 0, gangsters=("G-HEA", "G-SAB", "G-BRU"), police_used=True)
    state, uid = build(state, 2, "F-TW", 0)
    _, state = act(GAME, state, 0, PlayJob(gangster="G-HEA", ward=2))
    _, state = act(GAME, state, 0, PlayJob(gangster="G-SAB", ward=2))
    state = player(state, 0, police_used=True)
    _, state = act(GAME, state, 0, EndTurn())
    _, state = act(GAME, state, 1, EndTurn())
    _, state = act(GAME, state, 0, Staff(uid=uid))
    events, state = finish_labor(state)
    assert of(events, RoundStarted)[0].start_player == 1 and state.start_player == 1
    w = state.wards[2]
    assert (w.jobs, w.saboteur, w.heavy) == (0, (False, False), (0, 0))
    assert state.labor is None and w.workers == 4  # the base pool keeps its growth; nobody stays assigned
    assert not state.players[0].police_used


def test_bw_prio_01_card_text_overrides_rulebook():
    """BW-PRIO-01: a card's instruction beats the rulebook: Constabulary overrides the three-Job limit."""
    state = player(bare(), 0, gangsters=("G-HEA", "G-SAB"))
    state, _ = build(state, 1, "F-CP", 0)
    state, _ = build(state, 1, "I-CON", 0)
    _, state = act(GAME, state, 0, PlayJob(gangster="G-HEA", ward=1))
    assert not any(isinstance(a, PlayJob) and a.ward == 1 for a in GAME.legal_actions(state, 0))


def test_bw_prio_02_cannot_beats_may():
    """BW-PRIO-02: "may place one Building" yields to "cannot place in a rioting Ward"."""
    state = ward(bare(), 0, riot=True, strikers=3)
    legal = GAME.legal_actions(state, 0)
    assert not any(getattr(a, "ward", None) == 0 and type(a).__name__ == "Place" for a in legal)


def test_random_playouts_always_end():
    """GAP-23: random play always reaches an outcome within the round limit."""
    for seed in range(8):
        m = Match.new(GAME, 2, seed=seed)
        rng = random.Random(seed)
        while not m.is_over:
            seat = rng.choice(sorted(m.actors))
            m.apply(seat, rng.choice(m.legal_actions(seat)))
        assert m.state.round <= 12 and m.outcome is not None


def test_round_limit_tie_breaks_at_every_level():
    """GAP-23: after the last round rank by calm controlled Wards, then Influence, then Net Worth; a full tie is a draw."""
    state = bare()
    for w, owner in ((0, 0), (1, 1)):
        state, _ = build(clear(state, w), w, "F-CP", owner)
        state = ward(state, w, controller=owner)
    assert limit_result(state).winners == ()  # 1 Ward, 0 Influence, $5 + $2 + $4 hand each
    assert limit_result(ward(state, 1, riot=True, strikers=3)).winners == (0,)  # a Ward in Riot does not count
    assert limit_result(player(state, 1, officials=("O-UNI",))).winners == (1,)  # Influence 1 beats 0
    assert limit_result(player(state, 0, cash=6)).winners == (0,)  # Net Worth $12 beats $11
    assert limit_result(player(player(state, 0, cash=6), 1, officials=("O-UNI",))).winners == (1,)  # Influence first


def test_last_round_consolidation_beats_the_limit():
    """GAP-23: in the final round a Consolidation is still a Consolidation; without one, the limit ends the game."""
    state = bare(first=0)
    state = replace(state, max_rounds=1)
    for w in (0, 1, 3):
        state, _ = build(state, w, "F-TW", 0)
    events, won = labor_through(player(state, 0, officials=("O-MAY", "O-COU", "O-COU")), 0)
    assert won.result.reason == "consolidation" and won.result.winners == (0,)
    _, limited = labor_through(state, 0)
    assert limited.result.reason == "round limit" and limited.result.winners == (0,) and limited.round == 1
