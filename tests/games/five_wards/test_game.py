"""Whole games: random playouts, the summary, descriptions, hidden information and malformed input."""

from __future__ import annotations

import msgspec
import pytest

from boardcore import Match, Rng
from boardcore.bots import RandomBot
from boardcore.testing.kit import act, refused
from games.five_wards import GAME, Options
from games.five_wards.actions import CommitTactics, DeployThugs, Rally, Restock, SelectDie
from games.five_wards.board import in_ward, thugs_on
from games.five_wards.catalog import FIST, HAT
from games.five_wards.events import GameScored, TacticsDrawn
from games.five_wards.presentation import PRESENTATION
from games.five_wards.state import State
from games.five_wards.view import determinize

from .helpers import A, B, drafting, new, row, with_player


def _playout(players: int, seed: int, options: object = None) -> Match:
    match = Match.new(GAME, players, seed, options)
    bots = [RandomBot.seeded(seed, s) for s in range(players)]
    while not match.is_over:
        seat = min(match.actors)
        match.apply(seat, bots[seat].choose(match.view(seat), match.legal_actions(seat)))
    return match


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_playouts_reach_scoring(players: int) -> None:
    """Random bots always reach an outcome, scored from the 5 sources (FW-SCORE-02)."""
    match = _playout(players, 11)
    assert match.outcome is not None and match.state.stage == "over"
    assert isinstance(match.events[-1], GameScored)
    assert len(match.outcome.scores) == players


def test_natural_end_with_a_rally_heavy_bot() -> None:
    """FW-ROUND-04, FW-FINAL-01: a bot that rallies whenever it can exhausts the deck and plays the final round."""
    match = Match.new(GAME, 3, 4)
    rng = Rng.from_seed(4, 1)
    while not match.is_over:
        seat = min(match.actors)
        legal = match.legal_actions(seat)
        preferred = [a for a in legal if isinstance(a, (Rally, DeployThugs))] or legal
        action, rng = rng.choice(preferred)
        match.apply(seat, action)
    assert match.state.final and match.state.phase1_count < 40
    for step in range(len(match) + 1):
        state = match.state_at(step)
        if state.stage not in ("over", "score"):
            assert all(_thugs_of(state, seat) == 40 for seat in range(3))
    for viewer in (None, 0, 1, 2):
        text = match.summary(viewer)
        assert "final round was played" in text and "Final score" in text


def test_summary_reads_well() -> None:
    """``summarize`` tells rounds, Brawls, Ward Bosses and the score per source."""
    match = _playout(4, 1)
    text = match.summary(2)
    for words in ("5 Wards, 4 players", "Ward Boss", "Brawl", "Final score", "Ward tiles + home Ward + Ward Bosses + Brawls + leftovers"):
        assert words in text
    assert text.strip().endswith("!")
    assert match.summary(None) == match.summary(0) == text  # the summary reads only public information


def test_describe_every_step() -> None:
    """Every action gets a label for its own seat, and every event a line for each viewer who receives it (none for
    those who receive nothing of it)."""
    match = _playout(3, 2)
    for step in match.steps[:300]:
        assert PRESENTATION.label(step.action, step.player)
        for event in step.events:
            for viewer in (None, 0, 1):
                text = PRESENTATION.describe(GAME, event, viewer)
                assert (text is None) == (GAME.redact(event, viewer) is None)
                assert text is None or text.strip()


def test_hidden_information_in_events_and_views() -> None:
    """Checklist section 2: others learn how many Tactics cards were drawn, never which."""
    s = with_player(new(4, 0, row=row("L02", "L19", "L22", "L28", "L12")), A, hand=("T01",))
    s = drafting(s, A, pool=(0,))
    _, s = act(GAME, s, A, SelectDie(face=0))
    events, s = act(GAME, s, A, Restock(cards=2))
    drawn = [e for e in events if isinstance(e, TacticsDrawn)][0]
    assert GAME.redact(drawn, B).cards is None and GAME.redact(drawn, B).count == 2
    assert GAME.redact(drawn, A).cards == s.players[A].hand[1:]
    # the turn record shows others how many cards were just drawn, never which
    assert GAME.view(s, B).turn.drawn is None and GAME.view(s, B).turn.drawn_count == 2
    assert GAME.view(s, A).turn.drawn == s.players[A].hand[1:]
    spectator = msgspec.json.encode(GAME.view(s, None))
    public = {sl.card for sl in s.row} | set(s.discard)
    for card in s.players[A].hand + s.tactics_deck[:3] + s.supply.landmark_deck[:3]:
        assert card in public or card.encode() not in spectator


