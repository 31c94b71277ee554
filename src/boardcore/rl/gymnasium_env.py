"""One seat of a boardcore game as a Gymnasium environment; fixed bots play the other seats.

    from boardcore import rl
    env = rl.single_agent("tic_tac_toe", seat=0, opponents="house")

The environment drives the PettingZoo adapter (:func:`boardcore.rl.raw_env`) through its
public API only: the learner's integer action is one token of the game's action catalog,
the opponents' actions are spelled into tokens with ``catalog.tokenize``, and a token the
learner could only choose one way (a forced token: one entry of the mask set) is filled in
for it, so every step the learner takes is a real choice. ``action_masks()`` is the method
sb3-contrib's ``MaskablePPO`` calls. See ``docs/rl.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from boardcore.bots import Bot, RandomBot
from boardcore.game import Game
from boardcore.rl.action_catalog import PASS
from boardcore.rl.pettingzoo_env import BoardcoreEnv, raw_env
from boardcore.rl.spec import RlSpec
from boardcore.strategy import strategy_of

__all__ = ["BotFactory", "Opponents", "SingleAgentEnv", "single_agent", "single_agent_vector"]

BotFactory = Callable[[int, int], Bot[Any, Any]]
"""``factory(seed, seat)``: the bot for ``seat`` of the match seeded ``seed`` (the signature of ``Strategy.house_bot``)."""

Opponents = str | Bot[Any, Any] | BotFactory
"""``"house"`` (the game's house bot; uniform random for a game without one), ``"random"``, a bot, or a factory."""


def _factory(game: Game[Any, Any, Any, Any], opponents: Any) -> BotFactory:
    """The factory that builds the other seats' bots each episode.

    Raises:
        ValueError: a string other than ``house`` or ``random``, or something that is neither a bot nor callable.
    """
    house = strategy_of(game).house_bot if opponents == "house" else None
    if opponents == "random" or (opponents == "house" and house is None):
        return RandomBot.seeded
    if house is not None:
        return house
    if isinstance(opponents, str):
        msg = f"opponents is 'house', 'random', a bot or a factory (seed, seat) -> bot, not {opponents!r}"
        raise ValueError(msg)
    if callable(getattr(opponents, "choose", None)):
        return lambda seed, seat: opponents
    if callable(opponents):
        return opponents  # type: ignore[no-any-return]
    msg = f"opponents is 'house', 'random', a bot (with a choose method) or a factory (seed, seat) -> bot, not {opponents!r}"
    raise ValueError(msg)


class SingleAgentEnv(gymnasium.Env[npt.NDArray[np.float32], np.int64]):
    """The learner's seat of a boardcore game against fixed bots: a Gymnasium ``Env`` with action masks.

    ``reset(seed=s)`` plays the match ``Match.new(game, players, s, options)``, and the
    opponents' bots are built from ``s`` and their seats, so an episode replays from its
    seed (``info["seed"]``). ``reset()`` without a seed draws the next seed from the last
    one given. The reward is the learner's reward under the game's ``RlSpec`` (given when
    the game ends); a safety-limit ending, or a position where nobody can act, truncates.
A token outside ``action_masks()`` ends the episode with ``illegal_reward`` for the learner
and ``info["illegal"]`` saying why, and changes nothing in the match (as ``rl.env`` does), so
an unmasked learner and Gymnasium's ``check_env`` can step any action of the space.

    Raises:
        ValueError: a seat outside the game, bad opponents, player count or options.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}

    def __init__(
        self,
        game: str | Game[Any, Any, Any, Any],
        seat: int = 0,
        opponents: Opponents = "house",
        players: int | None = None,
        *,
        options: Any = None,
        spec: RlSpec | None = None,
        render_mode: str | None = None,
        illegal_reward: float = -1.0,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            msg = f"render_mode is one of {self.metadata['render_modes']} or None, not {render_mode!r}"
            raise ValueError(msg)
        self.render_mode = render_mode
        self.inner: BoardcoreEnv = raw_env(game, players, options=options, spec=spec, render_mode=render_mode)
        if seat not in range(self.inner.players):
            msg = f"seat is one of 0 to {self.inner.players - 1}, not {seat!r}"
            raise ValueError(msg)
        self.inner.render_seat = seat
        self.seat = seat
        self.agent = self.inner.possible_agents[seat]
        self._factory = _factory(self.inner.game, opponents)
        inner_space = self.inner.observation_space(self.agent)
        assert isinstance(inner_space, spaces.Dict)
        self.observation_space = inner_space["observation"]
        self.action_space = spaces.Discrete(self.inner.catalog.size)
        self.metadata = {**self.metadata, "name": f"{self.inner.metadata['name']}_seat{seat}"}
        self.illegal_reward = illegal_reward
        self._bots: dict[int, Bot[Any, Any]] = {}
        self._seed: int | None = None
        self._refused: str | None = None

    def reset(
        self, *, seed: int | None = None, options: Mapping[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Start the match of ``seed`` (or of the next seed drawn) and play up to the learner's first choice.

        ``options`` are accepted and ignored, as Gymnasium allows (game options are fixed per environment).

        Raises:
            RuntimeError: the game ended before the learner's seat had a choice.
        """
        super().reset(seed=seed)
        self._refused = None
        self.inner.reset(seed=seed)
        match = self.inner.match
        assert match.seed is not None, "an environment's match is set up from a seed"
        self._seed = match.seed
        self._bots = {other: self._factory(match.seed, other) for other in range(self.inner.players) if other != self.seat}
        reward = self._advance()
        if self._done():
            msg = f"{self.inner.game.name} seed {match.seed}: the episode ended (reward {reward:+g}) before seat {self.seat} had a choice"
            raise RuntimeError(msg)
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        """Take the learner's token, then play the opponents and forced tokens up to its next choice or the end.

        Raises:
            IllegalAction: ``rl/illegal_token``: the action is not a token id of the action space (nothing changes).
            RuntimeError: the episode is over (call ``reset``).
        """
        if self._seed is None or self._done():
            msg = "the episode is over or not started: call reset()"
            raise RuntimeError(msg)
        if self.action_space.contains(action) and not self.action_masks()[int(action)]:
            label = self.inner.catalog.labels[int(action)]
            self._refused = f"token {int(action)} ({label}) is not in the action mask; the episode ends with {self.illegal_reward:+g}"
            return self._observation(), float(self.illegal_reward), True, False, self._info()
        self.inner.step(action)
        reward = self.inner.rewards[self.agent] + self._advance()
        return self._observation(), float(reward), self.inner.terminations[self.agent], self.inner.truncations[self.agent], self._info()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Which tokens the learner may choose now (all ``False`` once the episode is over)."""
        if self._refused is not None:
            return np.zeros(self.inner.catalog.size, dtype=bool)
        mask: npt.NDArray[np.bool_] = self.inner.observe(self.agent)["action_mask"].astype(bool)
        return mask

    def render(self) -> str | None:
        """The game's text as the learner's seat sees it (``ansi``); ``None`` without a render mode."""
        if self.render_mode is None:
            return None
        text: str | None = self.inner.render()
        return text

    def close(self) -> None:
        """Nothing to release: the environment holds no files, windows or processes."""

    # --- inside --------------------------------------------------------------------

    def _done(self) -> bool:
        return self._refused is not None or bool(self.inner.terminations[self.agent] or self.inner.truncations[self.agent])

    def _advance(self) -> float:
        """Play opponents and the learner's forced tokens until the learner has a real choice or the episode ends.

        Returns the learner's reward over those steps (the game's end may come in them).
        """
        inner = self.inner
        reward = 0.0
        while not self._done():
            agent = inner.agent_selection
            seat = inner.possible_agents.index(agent)
            if seat == self.seat:
                legal = np.flatnonzero(inner.observe(agent)["action_mask"])
                if len(legal) != 1:
                    break
                inner.step(int(legal[0]))
            else:
                match = inner.match
                actions = match.legal_actions(seat)
                if not actions:
                    inner.step(PASS)
                else:
                    reward += self._spell(agent, self._bots[seat].choose(match.view(seat), actions))
                    continue
            reward += inner.rewards[self.agent]
        return reward

    def _spell(self, agent: str, action: Any) -> float:
        """Step the tokens of ``agent``'s ``action`` that the adapter does not fill in itself; the learner's reward.

        The adapter may fill tokens that are the only continuation; a token of the spelling is
        then no longer in the mask (an action's tokens are all different) and is skipped.
        """
        inner = self.inner
        applied = len(inner.match)
        reward = 0.0
        for token in inner.catalog.tokenize(action):
            if len(inner.match) != applied:
                break
            if inner.observe(agent)["action_mask"][token]:
                inner.step(token)
                reward += inner.rewards[self.agent]
        return reward

    def _observation(self) -> npt.NDArray[np.float32]:
        observation: npt.NDArray[np.float32] = self.inner.observe(self.agent)["observation"]
        return observation

    def _info(self) -> dict[str, Any]:
        if self._refused is not None:
            return {"seed": self._seed, "illegal": self._refused}
        return {"seed": self._seed}


def single_agent(
    game: str | Game[Any, Any, Any, Any],
    seat: int = 0,
    opponents: Opponents = "house",
    players: int | None = None,
    **kwargs: Any,
) -> SingleAgentEnv:
    """The learner's ``seat`` of ``game`` against ``opponents`` (see :class:`SingleAgentEnv`)."""
    return SingleAgentEnv(game, seat, opponents, players, **kwargs)


def single_agent_vector(
    game: str | Game[Any, Any, Any, Any],
    num_envs: int,
    seat: int = 0,
    opponents: Opponents = "house",
    players: int | None = None,
    *,
    asynchronous: bool = False,
    **kwargs: Any,
) -> gymnasium.vector.VectorEnv[Any, Any, Any]:
    """``num_envs`` copies as one ``gymnasium.vector`` environment (``asynchronous``: one process each).

    ``reset(seed=s)`` seeds copy ``i`` with ``s + i``, so each copy's episodes replay; the masks
    of every copy are ``envs.call("action_masks")``. A finished copy resets itself on the next step
    (Gymnasium's next-step autoreset).
    """
    if num_envs < 1:
        msg = f"num_envs is 1 or more, not {num_envs!r}"
        raise ValueError(msg)

    def make() -> SingleAgentEnv:
        return SingleAgentEnv(game, seat, opponents, players, **kwargs)

    makers = [make] * num_envs
    if asynchronous:
        return gymnasium.vector.AsyncVectorEnv(makers)
    return gymnasium.vector.SyncVectorEnv(makers)
