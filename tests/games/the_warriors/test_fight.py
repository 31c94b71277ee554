"""Fight Phase scenarios (WR-FIGHT, WR-SPOT, WR-KO, WR-CARD, WR-WPN, WR-FAQ-02, WR-FAQ-03, WR-FAQ-04, WR-FAQ-05)."""

from __future__ import annotations

from boardcore.testing import refused, rig
from games.the_warriors import GAME
from games.the_warriors import catalog as cat
from games.the_warriors.actions import (
    Boost,
    CoverSpot,
    GiveUp,
    HoldTheLine,
    KeepDice,
    KeepLookout,
    LetItGo,
    OpenFirstFight,
    PlayCard,
    RemoveCard,
    Reroll,
    Roll,
)
from games.the_warriors.deciding import decision
from games.the_warriors.events import CardPlayed, DiceRolled, FightStarted, LookoutPeeked, TurnStarted
from games.the_warriors.phases.fight import is_won

from .helpers import (
    DEFAULT_TRACK,
    SWEET_TALK,
    TH,
    apply,
    cid,
    cochise_swan_fight,
    in_fight,
    legal,
    new,
    rolled,
    run,
    types,
    update,
    weapon_of,
)

GRAVEYARD, BACKSTREETS = 2, 1
CHAIN0, CHAIN1 = weapon_of(cat.CHAIN), weapon_of(cat.CHAIN, 1)
BK0 = weapon_of(cat.BRASS_KNUCKLES)
SB0 = weapon_of(cat.SWITCH_BLADE)
BAT0 = weapon_of(cat.BASEBALL_BAT)
MOL0 = weapon_of(cat.MOLOTOV)
CO1, CO2, CO3, CO4 = (cid("Cochise", k) for k in range(4))
SW1, SW2, SW3, SW4 = (cid("Swan", k) for k in range(4))


def duo(gang: int = cat.PUNKS, location: int = GRAVEYARD, hands=((), ()), discards=((), ()), weapons=((CHAIN0,), (BK0,)), **kw):  # type: ignore[no-untyped-def]
    """Cochise (seat 0, Instigator) and Swan (seat 1) in a fight."""
    s = new(2, ("Cochise", "Swan"))
    return in_fight(s, gang, location, 0, hands=hands, discards=discards, weapons=weapons, spent=(), **kw)


def test_wr_fight_01_and_faq_05_participants_share_the_neighborhood() -> None:
    """WR-FIGHT-01, WR-FAQ-05: the Instigator and Warriors in their neighborhood fight; others cannot join."""
    s = new(3, ("Cochise", "Swan", "Fox"))
    s = in_fight(s, cat.PUNKS, GRAVEYARD, 0, positions=(9, 13, 5))
    assert s.fight is not None and s.fight.participants == (0, 1)
    s = rolled(s, (3,))
    assert legal(s, 2) == []


def test_wr_fight_02_03_05_requirement_against_a_higher_gang() -> None:
    """WR-FIGHT-02, WR-FIGHT-03, WR-FIGHT-05, WR-TEST-08: 2 Warriors vs the Lizzies (higher) at Backstreets: both gang spots + 3 Location spots incl. Reputation."""
    s = duo(cat.LIZZIES, BACKSTREETS)
    f = s.fight
    assert f is not None and (f.need_loc, f.need_rep) == (3, 1)
    assert not is_won(update(f, covered=(0, 1, 2, 3, 4)))
    assert not is_won(update(f, covered=(0, 2, 3, 4, 5))) and not is_won(update(f, covered=(1, 2, 3, 4, 5)))  # both Gang spots
    assert not is_won(update(f, covered=(0, 1, 2, 5)))  # only 2 of the 3 Location spots
    s = update(s, fight=update(f, covered=(0, 1, 2, 3, 4)))
    s, events = apply(rolled(s, (4,)), 0, CoverSpot(spot=5))
    assert "FightEnded" in types(events) and events[types(events).index("FightEnded")].won


