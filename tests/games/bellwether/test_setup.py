"""Setup, visibility, round structure and the catalog (BW-SETUP, BW-INFO, BW-ROUND-01, BW-ROUND-02, BW-ROUND-03, BW-CARD-01, BW-CARD-12)."""

from __future__ import annotations

import pytest

from boardcore import Match
from boardcore.testing import act
from games.bellwether import GAME
from games.bellwether import actions as A
from games.bellwether.actions import BuyConstruction, EndTurn, HireGangster
from games.bellwether.catalog import BUILDINGS, GANGSTERS, NEUTRAL_FACTORIES, OFFICIALS, deck
from games.bellwether.events import GangsterHired, LaborBegan

from .helpers import build, new, of, player, refusal, replace


def test_bw_setup_01_02_03_wards():
    """BW-SETUP-01, BW-SETUP-02, BW-SETUP-03: each Ward has 3 workers, an empty strike track and one neutral Factory for sale (GAP-06)."""
    state = new()
    assert len(state.wards) == 4
    for w, ward in enumerate(state.wards):
        assert ward.workers == 3
        assert ward.strikers == 0 and not ward.riot and ward.controller == -1
        assert [(b.card, b.owner) for b in ward.buildings] == [(NEUTRAL_FACTORIES[w], -1)]
    assert NEUTRAL_FACTORIES == ("F-CP", "F-CK", "F-TW", "F-CP")


def test_bw_setup_04_05_06_07_players():
    """BW-SETUP-04, BW-SETUP-05, BW-SETUP-06, BW-SETUP-07: $5, a Textile Workshop and a Boarding House in hand, two hidden Gangsters each."""
    state = new()
    for p in state.players:
        assert p.cash == 5
        assert p.hand == ("F-TW", "T-BH")
        assert len(p.gangsters) == 2 and all(g in GANGSTERS for g in p.gangsters)
        assert p.officials == () and p.res == (0, 0, 0)
    assert len(state.gangster_deck) == 18 - 4


def test_bw_setup_08_markets_revealed_bw_card_01_12_decks():
    """BW-SETUP-08, BW-CARD-01, BW-CARD-12: three decks from one catalog; 4 Construction and 3 Official cards face up."""
    state = new()
    assert len(deck(BUILDINGS)) == 31 and len(deck(OFFICIALS)) == 12 and len(deck(GANGSTERS)) == 18
    spectator = GAME.view(state, None)
    assert len(spectator.construction_market) == 4 and all(spectator.construction_market)
    assert len(spectator.official_market) == 3 and all(spectator.official_market)
    assert spectator.construction_deck_size == 27 and spectator.official_deck_size == 9
    assert sorted((*state.construction_market, *state.construction_deck)) == sorted(deck(BUILDINGS))


def test_bw_setup_09_bw_info_02_gangsters_hidden():
    """BW-SETUP-09, BW-INFO-02: a rival sees only how many Gangsters you hold, never which."""
    state = new()
    mine, theirs, spectator = GAME.view(state, 0), GAME.view(state, 1), GAME.view(state, None)
    assert mine.players[0].gangsters == state.players[0].gangsters
    assert theirs.players[0].gangsters == () and theirs.players[0].gangster_count == 2
    assert spectator.players[0].gangsters == () and spectator.players[1].gangsters == ()


def test_bw_info_02_hiring_is_secret():
    """BW-INFO-02: hiring shows the card to the hirer only; the rival learns that a Gangster was hired."""
    m = Match.new(GAME, 2, seed=3, options={"first_player": 0})
    m.apply(0, HireGangster())
    mine = of(m.events_for(0), GangsterHired)[0]
    theirs = of(m.events_for(1), GangsterHired)[0]
    assert mine.card in GANGSTERS and theirs.card == ""
    assert GAME.view(m.state, 1).players[0].gangster_count == 3


