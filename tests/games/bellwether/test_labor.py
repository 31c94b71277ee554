"""Labor: order, contests, allocation, Push, production and recovery (BW-LABOR, BW-CONTEST, BW-ALLOC, BW-DIE, BW-PROD)."""

from __future__ import annotations

import msgspec

from boardcore.encoding import state_digest
from boardcore.testing import act, refused
from games.bellwether import GAME
from games.bellwether import actions as A
from games.bellwether.actions import (
    CancelStrike,
    ChooseFirstWard,
    Commit,
    FinishAllocation,
    Overwork,
    PayRelief,
    Reroll,
    RollRecovery,
    SettlePush,
    Staff,
    StopRecovery,
)
from games.bellwether.board import relief_cost
from games.bellwether.catalog import DIE_CEMENT, DIE_COAL, DIE_TEXTILE, RELIEF, STRIKE
from games.bellwether.events import (
    CommitmentsRevealed,
    ContestWon,
    DiceRolled,
    FactoryProduced,
    GangsterCommitted,
    MaterialsCollected,
    RiotIgnited,
    WardEntered,
    WardSkipped,
    WorkersGrew,
)
from games.bellwether.phases.contest import contest_winner
from games.bellwether.presentation import PRESENTATION

from .helpers import (
    bare,
    build,
    clear,
    finish_labor,
    labor_from,
    labor_through,
    of,
    open_contest,
    player,
    refusal,
    replace,
    rigged,
    to_labor,
    ward,
)


def test_bw_labor_01_02_03_04_order():
    """BW-LABOR-01, BW-LABOR-02, BW-LABOR-03, BW-LABOR-04: the start player picks a claimed Ward; the rest follow clockwise; unclaimed Wards are skipped."""
    state = bare(first=1)
    for w in (0, 2, 3):
        state, _ = build(state, w, "F-TW", 0)
    _, state = to_labor(state)
    assert GAME.actors(state) == frozenset({1})
    assert GAME.legal_actions(state, 1) == [ChooseFirstWard(ward=w) for w in (0, 2, 3)]
    refused(GAME, state, 1, ChooseFirstWard(ward=1), "labor/unclaimed_ward")
    events, state = act(GAME, state, 1, ChooseFirstWard(ward=2))
    assert state.labor.order == (2, 3, 0, 1)
    events, state = finish_labor(state, events)
    entered = [(type(e).__name__, e.ward) for e in events if isinstance(e, (WardEntered, WardSkipped))]
    assert entered == [("WardEntered", 2), ("WardEntered", 3), ("WardEntered", 0), ("WardSkipped", 1)]


def _duel(first=0):
    """Ward I: P0 owns a Coal Pit and a Boarding House, P1 a Cement Kiln; both hold Gangsters."""
    state = bare(first=first)
    state = clear(state, 0)
    state, _ = build(state, 0, "F-CP", 0)
    state, _ = build(state, 0, "T-BH", 0)
    state, _ = build(state, 0, "F-CK", 1)
    return state


def test_bw_contest_04_05_tie_goes_to_start_player():
    """BW-CONTEST-05, BW-CONTEST-04 (BW-TEST-04): 5 v 5, the round's start player P1 wins; her Saboteur is discarded."""
    state = _duel(first=1)
    state = player(state, 0, officials=("O-COU",), gangsters=("G-FIX",))
    state = player(state, 1, officials=("O-COU",), gangsters=("G-SAB",))
    events, state = labor_from(state, 0)
    _, state = act(GAME, state, 1, Commit(gangster="G-SAB"))
    events, state = act(GAME, state, 0, Commit(gangster=""))
    won = of(events, ContestWon)[0]
    assert won.totals == (5, 5) and won.winner == 1 and state.wards[0].controller == 1
    assert "G-SAB" in state.discard and state.players[1].gangsters == ()
    assert state.players[0].gangsters == ("G-FIX",)