def test_wr_fight_04_lower_gang_and_cap() -> None:
    """WR-FIGHT-04, WR-TEST-08, GAP-07: against a lower gang any 2 Location spots do; W=4 vs a higher gang on a 4-spot tile needs 4."""
    s = duo(cat.PUNKS, BACKSTREETS)
    f = s.fight
    assert f is not None and (f.need_loc, f.need_rep) == (2, 0)
    assert is_won(update(f, covered=(0, 1, 2, 3)))
    assert not is_won(update(f, covered=(0, 1, 2))) and not is_won(update(f, covered=(1, 2, 3, 4, 5)))
    four = new(4, ("Cochise", "Swan", "Fox", "Snow"))
    four = in_fight(four, cat.LIZZIES, GRAVEYARD, 0)
    assert four.fight is not None and (four.fight.need_loc, four.fight.need_rep) == (4, 1)


def test_wr_fight_06_clockwise_from_the_instigator() -> None:
    """WR-FIGHT-06: the Instigator first, then clockwise (seat + 1)."""
    s = new(3, ("Cochise", "Swan", "Fox"))
    s = in_fight(s, cat.PUNKS, GRAVEYARD, 1, weapons=((CHAIN0,), (BK0,), (SB0,)), spent=())
    assert s.fight is not None and s.fight.participants == (1, 2, 0) and decision(s).player == 1  # type: ignore[union-attr]
    s, events = apply(rolled(s, (4,)), 1, CoverSpot(spot=0))
    assert TurnStarted(player=2) in events


def test_wr_fight_07_two_hands() -> None:
    """WR-FIGHT-07, GAP-26: at most 2 Weapon uses a turn, even after a Weapon is turned face up again."""
    s = duo(hands=((CO1, CO3, CO4), ()), weapons=((CHAIN0, MOL0), (BK0,)))
    s, _ = run(s, (0, PlayCard(card=CO1, weapon=CHAIN0)), (0, PlayCard(card=CO3, weapon=MOL0)), (0, PlayCard(card=CO4, pick=CHAIN0)))
    assert CHAIN0 not in s.spent
    options = legal(s, 0)
    assert CoverSpot(spot=3) in options and CoverSpot(spot=3, weapon=CHAIN0) not in options
    err = refused(GAME, s, 0, CoverSpot(spot=3, weapon=CHAIN0), code="fight/two_hands")
    assert err.clause == "WR-FIGHT-07"


def test_wr_fight_08_one_spot_a_turn() -> None:
    """WR-FIGHT-08: after covering a spot the turn passes; the same roll covers nothing more."""
    s = duo()
    s = rolled(s, (5, 4))
    s, events = apply(s, 0, CoverSpot(spot=0))
    assert events[-1] == TurnStarted(player=1)
    refused(GAME, s, 0, CoverSpot(spot=2), code="turn/not_your_turn")


def test_wr_fight_09_turns_until_knocked_out() -> None:
    """WR-FIGHT-09, WR-KO-03: a knocked-out Warrior is skipped; the others keep taking turns."""
    s = duo(hands=((), (SW1,)))
    s, _ = apply(s, 0, GiveUp())  # Cochise has no cards: nothing to remove
    assert decision(s) is not None and decision(s).player == 1
    s, events = apply(rolled(s, (4,)), 1, CoverSpot(spot=0))
    assert events[-1] == TurnStarted(player=1)


def test_wr_spot_01_weapon_spot_needs_the_matching_weapon() -> None:
    """WR-SPOT-01, WR-WPN-01: the Graveyard's Chain spot takes a Chain, not Brass Knuckles."""
    s = duo()
    assert CoverSpot(spot=3, weapon=CHAIN0) in legal(s, 0)
    s2 = duo(weapons=((BK0,), (CHAIN1,)))
    assert not any(isinstance(a, CoverSpot) for a in legal(s2, 0))
    s, events = apply(s, 0, CoverSpot(spot=3, weapon=CHAIN0))
    assert s.fight is not None and 3 in s.fight.covered and CHAIN0 in s.spent


def test_wr_spot_02_any_weapon_card() -> None:
    """WR-SPOT-02, WR-WPN-02: an Any Weapon card played with any Weapon covers any Weapon spot."""
    s = duo(hands=((CO3,), ()), weapons=((BK0,), (BK0 + 1,)))
    s, _ = apply(s, 0, PlayCard(card=CO3, weapon=BK0))
    assert CoverSpot(spot=1) in legal(s, 0) and CoverSpot(spot=3) in legal(s, 0)
    s, _ = apply(s, 0, CoverSpot(spot=1))
    assert s.fight is not None and 1 in s.fight.covered


