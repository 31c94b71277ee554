"""Tic-tac-toe as players read and see it: event lines, button labels, the grid in words and the picture
(registered under ``boardcore.presentation``; the rules in ``tic_tac_toe`` import none of it)."""

from __future__ import annotations

from boardcore import Names, Outcome
from boardcore.presentation import Presentation

from . import tic_tac_toe_svg
from .tic_tac_toe import EMPTY, MARKS, MarkPlaced, PlaceMark, View

__all__ = ["PRESENTATION"]


def event_text(event: MarkPlaced, viewer: int | None, names: Names) -> str:
    """``Ann (X) takes cell 4``."""
    return f"{names[event.player]} ({MARKS[event.player]}) takes cell {event.cell}"


def action_text(action: PlaceMark, seat: int, names: Names) -> str:
    """``place X in cell 4``."""
    return f"place {MARKS[seat]} in cell {action.cell}"


def targets(action: PlaceMark, seat: int) -> tuple[str, ...]:
    """The cell the mark goes in (``cell-4``, as the picture names it)."""
    return (f"cell-{action.cell}",)


def summary_text(view: View, events: object, outcome: Outcome | None, names: Names) -> str:
    """The final board as three rows of X, O and dots."""
    rows = ["".join("." if c == EMPTY else MARKS[c] for c in view.board[r * 3 : r * 3 + 3]) for r in range(3)]
    return "\n".join(rows)


def view_text(view: View, viewer: int | None, names: Names) -> str:
    """The grid as the picture draws it: marks, and each free cell's number (the number a text seat types)."""
    rows = [" | ".join(MARKS[c] if c != EMPTY else str(r * 3 + i) for i, c in enumerate(view.board[r * 3 : r * 3 + 3])) for r in range(3)]
    players = f"X: {names[0]} · O: {names[1]}"
    if view.winner is not None:
        status = f"{names[view.winner]} ({MARKS[view.winner]}) has three in a row."
    elif EMPTY not in view.board:
        status = "The board is full: a draw."
    else:
        status = f"{names[view.turn]} ({MARKS[view.turn]}) to move."
    return "\n".join([players, f" {rows[0]}", "---+---+---", f" {rows[1]}", "---+---+---", f" {rows[2]}", status])


def action_key(action: PlaceMark) -> str:
    """The cell number, as the grid (text and picture) shows it."""
    return str(action.cell)


PRESENTATION = Presentation(
    event_text=event_text,
    action_text=action_text,
    summary_text=summary_text,
    view_text=view_text,
    action_key=action_key,
    picture=tic_tac_toe_svg.picture,
    targets=targets,
)
