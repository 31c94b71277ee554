"""``boardcore play``: a full game with bots (or people at this terminal), its log written and verified.

With ``--db`` the match is stored step by step (``--stop-after`` leaves it for ``boardcore resume``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from boardcore.bots import BOT_KINDS, make_bots, play_out
from boardcore.cli._args import game_options
from boardcore.cli._stored import play_bots
from boardcore.game import Game
from boardcore.match import Match
from boardcore.outcome import outcome_text
from boardcore.registry import get_game
from boardcore.store import open_store
from boardcore.store.locations import stored_note
from boardcore.strategy import get_strategy
from boardcore.table import Table
from boardcore.terminal import play_at_terminal
from boardcore.verify import verify

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The game, the seats and seed, the bots, the log's path, game options, people, and the store."""
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=None, help="number of players (default: the game's smallest count)")
    parser.add_argument("--seed", type=int, default=None, help="default 1; with --commit-seed or --human, 64 random bits")
    parser.add_argument(
        "--bots", choices=BOT_KINDS, default="house", help="house: the game's own sensible bot (default); random: uniform"
    )
    parser.add_argument("--out", default=None, help="log path (.jsonl or .msgpack); default out/GAME-pN-seedS.jsonl")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option (repeatable)")
    parser.add_argument(
        "--commit-seed", action="store_true", help="log a salted commitment to a random 64-bit seed; reveal it at the end"
    )
    parser.add_argument(
        "--human", type=int, action="append", default=[], metavar="SEAT", help="play this seat yourself in the terminal (repeatable); bots play the rest"
    )
    parser.add_argument("--db", default=None, metavar="PATH_OR_URL", help="store the match as it is played: a SQLite file or postgresql://...")
    parser.add_argument("--stop-after", type=int, default=None, metavar="N", help="with --db: stop after N actions (resume it later)")


def _outcome(match: Match[Any, Any, Any, Any]) -> str:
    """Winners, scores and per-source breakdown, one seat per line."""
    return outcome_text(match.outcome, match.players)


def _play_stored(args: argparse.Namespace, game: Game[Any, Any, Any, Any], players: int, seed: int | None, options: Any) -> Table[Any, Any, Any, Any]:
    """``boardcore play --db``: a new stored match, played by bots step by step into the store.

    Raises:
        StoreError: the store cannot be opened or written.
    """
    store = open_store(args.db)
    try:
        table = Table.create(game, players, seed=seed, options=options, commit_seed=args.commit_seed, store=store)
        bots = make_bots(game, players, table.match.seed or 1, args.bots)
        play_bots(table, bots, stop_after=args.stop_after)
    finally:
        store.close()
    return table


def run(args: argparse.Namespace) -> int:
    """Exit 1 when the written log does not verify."""
    game = get_game(args.game)
    if args.human:
        return play_at_terminal(args, game, game_options(args.option), _outcome, read=sys.stdin, write=sys.stdout)
    players = game.player_counts[0] if args.players is None else args.players
    seed = args.seed if args.seed is not None or args.commit_seed else 1
    table = None if args.db is None else _play_stored(args, game, players, seed, game_options(args.option))
    match = Match.new(game, players, seed, game_options(args.option), commit_seed=args.commit_seed) if table is None else table.match
    seed = match.seed
    bot_seed = seed if seed is not None else 1
    if table is None:
        play_out(match, make_bots(game, players, bot_seed, args.bots))
    shown_seed = "committed (revealed in the log once the game is over)" if args.commit_seed else str(seed)
    name = f"committed-{(match.seed_commitment or '')[:12]}" if args.commit_seed else f"seed{seed}"
    out = Path(args.out or f"out/{game.name}-p{players}-{name}.jsonl")
    out.parent.mkdir(parents=True, exist_ok=True)
    match.log.save(out)
    verdict = verify(out)
    kind = "house" if args.bots == "house" and get_strategy(game.name).house_bot is not None else "random"
    print(f"{game.title}: {players} players, seed {shown_seed}, {kind} bots, {len(match)} actions, {len(match.events)} events")
    summary = match.summary(None)
    if summary:
        print()
        print(summary.rstrip())
    print()
    print(_outcome(match))
    print()
    print(f"Log written to {out}; verify: {verdict}")
    if table is not None:
        print(stored_note(args.db, table.match_id, table.revision))
    return 0 if verdict.ok else 1
