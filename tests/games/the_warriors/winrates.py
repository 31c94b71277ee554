"""Win rates of bots per difficulty (reported in docs/games/the_warriors.md, never asserted).

Run: ``.venv/bin/python -m tests.games.the_warriors.winrates [games]``
"""

from __future__ import annotations

import sys
from boardcore import Match
from boardcore.bots import RandomBot
from games.the_warriors import GAME
from games.the_warriors.catalog import DIFFICULTIES

from .bots import GreedyBot, SensibleBot


def play(players: int, seed: int, difficulty: str, kind: str) -> tuple[bool, int, int, bool]:
    match = Match.new(GAME, players, seed, {"difficulty": difficulty})
    if kind == "random":
        bots = [RandomBot.seeded(seed, s) for s in range(players)]
    elif kind == "greedy":
        bots = [GreedyBot.seeded(seed, s, noise=0.0) for s in range(players)]
    else:
        bots = [SensibleBot.seeded(seed, s) for s in range(players)]
    while not match.is_over:
        seat = min(match.actors)
        match.apply(seat, bots[seat].choose(match.view(seat), match.legal_actions(seat)))
    out = match.outcome
    showdown = any(type(e).__name__ == "FightStarted" and e.showdown for st in match.steps for e in st.events)
    return bool(out.winners), len(match.steps), match.state.city_turns, showdown


def main(games: int = 200) -> None:
    for kind in sys.argv[2:] or ("random", "sensible"):
        for difficulty in DIFFICULTIES:
            for players in (2, 3, 4):
                results = [play(players, seed, difficulty, kind) for seed in range(games)]
                wins = sum(r[0] for r in results)
                shows = sum(r[3] for r in results)
                steps = sum(r[1] for r in results) / games
                print(f"{kind:6} {difficulty:8} {players}p: won {wins}/{games} ({100 * wins / games:.1f}%), showdown reached {shows}, avg {steps:.0f} actions")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
