"""Strikes, Riots, spread, Revolution (BW-RIOT, BW-GOAL-03, BW-GOAL-04, BW-GOAL-05, BW-END-03, BW-END-04, BW-END-05, BW-END-06; BW-TEST-01, BW-TEST-02, BW-TEST-07, BW-TEST-08, BW-TEST-15, BW-TEST-16)."""

from __future__ import annotations

from boardcore.testing import act, settle
from games.bellwether import GAME
from games.bellwether import actions as A
from games.bellwether.actions import ChooseLoss, Overwork, Place, PlayJob, PoliceBlock, Staff, StopRecovery
from games.bellwether.catalog import DIE_COAL, STRIKE
from games.bellwether.events import (
    BuildingLost,
    ContestWon,
    DiceRolled,
    GameEnded,
    LossSkipped,
    PoliceConsulted,
    RecoveryRolled,
    RiotIgnited,
    RoundCleanedUp,
    SpreadBlocked,
    StrikerSpread,
    WardBurnedOut,
    WardSkipped,
    WorkersGrew,
)
from games.bellwether.scoring import net_worth, revolution_result
from games.bellwether.state import RiotTask

from .helpers import (
    SAMPLES,
    bare,
    build,
    clear,
    finish_labor,
    labor_from,
    labor_through,
    names_action_and_rule,
    new,
    of,
    player,
    refusal,
    replace,
    rigged,
    ward,
)


def _spread_board(ward_i_strikers=0):
    """BW-TEST-01: Ward II (P0: Coal Pit + Boarding House, 2 strikers); I 0; III 1 + Checkpoint; IV 2."""
    state = bare()
    state = clear(state, 1)
    state, coal = build(state, 1, "F-CP", 0)
    state, bh = build(state, 1, "T-BH", 0)
    state = ward(state, 1, strikers=2)
    state, _ = build(state, 0, "F-TW", 1)
    state = ward(state, 0, strikers=ward_i_strikers)
    state, _ = build(state, 2, "F-CK", 1)
    state, _ = build(state, 2, "I-CHK", 1)
    state = ward(state, 2, strikers=1)
    state, _ = build(state, 3, "F-TW", 1)
    state = ward(state, 3, strikers=2)
    _, state = labor_from(state, 1)
    state = rigged(state, (STRIKE,))
    _, state = act(GAME, state, 0, Staff(uid=coal))
    events, state = act(GAME, state, 0, Overwork(uid=coal))
    return state, events, coal, bh


def test_bw_riot_01_02_03_04_riot_spreads_checkpoint_blocks():
    """BW-RIOT-01, BW-RIOT-02, BW-RIOT-03, BW-RIOT-04 (BW-TEST-01): 3 strikers riot; nothing produced; the controller picks a loss; spread blocked by a Checkpoint."""
    state, events, coal, bh = _spread_board()
    assert of(events, RiotIgnited)[0].ward == 1 and state.wards[1].riot and state.wards[1].strikers == 3
    assert state.players[0].res == (0, 0, 0) and state.wards[1].workers == 3  # no production, materials or growth
    assert GAME.actors(state) == frozenset({0})
    assert GAME.legal_actions(state, 0) == [ChooseLoss(uid=coal), ChooseLoss(uid=bh)]
    events, state = act(GAME, state, 0, ChooseLoss(uid=bh))
    assert state.players[0].lost == 1 and all(b.uid != bh for b in state.wards[1].buildings)
    assert [w.strikers for w in state.wards] == [1, 3, 1, 2]
    assert of(events, SpreadBlocked)[0].dest == 2 and of(events, SpreadBlocked)[0].by == "I-CHK"
    assert not of(events, GameEnded)


def test_bw_riot_04_chain_riots_in_the_same_spread():
    """BW-RIOT-04, GAP-17 (BW-TEST-01 variant): Ward I chains to 3 and riots; its spread ignites IV; IV's striker to III is blocked."""
    state, _, coal, bh = _spread_board(ward_i_strikers=2)
    events, state = act(GAME, state, 0, ChooseLoss(uid=bh))
    assert [e.ward for e in of(events, RiotIgnited)] == [0, 3]
    assert [w.riot for w in state.wards] == [True, True, False, True]
    assert state.wards[2].strikers == 1
    assert not of(events, GameEnded) and state.phase == "labor"


