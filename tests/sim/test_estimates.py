"""The board games' ``estimate``: well-formed win shares that favour the eventual winner.

An estimate is a heuristic for search bots (``ISMCTSBot(depth=...)``), never used by the
rules. These tests hold it to what a search relies on: one share per seat in ``[0, 1]``
(summing to 1 in the competitive games, alike for every seat in the cooperative one),
and real information: late in house-bot games its favourite wins significantly more
often than chance.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import msgspec
import pytest

from boardcore import Match
from boardcore.bots import make_bots
from boardcore.registry import get_game
from boardcore.sim.stats import binomial_greater
from boardcore.strategy import get_strategy
from games.peaky_blinders import catalog as C

GAMES = 40
"""House-bot games per check (seeds 1-40)."""
LATE = 0.8
"""How far through a game the estimate is read (by actions)."""


@cache
def _games(name: str, players: int) -> list[tuple[list[Any], Any]]:
    """Every state of each house-bot game, with its outcome (played once per module)."""
    game = get_game(name)
    played = []
    for seed in range(1, GAMES + 1):
        match = Match.new(game, players, seed)
        bots = make_bots(game, players, seed)
        states = []
        while match.outcome is None:
            seat = min(match.actors)
            states.append(match.state)
            match.apply(seat, bots[seat].choose(match.view(seat), match.legal_actions(seat)))
        played.append((states, match.outcome))
    return played


@pytest.mark.parametrize(
    ("name", "players"), [("five_wards", 2), ("five_wards", 4), ("peaky_blinders", 3), ("bellwether", 2), ("the_warriors", 2)]
)
def test_shares_are_well_formed(name: str, players: int) -> None:
    game = get_game(name)
    for states, outcome in _games(name, players)[:5]:
        for state in states[::7]:
            shares = get_strategy(game.name).estimate(state)
            assert len(shares) == players and all(0.0 <= share <= 1.0 for share in shares)
            if outcome.cooperative:
                assert len(set(shares)) == 1
            else:
                assert sum(shares) == pytest.approx(1.0)


@pytest.mark.parametrize(("name", "players"), [("five_wards", 2), ("five_wards", 4), ("peaky_blinders", 2), ("bellwether", 2)])
def test_the_late_favourite_wins_more_often_than_chance(name: str, players: int) -> None:
    """Competitive games: the seat with the largest share at 80% of the game is the sole winner more often than 1 in ``players``."""
    game = get_game(name)
    hits = decided = 0
    for states, outcome in _games(name, players):
        if len(outcome.winners) != 1:
            continue
        shares = get_strategy(game.name).estimate(states[int(len(states) * LATE)])
        decided += 1
        hits += max(range(players), key=shares.__getitem__) == outcome.winners[0]
    p = binomial_greater(hits, decided, 1 / players)
    assert p < 0.01, f"{name} ({players}p): favourite won {hits} of {decided} (one-sided p = {p:.3g})"


def test_the_warriors_estimate_is_higher_on_nights_that_were_won() -> None:
    """Cooperative: late in the night, the team's share is higher on average when the night was won than when it was lost."""
    game = get_game("the_warriors")
    won, lost = [], []
    for states, outcome in _games("the_warriors", 2):
        share = get_strategy(game.name).estimate(states[int(len(states) * LATE)])[0]
        (won if outcome.winners else lost).append(share)
    assert won and lost, "the sample needs nights of both kinds"
    assert sum(won) / len(won) > sum(lost) / len(lost) + 0.1


def test_peaky_blinders_a_rival_marker_in_ones_control_zone_counts_as_a_block() -> None:
    """PB-CTRL-05, PB-GAP-24: a control mission needs all 4 spaces, so a rival's marker in its zone lowers its holder's share.

    The same marker in a zone that is nobody's control zone leaves the shares as they were.
    """
    game = get_game("peaky_blinders")
    states, _ = _games("peaky_blinders", 2)[0]
    zone_of = [C.control_zone(p.missions[2]) for p in states[0].players]
    state = next(s for s in states if 0 < s.markers[zone_of[0]][0] < C.ZONE_CAPACITY - 1 and s.markers[zone_of[0]][1] == 0)
    idle = next(z for z in range(4) if z not in zone_of and sum(state.markers[z]) == 0)

    def with_rival_marker(zone: int) -> Any:
        markers = list(state.markers)
        markers[zone] = (markers[zone][0], markers[zone][1] + 1)
        return msgspec.structs.replace(state, markers=tuple(markers))

    before = get_strategy(game.name).estimate(state)[0]
    assert get_strategy(game.name).estimate(with_rival_marker(zone_of[0]))[0] < before - 0.1
    assert get_strategy(game.name).estimate(with_rival_marker(idle))[0] == pytest.approx(before)
