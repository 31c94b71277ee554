"""End of the game: Coney Island and the final showdown (WR-END)."""

from __future__ import annotations

from boardcore.testing import refused
from games.the_warriors import GAME
from games.the_warriors import catalog as cat
from games.the_warriors.actions import CoverSpot, GiveUp, Move, OpenFirstFight, Rest, Run, StandAndFight
from games.the_warriors.events import GameEnded
from games.the_warriors.phases.fight import is_won
from games.the_warriors.presentation import PRESENTATION

from .helpers import W, apply, in_city, legal, new, rolled, run, types, update

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


def test_the_final_view_shows_the_result_and_the_final_board() -> None:
    """WR-END-10/11, WR-RESULT-07: once the night is over every seat (and a spectator) sees the
    result, the reason and the final board (track, movers, arrivals, hands, piles), and no
    fight in progress: the Showdown that ended the night is over like any finished fight (its
    story stays in the events and the summary); nobody is asked for anything."""
    s = last_walk()
    s, started = apply(s, 2, Move(space=CONEY))
    f = s.fight
    assert f is not None
    won = update(s, fight=update(f, covered=(0, 1, 2, 3, 4, 6)))
    won, events = apply(rolled(won, (5,)), 2, CoverSpot(spot=8))
    bottom = (cat.ROGUES, cat.LIZZIES, cat.HI_HATS, cat.PUNKS, cat.ORPHANS, cat.FURIES, W)
    lost = in_city(new(3, ("Cochise", "Swan", "Fox")), 2, positions=(29, 29, 29), track=bottom, tokens=cat.FIGHT_SPACES)
    lost = update(lost, hands=((), (), ()), discards=((), (), ()), weapons=((), (), ()))
    lost, lost_events = run(lost, (2, Move(space=30)), (2, StandAndFight()))
    lost, more = run(lost, *((seat, GiveUp()) for seat in (2, 0, 1)))
    assert lost.fight is not None and GAME.outcome(lost) is not None  # the state keeps the last fight (digests never change)
    for state, result, reason in ((won, 1, "the Warriors won the Coney Island Showdown"), (lost, -1, "already at the bottom")):
        for viewer in (None, 0, 1, 2):
            v = GAME.view(state, viewer)
            assert (v.result, v.fight, v.city, v.pending, v.peeked_location) == (result, None, None, None, -1)
            assert reason in v.reason and v.track == state.track and v.arrived == state.arrived
            assert [sv.position for sv in v.seats] == list(state.positions) and [sv.discard for sv in v.seats] == list(state.discards)
            assert v.hand == (state.hands[viewer] if viewer is not None else ())
            assert not any(GAME.legal_actions(state, seat) for seat in range(3))
    story = PRESENTATION.summarize(GAME, won, [*started, *events], 0)
    assert "-> WON with 1 spot covered" in story and story.endswith("ALL PLAYERS WIN: the Warriors won the Coney Island Showdown")
    assert "-> LOST with 0 spots covered" in PRESENTATION.summarize(GAME, lost, [*lost_events, *more], None)


def test_no_action_after_the_night_is_over() -> None:
    """WR-END-10/11: once the game has an outcome every action is refused as game/over."""
    s = update(new(), result=-1, reason="lost")
    for action in (OpenFirstFight(), Rest(), GiveUp()):
        err = refused(GAME, s, 0, action, code="game/over")
        assert type(action).__name__ in str(err)
    assert GAME.actors(s) == frozenset() and legal(s, 0) == legal(s, 1) == []
