"""Rewards come from the outcome at the end; safety limits truncate; the cooperative game rewards the team."""

from __future__ import annotations

import numpy as np
import pytest

from boardcore import Outcome
from boardcore.rl import BoardcoreEnv, raw_env, scores_as_rewards, win_loss_draw


def finish(env: BoardcoreEnv, seed: int) -> None:
    """Play masked-random tokens from ``reset(seed=seed)`` until every agent is done (agents not yet removed)."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    while not all(env.terminations[a] or env.truncations[a] for a in env.agents):
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))


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


@pytest.mark.parametrize("seed", range(6))
def test_tic_tac_toe_rewards_the_winner(seed: int) -> None:
    """The seat that closes a line gets +1, the other -1; a full board gives 0; the episode terminates."""
    env = raw_env("tic_tac_toe")
    finish(env, seed)
    outcome = env.match.outcome
    assert outcome is not None and all(env.terminations.values()) and not any(env.truncations.values())
    expected = {f"player_{s}": (0.0 if outcome.is_draw else 1.0 if s in outcome.winners else -1.0) for s in range(2)}
    assert env.rewards == expected
    assert env.last()[1] == expected[env.agent_selection], "last() reports the accumulated reward"


@pytest.mark.parametrize("seed", range(6))
def test_kuhn_poker_rewards_are_chips(seed: int) -> None:
    """Kuhn poker pays the chips won (+1/+2 or -1/-2), as OpenSpiel does, so its game value (-1/18) carries over."""
    env = raw_env("kuhn_poker")
    finish(env, seed)
    outcome = env.match.outcome
    assert outcome is not None and outcome.scores is not None
    assert [env.rewards["player_0"], env.rewards["player_1"]] == list(outcome.scores)
    assert env.rewards["player_0"] in (-2.0, -1.0, 1.0, 2.0) and sum(env.rewards.values()) == 0


def test_the_warriors_is_won_or_lost_together() -> None:
    """Cooperative: every seat gets the same reward, +1 for a won night and -1 for a lost one, by the rules (terminated)."""
    env = raw_env("the_warriors", 3)
    finish(env, 4)
    outcome = env.match.outcome
    assert outcome is not None and outcome.cooperative
    assert set(env.rewards.values()) == {1.0 if outcome.winners else -1.0}
    assert all(env.terminations.values()) and not any(env.truncations.values())


def test_the_warriors_safety_limit_truncates() -> None:
    """The max_city_turns option ends the night as a loss; the environment reports it as a truncation."""
    env = raw_env("the_warriors", 2, options={"max_city_turns": 1})
    finish(env, 4)
    assert all(env.truncations.values()) and not any(env.terminations.values())
    assert set(env.rewards.values()) == {-1.0}


def test_five_wards_round_limit_truncates_and_a_full_game_terminates() -> None:
    """5 Wards scored early by its round_limit option is a truncation (with the early scores' rewards); a game that
    reaches its final round terminates."""
    cut = raw_env("five_wards", 2, options={"round_limit": 1})
    finish(cut, 1)
    assert all(cut.truncations.values()) and not any(cut.terminations.values())
    assert sorted(cut.rewards.values()) in ([-1.0, 1.0], [0.0, 0.0], [1.0, 1.0])
    full = raw_env("five_wards", 2)
    finish(full, 1)
    assert full.match.view(None).final
    assert all(full.terminations.values()) and not any(full.truncations.values())
