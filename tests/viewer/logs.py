"""Logs for the viewer's tests: whole games played by the house bots, and games stopped part-way."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from boardcore.bots import choose, make_bots, play_out
from boardcore.match import Match
from boardcore.registry import get_game

GOLDEN = [("tic_tac_toe", 2, 1), ("kuhn_poker", 2, 1), ("five_wards", 2, 1), ("the_warriors", 3, 2), ("peaky_blinders", 3, 2), ("bellwether", 2, 29)]
"""Game, players and seed of each golden playthrough (``tests/golden``), played to the end by the house bots."""
SECRET_SEED = 2**62 + 2027
"""A committed seed unguessable enough to be accepted, the same on every run."""


def whole_game(tmp_path: Path, name: str, players: int, seed: int, *, commit_seed: bool = False) -> Path:
    """``boardcore play NAME --players P --seed S``'s log (house bots), written under ``tmp_path``."""
    game = get_game(name)
    match = Match.new(game, players, SECRET_SEED if commit_seed else seed, commit_seed=commit_seed)
    play_out(match, make_bots(game, players, seed))
    out = tmp_path / f"{name}-p{players}-{seed}{'-committed' if commit_seed else ''}.jsonl"
    match.log.save(out)
    return out


def part_game(name: str, players: int, steps: int) -> Match[Any, Any, Any, Any]:
    """A committed-seed match stopped after ``steps`` house-bot actions (its log reveals nothing)."""
    game = get_game(name)
    match = Match.new(game, players, SECRET_SEED, commit_seed=True)
    bots = make_bots(game, players, 7)
    for _ in range(steps):
        seat = min(match.actors)
        match.apply(seat, choose(bots[seat], match, seat))
    assert not match.is_over
    return match
