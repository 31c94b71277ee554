"""Final scoring (FW-SCORE, FW-BOSS-08, FW-BOSS-09, FW-RALLY-09; FW-TEST-09, FW-TEST-10, FW-TEST-11; GAP-26/27/29)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from boardcore.testing.kit import fold, settle
from games.five_wards import GAME
from games.five_wards.catalog import SCORING_TILES, ScoringSide, leftover_points, scoring_side
from games.five_wards.events import ThugsArrested
from games.five_wards.scoring import SOURCES, score_events, shared_positions, tile_points
from games.five_wards.state import NOBODY, State

from .helpers import W1, W2, W3, W4, W5, A, B, C, D, new, ward, with_player, with_ward

S1 = scoring_side("S1", 4)


def _scored(s):
    s = replace(s, stage="score", turn=None)
    events = score_events(s)
    return fold(GAME, s, events), events


def test_fw_test_09_coppers_arrest_all_but_the_boss() -> None:
    """FW-SCORE-03, FW-RALLY-09, FW-BOSS-07, FW-BOSS-09 (FW-TEST-09): Eastwick (S1) with 2 Coppers; Yellow is Boss (3) with 2 more:
    after arrests yellow 5, blue 2, red 0, green 0; yellow scores 4 + 1 Boss, blue 2."""
    s = new(4, 0, scoring=("S3", "S3", "S3", "S3", "S1"))
    s = with_ward(s, W5, ward(4, old={A: 2, B: 4, C: 1, D: 2}, boss=A, boss_height=3, coppers=2))
    s2, events = _scored(s)
    assert events[0] == ThugsArrested(ward=W5, arrests=(0, 2, 1, 2))
    assert [row[0] for row in s2.scores] == [4, 2, 0, 0]
    assert [row[2] for row in s2.scores] == [1, 0, 0, 0]
    # with the Boss space empty, yellow is arrested too: 3, 2, 0, 0
    s = with_ward(s, W5, ward(4, old={A: 5, B: 4, C: 1, D: 2}, coppers=2))
    s3, _ = _scored(s)
    assert [row[0] for row in s3.scores] == [4, 2, 0, 0] and s3.map_thugs[A] == 3


def test_fw_score_04_05_fw_test_10_tie_splitting() -> None:
    """FW-SCORE-04, FW-SCORE-05 (FW-TEST-10, GAP-27): tied players share their positions' points, rounded up."""
    assert shared_positions([5, 5, 3], (4, 2, 1)) == [3, 3, 1]  # the rulebook's example
    assert shared_positions([4, 4, 4], (4, 2, 1)) == [3, 3, 3]
    assert shared_positions([6, 3, 3], (4, 2, 1)) == [4, 2, 2]
    assert tile_points(scoring_side("S9", 4), [5, 5, 0], NOBODY) == [3, 3, 0]
    assert tile_points(scoring_side("S3", 4), [3, 3, 0], NOBODY) == [3, 3, 0]
    assert shared_positions([0, 2, 0], (4, 2, 1)) == [0, 4, 0]  # only Gangs present are ranked


def test_scoring_tile_kinds() -> None:
    """GAP-06: Headcount, Foothold, Underdogs, Landslide and Boss's Cut as decided."""
    assert tile_points(scoring_side("S4", 4), [9, 3, 0, 1], NOBODY) == [4, 1, 0, 0]
    assert tile_points(scoring_side("S5", 4), [3, 2, 0, 1], NOBODY) == [4, 1, 0, 1]
    assert tile_points(scoring_side("S6", 4), [5, 2, 3, 0], NOBODY) == [2, 3, 0, 0]
    assert tile_points(scoring_side("S6", 4), [5, 0, 0, 0], NOBODY) == [2, 0, 0, 0]
    assert tile_points(scoring_side("S7", 4), [9, 2, 0, 0], NOBODY) == [6, 0, 0, 0]
    assert tile_points(scoring_side("S7", 4), [4, 4, 1, 0], NOBODY) == [0, 0, 0, 0]
    assert tile_points(scoring_side("S7", 2), [3, 0], NOBODY) == [3, 0]
    assert tile_points(scoring_side("S8", 4), [3, 5, 0, 0], A) == [3, 2, 0, 0]
    assert tile_points(ScoringSide("rank", (4, 2, 1)), [1, 1, 1, 1], NOBODY) == [2, 2, 2, 2]