def test_wr_spot_03_dice_from_cards() -> None:
    """WR-SPOT-03, WR-CARD-01: each card played adds its dice; the roll has that many dice."""
    s = duo(hands=((CO1, TH), ()))
    s, events = run(s, (0, PlayCard(card=CO1)), (0, PlayCard(card=TH)), (0, Roll()))
    rolls = [e for e in events if isinstance(e, DiceRolled)]
    assert len(rolls) == 1 and len(rolls[0].dice) == 2
    scripted, _ = run(duo(hands=((CO1, TH), ())), (0, PlayCard(card=CO1)), (0, PlayCard(card=TH)))
    scripted, events = run(rig(scripted, 5, 2), (0, Roll()), (0, KeepDice()))  # the two dice fall 5 and 2
    assert DiceRolled(player=0, dice=(5, 2)) in events
    assert CoverSpot(spot=4) in legal(scripted, 0) and CoverSpot(spot=5) in legal(scripted, 0)  # the Graveyard's 5 and Rep 5


def test_wr_spot_04_five_dice_limit() -> None:
    """WR-SPOT-04, WR-TEST-01: Chain+Weapon (2) + Boombox (2) + Throw Hands (1) = 5; a sixth die is refused."""
    boombox = cid("Snow", 1)
    s = duo(hands=((CO1, boombox, TH, TH + 1), ()))
    s, _ = run(s, (0, PlayCard(card=CO1, weapon=CHAIN0)), (0, PlayCard(card=boombox)), (0, PlayCard(card=TH)))
    assert s.fight is not None and s.fight.dice_total == 5
    err = refused(GAME, s, 0, PlayCard(card=TH + 1), code="fight/card_not_playable")
    assert err.clause == "WR-SPOT-04"
    s, events = apply(s, 0, Roll())
    assert len(next(e for e in events if isinstance(e, DiceRolled)).dice) == 5
    s, _ = apply(s, 0, KeepDice())
    assert Boost(card=TH + 1, die=0) in legal(s, 0)


def test_wr_spot_05_and_wr_spot_07_cochise_example() -> None:
    """WR-SPOT-05, WR-SPOT-07, WR-TEST-02: Chain+Weapon, Throw Hands and Streetwise make 4 dice; a 4 covers a 4 spot, not a 5."""
    streetwise = cid("Mercy", 1)
    s = duo(hands=((CO1, TH, streetwise), ()), discards=((), (SW2,)))
    s, events = run(
        s,
        (0, PlayCard(card=CO1, weapon=CHAIN0)),
        (0, PlayCard(card=TH)),
        (0, PlayCard(card=streetwise, target=1, pick=SW2)),
    )
    assert SW2 in s.hands[1] and s.fight is not None and s.fight.dice_total == 4
    s = rolled(s, (2, 4, 1, 3))
    options = legal(s, 0)
    assert CoverSpot(spot=0) in options and CoverSpot(spot=2) in options
    assert CoverSpot(spot=4) not in options and CoverSpot(spot=5) not in options
    s, _ = apply(s, 0, CoverSpot(spot=0))
    assert s.fight is not None and s.fight.covered == (0,)


def test_wr_spot_06_and_wr_ko_01_cannot_cover_is_knocked_out() -> None:
    """WR-SPOT-06, WR-KO-01: with nothing coverable the only way on is to be knocked out."""
    s = rolled(duo(hands=((), ()), discards=((TH + 5,), ()), weapons=((), ())), (1, 1))
    assert legal(s, 0) == [GiveUp()]
    s, events = apply(s, 0, GiveUp())
    assert "KnockedOut" in types(events)
    could = rolled(duo(hands=((TH,), ())), (5, 1))  # "or choose not to": giving up while a cover is open
    assert CoverSpot(spot=0) in legal(could, 0) and GiveUp() in legal(could, 0)
    could, events = apply(could, 0, GiveUp())
    assert "KnockedOut" in types(events) and could.fight is not None and 0 in could.fight.knocked