def test_bw_contest_05_magistrate_wins_ties():
    """BW-CONTEST-05, O-MAG (BW-TEST-04 variant): a Magistrate wins the tie over turn order; the Saboteur is still spent."""
    state = _duel(first=1)
    state = player(state, 0, officials=("O-MAG", "O-UNI"), gangsters=("G-FIX",))
    state = player(state, 1, officials=("O-COU",), gangsters=("G-SAB",))
    _, state = labor_from(state, 0)
    _, state = act(GAME, state, 1, Commit(gangster="G-SAB"))
    events, state = act(GAME, state, 0, Commit(gangster=""))
    won = of(events, ContestWon)[0]
    assert won.totals == (5, 5) and won.winner == 0 and "G-SAB" in state.discard


def test_bw_contest_02_03_secret_then_revealed_together():
    """BW-CONTEST-02, BW-CONTEST-03 (BW-TEST-05): a commitment is face down until both are in; then both show; Heavy adds 4.

    Table rule (docs, "Secret commitments"): the rival sees *that* P0 committed, never *what*;
    views, redacted events and actors all agree on that.
    """
    state = _duel(first=0)
    state = player(state, 0, gangsters=("G-HEA",))
    state = player(state, 1, gangsters=("G-FIX",))
    _, state = labor_from(state, 0)
    assert GAME.actors(state) == frozenset({0, 1})
    assert set(map(lambda a: a.gangster, GAME.legal_actions(state, 1))) == {"", "G-FIX"}
    before = GAME.view(state, 1)
    assert before.labor.committed == ()
    events, state = act(GAME, state, 0, Commit(gangster="G-HEA"))
    (committed,) = of(events, GangsterCommitted)
    assert GAME.redact(committed, 1) == GangsterCommitted(player=0, ward=0, gangster=None)
    assert GAME.redact(committed, None) == GangsterCommitted(player=0, ward=0, gangster=None)
    assert GAME.redact(committed, 0).gangster == "G-HEA"
    assert "Heavy" not in PRESENTATION.describe(GAME, GAME.redact(committed, 1), 1)
    seen_by_1 = GAME.view(state, 1)
    assert seen_by_1.labor.committed == (0,) and seen_by_1.labor.own_commitment is None
    assert seen_by_1.players[0] == before.players[0]  # still holds the Heavy as far as P1 can tell
    assert [w.seat for w in before.waiting] == [0, 1] and [w.seat for w in seen_by_1.waiting] == [1]  # P1 still commits
    assert msgspec.structs.replace(seen_by_1, labor=before.labor, waiting=before.waiting) == before  # nothing else changed
    assert GAME.actors(state) == frozenset({1})  # the same fact the views show
    assert GAME.view(state, 0).labor.own_commitment == "G-HEA"
    events, state = act(GAME, state, 1, Commit(gangster=""))
    (revealed,) = of(events, CommitmentsRevealed)
    assert revealed.choices == ((0, "G-HEA"), (1, "")) and GAME.redact(revealed, 1) == revealed
    won = of(events, ContestWon)[0]
    assert won.totals == (2 + 4, 1) and won.winner == 0
    assert state.discard == ("G-HEA",) and state.players[0].gangsters == ()


def test_bw_labor_05_bw_contest_01_only_building_owners_contest():
    """BW-LABOR-05, BW-CONTEST-01, GAP-12: only owners of a Factory or Tenement there take part; Infrastructure builders do not."""
    state = bare()
    state = clear(state, 1)
    state, _ = build(state, 1, "F-CP", 1)
    state, _ = build(state, 1, "I-CHK", 0)
    state = player(state, 0, officials=("O-MAY",))
    events, state = labor_from(state, 1)
    won = of(events, ContestWon)[0]
    assert won.totals == (-1, 1) and won.winner == 1


def test_bw_contest_06_control_persists_until_next_contest():
    """BW-CONTEST-06, GAP-13: control set in Labor lasts into the next round until that Ward's next contest."""
    state = bare()
    state, _ = build(state, 2, "F-CK", 1)
    _, state = labor_through(state, 2)
    assert state.phase == "invest" and state.round == 2 and state.wards[2].controller == 1


