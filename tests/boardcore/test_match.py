"""Match: apply, views, event streams and the undo policy computed from the events."""

from __future__ import annotations

import pytest

from boardcore import IllegalAction, Match, UndoRefused
from games.kuhn_poker import GAME as KUHN
from games.kuhn_poker import Bet, Pass
from games.tic_tac_toe import GAME as TTT
from games.tic_tac_toe import PlaceMark


def test_undo_own_public_action_restores_the_exact_state() -> None:
    """A seat takes back its own last public move; the previous state object returns."""
    match = Match.new(TTT, 2, seed=1)
    before = match.state
    match.apply(0, PlaceMark(cell=4))
    assert match.can_undo(0)
    assert match.undo(0) == [TTT.act(before, 0, PlaceMark(cell=4))[0][0]]
    assert match.state is before and len(match) == 0


def test_undo_refused_after_another_player_acted() -> None:
    """Once the other seat has moved, the first seat's move stands."""
    match = Match.new(TTT, 2, seed=1)
    match.apply(0, PlaceMark(cell=4))
    match.apply(1, PlaceMark(cell=0))
    assert not match.can_undo(0)
    with pytest.raises(UndoRefused) as refused:
        match.undo(0)
    assert refused.value.reason == "the most recent action is not yours"
    assert len(match) == 2


def test_undo_refused_past_a_reveal_unless_forced() -> None:
    """The call that shows the cards cannot be taken back; force=True (hot seat) can."""
    match = Match.new(KUHN, 2, seed=2)
    match.apply(0, Bet())
    match.apply(1, Bet())
    with pytest.raises(UndoRefused):
        match.undo(1)
    match.undo(1, force=True)
    assert match.state.history == "b"


def test_undo_with_empty_history_is_refused_even_when_forced() -> None:
    """There is nothing to take back at the start."""
    match = Match.new(TTT, 2, seed=1)
    with pytest.raises(UndoRefused):
        match.undo(0, force=True)


def test_not_your_turn_and_malformed_actions_change_nothing() -> None:
    """Wrong seat, unknown action type, and a garbage dict are refused with codes."""
    match = Match.new(TTT, 2, seed=1)
    for seat, action, code in [
        (1, PlaceMark(cell=0), "turn/not_your_turn"),
        (0, Pass(), "action/malformed"),
        (0, {"type": "PlaceMark", "cell": "four"}, "action/malformed"),
        (0, 42, "action/malformed"),
    ]:
        with pytest.raises(IllegalAction) as refused:
            match.apply(seat, action)
        assert refused.value.code == code and refused.value.player == seat
    assert len(match) == 0


def test_actions_may_arrive_as_json_objects() -> None:
    """A UI may send {"type": "PlaceMark", "cell": 4} instead of the Struct."""
    match = Match.new(TTT, 2, seed=1)
    match.apply(0, {"type": "PlaceMark", "cell": 4})
    assert match.state.board[4] == 0


def test_game_over_refuses_further_actions() -> None:
    """After the end nobody may act."""
    match = Match.new(KUHN, 2, seed=2)
    match.apply(0, Bet())
    match.apply(1, Pass())
    with pytest.raises(IllegalAction) as refused:
        match.apply(0, Bet())
    assert refused.value.code == "game/over"


def test_events_for_a_player_hold_only_what_they_may_see() -> None:
    """Every stream gets the public betting; the showdown event reaches everyone once it happens."""
    match = Match.new(KUHN, 2, seed=2)
    match.apply(0, Pass())
    match.apply(1, Pass())
    assert [type(e).__name__ for e in match.events_for(None)] == ["Passed", "Passed", "CardsShown"]
    assert match.events_for(0) == match.events_for(1) == match.events


def test_wrong_player_count_and_bad_options_are_refused() -> None:
    """Setup checks the player count and the options, naming them."""
    with pytest.raises(ValueError, match="played by 2 players"):
        Match.new(TTT, 3, seed=1)
    with pytest.raises(ValueError, match="invalid options"):
        Match.new(TTT, 2, seed=1, options={"nonsense": 1})


def test_events_for_since_returns_only_newer_steps() -> None:
    """A UI polling with since=len(match) receives only what happened after its last look."""
    match = Match.new(TTT, 2, seed=1)
    match.apply(0, PlaceMark(cell=4))
    seen = len(match)
    match.apply(1, PlaceMark(cell=0))
    assert [e.cell for e in match.events_for(0, since=seen)] == [0]
    assert len(match.events_for(None)) == 2


@pytest.mark.parametrize("seat", [-1, 2, 7, "0", True])
def test_unknown_seats_get_no_view_stream_or_legal_list(seat: object) -> None:
    """A seat number the match does not have is refused, never treated as someone (or as a spectator)."""
    match = Match.new(KUHN, 2, seed=3)
    for ask in (match.view, match.events_for, match.legal_actions):
        with pytest.raises(ValueError, match="no seat"):
            ask(seat)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction) as refused:
        match.apply(seat, Pass())  # type: ignore[arg-type]
    assert refused.value.code == "player/unknown" and len(match) == 0