def test_wr_ko_02_remove_from_hand_else_discard() -> None:
    """WR-KO-02, WR-TEST-03, GAP-17: Vermin with an empty hand removes one of his discard pile; with nothing, nothing."""
    vermin = ("Vermin", "Swan")
    s = new(2, vermin)
    pile = (TH, cid("Vermin", 1), cid("Vermin", 2))
    s = in_fight(s, cat.PUNKS, GRAVEYARD, 0, hands=((), (SW1,)), discards=(pile, ()), weapons=((BK0,), (BK0 + 1,)), spent=(BK0,))
    s, _ = apply(s, 0, GiveUp())
    assert legal(s, 0) == [RemoveCard(card=c) for c in pile]
    s, events = apply(s, 0, RemoveCard(card=cid("Vermin", 2)))
    assert cid("Vermin", 2) in s.war_removed and decision(s).player == 1  # type: ignore[union-attr]
    s2 = in_fight(new(2, vermin), cat.PUNKS, GRAVEYARD, 0, hands=((TH,), ()), discards=((), ()), weapons=((BK0,), ()), spent=())
    s2, _ = apply(s2, 0, GiveUp())
    assert legal(s2, 0) == [RemoveCard(card=TH)]
    s3 = in_fight(new(2, vermin), cat.PUNKS, GRAVEYARD, 0, hands=((), (SW1,)), discards=((), ()), weapons=((), ()), spent=())
    s3, events = apply(s3, 0, GiveUp())
    assert "CardRemoved" not in types(events) and decision(s3).player == 1  # type: ignore[union-attr]


def test_wr_ko_03_knocked_out_skipped() -> None:
    """WR-KO-03: after being knocked out, a Warrior takes no more turns in this fight."""
    s = duo(hands=((TH,), (SW1,)))
    s, _ = run(s, (0, GiveUp()), (0, RemoveCard(card=TH)))
    s, events = apply(rolled(s, (4,)), 1, CoverSpot(spot=0))
    assert TurnStarted(player=1) in events and s.fight is not None and 0 in s.fight.knocked


def test_wr_card_01_only_on_your_turn() -> None:
    """WR-CARD-01: War cards are played on your own turn."""
    s = duo(hands=((CO1,), (SW1,)))
    refused(GAME, s, 1, PlayCard(card=SW1), code="turn/not_your_turn")


def test_wr_card_02_and_07_weapon_card_two_dice() -> None:
    """WR-CARD-02, WR-CARD-07, WR-WPN-02: Chain with the matching Weapon gives 2 dice; without it 1."""
    rem = cid("Rembrandt", 0)
    s = duo(hands=((rem, CO1), ()))
    s, _ = apply(s, 0, PlayCard(card=rem, weapon=CHAIN0))
    assert s.fight is not None and s.fight.dice_total == 2 and CHAIN0 in s.spent
    s, _ = apply(s, 0, PlayCard(card=CO1))
    assert s.fight is not None and s.fight.dice_total == 3
    assert PlayCard(card=rem, weapon=BK0) not in legal(duo(hands=((rem,), ()), weapons=((BK0,), ())), 0)


def test_wr_card_03_abilities_only_when_the_text_says() -> None:
    """WR-CARD-03: Take the Lead helps another Warrior's roll, never its owner's."""
    s = in_fight(new(2, ("Swan", "Cochise")), cat.PUNKS, GRAVEYARD, 0, hands=((SW2, TH), ()), discards=((), ()), weapons=((BK0,), (CHAIN0,)), spent=())
    s = rolled(s, (3,))
    assert Boost(card=SW2, die=0) not in legal(s, 0) and Boost(card=TH, die=0) in legal(s, 0)


def test_wr_card_04_played_cards_to_discard_throw_hands_removed() -> None:
    """WR-CARD-04, WR-CARD-09, WR-TEST-10: a played card goes to the discard pile; Throw Hands used from hand leaves the game."""
    s = duo(hands=((CO1, TH), ()))
    s, _ = apply(s, 0, PlayCard(card=CO1))
    assert s.discards[0] == (CO1,)
    s = rolled(s, (3, 4))
    s, _ = apply(s, 0, Boost(card=TH, die=1))
    assert s.fight is not None and s.fight.dice == (3, 5) and TH in s.war_removed and TH not in s.discards[0]
    s, _ = apply(s, 0, CoverSpot(spot=4))
    assert s.fight is not None and 4 in s.fight.covered


