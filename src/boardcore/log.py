"""The versioned log format: a header, one hash-chained record per action, an optional seed reveal.

The format is specified in ``docs/log-format.md``. Records are plain msgspec
Structs; they are written as JSON Lines (readable) or as length-prefixed msgpack
frames (compact), and both are read as streams, one record at a time.
"""

from __future__ import annotations

import hashlib
import io
import re
import secrets
import struct
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import IO, Any, Protocol, Union

import attrs
import msgspec

from boardcore import codes
from boardcore.encoding import canonical, digest, events_digest, state_digest
from boardcore.errors import LogError

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "MAX_LINE_BYTES",
    "Header",
    "Log",
    "LogWriter",
    "Logged",
    "Record",
    "SeedReveal",
    "chain_link",
    "genesis",
    "iter_log",
    "read_log",
    "record_for",
    "new_salt",
    "seed_commitment",
    "valid_seed",
    "write_log",
]

FORMAT = "boardcore-log"
FORMAT_VERSION = 1
MSGPACK_MAGIC = b"BCLOG\x01"
MAX_LINE_BYTES = 1 << 20
"""The longest line (its newline not counted) or msgpack frame a reader accepts: 1 MiB, thousands of times a
real record, so a hostile log cannot make a verifier hold gigabytes for one line."""


class Header(msgspec.Struct, frozen=True, tag="header", kw_only=True, forbid_unknown_fields=True):
    """First line: what was played, under which rules, by whom, from which seed."""

    format: str = FORMAT
    format_version: int = FORMAT_VERSION
    game: str
    rules_version: str
    engine_version: str
    players: tuple[str, ...]
    options: dict[str, Any] = {}
    seed: int | None = None
    """The seed in clear, or ``None`` when only its commitment is published."""
    seed_commitment: str | None = None
    """Salted SHA-256 hex of the seed (see :func:`seed_commitment`), for logs whose seed stays secret until the end."""


class Record(msgspec.Struct, frozen=True, tag="action", kw_only=True, forbid_unknown_fields=True, gc=False):
    """One applied action and digests of what it produced, chained to the record before.

    ``gc=False``: a record holds only strings, ints and the action's JSON object, so it is never in a cycle, and a
    long log held in memory adds nothing for the garbage collector to scan.
    """

    step: int
    player: int
    action: dict[str, Any]
    """The action Struct as its JSON object (``{"type": ..., ...}``)."""
    events: str
    """Digest of the canonical encoding of the events the action produced."""
    state: str
    """Digest of the canonical encoding of the state after the action."""
    chain: str
    """Digest of the previous record's chain value + this record's canonical content."""


class SeedReveal(msgspec.Struct, frozen=True, tag="reveal", kw_only=True, forbid_unknown_fields=True):
    """Last line of a committed-seed log: the secret seed, revealed once the game is over."""

    seed: int
    salt: str | None = None
    """The commitment's secret salt (32 lowercase hex digits); ``None`` for a legacy unsalted commitment."""


Line = Union[Header, Record, SeedReveal]
_json_decoder = msgspec.json.Decoder(Line)
_msgpack_decoder = msgspec.msgpack.Decoder(Line)
_json_encoder = msgspec.json.Encoder()
_json_object_decoder = msgspec.json.Decoder(dict[str, Any])
_msgpack_encoder = msgspec.msgpack.Encoder()


SEED_MIN = -(2**63)
SEED_MAX = 2**64 - 1
_SALT = re.compile(r"[0-9a-f]{32}")


def valid_seed(seed: object) -> bool:
    """``seed`` is an int (not a bool) that both log encodings carry: ``-2**63 <= seed < 2**64``."""
    return type(seed) is int and SEED_MIN <= seed <= SEED_MAX


def new_salt() -> str:
    """A fresh secret salt for a seed commitment: 128 random bits as 32 lowercase hex digits."""
    return secrets.token_hex(16)


def seed_commitment(seed: int, salt: str | None = None) -> str:
    """The public commitment to a secret seed: SHA-256 hex of ``boardcore-seed-v2:<salt>:<seed>``.

    The salt keeps players from finding a small (or any 64-bit) seed by hashing
    candidates; ``salt=None`` gives the legacy unsalted ``boardcore-seed:<seed>``,
    still accepted by ``verify`` for old logs but never written.

    Raises:
        ValueError: ``salt`` is not 32 lowercase hex digits.
    """
    if salt is None:
        return hashlib.sha256(f"boardcore-seed:{seed}".encode()).hexdigest()
    if not isinstance(salt, str) or not _SALT.fullmatch(salt):
        msg = "a seed salt is 32 lowercase hex digits"
        raise ValueError(msg)
    return hashlib.sha256(f"boardcore-seed-v2:{salt}:{seed}".encode()).hexdigest()


