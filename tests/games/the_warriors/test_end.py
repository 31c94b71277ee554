"""End of the game: Coney Island and the final showdown (WR-END)."""

from __future__ import annotations

from games.the_warriors import GAME
from games.the_warriors import catalog as cat
from games.the_warriors.actions import CoverSpot, GiveUp, Move, Run
from games.the_warriors.events import GameEnded
from games.the_warriors.phases.fight import is_won
from games.the_warriors.state import update

from .helpers import W, apply, in_city, legal, new, rolled, run, types

CONEY = cat.CONEY_SPACE
TRACK_3 = (cat.ROGUES, cat.LIZZIES, W, cat.HI_HATS, cat.PUNKS, cat.ORPHANS, cat.FURIES)


def last_walk(track=TRACK_3, threats=((), (), ()), **kw):  # type: ignore[no-untyped-def]
    """Seats 0 and 1 are on Coney Island; seat 2 (on S36) is about to move."""
    s = new(3, ("Cochise", "Swan", "Fox"))
    kw.setdefault("rival", cat.LIZZIES)  # not the highest gang, so WR-END-06 must look at the track
    kw.setdefault("instigator", 0)
    return in_city(s, 2, positions=(CONEY, CONEY, 36), arrived=(1, 0), track=track, tokens=cat.FIGHT_SPACES, threats=threats, **kw)


def test_wr_end_01_coney_no_bopper_and_threats_return() -> None:
    """WR-END-01, GAP-10: moving onto Coney Island reveals no Bopper; the Warrior's Threats go back into the deck."""
    s = new(3, ("Cochise", "Swan", "Fox"))
    s = in_city(s, 0, positions=(36, 0, 0), tokens=cat.FIGHT_SPACES, threats=((12, 15), (), ()), bopper_deck=(0, 1))
    s, events = apply(s, 0, Move(space=CONEY))
    assert "BopperRevealed" not in types(events) and s.threats[0] == () and sorted(s.bopper_deck) == [0, 1, 12, 15]
    assert s.arrived == (0,)


def test_wr_end_02_no_more_city_turns() -> None:
    """WR-END-02: a Warrior on Coney Island takes no more City turns."""
    from games.the_warriors.actions import Rest

    s = new(3, ("Cochise", "Swan", "Fox"))
    s = in_city(s, 0, positions=(36, 0, 0), tokens=cat.FIGHT_SPACES, bopper_deck=tuple(range(12)), bopper_discard=())
    s, _ = apply(s, 0, Move(space=CONEY))
    seen = []
    for _ in range(4):
        assert s.city is not None
        seen.append(s.city.player)
        s, _ = apply(s, s.city.player, Rest())
    assert seen == [1, 2, 1, 2]


def test_wr_end_03_to_08_showdown_setup() -> None:
    """WR-END-03, WR-END-04, WR-END-05, WR-END-06, WR-END-07, WR-END-08: the last arrival takes the Instigator token; the highest rival on the Coney tile; other tiles gone; no running."""
    s = last_walk()
    s, events = apply(s, 2, Move(space=CONEY))
    f = s.fight
    assert f is not None and f.showdown and f.location == cat.CONEY and f.gang == cat.ROGUES
    assert s.instigator == 2 and f.participants == (2, 0, 1)
    assert s.gang_down == () and s.gang_up == () and s.loc_down == () and s.loc_up == () and s.rival == cat.ROGUES
    for seat in range(3):
        assert not any(isinstance(a, Run) for a in legal(s, seat))


def test_wr_end_09_12_coney_requirement_example() -> None:
    """WR-END-09, WR-END-12, WR-TEST-09: 3 Warriors on 3 vs the Rogues on 1: both gang spots + 5 Coney spots incl. 2 Reputation."""
    s = last_walk()
    s, _ = apply(s, 2, Move(space=CONEY))
    f = s.fight
    assert f is not None and (f.need_loc, f.need_rep) == (5, 2)
    # Coney spots are indices 2.. : N3, N4, N5, Chain, Rep4, Rep4, Rep5, Rep5, Rep6, Rep Bat
    assert not is_won(update(f, covered=(0, 1, 2, 3, 4, 5, 6)))
    assert is_won(update(f, covered=(0, 1, 2, 3, 4, 6, 7)))
    assert is_won(update(f, covered=(0, 1, 2, 3, 4, 5, 6, 7)))  # WR-TEST-09: 4 ordinary + 1 Rep, then another Rep
    assert not is_won(update(f, covered=(0, 2, 3, 4, 5, 6, 7, 8)))  # a Gang spot missing
    assert not is_won(update(f, covered=(0, 1, 6, 7, 8, 9)))  # 4 Coney spots, all Reputation: one short
    top = last_walk(track=(W, *TRACK_3[:2], *TRACK_3[3:]))
    top, _ = apply(top, 2, Move(space=CONEY))
    assert top.fight is not None and (top.fight.need_loc, top.fight.need_rep) == (3, 0)


def test_wr_end_10_11_win_or_lose_the_showdown() -> None:
    """WR-END-10, WR-END-11, WR-COMP-02: winning the showdown wins for all; losing it loses for all."""
    s = last_walk()
    s, _ = apply(s, 2, Move(space=CONEY))
    f = s.fight
    assert f is not None
    won = update(s, fight=update(f, covered=(0, 1, 2, 3, 4, 6)))
    won, events = apply(rolled(won, (5,)), 2, CoverSpot(spot=8))
    assert GameEnded(won=True, reason="the Warriors won the Coney Island Showdown") in events
    out = GAME.outcome(won)
    assert out is not None and out.winners == (0, 1, 2) and GAME.actors(won) == frozenset()
    lost = update(s, hands=((), (), ()), discards=((), (), ()), weapons=((), (), ()))
    lost, events = run(lost, (2, GiveUp()), (0, GiveUp()), (1, GiveUp()))
    out = GAME.outcome(lost)
    assert out is not None and out.winners == () and out.cooperative
