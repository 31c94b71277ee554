"""Tic-tac-toe pinned by independent counts, enumerated through the public contract."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from boardcore import IllegalAction, Match
from games.tic_tac_toe import GAME, MarkPlaced, PlaceMark, State

KNOWN = json.loads((Path(__file__).parent.parent / "data" / "known_values.json").read_text())


def enumerate_games() -> tuple[int, int]:
    """(games, distinct positions) reachable through legal_actions / decide / evolve."""
    positions: set[State] = set()

    @cache
    def games_from(state: State) -> int:
        positions.add(state)
        if GAME.outcome(state) is not None:
            return 1
        (seat,) = GAME.actors(state)
        total = 0
        for action in GAME.legal_actions(state, seat):
            _, child = GAME.act(state, seat, action)
            total += games_from(child)
        return total

    total = games_from(GAME.setup(GAME.config(2), 0))
    return total, len(positions)


def test_game_and_position_counts_match_known_values() -> None:
    """Every game through legal_actions: 255,168 games over 5,478 distinct positions."""
    games, positions = enumerate_games()
    assert (games, positions) == (KNOWN["tic_tac_toe_games"], KNOWN["tic_tac_toe_positions"]), (
        f"got {games} games / {positions} positions; divide: check legal_actions and the end-of-game test"
    )


def test_x_wins_with_a_row() -> None:
    """Three X marks in the top row end the game with X the winner."""
    match = Match.new(GAME, 2, seed=0)
    for seat, cell in [(0, 0), (1, 3), (0, 1), (1, 4), (0, 2)]:
        match.apply(seat, PlaceMark(cell=cell))
    assert match.outcome.winners == (0,) and match.outcome.reason == "three in a row"
    assert not match.actors


def test_full_board_without_line_is_a_draw() -> None:
    """A full board with no line is a draw: nobody wins."""
    match = Match.new(GAME, 2, seed=0)
    for index, cell in enumerate([0, 1, 2, 4, 3, 5, 7, 6, 8]):
        match.apply(index % 2, PlaceMark(cell=cell))
    assert match.outcome.is_draw and match.outcome.winners == ()


@pytest.mark.parametrize(
    ("seat", "action", "code"),
    [(1, PlaceMark(cell=0), "turn/not_your_turn"), (0, PlaceMark(cell=9), "action/malformed"), (0, PlaceMark(cell=4), "board/cell_taken")],
)
def test_illegal_moves_are_refused_with_codes(seat: int, action: PlaceMark, code: str) -> None:
    """Wrong turn, off-board and taken cells are refused with their codes and change nothing."""
    match = Match.new(GAME, 2, seed=0)
    match.apply(0, PlaceMark(cell=4))
    match.apply(1, PlaceMark(cell=8))
    before = match.state
    with pytest.raises(IllegalAction) as refused:
        match.apply(seat, action)
    assert refused.value.code == code
    assert match.state is before and len(match) == 2


def test_events_are_past_tense_and_fold_to_the_state() -> None:
    """A move produces MarkPlaced, and folding it gives the next state."""
    state = GAME.setup(GAME.config(2), 0)
    events, _ = GAME.act(state, 0, PlaceMark(cell=4))
    assert events == [MarkPlaced(player=0, cell=4)]
    assert GAME.evolve(state, events[0]).board[4] == 0


def test_wrongly_typed_cell_is_malformed_not_a_crash() -> None:
    """A PlaceMark built in Python with a non-int cell is refused as malformed."""
    match = Match.new(GAME, 2, seed=0)
    for bad in ("4", 4.0, True, None):
        with pytest.raises(IllegalAction) as refused:
            match.apply(0, PlaceMark(cell=bad))  # type: ignore[arg-type]
        assert refused.value.code == "action/malformed"
    assert len(match) == 0
