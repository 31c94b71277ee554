"""The SQLite store: one file, the embedded default (stdlib ``sqlite3``).

Durability and races, as measured in ``tests/store`` and told in ``docs/serving.md``:
the database runs in WAL mode with ``synchronous=FULL`` (a commit is on disk
before ``append`` returns), and every write opens with ``BEGIN IMMEDIATE``, which
takes the write lock before reading the revision, so racing writers queue (for up
to ``timeout`` seconds) instead of failing with "database is locked" half way
through a deferred transaction. Any number of processes may share the file.
"""

from __future__ import annotations

import re
import sqlite3
import time
from pathlib import Path

import msgspec

from boardcore.log import Header
from boardcore.store.interface import (
    Entry,
    MatchExists,
    MatchInfo,
    RevisionConflict,
    SeedSecret,
    Status,
    StoreError,
    StoreUnavailable,
    UnknownMatch,
    check_append,
    check_match_id,
    check_since,
)
from boardcore.store.rows import (
    INFO_COLUMNS,
    JOURNAL_COLUMNS,
    entry_from_row,
    entry_row,
    header_from_text,
    header_text,
    info_from_row,
    newest_query,
    players_text,
    secret_from_row,
    secret_row,
)
from boardcore.store.sqlite_db import SqliteDatabase
from boardcore.store.tables import SQLITE, schema_version, version_mismatch
from boardcore.store.wal import lost_commits

__all__ = ["SqliteStore"]

def _refuse_lost_commits(path: str) -> None:
    """Refuse to let SQLite recover a WAL that would drop committed transactions (see :mod:`boardcore.store.wal`).

    Raises:
        StoreError: it would; the files are left as they are, for a person to look at.
    """
    if path == ":memory:":
        return
    lost = lost_commits(path)
    if lost is not None:
        msg = f"{path!r} is not opened: recovering its write-ahead log would roll committed matches back ({lost}); restore it from a backup"
        raise StoreError(msg)


def _refuse_empty_file(path: str) -> None:
    """A 0-byte file is what a failed copy or restore leaves: SQLite would silently start it as a new, empty store.

    Raises:
        StoreError: ``path`` is an empty file.
    """
    if path != ":memory:" and Path(path).is_file() and Path(path).stat().st_size == 0:
        raise StoreError(f"{path!r} is an empty (0-byte) file, not a boardcore store: restore it, or delete it to start a new store")


_ROW_LEVEL = re.compile(r"(CHECK|NOT NULL) constraint failed")
"""quick_check lines about one row's values: that match is refused when it is loaded, the store stays in use."""


def _check_file(db: sqlite3.Connection, path: str) -> None:
    """Refuse a file that is not a boardcore store (another application's database) or whose structure fails
    ``quick_check`` (a row that breaks a constraint only damages its own match).

    Raises:
        StoreError: a foreign or damaged database (``sqlite3.DatabaseError`` for a file that is not SQLite at all).
    """
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if tables and "boardcore_meta" not in tables:
        raise StoreError(f"{path!r} is another application's SQLite database (no boardcore_meta table); give boardcore a file of its own")
    problems = [row[0] for row in db.execute("PRAGMA quick_check(20)") if not _ROW_LEVEL.match(row[0])]
    if problems and problems != ["ok"]:
        raise StoreError(f"{path!r} fails SQLite's quick_check, so it is not used: {'; '.join(problems)}")