def test_bw_info_01_public_information():
    """BW-INFO-01: cash, resources, hands, Officials, Influence, workers, strikes and control are visible to all."""
    state = new()
    state, _ = build(state, 1, "F-CP", 0)
    view = GAME.view(state, 1)
    p0 = view.players[0]
    assert (p0.cash, p0.res, p0.hand, p0.officials, p0.influence) == (5, (0, 0, 0), ("F-TW", "T-BH"), (), 0)
    assert view.wards == state.wards
    assert view.construction_market == state.construction_market


def test_bw_setup_10_first_player_and_coin_flip():
    """BW-SETUP-10, GAP-24: the first player (coin flip or option) takes the first Invest & Build turn."""
    assert GAME.actors(new(first=1)) == frozenset({1})
    flips = {GAME.setup(GAME.config(2), seed).start_player for seed in range(20)}
    assert flips == {0, 1}
    s = GAME.setup(GAME.config(2), 7)
    assert GAME.actors(s) == frozenset({s.start_player}) and s.phase == "invest"


def test_bw_setup_11_bw_round_01_02_03_round_flow():
    """BW-SETUP-11, BW-ROUND-01, BW-ROUND-02, BW-ROUND-03: one I&B turn each (start player first), then Labor; next round the other starts."""
    state = new(first=1)
    _, state = act(GAME, state, 1, EndTurn())
    assert state.phase == "invest" and GAME.actors(state) == frozenset({0})
    events, state = act(GAME, state, 0, EndTurn())
    assert of(events, LaborBegan)
    # nobody has a Building, so Labor resolves nothing and Cleanup passes the start to seat 0
    assert state.round == 2 and state.start_player == 0 and GAME.actors(state) == frozenset({0})


def test_bw_card_12_costs_come_from_the_catalog():
    """BW-CARD-12: a Construction purchase charges exactly the catalog's printed cost."""
    state = new()
    state = replace(state, construction_market=("F-TM", "T-RH", "I-TR", "F-CW"))
    state = player(state, 0, cash=20, res=(2, 2, 2))
    _, state = act(GAME, state, 0, BuyConstruction(slot=2))  # Tramway: $5 + 1 Coal + 1 Cement (GAP-03)
    assert state.players[0].cash == 15
    assert state.players[0].res == (2, 1, 1)
    _, state = act(GAME, state, 0, BuyConstruction(slot=0))  # Textile Mill: $4 + 1 Coal
    assert state.players[0].cash == 11 and state.players[0].res == (2, 1, 0)
    # the market shows what the catalog prices: a Colliery costs $4 + 1 Cement, Row Houses $3 + 1 Cement
    assert (BUILDINGS["F-CO"].cost.cash, BUILDINGS["F-CO"].cost.res) == (4, (0, 1, 0))
    assert (BUILDINGS["T-RH"].cost.cash, BUILDINGS["T-RH"].cost.res) == (3, (0, 1, 0))


# The checklist's GAP-03 tables, transcribed by hand: (copies, cash, (Textile, Cement, Coal), ...).
FACTORIES = {  # copies, cost, produces, safe staffing, overwork base/upgraded, upgrade cost, Ward Power
    "F-TW": (3, 2, (0, 0, 0), 0, 1, (1, 2), 3, 1),
    "F-CK": (3, 2, (0, 0, 0), 1, 1, (1, 2), 3, 1),
    "F-CP": (3, 2, (0, 0, 0), 2, 1, (1, 2), 3, 1),
    "F-TM": (2, 4, (0, 0, 1), 0, 2, (1, 2), 4, 1),
    "F-CW": (2, 4, (0, 0, 1), 1, 2, (1, 2), 4, 2),
    "F-CO": (2, 4, (0, 1, 0), 2, 2, (2, 3), 4, 1),
}
TENEMENTS = {"T-BH": (3, 2, (0, 0, 0), 1, 2, 1), "T-RH": (3, 3, (0, 1, 0), 2, 3, 1), "T-MD": (2, 4, (1, 1, 0), 2, 3, 2)}
INFRASTRUCTURE = {"I-CHK": (2, 4, (0, 1, 0)), "I-REL": (2, 3, (1, 0, 0)), "I-CON": (2, 4, (0, 0, 1)), "I-UH": (1, 3, (1, 0, 0)), "I-TR": (1, 5, (0, 1, 1))}
OFFICIAL_TABLE = {"O-ALD": (3, 6, 2), "O-COU": (2, 9, 3), "O-MAY": (1, 12, 4), "O-MAG": (1, 7, 2), "O-POL": (1, 7, 2),
                  "O-UNI": (1, 5, 1), "O-HAR": (1, 5, 1), "O-ENG": (1, 5, 1), "O-INS": (1, 6, 1)}
