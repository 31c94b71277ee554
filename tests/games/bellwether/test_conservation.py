"""Table-level invariants over whole bot games (house and random bots, 20 seeded games).

What a player at the table could count: every Building card is somewhere (deck, market, a hand,
the board) or has left the game through a Riot loss or a Job; no count goes negative; the lost
tally matches the Riot losses seen; the rounds advance one at a time, each with one Invest & Build
and at most one Labor; and the outcome's scores add up.
"""

from __future__ import annotations

from collections import Counter

import pytest

from boardcore import Match
from boardcore.bots import make_bots, play_out
from games.bellwether import GAME
from games.bellwether import events as E
from games.bellwether.board import influence
from games.bellwether.catalog import BUILDINGS, NEUTRAL_FACTORIES, START_HAND, deck
from games.bellwether.scoring import influence_parts, net_worth, net_worth_parts

ALL_BUILDINGS = Counter(deck(BUILDINGS)) + Counter(START_HAND * 2) + Counter(NEUTRAL_FACTORIES)


def _check(state, gone: Counter[str], lost: list[int]) -> None:
    on_board = [b.card for w in state.wards for b in w.buildings]
    uids = [b.uid for w in state.wards for b in w.buildings]
    assert len(set(uids)) == len(uids) and all(u < state.next_uid for u in uids)
    held = Counter(state.construction_deck) + Counter(c for c in state.construction_market if c)
    held += Counter(c for p in state.players for c in p.hand) + Counter(on_board) + gone
    assert held == ALL_BUILDINGS  # BW-SETUP-01/03 decks + starting hands + neutral Factories
    for p, player in enumerate(state.players):
        assert player.cash >= 0 and min(player.res) >= 0 and player.lost >= 0
        assert player.lost == lost[p]  # BW-END-05: the tally is exactly the counted Riot losses
        assert sum(influence_parts(state, p).values()) == influence(player)
        assert sum(net_worth_parts(state, p).values()) == net_worth(state, p) >= 0
    for ward in state.wards:
        assert 0 <= ward.strikers <= 3 and ward.workers >= 0 and ward.jobs >= 0


@pytest.mark.parametrize("seed", range(10))
@pytest.mark.parametrize("bots", ["house", "random"])
def test_whole_games_conserve_components_and_advance_in_order(seed: int, bots: str) -> None:
    """BW-SETUP-01, BW-SETUP-03, BW-ROUND-01, BW-ROUND-08, BW-END-05, GAP-21, GAP-23: conservation,
    no negative counts, monotonic rounds and phases, scores equal to the sum of their breakdown."""
    played = Match.new(GAME, 2, seed=seed)
    play_out(played, make_bots(GAME, 2, seed, bots))
    match = Match.new(GAME, 2, seed=seed)
    gone: Counter[str] = Counter()
    lost = [0, 0]
    rounds = [1]
    labors: Counter[int] = Counter()
    _check(match.state, gone, lost)
    for step in played.steps:
        before = len(match.events)
        match.apply(step.player, step.action)
        for e in match.events[before:]:
            if isinstance(e, E.BuildingLost | E.BuildingDestroyed):
                gone[e.card] += 1
            if isinstance(e, E.BuildingLost) and e.counted:
                lost[e.owner] += 1
            if isinstance(e, E.RoundStarted):
                assert e.round == rounds[-1] + 1  # BW-ROUND-08: one round after another
                rounds.append(e.round)
            if isinstance(e, E.LaborBegan):
                assert e.round == rounds[-1]
                labors[e.round] += 1
        _check(match.state, gone, lost)
    assert match.is_over and all(n == 1 for n in labors.values())
    assert match.state.round == rounds[-1] <= match.state.max_rounds
    out = match.outcome
    for p in (0, 1):
        assert sum(out.breakdown[p].values()) == out.scores[p]
