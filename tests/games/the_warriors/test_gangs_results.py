"""Gang rules and the result of a fight (WR-GANG, WR-RESULT)."""

from __future__ import annotations

from boardcore.testing import refused, rig
from games.the_warriors import GAME
from games.the_warriors import catalog as cat
from games.the_warriors.actions import Boost, ChooseWarrior, CoverSpot, DiscardCard, GiveUp, KeepDice, Move, PlayCard, Run
from games.the_warriors.deciding import decision
from games.the_warriors.events import CardsDiscarded, DiceSettled, FightEnded, GameEnded, TurnStarted, WarriorsDropped

from .helpers import TH, W, apply, cid, cochise_swan_fight, in_fight, legal, new, rolled, run, swan_in_city, types, update, weapon_of

GRAVEYARD = 2
CHAIN0, BK0, MOL0 = weapon_of(cat.CHAIN), weapon_of(cat.BRASS_KNUCKLES), weapon_of(cat.MOLOTOV)
CO1, CO3 = cid("Cochise", 0), cid("Cochise", 2)
SW1, SW2, SW3 = cid("Swan", 0), cid("Swan", 1), cid("Swan", 2)


def duo(gang: int, rules: bool = False, hands=((), ()), weapons=((CHAIN0,), (BK0,)), **kw):  # type: ignore[no-untyped-def]
    s = new(2, ("Cochise", "Swan"))
    return in_fight(s, gang, GRAVEYARD, 0, rules=rules, hands=hands, discards=((), ()), weapons=weapons, spent=(), **kw)


def test_wr_gang_01_02_punks_discard_two_chosen_cards() -> None:
    """WR-GANG-01, WR-GANG-02, GAP-04: before the Punks fight the Instigator picks a Warrior, who discards 2 cards of their choice."""
    s = duo(cat.PUNKS, rules=True, hands=((CO1,), (SW1, SW2, SW3)))
    assert legal(s, 0) == [ChooseWarrior(target=0), ChooseWarrior(target=1)]
    s, _ = apply(s, 0, ChooseWarrior(target=1))
    assert decision(s) is not None and (decision(s).kind, decision(s).player) == ("gang_discard", 1)
    s, events = run(s, (1, DiscardCard(card=SW1)), (1, DiscardCard(card=SW3)))
    assert s.discards[1] == (SW1, SW3) and s.hands[1] == (SW2,) and TurnStarted(player=0) in events
    small = duo(cat.PUNKS, rules=True, hands=((CO1,), (SW1,)))
    small, events = apply(small, 0, ChooseWarrior(target=1))
    assert CardsDiscarded(player=1, cards=(SW1,)) in events


def test_wr_gang_03_lizzies_random_card() -> None:
    """WR-GANG-03: the Lizzies make the chosen Warrior discard a random card."""
    s = duo(cat.LIZZIES, rules=True, hands=((CO1, CO3, TH), ()))
    s, events = apply(s, 0, ChooseWarrior(target=0))
    hit = next(e for e in events if isinstance(e, CardsDiscarded))
    assert len(hit.cards) == 1 and hit.cards[0] in (CO1, CO3, TH) and len(s.hands[0]) == 2
    assert "RngAdvanced" in types(events)
    for pick, card in enumerate((CO1, CO3, TH)):  # the draw decides which card: scripted with the kit's rig
        t = rig(duo(cat.LIZZIES, rules=True, hands=((CO1, CO3, TH), ())), pick)
        t, events = apply(t, 0, ChooseWarrior(target=0))
        assert CardsDiscarded(player=0, cards=(card,)) in events and card not in t.hands[0] and t.discards[0] == (card,)


def test_wr_gang_04_hi_hats_one_weapon_per_fight() -> None:
    """WR-GANG-04, WR-TEST-12: against the Hi-Hats a second Weapon use in the same fight is refused."""
    s = duo(cat.HI_HATS, hands=((CO1, CO3), ()), weapons=((CHAIN0, MOL0), (BK0,)))
    s, _ = apply(s, 0, PlayCard(card=CO1, weapon=CHAIN0))
    assert PlayCard(card=CO3, weapon=MOL0) not in legal(s, 0) and PlayCard(card=CO3) in legal(s, 0)
    assert not any(isinstance(a, CoverSpot) and a.weapon >= 0 for a in legal(s, 0))
    # for the whole fight, not only this turn: Cochise covers, Swan passes, and on his next turn the Molotov is still barred
    s, _ = run(rolled(s, (4, 1)), (0, CoverSpot(spot=0)), (1, GiveUp()))
    assert decision(s) is not None and decision(s).player == 0 and s.fight is not None and s.fight.turn_weapons == 0
    assert not any(getattr(a, "weapon", -1) >= 0 for a in legal(s, 0))
    # one Weapon per Warrior: Cochise's use does not bar Swan's
    other = duo(cat.HI_HATS, hands=((CO1,), (SW1,)), weapons=((CHAIN0,), (BK0,)))
    other, _ = apply(other, 0, PlayCard(card=CO1, weapon=CHAIN0))
    other, _ = apply(rolled(other, (4, 4)), 0, CoverSpot(spot=0))
    assert PlayCard(card=SW1, weapon=BK0) in legal(other, 1)


