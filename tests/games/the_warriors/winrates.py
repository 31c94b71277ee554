"""Win rates of the random and house bots per difficulty and player count (reported in
docs/games/the_warriors.md, never asserted).

Run: ``.venv/bin/python -m tests.games.the_warriors.winrates [games] [random|house ...]``
"""

from __future__ import annotations

import sys

from boardcore import Match
from boardcore.bots import make_bots, play_out
from games.the_warriors import GAME
from games.the_warriors.catalog import DIFFICULTIES
from games.the_warriors.events import FightStarted


def play(players: int, seed: int, difficulty: str, kind: str) -> tuple[bool, bool, int]:
    """(won, reached the Showdown, actions) of one bot night."""
    match = Match.new(GAME, players, seed, {"difficulty": difficulty})
    play_out(match, make_bots(GAME, players, seed, kind))
    showdown = any(isinstance(e, FightStarted) and e.showdown for step in match.steps for e in step.events)
    return match.state.result > 0, showdown, len(match)


def main(games: int, kinds: list[str]) -> None:
    print("| Bot | Difficulty | 2p | 3p | 4p | Showdowns reached (2p/3p/4p) | Avg actions (2p/3p/4p) |")
    print("|---|---|---|---|---|---|---|")
    for kind in kinds:
        for difficulty in DIFFICULTIES:
            rates, shows, steps = [], [], []
            for players in (2, 3, 4):
                results = [play(players, seed, difficulty, kind) for seed in range(games)]
                rates.append(f"{100 * sum(r[0] for r in results) / games:.1f}%")
                shows.append(str(sum(r[1] for r in results)))
                steps.append(str(round(sum(r[2] for r in results) / games)))
            print(f"| {kind} | {difficulty} | {' | '.join(rates)} | {' / '.join(shows)} | {' / '.join(steps)} |")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200, sys.argv[2:] or ["random", "house"])
