"""Invariants over random playouts: the rulebook's limits hold in every state a game passes through."""

from __future__ import annotations

import random

import pytest

from boardcore import Match
from games.bellwether import GAME
from games.bellwether.board import claimed, kind
from games.bellwether.catalog import BUILDINGS, CAPACITY, GANGSTERS, MAX_JOBS, MAX_WORKERS, OFFICIALS, deck


def _check(state) -> None:
    for ward in state.wards:
        assert 0 <= ward.strikers <= 3  # BW-SETUP-02: a three-space strike track
        assert 3 <= ward.workers <= MAX_WORKERS
        assert ward.jobs <= MAX_JOBS  # BW-CARD-11
        for k, cap in CAPACITY.items():
            assert sum(1 for b in ward.buildings if kind(b.card) == k) <= cap  # BW-PLACE-01
        assert ward.controller == -1 or claimed(ward)  # GAP-13: control lapses with the claim
    for p in state.players:
        assert p.cash >= 0 and min(p.res) >= 0  # GAP-25
    # every card is somewhere, exactly once
    gangsters = [g for p in state.players for g in p.gangsters] + list(state.gangster_deck) + list(state.discard)
    assert sorted(gangsters) == sorted(deck(GANGSTERS))
    officials = [o for p in state.players for o in p.officials] + list(state.official_deck) + [c for c in state.official_market if c]
    assert sorted(officials) == sorted(deck(OFFICIALS))
    assert all(c in BUILDINGS for p in state.players for c in p.hand)


@pytest.mark.parametrize("seed", range(6))
def test_random_playout_keeps_the_limits(seed: int) -> None:
    """GAP-23, GAP-25, BW-PLACE-01, BW-CARD-11: limits hold; legal lists have no duplicates; only actors may act."""
    match = Match.new(GAME, 2, seed=seed)
    rng = random.Random(seed)
    _check(match.state)
    while not match.is_over:
        actors = sorted(match.actors)
        assert actors
        for seat in (0, 1):
            legal = match.legal_actions(seat)
            assert len(set(map(repr, legal))) == len(legal)
            assert bool(legal) == (seat in actors)
        seat = rng.choice(actors)
        match.apply(seat, rng.choice(match.legal_actions(seat)))
        _check(match.state)
    assert match.state.round <= match.state.max_rounds
