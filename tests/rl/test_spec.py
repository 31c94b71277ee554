"""The spec's reward rules: win-loss-draw and scores as rewards, from an outcome and a player count."""

from __future__ import annotations

import pytest

from boardcore import Outcome
from boardcore.rl import scores_as_rewards, win_loss_draw


def test_win_loss_draw() -> None:
    """Winners +1, the rest -1; a draw 0 to all; a shared win +1 to each winner; a team result the same for all."""
    assert win_loss_draw(Outcome.from_scores([3.0, 5.0, 1.0]), 3) == (-1.0, 1.0, -1.0)
    assert win_loss_draw(Outcome.from_scores([5.0, 5.0, 1.0]), 3) == (1.0, 1.0, -1.0)
    assert win_loss_draw(Outcome.draw(2), 2) == (0.0, 0.0)
    assert win_loss_draw(Outcome.from_scores([2.0, 2.0]), 2) == (0.0, 0.0)
    assert win_loss_draw(Outcome.team(3, won=True, reason="home"), 3) == (1.0, 1.0, 1.0)
    assert win_loss_draw(Outcome.team(3, won=False, reason="caught"), 3) == (-1.0, -1.0, -1.0)


def test_scores_as_rewards_needs_a_score_per_seat() -> None:
    """Kuhn poker's rewards are its chip scores; an outcome without scores is refused."""
    assert scores_as_rewards(Outcome.from_scores([2.0, -2.0]), 2) == (2.0, -2.0)
    with pytest.raises(ValueError, match="one score per seat"):
        scores_as_rewards(Outcome.draw(2), 2)
