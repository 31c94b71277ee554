"""The single-agent Gymnasium environment: Gymnasium's checker, replay from a seed, opponents, masks and vectors."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from boardcore.bots import RandomBot
from boardcore.errors import IllegalAction
from boardcore.rl import SingleAgentEnv, single_agent, single_agent_vector
from boardcore.verify import verify


def masked_episode(env: SingleAgentEnv, seed: int, policy_seed: int = 0) -> tuple[list[Any], list[float], dict[str, Any]]:
    """One episode with masked-random choices: the observations, rewards and the last info."""
    rng = np.random.default_rng(policy_seed)
    observation, info = env.reset(seed=seed)
    observations, rewards = [observation], []
    done = False
    while not done:
        action = int(rng.choice(np.flatnonzero(env.action_masks())))
        observation, reward, terminated, truncated, info = env.step(action)
        observations.append(observation)
        rewards.append(reward)
        done = terminated or truncated
    return observations, rewards, info


@pytest.mark.parametrize(("game", "players", "seat"), [("tic_tac_toe", None, 0), ("tic_tac_toe", None, 1), ("kuhn_poker", None, 1)])
def test_gymnasium_check_env_passes(game: str, players: int | None, seat: int) -> None:
    """Gymnasium's own checker accepts the environment (spaces, seeding, determinism, any action of the space)."""
    check_env(single_agent(game, seat=seat, players=players), skip_render_check=True)


@pytest.mark.parametrize(("game", "players"), [("five_wards", 3), ("bellwether", 2), ("peaky_blinders", 2), ("the_warriors", 2)])
def test_gymnasium_check_env_passes_on_the_board_games(game: str, players: int) -> None:
    """The checker passes on every board game too, from the last seat (the house bots play before it)."""
    check_env(single_agent(game, seat=players - 1, players=players), skip_render_check=True)


def test_an_episode_replays_from_its_seed() -> None:
    """The same seed and the same choices give the same observations and rewards, and the match is that seed's."""
    env = single_agent("five_wards", seat=1, players=3)
    first = masked_episode(env, seed=11)
    second = masked_episode(env, seed=11)
    assert all(np.array_equal(a, b) for a, b in zip(first[0], second[0], strict=True))
    assert first[1] == second[1] and first[2]["seed"] == 11
    match = env.inner.match
    assert match.seed == 11 and match.is_over and verify(match.log).ok


def test_reset_without_a_seed_continues_the_seeded_sequence() -> None:
    """After ``reset(seed=s)``, unseeded resets draw the same episode seeds every time."""
    env = single_agent("tic_tac_toe")

    def seeds() -> list[int]:
        env.reset(seed=3)
        return [env.reset()[1]["seed"] for _ in range(3)]

    assert seeds() == seeds()


def test_the_learner_is_only_asked_real_choices() -> None:
    """Forced tokens are filled in: every mask the learner sees has at least two tokens set."""
    env = single_agent("five_wards", seat=0, players=3)
    rng = np.random.default_rng(1)
    env.reset(seed=4)
    done = False
    while not done:
        mask = env.action_masks()
        assert mask.dtype == np.bool_ and mask.sum() >= 2
        _, _, terminated, truncated, _ = env.step(int(rng.choice(np.flatnonzero(mask))))
        done = terminated or truncated
    assert not env.action_masks().any()


def test_reward_is_the_learners_at_the_end() -> None:
    """The last reward is the learner's outcome reward, and earlier steps pay nothing."""
    env = single_agent("tic_tac_toe", seat=0, opponents="random")
    for seed in range(5):
        _, rewards, _ = masked_episode(env, seed=seed)
        outcome = env.inner.match.outcome
        assert outcome is not None
        expected = 1.0 if outcome.winners == (0,) else -1.0 if outcome.winners == (1,) else 0.0
        assert rewards[:-1] == [0.0] * (len(rewards) - 1) and rewards[-1] == expected


def test_opponents_may_be_a_bot_or_a_factory() -> None:
    """A bot instance plays every other seat; a factory builds one per episode from the seed and seat."""
    built: list[tuple[int, int]] = []

    def factory(seed: int, seat: int) -> RandomBot:
        built.append((seed, seat))
        return RandomBot.seeded(seed, seat)

    masked_episode(single_agent("five_wards", seat=2, opponents=factory, players=3), seed=9)
    assert built == [(9, 0), (9, 1)]
    by_instance = single_agent("tic_tac_toe", opponents=RandomBot.seeded(1))
    assert masked_episode(by_instance, seed=1)[2]["seed"] == 1


def test_bad_arguments_are_refused() -> None:
    """Unknown opponents, a seat outside the game and a bad render mode are clear ValueErrors."""
    with pytest.raises(ValueError, match="opponents is 'house', 'random'"):
        single_agent("tic_tac_toe", opponents="ismcts")
    with pytest.raises(ValueError, match="opponents is"):
        single_agent("tic_tac_toe", opponents=3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seat is one of 0 to 1"):
        single_agent("tic_tac_toe", seat=2)
    with pytest.raises(ValueError, match="render_mode"):
        single_agent("tic_tac_toe", render_mode="human")


def test_a_masked_token_ends_the_episode_and_changes_nothing() -> None:
    """A token outside the mask ends the episode with the illegal reward; the match keeps its length."""
    env = single_agent("tic_tac_toe", illegal_reward=-5.0)
    env.reset(seed=1)
    length = len(env.inner.match)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (-5.0, True, False) and "not in the action mask" in info["illegal"]
    assert len(env.inner.match) == length and not env.action_masks().any()
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(illegal)
    with pytest.raises(IllegalAction):
        env.reset(seed=1)
        env.step(env.action_space.n + 3)


def test_render_shows_the_learners_seat() -> None:
    """``ansi`` rendering is the game's text as the learner's seat sees it."""
    env = single_agent("kuhn_poker", seat=1, render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert text is not None and "as seen by player_1" in text


def test_the_vector_form_steps_several_seeded_copies() -> None:
    """``single_agent_vector`` is a Gymnasium vector env: copy ``i`` plays seed ``s + i`` and resets itself."""
    envs = single_agent_vector("tic_tac_toe", 3, opponents="random")
    assert isinstance(envs, gymnasium.vector.SyncVectorEnv)
    observations, infos = envs.reset(seed=20)
    assert observations.shape == (3, *envs.single_observation_space.shape)
    assert list(infos["seed"]) == [20, 21, 22]
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(30):
        masks = envs.call("action_masks")
        actions = np.array([rng.choice(np.flatnonzero(mask)) if mask.any() else 0 for mask in masks])
        _, _, terminated, truncated, _ = envs.step(actions)
        finished += int(np.sum(terminated | truncated))
    assert finished >= 3
    envs.close()
    with pytest.raises(ValueError, match="num_envs"):
        single_agent_vector("tic_tac_toe", 0)


@pytest.mark.slow
def test_the_asynchronous_vector_form_matches_the_synchronous_one() -> None:
    """With a process per copy, the same seeds and actions give the same observations and rewards."""
    outcomes = []
    for asynchronous in (False, True):
        envs = single_agent_vector("tic_tac_toe", 2, opponents="house", asynchronous=asynchronous)
        observations, _ = envs.reset(seed=5)
        rewards = []
        for _ in range(12):
            masks = envs.call("action_masks")
            actions = np.array([int(np.flatnonzero(mask)[0]) if mask.any() else 0 for mask in masks])
            observations, reward, _, _, _ = envs.step(actions)
            rewards.append(reward.tolist())
        envs.close()
        outcomes.append((observations.tolist(), rewards))
    assert outcomes[0] == outcomes[1]
