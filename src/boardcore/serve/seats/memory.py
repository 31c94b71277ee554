"""The seat book in a dict, gone with the process (for tests and ``MemoryStore`` servers)."""

from __future__ import annotations

import threading
from collections.abc import Sequence

from boardcore.serve.protocol import BotKind
from boardcore.serve.seats.interface import SeatRow, refusal, seat_row

__all__ = ["MemorySeats"]


class MemorySeats:
    """A :class:`~boardcore.serve.seats.SeatBook` in a dict."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._rows: dict[str, list[tuple[BotKind | None, str | None]]] = {}

    def add(self, match_id: str, bots: Sequence[BotKind | None]) -> None:
        with self._lock:
            assert match_id not in self._rows, match_id
            self._rows[match_id] = [(bot, None) for bot in bots]

    def seats(self, match_id: str) -> tuple[SeatRow, ...]:
        with self._lock:
            return tuple(seat_row(seat, bot, held) for seat, (bot, held) in enumerate(self._rows.get(match_id, ())))

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
