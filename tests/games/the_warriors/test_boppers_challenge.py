"""Bopper cards and challenges (WR-BOP, WR-CHAL, WR-FAQ-07)."""

from __future__ import annotations

from boardcore.testing import refused, rig
from games.the_warriors import GAME
from games.the_warriors import catalog as cat
from games.the_warriors.actions import (
    CoverSpot,
    DiscardCard,
    GiveUp,
    Move,
    PlayCard,
    RemoveCard,
    RemoveWeapon,
    Rest,
    Run,
    StandAndFight,
    TakeWarCard,
)
from games.the_warriors.deciding import decision
from games.the_warriors.events import BopperDeckBuilt, BopperRevealed, CardRemoved, Challenged, GameEnded, LocationPeeked

from .helpers import BK0, GRAVEYARD, TH, W, apply, cid, in_city, in_fight, legal, new, rolled, run, swan_in_city, types, update, weapon_of

ARRESTED, FUZZ, COTP, JUMPED = 12, 15, 18, 21
ALL_TOKENS = cat.FIGHT_SPACES


def swan(threats=(), deck=(0, 1, 2, 3), positions=(9, 0), **kw):  # type: ignore[no-untyped-def]
    """Swan (seat 0) on S09 starts a City turn; Cochise (seat 1) waits at Bronx Start."""
    s = new(2, ("Swan", "Cochise"))
    return in_city(s, 0, positions=positions, tokens=ALL_TOKENS, bopper_deck=deck, bopper_discard=(), threats=(threats, ()), **kw)


def reveals(events):  # type: ignore[no-untyped-def]
    return [e.card for e in events if isinstance(e, BopperRevealed)]


def test_wr_bop_01_02_regular_space_and_rest_reveal_one() -> None:
    """WR-BOP-01, WR-BOP-02: resting or moving to a regular space reveals 1 Bopper card."""
    s, events = apply(swan(), 0, Rest())
    assert reveals(events) == [0]
    s2 = swan(positions=(8, 0))
    s2, events = run(s2, (0, Move(space=9)))
    assert len(reveals(events)) == 1 and "CityTurnStarted" in types(events)


def test_wr_bop_03_threatening_reveals_two_and_bop_06_coast() -> None:
    """WR-BOP-03, WR-BOP-06: a Threatening space reveals 2; Coast is Clear cards go to the Bopper discard pile."""
    s, events = run(swan(), (0, Move(space=14)))
    assert reveals(events) == [0, 1] and s.bopper_discard == (0, 1)


def test_wr_bop_07_08_first_and_second_threats_ignored() -> None:
    """WR-BOP-07, WR-BOP-08, WR-TEST-05: Come Out to Play! then Arrested as Threats 1 and 2: placed, texts ignored, no challenge."""
    s, events = run(swan(deck=(COTP, ARRESTED, 0)), (0, Move(space=14)))
    assert s.threats[0] == (COTP, ARRESTED) and "Challenged" not in types(events) and "CardRemoved" not in types(events)


def test_wr_bop_09_10_11_third_threat_the_fuzz() -> None:
    """WR-BOP-09, WR-BOP-10, WR-BOP-11, WR-TEST-05: Swan with 2 Threats takes her War card, reveals The Fuzz: stop, lose a Weapon, reshuffle, challenged."""
    bk, chain = weapon_of(cat.BRASS_KNUCKLES), weapon_of(cat.CHAIN)
    s = swan(threats=(ARRESTED, COTP), deck=(FUZZ, 0, 1), weapons=((bk, chain), (weapon_of(cat.CHAIN, 1),)))
    s = update(s, bopper_discard=(5, 6))
    s, events = run(s, (0, Move(space=13)), (0, TakeWarCard(index=0)))
    assert reveals(events) == [FUZZ] and decision(s) is not None and decision(s).kind == "fuzz"
    s, events = apply(s, 0, RemoveWeapon(weapon=chain))
    rebuilt = next(e for e in events if isinstance(e, BopperDeckBuilt))
    assert sorted(rebuilt.order) == sorted((0, 1, ARRESTED, COTP, FUZZ, 5, 6))
    assert s.threats[0] == () and s.bopper_discard == () and s.weapons[0] == (bk,)
    assert Challenged(player=0, can_run=True) in events and decision(s).kind == "challenge"  # type: ignore[union-attr]


