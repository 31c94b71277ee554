"""The lobby's storage beside the event store: who plays each seat of a served match, and hashed seat tokens.

The event store (:mod:`boardcore.store`) keeps the match itself; a server also
needs to know which seats it plays with bots and which seats a person has
claimed. That lives in one more table in the same database,
``boardcore_serve_seats``, one row per seat. A seat's token is kept only as its
SHA-256 (:mod:`boardcore.serve.tokens`). A match of the store without seat rows
(one ``boardcore play --db`` wrote, say) is not served.

Backends: memory (tests), SQLite (the same file as the store) and PostgreSQL
(:mod:`boardcore.serve.seats_postgres`), each thread-safe.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Protocol, cast

import attrs

from boardcore.errors import BoardcoreError
from boardcore.serve.protocol import BotKind
from boardcore.store import StoreUnavailable

__all__ = ["BOT_KINDS", "SCHEMA", "MemorySeats", "SeatBook", "SeatRefused", "SeatRow", "SqliteSeats", "refusal"]

BOT_KINDS: tuple[BotKind, ...] = ("house", "random")

SCHEMA = """
CREATE TABLE IF NOT EXISTS boardcore_serve_seats (
    match_id TEXT NOT NULL,
    seat INTEGER NOT NULL CHECK (seat >= 0),
    bot TEXT CHECK (bot IN ('house', 'random')),
    token_hash TEXT UNIQUE,
    claimed DOUBLE PRECISION,
    PRIMARY KEY (match_id, seat)
)
"""
"""One row per seat: ``bot`` for a seat the server plays (NULL: a person's); ``token_hash`` (SHA-256 hex of the
seat's token) and ``claimed`` (Unix seconds) once a person claimed it."""


@attrs.frozen
class SeatRow:
    """One seat of a served match."""

    seat: int
    bot: BotKind | None
    claimed: bool


class SeatRefused(BoardcoreError):
    """A seat cannot be claimed: ``code`` is ``seat/unknown``, ``seat/bot`` or ``seat/taken``."""

    def __init__(self, message: str, *, code: str) -> None:
        super().__init__(message)
        self.message = message
        self.code = code


class SeatBook(Protocol):
    """Who plays each seat of each served match (synchronous and thread-safe, like the event store)."""

    def add(self, match_id: str, bots: Sequence[BotKind | None]) -> None:
        """The seats of a new match, in seat order (``None``: a person's seat, still unclaimed)."""
        ...

    def seats(self, match_id: str) -> tuple[SeatRow, ...]:
        """The match's seats in order (empty: not a served match)."""
        ...

    def every_match(self) -> dict[str, tuple[SeatRow, ...]]:
        """The seats of every served match."""
        ...

    def claim(self, match_id: str, seat: int, token_hash: str) -> None:
        """Give a person's unclaimed seat to the holder of the token with this hash.

        Raises:
            SeatRefused: no such seat, a bot's seat, or already claimed.
        """
        ...

    def seat_of(self, match_id: str, token_hash: str) -> int | None:
        """The seat of ``match_id`` whose token has this hash, or ``None``."""
        ...

    def to_bot(self, match_id: str, seat: int, bot: BotKind) -> None:
        """From now on the server plays a person's seat (open, or its person away) with ``bot``; a token it had still
        opens the seat's view.

        Raises:
            SeatRefused: no such seat, or the server already plays it.
        """
        ...

    def close(self) -> None:
        """Release the connection; the data stays."""
        ...


def refusal(match_id: str, seat: int, rows: Sequence[SeatRow]) -> SeatRefused:
    """Why ``seat`` of a match with these rows could not be claimed (the claim changed nothing)."""
    found = next((row for row in rows if row.seat == seat), None)
    if found is None:
        return SeatRefused(f"match {match_id!r} has no seat {seat}", code="seat/unknown")
    if found.bot is not None:
        return SeatRefused(f"the server plays seat {seat} with a {found.bot} bot; choose a person's seat", code="seat/bot")
    return SeatRefused(f"seat {seat} of match {match_id!r} is taken; choose another seat or watch", code="seat/taken")


def _row(seat: int, bot: Any, token_hash: Any) -> SeatRow:
    return SeatRow(seat=int(seat), bot=cast("BotKind | None", bot), claimed=token_hash is not None)


class MemorySeats:
    """A :class:`SeatBook` in a dict, gone with the process (for tests and ``MemoryStore`` servers)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._rows: dict[str, list[tuple[BotKind | None, str | None]]] = {}

    def add(self, match_id: str, bots: Sequence[BotKind | None]) -> None:
        with self._lock:
            assert match_id not in self._rows, match_id
            self._rows[match_id] = [(bot, None) for bot in bots]

    def seats(self, match_id: str) -> tuple[SeatRow, ...]:
        with self._lock:
            return tuple(_row(seat, bot, held) for seat, (bot, held) in enumerate(self._rows.get(match_id, ())))

    def every_match(self) -> dict[str, tuple[SeatRow, ...]]:
        with self._lock:
            ids = list(self._rows)
        return {match_id: self.seats(match_id) for match_id in ids}

    def claim(self, match_id: str, seat: int, token_hash: str) -> None:
        with self._lock:
            rows = self._rows.get(match_id, [])
            if 0 <= seat < len(rows) and rows[seat] == (None, None):
                rows[seat] = (None, token_hash)
                return
        raise refusal(match_id, seat, self.seats(match_id))

    def seat_of(self, match_id: str, token_hash: str) -> int | None:
        with self._lock:
            rows = self._rows.get(match_id, [])
            return next((seat for seat, (_, held) in enumerate(rows) if held == token_hash), None)

    def to_bot(self, match_id: str, seat: int, bot: BotKind) -> None:
        with self._lock:
            rows = self._rows.get(match_id, [])
            if 0 <= seat < len(rows) and rows[seat][0] is None:
                rows[seat] = (bot, rows[seat][1])
                return
        raise refusal(match_id, seat, self.seats(match_id))

    def close(self) -> None:
        pass


class SqliteSeats:
    """A :class:`SeatBook` in a SQLite file (the store's own file; the table is created on first use).

    Raises (on opening):
        StoreUnavailable: the file cannot be opened or stays locked.
    """

    def __init__(self, path: str | Path, *, timeout: float = 30.0) -> None:
        self.path = str(path)
        self._lock = threading.Lock()
        try:
            self._db = sqlite3.connect(self.path, timeout=timeout, isolation_level=None, check_same_thread=False)
            self._db.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
            self._db.execute("PRAGMA synchronous = FULL")
            with self._write() as db:
                db.execute(SCHEMA)
        except sqlite3.Error as exc:
            raise StoreUnavailable(f"cannot set up the seats table in {self.path!r}: {exc}") from None

    def __repr__(self) -> str:
        return f"SqliteSeats({self.path!r})"

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction holding the database's write lock from its first statement."""
        with self._lock:
            db = self._db
            try:
                db.execute("BEGIN IMMEDIATE")
                yield db
                db.execute("COMMIT")
            except sqlite3.OperationalError as exc:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise StoreUnavailable(f"the seats table in {self.path!r} failed: {exc}") from exc
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise

    def _read(self, query: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        with self._lock:
            try:
                return self._db.execute(query, params).fetchall()
            except sqlite3.OperationalError as exc:
                raise StoreUnavailable(f"the seats table in {self.path!r} failed: {exc}") from exc

    def add(self, match_id: str, bots: Sequence[BotKind | None]) -> None:
        with self._write() as db:
            db.executemany(
                "INSERT INTO boardcore_serve_seats (match_id, seat, bot) VALUES (?, ?, ?)", [(match_id, seat, bot) for seat, bot in enumerate(bots)]
            )

    def seats(self, match_id: str) -> tuple[SeatRow, ...]:
        rows = self._read("SELECT seat, bot, token_hash FROM boardcore_serve_seats WHERE match_id = ? ORDER BY seat", (match_id,))
        return tuple(_row(*row) for row in rows)

    def every_match(self) -> dict[str, tuple[SeatRow, ...]]:
        found: dict[str, list[SeatRow]] = {}
        for match_id, *row in self._read("SELECT match_id, seat, bot, token_hash FROM boardcore_serve_seats ORDER BY match_id, seat", ()):
            found.setdefault(match_id, []).append(_row(*row))
        return {match_id: tuple(rows) for match_id, rows in found.items()}

    def claim(self, match_id: str, seat: int, token_hash: str) -> None:
        with self._write() as db:
            done = db.execute(
                "UPDATE boardcore_serve_seats SET token_hash = ?, claimed = ?"
                " WHERE match_id = ? AND seat = ? AND bot IS NULL AND token_hash IS NULL",
                (token_hash, time.time(), match_id, seat),
            ).rowcount
        if done != 1:
            raise refusal(match_id, seat, self.seats(match_id))

    def seat_of(self, match_id: str, token_hash: str) -> int | None:
        rows = self._read("SELECT seat FROM boardcore_serve_seats WHERE match_id = ? AND token_hash = ?", (match_id, token_hash))
        return int(rows[0][0]) if rows else None

    def to_bot(self, match_id: str, seat: int, bot: BotKind) -> None:
        with self._write() as db:
            done = db.execute(
                "UPDATE boardcore_serve_seats SET bot = ? WHERE match_id = ? AND seat = ? AND bot IS NULL", (bot, match_id, seat)
            ).rowcount
        if done != 1:
            raise refusal(match_id, seat, self.seats(match_id))

    def close(self) -> None:
        with self._lock:
            self._db.close()
