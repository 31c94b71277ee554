"""The floor of pure Python: a hand-written, mutable, framework-free tic-tac-toe.

No events, no immutability, no validation beyond what a playout needs. A
random playout here is the fastest a Python tic-tac-toe can reasonably go;
boardcore's target is to stay within 2x of it.
"""

from __future__ import annotations

import random

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
LINES_THROUGH = tuple(tuple(line for line in LINES if cell in line) for cell in range(9))


class MutableTicTacToe:
    """A board of 9 cells (-1 empty), the seat to move and the winner, changed in place."""

    __slots__ = ("board", "turn", "winner")

    def __init__(self) -> None:
        self.board = [-1] * 9
        self.turn = 0
        self.winner: int | None = None

    def legal(self) -> list[int]:
        """Empty cells, or none once the game is over."""
        if self.winner is not None:
            return []
        return [cell for cell, owner in enumerate(self.board) if owner == -1]

    def play(self, cell: int) -> None:
        """Mark ``cell`` for the seat to move and pass the turn."""
        board = self.board
        seat = self.turn
        board[cell] = seat
        for a, b, c in LINES_THROUGH[cell]:
            if board[a] == seat and board[b] == seat and board[c] == seat:
                self.winner = seat
        self.turn = 1 - seat


def playouts(seeds: range) -> int:
    """Random playouts, one per seed (policy as in ``workloads``); returns the number of moves made."""
    choice = random.Random(seeds.start).choice
    moves = 0
    for _ in seeds:
        game = MutableTicTacToe()
        while legal := game.legal():
            game.play(choice(legal))
            moves += 1
    return moves
