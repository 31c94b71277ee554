"""City Phase scenarios (WR-CITY, WR-MOVE, WR-ACT, WR-REST, WR-FLOW-02, WR-WPN-05)."""

from __future__ import annotations

from boardcore.testing import refused, rig
from games.the_warriors import GAME
from games.the_warriors import catalog as cat
from games.the_warriors.actions import GiveUp, Move, PlayCard, RemoveWeapon, Rest, ReturnCard, TakeWarCard, TakeWeapon
from games.the_warriors.deciding import decision
from games.the_warriors.events import BopperRevealed, CardRemoved, CityTurnStarted, Moved, WarCardTaken
from games.the_warriors.phases.city import legal_moves

from .helpers import (
    BK0,
    MOL0,
    TH,
    apply,
    cid,
    cochise_swan_fight,
    in_city,
    in_fight,
    legal,
    new,
    reveals,
    run,
    swan_in_city,
    types,
    update,
    weapon_of,
)

ALL_TOKENS = cat.FIGHT_SPACES
COAST = tuple(range(12))


def trio(seat: int = 0, positions=(0, 0, 0), tokens=ALL_TOKENS, **kw):  # type: ignore[no-untyped-def]
    s = new(3, ("Cochise", "Swan", "Fox"))
    kw.setdefault("bopper_deck", COAST)
    kw.setdefault("bopper_discard", ())
    return in_city(s, seat, positions=positions, tokens=tokens, **kw)


def test_wr_city_01_03_move_or_rest() -> None:
    """WR-CITY-01, WR-CITY-03: on a City turn a Warrior moves towards Coney Island or rests."""
    s = trio()
    options = legal(s, 0)
    assert Rest() in options and all(isinstance(a, (Move, Rest)) for a in options) and len(options) > 1


def test_wr_city_02_flow_02_city_starts_with_the_instigator() -> None:
    """WR-CITY-02, WR-FLOW-02, GAP-14: after a fight the City Phase starts with the Instigator."""
    s = new(3, ("Cochise", "Swan", "Fox"))
    s = in_fight(s, cat.PUNKS, 2, 1, hands=((), (), ()), discards=((), (), ()), weapons=((), (), ()), spent=())
    s, events = run(s, (1, GiveUp()), (2, GiveUp()), (0, GiveUp()))
    assert events[-1] == CityTurnStarted(player=1, resume=2)


def test_wr_city_02_instigator_on_coney_is_skipped() -> None:
    """GAP-14: if the Instigator is on Coney Island, the next Warrior clockwise who is not starts."""
    s = trio(seat=1, positions=(0, cat.CONEY_SPACE, 0), arrived=(1,))
    assert s.city is not None and s.city.player == 2


def test_wr_city_04_action_then_boppers_wr_city_05_next_turn() -> None:
    """WR-CITY-04, WR-CITY-05: the space's action first, then the Bopper reveal, then the next Warrior's turn."""
    s = trio(tokens=(2, 4, *ALL_TOKENS[2:]))
    s, events = run(s, (0, Move(space=1)), (0, TakeWarCard(index=0)))
    names = types(events)
    assert names.index("Moved") < names.index("WarCardTaken") < names.index("BopperRevealed") < names.index("CityTurnStarted")
    assert s.city is not None and s.city.player == 1


def test_wr_move_01_to_06_lane_graph() -> None:
    """WR-MOVE-01, WR-MOVE-02, WR-MOVE-03, WR-MOVE-04, WR-MOVE-05, WR-MOVE-06, WR-TEST-11 (GAP-09): closer, no skipped neighborhood, not occupied, no (X), stop at tokens."""
    tokens = tuple(t for t in ALL_TOKENS if t != 2)
    s = trio(positions=(1, 3, 0), tokens=tokens)
    assert legal_moves(s, 0) == (4,)
    assert legal_moves(s, 2) == (4, 5, 6, 7, 8, 9, 10, 13, 14, 15, 16, 17)
    tokens2 = tuple(t for t in tokens if t != 4)
    s2 = update(s, tokens=tokens2)
    assert legal_moves(s2, 1) == (9, 10, 13, 14, 15, 16, 17)
    s3 = update(s, positions=(13, 3, 0))
    assert 11 not in legal_moves(s3, 0) and legal_moves(s3, 0) == (14, 15, 19, 20, 21, 23, 24, 25, 26)
    s4 = update(s, positions=(25, 3, 0))
    assert 37 in legal_moves(s4, 0) and cat.CONEY_SPACE not in legal_moves(s4, 0)
    s5 = update(s, positions=(36, cat.CONEY_SPACE, 0), arrived=(1,))
    assert cat.CONEY_SPACE in legal_moves(s5, 0)
    err = refused(GAME, s, 0, Move(space=3), code="city/illegal_move")
    assert err.clause == "WR-MOVE-01" and "WR-MOVE-04" in str(err)  # Swan is on S03