def _scarce(workers=3, saboteur=False, first=0):
    """BW-TEST-10: Ward I has a P0 Textile Mill and a P1 Colliery (both S = 2); P0 wins control as start player."""
    state = bare(first=first)
    state = clear(state, 0)
    state, mill = build(state, 0, "F-TM", 0)
    state, coll = build(state, 0, "F-CO", 1)
    state = ward(state, 0, workers=workers, saboteur=(saboteur, False))
    return state, mill, coll


def test_bw_alloc_02_scarce_controller_chooses():
    """BW-ALLOC-02, BW-LABOR-06: with 3 workers only one minimum fits; the controller picks it; the rest idle, no overwork."""
    state, mill, coll = _scarce()
    _, state = labor_from(state, 0)
    assert GAME.legal_actions(state, 0) == [Staff(uid=mill), Staff(uid=coll)]
    assert GAME.legal_actions(state, 1) == []
    events, state = act(GAME, state, 0, Staff(uid=coll))
    dice = of(events, DiceRolled)[0]
    assert dice.faces == ()
    produced = of(events, FactoryProduced)
    assert [(e.player, e.uid) for e in produced] == [(1, coll)]


def test_bw_alloc_01_minimums_before_overwork():
    """BW-ALLOC-01, BW-LABOR-06: with 5 workers both minimums (the rival's too) come first; then overwork is optional."""
    state, mill, coll = _scarce(workers=5)
    _, state = labor_from(state, 0)
    _, state = act(GAME, state, 0, Staff(uid=mill))
    assert GAME.legal_actions(state, 0) == [Staff(uid=coll)]
    _, state = act(GAME, state, 0, Staff(uid=coll))
    assert GAME.legal_actions(state, 0) == [Overwork(uid=mill), Overwork(uid=coll), FinishAllocation()]
    events, state = act(GAME, state, 0, FinishAllocation())
    assert of(events, DiceRolled)[0].faces == ()


def test_bw_alloc_03_saboteur_leaves_rival_unstaffed():
    """BW-ALLOC-03, GAP-14: with a Saboteur the controller may leave the rival's Colliery empty and overwork the Mill."""
    state, mill, coll = _scarce(saboteur=True)
    _, state = labor_from(state, 0)
    assert GAME.legal_actions(state, 0) == [Staff(uid=mill)]
    _, state = act(GAME, state, 0, Staff(uid=mill))
    assert GAME.legal_actions(state, 0) == [Overwork(uid=mill), FinishAllocation()]
    state = rigged(state, (DIE_TEXTILE,))
    events, state = act(GAME, state, 0, Overwork(uid=mill))
    assert of(events, DiceRolled)[0].faces == (DIE_TEXTILE,)
    assert [(e.player, e.uid) for e in of(events, FactoryProduced)] == [(0, mill)]


def test_bw_alloc_03_saboteur_useless_without_control():
    """BW-ALLOC-03: P0's Saboteur does nothing when P1 controls the Ward (P1 must staff P0's Mill if workers allow)."""
    state, mill, coll = _scarce(workers=4, saboteur=True, first=1)
    _, state = labor_from(state, 0)
    assert state.wards[0].controller == 1
    _, state = act(GAME, state, 1, Staff(uid=coll))
    assert GAME.legal_actions(state, 1) == [Staff(uid=mill)]


def test_bw_alloc_04_bw_prod_01_owner_produces_under_rival_control():
    """BW-ALLOC-04, BW-PROD-01, BW-CARD-02: a safely staffed Factory pays its owner, whoever controls the Ward."""
    state, mill, coll = _scarce(workers=4)
    _, state = labor_from(state, 0)
    _, state = act(GAME, state, 0, Staff(uid=mill))
    events, state = act(GAME, state, 0, Staff(uid=coll))
    assert state.players[1].res == (0, 0, 1)
    assert state.players[0].res == (1, 0, 0) and state.players[0].cash == 5 + 1  # Textile Mill's $1


