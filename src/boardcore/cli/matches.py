"""``boardcore matches``: the matches in a store, one a line."""

from __future__ import annotations

import argparse
import datetime

from boardcore.cli._stored import add_db, existing_store
from boardcore.store import STATUSES

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The store, and which matches to list."""
    add_db(parser)
    parser.add_argument("--game", default=None, help="only this game's matches")
    parser.add_argument("--status", choices=STATUSES, default=None, help="only active or only finished matches")


def run(args: argparse.Namespace) -> int:
    """Print a table of the matches (UTC times), or ``No matches.``."""
    store = existing_store(args.db)
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
