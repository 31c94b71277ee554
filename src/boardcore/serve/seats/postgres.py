"""The seat book in PostgreSQL, beside a :class:`~boardcore.store.postgres.PostgresStore` in the same database (its
connection: :mod:`boardcore.store.postgres_db`; psycopg 3, the ``[postgres]`` extra)."""

from __future__ import annotations

import time
from collections.abc import Sequence

from boardcore.serve.protocol import BotKind
from boardcore.serve.seats.interface import SCHEMA, SCHEMA_LOCK, SeatRow, by_match, refusal, seat_row
from boardcore.store.postgres_db import PostgresDatabase

__all__ = ["PostgresSeats"]


class PostgresSeats:
    """A :class:`~boardcore.serve.seats.SeatBook` in PostgreSQL (``schema``: the store's schema, when it has one).

    A lost connection is reopened on the next call.

    Raises (on opening):
        StoreUnavailable: the server cannot be reached.
    """

    def __init__(self, conninfo: str, *, schema: str | None = None, connect_timeout: float = 10.0) -> None:
        self.schema = schema
        self._db = PostgresDatabase(conninfo, schema=schema, connect_timeout=connect_timeout, what="the PostgreSQL seats table")
        self._db.set_up(SCHEMA, SCHEMA_LOCK, lambda db: None)

    def __repr__(self) -> str:
        where = "" if self.schema is None else f", schema={self.schema!r}"
        return f"PostgresSeats(<connection>{where})"

    def add(self, match_id: str, bots: Sequence[BotKind | None]) -> None:
        with self._db.transaction() as db, db.cursor() as cursor:
            cursor.executemany(
                "INSERT INTO boardcore_serve_seats (match_id, seat, bot) VALUES (%s, %s, %s)", [(match_id, seat, bot) for seat, bot in enumerate(bots)]
            )

    def seats(self, match_id: str) -> tuple[SeatRow, ...]:
        rows = self._db.rows("SELECT seat, bot, token_hash FROM boardcore_serve_seats WHERE match_id = %s ORDER BY seat", (match_id,))
        return tuple(seat_row(*row) for row in rows)

    def every_match(self) -> dict[str, tuple[SeatRow, ...]]:
        return by_match(self._db.rows("SELECT match_id, seat, bot, token_hash FROM boardcore_serve_seats ORDER BY match_id, seat"))

    def claim(self, match_id: str, seat: int, token_hash: str) -> None:
        done = self._db.changed(
            "UPDATE boardcore_serve_seats SET token_hash = %s, claimed = %s"
            " WHERE match_id = %s AND seat = %s AND bot IS NULL AND token_hash IS NULL",
            (token_hash, time.time(), match_id, seat),
        )
        if done != 1:
            raise refusal(match_id, seat, self.seats(match_id))

    def seat_of(self, match_id: str, token_hash: str) -> int | None:
        rows = self._db.rows("SELECT seat FROM boardcore_serve_seats WHERE match_id = %s AND token_hash = %s", (match_id, token_hash))
        return int(rows[0][0]) if rows else None

    def to_bot(self, match_id: str, seat: int, bot: BotKind) -> None:
        done = self._db.changed("UPDATE boardcore_serve_seats SET bot = %s WHERE match_id = %s AND seat = %s AND bot IS NULL", (bot, match_id, seat))
        if done != 1:
            raise refusal(match_id, seat, self.seats(match_id))

    def close(self) -> None:
        self._db.close()