def _push(strikers=2, relief_office=False, cash=5, faces=(STRIKE, RELIEF, DIE_COAL)):
    """BW-TEST-11: Ward III, P1 controls with an upgraded Colliery (S 2, 3 slots), 5 workers, 3 overworked."""
    state = bare(first=1)
    state = clear(state, 2)
    state, coll = build(state, 2, "F-CO", 1, upgraded=True)
    if relief_office:
        state, _ = build(state, 2, "I-REL", 1)
    state = ward(state, 2, workers=5, strikers=strikers)
    state = player(state, 1, cash=cash)
    _, state = labor_from(state, 2)
    state = rigged(state, faces)
    _, state = act(GAME, state, 1, Staff(uid=coll))
    for _ in range(2):
        _, state = act(GAME, state, 1, Overwork(uid=coll))
    events, state = act(GAME, state, 1, Overwork(uid=coll))
    return state, events, coll


def test_bw_labor_07_one_die_per_overworked_worker():
    """BW-LABOR-07: three workers beyond safe staffing roll three Labor dice."""
    state, events, _ = _push()
    assert of(events, DiceRolled)[0].faces == (STRIKE, RELIEF, DIE_COAL)
    assert GAME.legal_actions(state, 1) == [PayRelief(die=1), SettlePush()]


def test_bw_die_01_bw_labor_08_relief_nets_the_strike():
    """BW-DIE-01, BW-LABOR-08, BW-PROD-02, BW-PROD-03, GAP-16: paying $2 nets Strike and Relief: stable, production, Coal, growth."""
    state, _, coll = _push()
    events, state = act(GAME, state, 1, PayRelief(die=1))
    assert state.players[1].cash == 3
    # nothing is left to decide, so the Push settles at once
    assert state.wards[2].strikers == 2 and not state.wards[2].riot
    assert state.players[1].res == (0, 0, 2 + 1)
    assert of(events, WorkersGrew)[0].workers == 6


def test_bw_die_05_bw_prod_03_unpaid_strike_riots_nothing_produced():
    """BW-DIE-05, BW-PROD-03, BW-RIOT-02: without Relief the Strike makes 3 strikers: Riot, no production, no Coal, no growth."""
    state, _, _ = _push()
    events, state = act(GAME, state, 1, SettlePush())
    assert of(events, RiotIgnited) and state.wards[2].riot
    assert not of(events, FactoryProduced) and not of(events, MaterialsCollected) and not of(events, WorkersGrew)
    assert state.players[1].res == (0, 0, 0)


def test_relief_office_makes_relief_cost_1():
    """I-REL (BW-TEST-11): with a Relief Office, Relief costs $1."""
    state, _, _ = _push(relief_office=True)
    _, state = act(GAME, state, 1, PayRelief(die=1))
    assert state.players[1].cash == 4


def test_bw_die_02_03_04_material_faces():
    """BW-DIE-02, BW-DIE-03, BW-DIE-04, BW-PROD-02: Textile, Cement and Coal faces each give the controller 1 of that resource."""
    state, events, _ = _push(strikers=0, faces=(DIE_TEXTILE, DIE_CEMENT, DIE_COAL))
    assert state.players[1].res == (1, 1, 1 + 2)


def test_bw_die_05_strike_locks_union_hall():
    """BW-DIE-05, GAP-28, BW-PRIO-02: a Strike die cannot be re-rolled; a Union Hall may re-roll one other die once."""
    state = bare(first=1)
    state = clear(state, 2)
    state, coll = build(state, 2, "F-CO", 1)
    state, _ = build(state, 2, "I-UH", 1)
    state = ward(state, 2, workers=4)
    _, state = labor_from(state, 2)
    state = rigged(state, (STRIKE, DIE_TEXTILE, RELIEF))
    _, state = act(GAME, state, 1, Staff(uid=coll))
    _, state = act(GAME, state, 1, Overwork(uid=coll))
    _, state = act(GAME, state, 1, Overwork(uid=coll))
    legal = GAME.legal_actions(state, 1)
    assert Reroll(die=0) not in legal and Reroll(die=1) in legal
    _, state = act(GAME, state, 1, Reroll(die=1))
    assert state.labor.dice[0] == STRIKE and state.labor.dice[1] == RELIEF
    assert not any(isinstance(a, Reroll) for a in GAME.legal_actions(state, 1))


