"""The ``boardcore`` command: list games, play with bots, replay, verify, print schemas.

Exit status: 0 when the command did what was asked (and the log is valid, for
``play``, ``verify`` and ``replay --html``), 1 when a log is not valid, 2 when the command cannot
run (unknown game, bad options or arguments, unreadable file). Output piped into
a reader that stops early (``| head``) ends the command quietly.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from boardcore.bots import BOT_KINDS, make_bots, play_out
from boardcore.errors import BoardcoreError
from boardcore.match import Match
from boardcore.outcome import outcome_text
from boardcore.published import read_published
from boardcore.registry import get_game, list_games
from boardcore.schema import game_schema
from boardcore.serve.command import add_serve_command
from boardcore.sim.commands import add_sim_commands
from boardcore.store.commands import add_play_options, add_store_commands, play_stored, stored_note
from boardcore.terminal import play_at_terminal
from boardcore.verify import verify
from boardcore.viewer.command import add_replay_command

__all__ = ["main"]


def _options(pairs: Sequence[str]) -> dict[str, Any]:
    """``key=value`` flags as a dict (values parsed as JSON when they can be).

    Raises:
        ValueError: a flag without ``=`` or without a key.
    """
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise ValueError(f"--option takes KEY=VALUE, got {pair!r}")
        try:
            options[key] = json.loads(value)
        except json.JSONDecodeError:
            options[key] = value
    return options


def format_outcome(match: Match[Any, Any, Any, Any]) -> str:
    """Winners, scores and per-source breakdown, one seat per line."""
    return outcome_text(match.outcome, match.players)


def cmd_games(args: argparse.Namespace) -> int:
    for name in list_games():
        try:
            game = get_game(name)
        except Exception as exc:  # show what is registered even if one game is broken
            print(f"{name:16} (cannot load: {exc})")
            continue
        counts = ", ".join(map(str, game.player_counts))
        print(f"{name:16} {game.title} (players: {counts}; rules v{game.rules_version})")
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    if args.human:
        return play_at_terminal(args, game, _options(args.option), format_outcome, read=sys.stdin, write=sys.stdout)
    players = game.player_counts[0] if args.players is None else args.players
    seed = args.seed if args.seed is not None or args.commit_seed else 1
    table = None if args.db is None else play_stored(args, game, players, seed, _options(args.option))
    match = Match.new(game, players, seed, _options(args.option), commit_seed=args.commit_seed) if table is None else table.match
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
    kind = "house" if args.bots == "house" and game.house_bot is not None else "random"
    print(f"{game.title}: {players} players, seed {shown_seed}, {kind} bots, {len(match)} actions, {len(match.events)} events")
    summary = match.summary(None)
    if summary:
        print()
        print(summary.rstrip())
    print()
    print(format_outcome(match))
    print()
    print(f"Log written to {out}; verify: {verdict}")
    if table is not None:
        print(stored_note(args.db, table))
    return 0 if verdict.ok else 1


def cmd_verify(args: argparse.Namespace) -> int:
    with open(args.log, "rb"):  # a path that cannot be opened is a usage error (exit 2), not a verdict
        pass
    try:
        published = None if args.published is None else read_published(args.published)
    except ValueError as exc:
        print(f"boardcore verify: {exc}", file=sys.stderr)
        return 2
    verdict = verify(args.log, seed=args.seed, salt=args.salt, complete=args.complete, published=published)
    print(verdict)
    return 0 if verdict.ok else 1


def cmd_schema(args: argparse.Namespace) -> int:
    print(json.dumps(game_schema(args.game), indent=2, sort_keys=True))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="boardcore", description="Play, replay and verify board games.")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("games", help="list registered games").set_defaults(run=cmd_games)
    play = sub.add_parser("play", help="play a full game with bots, write and verify its log")
    play.add_argument("game")
    play.add_argument("--players", type=int, default=None, help="number of players (default: the game's smallest count)")
    play.add_argument("--seed", type=int, default=None, help="default 1; with --commit-seed or --human, 64 random bits")
    play.add_argument(
        "--bots", choices=BOT_KINDS, default="house", help="house: the game's own sensible bot (default); random: uniform"
    )
    play.add_argument("--out", default=None, help="log path (.jsonl or .msgpack); default out/GAME-pN-seedS.jsonl")
    play.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option (repeatable)")
    play.add_argument(
        "--commit-seed", action="store_true", help="log a salted commitment to a random 64-bit seed; reveal it at the end"
    )
    play.add_argument(
        "--human", type=int, action="append", default=[], metavar="SEAT", help="play this seat yourself in the terminal (repeatable); bots play the rest"
    )
    add_play_options(play)
    play.set_defaults(run=cmd_play)
    add_replay_command(sub)
    ver = sub.add_parser("verify", help="check a log: exit 0 when valid")
    ver.add_argument("log")
    ver.add_argument("--seed", type=int, default=None, help="the secret seed of a committed-seed log")
    ver.add_argument("--salt", default=None, help="the secret salt of that seed's commitment")
    ver.add_argument("--complete", action="store_true", help="a log that stops before the end of the game is invalid")
    ver.add_argument(
        "--published", default=None, metavar="FILE", help="chain values recorded during play (a client's boardcore-published-chain file): the log must hold each"
    )
    ver.set_defaults(run=cmd_verify)
    schema = sub.add_parser("schema", help="JSON Schema of a game's actions, events and views")
    schema.add_argument("game")
    schema.set_defaults(run=cmd_schema)
    add_sim_commands(sub)
    add_store_commands(sub, format_outcome)
    add_serve_command(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = build_parser().parse_args(argv)
    try:
        status = int(args.run(args))
        sys.stdout.flush()  # a short output still in the buffer meets a closed pipe here, not in Python's exit-time flush
        return status
    except BrokenPipeError:  # the reader stopped early (``| head``): nothing left to say
        _silence_stdout()
        return 0
    except (BoardcoreError, KeyError, ValueError, OSError) as exc:
        message = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
        _fail(args.command, str(message))
        return 2
    except Exception as exc:  # a broken game or a bug: still one line, never a traceback
        _fail(args.command, f"{type(exc).__name__}: {exc}")
        return 2


def _silence_stdout() -> None:
    """Point stdout at /dev/null so that Python's exit-time flush does not fail on the closed pipe."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


def _fail(command: str, message: str) -> None:
    """Print one line to stderr, whatever newlines the message holds."""
    print(f"boardcore {command}: error: {' '.join(message.split())}", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