def _rival_infra():
    """BW-TEST-02: Ward III controlled by P1 (upgraded Textile Mill); P0 owns a Cement Kiln and built a Relief Office."""
    state = bare()
    state = clear(state, 2)
    state, mill = build(state, 2, "F-TM", 1, upgraded=True)
    state, kiln = build(state, 2, "F-CK", 0)
    state, office = build(state, 2, "I-REL", 0)
    state, _ = build(state, 0, "F-TW", 1)
    state = player(state, 0, infra_influence=1, gangsters=("G-BRU",))
    state = ward(state, 2, strikers=2, controller=1)
    events, state = act(GAME, state, 0, PlayJob(gangster="G-BRU", ward=2))
    return state, mill, kiln, office


def test_bw_riot_03_loss_may_be_any_infrastructure():
    """BW-RIOT-03 (BW-TEST-02): the controller loses their own Building or any Infrastructure, never the rival's Factory."""
    state, mill, kiln, office = _rival_infra()
    assert GAME.actors(state) == frozenset({1})
    assert GAME.legal_actions(state, 1) == [ChooseLoss(uid=mill), ChooseLoss(uid=office)]
    _, after = act(GAME, state, 1, ChooseLoss(uid=office))
    assert [b.uid for b in after.wards[2].buildings] == [mill, kiln]
    assert (after.players[0].lost, after.players[1].lost) == (0, 0) and after.players[0].infra_influence == 1
    events, after = act(GAME, state, 1, ChooseLoss(uid=mill))
    assert after.players[1].lost == 1 and of(events, BuildingLost)[0].counted


def test_bw_riot_03_nothing_to_lose_still_spreads():
    """BW-RIOT-03, BW-RIOT-04 (BW-TEST-02 variant): a controller with nothing to lose loses nothing; the spread still happens."""
    state = bare()
    state = clear(state, 2)
    state, _ = build(state, 2, "F-CK", 0)
    state, _ = build(state, 0, "F-TW", 1)
    state = player(state, 0, gangsters=("G-BRU",))
    state = ward(state, 2, strikers=2, controller=1)
    events, state = act(GAME, state, 0, PlayJob(gangster="G-BRU", ward=2))
    assert of(events, LossSkipped) and len(of(events, StrikerSpread)) == 2


def _revolution_board(lost=(1, 2), p1_cash=22):
    """BW-TEST-07: only I (in Riot, P1) and III (P0, 2 strikers) are claimed; II has its neutral Factory and 2 strikers."""
    state = bare()
    state = clear(state, 0)
    state, _ = build(state, 0, "F-CP", 1)
    state = ward(state, 0, riot=True, strikers=3, controller=1)
    state = clear(state, 2)
    state, coll = build(state, 2, "F-CO", 0)
    state = ward(state, 2, strikers=2, workers=4)
    state = ward(state, 1, strikers=2)
    state = clear(state, 3)
    state = player(state, 0, hand=(), cash=18, lost=lost[0])
    state = player(state, 1, hand=(), cash=p1_cash, lost=lost[1])
    _, state = labor_from(state, 2)
    state = rigged(state, (STRIKE, DIE_COAL))
    _, state = act(GAME, state, 0, Staff(uid=coll))
    _, state = act(GAME, state, 0, Overwork(uid=coll))
    return act(GAME, state, 0, Overwork(uid=coll))


def test_bw_goal_03_04_05_bw_end_03_04_05_revolution():
    """BW-GOAL-03, BW-GOAL-04, BW-GOAL-05, BW-END-03, BW-END-04, BW-END-05, BW-GOAL-01 (BW-TEST-07): III's ignition makes every claimed Ward riot: the city
    falls at once (no loss, spread, further Ward or Cleanup); Net Worth ties 24-24 and P0 lost fewer Buildings."""
    events, state = _revolution_board()
    assert of(events, GameEnded) and not of(events, BuildingLost) and not of(events, StrikerSpread)
    assert not of(events, RoundCleanedUp) and state.wards[1].strikers == 2
    outcome = GAME.outcome(state)
    assert outcome.winners == (0,) and state.result.reason == "revolution" and state.result.net_worth == (24, 24)
    assert GAME.actors(state) == frozenset()


def test_bw_end_04_higher_net_worth_escapes_ahead():
    """BW-END-04: under Revolution the higher Net Worth wins, even with more Buildings lost."""
    _, state = _revolution_board(p1_cash=23)
    assert state.result.net_worth == (24, 25) and GAME.outcome(state).winners == (1,)


def test_bw_end_05_revolution_draw():
    """BW-END-05 (BW-TEST-07 variant): equal Net Worth and equal losses: a draw."""
    _, state = _revolution_board(lost=(1, 1))
    assert GAME.outcome(state).is_draw


