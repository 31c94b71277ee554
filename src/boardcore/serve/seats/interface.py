"""What a seat book is: the protocol every backend passes, its rows, its refusals and its one table.

A seat's token is kept only as its SHA-256 (:mod:`boardcore.serve.tokens`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, cast

import attrs

from boardcore import codes
from boardcore.errors import BoardcoreError
from boardcore.serve.protocol import BotKind

__all__ = ["BOT_KINDS", "SCHEMA", "SCHEMA_LOCK", "SeatBook", "SeatRefused", "SeatRow", "by_match", "refusal", "seat_row"]

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
"""One row per seat (the same text in SQLite and PostgreSQL): ``bot`` for a seat the server plays (NULL: a person's);
``token_hash`` (SHA-256 hex of the seat's token) and ``claimed`` (Unix seconds) once a person claimed it."""

SCHEMA_LOCK = 0x626F617264736561
"""PostgreSQL's advisory lock taken while creating the table, so servers starting together do not race."""


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
        return SeatRefused(f"match {match_id!r} has no seat {seat}", code=codes.SEAT_UNKNOWN)
    if found.bot is not None:
        return SeatRefused(f"the server plays seat {seat} with a {found.bot} bot; choose a person's seat", code=codes.SEAT_BOT)
    return SeatRefused(f"seat {seat} of match {match_id!r} is taken; choose another seat or watch", code=codes.SEAT_TAKEN)


def seat_row(seat: Any, bot: Any, token_hash: Any) -> SeatRow:
    """A seat from its stored columns (``token_hash``: the claim, NULL while unclaimed)."""
    return SeatRow(seat=int(seat), bot=cast("BotKind | None", bot), claimed=token_hash is not None)


def by_match(rows: Sequence[tuple[Any, ...]]) -> dict[str, tuple[SeatRow, ...]]:
    """Rows of ``(match_id, seat, bot, token_hash)``, ordered by match and seat, grouped into each match's seats."""
    found: dict[str, list[SeatRow]] = {}
    for match_id, *row in rows:
        found.setdefault(match_id, []).append(seat_row(*row))
    return {match_id: tuple(seats) for match_id, seats in found.items()}
