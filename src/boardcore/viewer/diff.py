"""What changed in one perspective's view between two steps, in words: pieces moved, counts changed, things revealed.

Views are compared as plain data (``msgspec.to_builtins``), so every game is
covered without a line of its own: a string that leaves one list and joins
another has *moved* (a card from a hand to the discard), a number that changes is
a *count*, a field that was ``null`` (hidden) and now holds something was
*revealed*, and the reverse was *emptied or hidden* (a view cannot tell which). Both views are the same viewer's, so
the words can never say more than that viewer's own views.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

import msgspec

from boardcore.terminal import scalar_text

__all__ = ["Change", "diff_views", "diff_text"]

Path = tuple[str | int, ...]


class Change(msgspec.Struct, frozen=True, kw_only=True):
    """One difference between two views, in words."""

    kind: str
    """``moved``, ``count``, ``revealed``, ``hidden``, ``added``, ``removed`` or ``changed``."""
    text: str


def _where(path: Path, names: Sequence[str]) -> str:
    """A field's place in words: ``players 2 bag`` becomes ``P2's bag`` when the list is one entry per seat."""
    words: list[str] = []
    for index, part in enumerate(path):
        if isinstance(part, int):
            parent = path[index - 1] if index else ""
            if parent == "players" and 0 <= part < len(names):
                words[-1:] = [f"{names[part]}'s"]
            else:
                words.append(str(part + 1))
        else:
            words.append(part.replace("_", " "))
    return " ".join(words) or "the view"


def _leaves(value: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    """``(path, value)`` for every scalar and every list of scalars in a view (lists of records are walked into)."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _leaves(item, (*path, str(key)))
    elif isinstance(value, (list, tuple)) and any(isinstance(item, (dict, list, tuple)) for item in value):
        for index, item in enumerate(value):
            yield from _leaves(item, (*path, index))
    else:
        yield path, tuple(value) if isinstance(value, (list, tuple)) else value


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _words(value: Any) -> str:
    return scalar_text(list(value) if isinstance(value, tuple) else value)


def _scalar_change(where: str, a: Any, b: Any) -> Change:
    """A changed number is a count (with its difference) unless either side is negative (a ``-1`` meaning "none")."""
    if _number(a) and _number(b) and a >= 0 and b >= 0:
        return Change(kind="count", text=f"{where}: {scalar_text(a)} → {scalar_text(b)} ({b - a:+})")
    return Change(kind="changed", text=f"{where}: {_words(a)} → {_words(b)}")


def diff_views(before: Any, after: Any, names: Sequence[str]) -> list[Change]:
    """The differences from ``before`` to ``after`` (two views of one viewer): moves, reveals, counts, the rest."""
    old = dict(_leaves(msgspec.to_builtins(before)))
    new = dict(_leaves(msgspec.to_builtins(after)))
    gone: dict[Path, Counter[str]] = {}
    came: dict[Path, Counter[str]] = {}
    changes: list[Change] = []
    for path in [*old, *(p for p in new if p not in old)]:
        a, b = old.get(path), new.get(path)
        if a == b or (a in (None, ()) and b in (None, ())):  # nothing, written two ways: the words show "–" for both
            continue
        where = _where(path, names)
        if path in old and path in new and a is None:
            changes.append(Change(kind="revealed", text=f"{where}: {_words(b)}"))
        elif path in old and path in new and b is None:
            changes.append(Change(kind="hidden", text=f"{where} (was {_words(a)})"))
        elif isinstance(a, tuple) and isinstance(b, tuple) and all(isinstance(x, str) for x in (*a, *b)):
            lost, won = Counter(a) - Counter(b), Counter(b) - Counter(a)
            if lost:
                gone[path] = lost
            if won:
                came[path] = won
            if not lost and not won:
                changes.append(Change(kind="changed", text=f"{where}: {_words(a)} → {_words(b)} (reordered)"))
        elif isinstance(a, tuple) and isinstance(b, tuple) and len(a) == len(b):
            changes.extend(_scalar_change(f"{where} {index + 1}", x, y) for index, (x, y) in enumerate(zip(a, b, strict=True)) if x != y)
        elif path not in new:
            changes.append(Change(kind="removed", text=f"{where} (was {_words(a)})"))
        elif path not in old:
            changes.append(Change(kind="added", text=f"{where}: {_words(b)}"))
        else:
            changes.append(_scalar_change(where, a, b))
    moves = _moves(gone, came, names)
    for path, pieces in gone.items():
        changes.extend(Change(kind="removed", text=f"{piece} left {_where(path, names)}") for piece in sorted(pieces.elements()))
    for path, pieces in came.items():
        changes.extend(Change(kind="added", text=f"{piece} joined {_where(path, names)}") for piece in sorted(pieces.elements()))
    return sorted(moves + changes, key=lambda change: list(HEADINGS).index(change.kind))


def _moves(gone: dict[Path, Counter[str]], came: dict[Path, Counter[str]], names: Sequence[str]) -> list[Change]:
    """Pair each piece that left one list with the same piece joining another (both counters lose what is paired)."""
    moves: list[Change] = []
    for source, lost in list(gone.items()):
        for piece in sorted(lost):
            for target, won in came.items():
                while lost[piece] and won[piece]:
                    lost[piece] -= 1
                    won[piece] -= 1
                    moves.append(Change(kind="moved", text=f"{piece} from {_where(source, names)} to {_where(target, names)}"))
    for counters in (gone, came):
        for path in list(counters):
            counters[path] = +counters[path]
            if not counters[path]:
                del counters[path]
    return moves


HEADINGS = {
    "moved": "Moved",
    "revealed": "Revealed",
    "count": "Counts",
    "hidden": "Emptied or hidden",
    "added": "Added",
    "removed": "Removed",
    "changed": "Changed",
}


def diff_text(changes: Sequence[Change]) -> str:
    """The changes grouped under a heading per kind, one per line; a sentence when there are none."""
    if not changes:
        return "  Nothing changed in this view."
    lines: list[str] = []
    for kind, heading in HEADINGS.items():
        group = [change.text for change in changes if change.kind == kind]
        if group:
            lines.append(f"  {heading}:")
            lines.extend(f"    {text}" for text in group)
    return "\n".join(lines)
