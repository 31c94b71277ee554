"""How headers, journal entries and secrets are laid out as SQL rows (shared by the SQLite and PostgreSQL stores).

Actions are stored as the JSON text of the logged action object (key order kept,
so an exported log is byte-identical to the match's own); seeds as decimal text
(a seed may exceed a signed 64-bit column). A row that does not decode is
reported as :class:`~boardcore.store.interface.MatchRejected`, never guessed at.
"""

from __future__ import annotations

from typing import Any

import msgspec

from boardcore import codes
from boardcore.log import Header
from boardcore.store.interface import Entry, MatchInfo, MatchRejected, SeedSecret, StepEntry, UndoEntry

__all__ = [
    "INFO_COLUMNS",
    "JOURNAL_COLUMNS",
    "SCHEMA_VERSION",
    "entry_from_row",
    "entry_row",
    "header_from_text",
    "header_text",
    "info_from_row",
    "newest_query",
    "players_text",
    "secret_from_row",
    "secret_row",
]

SCHEMA_VERSION = 1
"""Bumped whenever the tables change shape; a store refuses a database of another version."""

JOURNAL_COLUMNS = "revision, kind, step, player, action, events, state, chain, forced"
"""The journal's columns after ``match_id``, in the order of :func:`entry_row`."""
INFO_COLUMNS = "match_id, game, players, status, revision, steps, created, updated"
"""The match columns :func:`info_from_row` reads."""



def newest_query(status: str | None, before: str | None, mark: str) -> tuple[str, tuple[Any, ...]]:
    """The ``WHERE`` clause and parameters of a :meth:`~boardcore.store.interface.Store.newest` page (``mark``: the
    driver's placeholder), written so the (status,) created, match_id index serves it."""
    clauses: list[str] = []
    params: list[Any] = []
    if status is not None:
        clauses.append(f"status = {mark}")
        params.append(status)
    if before is not None:
        cursor = f"(SELECT created FROM boardcore_matches WHERE match_id = {mark})"
        clauses.append(f"(created, match_id) < ({cursor}, {mark})")
        params.extend((before, before))
    return ("WHERE " + " AND ".join(clauses) if clauses else ""), tuple(params)


_json = msgspec.json.Encoder()
_header_decoder = msgspec.json.Decoder(Header)
_players_decoder = msgspec.json.Decoder(tuple[str, ...])
_action_decoder = msgspec.json.Decoder(dict[str, Any])


def header_text(header: Header) -> str:
    """The header as the JSON text stored in the matches table."""
    return _json.encode(header).decode()


def header_from_text(match_id: str, text: str) -> Header:
    """The stored header.

    Raises:
        MatchRejected: the text is not a log header.
    """
    try:
        return _header_decoder.decode(text)
    except (msgspec.DecodeError, TypeError) as exc:
        raise MatchRejected(match_id, f"the stored header cannot be read: {exc}", kind=codes.CORRUPT) from None


def players_text(players: tuple[str, ...]) -> str:
    """Seat names as a JSON array (for listings without decoding the header)."""
    return _json.encode(players).decode()


def entry_row(entry: Entry) -> tuple[Any, ...]:
    """The journal row of ``entry``: ``(revision, kind, step, player, action, events, state, chain, forced)``."""
    if isinstance(entry, StepEntry):
        r = entry.record
        return (entry.revision, "step", r.step, r.player, _json.encode(r.action).decode(), r.events, r.state, r.chain, False)
    return (entry.revision, "undo", entry.step, entry.player, None, None, None, None, entry.forced)


def entry_from_row(match_id: str, row: tuple[Any, ...]) -> Entry:
    """The entry a journal row holds.

    Raises:
        MatchRejected: a row that is neither a well-formed step nor a well-formed undo.
    """
    revision, kind, step, player, action, events, state, chain, forced = row
    try:
        if kind == "step":
            fields = {"step": step, "player": player, "action": _action_decoder.decode(action), "events": events, "state": state, "chain": chain}
            return msgspec.convert({"revision": revision, "record": fields}, StepEntry)
        if kind == "undo":
            return msgspec.convert({"revision": revision, "step": step, "player": player, "forced": bool(forced)}, UndoEntry)
    except (msgspec.DecodeError, msgspec.ValidationError, TypeError) as exc:
        raise MatchRejected(match_id, f"journal row {revision!r} cannot be read: {exc}", kind=codes.CORRUPT, revision=revision) from None
    raise MatchRejected(match_id, f"journal row {revision!r} has kind {kind!r}", kind=codes.CORRUPT, revision=revision)


def info_from_row(row: tuple[Any, ...]) -> MatchInfo:
    """A listing entry from the columns :data:`INFO_COLUMNS`.

    Raises:
        MatchRejected: the row does not decode.
    """
    match_id, game, players, status, revision, steps, created, updated = row
    try:
        return msgspec.convert(
            {
                "match_id": match_id,
                "game": game,
                "players": _players_decoder.decode(players),
                "status": status,
                "revision": revision,
                "steps": steps,
                "created": float(created),
                "updated": float(updated),
            },
            MatchInfo,
        )
    except (msgspec.DecodeError, msgspec.ValidationError, TypeError) as exc:
        raise MatchRejected(str(match_id), f"the stored listing cannot be read: {exc}", kind=codes.CORRUPT) from None


def secret_row(secret: SeedSecret) -> tuple[str, str | None]:
    """``(seed as decimal text, salt)``."""
    return str(secret.seed), secret.salt


def secret_from_row(match_id: str, row: tuple[Any, ...]) -> SeedSecret:
    """The stored seed and salt.

    Raises:
        MatchRejected: the seed is not a decimal integer.
    """
    seed, salt = row
    try:
        return SeedSecret(int(seed), salt)
    except (TypeError, ValueError):
        raise MatchRejected(match_id, "the stored seed is not an integer", kind=codes.CORRUPT) from None