def test_factory_inspector_cancels_a_strike():
    """O-INS, BW-PRIO-01: once per Labor the controller cancels one Strike before settling."""
    state = bare(first=1)
    state = clear(state, 2)
    state, coll = build(state, 2, "F-CO", 1)
    state = ward(state, 2, workers=4, strikers=2)
    state = player(state, 1, officials=("O-INS",))
    _, state = labor_from(state, 2)
    state = rigged(state, (STRIKE, STRIKE))
    _, state = act(GAME, state, 1, Staff(uid=coll))
    _, state = act(GAME, state, 1, Overwork(uid=coll))
    _, state = act(GAME, state, 1, Overwork(uid=coll))
    assert GAME.legal_actions(state, 1) == [CancelStrike(die=0), CancelStrike(die=1), SettlePush()]
    events, state = act(GAME, state, 1, CancelStrike(die=0))
    assert state.wards[2].riot  # 2 + 1 = 3: one Strike still counts


# --- recovery -------------------------------------------------------------------------------------


def _recovering(faces):
    """BW-TEST-03: Ward IV is in Riot from an earlier round; P0 owns a Building there and wins its contest."""
    state = bare()
    state = clear(state, 3)
    state, _ = build(state, 3, "F-CP", 0)
    state = ward(state, 3, riot=True, strikers=3)
    state, _ = build(state, 0, "F-TW", 1)
    _, state = labor_from(state, 3)
    assert state.labor.step == "recover" and state.wards[3].controller == 0
    return rigged(state, faces)


def test_bw_riot_05_06_08_recovery_ends_on_strike():
    """BW-RIOT-05, BW-RIOT-06, BW-RIOT-08: contest, then recovery instead of production; Coal, Textile re-rolled, then Strike: the Riot goes on."""
    state = _recovering((DIE_COAL, DIE_TEXTILE, STRIKE))
    assert GAME.legal_actions(state, 0) == [RollRecovery(), StopRecovery()]
    _, state = act(GAME, state, 0, RollRecovery())
    _, state = act(GAME, state, 0, RollRecovery())
    events, state = act(GAME, state, 0, RollRecovery())
    assert state.wards[3].riot and state.wards[3].strikers == 3 and state.players[0].res == (0, 0, 0)
    assert not of(events, FactoryProduced)


def test_bw_riot_09_keep_a_material():
    """BW-RIOT-09 (BW-TEST-03 variant A): the controller keeps a Cement roll: +1 Cement, the Riot goes on."""
    state = _recovering((DIE_CEMENT,))
    _, state = act(GAME, state, 0, RollRecovery())
    _, state = act(GAME, state, 0, StopRecovery())
    assert state.players[0].res == (0, 1, 0) and state.wards[3].riot


def test_bw_riot_07_relief_ends_the_riot():
    """BW-RIOT-07 (variant B): Relief removes a striker for free and ends the Riot; no production or growth."""
    state = _recovering((RELIEF,))
    cash = state.players[0].cash
    events, state = act(GAME, state, 0, RollRecovery())
    ward3 = state.wards[3]
    assert not ward3.riot and ward3.strikers == 2 and state.players[0].cash == cash
    assert not of(events, FactoryProduced) and not of(events, WorkersGrew) and ward3.workers == 3


def test_bw_riot_06_third_material_kept_automatically():
    """BW-RIOT-06, BW-RIOT-09 (variant C): at most three rolls; a third-roll material is kept automatically."""
    state = _recovering((DIE_COAL, DIE_COAL, DIE_TEXTILE))
    for _ in range(3):
        _, state = act(GAME, state, 0, RollRecovery())
    assert state.players[0].res == (1, 0, 0) and state.wards[3].riot and state.labor.step != "recover"


