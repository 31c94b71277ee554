"""Golden playthroughs: a seeded random game written out step by step, every seat's view included.

Reviewing a golden file's diff catches rule changes and leaks at a glance. The
first line records how to regenerate the file; ``tests/test_golden.py`` checks
every file in ``tests/golden/`` against a fresh run.

Regenerate: ``python -m boardcore.testing.golden GAME --players N --seed S [--steps K]``.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path
from typing import Any

import msgspec

from boardcore.bots import RandomBot
from boardcore.match import Match
from boardcore.registry import get_game

__all__ = ["HEADER", "parse_header", "playthrough_text", "write_golden"]

HEADER = re.compile(r"^# golden (?P<game>\w+) players=(?P<players>\d+) seed=(?P<seed>\d+) steps=(?P<steps>\d+|all)$")
DEFAULT_DIR = Path("tests/golden")


def _json(value: Any) -> str:
    return msgspec.json.encode(value, order="sorted").decode()


def _views(match: Match[Any, Any, Any, Any], players: int) -> list[str]:
    lines = [f"  view spectator: {_json(match.view(None))}"]
    lines += [f"  view {match.players[seat]}: {_json(match.view(seat))}" for seat in range(players)]
    return lines


def playthrough_text(game_name: str, players: int, seed: int, steps: int | None = None) -> str:
    """The golden text of a random-bot game: each step's actor, action, events and all views."""
    game = get_game(game_name)
    match = Match.new(game, players, seed)
    bots = [RandomBot.seeded(seed, seat) for seat in range(players)]
    lines = [f"# golden {game_name} players={players} seed={seed} steps={'all' if steps is None else steps}", "setup"]
    lines += _views(match, players)
    count = 0
    while not match.is_over and (steps is None or count < steps):
        seat = min(match.actors)
        action = bots[seat].choose(match.view(seat), match.legal_actions(seat))
        label = match.label(action, seat)  # as its button said, before the step
        before = match.view(None)  # the spectator's view the step's story is written with
        match.apply(seat, action)
        count += 1
        lines.append(f"step {count}: {match.players[seat]} {label} | {_json(action)}")
        for event in match.steps[-1].events:
            told = match.presentation.describe(match.game, event, None, match.players, before)
            lines.append(f"  event: {told or '(hidden from spectators)'} | {_json(event)}")
        lines += _views(match, players)
    outcome = match.outcome
    lines.append(f"outcome: {outcome!r}" if outcome is not None else f"stopped after {count} steps")
    return "\n".join(lines) + "\n"


def parse_header(text: str) -> tuple[str, int, int, int | None]:
    """``(game, players, seed, steps)`` from a golden file's first line."""
    found = HEADER.match(text.split("\n", 1)[0])
    if found is None:
        msg = "not a golden file: the first line must be '# golden GAME players=N seed=S steps=K|all'"
        raise ValueError(msg)
    steps = found["steps"]
    return found["game"], int(found["players"]), int(found["seed"]), None if steps == "all" else int(steps)


def write_golden(game_name: str, players: int, seed: int, steps: int | None = None, folder: Path = DEFAULT_DIR) -> Path:
    """Write ``<folder>/<game>-p<N>-seed<S>.txt``; returns its path."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{game_name}-p{players}-seed{seed}.txt"
    path.write_text(playthrough_text(game_name, players, seed, steps), encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m boardcore.testing.golden", description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--steps", type=int, default=None, help="stop after this many steps (default: the whole game)")
    parser.add_argument("--dir", type=Path, default=DEFAULT_DIR)
    args = parser.parse_args(argv)
    print(write_golden(args.game, args.players, args.seed, args.steps, args.dir))


if __name__ == "__main__":
    main()
