"""The store's part of the ``boardcore`` command: ``play --db``, ``matches``, ``resume`` and ``export``.

``--db`` takes a SQLite file path (the default store, ``boardcore.sqlite3`` in the
current directory) or a ``postgresql://`` URL. ``boardcore.cli`` registers these
commands; the code lives here.
"""

from __future__ import annotations

import argparse
import datetime
import urllib.parse
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from boardcore.bots import BOT_KINDS, Bot, choose, make_bots
from boardcore.game import Game
from boardcore.match import Match
from boardcore.store import STATUSES, MatchRejected, Store, StoreError, export_log, is_postgres_url, open_store
from boardcore.table import Table
from boardcore.verify import verify

__all__ = ["DEFAULT_DB", "add_play_options", "add_store_commands", "play_bots", "play_stored", "shown_location", "stored_note"]

DEFAULT_DB = "boardcore.sqlite3"
"""The store ``matches``, ``resume`` and ``export`` read when no ``--db`` is given."""

Describe = Callable[[Match[Any, Any, Any, Any]], str]


def add_play_options(play: argparse.ArgumentParser) -> None:
    """``--db`` and ``--stop-after`` for ``boardcore play``."""
    play.add_argument("--db", default=None, metavar="PATH_OR_URL", help="store the match as it is played: a SQLite file or postgresql://...")
    play.add_argument("--stop-after", type=int, default=None, metavar="N", help="with --db: stop after N actions (resume it later)")


def add_store_commands(sub: Any, describe: Describe) -> None:
    """Register ``matches``, ``resume`` and ``export``; ``describe`` writes a finished match's outcome."""
    listing = sub.add_parser("matches", help="list the matches in a store")
    listing.add_argument("--db", default=DEFAULT_DB, metavar="PATH_OR_URL", help=f"a SQLite file or postgresql://... (default {DEFAULT_DB})")
    listing.add_argument("--game", default=None, help="only this game's matches")
    listing.add_argument("--status", choices=STATUSES, default=None, help="only active or only finished matches")
    listing.set_defaults(run=cmd_matches)
    resume = sub.add_parser("resume", help="replay and verify a stored match, then let bots play it to the end")
    resume.add_argument("match_id", metavar="MATCH")
    resume.add_argument("--db", default=DEFAULT_DB, metavar="PATH_OR_URL", help=f"a SQLite file or postgresql://... (default {DEFAULT_DB})")
    resume.add_argument("--bots", choices=BOT_KINDS, default="house", help="house: the game's own bot (default); random: uniform")
    resume.set_defaults(run=lambda args: cmd_resume(args, describe))
    export = sub.add_parser("export", help="write a stored match's log (JSON Lines or .msgpack) and verify it")
    export.add_argument("match_id", metavar="MATCH")
    export.add_argument("--db", default=DEFAULT_DB, metavar="PATH_OR_URL", help=f"a SQLite file or postgresql://... (default {DEFAULT_DB})")
    export.add_argument("--out", default=None, help="log path (.jsonl or .msgpack); default out/MATCH.jsonl")
    export.set_defaults(run=cmd_export)


def shown_location(location: str) -> str:
    """``location`` fit to print: a URL loses its password (``postgresql://user:***@host/db``)."""
    if not is_postgres_url(location):
        return location
    parts = urllib.parse.urlsplit(location)
    if parts.password is None:
        return location
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urllib.parse.urlunsplit(parts._replace(netloc=netloc))


def stored_note(location: str, table: Table[Any, Any, Any, Any]) -> str:
    """The line ``play --db`` ends with: where the match went, under which id."""
    return f"Stored in {shown_location(location)} as match {table.match_id} (revision {table.revision})."


def _existing_store(location: str) -> Store:
    """The store at ``location``, which must already exist when it is a file (reading never creates one).

    Raises:
        StoreError: no such file.
    """
    if not is_postgres_url(location) and not Path(location).is_file():
        raise StoreError(f"no store at {shown_location(location)!r}: give --db a SQLite file or a postgresql:// URL")
    return open_store(location)


def play_bots(table: Table[Any, Any, Any, Any], bots: Sequence[Bot[Any, Any]], *, stop_after: int | None = None) -> int:
    """Let ``bots[seat]`` act through the table (each step stored) until the game is over or ``stop_after`` actions.

    Returns the number of actions taken. When several seats may act, the lowest acts first.

    Raises:
        RuntimeError: the game stalled (nobody may act but there is no outcome).
    """
    match = table.match
    acted = 0
    while not match.is_over and (stop_after is None or acted < stop_after):
        if not match.actors:
            raise RuntimeError(f"{match.game.name}: nobody may act but the game has no outcome")
        seat = min(match.actors)
        table.act(seat, table.revision, choose(bots[seat], match, seat))
        acted += 1
    return acted


def play_stored(args: argparse.Namespace, game: Game[Any, Any, Any, Any], players: int, seed: int | None, options: Any) -> Table[Any, Any, Any, Any]:
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


def cmd_matches(args: argparse.Namespace) -> int:
    store = _existing_store(args.db)
    try:
        found = store.matches(game=args.game, status=args.status)
    finally:
        store.close()
    if not found:
        print("No matches.")
        return 0
    print(f"{'MATCH':22} {'GAME':15} {'STATUS':9} {'STEPS':>6} {'REVISION':>9}  {'UPDATED (UTC)':20} PLAYERS")
    for info in found:
        updated = datetime.datetime.fromtimestamp(info.updated, datetime.timezone.utc).strftime("%Y-%m-%d %H:%M:%S")
        print(f"{info.match_id:22} {info.game:15} {info.status:9} {info.steps:>6} {info.revision:>9}  {updated:20} {', '.join(info.players)}")
    return 0


def cmd_resume(args: argparse.Namespace, describe: Describe) -> int:
    store = _existing_store(args.db)
    try:
        try:
            table = Table.open(store, args.match_id)
        except MatchRejected as exc:
            print(f"Not resumed: {exc}")
            return 1
        match = table.match
        print(f"Match {table.match_id} ({match.game.title}) replayed and verified: {len(match)} steps, revision {table.revision}.")
        acted = play_bots(table, make_bots(match.game, len(match.players), match.seed or 1, args.bots))
    finally:
        store.close()
    print(f"Bots took {acted} actions; the match is stored at revision {table.revision}.")
    print()
    print(describe(match))
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    store = _existing_store(args.db)
    try:
        log = export_log(store, args.match_id)
    finally:
        store.close()
    out = Path(args.out or f"out/{args.match_id}.jsonl")
    out.parent.mkdir(parents=True, exist_ok=True)
    log.save(out)
    verdict = verify(out)
    print(f"Log of match {args.match_id} written to {out}; verify: {verdict}")
    return 0 if verdict.ok else 1
