"""Tic-tac-toe's picture: the board as an SVG document, drawn from a view (``PRESENTATION.picture``).

Kept beside the rules module rather than in it, so the tutorial file stays about the
rules. The rules module imports this one for its ``GAME`` record, so this one reads
the view's type only for type checking (importing it at run time would be a cycle).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from boardcore.svg import PALETTE, PANEL_WIDTH, Sheet, circle, group, header, legend, line, rect, seat_colour, sheet, text

if TYPE_CHECKING:
    from .tic_tac_toe import View

__all__ = ["picture"]

CELL = 100
LEFT, TOP = 20, 10
"""Where the grid starts in its panel (a 340-unit panel: 20 units either side of the 300-unit grid)."""
MARKS = ("X", "O")
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
"""The eight lines a winning stroke can run along (the rules' three-in-a-row lines)."""


def _centre(cell: int) -> tuple[float, float]:
    row, col = divmod(cell, 3)
    return LEFT + col * CELL + CELL / 2, TOP + row * CELL + CELL / 2


def _mark(cell: int, seat: int) -> str:
    cx, cy = _centre(cell)
    colour = seat_colour(seat)
    if seat == 0:
        arm = CELL * 0.3
        shape = line(cx - arm, cy - arm, cx + arm, cy + arm, stroke=colour, stroke_width=10, stroke_linecap="round") + line(
            cx - arm, cy + arm, cx + arm, cy - arm, stroke=colour, stroke_width=10, stroke_linecap="round"
        )
    else:
        shape = circle(cx, cy, CELL * 0.3, stroke=colour, stroke_width=10)
    return group(shape, class_="mark")


def _winning_line(board: Sequence[int], winner: int) -> tuple[int, int, int] | None:
    for a, b, c in LINES:
        if board[a] == board[b] == board[c] == winner:
            return a, b, c
    return None


def _status(view: View, names: Sequence[str]) -> str:
    if view.winner is not None:
        return f"{names[view.winner]} ({MARKS[view.winner]}) wins with three in a row"
    if all(owner in (0, 1) for owner in view.board):
        return "Draw: the board is full"
    return f"{names[view.turn]} ({MARKS[view.turn]}) to move"


def picture(view: View, viewer: int | None, names: Sequence[str], *, size: float | None = None) -> str:
    """Two panels: whose move it is with who plays which mark, then the board with its marks, cell numbers and the
    winning line once there is one."""
    over = view.winner is not None or all(owner in (0, 1) for owner in view.board)
    seen_by = "Spectator" if viewer is None else f"Seen by {names[viewer]} ({MARKS[viewer]})"
    won = None if view.winner is None else _winning_line(view.board, view.winner)
    cells = []
    for cell, owner in enumerate(view.board):
        x, y = LEFT + (cell % 3) * CELL, TOP + (cell // 3) * CELL
        fill = PALETTE["highlight"] if won is not None and cell in won else PALETTE["panel"]
        drawn = [rect(x, y, CELL, CELL, fill=fill, stroke=PALETTE["line"], stroke_width=2), text(x + 6, y + 15, str(cell), size=11, fill=PALETTE["muted"])]
        if owner in (0, 1):
            drawn.append(_mark(cell, owner))
        # the cell is one element with its mark, so a mark placed changes the cell's drawing (the last move is marked)
        held = f"{MARKS[owner]} in cell {cell}" if owner in (0, 1) else f"cell {cell}: empty"
        cells.append(group(*drawn, class_="cell", tooltip=held, data_cell=cell, data_target=f"cell-{cell}"))
    board = [group(*cells, class_="board")]
    if won is not None:
        (x1, y1), (x2, y2) = _centre(won[0]), _centre(won[2])
        board.append(group(line(x1, y1, x2, y2, stroke=PALETTE["ink"], stroke_width=6, stroke_linecap="round", opacity=0.7), class_="win"))
    players = legend(16, 80, [(seat_colour(s), f"{MARKS[s]}: {names[s]}") for s in (0, 1)], columns=2, column_width=(PANEL_WIDTH - 16) / 2)
    status = header(PANEL_WIDTH, "Tic-tac-toe", _status(view, names), seen_by, turn_colour=None if over else seat_colour(view.turn))
    return sheet(
        [Sheet(PANEL_WIDTH, 96, status + "\n" + players, class_="status"), Sheet(PANEL_WIDTH, TOP + 3 * CELL + 10, "\n".join(board), class_="board")],
        title=f"Tic-tac-toe: {_status(view, names)}",
        size=size,
    )
