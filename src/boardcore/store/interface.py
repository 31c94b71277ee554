"""The event store's interface (a typing Protocol): what every backend keeps per match, and the one rule for appending.

A store keeps, per match: the public log header, a journal with one entry per
revision (a step's log record, or an undo naming the step it took back: the
undo history is an audit trail, nothing is ever deleted), the match's status,
and, in a place of its own, the secret seed and salt. Only :meth:`Store.secret`
returns the secret; everything else a store returns may be shown to players.

Appends are optimistic: an entry claims the revision after the one its writer
saw, and exactly one writer wins each revision; the others get
:class:`RevisionConflict` and the store is unchanged. Backends: memory, SQLite
(the embedded default) and PostgreSQL; they pass one shared contract test class
(:mod:`boardcore.testing.store_contract`).
"""

from __future__ import annotations

import re
from typing import Literal, Protocol, Union, runtime_checkable

import attrs
import msgspec

from boardcore.errors import BoardcoreError
from boardcore.log import Header, Record

__all__ = [
    "STATUSES",
    "Entry",
    "InvalidEntry",
    "MatchExists",
    "MatchInfo",
    "MatchRejected",
    "RevisionConflict",
    "SeedSecret",
    "Status",
    "StepEntry",
    "Store",
    "StoreError",
    "StoreUnavailable",
    "UndoEntry",
    "UnknownMatch",
    "check_append",
    "check_match_id",
    "check_since",
    "check_status",
    "entry_bounds",
    "entry_step",
]

Status = Literal["active", "finished"]
"""``active`` while the game goes on, ``finished`` once it has an outcome (a forced undo can reopen it)."""
STATUSES: tuple[Status, ...] = ("active", "finished")

_MATCH_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,127}")


class StepEntry(msgspec.Struct, frozen=True, tag="step", kw_only=True, forbid_unknown_fields=True):
    """Revision ``revision`` applied a step: its log record (player, action, digests, chain)."""

    revision: int
    record: Record


class UndoEntry(msgspec.Struct, frozen=True, tag="undo", kw_only=True, forbid_unknown_fields=True):
    """Revision ``revision`` took back step ``step`` (the match then has ``step - 1`` steps)."""

    revision: int
    step: int
    player: int
    """The seat that asked for the undo."""
    forced: bool
    """The undo skipped the undo policy (hot-seat play)."""


Entry = Union[StepEntry, UndoEntry]
"""One journal entry: every revision of a match is exactly one of these."""


class MatchInfo(msgspec.Struct, frozen=True, kw_only=True):
    """What a lobby may list about a match (public: no seed, no salt)."""

    match_id: str
    game: str
    players: tuple[str, ...]
    status: Status
    revision: int
    """Entries in the journal (0 for a new match)."""
    steps: int
    """Steps in play now (applied and not undone)."""
    created: float
    """Unix time the match was stored."""
    updated: float
    """Unix time of the last append."""


@attrs.frozen
class SeedSecret:
    """The seed a match was set up from and its commitment's salt: server-side only, never shown in a repr."""

    seed: int = attrs.field(repr=False)
    salt: str | None = attrs.field(repr=False, default=None)
    """``None`` when the seed is public (it is also in the header)."""


class StoreError(BoardcoreError):
    """Something a store refuses or cannot do; nothing was changed."""


class UnknownMatch(StoreError, LookupError):
    """No match with this id is stored."""

    def __init__(self, match_id: str) -> None:
        super().__init__(f"no match {match_id!r} in this store")
        self.match_id = match_id


class MatchExists(StoreError):
    """A match with this id is already stored."""

    def __init__(self, match_id: str) -> None:
        super().__init__(f"a match {match_id!r} is already stored")
        self.match_id = match_id


class RevisionConflict(StoreError):
    """Another writer appended first: the entry's revision is not the one after the stored revision."""

    def __init__(self, match_id: str, claimed: int, revision: int) -> None:
        msg = f"match {match_id!r} is at revision {revision}, so revision {claimed} cannot be appended; read the journal and retry"
        super().__init__(msg)
        self.match_id = match_id
        self.claimed = claimed
        self.revision = revision


class InvalidEntry(StoreError, ValueError):
    """An entry that cannot follow the journal (a step number out of order, a bad field): a caller's bug."""


class StoreUnavailable(StoreError):
    """The database could not be reached or stayed locked; the operation did not happen."""


class MatchRejected(StoreError):
    """A stored match failed verification on load: reported, never used.

    ``kind`` is one of :data:`boardcore.verify.KINDS`, ``"status_mismatch"``, ``"engine_version_mismatch"`` or
    ``"load_timeout"`` (the server gave up replaying it);
    ``revision`` is the first journal entry that failed, when one did.
    """

    def __init__(self, match_id: str, message: str, *, kind: str, revision: int | None = None) -> None:
        where = f" at revision {revision}" if revision is not None else ""
        super().__init__(f"stored match {match_id!r} fails verification{where} [{kind}]: {message}")
        self.match_id = match_id
        self.kind = kind
        self.revision = revision
        self.reason = message