class SqliteStore:
    """A :class:`~boardcore.store.interface.Store` in one SQLite file (created on first use).

    Raises (on opening):
        StoreError: the file holds a boardcore schema of another version.
        StoreUnavailable: the file cannot be opened, or stays locked past ``timeout`` seconds.
    """

    def __init__(self, path: str | Path, *, timeout: float = 30.0) -> None:
        self.path = str(path)
        _refuse_empty_file(self.path)
        _refuse_lost_commits(self.path)
        self._db = SqliteDatabase(self.path, timeout=timeout, what=f"the SQLite store {self.path!r}")
        db = self._db.connection
        try:
            _check_file(db, self.path)
            mode = db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if mode != "wal" and self.path != ":memory:":
                raise StoreUnavailable(f"SQLite refused WAL mode for {self.path!r} (journal mode {mode!r})")
            db.execute("PRAGMA foreign_keys = ON")
            version = self._db.set_up(SQLITE, lambda db: schema_version(db, "sqlite"))
            refused = version_mismatch(version, repr(self.path))
            if refused is not None:
                raise StoreError(refused)
        except sqlite3.OperationalError as exc:
            self._db.close()
            raise StoreUnavailable(f"cannot set up the SQLite store {self.path!r}: {exc}") from None
        except sqlite3.Error as exc:  # "file is not a database", a malformed schema: retrying would not help
            self._db.close()
            raise StoreError(f"{self.path!r} is not a usable boardcore store: {exc}") from None
        except BaseException:
            self._db.close()
            raise

    def __repr__(self) -> str:
        return f"SqliteStore({self.path!r})"

    def create(self, match_id: str, header: Header, secret: SeedSecret) -> MatchInfo:
        check_match_id(match_id)
        now = time.time()
        with self._db.write() as db:
            if db.execute("SELECT 1 FROM boardcore_matches WHERE match_id = ?", (match_id,)).fetchone() is not None:
                raise MatchExists(match_id)
            db.execute(
                "INSERT INTO boardcore_matches (match_id, game, players, header, status, revision, steps, created, updated)"
                " VALUES (?, ?, ?, ?, 'active', 0, 0, ?, ?)",
                (match_id, header.game, players_text(header.players), header_text(header), now, now),
            )
            db.execute("INSERT INTO boardcore_secrets (match_id, seed, salt) VALUES (?, ?, ?)", (match_id, *secret_row(secret)))
            return self._info(db, match_id)

    def append(self, match_id: str, entry: Entry, status: Status) -> MatchInfo:
        with self._db.write() as db:
            info = self._info(db, match_id)
            steps = check_append(match_id, info.revision, info.steps, entry, status)
            now = time.time()
            try:
                db.execute(f"INSERT INTO boardcore_journal (match_id, {JOURNAL_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", (match_id, *entry_row(entry)))
            except sqlite3.IntegrityError:  # unreachable under BEGIN IMMEDIATE; the primary key is the backstop
                raise RevisionConflict(match_id, entry.revision, info.revision) from None
            db.execute(
                "UPDATE boardcore_matches SET revision = ?, steps = ?, status = ?, updated = ? WHERE match_id = ?",
                (entry.revision, steps, status, now, match_id),
            )
        return msgspec.structs.replace(info, revision=entry.revision, steps=steps, status=status, updated=now)

    def journal(self, match_id: str, since: int = 0) -> list[Entry]:
        check_since(since)
        with self._db.read() as db:
            self._info(db, match_id)
            rows = db.execute(
                f"SELECT {JOURNAL_COLUMNS} FROM boardcore_journal WHERE match_id = ? AND revision > ? ORDER BY revision", (match_id, since)
            ).fetchall()
        return [entry_from_row(match_id, row) for row in rows]

    def header(self, match_id: str) -> Header:
        with self._db.read() as db:
            row = db.execute("SELECT header FROM boardcore_matches WHERE match_id = ?", (match_id,)).fetchone()
        if row is None:
            raise UnknownMatch(match_id)
        return header_from_text(match_id, row[0])

    def info(self, match_id: str) -> MatchInfo:
        with self._db.read() as db:
            return self._info(db, match_id)

    def matches(self, *, game: str | None = None, status: Status | None = None) -> list[MatchInfo]:
        with self._db.read() as db:
            rows = db.execute(
                f"SELECT {INFO_COLUMNS} FROM boardcore_matches WHERE (? IS NULL OR game = ?) AND (? IS NULL OR status = ?)"
                " ORDER BY created, match_id",
                (game, game, status, status),
            ).fetchall()
        return [info_from_row(row) for row in rows]

    def newest(self, *, status: Status | None = None, limit: int = 100, before: str | None = None) -> list[MatchInfo]:
        where, params = newest_query(status, before, "?")
        with self._db.read() as db:
            if before is not None and db.execute("SELECT 1 FROM boardcore_matches WHERE match_id = ?", (before,)).fetchone() is None:
                raise UnknownMatch(before)
            rows = db.execute(
                f"SELECT {INFO_COLUMNS} FROM boardcore_matches {where} ORDER BY created DESC, match_id DESC LIMIT ?", (*params, limit)
            ).fetchall()
        return [info_from_row(row) for row in rows]

    def secret(self, match_id: str) -> SeedSecret:
        with self._db.read() as db:
            row = db.execute("SELECT seed, salt FROM boardcore_secrets WHERE match_id = ?", (match_id,)).fetchone()
        if row is None:
            raise UnknownMatch(match_id)
        return secret_from_row(match_id, row)

    def close(self) -> None:
        self._db.close()

    @staticmethod
    def _info(db: sqlite3.Connection, match_id: str) -> MatchInfo:
        row = db.execute(f"SELECT {INFO_COLUMNS} FROM boardcore_matches WHERE match_id = ?", (match_id,)).fetchone()
        if row is None:
            raise UnknownMatch(match_id)
        return info_from_row(row)