def test_wr_card_05_and_faq_01_no_hand_limit() -> None:
    """WR-CARD-05, WR-FAQ-01: a hand may hold more than 7 cards."""
    big = tuple(range(TH, TH + 12))
    s = duo(hands=(big, ()))
    assert s.hands[0] == big and len([a for a in legal(s, 0) if isinstance(a, PlayCard)]) == 12


def test_wr_card_06_take_the_lead() -> None:
    """WR-CARD-06, WR-TEST-10, GAP-18: Swan (even knocked out) discards Take the Lead for +1 on Cochise's roll."""
    s = duo(hands=((), (SW2,)))
    s = update(s, fight=update(s.fight, knocked=(1,)))  # type: ignore[arg-type]
    s = rolled(s, (3, 4))
    assert Boost(card=SW2, die=1) in legal(s, 1) and 1 in GAME.actors(s)
    s, _ = apply(s, 1, Boost(card=SW2, die=1))
    assert s.fight is not None and s.fight.dice == (3, 5) and s.discards[1] == (SW2,)


def test_gap_18_a_reaction_may_be_declined() -> None:
    """GAP-18, WR-CARD-06 ("you may"): a Warrior able to react can let the roll go by (LetItGo);
    they stop being an actor for this window, keep the card, and the roller goes on."""
    s = rolled(duo(hands=((), (SW2,))), (3, 4))
    assert GAME.actors(s) == frozenset({0, 1}) and LetItGo() in legal(s, 1)
    assert [(w.seat, w.kind) for w in GAME.waiting(s)] == [(0, "boost"), (1, "boost_reaction")]  # each with its own decision
    s, events = apply(s, 1, LetItGo())
    assert types(events) == ["ReactionDeclined"] and GAME.actors(s) == frozenset({0}) and legal(s, 1) == []
    assert s.hands[1] == (SW2,)
    assert legal(rolled(duo(hands=((), ())), (3, 4)), 1) == []


def test_wr_card_08_smooth_talker() -> None:
    """WR-CARD-08: a played Smooth Talker re-rolls one die after rolling, once."""
    st = cid("Vermin", 1)
    s = in_fight(new(2, ("Vermin", "Swan")), cat.PUNKS, GRAVEYARD, 0, hands=((st,), ()), discards=((), ()), weapons=((BK0,), ()), spent=())
    s, _ = apply(s, 0, PlayCard(card=st))
    s = rolled(s, (1,), kind="reroll")
    assert Reroll(card=st, die=0) in legal(s, 0)
    s, events = apply(s, 0, Reroll(card=st, die=0))
    assert "DiceRerolled" in types(events) and not any(isinstance(a, Reroll) for a in legal(s, 0))
    s, _ = apply(s, 0, KeepDice())
    assert decision(s).kind == "boost"  # type: ignore[union-attr]


def test_wr_card_10_switch_blade() -> None:
    """WR-CARD-10: Mercy's Switch Blade with a Switch Blade Weapon gives 2 dice."""
    me1 = cid("Mercy", 0)
    s = duo(hands=((me1,), ()), weapons=((SB0,), ()))
    s, _ = apply(s, 0, PlayCard(card=me1, weapon=SB0))
    assert s.fight is not None and s.fight.dice_total == 2


def test_wr_card_11_and_faq_03_streetwise() -> None:
    """WR-CARD-11, WR-FAQ-03: Streetwise lets another Warrior return a discard; with no discards it still rolls."""
    sw = cid("Mercy", 1)
    s = duo(hands=((sw,), ()), discards=((), (SW1, SW2)))
    assert PlayCard(card=sw, target=1, pick=SW2) in legal(s, 0)
    s2, _ = apply(s, 0, PlayCard(card=sw, target=1, pick=SW2))
    assert s2.hands[1] == (SW2,) and s2.discards[1] == (SW1,)
    empty = duo(hands=((sw,), ()))
    assert [a for a in legal(empty, 0) if isinstance(a, PlayCard)] == [PlayCard(card=sw)]
    empty, _ = apply(empty, 0, PlayCard(card=sw))
    assert empty.fight is not None and empty.fight.dice_total == 1