def test_determinize_keeps_the_view() -> None:
    """determinize resamples only what the seat cannot see."""
    s = new(5, 3)
    for seat in range(5):
        twin = determinize(s, seat, Rng.from_seed(99, 2))
        assert GAME.view(twin, seat) == GAME.view(s, seat)
        assert twin.players[seat].hand == s.players[seat].hand
    assert determinize(s, 0, Rng.from_seed(99, 2)).tactics_deck != s.tactics_deck


def test_determinize_keeps_one_brawl_set_aside() -> None:
    """FW-SETUP-06, FW-SETUP-09: a resampled world is a possible one: the leftover deck keeps its 17 Landmarks and 1 Brawl,
    the draw pile its Brawls, though which cards they are is resampled."""
    s = new(4, 3)
    brawls = [sum(1 for c in pile if c.startswith("B")) for pile in (s.supply.landmark_deck, s.supply.leftover_deck)]
    seen = set()
    for k in range(8):
        twin = determinize(s, 0, Rng.from_seed(k, 2))
        piles = (twin.supply.landmark_deck, twin.supply.leftover_deck)
        assert [sum(1 for c in pile if c.startswith("B")) for pile in piles] == brawls == [brawls[0], 1]
        assert sorted(piles[0] + piles[1]) == sorted(s.supply.landmark_deck + s.supply.leftover_deck)
        seen.add(piles[1])
    assert len(seen) > 1


def test_malformed_and_out_of_turn_actions() -> None:
    """Bad input raises IllegalAction with a domain/reason code and changes nothing: a wrong type or a face no die has
    is malformed, another seat's turn is refused as such, a face missing from the pool by the rule (FW-P1-04)."""
    s = new(3, 0)
    (seat,) = GAME.actors(s)
    other = (seat + 1) % 3
    for bad, code in (
        (SelectDie(face="x"), "action/malformed"),  # type: ignore[arg-type]
        (SelectDie(face=9), "action/malformed"),
        (SelectDie(face=s.pool[0]), "turn/not_your_turn"),
        (CommitTactics(), "turn/not_your_turn"),
    ):
        refused(GAME, s, other if code == "turn/not_your_turn" else seat, bad, code=code)
    s = drafting(s, seat, pool=(HAT, HAT))
    err = refused(GAME, s, seat, SelectDie(face=FIST), code="draft/no_such_die")
    assert err.clause == "FW-P1-04"


def test_options() -> None:
    """Options: Gang names and the safety round limit are validated."""
    assert Options().round_limit == 40
    with pytest.raises(ValueError):
        GAME.config(3, {"round_limit": 0})
    match = _playout(2, 5, {"round_limit": 3})
    assert match.state.phase1_count <= 3


def _thugs_of(state: State, seat: int) -> int:
    p = state.players[seat]
    total = p.bag + sum(p.resources)
    total += sum(thugs_on(sl, seat) for sl in state.row if sl.card is not None)
    total += sum(in_ward(w, seat) for w in state.wards)
    if state.step is not None and state.step.player == seat:
        total += state.step.remaining
    return total


@pytest.mark.parametrize("players", [2, 5])
def test_every_thug_is_accounted_for(players: int) -> None:
    """FW-COMP-01, GAP-15: until the arrests at scoring, each Gang's 40 Thugs are always in its bag, on its board, on cards or on the map."""
    match = _playout(players, 21)
    for index in range(len(match) + 1):
        state = match.state_at(index)
        if state.stage in ("over", "score"):
            break
        for seat in range(players):
            assert _thugs_of(state, seat) == 40, f"step {index}, seat {seat}"
