"""Whole checklist scenarios played through decide (BW-TEST-12, BW-TEST-13) and clauses whose first tests
could not tell a right implementation from a wrong one. Every number is worked out by hand from the
rulebook and the catalog (GAP-03), never read back from the code."""

from __future__ import annotations

from boardcore import Rng
from boardcore.testing import act, refused
from games.bellwether import GAME
from games.bellwether.actions import (
    BuyConstruction,
    BuyNeutral,
    CancelStrike,
    ChooseLoss,
    EndTurn,
    FinishAllocation,
    Overwork,
    Place,
    PlayJob,
    SettlePush,
    Staff,
    Upgrade,
)
from games.bellwether.board import available_workers
from games.bellwether.catalog import BUILDINGS, DIE_CEMENT, DIE_COAL, DIE_FACES, DIE_TEXTILE, GANGSTERS, OFFICIALS, RELIEF, STRIKE, deck
from games.bellwether.events import ContestWon, DiceRolled, FactoryProduced, MaterialsCollected
from games.bellwether.scoring import consolidation_result, net_worth, standing
from games.bellwether.state import Ward

from .helpers import bare, build, clear, finish_labor, labor_from, labor_through, of, player, replace, rigged, to_labor, ward

# --- BW-TEST-12: placement limits -------------------------------------------------------------------


def test_bw_test_12_placement_limits_bw_place_01_03_04_05_06_07():
    """BW-PLACE-01, BW-PLACE-03, BW-PLACE-04, BW-PLACE-05, BW-PLACE-06, BW-PLACE-07 (BW-TEST-12): one placement per turn,
    a neutral purchase is not a placement, buying and placing are separate actions of one turn; the rejections of the scenario."""
    state = player(bare(first=0), 0, cash=10)
    _, state = act(GAME, state, 0, Place(card="F-TW", ward=1))  # P0's Textile Workshop in II
    _, state = act(GAME, state, 0, BuyNeutral(ward=2))  # III's neutral Textile Workshop: $2 + our $1 premium
    assert state.players[0].cash == 7 and state.wards[2].buildings[0].owner == 0
    refused(GAME, state, 0, Place(card="T-BH", ward=1), "place/one_per_turn")
    _, state = act(GAME, state, 0, EndTurn())
    # P1: buy a card and place it in the same turn (two actions)
    state = replace(state, construction_market=("F-CK", *state.construction_market[1:]))
    _, state = act(GAME, state, 1, BuyConstruction(slot=0))
    assert "F-CK" in state.players[1].hand and not state.placed
    _, state = act(GAME, state, 1, Place(card="F-CK", ward=3))
    assert [b.card for b in state.wards[3].buildings if b.owner == 1] == ["F-CK"]
    _, state = act(GAME, state, 1, EndTurn())
    _, state = finish_labor(state)
    # next round: P1 starts; then P0 places the Boarding House in II (own Factory there), not in IV (none)
    _, state = act(GAME, state, 1, EndTurn())
    refused(GAME, state, 0, Place(card="T-BH", ward=3), "place/needs_factory")
    assert Place(card="T-BH", ward=1) in GAME.legal_actions(state, 0)
    # a Ward with 4 Factories, and a Ward in Riot, take nothing; a rioting Ward's neutral Factory is not for sale
    full = state
    for card in ("F-CK", "F-CO", "F-TM"):
        full, _ = build(full, 0, card, 1)
    refused(GAME, full, 0, Place(card="T-BH", ward=0), "place/needs_factory")
    refused(GAME, player(full, 0, hand=("F-CP",)), 0, Place(card="F-CP", ward=0), "place/no_space")
    rioting = ward(state, 1, riot=True, strikers=3)
    refused(GAME, rioting, 0, Place(card="T-BH", ward=1), "place/rioting")
    refused(GAME, ward(state, 0, riot=True, strikers=3), 0, BuyNeutral(ward=0), "neutral/rioting")
    _, state = act(GAME, state, 0, Place(card="T-BH", ward=1))
    assert [b.card for b in state.wards[1].buildings if b.owner == 0] == ["F-TW", "T-BH"]


# --- BW-TEST-13: upgrades ----------------------------------------------------------------------------------