def test_fw_score_06_home_ward_no_ties() -> None:
    """FW-SCORE-06 (FW-TEST-11): Forty Fiends (home Westchester) and blue tied at 4 score nothing; 5 vs 4 scores 2."""
    s = new(2, 0, scoring=("S3",) * 5)
    s = with_player(with_player(s, A, gang=0), B, gang=1)
    s = with_ward(s, W1, ward(2, old={A: 4, B: 4}))
    s2, _ = _scored(s)
    assert s2.scores[A][1] == 0
    s = with_ward(s, W1, ward(2, old={A: 5, B: 4}))
    s2, _ = _scored(s)
    assert s2.scores[A][1] == 2 and s2.scores[B][1] == 0


def test_fw_score_07_08_fw_boss_08_boss_and_brawls() -> None:
    """FW-SCORE-07, FW-SCORE-08, FW-BOSS-08: 1 point per Ward Boss space held, 1 per collected Brawl."""
    s = new(3, 0, scoring=("S3",) * 5)
    s = with_ward(s, W1, ward(3, boss=C, boss_height=1))
    s = with_ward(s, W5, ward(3, boss=C, boss_height=2))
    s = with_player(s, B, brawls=("B1", "B4"))
    s2, _ = _scored(s)
    assert s2.scores[C][2] == 2 and s2.scores[B][3] == 2 and s2.scores[A][2] == 0


def test_fw_score_09_leftovers() -> None:
    """FW-SCORE-09 (FW-TEST-11, GAP-07): resources + Tactics cards: 7 -> 2, 2 -> 0, 12 -> 4."""
    assert (leftover_points(7), leftover_points(2), leftover_points(12), leftover_points(30)) == (2, 0, 4, 4)
    s = new(2, 0, scoring=("S3",) * 5)
    s = with_player(s, A, resources=(2, 2, 1), hand=("T01", "T02"))
    s2, _ = _scored(s)
    assert s2.scores[A][4] == 2


def test_fw_score_01_02_10_11_fw_test_11_winner_and_tiebreak() -> None:
    """FW-SCORE-01, FW-SCORE-02, FW-SCORE-10, FW-SCORE-11, FW-ROUND-04 (FW-TEST-11, GAP-29): points by 5 sources; the most points wins;
    a tie goes to more Thugs on the map; a remaining tie is a shared win."""
    s = new(3, 0, scoring=("S3",) * 5)
    s = replace(s, scores=((10, 2, 1, 1, 0), (14, 0, 0, 0, 0), (1, 0, 0, 0, 0)), map_thugs=(20, 18, 3), stage="over")
    out = GAME.outcome(s)
    assert out.winners == (A,) and out.ranking == ((A,), (B,), (C,))
    assert tuple(out.breakdown[A]) == SOURCES and all(isinstance(x, int) for row in s.scores for x in row)
    s = replace(s, map_thugs=(18, 18, 3))
    out = GAME.outcome(s)
    assert out.winners == (A, B) and out.shared
    assert out.scores[C] == min(out.scores)  # FW-SCORE-10: the fewest points loses


def test_gap_26_scoring_on_post_arrest_map() -> None:
    """GAP-26: the tie-break counts Thugs on the map after the arrests, never below 0 in a Ward."""
    s = new(2, 0, scoring=("S3",) * 5)
    s = with_ward(s, W5, ward(2, old={A: 1, B: 3}, coppers=3))
    s2, events = _scored(s)
    assert events[0] == ThugsArrested(ward=W5, arrests=(1, 3)) and s2.map_thugs == (0, 0)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 9), min_size=2, max_size=5), st.sampled_from([t.id for t in SCORING_TILES]))
def test_tile_points_properties(counts: list[int], tile: str) -> None:
    """GAP-27: tied counts score alike, absent Gangs score nothing (except as Ward Boss), points are never negative."""
    side = scoring_side(tile, len(counts))
    points = tile_points(side, counts, NOBODY)
    assert all(p >= 0 for p in points)
    for a, ca in enumerate(counts):
        if ca == 0:
            assert points[a] == 0
        for b, cb in enumerate(counts):
            if ca == cb:
                assert points[a] == points[b]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 9), min_size=1, max_size=5))
