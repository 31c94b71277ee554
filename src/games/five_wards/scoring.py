"""Final scoring (rulebook "Final Round and Scoring"; clauses FW-SCORE, FW-BOSS-08/09; GAP-26/27/29).

Coppers arrest first, in every Ward at once; then the 5 sources are computed on
the map after the arrests: Ward tiles, home Ward, Ward Boss spaces, collected
Brawls and leftovers. Ties on points go to the most Thugs on the map; a tie that
remains is a shared win.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, NamedTuple

from msgspec.structs import replace

from boardcore import Outcome, Turn
from boardcore.tuples import put

from .board import add, in_ward
from .catalog import GANGS, ScoringSide, leftover_points, scoring_side
from .events import Event, GameScored, ThugsArrested
from .state import NOBODY, State, WardState

__all__ = [
    "HANDLERS",
    "MapTally",
    "SOURCES",
    "arrests",
    "is_over",
    "map_tally",
    "outcome",
    "proceed",
    "score_events",
    "shared_positions",
    "tile_points",
    "ward_points",
    "ward_tally",
]

SOURCES = ("wards", "home", "boss", "brawls", "leftover")


def shared_positions(counts: list[int], points: list[int] | tuple[int, ...]) -> list[int]:
    """Points by position among Gangs with count >= 1; ties share their positions' sum, rounded up (FW-SCORE-04)."""
    ranked = sorted((c for c in counts if c > 0), reverse=True)
    per_count: dict[int, int] = {}
    position = 0
    while position < len(ranked):
        c = ranked[position]
        size = ranked.count(c)
        total = sum(points[p] for p in range(position, position + size) if p < len(points))
        per_count[c] = -(-total // size)
        position += size
    return [per_count.get(c, 0) if c > 0 else 0 for c in counts]


def tile_points(side: ScoringSide, counts: list[int], boss: int) -> list[int]:
    """Points per seat from one Ward's Scoring tile side (GAP-06, GAP-27)."""
    present = [c for c in counts if c > 0]
    if side.kind == "rank":
        return shared_positions(counts, side.points)
    if side.kind == "headcount":
        return [min(side.cap, c // 2) for c in counts]
    if side.kind == "foothold":
        return [(1 if c > 0 else 0) + p for c, p in zip(counts, shared_positions(counts, side.points))]
    if side.kind == "underdogs":
        vector = [0] * len(present)
        if vector:
            vector[0] += side.points[0]
        if len(vector) >= 2:
            vector[-1] += side.points[1]
        return shared_positions(counts, vector)
    if side.kind == "landslide":
        ranked = sorted(present, reverse=True)
        if not ranked or (len(ranked) > 1 and ranked[0] == ranked[1]):
            return [0] * len(counts)
        lead = min(side.cap, ranked[0] - (ranked[1] if len(ranked) > 1 else 0))
        return [lead if c == ranked[0] else 0 for c in counts]
    assert side.kind == "bosscut"
    out = shared_positions(counts, side.points)
    if boss != NOBODY:
        out[boss] += side.cap
    return out


def arrests(ward: WardState, players: int) -> tuple[int, ...]:
    """Thugs each Gang loses to the Ward's Coppers; the Ward Boss's Gang is immune (FW-SCORE-03, FW-BOSS-09)."""
    return tuple([0 if seat == ward.boss else min(ward.coppers, in_ward(ward, seat)) for seat in range(players)])


def ward_points(wards: Sequence[WardState], scoring: Sequence[str], counts: list[list[int]]) -> list[list[int]]:
    """Per Ward, per seat: the points of its Scoring tile (``scoring``, one per Ward) for these (post-arrest) counts."""
    out = []
    for index, ward in enumerate(wards):
        boss = ward.boss if ward.boss_height > 0 else NOBODY
        out.append(tile_points(scoring_side(scoring[index], len(counts[index])), counts[index], boss))
    return out


@lru_cache(maxsize=4096)
def ward_tally(ward: WardState, tile: str, players: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """One Ward at final scoring: the Thugs each seat loses to arrest, the Thugs it keeps, and the points its Scoring
    tile gives for them. Remembered by Ward as well: a map not met before mostly differs in one Ward."""
    taken = arrests(ward, players)
    counts = [in_ward(ward, s) - taken[s] for s in range(players)]
    boss = ward.boss if ward.boss_height > 0 else NOBODY
    return taken, tuple(counts), tuple(tile_points(scoring_side(tile, players), counts, boss))


class MapTally(NamedTuple):
    """The map at final scoring: what the Coppers arrest, then what the Wards are worth to each seat."""

    arrested: tuple[ThugsArrested, ...]
    """One event per Ward where the Coppers arrest anyone, in Ward order."""
    counts: tuple[tuple[int, ...], ...]
    """Per Ward, per seat: Thugs kept after the arrests."""
    tiles: tuple[int, ...]
    """Per seat: Scoring tile points over all Wards."""
    bosses: tuple[int, ...]
    """Per seat: Ward Boss spaces held (a point each)."""
    map_thugs: tuple[int, ...]
    """Per seat: Thugs on the map after the arrests (the tie-break)."""


@lru_cache(maxsize=1024)
def map_tally(wards: tuple[WardState, ...], scoring: tuple[str, ...], players: int) -> MapTally:
    """``MapTally`` of these Wards under these Scoring tiles. Remembered: the states a search scores share their
    map far more often than not (Wards change only in Phase 3; the records are frozen values)."""
    arrested: list[ThugsArrested] = []
    counts: list[tuple[int, ...]] = []
    tiles, bosses = [0] * players, [0] * players
    for index, (ward, tile) in enumerate(zip(wards, scoring)):
        taken, kept, points = ward_tally(ward, tile, players)
        if any(taken):
            arrested.append(ThugsArrested(ward=index, arrests=taken))
        counts.append(kept)
        for seat, pts in enumerate(points):
            tiles[seat] += pts
        if ward.boss != NOBODY and ward.boss_height > 0:
            bosses[ward.boss] += 1
    map_thugs = tuple([sum([kept[s] for kept in counts]) for s in range(players)])
    return MapTally(tuple(arrested), tuple(counts), tuple(tiles), tuple(bosses), map_thugs)


def score_events(state: State) -> list[Event]:
    """Arrests, then every seat's points by source."""
    tally = map_tally(state.wards, state.supply.scoring, len(state.players))
    scores = []
    for seat, player in enumerate(state.players):
        home = tally.counts[GANGS[player.gang].home]
        mine = home[seat]
        wins_home = mine > 0 and all(mine > c for s, c in enumerate(home) if s != seat)
        leftover = leftover_points(sum(player.resources) + len(player.hand))
        scores.append((tally.tiles[seat], 2 if wins_home else 0, tally.bosses[seat], len(player.brawls), leftover))
    return [*tally.arrested, GameScored(scores=tuple(scores), map_thugs=tally.map_thugs)]


def proceed(turn: Turn[State, Event]) -> None:
    """Final scoring, the game's last step: it ends the game."""
    turn.emit(*score_events(turn.state))


def is_over(state: State) -> bool:
    """The game has been scored (FW-FINAL-07)."""
    return state.stage == "over"


def evolve_thugs_arrested(state: State, e: ThugsArrested) -> State:
    """Arrested Thugs leave the game."""
    ward = state.wards[e.ward]
    old, fresh = ward.old, ward.fresh
    for seat, n in enumerate(e.arrests):
        from_old = min(n, old[seat])
        old = add(old, seat, -from_old)
        fresh = add(fresh, seat, -(n - from_old))
    return replace(state, wards=put(state.wards, e.ward, replace(ward, old=old, fresh=fresh)))


def evolve_game_scored(state: State, e: GameScored) -> State:
    """The game is over with these scores."""
    return replace(state, scores=e.scores, map_thugs=e.map_thugs, stage="over", turn=None, step=None)


def outcome(state: State) -> Outcome | None:
    """Most points wins; ties go to most Thugs on the map; a remaining tie is a shared win (FW-SCORE-10/11, GAP-29)."""
    if state.scores is None or state.map_thugs is None:
        return None
    totals = [sum(row) for row in state.scores]
    thugs = state.map_thugs
    breakdown = [dict(zip(SOURCES, row)) for row in state.scores]
    reason = "final scoring" if state.final else f"scored early: safety limit of {state.supply.round_limit} Phase 1s"
    return Outcome.from_scores(totals, tiebreak=lambda seat: thugs[seat], reason=reason, breakdown=breakdown, truncated=not state.final)


HANDLERS: dict[type, Callable[[State, Any], State]] = {ThugsArrested: evolve_thugs_arrested, GameScored: evolve_game_scored}
