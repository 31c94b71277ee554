"""Invest & Build: the Exchange, purchases, upgrades, placement, neutral Factories, Jobs and quelling."""

from __future__ import annotations

from boardcore import Rng
from boardcore.testing import act, refused
from games.bellwether import GAME
from games.bellwether import actions as A
from games.bellwether.actions import (
    BuyConstruction,
    BuyNeutral,
    BuyResource,
    ChooseLoss,
    EndTurn,
    HireGangster,
    Place,
    PlayJob,
    Quell,
    RecruitOfficial,
    SellResource,
    Upgrade,
)
from games.bellwether.board import available_workers, claimed, influence, overwork_slots, relief_cost, ward_power
from games.bellwether.events import CashTaken, GangstersInspected, JobPlayed, RiotIgnited, StrikersRemoved
from games.bellwether.phases.contest import contest_totals, contest_winner
from games.bellwether.phases.unrest import remove_building
from games.bellwether.presentation import PRESENTATION
from games.bellwether.scoring import net_worth
from games.bellwether.state import Building

from .helpers import build, clear, new, of, player, refusal, replace, ward


def legal(state, seat=0):
    return GAME.legal_actions(state, seat)


# --- the Exchange and purchases -------------------------------------------------------------


def test_bw_ib_01_any_order_as_often_as_affordable():
    """BW-IB-01: actions repeat in any order while affordable; the turn ends only by EndTurn."""
    state = player(new(), 0, cash=10)
    for _ in range(3):
        _, state = act(GAME, state, 0, BuyResource(resource=2))
    assert state.players[0].cash == 1 and state.players[0].res == (0, 0, 3)
    assert BuyResource(resource=0) not in legal(state)
    _, state = act(GAME, state, 0, SellResource(resource=2))
    _, state = act(GAME, state, 0, Place(card="F-TW", ward=0))
    assert GAME.actors(state) == frozenset({0}) and EndTurn() in legal(state)


def test_bw_ib_02_bw_ib_09_exchange_prices():
    """BW-IB-02, BW-IB-09, GAP-04: buy at $3, sell for $1; a Harbour Master sells two a turn at $2."""
    state = player(new(), 0, cash=3, res=(3, 0, 0))
    _, state = act(GAME, state, 0, BuyResource(resource=1))
    assert state.players[0].cash == 0 and state.players[0].res == (3, 1, 0)
    _, state = act(GAME, state, 0, SellResource(resource=0))
    assert state.players[0].cash == 1
    state = player(state, 0, officials=("O-HAR",), cash=0)
    cash = []
    for _ in range(3):
        _, state = act(GAME, state, 0, SellResource(resource=0 if state.players[0].res[0] else 1))
        cash.append(state.players[0].cash)
    assert cash == [2, 4, 5]
    refused(GAME, player(state, 0, res=(0, 0, 0)), 0, SellResource(resource=0), "exchange/nothing_to_sell")


def test_bw_ib_03_bw_place_05_buy_then_place_separately():
    """BW-IB-03, BW-PLACE-05: a bought card goes to hand (slot refilled from the deck); placing is a separate action."""
    state = replace(player(new(), 0, cash=9), construction_market=("F-CK", "T-RH", "I-CHK", "F-CO"))
    top = state.construction_deck[0]
    _, state = act(GAME, state, 0, BuyConstruction(slot=0))
    assert state.players[0].hand == ("F-CK", "F-TW", "T-BH")
    assert state.construction_market[0] == top and state.players[0].cash == 7
    assert all(b.card != "F-CK" or b.owner < 0 for w in state.wards for b in w.buildings)
    _, state = act(GAME, state, 0, Place(card="F-CK", ward=2))
    assert any(b.card == "F-CK" and b.owner == 0 for b in state.wards[2].buildings)