def test_bw_end_06_net_worth_ignores_control_workers_gangsters_influence():
    """BW-END-06, GAP-21: control, workers, Gangsters, Influence, Officials and placed Infrastructure add nothing."""
    state = bare()
    state, _ = build(state, 1, "F-CP", 0)
    base = net_worth(state, 0)
    assert base == 5 + 2 + (2 + 2)  # cash + placed Coal Pit + Textile Workshop and Boarding House in hand
    richer = ward(state, 1, controller=0, workers=6)
    richer = player(richer, 0, gangsters=("G-BRU", "G-HEA"), officials=("O-MAY",), infra_influence=3)
    richer, _ = build(richer, 1, "I-TR", 0)
    assert net_worth(richer, 0) == base
    assert net_worth(player(state, 0, res=(1, 1, 0), hand=("I-TR",)), 0) == 5 + 2 + 2 * 2 + (5 + 4)


def test_no_revolution_without_a_claimed_ward():
    """GAP-20, BW-GOAL-05 (BW-TEST-08): no claimed Ward, no Revolution, even when an unclaimed Ward riots."""
    state = player(bare(), 0, gangsters=("G-BRU", "G-BRU"))
    assert GAME.outcome(state) is None
    state = ward(state, 1, strikers=2)
    events, state = act(GAME, state, 0, PlayJob(gangster="G-BRU", ward=1))
    assert of(events, RiotIgnited) and not of(events, GameEnded) and state.phase == "invest"
    # one claimed Ward that riots, with no other claimed Ward: Revolution
    state = clear(state, 3)
    state, _ = build(state, 3, "F-CP", 1)
    state = ward(state, 3, strikers=2, controller=1)
    events, state = act(GAME, state, 0, PlayJob(gangster="G-BRU", ward=3))
    assert of(events, GameEnded) and state.result.reason == "revolution" and not of(events, BuildingLost)


def test_chain_riot_in_labor_then_no_recovery_until_next_labor():
    """GAP-17/18 (BW-TEST-15): I riots in Resolve and ignites II; II's controller loses a Building; II is then only contested;
    II tries recovery in the next Labor."""
    state = bare()
    state = clear(state, 0)
    state, coll = build(state, 0, "F-CO", 0)
    state = ward(state, 0, strikers=2, workers=4)
    state = clear(state, 1)
    state, cp = build(state, 1, "F-CP", 1)
    state, bh = build(state, 1, "T-BH", 1)
    state = ward(state, 1, strikers=2, controller=1)
    state, _ = build(state, 2, "F-TW", 1)
    state, _ = build(state, 3, "F-TW", 1)
    _, state = labor_from(state, 0)
    state = rigged(state, (STRIKE, STRIKE))
    _, state = act(GAME, state, 0, Staff(uid=coll))
    _, state = act(GAME, state, 0, Overwork(uid=coll))
    events, state = act(GAME, state, 0, Overwork(uid=coll))
    assert [e.ward for e in of(events, RiotIgnited)] == [0, 1]
    assert GAME.actors(state) == frozenset({1})
    events, state = act(GAME, state, 1, ChooseLoss(uid=bh))
    assert state.players[1].lost == 1
    assert [w.strikers for w in state.wards] == [3, 3, 1, 1]
    assert any(e.by == "full" and e.dest == 0 for e in of(events, SpreadBlocked))
    # II's own turn: a normal contest, then nothing (no Allocate, Push, production or recovery)
    assert [e.ward for e in of(events, ContestWon)] == [1, 2]
    assert not [e for e in of(events, DiceRolled) if e.ward == 1] and not of(events, RecoveryRolled)
    assert state.labor.order[state.labor.pos] == 2
    events, state = finish_labor(state, events)
    assert state.wards[1].riot and state.round == 2
    # next round: II attempts recovery
    _, state = labor_from(state, 1)
    assert state.labor.order[state.labor.pos] == 1 and state.labor.step == "recover"
    assert StopRecovery() in GAME.legal_actions(state, state.wards[1].controller)