def test_bw_test_13_upgraded_coal_pit_bw_upg_01_02_03():
    """BW-UPG-01, BW-UPG-02, BW-UPG-03 (BW-TEST-13): a Coal Pit upgraded for $3 produces 2 Coal and takes 2 overwork dice; a
    second upgrade is refused."""
    state = clear(player(bare(first=0), 0, cash=3), 1)
    state, pit = build(state, 1, "F-CP", 0)
    state = ward(state, 1, workers=4)
    _, state = act(GAME, state, 0, Upgrade(uid=pit))
    assert state.players[0].cash == 0
    refused(GAME, player(state, 0, cash=9), 0, Upgrade(uid=pit), "upgrade/once")
    _, state = labor_from(state, 1)
    state = rigged(state, (DIE_TEXTILE, DIE_CEMENT))
    _, state = act(GAME, state, 0, Staff(uid=pit))
    _, state = act(GAME, state, 0, Overwork(uid=pit))
    assert GAME.legal_actions(state, 0) == [Overwork(uid=pit), FinishAllocation()]  # the second slot
    events, state = act(GAME, state, 0, Overwork(uid=pit))  # both slots used: the Push follows by itself
    assert of(events, DiceRolled)[0].faces == (DIE_TEXTILE, DIE_CEMENT)
    assert [(e.uid, e.amount) for e in of(events, FactoryProduced)] == [(pit, 2)]
    assert state.players[0].res == (1, 1, 2)


def test_bw_test_13_unupgraded_coal_pit_has_one_slot_and_produces_one():
    """BW-UPG-02, BW-UPG-03 (control case): without the upgrade the same Coal Pit takes 1 overwork die and produces 1."""
    state = clear(bare(first=0), 1)
    state, pit = build(state, 1, "F-CP", 0)
    state = ward(state, 1, workers=4)
    _, state = labor_from(state, 1)
    state = rigged(state, (DIE_TEXTILE,))
    _, state = act(GAME, state, 0, Staff(uid=pit))
    events, state = act(GAME, state, 0, Overwork(uid=pit))
    assert of(events, DiceRolled)[0].faces == (DIE_TEXTILE,)
    assert state.players[0].res == (1, 0, 1)


def test_bw_test_13_upgraded_boarding_house_adds_a_worker_this_labor_bw_upg_04():
    """BW-UPG-04 (BW-TEST-13): upgrading a Boarding House in Invest & Build adds its +1 worker in this round's Labor:
    3 + 1 + 1 = 5 workers staff a Colliery (2) and a Workshop (1) and overwork twice (4 would allow once)."""
    state = clear(player(bare(first=0), 0, cash=2), 0)
    state, coll = build(state, 0, "F-CO", 0)
    state, tw = build(state, 0, "F-TW", 0)
    state, bh = build(state, 0, "T-BH", 0)
    assert available_workers(state.wards[0]) == 4
    _, state = act(GAME, state, 0, Upgrade(uid=bh))
    assert state.players[0].cash == 0 and available_workers(state.wards[0]) == 5
    _, state = labor_from(state, 0)
    state = rigged(state, (DIE_COAL, DIE_COAL))
    _, state = act(GAME, state, 0, Staff(uid=coll))
    _, state = act(GAME, state, 0, Staff(uid=tw))
    _, state = act(GAME, state, 0, Overwork(uid=coll))
    assert Overwork(uid=coll) in GAME.legal_actions(state, 0)
    events, state = act(GAME, state, 0, Overwork(uid=coll))
    assert len(of(events, DiceRolled)[0].faces) == 2


def test_bw_test_13_upgraded_building_lost_whole_bw_upg_05():
    """BW-UPG-05, BW-RIOT-03 (BW-TEST-13): an upgraded Coal Pit lost to a Riot goes as one Building: the lost counter rises by 1
    and Net Worth drops by its cost value ($2) plus its upgrade ($3)."""
    state = clear(player(bare(first=1), 1, gangsters=("G-BRU",)), 1)
    state = replace(state, turn=1)
    state, pit = build(state, 1, "F-CP", 0, upgraded=True)
    state, tw = build(state, 1, "F-TW", 0)
    state = ward(state, 1, strikers=2, controller=0)
    state, _ = build(state, 3, "F-TW", 1)  # a calm claimed Ward elsewhere: no Revolution
    before = net_worth(state, 0)
    _, state = act(GAME, state, 1, PlayJob(gangster="G-BRU", ward=1))
    assert GAME.legal_actions(state, 0) == [ChooseLoss(uid=pit), ChooseLoss(uid=tw)]
    _, state = act(GAME, state, 0, ChooseLoss(uid=pit))
    assert state.players[0].lost == 1 and [b.uid for b in state.wards[1].buildings] == [tw]
    assert net_worth(state, 0) == before - (2 + 3)


# --- clauses whose first tests were too weak -----------------------------------------------------------