def test_wr_gang_05_furies_two_dice() -> None:
    """WR-GANG-05, WR-TEST-01: against the Baseball Furies no more than 2 dice, Weapon-boosted dice included."""
    s = duo(cat.FURIES, hands=((CO1, TH, TH + 1), ()))
    s, _ = apply(s, 0, PlayCard(card=CO1, weapon=CHAIN0))
    assert not any(isinstance(a, PlayCard) for a in legal(s, 0))
    s2 = duo(cat.FURIES, hands=((TH, TH + 1, TH + 2), ()))
    s2, _ = run(s2, (0, PlayCard(card=TH)), (0, PlayCard(card=TH + 1)))
    assert PlayCard(card=TH + 2) not in legal(s2, 0)


def test_wr_gang_06_orphans_discard_matching_dice() -> None:
    """WR-GANG-06, GAP-04: 5,5,3 leaves 3; 4,4,4,2 leaves 2 (after re-rolls)."""
    for dice, left in (((5, 5, 3), (3,)), ((4, 4, 4, 2), (2,))):
        s = rolled(duo(cat.ORPHANS), dice, kind="reroll")
        s, events = apply(s, 0, KeepDice())
        assert DiceSettled(player=0, dice=left) in events


def test_rogues_forbid_adding_to_dice() -> None:
    """GAP-04 Rogues (WR-GANG-01, our design, see the docs): on each turn of this fight nobody may add 1 to a die."""
    hands = ((TH, TH + 1), (cid("Swan", 1),))
    s = rolled(duo(cat.ROGUES, hands=hands), (4,))
    assert not [a for a in legal(s, 0) if isinstance(a, Boost)] and legal(s, 1) == []
    refused(GAME, s, 0, Boost(card=TH, die=0), code="fight/no_boosts")
    s = rolled(duo(cat.PUNKS, hands=hands), (4,))
    assert Boost(card=TH, die=0) in legal(s, 0) and Boost(card=cid("Swan", 1), die=0) in legal(s, 1)


def _win(gang: int, covered: tuple[int, ...], spot: int, die: int, **kw):  # type: ignore[no-untyped-def]
    s = duo(gang, **kw)
    s = update(s, fight=update(s.fight, covered=covered))  # type: ignore[arg-type]
    return apply(rolled(s, (die,)), 0, CoverSpot(spot=spot))


def test_wr_result_01_02_11_hi_hats_example() -> None:
    """WR-RESULT-01, WR-RESULT-02, WR-RESULT-11, WR-TEST-07: beating the Hi-Hats on 3 sends them to 7; 4-7 move up."""
    s, events = _win(cat.HI_HATS, (0, 1, 2, 3), 5, 5)
    assert FightEnded(won=True) in events
    assert s.track == (cat.ROGUES, cat.LIZZIES, W, cat.PUNKS, cat.ORPHANS, cat.FURIES, cat.HI_HATS)


def test_wr_result_02_lower_gang() -> None:
    """WR-RESULT-02, WR-TEST-07: beating the Orphans on 6: Orphans to 7, Furies to 6, the Warriors stay on 4."""
    s, _ = _win(cat.ORPHANS, (0, 1, 2), 4, 5)
    assert s.track == (cat.ROGUES, cat.LIZZIES, cat.HI_HATS, W, cat.PUNKS, cat.FURIES, cat.ORPHANS)


def test_wr_result_03_next_gang_revealed() -> None:
    """WR-RESULT-03: the beaten tile goes face up to the bottom and the next rival is revealed."""
    s0 = duo(cat.ORPHANS, gang_down=(cat.ROGUES, cat.PUNKS), gang_up=(cat.LIZZIES,))
    s, events = apply(rolled(update(s0, fight=update(s0.fight, covered=(0, 1, 2))), (5,)), 0, CoverSpot(spot=4))  # type: ignore[arg-type]
    assert s.rival == cat.ROGUES and s.gang_down == (cat.PUNKS,) and s.gang_up == (cat.LIZZIES, cat.ORPHANS)
    assert s.loc_up[-1] == GRAVEYARD and s.loc_down == s0.loc_down  # WR-RESULT-08 on a win: no new Location revealed


def test_wr_result_04_gang_stack_reshuffled() -> None:
    """WR-RESULT-04, WR-TEST-15, GAP-21: after the 5th win the 5 face-up tiles are shuffled face down."""
    up = (cat.LIZZIES, cat.PUNKS, cat.HI_HATS, cat.FURIES)
    s0 = duo(cat.ORPHANS, gang_down=(cat.ROGUES,), gang_up=up)
    s, events = apply(rolled(update(s0, fight=update(s0.fight, covered=(0, 1, 2))), (5,)), 0, CoverSpot(spot=4))  # type: ignore[arg-type]
    assert s.rival == cat.ROGUES and s.gang_up == () and sorted(s.gang_down) == sorted((*up, cat.ORPHANS))
    assert "GangStackShuffled" in types(events)


