"""``boardcore simulate``: many matches with bots, one row per match (CSV, and Parquet with pyarrow); resumable."""

from __future__ import annotations

import argparse
from pathlib import Path

from boardcore.cli._args import game_options
from boardcore.cli._runs import SPEC_HELP, add_run_options, executor, interrupted, load

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The game, seats, number of matches, bots and where the results go."""
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=None, help="default: the game's smallest count")
    parser.add_argument("--games", type=int, default=100, help="number of matches (default 100)")
    parser.add_argument("--bots", nargs="+", default=["house"], metavar="SPEC", help=f"one per seat, or one for all; {SPEC_HELP}")
    parser.add_argument("--rotate", action="store_true", help="match i moves every bot i seats along (each bot plays each seat)")
    parser.add_argument("--out", default=None, help="results directory (default out/sim-GAME-pN); rerun the same command to resume")
    add_run_options(parser)


def run(args: argparse.Namespace) -> int:
    """Exit 130 on Ctrl-C, the finished matches kept."""
    simulate = load("boardcore.sim.simulate")
    game = load("boardcore.registry").get_game(args.game)
    players = args.players or game.player_counts[0]
    out = args.out or f"out/sim-{args.game}-p{players}"
    try:
        with executor(args) as running:
            records = simulate.simulate(
                args.game,
                players,
                args.games,
                args.bots,
                running,
                out,
                seed=args.seed,
                rotate=args.rotate,
                options=game_options(args.option),
                progress=not args.quiet,
            )
    except KeyboardInterrupt:
        return interrupted(out)
    files = "matches.csv, matches.parquet" if (Path(out) / "matches.parquet").exists() else "matches.csv (matches.parquet too with pyarrow)"
    print(f"{len(records)} games of {game.title} ({players} players) in {out}: {files}")
    print(f"next: boardcore report {out}")
    return 0
