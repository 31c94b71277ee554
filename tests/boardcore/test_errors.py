"""The engine's errors: one hierarchy, each subclassing the builtin it resembles, each carrying where and why."""

from __future__ import annotations

import pytest

from boardcore.errors import BoardcoreError, IllegalAction, LogError, RulesVersionMismatch, UndoRefused


def test_every_refusal_is_a_boardcore_error_and_the_value_errors_are_value_errors() -> None:
    """Callers may catch the engine's base class, or ValueError for a refused action or a bad log."""
    for error in (IllegalAction("x", code="a/b"), UndoRefused("x", reason="r"), LogError("x"), RulesVersionMismatch("x", logged="1", current="2")):
        assert isinstance(error, BoardcoreError)
    assert issubclass(IllegalAction, ValueError) and issubclass(LogError, ValueError) and not issubclass(UndoRefused, ValueError)


def test_an_illegal_action_carries_its_code_player_action_and_clause() -> None:
    """The message is the exception's text; the code, seat, action and clause travel as attributes and in the repr."""
    error = IllegalAction("cell 4 is taken", code="board/cell_taken", player=1, action={"cell": 4}, clause="TTT-2")
    assert str(error) == "cell 4 is taken" and (error.code, error.player, error.action, error.clause) == ("board/cell_taken", 1, {"cell": 4}, "TTT-2")
    assert repr(error) == "IllegalAction('cell 4 is taken', code='board/cell_taken', player=1, clause='TTT-2')"
    with pytest.raises(TypeError):
        IllegalAction("no code")  # type: ignore[call-arg]


def test_a_log_error_says_where_and_a_version_mismatch_names_both_versions() -> None:
    """A log error is ``corrupt`` unless told otherwise; a rules-version mismatch is blamed on the header (line 1)."""
    error = LogError("bad chain", step=3, line=4)
    assert (error.message, error.step, error.line, error.kind) == ("bad chain", 3, 4, "corrupt")
    mismatch = RulesVersionMismatch("old log", logged="1", current="2")
    assert (mismatch.kind, mismatch.line, mismatch.step, mismatch.logged, mismatch.current) == ("rules_version_mismatch", 1, None, "1", "2")


def test_undo_refused_names_its_barrier() -> None:
    """The reason says which barrier stands in the way, apart from the words shown."""
    error = UndoRefused("a card was drawn", reason="hidden")
    assert (str(error), error.reason) == ("a card was drawn", "hidden")
