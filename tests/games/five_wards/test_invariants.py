"""Invariants over whole games (house and random bots, every player count): nothing is created or lost, no count goes
negative, rounds only move forward and every score is the sum of its breakdown."""

from __future__ import annotations

import pytest

from boardcore import Match
from boardcore.bots import make_bots, play_out
from games.five_wards import GAME
from games.five_wards.board import in_ward, thugs_on
from games.five_wards.catalog import BRAWLS, COPPERS, LANDMARKS, RECRUIT_TILES, TACTICS, THUGS_PER_GANG
from games.five_wards.events import ThugsArrested
from games.five_wards.state import COPPER, NOBODY, State

STAGES = ("roll", "draft", "brawl", "deploy", "reset", "score", "over")
GAMES = [(n, seed, "house") for n in (2, 3, 4, 5) for seed in (0, 1, 2)] + [(n, seed, "random") for n in (2, 3, 4, 5) for seed in (3, 4)]


def _thugs(state: State, seat: int) -> int:
    """Every Thug of ``seat`` wherever it is: bag, Gang board, cards, map, or in hand while deploying."""
    p = state.players[seat]
    total = p.bag + sum(p.resources)
    total += sum(thugs_on(sl, seat) for sl in state.row if sl.card is not None)
    total += sum(in_ward(w, seat) for w in state.wards)
    if state.step is not None and state.step.player == seat:
        total += state.step.remaining
    return total


def _tactics(state: State) -> list[str]:
    """Every Tactics card: draw pile, discard pile, hands and face-down Brawl commitments."""
    cards = [*state.tactics_deck, *state.discard, *(c for p in state.players for c in p.hand)]
    if state.sealed is not None:
        cards += [c for _, chosen in state.sealed.choices for c in chosen]
    return cards


def _check(state: State, n: int) -> None:
    """One state: components conserved, no negative counts, supplies within their limits."""
    counting = state.stage not in ("score", "over")
    for seat, p in enumerate(state.players):
        assert p.bag >= 0 and min(p.resources) >= 0, "FW-COMP-08, GAP-15: bag and resources never go negative"
        assert len(p.dice) <= 2, "FW-P1-02: 2 selections per player"
        if counting:
            assert _thugs(state, seat) == THUGS_PER_GANG, "FW-COMP-01, GAP-15: each Gang's 40 Thugs are all somewhere"
        if not (state.turn is not None and state.turn.player == seat and state.turn.discard):
            assert len(p.hand) <= 4, "FW-RESTOCK-03: hand limit 4 once the discards are made"
    for w in state.wards:
        assert min(w.old) >= 0 and min(w.fresh) >= 0 and w.coppers >= 0, "no negative stacks in a Ward"
        assert w.boss_height >= 0 and (w.boss == NOBODY) == (w.boss_height == 0), "GAP-19: an empty Boss space has height 0"
    on_cards = sum(1 for sl in state.row if sl.card is not None and sl.bonus == COPPER)
    assert state.supply.coppers + on_cards + sum(w.coppers for w in state.wards) == COPPERS, "FW-COMP-01: 10 Coppers"
    tactics = _tactics(state)
    assert sorted(tactics) == sorted(t.id for t in TACTICS), "FW-COMP-01: the 35 Tactics cards, each once"
    tiles = [*state.supply.recruit_stack, *state.supply.recruit_used, *state.supply.tiles]
    assert sorted(tiles) == sorted(t.id for t in RECRUIT_TILES), "FW-COMP-01: the 9 Recruiting tiles, each once"
    cards = [*state.supply.landmark_deck, *state.supply.leftover_deck, *(sl.card for sl in state.row if sl.card)]
    cards += [c for p in state.players for c in p.brawls]
    assert len(cards) == len(set(cards)) <= len(LANDMARKS) + len(BRAWLS), "FW-COMP-01: no Landmark or Brawl card twice"
    if state.stage == "draft":
        assert len(state.pool) + sum(len(p.dice) for p in state.players) == 2 * n + 2, "FW-SETUP-15: 2 x players + 2 dice"
    assert 0 <= state.inspector < 5 and 0 <= state.start < n


def _play(players: int, seed: int, bots: str) -> Match:
    match = Match.new(GAME, players, seed)
    play_out(match, make_bots(GAME, players, seed, bots))
    return match


@pytest.mark.parametrize(("players", "seed", "bots"), GAMES)
def test_invariants_hold_over_whole_games(players: int, seed: int, bots: str) -> None:
    """FW-COMP-01, GAP-15, GAP-16, FW-ROUND-01, FW-SCORE-02: checked after every step of a whole game."""
    match = _play(players, seed, bots)
    states = [match.state_at(step) for step in range(len(match) + 1)]
    for before, after in zip(states, states[1:]):
        _check(after, players)
        assert after.round >= before.round and after.phase1_count >= before.phase1_count, "rounds only move forward"
        assert after.final or not before.final, "the final round, once begun, stays"
        if after.round == before.round:
            assert STAGES.index(after.stage) >= STAGES.index(before.stage) or after.stage == "draft", "phases in order"
    end = match.state
    outcome = match.outcome
    assert outcome is not None and end.scores is not None and outcome.breakdown is not None
    for seat in range(players):
        assert outcome.scores[seat] == sum(end.scores[seat]) == sum(outcome.breakdown[seat].values()), "FW-SCORE-02"
        assert min(end.scores[seat]) >= 0
    arrested = [0] * players
    for e in match.events:
        if isinstance(e, ThugsArrested):
            arrested = [a + b for a, b in zip(arrested, e.arrests)]
    for seat in range(players):
        assert _thugs(end, seat) + arrested[seat] == THUGS_PER_GANG, "FW-SCORE-03: arrested Thugs are the only ones removed"
        assert end.map_thugs is not None and end.map_thugs[seat] == sum(in_ward(w, seat) for w in end.wards)
        if end.final:
            assert not any(thugs_on(sl, seat) for sl in end.row if sl.card), "FW-FINAL-04: the final round deploys every Thug"