def test_burn_out_of_an_unclaimed_rioting_ward():
    """GAP-17/26 (BW-TEST-16): IV loses its only player-owned Building to a chain Riot: control lapses, IV is skipped,
    burns out in Cleanup (3 -> 2 strikers, no Riot) and accepts a placement next round."""
    state = bare()
    state = clear(state, 2)
    state, coll = build(state, 2, "F-CO", 0)
    state, bh = build(state, 2, "T-BH", 0)
    state = ward(state, 2, strikers=2, workers=5)
    state = ward(state, 3, strikers=2, controller=1)
    state = ward(state, 3, buildings=(replace(state.wards[3].buildings[0], owner=1),))
    state, _ = build(state, 0, "F-TW", 1)
    _, state = labor_from(state, 2)
    state = rigged(state, (STRIKE, DIE_COAL))
    _, state = act(GAME, state, 0, Staff(uid=coll))
    _, state = act(GAME, state, 0, Overwork(uid=coll))
    events, state = act(GAME, state, 0, Overwork(uid=coll))
    assert GAME.legal_actions(state, 0) == [ChooseLoss(uid=coll), ChooseLoss(uid=bh)]
    events, state = act(GAME, state, 0, ChooseLoss(uid=bh))
    assert state.wards[3].riot and state.wards[3].controller == -1 and not state.phase == "over"
    events, state = finish_labor(state, events)
    assert 3 in [e.ward for e in of(events, WardSkipped)]
    assert of(events, WardBurnedOut)[0].ward == 3
    assert not state.wards[3].riot and state.wards[3].strikers == 2
    assert Place(card="F-TW", ward=3) in GAME.legal_actions(state, state.turn)


def test_police_commissioner_blocks_one_spread_per_round():
    """O-POL, BW-PRIO-01: the holder may block a striker spreading into a Ward where they own a Building, once per round."""
    state = bare()
    state = clear(state, 2)
    state, _ = build(state, 2, "F-CK", 1)
    state, _ = build(state, 1, "F-TW", 1)
    state, _ = build(state, 3, "F-TW", 1)
    state = player(state, 1, officials=("O-POL",))
    state = player(state, 0, gangsters=("G-BRU",))
    state = ward(state, 2, strikers=2, controller=1)
    events, state = act(GAME, state, 0, PlayJob(gangster="G-BRU", ward=2))
    assert GAME.actors(state) == frozenset({1})
    assert GAME.legal_actions(state, 1) == [PoliceBlock(block=True), PoliceBlock(block=False)]
    events, state = act(GAME, state, 1, PoliceBlock(block=True))
    assert state.wards[3].strikers == 0 and state.players[1].police_used
    assert state.wards[1].strikers == 1  # the second spread is not blockable any more this round


def _police_board():
    """A Bruiser riots Ward III (P1's); its striker spreads clockwise to IV, then to II. P1 holds the Police
    Commissioner and owns a Building in both."""
    state = bare()
    state = clear(state, 2)
    state, _ = build(state, 2, "F-CK", 1)
    state, _ = build(state, 1, "F-TW", 1)
    state, _ = build(state, 3, "F-TW", 1)
    state = player(state, 1, officials=("O-POL",))
    state = player(state, 0, gangsters=("G-BRU",))
    return ward(state, 2, strikers=2, controller=1)


def test_o_pol_letting_a_striker_through_keeps_the_power_for_a_later_spread():
    """O-POL ("Once per round, when a striker would spread into a Ward where you own a Building, you may block it"):
    the once-per-round limit is on the block. Letting a striker in uses nothing, so the holder is asked again at the
    next spread into one of their Wards in the same round, and may block that one."""
    events, state = act(GAME, _police_board(), 0, PlayJob(gangster="G-BRU", ward=2))
    assert [(e.player, e.dest) for e in of(events, PoliceConsulted)] == [(1, 3)]
    events, state = act(GAME, state, 1, PoliceBlock(block=False))
    assert of(events, StrikerSpread)[0].dest == 3 and state.wards[3].strikers == 1 and not state.players[1].police_used
    assert [(e.player, e.dest) for e in of(events, PoliceConsulted)] == [(1, 1)]
    assert GAME.actors(state) == frozenset({1}) and state.police_target == 1
    events, state = act(GAME, state, 1, PoliceBlock(block=True))
    assert of(events, SpreadBlocked) == [SpreadBlocked(source=2, dest=1, by="O-POL")]
    assert state.wards[1].strikers == 0 and state.players[1].police_used and not state.riots


def test_o_pol_is_asked_once_per_spread_and_only_for_the_holders_wards():
    """O-POL: one question per spread, none once the power is used this round, none for a Ward where the holder owns
    nothing (the spread there goes through at once)."""
    state = _police_board()
    state = clear(state, 1)
    state, _ = build(state, 1, "F-TW", 0)  # II is P0's now: P1 owns nothing there
    events, state = act(GAME, state, 0, PlayJob(gangster="G-BRU", ward=2))
    assert len(of(events, PoliceConsulted)) == 1
    events, state = act(GAME, state, 1, PoliceBlock(block=False))
    assert not of(events, PoliceConsulted) and [e.dest for e in of(events, StrikerSpread)] == [3, 1]
    assert GAME.actors(state) == frozenset({0}) and state.phase == "invest"