def test_wr_card_12_boombox_reveals_after_the_fight() -> None:
    """WR-CARD-12, GAP-27: Boombox gives 2 dice and, after the fight, 1 Bopper card for its player."""
    bb = cid("Snow", 1)
    s = duo(hands=((bb,), ()))
    s, _ = apply(s, 0, PlayCard(card=bb))
    assert s.fight is not None and s.fight.dice_total == 2
    s = update(s, fight=update(s.fight, covered=(1, 2, 3)), bopper_deck=(0, *s.bopper_deck[1:]) if 0 in s.bopper_deck else s.bopper_deck)
    s, events = apply(rolled(s, (4, 1)), 0, CoverSpot(spot=0))
    names = types(events)
    assert names.index("FightEnded") < names.index("BopperRevealed")
    assert next(e for e in events if type(e).__name__ == "BopperRevealed").player == 0


def test_every_card_hold_the_line() -> None:
    """GAP-01 Hold the Line (WR-CARD-03, WR-KO-02): the knocked-out Warrior removes from the discard pile instead."""
    s = duo(hands=((CO1,), (SW4,)), discards=((CO2,), ()))
    s, _ = apply(s, 0, GiveUp())
    assert HoldTheLine(card=SW4) in legal(s, 1)
    s, _ = apply(s, 1, HoldTheLine(card=SW4))
    assert legal(s, 0) == [RemoveCard(card=CO2)]
    s, _ = apply(s, 0, RemoveCard(card=CO2))
    assert s.hands[0] == (CO1,) and CO2 in s.war_removed and s.discards[1] == (SW4,)


def test_every_card_plus_one_powers_and_showboat() -> None:
    """GAP-01 Quiet Strength / Cheap Shot add 1 after rolling; Showboat re-rolls every 1 and 2 once (WR-CARD-03)."""
    qs, sb = cid("Snow", 3), cid("Cochise", 1)
    s = duo(hands=((qs, sb), ()))
    s, _ = run(s, (0, PlayCard(card=qs)), (0, PlayCard(card=sb)))
    s = rolled(s, (1, 5), kind="reroll")
    assert Reroll(card=sb, die=-1) in legal(s, 0)
    s, events = apply(s, 0, Reroll(card=sb, die=-1))
    new_dice = events[0].dice
    assert new_dice[1] == 5 and legal(s, 0) == [KeepDice()]
    s, _ = apply(s, 0, KeepDice())
    s, _ = apply(s, 0, Boost(card=qs, die=1))
    assert s.fight is not None and s.fight.dice[1] == 6
    assert not any(isinstance(a, Boost) for a in legal(s, 0))


def test_every_card_second_wind_patch_up_tag_the_wall() -> None:
    """GAP-01 Second Wind and Patch Up turn face-down Weapons up; Tag the Wall returns another discard."""
    patch, tag = cid("Rembrandt", 3), cid("Rembrandt", 1)
    s = duo(hands=((CO4, patch, tag), ()), discards=((CO1,), ()))
    s = update(s, spent=(BK0, CHAIN0))
    s, _ = run(s, (0, PlayCard(card=CO4, pick=CHAIN0)), (0, PlayCard(card=patch, target=1, pick=BK0)), (0, PlayCard(card=tag, pick=CO1)))
    assert s.spent == () and CO1 in s.hands[0]


def test_every_card_loyal_and_lookout() -> None:
    """GAP-01 Loyal gives another Warrior a War-row card; Lookout secretly sees the top Bopper card, which may go to the bottom."""
    loyal, look = cid("Cowboy", 3), cid("Fox", 1)
    s = duo(hands=((loyal, look), ()))
    row = s.war_row
    s, _ = apply(s, 0, PlayCard(card=loyal, target=1, pick=0))
    assert row[0] in s.hands[1] and len(s.war_row) == 3
    top = s.bopper_deck[0]
    s, events = apply(s, 0, PlayCard(card=look))
    peek = next(e for e in events if isinstance(e, LookoutPeeked))
    assert peek.card == top and decision(s).kind == "lookout"  # type: ignore[union-attr]
    assert GAME.redact(peek, 1).card == -1 and GAME.redact(peek, 0).card == top
    assert GAME.view(s, 0).lookout_card == top and GAME.view(s, 1).lookout_card == -1
    s, _ = apply(s, 0, KeepLookout(bottom=True))
    assert s.bopper_deck[-1] == top and decision(s).kind == "play"  # type: ignore[union-attr]


