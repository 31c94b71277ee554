"""How Bellwether games end between bots (reported in docs/games/bellwether.md, never asserted).

Run: ``.venv/bin/python -m tests.games.bellwether.measure_endings [GAMES] [random|house]``
(default: 1,000 games between random bots, seeds 0..GAMES-1, default options).

- ``random``: the engine's ``RandomBot`` (uniform over the legal actions, lowest actor first).
- ``house``: the game's house bot (``games.bellwether.bots``), as ``boardcore play`` uses it.
"""

from __future__ import annotations

import collections
import sys

from boardcore import Match
from boardcore.bots import make_bots, play_out
from games.bellwether import GAME
from games.bellwether import events as E

DRAMA = (E.RiotIgnited, E.CommitmentsRevealed, E.JobPlayed, E.OfficialRecruited)


def main(games: int = 1000, bots: str = "random") -> None:
    endings: collections.Counter[str] = collections.Counter()
    seats: collections.Counter[str] = collections.Counter()
    rounds: dict[str, collections.Counter[int]] = collections.defaultdict(collections.Counter)
    drama: collections.Counter[str] = collections.Counter()
    actions = 0
    for seed in range(games):
        match = Match.new(GAME, 2, seed=seed)
        first = match.state.start_player
        play_out(match, make_bots(GAME, 2, seed, bots))
        result = match.state.result
        assert result is not None
        reason = result.reason + (" (draw)" if not result.winners else "")
        endings[reason] += 1
        rounds[reason][match.state.round] += 1
        seats["draw" if not result.winners else "first player" if result.winners[0] == first else "second player"] += 1
        drama.update(type(e).__name__ for e in match.events if isinstance(e, DRAMA))
        actions += len(match.steps)
    print(f"{games} games, {bots} bots")
    for reason, n in sorted(endings.items()):
        print(f"  {reason}: {n}  (final round: {dict(sorted(rounds[reason].items()))})")
    print("  winners: " + ", ".join(f"{k} {v}" for k, v in sorted(seats.items())))
    print("  per game: " + ", ".join(f"{k} {v / games:.2f}" for k, v in sorted(drama.items())) + f", actions {actions / games:.0f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000, sys.argv[2] if len(sys.argv) > 2 else "random")