def test_bw_prod_02_dice_materials_go_to_the_controller_not_the_owner():
    """BW-PROD-02, BW-PROD-01, BW-ALLOC-04: P0 controls Ward I (power 2 v 1); P1's Coal Pit is overworked and the die shows
    Cement: P0 (the controller) collects the Cement, P1 (the owner) gets the Coal Pit's safe Coal."""
    state = clear(bare(first=0), 0)
    state, tw = build(state, 0, "F-TW", 0)
    state, _ = build(state, 0, "T-BH", 0)
    state, pit = build(state, 0, "F-CP", 1)
    _, state = labor_from(state, 0)
    assert state.wards[0].controller == 0
    state = rigged(state, (DIE_CEMENT,))
    _, state = act(GAME, state, 0, Staff(uid=pit))  # the rival's Factory first: the dice still pay the controller
    _, state = act(GAME, state, 0, Staff(uid=tw))
    _, state = act(GAME, state, 0, Overwork(uid=pit))
    events, state = act(GAME, state, 0, FinishAllocation())
    assert [(e.player, e.res) for e in of(events, MaterialsCollected)] == [(0, (0, 1, 0))]
    assert state.players[0].res == (1, 1, 0) and state.players[1].res == (0, 0, 1)


def test_bw_die_faces_gap_05():
    """BW-DIE-01, BW-DIE-02, BW-DIE-03, BW-DIE-04, BW-DIE-05, GAP-05: the six faces are Relief, Textile, Cement, Coal and Strike twice (P(Strike) = 1/3)."""
    assert DIE_FACES == (RELIEF, DIE_TEXTILE, DIE_CEMENT, DIE_COAL, STRIKE, STRIKE)
    assert len({RELIEF, DIE_TEXTILE, DIE_CEMENT, DIE_COAL, STRIKE}) == 5


def test_bw_contest_06_next_contest_takes_control_away():
    """BW-CONTEST-06: control won in round 1 holds through round 2's Invest & Build and changes at round 2's contest."""
    state = clear(bare(first=0), 2)
    state, _ = build(state, 2, "F-CK", 1)
    _, state = labor_through(state, 2)
    assert state.wards[2].controller == 1 and state.round == 2
    state, _ = build(state, 2, "F-TW", 0)
    state = player(state, 0, officials=("O-ALD",))  # P0: 1 + 2 = 3 against P1's 1
    assert state.wards[2].controller == 1  # nothing changes before the contest
    _, state = labor_from(state, 2)
    assert state.wards[2].controller == 0


def test_bw_round_05_workers_return_for_the_next_labor():
    """BW-ROUND-05: workers used in one Labor are all back in the next one (the pool grew from 4 to 5 meanwhile)."""
    state = clear(bare(first=0), 0)
    state, coll = build(state, 0, "F-CO", 0)
    state = ward(state, 0, workers=4)
    _, state = labor_from(state, 0)
    state = rigged(state, (DIE_COAL, DIE_COAL))
    _, state = act(GAME, state, 0, Staff(uid=coll))
    _, state = act(GAME, state, 0, Overwork(uid=coll))
    _, state = act(GAME, state, 0, Overwork(uid=coll))
    _, state = finish_labor(state)
    assert state.labor is None and state.wards[0].workers == 5
    _, state = act(GAME, state, 1, EndTurn())
    _, state = to_labor(state)
    state = rigged(state, (DIE_COAL, DIE_COAL))
    _, state = act(GAME, state, 0, Staff(uid=coll))
    _, state = act(GAME, state, 0, Overwork(uid=coll))
    assert GAME.legal_actions(state, 0) == [Overwork(uid=coll), FinishAllocation()]


def _six_ward_state(influence=(10, 10), cash=(5, 5)):
    """A made-up board with six Wards (GAP-22 asks for one): each player controls three calm Wards with a Coal Pit."""
    state = bare()
    wards = []
    for w in range(6):
        owner = 0 if w < 3 else 1
        wards.append(Ward(workers=3, controller=owner, buildings=(state.wards[0].buildings[0].__class__(uid=100 + w, card="F-CP", owner=owner),)))
    state = replace(state, wards=tuple(wards))
    officials = {10: ("O-MAY", "O-COU", "O-COU"), 11: ("O-MAY", "O-MAY", "O-COU"), 9: ("O-MAY", "O-COU", "O-ALD")}
    for p in (0, 1):
        state = player(state, p, officials=officials[influence[p]], cash=cash[p], hand=())
    return state