def test_bw_ib_04_bw_card_06_officials_public_gangsters_hidden():
    """BW-IB-04, BW-CARD-06: Officials are recruited into public play; Gangsters are hired face down for $3."""
    state = replace(player(new(), 0, cash=20), official_market=("O-ALD", "O-MAG", "O-COU"))
    _, state = act(GAME, state, 0, RecruitOfficial(slot=1))
    assert state.players[0].officials == ("O-MAG",) and state.players[0].cash == 13
    assert GAME.view(state, 1).players[0].officials == ("O-MAG",)
    top = state.gangster_deck[0]
    events, state = act(GAME, state, 0, HireGangster())
    assert top in state.players[0].gangsters and state.players[0].cash == 10
    assert GAME.redact(events[0], 1).card == ""


def test_bw_ib_05_bw_upg_01_upgrade_once_cash_only():
    """BW-IB-05, BW-UPG-01, GAP-10: your own placed Factory/Tenement upgrades once for cash; City Engineer saves $1."""
    state, uid = build(player(new(), 0, cash=10, res=(0, 0, 0)), 1, "F-CP", 0)
    state, rival = build(state, 1, "F-CK", 1)
    assert Upgrade(uid=rival) not in legal(state)
    refused(GAME, state, 0, Upgrade(uid=rival), "upgrade/not_yours")
    _, state = act(GAME, state, 0, Upgrade(uid=uid))
    assert state.players[0].cash == 7 and state.wards[1].buildings[-2].upgraded
    refused(GAME, state, 0, Upgrade(uid=uid), "upgrade/once")
    state, bh = build(state, 1, "T-BH", 0)
    state = player(state, 0, officials=("O-ENG",), cash=5)
    _, state = act(GAME, state, 0, Upgrade(uid=bh))
    assert state.players[0].cash == 4
    # upgrading is allowed in a Ward in Riot (GAP-10)
    state, kiln = build(state, 3, "F-CK", 0)
    state = ward(state, 3, riot=True, strikers=3)
    assert Upgrade(uid=kiln) in legal(state)


def test_bw_upg_02_03_upgraded_factory_stats():
    """BW-UPG-02, BW-UPG-03: an upgraded Factory produces 2 and gains an overwork slot (Colliery 2 -> 3)."""
    assert overwork_slots(Building(0, "F-CP", 0)) == 1 and overwork_slots(Building(0, "F-CP", 0, True)) == 2
    assert overwork_slots(Building(0, "F-CO", 0)) == 2 and overwork_slots(Building(0, "F-CO", 0, True)) == 3


def test_bw_upg_04_upgraded_tenement_adds_workers_immediately():
    """BW-UPG-04, BW-CARD-03: a Tenement adds its workers; an upgrade adds its extra workers at once."""
    state, _ = build(new(), 1, "F-CP", 0)
    state, bh = build(state, 1, "T-BH", 0)
    assert available_workers(state.wards[1]) == 3 + 1
    state = player(state, 0, cash=5)
    _, state = act(GAME, state, 0, Upgrade(uid=bh))
    assert available_workers(state.wards[1]) == 3 + 2


def test_bw_upg_05_upgraded_building_counts_in_net_worth_until_lost():
    """BW-UPG-05, GAP-21: Net Worth counts cost value plus upgrade; a lost upgraded Building removes both."""
    state = player(new(), 0, hand=(), cash=0)
    base = net_worth(state, 0)
    state, uid = build(state, 1, "F-CP", 0, upgraded=True)
    assert net_worth(state, 0) == base + 2 + 3
    state = remove_building(state, 1, uid)
    assert net_worth(state, 0) == base and all(b.uid != uid for b in state.wards[1].buildings)


# --- neutral Factories and placement -----------------------------------------------------------


def test_bw_ib_06_bw_place_07_neutral_factory():
    """BW-IB-06, BW-PLACE-07, GAP-06: buying a neutral Factory pays its cost, claims the Ward and keeps the placement.

    The price is the printed $2 plus our $1 premium for a Factory already standing (docs: Balance).
    """
    state = player(new(), 0, cash=6)
    _, state = act(GAME, state, 0, BuyNeutral(ward=2))
    assert state.wards[2].buildings[0].owner == 0 and state.players[0].cash == 6 - (2 + 1)
    assert not state.placed and Place(card="F-TW", ward=1) in legal(state)  # the placement is still unused
    _, state = act(GAME, state, 0, Place(card="F-TW", ward=1))
    assert net_worth(state, 0) == 3 + 2 + 2 + 2  # cash, the Workshop placed, the neutral at its printed value, the Boarding House in hand
    assert BuyNeutral(ward=0) not in legal(player(state, 0, cash=2))
    refused(GAME, player(state, 0, cash=2), 0, BuyNeutral(ward=0), "cash/insufficient")
    assert BuyNeutral(ward=0) in legal(player(state, 0, cash=3))
    assert not any(isinstance(a, BuyNeutral) and a.ward == 2 for a in legal(state))
    # a rioting Ward's neutral Factory cannot be bought
    state = ward(state, 3, riot=True, strikers=3)
    assert BuyNeutral(ward=3) not in legal(state)
    refused(GAME, state, 0, BuyNeutral(ward=3), "neutral/rioting")