def test_shared_positions_round_up(counts: list[int]) -> None:
    """FW-SCORE-04: tie groups share their positions' points rounded up, so nobody loses points to a tie."""
    points = (4, 2, 1)
    got = shared_positions(counts, points)
    ranked = sorted(counts, reverse=True)
    for seat, c in enumerate(counts):
        first = ranked.index(c)
        size = ranked.count(c)
        share = sum(points[p] for p in range(first, first + size) if p < len(points))
        assert got[seat] * size >= share > (got[seat] - 1) * size


def test_boss_cut_tile_pays_the_ward_boss() -> None:
    """GAP-06 (S8 Boss's Cut), FW-SCORE-07, FW-BOSS-08: scored for real, the Ward Boss gets the tile's +3 and the Boss point;
    MOST still scores 2. Yellow is Boss with 2, blue has 3 older Thugs: yellow 3 + 1 Boss, blue 2."""
    s = new(4, 0, scoring=("S8", "S4", "S4", "S4", "S4"))
    s = with_ward(s, W1, ward(4, old={B: 3}, boss=A, boss_height=2))
    s2, _ = _scored(s)
    assert [row[0] for row in s2.scores] == [3, 2, 0, 0] and [row[2] for row in s2.scores] == [1, 0, 0, 0]


def test_arrests_never_leave_a_negative_stack() -> None:
    """GAP-26, FW-SCORE-03: arrests take older Thugs first, then the current-round stack (the final round has no Phase 4
    to merge them); no stack goes below 0."""
    s = new(2, 0, scoring=("S3",) * 5)
    s = with_ward(s, W5, ward(2, old={A: 1}, fresh={A: 2, B: 1}, coppers=2))
    s2, events = _scored(s)
    assert events[0] == ThugsArrested(ward=W5, arrests=(2, 1))
    w = s2.wards[W5]
    assert (w.old, w.fresh) == ((0, 0), (1, 0)) and s2.map_thugs == (1, 0)


def _scored_two(wards: dict[int, Any], tiles: tuple[str, ...]) -> State:
    s = new(2, 0, scoring=tiles)
    s = with_player(with_player(s, A, gang=4, resources=(0, 0, 0), hand=()), B, gang=2, resources=(0, 0, 0), hand=())
    for index, w in wards.items():
        s = with_ward(s, index, w)
    s = replace(s, stage="score", turn=None)
    return settle(GAME, s)[1]


def test_tie_on_points_then_thugs_then_shared() -> None:
    """FW-SCORE-10, FW-SCORE-11, GAP-26, GAP-29 end to end (2 players, 2-dot sides): A and B score 4 each. Counted after
    the arrests, B has 12 Thugs on the map and A 11, so B wins, though before the arrests A had 13; with B's lone Thug
    in Southtown gone it is 11 all, a shared win."""
    tiles = ("S3", "S3", "S4", "S4", "S4")
    base = {
        W1: ward(2, old={A: 6, B: 4}),  # Kingpin 2p: MOST 4 -> A
        W2: ward(2, old={A: 4, B: 6}),  # MOST 4 -> B
        W3: ward(2, old={A: 1, B: 1}),  # Headcount: 0 each; B's home Ward, tied: no bonus
        W5: ward(2, old={A: 2}, coppers=2),  # A's home Ward: both arrested, so no Headcount point and no bonus
    }
    s = _scored_two({**base, W4: ward(2, old={B: 1})}, tiles)
    assert [sum(r) for r in s.scores] == [4, 4] and s.map_thugs == (11, 12)
    out = GAME.outcome(s)
    assert out is not None and out.winners == (B,) and not out.shared
    s = _scored_two(base, tiles)
    assert [sum(r) for r in s.scores] == [4, 4] and s.map_thugs == (11, 11)
    out = GAME.outcome(s)
    assert out is not None and out.winners == (A, B) and out.shared


def test_underdogs_fewest_tie() -> None:
    """GAP-27, FW-SCORE-04: Underdogs (MOST 2, FEWEST 3) with counts 5, 2, 2: the two FEWEST share positions 2-3 (0 + 3),
    rounded up to 2 each; with 3, 3 the tie for MOST covers both positions: (2 + 3) / 2 rounded up = 3 each."""
    assert tile_points(scoring_side("S6", 3), [5, 2, 2], NOBODY) == [2, 2, 2]
    assert tile_points(scoring_side("S6", 3), [3, 3, 0], NOBODY) == [3, 3, 0]
