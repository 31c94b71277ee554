"""What changed in one perspective's view between two steps, in words: pieces moved, counts changed, things revealed.

Views are compared as plain data (``msgspec.to_builtins``), so every game is
covered without a line of its own: a string that leaves one list and joins
another has *moved* (a card from a hand to the discard), a number that changes is
a *count*, a field that was ``null`` (hidden) and now holds something was
*revealed*, and the reverse was *hidden*. Both views are the same viewer's, so
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
    """``(path, value)`` for every scalar and every list of strings (a collection of pieces) in a view."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _leaves(item, (*path, str(key)))
    elif isinstance(value, list) and value and all(isinstance(item, str) for item in value):
        yield path, tuple(value)
    elif isinstance(value, list) and value:
        for index, item in enumerate(value):
            yield from _leaves(item, (*path, index))
    else:
        yield path, tuple(value) if isinstance(value, list) else value


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def diff_views(before: Any, after: Any, names: Sequence[str]) -> list[Change]:
    """The differences from ``before`` to ``after`` (two views of one viewer), moves first, then counts, reveals, the rest."""
    old = dict(_leaves(msgspec.to_builtins(before)))
    new = dict(_leaves(msgspec.to_builtins(after)))
    gone: dict[Path, Counter[str]] = {}
    came: dict[Path, Counter[str]] = {}
    changes: list[Change] = []
    for path in [*old, *(p for p in new if p not in old)]:
        a, b = old.get(path), new.get(path)
        if a == b:
            continue
        where = _where(path, names)
        pieces_a = a if isinstance(a, tuple) else ()
        pieces_b = b if isinstance(b, tuple) else ()
        if a is None and b not in (None, ()):
            changes.append(Change(kind="revealed", text=f"{where}: {scalar_text(list(b) if isinstance(b, tuple) else b)}"))
        elif b is None and a not in (None, ()):
            changes.append(Change(kind="hidden", text=f"{where} (was {scalar_text(list(a) if isinstance(a, tuple) else a)})"))
        elif _number(a) and _number(b):
            changes.append(Change(kind="count", text=f"{where}: {scalar_text(a)} → {scalar_text(b)} ({b - a:+})"))
        elif isinstance(a, tuple) or isinstance(b, tuple):
            lost = Counter(pieces_a) - Counter(pieces_b)
            won = Counter(pieces_b) - Counter(pieces_a)
            if lost:
                gone[path] = lost
            if won:
                came[path] = won
            if not lost and not won:
                changes.append(Change(kind="changed", text=f"{where}: reordered"))
        else:
            changes.append(Change(kind="changed", text=f"{where}: {scalar_text(a)} → {scalar_text(b)}"))
    moves = _moves(gone, came, names)
    for path, pieces in gone.items():
        changes.extend(Change(kind="removed", text=f"{piece} left {_where(path, names)}") for piece in sorted(pieces.elements()))
    for path, pieces in came.items():
        changes.extend(Change(kind="added", text=f"{piece} joined {_where(path, names)}") for piece in sorted(pieces.elements()))
    order = ("moved", "count", "revealed", "hidden", "added", "removed", "changed")
    return sorted(moves + changes, key=lambda change: order.index(change.kind))


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
    "count": "Counts",
    "revealed": "Revealed",
    "hidden": "Hidden again",
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