def test_bw_ib_08_bw_place_06_one_placement_per_turn():
    """BW-IB-08, BW-PLACE-06: one Building from hand per turn; the next turn allows another."""
    state = new()
    _, state = act(GAME, state, 0, Place(card="F-TW", ward=1))
    assert not any(isinstance(a, Place) for a in legal(state))
    refused(GAME, state, 0, Place(card="T-BH", ward=1), "place/one_per_turn")
    _, state = act(GAME, state, 0, EndTurn())
    _, state = act(GAME, state, 1, Place(card="F-TW", ward=1))
    assert state.wards[1].buildings[-1].owner == 1


def test_bw_place_01_02_capacity_and_matching_space():
    """BW-PLACE-01, BW-PLACE-02: at most 4 Factories (neutral included), 2 Tenements and 2 Infrastructure per Ward."""
    state = new()
    for card in ("F-CK", "F-CO", "F-TM"):
        state, _ = build(state, 0, card, 1)
    refused(GAME, state, 0, Place(card="F-TW", ward=0), "place/no_space")
    state = player(new(), 0, hand=("I-REL", "T-BH"))
    state, _ = build(state, 1, "F-CP", 0)
    state, _ = build(state, 1, "T-RH", 1)
    state, _ = build(state, 1, "T-MD", 1)
    refused(GAME, state, 0, Place(card="T-BH", ward=1), "place/no_space")
    assert Place(card="I-REL", ward=1) in legal(state)
    state, _ = build(state, 1, "I-CHK", 1)
    state, _ = build(state, 1, "I-CON", 1)
    refused(GAME, state, 0, Place(card="I-REL", ward=1), "place/no_space")


def test_bw_place_03_not_in_a_rioting_ward():
    """BW-PLACE-03: nothing may be placed in a Ward in Riot."""
    state = ward(new(), 2, riot=True, strikers=3)
    assert Place(card="F-TW", ward=2) not in legal(state)
    refused(GAME, state, 0, Place(card="F-TW", ward=2), "place/rioting")


def test_bw_place_04_tenement_needs_own_factory():
    """BW-PLACE-04, GAP-09: Tenements and Infrastructure need one of your Factories in the Ward (checked on placement only)."""
    state = player(new(), 0, hand=("I-CHK", "T-BH"))
    state, _ = build(state, 1, "F-CP", 1)
    refused(GAME, state, 0, Place(card="T-BH", ward=1), "place/needs_factory")
    refused(GAME, state, 0, Place(card="I-CHK", ward=1), "place/needs_factory")
    state, fac = build(state, 1, "F-CK", 0)
    _, state = act(GAME, state, 0, Place(card="T-BH", ward=1))
    state = remove_building(state, 1, fac)
    assert any(b.card == "T-BH" and b.owner == 0 for b in state.wards[1].buildings)


def test_bw_place_08_09_10_11_infrastructure():
    """BW-PLACE-08, BW-PLACE-09, BW-PLACE-10, BW-PLACE-11, GAP-12: Infrastructure belongs to its Ward, gives its builder +1 permanent Influence,
    takes no workers and gives no Ward Power."""
    state = player(new(), 0, hand=("I-CHK",))
    state, _ = build(state, 1, "F-CP", 0)
    power = ward_power(state.wards[1], 0)
    _, state = act(GAME, state, 0, Place(card="I-CHK", ward=1))
    chk = state.wards[1].buildings[-1]
    assert chk.owner == -1 and chk.builder == 0
    assert influence(state.players[0]) == 1 and ward_power(state.wards[1], 0) == power
    assert available_workers(state.wards[1]) == 3
    state = remove_building(state, 1, chk.uid)
    assert influence(state.players[0]) == 1