def check_match_id(match_id: object) -> str:
    """``match_id`` if it is 1-128 characters of letters, digits, ``_``, ``.`` and ``-`` (starting alphanumeric).

    Raises:
        ValueError: anything else.
    """
    if not isinstance(match_id, str) or not _MATCH_ID.fullmatch(match_id):
        msg = f"a match id is 1-128 letters, digits, '_', '.' or '-', starting with a letter or digit, not {match_id!r}"
        raise ValueError(msg)
    return match_id


def check_since(since: object) -> int:
    """``since`` if it is a revision (an int of 0 or more).

    Raises:
        ValueError: anything else.
    """
    if type(since) is not int or since < 0:
        msg = f"since is a revision: an int of 0 or more, not {since!r}"
        raise ValueError(msg)
    return since


def entry_bounds(entry: Entry) -> tuple[int, int, int]:
    """``(revision, steps, steps_after)``: the revision and step count a journal must be at for ``entry`` to follow, and
    the step count after it (a step adds one, an undo takes the last one back).

    Raises:
        InvalidEntry: not an entry, or an undo of step 0.
    """
    if isinstance(entry, StepEntry):
        return entry.revision - 1, entry.record.step - 1, entry.record.step
    if isinstance(entry, UndoEntry):
        if entry.step < 1:
            raise InvalidEntry(f"an undo takes back step 1 or later, not step {entry.step}")
        return entry.revision - 1, entry.step, entry.step - 1
    raise InvalidEntry(f"a journal entry is a StepEntry or an UndoEntry, not {type(entry).__name__}")


def check_status(status: object) -> None:
    """Raises :class:`InvalidEntry` unless ``status`` is one of :data:`STATUSES`."""
    if status not in STATUSES:
        raise InvalidEntry(f"status is one of {', '.join(STATUSES)}, not {status!r}")


def check_append(match_id: str, revision: int, steps: int, entry: Entry, status: str) -> int:
    """The step count after ``entry`` joins a journal at ``revision`` with ``steps`` steps in play.

    The one rule every backend applies inside its write transaction (see :func:`entry_bounds`).

    Raises:
        RevisionConflict: ``entry.revision`` is not ``revision + 1``.
        InvalidEntry: a step entry whose step is not ``steps + 1``, an undo of anything but
            step ``steps``, or an unknown status.
    """
    check_status(status)
    after_revision, after_steps, steps_after = entry_bounds(entry)
    if after_revision != revision:
        raise RevisionConflict(match_id, entry.revision, revision)
    if after_steps != steps:
        what = f"step {entry_step(entry)}" if isinstance(entry, StepEntry) else f"an undo of step {entry_step(entry)}"
        raise InvalidEntry(f"match {match_id!r} has {steps} steps in play, so {what} cannot follow")
    return steps_after


def entry_step(entry: Entry) -> int:
    """The step an entry applies or takes back."""
    return entry.record.step if isinstance(entry, StepEntry) else entry.step


@runtime_checkable
class Store(Protocol):
    """Durable matches: a header, a journal of revisions, a status and a secret per match.

    Methods are synchronous and thread-safe (a server may call them from worker threads).
    """

    def create(self, match_id: str, header: Header, secret: SeedSecret) -> MatchInfo:
        """Store a new match at revision 0 (status ``active``).

        Raises:
            MatchExists: the id is taken.
            ValueError: a malformed id.
        """
        ...

    def append(self, match_id: str, entry: Entry, status: Status) -> MatchInfo:
        """Append ``entry`` (claiming revision ``entry.revision``) and set the match's status, atomically.

        Raises:
            RevisionConflict: another writer took that revision first; nothing changed.
            InvalidEntry: the entry cannot follow the journal (see :func:`check_append`).
            UnknownMatch: no such match.
        """
        ...

    def journal(self, match_id: str, since: int = 0) -> list[Entry]:
        """The entries after revision ``since``, in revision order, without gaps.

        Raises:
            UnknownMatch: no such match.
        """
        ...

    def header(self, match_id: str) -> Header:
        """The match's log header (public: a committed seed appears only as its commitment).

        Raises:
            UnknownMatch: no such match.
        """
        ...

    def info(self, match_id: str) -> MatchInfo:
        """The match's listing entry.

        Raises:
            UnknownMatch: no such match.
        """
        ...

    def matches(self, *, game: str | None = None, status: Status | None = None) -> list[MatchInfo]:
        """Stored matches, oldest first, optionally only those of ``game`` and/or with ``status``."""
        ...

    def newest(self, *, status: Status | None = None, limit: int = 100, before: str | None = None) -> list[MatchInfo]:
        """At most ``limit`` matches (optionally only with ``status``), newest first (by creation time, then id), and
        only those listed after match ``before`` (the last one of the previous page): an indexed read whose cost
        does not grow with the number of stored matches.

        Raises:
            UnknownMatch: ``before`` is not stored.
        """
        ...

    def secret(self, match_id: str) -> SeedSecret:
        """The seed and salt (server-side only: never send them to a player before the game is over).

        Raises:
            UnknownMatch: no such match.
        """
        ...

    def close(self) -> None:
        """Release the connection; the data stays."""
        ...