def test_recovery_may_be_declined():
    """GAP-18 (variant D): the controller may decline to roll."""
    state = _recovering((RELIEF,))
    events, state = act(GAME, state, 0, StopRecovery())
    assert state.wards[3].riot and state.players[0].res == (0, 0, 0)


def test_bw_place_10_infrastructure_takes_no_workers():
    """BW-PLACE-10: only player-owned Factories take workers; Infrastructure and neutral Factories never appear in allocation."""
    state = bare()
    state, tw = build(state, 0, "F-TW", 0)
    state, _ = build(state, 0, "I-UH", 0)
    _, state = labor_from(state, 0)
    assert GAME.legal_actions(state, 0) == [Staff(uid=tw)]


def test_commit_order_does_not_change_the_result():
    """Simultaneous choices: P0 first or P1 first, the reveal and the contest come out the same (BW-CONTEST-03)."""
    state = open_contest()
    ea, a = act(GAME, state, 0, A.Commit(gangster="G-HEA"))
    more, a = act(GAME, a, 1, A.Commit(gangster="G-FIX"))
    eb, b = act(GAME, state, 1, A.Commit(gangster="G-FIX"))
    more_b, b = act(GAME, b, 0, A.Commit(gangster="G-HEA"))
    assert of(more, CommitmentsRevealed) == of(more_b, CommitmentsRevealed)
    assert of(more, ContestWon) == of(more_b, ContestWon) and state_digest(a) == state_digest(b)
    # 1 (Coal Pit) + 4 (Heavy) against 1 (Cement Kiln) + 1 (Fixer)
    assert of(more, ContestWon)[0].totals == (5, 2)


def test_a_committed_seat_cannot_change_or_repeat_its_commitment():
    """A commitment is final: a second one is refused and leaves the sealed choice as it was."""
    _, state = act(GAME, open_contest(), 0, A.Commit(gangster="G-HEA"))
    for again in (A.Commit(gangster=""), A.Commit(gangster="G-BRU"), A.Commit(gangster="G-HEA")):
        exc = refusal(state, 0, again)
        assert exc.code == "turn/not_your_turn"
        assert "G-FIX" not in exc.message and "Fixer" not in exc.message
    assert GAME.legal_actions(state, 0) == []


def test_relief_not_offered_without_the_cash():
    """BW-DIE-01, GAP-07: a Relief the controller cannot pay for is not offered (nothing goes below $0)."""
    state = clear(player(bare(first=0), 0, cash=1), 0)
    state, coll = build(state, 0, "F-CO", 0)
    state = ward(state, 0, workers=3)
    _, state = labor_from(state, 0)
    state = rigged(state, (RELIEF,))
    _, state = act(GAME, state, 0, A.Staff(uid=coll))
    assert relief_cost(state, 0, 0) == 2
    events, state = act(GAME, state, 0, A.Overwork(uid=coll))
    # $1 < $2: nothing to decide, so the Push settled by itself without payment
    assert [type(e).__name__ for e in events if type(e).__name__ in ("DiceRolled", "ReliefPaid", "PushSettled")] == ["DiceRolled", "PushSettled"]
    assert state.players[0].cash == 1


def test_both_magistrate_and_start_player_tie_rules():
    """BW-CONTEST-05: with equal totals the Magistrate holder wins even when the rival starts; with no Magistrate the
    starting player wins (whichever seat that is)."""
    state = bare(first=1)
    assert contest_winner(state, (4, 4)) == 1
    assert contest_winner(replace(state, start_player=0), (4, 4)) == 0
    assert contest_winner(player(state, 0, officials=("O-MAG",)), (4, 4)) == 0
    assert contest_winner(player(state, 1, officials=("O-MAG",)), (4, 4)) == 1
    assert contest_winner(player(state, 0, officials=("O-MAG",)), (3, 4)) == 1  # a Magistrate only breaks ties
