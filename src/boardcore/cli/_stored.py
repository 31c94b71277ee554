"""What ``play --db``, ``matches``, ``resume`` and ``export`` share: the ``--db`` flag, opening a store, bots at a table."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from boardcore.bots import Bot, choose
from boardcore.store import Store, StoreError, is_postgres_url, open_store
from boardcore.store.locations import DEFAULT_DB, shown_location
from boardcore.table import Table

__all__ = ["add_db", "existing_store", "play_bots"]


def add_db(parser: argparse.ArgumentParser) -> None:
    """``--db`` for a command that reads an existing store (``boardcore.sqlite3`` when not given)."""
    parser.add_argument("--db", default=DEFAULT_DB, metavar="PATH_OR_URL", help=f"a SQLite file or postgresql://... (default {DEFAULT_DB})")


def existing_store(location: str) -> Store:
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