def test_bw_riot_11_a_queued_riot_resolves_before_anything_else():
    """BW-RIOT-11, GAP-17: from a table where a Riot has just ignited (its loss and spread queued), the automatic steps
    resolve the loss (one candidate: taken for the controller) and both spreads, and only then does play go on."""
    state = bare()
    state = clear(state, 1)
    state, pit = build(state, 1, "F-CP", 0)
    state = ward(state, 1, strikers=3, riot=True, controller=0)
    state, _ = build(state, 3, "F-TW", 1)  # another claimed Ward, calm: no Revolution
    state = replace(state, riots=(RiotTask(1),))
    events, state = settle(GAME, state)
    assert [type(e).__name__ for e in events] == ["BuildingLost", "StrikerSpread", "StrikerSpread"]
    assert of(events, BuildingLost)[0].uid == pit and [w.strikers for w in state.wards] == [1, 3, 1, 0]
    assert not state.riots and GAME.actors(state) == frozenset({0}) and state.phase == "invest"


def test_full_strike_track_and_empty_track():
    """A Bruiser cannot target a Ward already at 3 strikers; quelling needs a striker; spreading into a full track is blocked."""
    state = player(new(first=0), 0, gangsters=("G-BRU",))
    state = ward(ward(state, 1, strikers=3, riot=True), 2, strikers=0)
    legal = GAME.legal_actions(state, 0)
    assert A.PlayJob(gangster="G-BRU", ward=1) not in legal and A.PlayJob(gangster="G-BRU", ward=2) in legal
    assert A.Quell(gangster="G-BRU", ward=2) not in legal and A.Quell(gangster="G-BRU", ward=1) in legal
    exc = refusal(state, 0, A.Quell(gangster="G-BRU", ward=2))
    assert exc.code == "quell/no_striker" and exc.clause == "BW-CARD-10"


def test_worker_pool_stops_growing_at_six():
    """GAP-15: a calm Resolve adds a worker up to 6, never beyond."""
    state = clear(bare(first=0), 0)
    state, _ = build(state, 0, "F-TW", 0)
    state = ward(state, 0, workers=6)
    events, state = labor_through(state, 0)
    assert not of(events, WorkersGrew) and state.wards[0].workers == 6


def test_revolution_tie_breaks_at_every_level():
    """BW-END-04/05: Net Worth first (even against more losses), then fewer Buildings lost, then a draw."""
    state = player(player(bare(), 0, lost=2), 1, lost=0)
    assert revolution_result(state).winners == (1,)
    assert revolution_result(player(state, 0, cash=6)).winners == (0,)
    assert revolution_result(player(state, 0, lost=0)).winners == ()


def test_police_consultation_accepts_only_the_holders_answer():
    """O-POL, BW-RIOT-11: while a spread waits on the Police Commissioner, only its holder may act and only to block or
    allow; everything else is refused with a code and changes nothing."""
    state = clear(player(player(bare(first=0), 1, officials=("O-POL",)), 0, gangsters=("G-BRU",)), 2)
    state, _ = build(state, 2, "F-CK", 1)
    state, _ = build(state, 3, "F-TW", 1)
    state, _ = build(state, 1, "F-TW", 0)
    _, state = act(GAME, ward(state, 2, strikers=2, controller=1), 0, A.PlayJob(gangster="G-BRU", ward=2))
    assert state.police_target == 3 and GAME.actors(state) == frozenset({1})
    assert GAME.legal_actions(state, 1) == [A.PoliceBlock(block=True), A.PoliceBlock(block=False)]
    for action in SAMPLES:
        if isinstance(action, A.PoliceBlock):
            assert refusal(state, 0, action).code == "turn/not_your_turn"
            continue
        exc = refusal(state, 1, action)
        assert exc.code == "action/wrong_step" and "must block the spreading striker" in exc.message, (action, exc)
        names_action_and_rule(exc, action)
        assert refusal(state, 0, action).code == "turn/not_your_turn"
    _, state = act(GAME, state, 1, A.PoliceBlock(block=False))
    assert state.wards[3].strikers == 1 and not state.players[1].police_used
