"""Seat advantage with bot strength taken out: is any seat better than the bots who sat in it?

Matches are pooled over seat rotations: every line-up made of the same bots (in any
seat order) of one game and player count is one pool. Each bot's strength is its win
rate over every seat it played in the pool; a seat's expected wins are the sum, over
the bots that sat there, of their games in the seat times their strength. A seat that
wins more than that is favoured by the seat order, whatever bots sat in it. The test
is the stratified score test (Mantel-Haenszel style, by bot): ``z = (wins - expected)
/ sqrt(sum of n p (1 - p))``, two-sided, normal approximation; with one bot in every
seat it is the test of each seat against the pool's mean rate. Every seat is tested;
the report also gives the Bonferroni-adjusted p-value (times the number of seats).

When a bot only ever sat in one seat (a mixed line-up that was not rotated), its
strength and its seat cannot be told apart, and no line is given, with that reason.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence

import attrs

from boardcore.sim.play import MatchRecord

__all__ = ["SeatLine", "SeatPool", "seat_pools"]


@attrs.frozen
class SeatLine:
    """One seat of a pool: its wins against those its bots' strength predicts."""

    seat: int
    games: int
    wins: int
    expected: float
    """Wins the bots that sat here would have had at their pool-wide win rates."""
    p_value: float
    """Two-sided p-value of the stratified score test."""

    @property
    def advantage(self) -> float:
        """Win rate above the expected rate, as a fraction (``+0.05``: five points better)."""
        return (self.wins - self.expected) / self.games if self.games else 0.0


@attrs.frozen
class SeatPool:
    """Every match of one game and player count whose line-up is made of the same bots, in any seat order."""

    game: str
    players: int
    bots: tuple[str, ...]
    """The line-up's bots, sorted (each as often as it sits in one match)."""
    games: int
    lines: tuple[SeatLine, ...]
    """One per seat, or none when the seat effect cannot be measured (then ``reason`` says why)."""
    reason: str
    by_bot: tuple[tuple[str, int, int, int], ...]
    """``(bot, seat, games, wins)`` for each bot and seat it played: bot strength by seat."""
    strength: tuple[tuple[str, int, int], ...]
    """``(bot, seat-games, wins)``: each bot over every seat it played in the pool."""
    fixed: tuple[str, ...] = ()
    """The bots that only ever sat in one seat of a mixed line-up (then ``reason`` starts "only ever sat")."""


def _p_two_sided(z: float) -> float:
    return math.erfc(abs(z) / math.sqrt(2))


def _pool(game: str, players: int, bots: tuple[str, ...], records: Sequence[MatchRecord]) -> SeatPool:
    cells: dict[tuple[str, int], list[int]] = defaultdict(lambda: [0, 0])
    for record in records:
        for seat, bot in enumerate(record.bots):
            cell = cells[(bot, seat)]
            cell[0] += 1
            cell[1] += seat in record.winners
    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for (bot, _), (n, w) in cells.items():
        totals[bot][0] += n
        totals[bot][1] += w
    by_bot = tuple(sorted((bot, seat, n, w) for (bot, seat), (n, w) in cells.items()))
    strength = tuple(sorted((bot, n, w) for bot, (n, w) in totals.items()))
    base = SeatPool(game, players, bots, len(records), (), "", by_bot, strength)
    if any(record.cooperative for record in records):
        return attrs.evolve(base, reason="a cooperative game: the seats win or lose together")
    fixed = sorted(bot for bot in totals if len({seat for (b, seat) in cells if b == bot}) < 2)
    if len(totals) > 1 and fixed:
        reason = "only ever sat in one seat, so bot strength and seat advantage cannot be told apart; simulate with --rotate (each bot in each seat)"
        return attrs.evolve(base, reason=reason, fixed=tuple(fixed))
    lines = []
    for seat in range(players):
        here = [(bot, n, w) for (bot, s), (n, w) in cells.items() if s == seat]
        games = sum(n for _, n, _ in here)
        wins = sum(w for _, _, w in here)
        rates = {bot: totals[bot][1] / totals[bot][0] for bot, _, _ in here}
        expected = sum(n * rates[bot] for bot, n, _ in here)
        variance = sum(n * rates[bot] * (1 - rates[bot]) for bot, n, _ in here)
        p = _p_two_sided((wins - expected) / math.sqrt(variance)) if variance > 0 else 1.0
        lines.append(SeatLine(seat, games, wins, expected, min(1.0, p)))
    return attrs.evolve(base, lines=tuple(lines))


def seat_pools(records: Sequence[MatchRecord]) -> list[SeatPool]:
    """The records pooled over seat rotations (by game, player count and sorted line-up), each analysed."""
    pools: dict[tuple[str, int, tuple[str, ...]], list[MatchRecord]] = defaultdict(list)
    for record in records:
        pools[(record.game, record.players, tuple(sorted(record.bots)))].append(record)
    return [_pool(game, players, bots, found) for (game, players, bots), found in sorted(pools.items())]
