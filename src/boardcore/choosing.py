"""Choices of several pieces made one piece at a time, for UIs without a pointer (the terminal seat).

A game's ``pick_kinds`` (see :class:`~boardcore.presentation.Presentation`) name the actions whose targets are pieces chosen
together, such as the cards committed to a 5 Wards Brawl. A menu shows each such kind once, as a choice of
pieces, instead of one line per subset; the person names the pieces, and the set is legal when it equals the
targets of one of the kind's actions.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from typing import Any

import attrs

from boardcore.presentation import Presentation

__all__ = ["Pick", "menu", "piece_names"]

_TITLED = re.compile(r'<g\b[^>]*\bdata-target="([^"]+)"[^>]*>\s*<title>([^<]*)</title>')


def piece_names(svg: str) -> dict[str, str]:
    """Each element id of a picture with the words its ``<title>`` gives it (what hovering shows), first one kept."""
    names: dict[str, str] = {}
    for target, title in _TITLED.findall(svg):
        names.setdefault(html.unescape(target), html.unescape(title).strip())
    return names


@attrs.frozen
class Pick:
    """The actions of one pick kind, offered as one menu entry: choose pieces, then confirm."""

    kind: str
    actions: tuple[Any, ...]
    pieces: tuple[str, ...]
    """Every piece some action of the kind picks, each once, in the order they first appear."""
    targets: tuple[frozenset[str], ...]
    """Each action's pieces, as a set (index-aligned with ``actions``)."""

    def action_for(self, chosen: Sequence[str]) -> Any | None:
        """The action whose pieces are exactly ``chosen``, or ``None`` when no legal action picks that set."""
        wanted = frozenset(chosen)
        if len(wanted) != len(chosen):
            return None
        for action, pieces in zip(self.actions, self.targets, strict=True):
            if pieces == wanted:
                return action
        return None


def menu(presentation: Presentation, legal: Sequence[Any], seat: int) -> list[Any]:
    """``legal`` as menu entries: each action alone, except the actions of a pick kind, gathered into one :class:`Pick`
    where the first of them stood."""
    entries: list[Any] = []
    groups: dict[str, list[Any]] = {}
    for action in legal:
        if not presentation.picks(action):
            entries.append(action)
            continue
        kind = type(action).__name__
        if kind not in groups:
            groups[kind] = []
            entries.append(kind)
        groups[kind].append(action)
    out: list[Any] = []
    for entry in entries:
        if isinstance(entry, str):
            actions = tuple(groups[entry])
            targets = tuple(presentation.targets_of(action, seat) for action in actions)
            pieces = tuple(dict.fromkeys(piece for chosen in targets for piece in chosen))
            out.append(Pick(entry, actions, pieces, tuple(frozenset(chosen) for chosen in targets)))
        else:
            out.append(entry)
    return out
