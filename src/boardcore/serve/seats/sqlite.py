"""The seat book in SQLite: the store's own file (its connection: :mod:`boardcore.store.sqlite_db`)."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Sequence
from pathlib import Path

from boardcore.serve.protocol import BotKind
from boardcore.serve.seats.interface import SCHEMA, SeatRow, by_match, refusal, seat_row
from boardcore.store import StoreUnavailable
from boardcore.store.sqlite_db import SqliteDatabase

__all__ = ["SqliteSeats"]


class SqliteSeats:
    """A :class:`~boardcore.serve.seats.SeatBook` in a SQLite file (the table is created on first use).

    Raises (on opening):
        StoreUnavailable: the file cannot be opened or stays locked.
    """

    def __init__(self, path: str | Path, *, timeout: float = 30.0) -> None:
        self.path = str(path)
        self._db = SqliteDatabase(self.path, timeout=timeout, what=f"the seats table in {self.path!r}")
        try:
            self._db.set_up(SCHEMA, lambda db: None)
        except sqlite3.Error as exc:
            self._db.close()
            raise StoreUnavailable(f"cannot set up the seats table in {self.path!r}: {exc}") from None
        except BaseException:
            self._db.close()
            raise

    def __repr__(self) -> str:
        return f"SqliteSeats({self.path!r})"

    def add(self, match_id: str, bots: Sequence[BotKind | None]) -> None:
        with self._db.write() as db:
            db.executemany(
                "INSERT INTO boardcore_serve_seats (match_id, seat, bot) VALUES (?, ?, ?)", [(match_id, seat, bot) for seat, bot in enumerate(bots)]
            )

    def seats(self, match_id: str) -> tuple[SeatRow, ...]:
        rows = self._db.rows("SELECT seat, bot, token_hash FROM boardcore_serve_seats WHERE match_id = ? ORDER BY seat", (match_id,))
        return tuple(seat_row(*row) for row in rows)

    def every_match(self) -> dict[str, tuple[SeatRow, ...]]:
        return by_match(self._db.rows("SELECT match_id, seat, bot, token_hash FROM boardcore_serve_seats ORDER BY match_id, seat"))

    def claim(self, match_id: str, seat: int, token_hash: str) -> None:
        with self._db.write() as db:
            done = db.execute(
                "UPDATE boardcore_serve_seats SET token_hash = ?, claimed = ?"
                " WHERE match_id = ? AND seat = ? AND bot IS NULL AND token_hash IS NULL",
                (token_hash, time.time(), match_id, seat),
            ).rowcount
        if done != 1:
            raise refusal(match_id, seat, self.seats(match_id))

    def seat_of(self, match_id: str, token_hash: str) -> int | None:
        rows = self._db.rows("SELECT seat FROM boardcore_serve_seats WHERE match_id = ? AND token_hash = ?", (match_id, token_hash))
        return int(rows[0][0]) if rows else None

    def to_bot(self, match_id: str, seat: int, bot: BotKind) -> None:
        with self._db.write() as db:
            done = db.execute(
                "UPDATE boardcore_serve_seats SET bot = ? WHERE match_id = ? AND seat = ? AND bot IS NULL", (bot, match_id, seat)
            ).rowcount
        if done != 1:
            raise refusal(match_id, seat, self.seats(match_id))

    def close(self) -> None:
        self._db.close()