GANGSTER_TABLE = {"G-BRU": (3, 3, True), "G-SAB": (2, 1, True), "G-HEA": (2, 4, True), "G-ARS": (1, 2, True), "G-AGI": (2, 2, True),
                  "G-PEA": (1, 0, True), "G-FIX": (3, 1, False), "G-RAC": (2, 2, False), "G-INF": (2, 1, False)}


def test_bw_card_12_catalog_matches_the_checklist_tables():
    """BW-CARD-12, BW-CARD-01, GAP-03: every card's copies, cost, production, staffing, slots, workers, Influence and Muscle
    are the checklist's (transcribed here by hand, so a typo in the catalog fails)."""
    for cid, (copies, cash, res, produces, staff, slots, upgrade, power) in FACTORIES.items():
        c = BUILDINGS[cid]
        assert (c.kind, c.copies, c.cost.cash, c.cost.res, c.produces, c.staffing, c.overwork, c.upgrade, c.power) == (
            "F", copies, cash, res, produces, staff, slots, upgrade, power), cid
    for cid, (copies, cash, res, workers, upgrade, extra) in TENEMENTS.items():
        c = BUILDINGS[cid]
        assert (c.kind, c.copies, c.cost.cash, c.cost.res, c.workers, c.upgrade) == ("T", copies, cash, res, (workers, extra), upgrade), cid
    for cid, (copies, cash, res) in INFRASTRUCTURE.items():
        c = BUILDINGS[cid]
        assert (c.kind, c.copies, c.cost.cash, c.cost.res, c.power) == ("I", copies, cash, res, 0), cid
    assert set(BUILDINGS) == {*FACTORIES, *TENEMENTS, *INFRASTRUCTURE}
    for cid, (copies, cost, influence) in OFFICIAL_TABLE.items():
        assert (OFFICIALS[cid].copies, OFFICIALS[cid].cost, OFFICIALS[cid].influence) == (copies, cost, influence), cid
    assert set(OFFICIALS) == set(OFFICIAL_TABLE)
    for cid, (copies, muscle, ward_job) in GANGSTER_TABLE.items():
        assert (GANGSTERS[cid].copies, GANGSTERS[cid].muscle, GANGSTERS[cid].ward_job) == (copies, muscle, ward_job), cid
    assert set(GANGSTERS) == set(GANGSTER_TABLE)


# --- edge cases -------------------------------------------------------------------------------------------------------


def test_only_two_players():
    """GAP-01: exactly two seats; other counts are refused at setup."""
    assert GAME.player_counts == (2,)
    for n in (1, 3, 4):
        with pytest.raises(ValueError, match="played by 2 players"):
            Match.new(GAME, n, seed=1)


def test_officials_catalog_prices():
    """GAP-03: the Official market charges the printed cost (e.g. Mayor $12 for 4 Influence)."""
    state = replace(player(new(first=0), 0, cash=12), official_market=("O-MAY", "O-ALD", "O-INS"))
    _, state = act(GAME, state, 0, A.RecruitOfficial(slot=0))
    assert state.players[0].cash == 0 and OFFICIALS["O-MAY"].influence == 4
    assert refusal(state, 0, A.RecruitOfficial(slot=1)).code == "cash/insufficient"
