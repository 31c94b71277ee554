"""``boardcore tournament``: every line-up of the bots in every seat order, rated with OpenSkill; resumable."""

from __future__ import annotations

import argparse

from boardcore.cli._args import game_options
from boardcore.cli._runs import SPEC_HELP, add_run_options, executor, interrupted, load

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The game, the bots, seats per match, matches per line-up and where the tables go."""
    parser.add_argument("game")
    parser.add_argument("--bots", nargs="+", required=True, metavar="SPEC", help=SPEC_HELP)
    parser.add_argument("--players", type=int, default=2, help="seats per match (default 2)")
    parser.add_argument("--games", type=int, default=10, help="matches per ordered line-up (default 10)")
    parser.add_argument("--out", default=None, help="directory (default out/tournament-GAME-pN); rerun to resume")
    add_run_options(parser)


def run(args: argparse.Namespace) -> int:
    """Print the standings; exit 130 on Ctrl-C, the finished matches kept."""
    tournament = load("boardcore.sim.tournament")
    out = args.out or f"out/tournament-{args.game}-p{args.players}"
    try:
        with executor(args) as running:
            standings = tournament.tournament(
                args.game,
                args.bots,
                running,
                out,
                players=args.players,
                games=args.games,
                seed=args.seed,
                options=game_options(args.option),
                progress=not args.quiet,
            )
    except KeyboardInterrupt:
        return interrupted(out)
    print(f"{'rank':>4}  {'ordinal':>8}  {'mu':>6}  {'sigma':>5}  {'wins':>9}  bot")
    display_name = load("boardcore.sim.specs").display_name
    for place, s in enumerate(standings, start=1):
        print(f"{place:>4}  {s.ordinal:>8.2f}  {s.mu:>6.2f}  {s.sigma:>5.2f}  {s.wins:>4}/{s.games:<4}  {display_name(s.bot)}")
    print(f"tables and plot in {out}/tournament.md")
    return 0
