"""The lobby's storage beside the event store: who plays each seat of a served match, and hashed seat tokens.

The event store (:mod:`boardcore.store`) keeps the match itself; a server also
needs to know which seats it plays with bots and which seats a person has
claimed. That lives in one more table in the same database,
``boardcore_serve_seats``, one row per seat. A seat's token is kept only as its
SHA-256 (:mod:`boardcore.serve.tokens`). A match of the store without seat rows
(one ``boardcore play --db`` wrote, say) is not served.

Laid out like the store: the interface (:mod:`.interface`) and one module per backend,
memory (tests), SQLite (the same file as the store) and PostgreSQL, each thread-safe.
``PostgresSeats`` is imported only when asked for, so psycopg loads only for a
PostgreSQL database.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from boardcore.serve.seats.interface import BOT_KINDS, SCHEMA, SeatBook, SeatRefused, SeatRow, refusal
from boardcore.serve.seats.memory import MemorySeats
from boardcore.serve.seats.sqlite import SqliteSeats
from boardcore.store import is_postgres_url, postgres_module

if TYPE_CHECKING:
    from boardcore.serve.seats.postgres import PostgresSeats as PostgresSeats

__all__ = ["BOT_KINDS", "SCHEMA", "MemorySeats", "SeatBook", "SeatRefused", "SeatRow", "SqliteSeats", "open_seats", "refusal"]


def open_seats(location: str) -> SeatBook:
    """The seat book at ``location``, beside the store there: a PostgreSQL URL, else the path of a SQLite file.

    Raises:
        StoreUnavailable: the database cannot be opened (or psycopg is not installed for a URL).
    """
    if is_postgres_url(location):
        seats: SeatBook = postgres_module("boardcore.serve.seats.postgres").PostgresSeats(location)
        return seats
    return SqliteSeats(location)


def __getattr__(name: str) -> Any:
    """``PostgresSeats``, imported on first use (it needs psycopg, the ``[postgres]`` extra)."""
    if name == "PostgresSeats":
        return importlib.import_module("boardcore.serve.seats.postgres").PostgresSeats
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