def test_bw_end_02_both_qualify_wards_then_influence_then_net_worth():
    """BW-END-02, GAP-22: when both players qualify, Influence decides between equal Ward counts, then Net Worth; then a draw."""
    state = _six_ward_state(influence=(11, 10))
    assert standing(state, 0) == (3, 11, 5 + 3 * 2) and standing(state, 1) == (3, 10, 5 + 3 * 2)
    assert consolidation_result(state).winners == (0,)
    richer = _six_ward_state(cash=(5, 6))
    assert consolidation_result(richer).winners == (1,)
    assert consolidation_result(_six_ward_state()).winners == ()
    # one more calm controlled Ward outranks more Influence
    more_wards = replace(state, wards=(*state.wards[:2], replace(state.wards[2], controller=1), *state.wards[3:]))
    more_wards = player(player(more_wards, 0, officials=("O-MAY", "O-MAY", "O-MAY")), 1, officials=("O-MAY", "O-COU", "O-COU"))
    assert standing(more_wards, 0)[:2] == (2, 12) and consolidation_result(more_wards).winners == (1,)


def test_market_slot_refills_from_the_deck_top_in_order_gap_08():
    """BW-IB-03, GAP-08, BW-RNG-07: each purchase refills its slot with the current deck top, and the deck shrinks by one."""
    state = player(bare(first=0), 0, cash=20, res=(3, 3, 3))
    state = replace(state, construction_market=("F-CP", "F-CK", "F-TW", "T-BH"), construction_deck=("I-TR", "F-CO", "T-RH"))
    _, state = act(GAME, state, 0, BuyConstruction(slot=1))
    assert state.construction_market == ("F-CP", "I-TR", "F-TW", "T-BH") and state.construction_deck == ("F-CO", "T-RH")
    _, state = act(GAME, state, 0, BuyConstruction(slot=1))
    assert state.construction_market == ("F-CP", "F-CO", "F-TW", "T-BH") and state.construction_deck == ("T-RH",)
    assert state.players[0].hand == ("F-CK", "F-TW", "I-TR", "T-BH")


def test_peacemaker_and_arsonist_need_a_ward_not_in_riot():
    """GAP-03 (G-PEA, G-ARS): a Peacemaker or an Arsonist cannot target a Ward in Riot; a Bruiser can while it has room."""
    state = player(bare(first=0), 0, gangsters=("G-ARS", "G-BRU", "G-PEA"))
    state, _ = build(state, 2, "F-CP", 1)
    state, bh = build(state, 2, "T-BH", 1)
    state = ward(state, 2, riot=True, strikers=2)
    legal = GAME.legal_actions(state, 0)
    assert PlayJob(gangster="G-PEA", ward=2) not in legal and PlayJob(gangster="G-PEA", ward=1) in legal
    assert PlayJob(gangster="G-ARS", ward=2, target=bh) not in legal
    assert PlayJob(gangster="G-BRU", ward=2) in legal
    refused(GAME, state, 0, PlayJob(gangster="G-PEA", ward=2), "job/rioting")
    refused(GAME, state, 0, PlayJob(gangster="G-ARS", ward=2, target=bh), "job/rioting")


def test_heavy_job_adds_two_to_its_players_contest_total():
    """G-HEA Job (BW-IB-07, GAP-11): +2 to the player's contest total in that Ward this round: 1 + 2 = 3 beats the rival's 2."""
    state = clear(player(bare(first=1), 0, gangsters=("G-HEA",)), 0)
    state, _ = build(state, 0, "F-CP", 0)
    state, _ = build(state, 0, "F-CK", 1)
    state, _ = build(state, 0, "T-BH", 1)
    state = replace(state, turn=1, turns_done=0)
    _, state = act(GAME, state, 1, EndTurn())
    _, state = act(GAME, state, 0, PlayJob(gangster="G-HEA", ward=0))
    assert state.wards[0].heavy == (2, 0)
    events, state = act(GAME, state, 0, EndTurn())
    won = of(events, ContestWon)  # Ward I is the only claimed Ward, so Labor starts there by itself
    assert won[0].totals == (1 + 2, 2) and won[0].winner == 0


def test_factory_inspector_cancels_only_strike_dice():
    """O-INS: only a die showing Strike can be cancelled; a Relief or a material cannot."""
    state = clear(player(bare(first=1), 1, officials=("O-INS",), cash=0), 2)
    state, coll = build(state, 2, "F-CO", 1, upgraded=True)  # 3 overwork slots
    state = ward(state, 2, workers=5)
    _, state = labor_from(state, 2)
    state = rigged(state, (RELIEF, STRIKE, DIE_COAL))
    _, state = act(GAME, state, 1, Staff(uid=coll))
    for _ in range(3):
        _, state = act(GAME, state, 1, Overwork(uid=coll))
    assert state.labor.dice == (RELIEF, STRIKE, DIE_COAL)
    assert GAME.legal_actions(state, 1) == [CancelStrike(die=1), SettlePush()]