def test_wr_move_01_a_refused_move_names_the_condition_it_breaks() -> None:
    """WR-MOVE-01 (all of WR-MOVE-02 to WR-MOVE-06 must hold): a refused move names the first
    condition it breaks: not closer, a skipped neighborhood, an occupied space, an (X) space, past a Fight token."""
    s = trio(positions=(1, 13, 0))
    cases = [(1, "WR-MOVE-02"), (19, "WR-MOVE-03"), (13, "WR-MOVE-04"), (3, "WR-MOVE-06")]
    crossed = trio(positions=(1, 13, 0), tokens=tuple(t for t in ALL_TOKENS if t != 2))
    for state, space, sub in [*((s, space, sub) for space, sub in cases), (crossed, 2, "WR-MOVE-05")]:
        err = refused(GAME, state, 0, Move(space=space), code="city/illegal_move")
        assert err.clause == "WR-MOVE-01" and f"({sub})" in str(err), (space, str(err))


def test_wr_act_01_discard_icon() -> None:
    """WR-ACT-01: the discard-pile icon returns a card of your choice from the discard pile to hand."""
    c = cid("Cochise", 0)
    s = trio(positions=(4, 0, 0), discards=((c, TH), (), ()), tokens=ALL_TOKENS[2:])
    s, _ = apply(s, 0, Move(space=9))
    assert legal(s, 0) == [ReturnCard(card=c), ReturnCard(card=TH)]
    s, _ = apply(s, 0, ReturnCard(card=c))
    assert c in s.hands[0] and s.discards[0] == (TH,)


def test_wr_act_02_war_row() -> None:
    """WR-ACT-02: take a War card from the face-up row and refill it from the deck."""
    s = trio()
    row, top = s.war_row, s.war_deck[0]
    s, _ = run(s, (0, Move(space=1)), (0, TakeWarCard(index=1)))
    assert row[1] in s.hands[0] and s.war_row == (row[0], top, row[2])


def test_wr_act_03_and_wr_wpn_05_weapon_row_and_limit() -> None:
    """WR-ACT-03, WR-WPN-05, WR-TEST-12: take a Weapon from the row; a third means removing one of the three."""
    chain, sb = weapon_of(cat.CHAIN), weapon_of(cat.SWITCH_BLADE)
    mol = weapon_of(cat.MOLOTOV, 3)
    s = trio(positions=(6, 0, 0), weapons=((chain, sb), (), ()), weapon_row=(mol, 9, 10), weapon_deck=(11,), tokens=ALL_TOKENS)
    s, _ = run(s, (0, Move(space=7)), (0, TakeWeapon(index=0)))
    assert s.weapon_row == (11, 9, 10) and decision(s) is not None and decision(s).kind == "weapon_limit"
    assert legal(s, 0) == [RemoveWeapon(weapon=w) for w in (chain, sb, mol)]
    s, events = apply(s, 0, RemoveWeapon(weapon=sb))
    assert s.weapons[0] == (chain, mol) and sb in s.weapons_removed and "BopperRevealed" in types(events)


def test_wr_act_04_subway_and_bop_04() -> None:
    """WR-ACT-04, WR-BOP-04, WR-TEST-14: the Subway (reachable once S02 is (X)) does nothing and reveals no Bopper."""
    s = trio(positions=(1, 0, 0), tokens=tuple(t for t in ALL_TOKENS if t != 2))
    assert 3 in legal_moves(s, 0)
    s, events = apply(s, 0, Move(space=3))
    assert "BopperRevealed" not in types(events) and events[0] == Moved(player=0, space=3, reveals=0)