def test_every_card_lucky_hat_cover_me_sweet_talk() -> None:
    """GAP-01 Lucky Hat re-rolls your own die; Cover Me re-rolls another's; Sweet Talk adds 1 to another's."""
    lucky, cover, sweet = cid("Cowboy", 2), cid("Fox", 3), cid("Mercy", 3)
    s = duo(hands=((lucky,), (cover, sweet)))
    s = rolled(s, (2,), kind="reroll")
    assert Reroll(card=lucky, die=0) in legal(s, 0) and Reroll(card=cover, die=0) in legal(s, 1)
    s, _ = apply(s, 1, Reroll(card=cover, die=0))
    assert cover in s.discards[1]
    s, _ = run(s, (0, Reroll(card=lucky, die=0)), (0, KeepDice()))
    assert decision(s).kind == "boost"  # type: ignore[union-attr]
    s, _ = apply(s, 1, Boost(card=sweet, die=0))
    assert sweet in s.discards[1]


def test_wr_wpn_03_face_down_for_the_fight() -> None:
    """WR-WPN-03: a used Weapon is face down and cannot be used again in this fight."""
    s = duo(hands=((CO1,), ()))
    s, _ = apply(s, 0, PlayCard(card=CO1, weapon=CHAIN0))
    assert CHAIN0 in s.spent
    s, _ = apply(rolled(s, (4, 4)), 0, CoverSpot(spot=0))
    s, _ = apply(s, 1, GiveUp())  # Swan has no cards: knocked out, nothing to remove
    assert decision(s) is not None and decision(s).player == 0 and CHAIN0 in s.spent
    assert CoverSpot(spot=3, weapon=CHAIN0) not in legal(s, 0)


def test_wr_wpn_04_and_wr_result_09_face_up_after_the_fight() -> None:
    """WR-WPN-04, WR-RESULT-09: at the end of the fight the participants' Weapons turn face up, and the City Phase begins."""
    s = duo()
    s = update(s, spent=(BK0,), fight=update(s.fight, covered=(0, 1, 2)))  # type: ignore[arg-type]
    s, events = apply(s, 0, CoverSpot(spot=3, weapon=CHAIN0))
    assert s.spent == () and s.fight is None and "CityTurnStarted" in types(events)


def test_wr_wpn_06_07_and_faq_04_molotov() -> None:
    """WR-WPN-06, WR-WPN-07, WR-FAQ-04, WR-TEST-12: a Molotov works as a Chain for Cochise's card (2 dice) and leaves the game."""
    s = duo(hands=((CO1,), ()), weapons=((MOL0,), ()))
    assert CoverSpot(spot=3, weapon=MOL0) in legal(s, 0) and CoverSpot(spot=1, weapon=MOL0) in legal(s, 0)
    s, _ = apply(s, 0, PlayCard(card=CO1, weapon=MOL0))
    assert s.fight is not None and s.fight.dice_total == 2
    assert s.weapons[0] == () and MOL0 in s.weapons_removed and MOL0 not in s.spent


def test_wr_faq_02_played_throw_hands_cannot_add() -> None:
    """WR-FAQ-02, WR-TEST-10: a Throw Hands played for its die cannot then be removed for +1."""
    s = duo(hands=((TH,), ()))
    s, _ = apply(s, 0, PlayCard(card=TH))
    s = rolled(s, (4,))
    assert not any(isinstance(a, Boost) for a in legal(s, 0))
    refused(GAME, s, 0, Boost(card=TH, die=0), code="fight/card_not_in_hand")


