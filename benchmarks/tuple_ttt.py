"""The design's own floor: tic-tac-toe as boardcore writes it (pure functions, immutable state, typed events, every
action checked against the legal list), with plain tuples instead of msgspec Structs and no engine around it.

State is ``(board, turn, winner)``, an event is ``(seat, cell)``: ``decide`` returns events, ``evolve`` folds one
into a new state, nothing is mutated. What a ``Match`` playout costs beyond this is the price of Structs, of the
engine's per-call machinery (the kernel, checks, history, undo bookkeeping), not of immutability or events.
"""

from __future__ import annotations

import random

EMPTY = -1
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
LINES_THROUGH = tuple(tuple(line for line in LINES if cell in line) for cell in range(9))

State = tuple[tuple[int, ...], int, int | None]
Event = tuple[int, int]


def start() -> State:
    return (EMPTY,) * 9, 0, None


def legal(state: State) -> list[int]:
    """Empty cells, or none once a line is closed."""
    board, _, winner = state
    return [] if winner is not None else [cell for cell, owner in enumerate(board) if owner == EMPTY]


def decide(state: State, cell: int) -> list[Event]:
    """The mark's event, refused unless the cell is legal."""
    if cell not in legal(state):
        raise ValueError(f"cell {cell} is not legal")
    return [(state[1], cell)]


def evolve(state: State, event: Event) -> State:
    """A new board with the mark; the turn passes; a closed line records the winner."""
    board, turn, winner = state
    seat, cell = event
    board = (*board[:cell], seat, *board[cell + 1 :])
    for a, b, c in LINES_THROUGH[cell]:
        if board[a] == seat and board[b] == seat and board[c] == seat:
            winner = seat
    return board, 1 - turn, winner


def playouts(seeds: range) -> int:
    """Random playouts, one per seed (policy as in ``workloads``); returns the number of moves made."""
    choice = random.Random(seeds.start).choice
    moves = 0
    for _ in seeds:
        state = start()
        while cells := legal(state):
            for event in decide(state, choice(cells)):
                state = evolve(state, event)
            moves += 1
    return moves
