"""A check of a SQLite write-ahead log before SQLite recovers it: committed transactions must not be dropped.

After a crash SQLite replays the WAL up to the first frame whose checksum fails and silently
drops the rest. When a bit flips in the middle of the WAL, that drops transactions that were
committed (and acknowledged): a match goes back from revision 73 to 36, and the server would
then issue revisions 37 to 73 again with other content. So before opening a database we read
its WAL the way SQLite does (https://www.sqlite.org/fileformat.html#the_write_ahead_log) and
refuse it when a frame fails its checksum and a later commit frame of the same WAL follows:
losing only the tail (a transaction torn by the crash, never acknowledged) is what a WAL is for.
"""

from __future__ import annotations

import struct
from pathlib import Path

__all__ = ["lost_commits"]

_MAGIC = {0x377F0682: "<", 0x377F0683: ">"}
_HEADER = 32
_FRAME_HEADER = 24


def _checksum(data: bytes, order: str, s0: int, s1: int) -> tuple[int, int]:
    """SQLite's WAL checksum of ``data`` (a multiple of 8 bytes), continuing from ``(s0, s1)``."""
    words = struct.unpack(f"{order}{len(data) // 4}I", data)
    for i in range(0, len(words), 2):
        s0 = (s0 + words[i] + s1) & 0xFFFFFFFF
        s1 = (s1 + words[i + 1] + s0) & 0xFFFFFFFF
    return s0, s1


def lost_commits(database: str | Path) -> str | None:
    """Why recovering ``database``'s WAL would drop committed transactions, or ``None`` when it would not."""
    wal = Path(f"{database}-wal")
    try:
        data = wal.read_bytes()
    except OSError:
        return None
    if len(data) < _HEADER:
        return None
    magic, _, page_size, _, salt1, salt2, check1, check2 = struct.unpack(">8I", data[:_HEADER])
    order = _MAGIC.get(magic)
    if order is None or page_size < 512:
        return None  # not a WAL SQLite would replay
    s0, s1 = _checksum(data[:24], order, 0, 0)
    if (s0, s1) != (check1, check2):
        return None  # SQLite ignores a WAL whose header fails: it replays nothing, so it drops nothing we could prove
    size = _FRAME_HEADER + page_size
    bad: int | None = None
    for number, start in enumerate(range(_HEADER, len(data) - size + 1, size), start=1):
        page, commit, frame_salt1, frame_salt2, frame_check1, frame_check2 = struct.unpack(">6I", data[start : start + _FRAME_HEADER])
        if (frame_salt1, frame_salt2) != (salt1, salt2):
            break  # a frame of an earlier WAL generation: the log ends here
        if bad is None:
            s0, s1 = _checksum(data[start : start + 8], order, s0, s1)
            s0, s1 = _checksum(data[start + _FRAME_HEADER : start + size], order, s0, s1)
            if (s0, s1) != (frame_check1, frame_check2) or page == 0:
                bad = number
        elif commit:
            return f"frame {number} of {wal.name} ends a committed transaction, but frame {bad} before it fails its checksum"
    return None