def test_keep_dice_ends_rerolls() -> None:
    """GAP-15: the roller may stop the re-roll window, and +1s follow."""
    st = cid("Vermin", 1)
    s = duo(hands=((st, TH), ()))
    s, _ = apply(s, 0, PlayCard(card=st))
    s = rolled(s, (3,), kind="reroll")
    s, events = apply(s, 0, KeepDice())
    assert "DiceSettled" in types(events) and Boost(card=TH, die=0) in legal(s, 0)


def test_played_card_event_is_public() -> None:
    """WR-CARD-04: playing reveals the card to all."""
    s = duo(hands=((CO1,), ()))
    _, events = apply(s, 0, PlayCard(card=CO1))
    assert events[0] == CardPlayed(player=0, card=CO1)


def test_four_players_at_van_cortlandt() -> None:
    """WR-FIGHT-03/04, GAP-07, GAP-28 at the maximum player count: all 4 fight; against a higher
    rival the 5-spot park needs all 5 spots including the Reputation spot."""
    s = new(4, ("Cochise", "Swan", "Fox", "Snow"))
    s = update(s, track=(s.rival, *(g for g in DEFAULT_TRACK if g != s.rival)))
    s, events = apply(s, s.instigator, OpenFirstFight())
    started = next(e for e in events if isinstance(e, FightStarted))
    assert len(started.participants) == 4 and (started.need_loc, started.need_rep) == (5, 1)


def test_two_players_at_van_cortlandt_lower_rival() -> None:
    """WR-FIGHT-03 at the minimum player count: 2 Warriors against a lower rival need 2 park spots."""
    s = new(2, ("Cochise", "Swan"))
    s = update(s, track=(*(g for g in DEFAULT_TRACK if g != s.rival), s.rival))
    s, events = apply(s, s.instigator, OpenFirstFight())
    started = next(e for e in events if isinstance(e, FightStarted))
    assert (started.need_loc, started.need_rep) == (2, 0)


def test_wr_spot_05_die_equal_to_the_spot() -> None:
    """WR-SPOT-05 at the boundary: a highest die equal to the spot covers it; one lower does not."""
    s = cochise_swan_fight(hands=((), ()))
    assert CoverSpot(spot=4) in legal(rolled(s, (5, 1)), 0)
    assert CoverSpot(spot=4) not in legal(rolled(s, (4, 4)), 0) and CoverSpot(spot=2) in legal(rolled(s, (4, 4)), 0)


def test_two_reactors_at_once() -> None:
    """GAP-16/18 simultaneous reactions: two other Warriors may both add 1 to the roller's die,
    in any order; each may instead let it go; the roller's cover closes the window for both."""
    s = in_fight(new(3, ("Cochise", "Swan", "Mercy")), cat.PUNKS, GRAVEYARD, 0, hands=((), (SW2,), (SWEET_TALK,)), discards=((), (), ()), weapons=((), (), ()), spent=())
    s = rolled(s, (3,))
    assert GAME.actors(s) == frozenset({0, 1, 2})
    s, _ = run(s, (2, Boost(card=SWEET_TALK, die=0)), (1, Boost(card=SW2, die=0)))
    assert s.fight is not None and s.fight.dice == (5,) and GAME.actors(s) == frozenset({0})
    t = rolled(in_fight(new(3, ("Cochise", "Swan", "Mercy")), cat.PUNKS, GRAVEYARD, 0, hands=((), (SW2,), (SWEET_TALK,)), discards=((), (), ()), weapons=((), (), ()), spent=()), (4,))
    t, _ = apply(t, 0, CoverSpot(spot=0))
    assert not any(isinstance(a, Boost) for a in legal(t, 1)) and legal(t, 2) == []
    refused(GAME, t, 2, Boost(card=SWEET_TALK, die=0), code="turn/not_your_turn")


def test_wr_test_04_weapons_face_up_after_a_lost_fight() -> None:
    """WR-TEST-04, WR-RESULT-09, WR-WPN-04: a lost fight still turns the participants' Weapons face up."""
    s = cochise_swan_fight(hands=((), ()), weapons=((CHAIN0,), (BK0,)))
    s = update(s, spent=(BK0, CHAIN0))
    s, events = run(s, (0, GiveUp()), (1, GiveUp()))
    assert s.spent == () and "FightEnded" in types(events) and s.city is not None
