"""The seats table in PostgreSQL (psycopg 3), beside a :class:`~boardcore.store.PostgresStore` in the same database."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from typing import Any

import psycopg

from boardcore.serve.protocol import BotKind
from boardcore.serve.seats import SCHEMA, SeatRow, refusal
from boardcore.store import StoreUnavailable
from boardcore.store.postgres import create_tables, reconnect

__all__ = ["PostgresSeats"]

SCHEMA_LOCK = 0x626F617264736561
"""The advisory lock taken while creating the table, so servers starting together do not race."""


class PostgresSeats:
    """A :class:`~boardcore.serve.seats.SeatBook` in PostgreSQL (``schema``: the store's schema, when it has one).

    A lost connection is reopened on the next call.

    Raises (on opening):
        StoreUnavailable: the server cannot be reached.
    """

    def __init__(self, conninfo: str, *, schema: str | None = None, connect_timeout: float = 10.0) -> None:
        self._conninfo = conninfo
        self.schema = schema
        self._timeout = connect_timeout
        self._lock = threading.Lock()
        self._db: psycopg.Connection[tuple[Any, ...]] | None = None
        with self._lock:
            db = self._connection()
            try:
                with db.transaction():
                    create_tables(db, SCHEMA_LOCK, SCHEMA)
            except psycopg.OperationalError as exc:
                raise StoreUnavailable(f"cannot set up the seats table: {exc}") from None

    def __repr__(self) -> str:
        where = "" if self.schema is None else f", schema={self.schema!r}"
        return f"PostgresSeats(<connection>{where})"

    def _connection(self) -> psycopg.Connection[tuple[Any, ...]]:
        self._db = reconnect(self._db, self._conninfo, schema=self.schema, timeout=self._timeout, what="the PostgreSQL seats table")
        return self._db

    def _run(self, query: str, params: Sequence[Any] = ()) -> tuple[list[tuple[Any, ...]], int]:
        """One statement's rows (none for an update) and the count of rows it touched."""
        with self._lock:
            db = self._connection()
            try:
                cursor = db.execute(query, params)
                return (cursor.fetchall() if cursor.description is not None else []), cursor.rowcount
            except psycopg.OperationalError as exc:
                raise StoreUnavailable(f"the PostgreSQL seats table failed: {exc}") from exc

    def add(self, match_id: str, bots: Sequence[BotKind | None]) -> None:
        with self._lock:
            db = self._connection()
            try:
                with db.transaction(), db.cursor() as cursor:
                    cursor.executemany(
                        "INSERT INTO boardcore_serve_seats (match_id, seat, bot) VALUES (%s, %s, %s)",
                        [(match_id, seat, bot) for seat, bot in enumerate(bots)],
                    )
            except psycopg.OperationalError as exc:
                raise StoreUnavailable(f"the PostgreSQL seats table failed: {exc}") from exc

    def seats(self, match_id: str) -> tuple[SeatRow, ...]:
        rows, _ = self._run("SELECT seat, bot, token_hash FROM boardcore_serve_seats WHERE match_id = %s ORDER BY seat", (match_id,))
        return tuple(SeatRow(seat=seat, bot=bot, claimed=held is not None) for seat, bot, held in rows)

    def every_match(self) -> dict[str, tuple[SeatRow, ...]]:
        found: dict[str, list[SeatRow]] = {}
        rows, _ = self._run("SELECT match_id, seat, bot, token_hash FROM boardcore_serve_seats ORDER BY match_id, seat")
        for match_id, seat, bot, held in rows:
            found.setdefault(match_id, []).append(SeatRow(seat=seat, bot=bot, claimed=held is not None))
        return {match_id: tuple(rows) for match_id, rows in found.items()}

    def claim(self, match_id: str, seat: int, token_hash: str) -> None:
        _, done = self._run(
            "UPDATE boardcore_serve_seats SET token_hash = %s, claimed = %s"
            " WHERE match_id = %s AND seat = %s AND bot IS NULL AND token_hash IS NULL",
            (token_hash, time.time(), match_id, seat),
        )
        if done != 1:
            raise refusal(match_id, seat, self.seats(match_id))

    def seat_of(self, match_id: str, token_hash: str) -> int | None:
        rows, _ = self._run("SELECT seat FROM boardcore_serve_seats WHERE match_id = %s AND token_hash = %s", (match_id, token_hash))
        return int(rows[0][0]) if rows else None

    def to_bot(self, match_id: str, seat: int, bot: BotKind) -> None:
        _, done = self._run("UPDATE boardcore_serve_seats SET bot = %s WHERE match_id = %s AND seat = %s AND bot IS NULL", (bot, match_id, seat))
        if done != 1:
            raise refusal(match_id, seat, self.seats(match_id))

    def close(self) -> None:
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None