# --- Gangster Jobs ---------------------------------------------------------------------------------


def test_bw_ib_07_bw_card_09_jobs_single_use_and_public():
    """BW-IB-07, BW-CARD-09: a Job reveals its Gangster, which is discarded face up."""
    state = player(new(), 0, gangsters=("G-FIX", "G-FIX"), cash=0)
    events, state = act(GAME, state, 0, PlayJob(gangster="G-FIX"))
    assert state.players[0].cash == 3 and state.players[0].gangsters == ("G-FIX",)
    assert state.discard == ("G-FIX",) and GAME.visibility[JobPlayed].reveals


def test_bw_ib_07_every_job():
    """BW-IB-07: Racketeer, Informant, Peacemaker, Agitator, Arsonist, Heavy, Saboteur and Bruiser do what they say."""
    state = player(new(), 0, gangsters=("G-AGI", "G-ARS", "G-BRU", "G-HEA", "G-INF", "G-PEA", "G-RAC", "G-SAB"))
    state = player(state, 1, cash=1, gangsters=("G-FIX",))
    _, state = act(GAME, state, 0, PlayJob(gangster="G-RAC"))
    assert (state.players[0].cash, state.players[1].cash) == (6, 0)
    events, state = act(GAME, state, 0, PlayJob(gangster="G-INF"))
    seen = [e for e in events if isinstance(e, GangstersInspected)][0]
    assert seen.seen == ("G-FIX",) and GAME.redact(seen, 1).seen is None and GAME.redact(seen, None).seen is None
    assert "Fixer" in PRESENTATION.describe(GAME, seen, 0) and "Fixer" not in PRESENTATION.describe(GAME, GAME.redact(seen, 1), 1)
    state = ward(state, 1, strikers=2)
    _, state = act(GAME, state, 0, PlayJob(gangster="G-PEA", ward=1))
    assert state.wards[1].strikers == 0
    state = ward(state, 1, strikers=1)
    _, state = act(GAME, state, 0, PlayJob(gangster="G-AGI", ward=1, target=2))
    assert (state.wards[1].strikers, state.wards[2].strikers) == (0, 1)
    state, _ = build(state, 3, "F-CP", 1)
    state, bh = build(state, 3, "T-BH", 1)
    _, state = act(GAME, state, 0, PlayJob(gangster="G-ARS", ward=3, target=bh))
    assert all(b.uid != bh for b in state.wards[3].buildings) and state.players[1].lost == 0
    _, state = act(GAME, state, 0, PlayJob(gangster="G-HEA", ward=0))
    assert state.wards[0].heavy == (2, 0)
    _, state = act(GAME, state, 0, PlayJob(gangster="G-SAB", ward=0))
    assert state.wards[0].saboteur == (True, False)
    _, state = act(GAME, state, 0, PlayJob(gangster="G-BRU", ward=0))
    assert state.wards[0].strikers == 1


def test_arsonist_spares_upgraded_tenements():
    """G-ARS: only a rival Tenement that is not upgraded, in a Ward not in Riot, can be targeted."""
    state = player(new(), 0, gangsters=("G-ARS",))
    state, _ = build(state, 3, "F-CP", 1)
    state, up = build(state, 3, "T-BH", 1, upgraded=True)
    state, own = build(state, 3, "T-RH", 0)
    assert not any(isinstance(a, PlayJob) for a in legal(state))
    for target in (up, own):
        refused(GAME, state, 0, PlayJob(gangster="G-ARS", ward=3, target=target), "job/bad_target")
    refused(GAME, ward(state, 3, riot=True, strikers=3), 0, PlayJob(gangster="G-ARS", ward=3, target=up), "job/rioting")


