"""A stored match as a log (JSON Lines or msgpack, the formats ``boardcore verify`` reads).

The log of a stored match is its header and the records of the steps in play
(the journal folded: a step pushes its record, an undo pops it), plus the seed
reveal once a committed-seed match is finished: byte for byte the log its
``Match`` would write.
"""

from __future__ import annotations

from collections.abc import Iterable

from boardcore import codes
from boardcore.log import Log, Record, SeedReveal
from boardcore.store.interface import Entry, MatchRejected, StepEntry, Store, StoreUnavailable

__all__ = ["export_log", "live_records"]

_ATTEMPTS = 100
"""Reads of a match that is being written before giving up on a consistent picture (each one that fails saw a new append)."""


def live_records(match_id: str, entries: Iterable[Entry]) -> list[Record]:
    """The records of the steps in play after ``entries`` (a journal from revision 1).

    Raises:
        MatchRejected: an undo of a step that is not the last one in play, or a step out of order.
    """
    records: list[Record] = []
    for entry in entries:
        if isinstance(entry, StepEntry):
            if entry.record.step != len(records) + 1:
                msg = f"step {entry.record.step} follows {len(records)} steps"
                raise MatchRejected(match_id, msg, kind=codes.CORRUPT, revision=entry.revision)
            records.append(entry.record)
        else:
            if entry.step != len(records) or not records:
                msg = f"an undo of step {entry.step} with {len(records)} steps in play"
                raise MatchRejected(match_id, msg, kind=codes.CORRUPT, revision=entry.revision)
            records.pop()
    return records


def export_log(store: Store, match_id: str) -> Log:
    """The stored match as a :class:`~boardcore.log.Log` (save it with ``.save(path)``, check it with ``verify``).

    A committed seed is revealed only once the match is finished, exactly as
    :attr:`Match.log <boardcore.match.Match.log>` does.

    Raises:
        UnknownMatch: no such match.
        MatchRejected: the journal does not fold (an undo without a step to take back).
        StoreUnavailable: the match kept changing while it was read.
    """
    header = store.header(match_id)
    entries = store.journal(match_id)
    for _ in range(_ATTEMPTS):
        info = store.info(match_id)
        last = entries[-1].revision if entries else 0
        if info.revision == last:
            break
        entries += store.journal(match_id, since=last)
    else:
        raise StoreUnavailable(f"match {match_id!r} kept changing while it was exported; try again")
    records = live_records(match_id, entries)
    reveal = None
    if header.seed_commitment is not None and info.status == "finished":
        secret = store.secret(match_id)
        reveal = SeedReveal(seed=secret.seed, salt=secret.salt)
    return Log(header, tuple(records), reveal)
