"""The in-memory store: the reference backend, for tests, hot-seat tables and servers that need no restart."""

from __future__ import annotations

import threading
import time

import msgspec

from boardcore.log import Header
from boardcore.store.interface import (
    Entry,
    MatchExists,
    MatchInfo,
    SeedSecret,
    Status,
    UnknownMatch,
    check_append,
    check_match_id,
    check_since,
)

__all__ = ["MemoryStore"]


class MemoryStore:
    """A :class:`~boardcore.store.interface.Store` held in dicts; gone with the process.

    ``close`` keeps the data, so a test may "restart" by opening tables on the same object.
    """

    never_blocks = True
    """Every call returns at once (no disk, no network, a lock held only for a dict update), so a server may write
    through it on its event loop instead of handing each write to a worker thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._infos: dict[str, MatchInfo] = {}
        self._headers: dict[str, Header] = {}
        self._journals: dict[str, list[Entry]] = {}
        self._secrets: dict[str, SeedSecret] = {}

    def __repr__(self) -> str:
        return f"MemoryStore(matches={len(self._infos)})"

    def create(self, match_id: str, header: Header, secret: SeedSecret) -> MatchInfo:
        check_match_id(match_id)
        now = time.time()
        info = MatchInfo(
            match_id=match_id, game=header.game, players=header.players, status="active", revision=0, steps=0, created=now, updated=now
        )
        with self._lock:
            if match_id in self._infos:
                raise MatchExists(match_id)
            self._infos[match_id] = info
            self._headers[match_id] = header
            self._journals[match_id] = []
            self._secrets[match_id] = secret
        return info

    def append(self, match_id: str, entry: Entry, status: Status) -> MatchInfo:
        with self._lock:
            info = self._info(match_id)
            steps = check_append(match_id, info.revision, info.steps, entry, status)
            info = msgspec.structs.replace(info, revision=entry.revision, steps=steps, status=status, updated=time.time())
            self._journals[match_id].append(entry)
            self._infos[match_id] = info
            return info

    def journal(self, match_id: str, since: int = 0) -> list[Entry]:
        check_since(since)
        with self._lock:
            self._info(match_id)
            return self._journals[match_id][since:]

    def header(self, match_id: str) -> Header:
        with self._lock:
            self._info(match_id)
            return self._headers[match_id]

    def info(self, match_id: str) -> MatchInfo:
        with self._lock:
            return self._info(match_id)

    def matches(self, *, game: str | None = None, status: Status | None = None) -> list[MatchInfo]:
        with self._lock:
            found = [i for i in self._infos.values() if (game is None or i.game == game) and (status is None or i.status == status)]
        return sorted(found, key=lambda i: (i.created, i.match_id))

    def newest(self, *, status: Status | None = None, limit: int = 100, before: str | None = None) -> list[MatchInfo]:
        with self._lock:
            infos = list(self._infos.values())
            cursor = None if before is None else self._infos.get(before)
        if before is not None and cursor is None:
            raise UnknownMatch(before)
        found = sorted((i for i in infos if status is None or i.status == status), key=lambda i: (i.created, i.match_id), reverse=True)
        if cursor is not None:
            found = [i for i in found if (i.created, i.match_id) < (cursor.created, cursor.match_id)]
        return found[:limit]

    def secret(self, match_id: str) -> SeedSecret:
        with self._lock:
            self._info(match_id)
            return self._secrets[match_id]

    def close(self) -> None:
        """Nothing to release: the data stays for whoever holds this object."""

    def _info(self, match_id: str) -> MatchInfo:
        info = self._infos.get(match_id)
        if info is None:
            raise UnknownMatch(match_id)
        return info