def test_bw_card_10_quell_anywhere_even_in_riot():
    """BW-CARD-10, GAP-19: discarding any Gangster removes one striker, even in Riot (which goes on); not a Job."""
    state = player(new(), 0, gangsters=("G-HEA",))
    state = ward(state, 2, riot=True, strikers=3, jobs=3)
    _, state = act(GAME, state, 0, Quell(gangster="G-HEA", ward=2))
    assert state.wards[2].strikers == 2 and state.wards[2].riot and state.wards[2].jobs == 3
    assert state.discard == ("G-HEA",)


def test_bw_card_11_three_jobs_per_ward():
    """BW-CARD-11 (BW-TEST-14): a fourth Job on a Ward is rejected; quelling is still allowed; Constabulary allows one."""
    state = player(new(), 0, gangsters=("G-BRU", "G-HEA"))
    state = player(state, 1, gangsters=("G-AGI", "G-PEA"))
    _, state = act(GAME, state, 0, PlayJob(gangster="G-BRU", ward=2))
    _, state = act(GAME, state, 0, PlayJob(gangster="G-HEA", ward=2))
    _, state = act(GAME, state, 0, EndTurn())
    _, state = act(GAME, state, 1, PlayJob(gangster="G-PEA", ward=2))
    assert state.wards[2].jobs == 3
    state = ward(state, 2, strikers=1)
    refused(GAME, state, 1, PlayJob(gangster="G-AGI", ward=2, target=1), "job/limit")
    assert Quell(gangster="G-AGI", ward=2) in legal(state, 1)
    # Constabulary: the second Job is rejected
    state = player(new(), 0, gangsters=("G-BRU", "G-HEA"))
    state, _ = build(state, 1, "I-CON", 1)
    _, state = act(GAME, state, 0, PlayJob(gangster="G-HEA", ward=1))
    refused(GAME, state, 0, PlayJob(gangster="G-BRU", ward=1), "job/limit")


def test_agitator_counts_in_both_wards():
    """GAP-19: an Agitator's Job affects (and is counted in) both Wards."""
    state = player(new(), 0, gangsters=("G-AGI",))
    state = ward(state, 1, strikers=1)
    _, state = act(GAME, state, 0, PlayJob(gangster="G-AGI", ward=1, target=0))
    assert (state.wards[1].jobs, state.wards[0].jobs) == (1, 1)


def test_bw_riot_10_11_job_third_striker_riots_at_once():
    """BW-RIOT-10, BW-RIOT-11 (BW-TEST-09): a Bruiser's third striker riots at once; loss and spread resolve before the turn goes on."""
    state = player(new(first=1), 1, gangsters=("G-BRU",))
    state = replace(state, turn=1)
    state, coal = build(state, 1, "F-CP", 0)
    state, bh = build(state, 1, "T-BH", 0)
    state = ward(state, 1, strikers=2, controller=0)
    state, _ = build(state, 3, "F-CK", 1)
    events, state = act(GAME, state, 1, PlayJob(gangster="G-BRU", ward=1))
    assert any(isinstance(e, RiotIgnited) for e in events) and state.wards[1].riot
    assert GAME.actors(state) == frozenset({0})  # P0 chooses the loss before P1 continues
    assert GAME.legal_actions(state, 1) == []
    _, state = act(GAME, state, 0, ChooseLoss(uid=bh))
    assert (state.wards[0].strikers, state.wards[2].strikers) == (1, 1)
    assert GAME.actors(state) == frozenset({1}) and state.phase == "invest"
    assert not any(isinstance(a, Place) and a.ward == 1 for a in legal(state, 1))
    assert state.wards[1].jobs == 1


def test_bw_card_07_08_officials_influence_and_abilities():
    """BW-CARD-07, BW-CARD-08: an Official's Influence counts in contests where you own a Building, and its ability is active."""
    state = player(new(), 0, officials=("O-ALD", "O-MAG"))
    state, _ = build(state, 1, "F-CP", 0)
    state, _ = build(state, 1, "F-CK", 1)
    totals = contest_totals(state, 1, ())
    assert totals == (1 + 4, 1)
    state = player(state, 0, officials=("O-MAG",))
    state = player(state, 1, officials=("O-ALD",))
    state = replace(state, start_player=1)
    assert contest_winner(state, contest_totals(state, 1, ())) == 0


