"""Tic-tac-toe on the boardcore contract (the tutorial game: copy this file and its presentation,
``tic_tac_toe_presentation``, to start one).

Two seats, X (seat 0) moves first.

Cells are numbered 0-8, row by row. Three in a row wins; a full board is a draw.
Nothing is hidden and nothing is random, so ``view`` is the whole board and
``determinize`` only replaces the RNG.

The game runs on the turn kernel (:mod:`boardcore.kernel`): it has one kind of
decision, placing a mark, stated once as its candidates and its ``problem``; the
engine derives the legal list, the refusals and the turn order checks from it.
This module is the rules only: the words and the picture are registered apart.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Union

import msgspec

from boardcore import PUBLIC, Config, Decision, Flow, Game, Outcome, Refusal, Rng, Turn, Waiting, make_evolve
from boardcore.gameinfo import GameInfo
from boardcore.kernel import NOBODY_PENDING

# --- constants ---------------------------------------------------------------

EMPTY = -1
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
MARKS = "XO"
CELL_TAKEN = "board/cell_taken"
CODES = {CELL_TAKEN: "the cell already holds a mark"}
"""The game's one refusal code and its meaning (``Game.codes``): the engine checks everything else."""
LINES_THROUGH = tuple(tuple(line for line in LINES if cell in line) for cell in range(9))
"""For each cell, the lines through it: only those can close when a mark lands there."""
PARTNERS = tuple(tuple(tuple(other for other in line if other != cell) for line in LINES_THROUGH[cell]) for cell in range(9))
"""For each cell, the other two cells of each line through it: the mark just placed closes a line when both are its
seat's (the fold runs on every move, so it compares two cells, not three)."""

# --- types -------------------------------------------------------------------


class State(msgspec.Struct, frozen=True, kw_only=True):
    """The board and whose turn it is; ``winner`` is derived once, when a line closes."""

    board: tuple[int, ...] = (EMPTY,) * 9
    """Seat owning each cell, or ``EMPTY``."""
    turn: int = 0
    """Seat to move."""
    winner: int | None = None
    """Seat that completed a line, if any."""
    rng: Rng = Rng(0)
    """Unused (nothing is random); kept so every state has the same shape."""


class PlaceMark(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Put your mark in an empty cell."""

    cell: Annotated[int, msgspec.Meta(ge=0, le=8)]
    """0-8, row by row (the engine refuses any other number as malformed)."""


Action = PlaceMark


class MarkPlaced(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    """A seat's mark went into a cell."""

    player: int
    cell: int


Event = Union[MarkPlaced]


class View(msgspec.Struct, frozen=True, kw_only=True):
    """Everything, since nothing is hidden."""

    board: tuple[int, ...]
    turn: int
    winner: int | None
    waiting: tuple[Waiting, ...] = ()
    """Who must decide what now (the engine's list, from the game's ``pending``, handed to ``view``)."""


PLACE = tuple(PlaceMark(cell=cell) for cell in range(9))
"""One prebuilt action per cell: actions are immutable, so they can be shared."""
TO_MOVE = ({0: "mark"}, {1: "mark"})
"""Who decides while the game goes on: the seat to move places a mark (built once)."""

# --- functions ---------------------------------------------------------------


def setup(config: Config[State], seed: int) -> State:
    """An empty board, X to move."""
    return State(rng=Rng.from_seed(seed))


def is_over(state: State) -> bool:
    """A line is closed or the board is full."""
    return state.winner is not None or EMPTY not in state.board


def pending(state: State) -> Mapping[int, str]:
    """The seat to move places a mark; nobody once the game is over."""
    if state.winner is None and EMPTY in state.board:
        return TO_MOVE[state.turn]
    return NOBODY_PENDING


def mark_problem(state: State, player: int, action: PlaceMark) -> Refusal | None:
    """A mark goes in an empty cell: the one rule of a move, stated once (the engine already checked 0 <= cell <= 8)."""
    if state.board[action.cell] != EMPTY:
        return Refusal(f"cell {action.cell} is taken; choose an empty cell.", CELL_TAKEN)
    return None


def empty_cells(state: State, player: int) -> list[PlaceMark]:
    """The legal marks, listed directly (the candidates ``PLACE`` without a problem, in the same order)."""
    return [PLACE[cell] for cell, owner in enumerate(state.board) if owner == EMPTY]


def place_mark(turn: Turn[State, Event], player: int, action: PlaceMark) -> None:
    """The mark lands."""
    turn.emit(MarkPlaced(player=player, cell=action.cell))


def evolve_mark_placed(state: State, event: MarkPlaced) -> State:
    """The mark lands; the turn passes; a closed line records the winner."""
    cell, player = event.cell, event.player
    marks = list(state.board)
    marks[cell] = player
    winner = None
    for a, b in PARTNERS[cell]:
        if marks[a] == player == marks[b]:
            winner = player
            break
    return msgspec.structs.replace(state, board=tuple(marks), turn=1 - state.turn, winner=winner)


evolve = make_evolve(Event, evolve_mark_placed)

FLOW: Flow[State, PlaceMark, Event] = Flow(
    evolve=evolve,
    decisions={
        "mark": Decision(
            rules={PlaceMark: (mark_problem, place_mark)},
            candidates=lambda state, player: PLACE,
            ask="place a mark in an empty cell",
            legal=empty_cells,
        )
    },
    pending=pending,
    is_over=is_over,
)


def view(state: State, player: int | None, waiting: tuple[Waiting, ...]) -> View:
    """The whole board: tic-tac-toe hides nothing."""
    return View(board=state.board, turn=state.turn, winner=state.winner, waiting=waiting)


WINS = tuple(Outcome.from_scores([1.0 if seat == winner else -1.0 for seat in range(2)], reason="three in a row") for winner in range(2))
"""The outcome of a win by each seat: outcomes are immutable, so each is built once."""
DRAW = Outcome.draw(2, reason="board full", scores=(0.0, 0.0))


def outcome(state: State) -> Outcome | None:
    """The line's owner wins; a full board without a line is a draw."""
    if state.winner is not None:
        return WINS[state.winner]
    if EMPTY not in state.board:
        return DRAW
    return None


def determinize(state: State, player: int, rng: Rng) -> State:
    """Nothing on the board is hidden; only the RNG is replaced (its seed is never a seat's to know)."""
    seed, _ = rng.next_word()
    return msgspec.structs.replace(state, rng=Rng.from_seed(seed))


INFO = GameInfo(
    players=(2,), play="competitive", result="win-loss", score_range=(-1.0, 1.0),
    chance=False, hidden_information=False, simultaneous=False, max_decisions=9,
)
"""Two players alternate on a 3x3 board: at most nine marks; a win scores 1 and -1, a draw 0 each."""

GAME: Game[State, PlaceMark, MarkPlaced, View] = Game(
    name="tic_tac_toe",
    codes=CODES,
    title="Tic-tac-toe",
    rules_version="1",
    info=INFO,
    action_type=Action,
    event_type=Event,
    view_type=View,
    setup=setup,
    flow=FLOW,
    view=view,
    visibility={MarkPlaced: PUBLIC},
    outcome=outcome,
    determinize=determinize,
)
