"""Wording shared by the panels of The Warriors' picture: who a seat is, and paragraphs wrapped to a panel.

A panel is at most 340 units wide and its text at least 11, so sentences are wrapped onto
as many lines as they need rather than cut; the panels size themselves from what
:func:`para` reports it used.
"""

from __future__ import annotations

from collections.abc import Sequence

from boardcore.svg import PALETTE, text, wrap

from .catalog import WARRIOR_NAMES
from .view import View

__all__ = ["para", "who"]


def who(view: View, seat: int, names: Sequence[str]) -> str:
    """``Ann (Vermin)``: the person and the Warrior they play."""
    return f"{names[seat]} ({WARRIOR_NAMES[view.seats[seat].warrior]})"


def para(
    x: float, y: float, content: str, width: float, *, size: float = 12, leading: float = 1.3, fill: str = PALETTE["ink"], bold: bool = False, italic: bool = False
) -> tuple[list[str], float]:
    """``content`` wrapped to ``width``, its first baseline at ``y``: the lines drawn and the height they take.

    Only a single word wider than the panel is cut; its line then carries the whole sentence as a hover.
    """
    lines = wrap(content, width, size * (1.08 if bold else 1.0))
    step = size * leading
    drawn = [
        text(x, y + k * step, entry, size=size, fill=fill, bold=bold, italic=italic, tooltip=content if "…" in entry else None)
        for k, entry in enumerate(lines)
    ]
    return drawn, step * len(lines)


def deciding(view: View) -> int | None:
    """The seat whose decision the table waits for, from the engine's waiting list (the Warriors who may react to a
    roll or a knock-out wait too, each with a ``*_reaction`` decision; nobody once the night is over)."""
    return next((w.seat for w in view.waiting if not w.kind.endswith("_reaction")), None)
