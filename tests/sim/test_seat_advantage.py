"""Seat advantage with bot strength taken out: each seat's wins against what the bots that sat there predict."""

from __future__ import annotations

import math

import pytest

from boardcore.sim.play import MatchRecord
from boardcore.sim.seat_advantage import seat_pools


def _record(bots: tuple[str, ...], winners: tuple[int, ...], cooperative: bool = False, game: str = "g") -> MatchRecord:
    ranks = tuple(1 if seat in winners else 2 for seat in range(len(bots)))
    return MatchRecord(
        seed=0, game=game, players=len(bots), bots=bots, winners=winners, ranks=ranks, scores=None, reason="", cooperative=cooperative, draw=False, truncated=False, length=1
    )


def test_a_seat_that_wins_more_than_its_bots_predict_shows_the_advantage() -> None:
    """One bot in both seats: seat 0 wins 8 of 10, the bot's rate is 1/2, so seat 0 is 3 wins (+30 points) above."""
    records = [_record(("a", "a"), (0,) if i < 8 else (1,)) for i in range(10)]
    (pool,) = seat_pools(records)
    first, second = pool.lines
    assert (pool.games, pool.reason, first.games, first.wins, first.expected) == (10, "", 10, 8, 5.0)
    assert first.advantage == pytest.approx(0.3) and second.advantage == pytest.approx(-0.3)
    z = 3 / math.sqrt(10 * 0.5 * 0.5)
    assert first.p_value == pytest.approx(math.erfc(z / math.sqrt(2)))


def test_a_stronger_bot_rotated_through_the_seats_is_not_a_seat_advantage() -> None:
    """Bot ``s`` always wins, in whichever seat: each seat wins exactly what its bots predict (p = 1)."""
    records = [_record(("s", "w"), (0,)) for _ in range(5)] + [_record(("w", "s"), (1,)) for _ in range(5)]
    (pool,) = seat_pools(records)
    assert pool.bots == ("s", "w") and pool.strength == (("s", 10, 10), ("w", 10, 0))
    assert [(line.wins, line.expected, line.advantage, line.p_value) for line in pool.lines] == [(5, 5.0, 0.0, 1.0)] * 2


def test_a_bot_that_never_changed_seats_cannot_be_told_from_its_seat() -> None:
    """Without rotation the pool says why no seat line is given and which bots sat still."""
    (pool,) = seat_pools([_record(("s", "w"), (0,)) for _ in range(4)])
    assert pool.lines == () and pool.fixed == ("s", "w") and pool.reason.startswith("only ever sat in one seat")


def test_cooperative_games_and_separate_line_ups_are_pooled_apart() -> None:
    """Seats win together in a cooperative game (nothing to measure); each game and line-up is its own pool, sorted."""
    pools = seat_pools([_record(("a", "a"), (0, 1), cooperative=True, game="coop"), _record(("a", "b"), (0,)), _record(("b", "a"), (0,))])
    assert [(p.game, p.bots, p.games) for p in pools] == [("coop", ("a", "a"), 1), ("g", ("a", "b"), 2)]
    assert pools[0].lines == () and pools[0].reason == "a cooperative game: the seats win or lose together"
