"""Invariants over whole games (house and random bots, 2-4 players): components are conserved, no count
goes negative or past its supply, token counts move only through the events that say so, rounds and
phases advance in the rulebook's order, and the final ranking agrees with its breakdown."""

from __future__ import annotations

from collections import Counter

import pytest

from boardcore import Match
from boardcore.bots import make_bots, play_out
from games.peaky_blinders import GAME
from games.peaky_blinders import catalog as C
from games.peaky_blinders import events as E
from games.peaky_blinders.scoring import control_met
from games.peaky_blinders.state import State

GAMES = [("house", n, seed) for n in (2, 3, 4) for seed in range(4)] + [("random", n, seed) for n in (2, 3, 4) for seed in range(3)]
"""21 seeded games: 12 with house bots, 9 with random bots."""

TRACKED = ("members", "horsepower", "leadership", "strength", "charisma", "intellect", "fortune", "suspicion")
"""Counters that only Gained / Lost / Transferred (and fortune use, jail, bail-out) may change."""


def _played(kind: str, n: int, seed: int) -> Match:
    m = Match.new(GAME, n, seed=seed)
    play_out(m, make_bots(GAME, n, seed, kind), max_steps=5000)
    assert m.is_over
    return m


def _check_state(state: State) -> None:
    n = len(state.players)
    # PB-COMP-06 / GAP-14: the 40 conflict cards are in the stack, the discards, hands or the card being played.
    cards = Counter(state.supplies.deck) + Counter(state.supplies.discard)
    for p in state.players:
        cards += Counter(p.hand)
    if state.play is not None:  # played, not yet on the discard pile (PB-CARD-04)
        cards[state.play.card] += 1
    assert cards == Counter(C.DECK)
    # PB-COMP-08 / GAP-20: 12 fortune tokens, at most 3 per player board.
    held = [p.res[C.FORTUNE] for p in state.players]
    assert sum(held) + state.supplies.fortune == C.FORTUNE_TOKENS and all(0 <= f <= 3 for f in held)
    # PB-CTRL-01 / GAP-02: 4 markers per player, 4 spaces per zone.
    assert all(0 <= sum(zone[s] for zone in state.markers) <= C.MARKERS_PER_PLAYER for s in range(n))
    assert all(sum(zone) <= C.ZONE_CAPACITY and min(zone) >= 0 for zone in state.markers)
    for p in state.players:
        assert min(p.res) >= 0, p.res  # no negative holdings
        assert C.SUSPICION_MIN <= p.res[C.SUSPICION] <= C.SUSPICION_MAX  # GAP-16
        assert not p.jailed or p.res[C.ITEM["strength"]] == 0  # PB-SUSP-06
    # PB-SETUP-09/10: every mission card dealt once.
    dealt = [code for p in state.players for code in p.missions]
    assert len(set(dealt)) == len(dealt) == 3 * n
    assert all(p.missions[2] in {m.code for m in C.CONTROL_MISSIONS} for p in state.players)
    if state.derby is not None:  # PB-DERBY-04: one card per bettor in the pot
        assert state.derby.pot == sum(state.derby.bets)


def _expected_tokens(before: State, events: tuple) -> list[dict[str, int]]:
    """The tracked counters after ``events``, from the counters before and what the events say."""
    out = [{k: p.res[C.ITEM[k]] for k in TRACKED} for p in before.players]
    for e in events:
        t = type(e)
        if t is E.Gained and e.item in TRACKED:
            out[e.player][e.item] += e.amount
        elif t is E.Lost and e.item in TRACKED:
            out[e.player][e.item] -= e.amount
        elif t is E.Transferred and e.item in TRACKED:
            out[e.source][e.item] -= e.amount
            out[e.target][e.item] += e.amount
        elif t is E.FortuneUsed:
            out[e.player]["fortune"] -= 1
        elif t is E.Jailed:
            out[e.player]["strength"] = 0
        elif t is E.BailedOut:
            out[e.player]["suspicion"] = C.SUSPICION_MIN
    return out


@pytest.mark.parametrize(("kind", "n", "seed"), GAMES)
def test_invariants_hold_at_every_step(kind: str, n: int, seed: int) -> None:
    """Conservation (conflict cards, fortune tokens, markers), no negative counts, no silent token changes,
    zones in order 1-2-3-4-Derby (PB-ROUND-03/04), phases preparation -> action -> open game state
    (PB-ROUND-02), and the final score equal to its missions breakdown (GAP-04)."""
    m = _played(kind, n, seed)
    states = [m.state_at(i) for i in range(len(m) + 1)]
    rounds = derbies = 0
    order: list[str] = []
    horses: list[int] = []
    for i, step in enumerate(m.steps):
        before, after = states[i], states[i + 1]
        _check_state(after)
        expected = _expected_tokens(before, step.events)
        assert [{k: p.res[C.ITEM[k]] for k in TRACKED} for p in after.players] == expected, f"step {i + 1}"
        assert after.round.number >= before.round.number and after.progress.derbies >= before.progress.derbies
        for e in step.events:
            t = type(e)
            if t is E.ZoneBegan:
                rounds += 1
                assert e.round == rounds and e.zone == (rounds - 1) % 4
                assert order in ([], ["action", "ogs"], ["action", "ogs", "derby"])
                assert (order == ["action", "ogs", "derby"]) == (rounds > 1 and e.zone == 0)
                order = []
            elif t is E.ActionPhaseBegan:
                order.append("action")
            elif t is E.StarterChosen and e.purpose == "ogs":
                order.append("ogs")
            elif t is E.DerbyBegan:
                derbies += 1
                assert order == ["action", "ogs"] and (rounds - 1) % 4 == 3
                order.append("derby")
                horses = list(e.positions)
            elif t is E.HorseMoved:  # PB-DERBY-06: each roll moves the horse on from where it stood
                assert 1 <= e.spaces <= 7 and e.position == horses[e.player] + e.spaces
                horses[e.player] = e.position
    final = m.state
    result = m.outcome
    assert final.progress.derbies == derbies <= final.progress.max_derbies
    for seat in range(n):
        parts = result.breakdown[seat]
        assert parts["missions"] == sum(final.players[seat].done) + control_met(final, seat)
        assert result.scores[seat] == parts["missions"]
    if final.progress.winner >= 0:
        assert result.winners == (final.progress.winner,) and result.scores[final.progress.winner] == 3