def genesis(header: Header) -> str:
    """The chain value before the first record: the digest of the header's canonical encoding."""
    return digest(canonical(header))


def chain_link(previous: str, step: int, player: int, action: dict[str, Any], events: str, state: str) -> str:
    """``digest(previous + canonical([step, player, action, events, state]))``."""
    return digest(previous.encode() + canonical([step, player, action, events, state]))


def record_for(chain: str, step: int, player: int, action: Any, events: Any, state: Any) -> Record:
    """The record of step ``step`` (1-based): the action's JSON object, digests of its events and the state after, chained."""
    obj = action_object(action)
    events_hash = events_digest(events)
    state_hash = state_digest(state)
    link = chain_link(chain, step, player, obj, events_hash, state_hash)
    return Record(step=step, player=player, action=obj, events=events_hash, state=state_hash, chain=link)


def action_object(action: Any) -> dict[str, Any]:
    """An action Struct as its JSON object, tag included (tuples become lists, exactly as JSON reads back)."""
    return _json_object_decoder.decode(_json_encoder.encode(action))


@attrs.frozen
class Log:
    """A header, the records in order, and the revealed seed if the seed was committed."""

    header: Header
    records: tuple[Record, ...]
    reveal: SeedReveal | None = None

    def lines(self) -> Iterator[Header | Record | SeedReveal]:
        """Header, records, then the reveal if any."""
        yield self.header
        yield from self.records
        if self.reveal is not None:
            yield self.reveal

    def to_jsonl(self) -> bytes:
        """The log as JSON Lines."""
        return b"".join(map(_jsonl_line, self.lines()))

    def to_msgpack(self) -> bytes:
        """The log as length-prefixed msgpack frames after a magic header."""
        return MSGPACK_MAGIC + b"".join(map(_msgpack_frame, self.lines()))

    def save(self, path: str | Path) -> None:
        """Write to ``path``: msgpack if it ends in ``.msgpack``, JSON Lines otherwise.

        To save a match again and again as it grows, :class:`LogWriter` appends only what is new.
        """
        path = Path(path)
        path.write_bytes(self.to_msgpack() if path.suffix == ".msgpack" else self.to_jsonl())


def _jsonl_line(line: Header | Record | SeedReveal) -> bytes:
    return _json_encoder.encode(line) + b"\n"


def _msgpack_frame(line: Header | Record | SeedReveal) -> bytes:
    frame = _msgpack_encoder.encode(line)
    return struct.pack(">I", len(frame)) + frame


class Logged(Protocol):
    """What :class:`LogWriter` reads from a match (``boardcore.Match`` is one) without building its whole ``Log``."""

    @property
    def header(self) -> Header: ...

    @property
    def reveal(self) -> SeedReveal | None: ...

    def records(self, since: int = 0) -> Sequence[Record]: ...

    def __len__(self) -> int: ...


class LogWriter:
    """Keeps one file equal to ``log.save(path)`` of the latest log (or match) given, by appending what is new.

    Why: a server or a terminal that saves after every action would rewrite the whole file each time, so a
    game's saves cost the square of its length. Here :meth:`write` appends the records the file lacks; an
    undo (records that changed) truncates the file back to the last record both share, found by its chain
    value, which covers every record before it. A new header rewrites the file. Given a ``Match`` rather than
    ``match.log`` (which copies every record), a write costs only the new steps. The writer assumes it is the
    file's only writer.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._encode = _msgpack_frame if self.path.suffix == ".msgpack" else _jsonl_line
        self._header: Header | None = None
        self._chains: list[str] = []
        """The chain value of each record in the file, in order."""
        self._ends: list[int] = []
        """The file's size after its header (first) and after each record."""

    def write(self, source: Log | Logged) -> None:
        """Bring the file to the bytes ``save`` would write for ``source``, writing only the records (and reveal) it lacks."""
        after: Callable[[int], Sequence[Record]]
        if isinstance(source, Log):
            records = source.records
            count, after = len(records), lambda start: records[start:]
        else:
            count, after = len(source), source.records
        header, chains, ends = source.header, self._chains, self._ends
        if self._header is None or (header is not self._header and header != self._header):
            head = (MSGPACK_MAGIC if self._encode is _msgpack_frame else b"") + self._encode(header)
            self.path.write_bytes(head)
            self._header, chains[:], ends[:] = header, [], [len(head)]
        kept = min(len(chains), count)
        while kept and after(kept - 1)[0].chain != chains[kept - 1]:
            kept -= 1
        del chains[kept:], ends[kept + 1 :]
        encode = self._encode
        with self.path.open("r+b") as out:
            out.seek(ends[-1])
            out.truncate()
            end = ends[-1]
            for record in after(kept):
                end += out.write(encode(record))
                chains.append(record.chain)
                ends.append(end)
            reveal = source.reveal
            if reveal is not None:
                out.write(encode(reveal))  # the last item: the next write truncates it back to ends[-1]