def test_malformed_and_out_of_turn_actions_are_refused():
    """Refusals are typed and leave the state unchanged."""
    state = new()
    refused(GAME, state, 1, EndTurn(), "turn/not_your_turn")
    refused(GAME, state, 0, "end", "action/malformed")
    refused(GAME, state, 0, Place(card="F-TW", ward=9), "action/malformed")


def test_bw_card_05_ward_power():
    """BW-CARD-05: each owned Factory and Tenement adds 1 Ward Power (a Cement Works 2, by its text); neutral ones add none."""
    state = clear(new(), 1)
    state, _ = build(state, 1, "F-CP", 0)
    state, _ = build(state, 1, "T-BH", 0)
    state, _ = build(state, 1, "F-CW", 1)
    state, _ = build(state, 1, "I-CHK", 1)
    assert (ward_power(state.wards[1], 0), ward_power(state.wards[1], 1)) == (2, 2)


def test_bw_card_04_infrastructure_changes_its_ward():
    """BW-CARD-04: Infrastructure changes the rules of its own Ward only (Tramway +1 worker there, not next door)."""
    state, _ = build(new(), 1, "F-CP", 0)
    state, _ = build(state, 1, "I-TR", 0)
    assert available_workers(state.wards[1]) == 4 and available_workers(state.wards[2]) == 3
    state, _ = build(state, 1, "I-REL", 0)
    assert relief_cost(state, 1, 1) == 1 and relief_cost(state, 2, 1) == 2


def test_bw_goal_04_claimed_means_player_owned_building():
    """BW-GOAL-04, GAP-20: a Ward with only its neutral Factory or Infrastructure is unclaimed; buying the neutral claims it."""
    state = new()
    assert not any(claimed(w) for w in state.wards)
    state, _ = build(state, 1, "I-CHK", 0)
    assert not claimed(state.wards[1])
    _, state = act(GAME, state, 0, BuyNeutral(ward=1))
    assert claimed(state.wards[1])


def test_relief_discounts_do_not_stack():
    """O-UNI, I-REL (GAP-16): a Union Negotiator makes your Reliefs $1; with a Relief Office too it is still $1."""
    state = player(new(), 1, officials=("O-UNI",))
    assert relief_cost(state, 2, 1) == 1 and relief_cost(state, 2, 0) == 2
    state, _ = build(state, 2, "I-REL", 0)
    assert relief_cost(state, 2, 1) == 1 and relief_cost(state, 2, 0) == 1


def test_tenement_workers_by_card():
    """GAP-15, BW-CARD-03: Row Houses add 2 (+1 upgraded), Model Dwellings 2 (+2 upgraded)."""
    state, _ = build(new(), 0, "F-CP", 0)
    state, _ = build(state, 0, "T-RH", 0, upgraded=True)
    state, _ = build(state, 0, "T-MD", 0, upgraded=True)
    assert available_workers(state.wards[0]) == 3 + 3 + 4


def test_empty_decks_stop_refills_and_hiring():
    """GAP-08: decks are never reshuffled: an empty deck leaves the slot empty and stops hiring."""
    state = replace(player(new(), 0, cash=20, res=(3, 3, 3)), construction_deck=(), gangster_deck=())
    assert HireGangster() not in legal(state)
    slot = next(i for i, c in enumerate(state.construction_market) if c)
    _, state = act(GAME, state, 0, BuyConstruction(slot=slot))
    assert state.construction_market[slot] == ""
    assert BuyConstruction(slot=slot) not in legal(state)
    refused(GAME, state, 0, BuyConstruction(slot=slot), "market/empty_slot")
    refused(GAME, state, 0, HireGangster(), "market/empty_deck")
    refused(GAME, player(state, 0, cash=0), 0, RecruitOfficial(slot=0), "cash/insufficient")