def test_wr_act_05_fight_token_and_faq_06() -> None:
    """WR-ACT-05, WR-FAQ-06, WR-BOP-05, WR-CHAL-01: a Fight token is removed, no Bopper, and you are challenged."""
    s = trio(positions=(1, 0, 0))
    s, events = apply(s, 0, Move(space=2))
    assert 2 not in s.tokens and "BopperRevealed" not in types(events) and "Challenged" in types(events)
    assert decision(s) is not None and decision(s).kind == "challenge"


def test_wr_rest_01_rest() -> None:
    """WR-REST-01, WR-TEST-14, GAP-29: the discard pile returns, a random hand card leaves the game, 1 Bopper is revealed."""
    hand, pile = (TH, TH + 1), (TH + 2, TH + 3, TH + 4)
    s = trio(hands=(hand, (), ()), discards=(pile, (), ()))
    s, events = apply(s, 0, Rest())
    removed = next(e for e in events if isinstance(e, CardRemoved))
    assert removed.card in hand + pile and len(s.hands[0]) == 4 and s.discards[0] == ()
    assert sum(isinstance(e, BopperRevealed) for e in events) == 1 and "RngAdvanced" in types(events)
    scripted = rig(trio(hands=(hand, (), ()), discards=(pile, (), ())), 3)  # the random card: the 4th of hand + pile
    scripted, events = apply(scripted, 0, Rest())
    assert CardRemoved(player=0, card=TH + 3, pile="hand", reason="rest") in events and TH + 3 in scripted.war_removed
    empty = trio(hands=((), (), ()), discards=((), (), ()))
    empty, events = apply(empty, 0, Rest())
    assert "CardRemoved" not in types(events) and sum(isinstance(e, BopperRevealed) for e in events) == 1


def test_no_legal_move_still_rests() -> None:
    """GAP-22: a Warrior with no legal move can always rest."""
    s = trio(positions=(37, 0, 0), tokens=())
    s = update(s, positions=(8, 9, 0))
    assert Rest() in legal(s, 0)


def test_gap_20_empty_war_deck_and_row() -> None:
    """GAP-20, WR-ACT-02: with the War deck empty the taken card is not replaced (the row
    shrinks); with the row empty the War card icon does nothing; Loyal then offers nobody a card."""
    s = swan_in_city(positions=(9, 0), war_deck=(), war_row=(40, 41))
    s, events = run(s, (0, Move(space=13)), (0, TakeWarCard(index=0)))
    assert s.war_row == (41,) and 40 in s.hands[0] and WarCardTaken(player=0, index=0, card=40, refill=-1) in events
    s = swan_in_city(positions=(9, 0), war_deck=(), war_row=())
    s, events = apply(s, 0, Move(space=13))
    assert "WarCardTaken" not in types(events) and reveals(events) == [0, 1]
    loyal = cid("Cowboy", 3)
    f = cochise_swan_fight(hands=((loyal,), ()), war_row=(), war_deck=())
    assert [a for a in legal(f, 0) if isinstance(a, PlayCard)] == [PlayCard(card=loyal)]


def test_gap_20_empty_weapon_deck() -> None:
    """GAP-20, WR-ACT-03: the Weapon row shrinks when the Weapon deck is empty."""
    s = swan_in_city(positions=(6, 0), weapons=((BK0,), ()), weapon_row=(MOL0,), weapon_deck=())
    s, events = run(s, (0, Move(space=7)), (0, TakeWeapon(index=0)))
    assert s.weapon_row == () and s.weapons[0] == (BK0, MOL0)
    s2 = swan_in_city(positions=(6, 0), weapon_row=(), weapon_deck=())
    s2, events = apply(s2, 0, Move(space=7))
    assert "WeaponTaken" not in types(events) and decision(s2) is not None and decision(s2).kind == "move"


def test_the_last_city_turn_before_the_safety_limit() -> None:
    """Options.max_city_turns = 3: exactly 3 City turns are played, then the night is lost."""
    s = new(2, ("Cochise", "Swan"), max_city_turns=3)
    s = in_city(s, 0, positions=(0, 0), tokens=cat.FIGHT_SPACES, bopper_deck=COAST, bopper_discard=(), city_turns=0)
    played = 0
    while s.result == 0:
        assert s.city is not None
        s, _ = apply(s, s.city.player, Rest())
        played += 1
    assert played == 3 and s.city_turns == 3 and "safety limit" in s.reason