def _iter_jsonl(stream: IO[bytes]) -> Iterator[tuple[int, Header | Record | SeedReveal]]:
    number = 0
    while True:
        raw = stream.readline(MAX_LINE_BYTES + 2)
        if not raw:
            return
        number += 1
        if len(raw) - raw.endswith(b"\n") > MAX_LINE_BYTES:  # the line's own bytes: its newline is not counted
            msg = f"line {number} is longer than {MAX_LINE_BYTES} bytes, the most a log line may hold"
            raise LogError(msg, line=number, kind=codes.CORRUPT)
        if not raw.strip():
            continue
        try:
            yield number, _json_decoder.decode(raw)
        except (msgspec.DecodeError, RecursionError) as exc:
            msg = f"line {number} is not a valid log record: {exc}"
            raise LogError(msg, line=number, kind=codes.CORRUPT) from None


def _iter_msgpack(stream: IO[bytes]) -> Iterator[tuple[int, Header | Record | SeedReveal]]:
    number = 0
    while True:
        prefix = stream.read(4)
        if not prefix:
            return
        number += 1
        if len(prefix) < 4:
            msg = f"frame {number} is truncated (length prefix cut short)"
            raise LogError(msg, line=number, kind=codes.TRUNCATED)
        (size,) = struct.unpack(">I", prefix)
        if size > MAX_LINE_BYTES:
            msg = f"frame {number} claims {size} bytes, more than the {MAX_LINE_BYTES} a log frame may hold"
            raise LogError(msg, line=number, kind=codes.CORRUPT)
        frame = stream.read(size)
        if len(frame) < size:
            msg = f"frame {number} is truncated ({len(frame)} of {size} bytes)"
            raise LogError(msg, line=number, kind=codes.TRUNCATED)
        try:
            yield number, _msgpack_decoder.decode(frame)
        except (msgspec.DecodeError, RecursionError) as exc:
            msg = f"frame {number} is not a valid log record: {exc}"
            raise LogError(msg, line=number, kind=codes.CORRUPT) from None


def iter_log(stream: IO[bytes]) -> Iterator[tuple[int, Header | Record | SeedReveal]]:
    """Stream ``(line number, item)`` from a binary file of either format.

    Raises:
        LogError: with the line (or frame) number of the first unreadable item.
    """
    head = stream.read(len(MSGPACK_MAGIC))
    if head == MSGPACK_MAGIC:
        yield from _iter_msgpack(stream)
        return
    rest = io.BufferedReader(_Prefixed(head, stream))
    yield from _iter_jsonl(rest)


class _Prefixed(io.RawIOBase):
    """A raw stream that replays ``head`` before reading on from ``stream``."""

    def __init__(self, head: bytes, stream: IO[bytes]) -> None:
        self._head = head
        self._stream = stream

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if self._head:
            n = min(len(buffer), len(self._head))
            buffer[:n] = self._head[:n]
            self._head = self._head[n:]
            return n
        data = self._stream.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)


def read_log(source: str | Path | bytes | Iterable[bytes]) -> Log:
    """Read a whole log (path, bytes, or binary stream) into memory.

    Raises:
        LogError: unreadable, missing header, records after the reveal, or a second header.
    """
    if isinstance(source, (str, Path)):
        with open(source, "rb") as stream:
            return _collect(iter_log(stream))
    if isinstance(source, bytes):
        return _collect(iter_log(io.BytesIO(source)))
    return _collect(iter_log(source))  # type: ignore[arg-type]


def _collect(items: Iterable[tuple[int, Header | Record | SeedReveal]]) -> Log:
    header: Header | None = None
    records: list[Record] = []
    reveal: SeedReveal | None = None
    for number, item in items:
        if isinstance(item, Header):
            if header is not None:
                raise LogError(f"line {number}: a second header", line=number, kind=codes.CORRUPT)
            header = item
            continue
        if header is None:
            raise LogError(f"line {number}: the log does not start with a header", line=number, kind=codes.CORRUPT)
        if reveal is not None:
            raise LogError(f"line {number}: records after the seed reveal", line=number, kind=codes.CORRUPT)
        if isinstance(item, SeedReveal):
            reveal = item
        else:
            records.append(item)
    if header is None:
        raise LogError("the log is empty: no header", line=1, kind=codes.TRUNCATED)
    return Log(header, tuple(records), reveal)


def write_log(log: Log, path: str | Path) -> None:
    """Save ``log`` to ``path`` (format from the suffix)."""
    log.save(path)