def test_gap_27_informant_snapshot_is_kept_by_determinize():
    """GAP-27, BW-INFO-02: what an Informant showed stays known (view and determinize) until those cards are revealed.

    P0 looks at P1's Bruiser and Fixer. Sampling P1's hand for P0 must keep both; after P1 hires an
    unseen card and spends the Fixer, only the Bruiser is still known and the hired card is resampled.
    """
    state = player(new(first=0), 0, gangsters=("G-INF",))
    state = player(state, 1, gangsters=("G-BRU", "G-FIX"))
    _, state = act(GAME, state, 0, PlayJob(gangster="G-INF"))
    assert GAME.view(state, 0).players[1].known_gangsters == ("G-BRU", "G-FIX")
    assert GAME.view(state, 1).players[1].known_gangsters == ("G-BRU", "G-FIX")  # P1 knows what was shown
    assert GAME.view(state, None).players[1].known_gangsters == ()
    for seed in range(20):
        sampled = GAME.determinize(state, 0, Rng.from_seed(seed))
        assert sampled.players[1].gangsters == ("G-BRU", "G-FIX")
    _, state = act(GAME, state, 0, EndTurn())
    _, state = act(GAME, state, 1, HireGangster())
    _, state = act(GAME, state, 1, PlayJob(gangster="G-FIX"))
    assert GAME.view(state, 0).players[1].known_gangsters == ("G-BRU",)
    hands = {GAME.determinize(state, 0, Rng.from_seed(seed)).players[1].gangsters for seed in range(20)}
    assert all("G-BRU" in hand and len(hand) == 2 for hand in hands) and len(hands) > 1
    assert all(GAME.view(GAME.determinize(state, 0, Rng.from_seed(s)), 0) == GAME.view(state, 0) for s in range(5))


def test_decks_run_dry_and_are_never_reshuffled():
    """GAP-08: after the last Official and Gangster are taken, slots stay empty and hiring stops, even with a full discard."""
    state = player(new(first=0), 0, cash=40)
    state = replace(state, official_deck=(), official_market=("O-ALD", "", ""), gangster_deck=("G-PEA",), discard=("G-BRU", "G-FIX"))
    _, state = act(GAME, state, 0, A.RecruitOfficial(slot=0))
    assert state.official_market == ("", "", "") and not any(isinstance(a, A.RecruitOfficial) for a in GAME.legal_actions(state, 0))
    assert refusal(state, 0, A.RecruitOfficial(slot=1)).code == "market/empty_slot"
    _, state = act(GAME, state, 0, A.HireGangster())
    assert state.gangster_deck == () and state.discard == ("G-BRU", "G-FIX")
    assert refusal(state, 0, A.HireGangster()).code == "market/empty_deck"


def test_up_to_effects_take_what_is_there():
    """GAP-25: a Racketeer takes $1 from a rival holding $1 (and $0 from one with none); a Peacemaker removes the one
    striker there is; cash never goes below zero."""
    state = player(player(new(first=0), 0, gangsters=("G-RAC", "G-RAC", "G-PEA")), 1, cash=1)
    events, state = act(GAME, state, 0, A.PlayJob(gangster="G-RAC"))
    assert of(events, CashTaken)[0].amount == 1 and (state.players[0].cash, state.players[1].cash) == (6, 0)
    events, state = act(GAME, state, 0, A.PlayJob(gangster="G-RAC"))
    assert of(events, CashTaken)[0].amount == 0 and state.players[1].cash == 0
    state = ward(state, 2, strikers=1)
    events, state = act(GAME, state, 0, A.PlayJob(gangster="G-PEA", ward=2))
    assert of(events, StrikersRemoved)[0].count == 1 and state.wards[2].strikers == 0


def test_informant_on_an_empty_hand_and_hiring_the_last_card():
    """Empty piles: an Informant facing no Gangsters sees none (and says so); the last Gangster can be hired, then none."""
    state = player(player(new(first=0), 0, gangsters=("G-INF",), cash=6), 1, gangsters=())
    events, state = act(GAME, state, 0, A.PlayJob(gangster="G-INF"))
    seen = of(events, GangstersInspected)[0]
    assert seen.seen == () and PRESENTATION.describe(GAME, seen, 0).endswith(": none")
    state = replace(state, gangster_deck=("G-SAB",))
    _, state = act(GAME, state, 0, A.HireGangster())
    assert state.players[0].gangsters == ("G-SAB",) and A.HireGangster() not in GAME.legal_actions(state, 0)
