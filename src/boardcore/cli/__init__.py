"""The ``boardcore`` command: list games, play with bots, replay, verify, print schemas, simulate, store, serve.

Exit status: 0 when the command did what was asked (and the log is valid, for
``play``, ``verify`` and ``replay --html``), 1 when a log is not valid, 2 when the command cannot
run (unknown game, bad options or arguments, unreadable file). Output piped into
a reader that stops early (``| head``) ends the command quietly.

Each subcommand is one module of this package with ``add_arguments(parser)`` and
``run(args) -> int``. Only the module of the command being run is imported
(``boardcore --help`` imports none of them), so a command's dependencies, and the
extras some of them need, cost nothing to the others.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from boardcore.errors import BoardcoreError

__all__ = ["COMMANDS", "build_parser", "main"]

COMMANDS: dict[str, tuple[str, str]] = {
    "games": ("boardcore.cli.games", "list registered games"),
    "play": ("boardcore.cli.play", "play a full game with bots, write and verify its log"),
    "replay": ("boardcore.cli.replay", "show a view at some step of a log, what changed, or the whole match as HTML"),
    "verify": ("boardcore.cli.verify", "check a log: exit 0 when valid"),
    "schema": ("boardcore.cli.schema", "JSON Schema of a game's actions, events and views"),
    "simulate": ("boardcore.cli.simulate", "play many matches with bots; one row per match as CSV and Parquet"),
    "report": ("boardcore.cli.report", "balance report of simulation results: Markdown page, CSV summary, plots"),
    "compare": ("boardcore.cli.compare", "two result sets side by side (B - A): win rates, scores, length and metrics, paired by seed"),
    "tournament": ("boardcore.cli.tournament", "every line-up of the bots in every seat order, rated with OpenSkill"),
    "matches": ("boardcore.cli.matches", "list the matches in a store"),
    "resume": ("boardcore.cli.resume", "replay and verify a stored match, then let bots play it to the end"),
    "export": ("boardcore.cli.export", "write a stored match's log (JSON Lines or .msgpack) and verify it"),
    "serve": ("boardcore.cli.serve", "host matches for people and bots: a lobby, WebSockets and a browser client"),
}
"""Each subcommand, in the order ``--help`` lists them: the module that implements it, and its one-line help."""


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser; with ``only``, just that subcommand's module is imported and gets its arguments.

    The other subcommands are still listed (so ``--help`` and a misspelt command's error name them all)
    but take no arguments: they are never parsed.
    """
    parser = argparse.ArgumentParser(prog="boardcore", description="Play, replay and verify board games.")
    sub = parser.add_subparsers(dest="command", required=True)
    for name, (module_name, help_text) in COMMANDS.items():
        command = sub.add_parser(name, help=help_text)
        if only is None or only == name:
            module = importlib.import_module(module_name)
            module.add_arguments(command)
            command.set_defaults(run=module.run)
    return parser


def _command_in(argv: Sequence[str]) -> str:
    """The subcommand ``argv`` names, else ``""``: its first word that is not an option (the top level takes only ``-h``)."""
    first = next((word for word in argv if not word.startswith("-")), None)
    return first if first in COMMANDS else ""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    words = sys.argv[1:] if argv is None else list(argv)
    args = build_parser(_command_in(words)).parse_args(words)
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