def test_wr_bop_12_arrested_and_jumped_penalties() -> None:
    """WR-BOP-12, GAP-11: Arrested removes a random hand card; Jumped discards 2 cards of your choice."""
    hand = (TH, TH + 1, TH + 2)
    s = swan(threats=(FUZZ, COTP), deck=(ARRESTED,), hands=(hand, ()))
    s, events = apply(s, 0, Rest())
    assert any(type(e).__name__ == "CardRemoved" and e.reason == "Arrested" for e in events)
    scripted = rig(swan(threats=(FUZZ, COTP), deck=(ARRESTED,), hands=(hand, ())), 0, 1)  # resting loses hand[0], Arrested then hand[1]
    scripted, events = apply(scripted, 0, Rest())
    assert [(e.card, e.reason) for e in events if isinstance(e, CardRemoved)] == [(TH, "rest"), (TH + 2, "Arrested")]
    assert scripted.hands[0] == (TH + 1,)
    j = swan(threats=(FUZZ, COTP), deck=(JUMPED,), hands=(hand, ()), discards=((), ()))
    j, events = apply(j, 0, Move(space=16))
    assert decision(j) is not None and decision(j).kind == "jumped"
    j, events = run(j, (0, DiscardCard(card=TH)), (0, DiscardCard(card=TH + 2)))
    assert j.discards[0] == (TH, TH + 2) and Challenged(player=0, can_run=True) in events


def test_wr_chal_07_come_out_to_play_no_running() -> None:
    """WR-CHAL-07, WR-BOP-12, WR-TEST-05: Come Out to Play! as the third Threat: only fighting is offered."""
    s = swan(threats=(FUZZ, ARRESTED), deck=(COTP,))
    s, events = apply(s, 0, Move(space=16))
    assert Challenged(player=0, can_run=False) in events and legal(s, 0) == [StandAndFight()]
    err = refused(GAME, s, 0, Run(), code="challenge/cannot_run")
    assert err.clause == "WR-CHAL-07"


def test_gap_13_empty_bopper_deck_reshuffles() -> None:
    """GAP-13: an empty Bopper deck is rebuilt from the discard pile; with both empty nothing is revealed."""
    s = swan(deck=())
    s = update(s, bopper_discard=(3, 4))
    s, events = apply(s, 0, Rest())
    assert "BopperDeckBuilt" in types(events) and len(reveals(events)) == 1
    e2 = update(swan(deck=()), bopper_discard=())
    e2, events = apply(e2, 0, Rest())
    assert reveals(events) == [] and "CityTurnStarted" in types(events)


def test_wr_chal_01_02_secret_look() -> None:
    """WR-CHAL-01, WR-CHAL-02: moving onto a Fight token challenges; only the challenged Warrior sees the top Location tile."""
    s = swan(positions=(9, 0))
    top = s.loc_down[0]
    s, events = apply(s, 0, Move(space=10))
    peek = next(e for e in events if isinstance(e, LocationPeeked))
    assert peek.tile == top and GAME.redact(peek, 1) == LocationPeeked(player=0, tile=-1)
    assert GAME.redact(peek, None) == LocationPeeked(player=0, tile=-1)
    assert GAME.view(s, 0).peeked_location == top and GAME.view(s, 1).peeked_location == -1
    assert GAME.view(s, None).peeked_location == -1
    assert legal(s, 0) == [StandAndFight(), Run()] and legal(s, 1) == []


def test_wr_chal_03_fight() -> None:
    """WR-CHAL-03: fighting reveals the tile, gives the challenged Warrior the Instigator token, and starts a Fight Phase."""
    s = swan(positions=(9, 0), instigator=1)
    s, _ = apply(s, 0, Move(space=10))
    top = s.loc_down[0]
    s, events = apply(s, 0, StandAndFight())
    assert s.instigator == 0 and s.fight is not None and s.fight.location == top and s.fight.gang == s.rival
    assert s.fight.participants == (0,) and top not in s.loc_down


def test_wr_chal_04_05_06_running_and_bottles() -> None:
    """WR-CHAL-04, WR-CHAL-05, WR-CHAL-06, WR-TEST-06: each run sends the tile face up to the bottom, adds a Bottle, and drops the Warriors once per Bottle."""
    s = swan(positions=(9, 0))
    s, _ = apply(s, 0, Move(space=10))
    top = s.loc_down[0]
    s, _ = apply(s, 0, Run())
    assert s.loc_up[-1] == top and s.bottles == 1
    assert s.track == (cat.ROGUES, cat.LIZZIES, cat.HI_HATS, cat.PUNKS, W, cat.ORPHANS, cat.FURIES)
    s = in_city(s, 0, positions=(9, 0), tokens=ALL_TOKENS, track=s.track)
    s, _ = run(s, (0, Move(space=10)), (0, Run()))
    assert s.bottles == 2 and s.track == (cat.ROGUES, cat.LIZZIES, cat.HI_HATS, cat.PUNKS, cat.ORPHANS, cat.FURIES, W)
    s = in_city(s, 0, positions=(9, 0), tokens=ALL_TOKENS, track=s.track)
    s, events = run(s, (0, Move(space=10)), (0, Run()))
    assert s.result == -1 and s.bottles == 3