def test_wr_result_05_06_08_all_knocked_out() -> None:
    """WR-RESULT-05, WR-RESULT-06, WR-RESULT-08, WR-TEST-04: all knocked out vs the Punks (5): Warriors to 5, Punks to 4, same rival, tile to the bottom."""
    s = duo(cat.PUNKS, weapons=((), ()))
    loc_down = s.loc_down
    s, events = run(s, (0, GiveUp()), (1, GiveUp()))
    assert FightEnded(won=False) in events and WarriorsDropped(steps=1) in events
    assert s.track == (cat.ROGUES, cat.LIZZIES, cat.HI_HATS, cat.PUNKS, W, cat.ORPHANS, cat.FURIES)
    assert s.rival == cat.PUNKS and s.loc_up[-1] == GRAVEYARD and s.loc_down == loc_down


def test_wr_result_07_lost_at_the_bottom() -> None:
    """WR-RESULT-07, WR-END-10: losing a fight with the Warriors already on 7 loses the game."""
    track = (cat.ROGUES, cat.LIZZIES, cat.HI_HATS, cat.PUNKS, cat.ORPHANS, cat.FURIES, W)
    s = duo(cat.PUNKS, weapons=((), ()), track=track)
    s, events = run(s, (0, GiveUp()), (1, GiveUp()))
    assert isinstance(events[-1], GameEnded) or any(isinstance(e, GameEnded) and not e.won for e in events)
    assert s.result == -1


def test_wr_result_10_van_cortlandt_removed() -> None:
    """WR-RESULT-10: after the first fight Van Cortlandt Park leaves the game."""
    s = new(2, ("Cochise", "Swan"))
    s = in_fight(s, cat.PUNKS, cat.VAN_CORTLANDT, 0, hands=((), ()), discards=((), ()), weapons=((), ()), spent=())
    s, _ = run(s, (0, GiveUp()), (1, GiveUp()))
    assert s.fight is None and cat.VAN_CORTLANDT not in s.loc_up and cat.VAN_CORTLANDT not in s.loc_down


def test_wr_test_15_gang_stack_after_the_sixth_win() -> None:
    """WR-TEST-15, WR-RESULT-03/04, GAP-21: after the 6th win in a row the beaten tile goes face
    up to the bottom and the top face-down tile is revealed (no reshuffle)."""
    down = (cat.LIZZIES, cat.PUNKS, cat.HI_HATS, cat.FURIES, cat.ROGUES)
    s = cochise_swan_fight(cat.ORPHANS, hands=((), ()), gang_down=down, gang_up=())
    s = update(s, fight=update(s.fight, covered=(0, 1, 2)))
    s, events = apply(rolled(s, (5,)), 0, CoverSpot(spot=4))
    assert s.rival == cat.LIZZIES and s.gang_down == down[1:] and s.gang_up == (cat.ORPHANS,)
    assert "GangStackShuffled" not in types(events)


def test_gap_21_location_stack_reshuffles_after_a_fight() -> None:
    """WR-RESULT-08, GAP-21: when the fight's tile was the last face-down one, returning it
    leaves every tile face up, so they are shuffled face down."""
    s = cochise_swan_fight(hands=((), ()), weapons=((), ()), loc_down=(), loc_up=(1, 3, 4))
    s, events = run(s, (0, GiveUp()), (1, GiveUp()))
    assert "LocationStackShuffled" in types(events) and sorted(s.loc_down) == [1, 2, 3, 4] and s.loc_up == ()


def test_orphans_every_die_the_same() -> None:
    """WR-GANG-06 at the extreme: 3, 3, 3 leaves no die, so no Number spot can be covered."""
    s = rolled(cochise_swan_fight(cat.ORPHANS, hands=((), ())), (3, 3, 3), kind="reroll")
    s, _ = apply(s, 0, KeepDice())
    assert s.fight is not None and s.fight.dice == ()
    assert not any(isinstance(a, CoverSpot) and a.weapon < 0 for a in legal(s, 0)) and GiveUp() in legal(s, 0)


def test_the_last_step_above_the_bottom_of_the_track() -> None:
    """WR-RESULT-06/07 at the boundary: losing on 6 drops the Warriors to 7 and play goes on;
    a run whose Bottles land exactly on 7 is not a loss (WR-CHAL-05/06)."""
    six = (cat.ROGUES, cat.LIZZIES, cat.HI_HATS, cat.PUNKS, cat.ORPHANS, W, cat.FURIES)
    s = cochise_swan_fight(hands=((), ()), weapons=((), ()), track=six)
    s, _ = run(s, (0, GiveUp()), (1, GiveUp()))
    assert s.result == 0 and s.track[-1] == W and s.city is not None
    five = (cat.ROGUES, cat.LIZZIES, cat.HI_HATS, cat.PUNKS, W, cat.ORPHANS, cat.FURIES)
    c = swan_in_city(track=five, bottles=1)
    c, _ = run(c, (0, Move(space=10)), (0, Run()))
    assert c.result == 0 and c.bottles == 2 and c.track[-1] == W
