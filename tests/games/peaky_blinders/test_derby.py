"""The Epsom Derby (PB-DERBY, PB-TEST-06, PB-TEST-07, GAP-19)."""

from __future__ import annotations

from boardcore.testing import act, rig, settle
from games.peaky_blinders import GAME
from games.peaky_blinders.actions import UseFortune
from games.peaky_blinders.events import (
    BetPlaced,
    DerbyBegan,
    DerbyWon,
    DieRolled,
    GameEnded,
    HorseMoved,
    MissionCompleted,
    StarterChosen,
    ZoneBegan,
)

from .helpers import give, markers, no_fortune, of, ogs_table, res, setf


def derby_table(n: int = 3):  # type: ignore[no-untyped-def]
    """The last pass of Central London's open game state has happened."""
    return no_fortune(ogs_table(n, zone=3, passes=n))


def scenario_06():  # type: ignore[no-untyped-def]
    state = derby_table(3)
    state = give(state, 0, horsepower=2, leadership=3)
    state = give(state, 1, horsepower=13, cash1=0, cash5=0, members=9, missions=("M09", "M01", "C1"))
    state = give(state, 2, horsepower=0)
    events, after = settle(GAME, rig(state, 3, 2))
    return state, after, events


def test_pb_derby_01_after_central_london() -> None:
    """PB-DERBY-01: the Derby is played right after zone 4's open game state."""
    _, state, events = scenario_06()
    assert isinstance(events[0], DerbyBegan)
    assert not of(events[: events.index(of(events, DerbyWon)[0])], ZoneBegan)


def test_pb_derby_02_03_head_start() -> None:
    """PB-DERBY-02, PB-DERBY-03: horses start on the first circle moved forward by their horsepower (2 / 13 / 0)."""
    _, _, events = scenario_06()
    assert of(events, DerbyBegan)[0].positions == (2, 13, 0)


def test_pb_derby_04_05_bets() -> None:
    """PB-DERBY-04, PB-DERBY-05 (PB-TEST-06): P0 and P2 bet one cash card each (pot 2); P1 has no cash and races without a bet."""
    before, _, events = scenario_06()
    assert [e.player for e in of(events, BetPlaced)] == [0, 2]
    assert GAME.view(before, 0).players[1].holdings.cash1 == 0


def test_pb_derby_06_07_order_and_finish() -> None:
    """PB-DERBY-06, PB-DERBY-07 (PB-TEST-06): the starter P0 rolls 3 (to 5), P1 rolls 2 (13 -> 15) and wins at once; P2 never rolls."""
    _, _, events = scenario_06()
    assert of(events, StarterChosen)[0].player == 0
    assert [(e.player, e.spaces) for e in of(events, HorseMoved)] == [(0, 3), (1, 2)]
    assert [e.player for e in of(events, DieRolled) if e.sides == 6] == [0, 1]
    assert of(events, DerbyWon)[0].player == 1


def test_pb_derby_10_winner_without_bet() -> None:
    """PB-DERBY-10 (PB-TEST-06): P1 wins without a bet: receives nothing despite 9 members; the pot goes to the bank; P0 and P2 lose their bets."""
    before, after, events = scenario_06()
    won = of(events, DerbyWon)[0]
    assert won.payout == 0 and won.pot == 2
    assert res(after, 1, "cash1") == 0
    for seat in (0, 2):
        assert res(after, seat, "cash1") + 5 * res(after, seat, "cash5") == 14
    assert [e.mission for e in of(events, MissionCompleted) if e.player == 1] == ["M09"]


def test_pb_derby_08_09_payout() -> None:
    """PB-DERBY-08, PB-DERBY-09 (PB-TEST-07): P0 (horsepower 20 starts at 14) rolls 1 and wins: 9 members -> 9 cash plus the pot of 3."""
    state = give(derby_table(3), 0, horsepower=20, leadership=2, members=9)
    events, state = settle(GAME, rig(state, 1))
    assert of(events, DerbyBegan)[0].positions[0] == 14
    won = of(events, DerbyWon)[0]
    assert (won.player, won.pot, won.payout) == (0, 3, 12)
    assert res(state, 0, "cash1") + 5 * res(state, 0, "cash5") == 15 - 1 + 12


def test_pb_derby_04_bet_breaks_a_five() -> None:
    """PB-DERBY-04 (PB-TEST-07): a player holding only two 5s breaks one and bets a value-1 card."""
    state = give(give(derby_table(3), 1, cash1=0, cash5=2), 0, horsepower=20, leadership=2)
    _, state = settle(GAME, rig(state, 1))
    assert (res(state, 1, "cash1"), res(state, 1, "cash5")) == (4, 1)


def test_derby_starter_ignores_markers() -> None:
    """GAP-09 (PB-TEST-08 variant): the Derby starter is the most leadership even if another player leads on markers."""
    state = markers(give(derby_table(3), 2, leadership=1), 3, (2, 0, 0))
    events, _ = settle(GAME, rig(state, 6))
    assert of(events, StarterChosen)[0] == StarterChosen(purpose="derby", player=2)


def test_derby_fortune_on_racing_die() -> None:
    """PB-FORT-01: a fortune token adds +1 to the racing die: 14 + 0 would not finish, 14 + 1 does."""
    state = give(give(derby_table(2), 0, horsepower=14, leadership=1, fortune=1), 1, horsepower=0)
    _, state = settle(GAME, rig(state, 1))
    assert GAME.legal_actions(state, 0)[0] == UseFortune()
    events, state = act(GAME, state, 0, UseFortune())
    assert of(events, HorseMoved)[0].spaces == 2 and of(events, DerbyWon)[0].player == 0


def test_derby_limit_ends_game() -> None:
    """GAP-04: after the last allowed Derby the game ends and is ranked."""
    state = give(derby_table(2), 0, horsepower=20, leadership=1)
    state = setf(state, derbies=5)
    events, state = settle(GAME, rig(state, 3))
    assert of(events, GameEnded)[0].reason == "limit" and state.phase == "over"
    result = GAME.outcome(state)
    assert result is not None and result.scores is not None


def test_derby_horse_crossing_the_line_wins() -> None:
    """PB-DERBY-07: landing beyond the finish (14 + 6 = 20) wins like landing on it."""
    state = no_fortune(ogs_table(2, zone=3, passes=2))
    state = give(give(state, 0, horsepower=14, leadership=1), 1, horsepower=14)
    events, _ = settle(GAME, rig(state, 6))
    assert of(events, HorseMoved)[0].spaces == 6 and of(events, DerbyWon)[0].player == 0