def test_wr_chal_04_location_stack_reshuffled() -> None:
    """WR-CHAL-04, GAP-21: when the run leaves every Location tile face up, they are shuffled face down."""
    s = swan(positions=(9, 0), loc_down=(5,), loc_up=(1, 2, 3))
    s, _ = apply(s, 0, Move(space=10))
    s, events = apply(s, 0, Run())
    assert "LocationStackShuffled" in types(events) and sorted(s.loc_down) == [1, 2, 3, 5] and s.loc_up == ()


def test_wr_faq_07_boombox_then_third_threat() -> None:
    """WR-FAQ-07, WR-TEST-13: Snow's Boombox reveal after the fight can be her third Threat: she is challenged at once."""
    bb = cid("Snow", 1)
    s = new(2, ("Snow", "Swan"))
    s = in_fight(s, cat.PUNKS, 2, 0, hands=((bb,), ()), discards=((), ()), weapons=((weapon_of(cat.BASEBALL_BAT),), ()), spent=(), threats=((FUZZ, ARRESTED), ()), bopper_deck=(COTP, 0))
    s, _ = apply(s, 0, PlayCard(card=bb))
    s = update(s, fight=update(s.fight, covered=(1, 2, 3)))  # type: ignore[arg-type]
    s, events = apply(rolled(s, (4, 2)), 0, CoverSpot(spot=0))
    names = types(events)
    assert names.index("FightEnded") < names.index("BopperRevealed") < names.index("Challenged")
    assert decision(s) is not None and decision(s).kind == "challenge" and not decision(s).can_run
    s, events = apply(s, 0, StandAndFight())
    assert s.fight is not None and s.instigator == 0


def test_gap_13_deck_runs_out_between_two_reveals() -> None:
    """GAP-13, WR-BOP-03: a Threatening space reveals its last deck card, then rebuilds the deck
    from the Bopper discard pile for the second reveal."""
    s = swan_in_city(deck=(0,))
    s = update(s, bopper_discard=(4,))
    s, events = apply(s, 0, Move(space=14))
    first, second = reveals(events)
    assert first == 0 and second in (0, 4) and types(events).count("BopperDeckBuilt") == 1
    assert types(events).index("BopperDeckBuilt") == types(events).index("BopperRevealed") + 1


def test_wr_test_13_boombox_fight_then_the_city_starts_with_snow() -> None:
    """WR-TEST-13, WR-FAQ-07, GAP-14: Snow's Boombox reveal after a won fight is her third Threat;
    she fights at once, takes the Instigator token, and after that fight the City Phase starts with her."""
    bb = cid("Snow", 1)
    s = new(2, ("Swan", "Snow"))
    s = in_fight(s, cat.HI_HATS, GRAVEYARD, 1, hands=((), (bb,)), discards=((), ()), weapons=((), ()), spent=(), threats=((), (FUZZ, ARRESTED)), bopper_deck=(JUMPED, 0), gang_down=(cat.ORPHANS, cat.LIZZIES, cat.PUNKS, cat.FURIES, cat.ROGUES), gang_up=())
    s, _ = apply(s, 1, PlayCard(card=bb))
    s = update(s, fight=update(s.fight, covered=(1, 2, 3, 5)))
    s, events = apply(rolled(s, (4, 2)), 1, CoverSpot(spot=0))
    assert reveals(events) == [JUMPED] and decision(s) is not None and decision(s).kind == "challenge" and decision(s).player == 1
    s, events = apply(s, 1, StandAndFight())
    assert s.instigator == 1 and s.fight is not None and s.fight.participants == (1, 0)
    s, events = run(s, (1, GiveUp()), (1, RemoveCard(card=bb)), (0, GiveUp()))
    assert s.city is not None and s.city.player == 1 and bb in s.war_removed


def test_wr_test_05_third_threat_while_a_weapon_is_taken() -> None:
    """WR-TEST-05: the Fuzz as third Threat with a single Weapon removes it without a choice."""
    s = swan_in_city(threats=(ARRESTED, COTP), deck=(FUZZ, 0), weapons=((BK0,), ()))
    s, events = apply(s, 0, Rest())
    assert s.weapons[0] == () and BK0 in s.weapons_removed and decision(s) is not None and decision(s).kind == "challenge"
    assert [e for e in events if isinstance(e, GameEnded)] == []