def test_factory_inspector_cancel_keeps_the_ward_calm():
    """O-INS, BW-PRIO-01: 2 strikers and one Strike die; the cancelled Strike adds nothing: 2 strikers, production paid."""
    state = clear(player(bare(first=1), 1, officials=("O-INS",)), 2)
    state, coll = build(state, 2, "F-CO", 1)
    state = ward(state, 2, workers=3, strikers=2)
    _, state = labor_from(state, 2)
    state = rigged(state, (STRIKE,))
    _, state = act(GAME, state, 1, Staff(uid=coll))
    _, state = act(GAME, state, 1, Overwork(uid=coll))
    events, state = act(GAME, state, 1, CancelStrike(die=0))
    assert state.wards[2].strikers == 2 and not state.wards[2].riot
    assert [(e.player, e.amount) for e in of(events, FactoryProduced)] == [(1, 1)]


def test_a_ward_in_riot_never_reignites():
    """GAP-17 item 3: a quelled Ward still in Riot (2 strikers) that is brought back to 3 by a Bruiser does not ignite again:
    no second loss, no second spread."""
    state = player(bare(first=0), 0, gangsters=("G-BRU",))
    state, _ = build(clear(state, 1), 1, "F-CP", 1)
    state, _ = build(state, 3, "F-TW", 0)
    state = ward(state, 1, riot=True, strikers=2, controller=1)
    events, state = act(GAME, state, 0, PlayJob(gangster="G-BRU", ward=1))
    assert state.wards[1].strikers == 3 and state.wards[1].riot
    assert [type(e).__name__ for e in events] == ["JobPlayed", "StrikerAdded"]
    assert [w.strikers for w in state.wards] == [0, 3, 0, 0] and state.riots == ()


def test_agitator_needs_job_room_in_the_receiving_ward():
    """GAP-19: an Agitator's Job affects both Wards, so it is illegal when the receiving Ward has used its Job limit."""
    state = player(bare(first=0), 0, gangsters=("G-AGI",))
    state = ward(ward(state, 1, strikers=1), 2, jobs=3)
    legal = GAME.legal_actions(state, 0)
    assert PlayJob(gangster="G-AGI", ward=1, target=2) not in legal and PlayJob(gangster="G-AGI", ward=1, target=0) in legal


def test_setup_draw_order_bw_rng_01_to_06():
    """BW-RNG-01..06, BW-SETUP-07: coin flip, then the Construction, Official and Gangster shuffles; Gangsters are dealt from
    the top, first player first, alternating; the markets are the top 4 and top 3 cards."""
    for seed in (3, 8):
        rng = Rng.from_seed(seed)
        flip, rng = rng.below(2)
        construction, rng = rng.shuffle(deck(BUILDINGS))
        officials, rng = rng.shuffle(deck(OFFICIALS))
        gangsters, rng = rng.shuffle(deck(GANGSTERS))
        state = GAME.setup(GAME.config(2), seed)
        first = flip
        assert state.start_player == first
        assert state.players[first].gangsters == tuple(sorted((gangsters[0], gangsters[2])))
        assert state.players[1 - first].gangsters == tuple(sorted((gangsters[1], gangsters[3])))
        assert state.gangster_deck == gangsters[4:]
        assert state.construction_market == construction[:4] and state.official_market == officials[:3]


def test_bw_riot_10_agitator_third_striker_riots_at_once():
    """BW-RIOT-10, BW-RIOT-11: an Agitator moving a third striker into a calm Ward ignites it at once, outside Labor; its
    controller's loss and the spread are settled before the mover's turn goes on."""
    state = player(bare(first=0), 0, gangsters=("G-AGI",))
    state, pit = build(clear(state, 2), 2, "F-CP", 1)
    state, bh = build(state, 2, "T-BH", 1)
    state, _ = build(state, 0, "F-TW", 0)
    state = ward(ward(state, 1, strikers=1), 2, strikers=2, controller=1)
    _, state = act(GAME, state, 0, PlayJob(gangster="G-AGI", ward=1, target=2))
    assert state.wards[2].riot and state.wards[1].strikers == 0
    assert GAME.actors(state) == frozenset({1}) and GAME.legal_actions(state, 0) == []
    _, state = act(GAME, state, 1, ChooseLoss(uid=bh))
    assert [w.strikers for w in state.wards] == [0, 1, 3, 1]  # II got 1 back from the spread, IV 1
    assert GAME.actors(state) == frozenset({0}) and state.phase == "invest"
