"""One PettingZoo AEC environment for any boardcore game, driven by the game's :class:`RlSpec`.

The environment is a thin adapter over a :class:`~boardcore.match.Match`: the
seat to act is the lowest seat among the match's actors, an agent's integer
action is one token of the game's :class:`ActionCatalog`, and once the tokens
spell a legal action the adapter applies it to the match as one rules action.
Observations are built from ``match.view(seat)`` only, so an agent can never
see more than its seat may know. Rewards come from the outcome at the end.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils.env_logger import EnvLogger  # type: ignore[import-untyped]

from boardcore import codes
from boardcore.errors import IllegalAction
from boardcore.game import Game
from boardcore.match import Match
from boardcore.registry import get_game
from boardcore.rl.action_catalog import PASS, ActionCatalog, ActionSpelling, Mask
from boardcore.rl.observation import ObservationLayout, Observer, Sparse
from boardcore.rl.registry import get_spec
from boardcore.rl.spec import RlSpec

__all__ = ["BoardcoreEnv", "env", "raw_env"]

SEED_LIMIT = 2**63
"""Episode seeds drawn for ``reset()`` without a seed are below this."""


class BoardcoreEnv(AECEnv):  # type: ignore[misc]
    """A boardcore game at one player count as a PettingZoo ``AECEnv``; agents ``player_0``...

    ``reset(seed=s)`` plays the match ``Match.new(game, players, s, options)``;
    ``reset()`` draws the next seed from the last one given (or from fresh
    entropy if none was). Game options are fixed per environment (they can
    change the spaces' bounds), so ``reset``'s ``options`` are accepted and
    ignored, as PettingZoo's API asks.

    ``illegal_reward``: ``None`` (the raw environment) raises ``IllegalAction`` on a
    token outside the mask; a number (``rl.env`` gives -1) does what PettingZoo's
    classic wrappers do, checked here rather than through three wrapper layers
    (each attribute read went through all three: half the time of an episode): an
    illegal token ends the episode with that reward for its agent, an action
    outside the action space is an ``AssertionError``, and so is stepping,
    observing or rendering before ``reset``.

    Raises:
        ValueError: an unsupported player count, bad options or render mode.
        SpecError: the spec does not bound every field of the game's view or actions.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "is_parallelizable": False, "name": "boardcore"}

    def __init__(
        self,
        game: str | Game[Any, Any, Any, Any],
        players: int | None = None,
        *,
        options: Any = None,
        spec: RlSpec | None = None,
        render_mode: str | None = None,
        render_seat: int | None = None,
        illegal_reward: float | None = None,
    ) -> None:
        super().__init__()
        self.illegal_reward = illegal_reward
        self.game: Game[Any, Any, Any, Any] = get_game(game) if isinstance(game, str) else game
        self.players = min(self.game.player_counts) if players is None else players
        self.config = self.game.config(self.players, options)
        self.spec = get_spec(self.game.name) if spec is None else spec
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            msg = f"render_mode is one of {self.metadata['render_modes']} or None, not {render_mode!r}"
            raise ValueError(msg)
        if render_seat is not None and render_seat not in range(self.players):
            msg = f"render_seat is a seat from 0 to {self.players - 1} (None: the seat to act), not {render_seat!r}"
            raise ValueError(msg)
        self.render_mode = render_mode
        self.render_seat = render_seat
        self.catalog = ActionCatalog(self.game.action_type, self.spec.actions(self.config))
        layout = ObservationLayout(self.game.view_type, self.spec.observation(self.config))
        self.observer = Observer(layout, self.players, self.catalog.labels)
        self.metadata = {**self.metadata, "name": f"{self.game.name}_{self.players}p"}
        self.possible_agents = [f"player_{seat}" for seat in range(self.players)]
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {agent: self._observation_space() for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(self.catalog.size) for agent in self.possible_agents}
        self._seeds: np.random.Generator | None = None
        self._match: Match[Any, Any, Any, Any] | None = None
        self._spelling: ActionSpelling | None = None
        self._passed: set[int] = set()
        self._views: dict[int, tuple[int, Sparse]] = {}
        self._texts: dict[int, tuple[int, list[str]]] = {}
        self._stalled = False
        self._has_reset = False
        self._quiet_mask: Mask = _read_only(np.zeros(self.catalog.size, dtype=np.int8))
        """The mask of every agent that is not the one to act (all zeros), shared: masks are read-only."""

    def _observation_space(self) -> spaces.Dict:
        return spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (self.observer.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.catalog.size,), np.int8),
            }
        )

    # --- the PettingZoo API ----------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's ``Dict(observation=Box(0, 1), action_mask=Box(0, 1, int8))``; the same object every call."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(catalog size)``; the same object every call."""
        return self.action_spaces[agent]

    @property
    def match(self) -> Match[Any, Any, Any, Any]:
        """The match of the current episode (its ``log`` verifies).

        Raises:
            RuntimeError: ``reset`` was never called.
        """
        if self._match is None:
            msg = "call reset() before using the environment"
            raise RuntimeError(msg)
        return self._match

    @property
    def spelling(self) -> ActionSpelling | None:
        """The action the agent is spelling now (``None`` when nobody is asked: the episode is over)."""
        return self._spelling

    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        """Start a new episode: the match of ``seed``, or of the next seed drawn from the last one given."""
        if seed is not None:
            match_seed = seed
            self._seeds = np.random.default_rng(seed % 2**64)
        else:
            if self._seeds is None:
                self._seeds = np.random.default_rng()
            match_seed = int(self._seeds.integers(SEED_LIMIT))
        self._match = Match.new(self.game, self.players, match_seed, self.config.options)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._passed = set()
        self._views = {}
        self._texts = {}
        self._stalled = False
        self._skip_agent_selection = None
        self._has_reset = True
        self._select()

    def step(self, action: Any) -> None:
        """Take one token for the agent to act; apply the rules action once the tokens spell one.

        Raises:
            IllegalAction: ``rl/illegal_token``: the token is not in the agent's action mask now (raw environment).
            AssertionError: with ``illegal_reward`` set, before ``reset`` or an action outside the action space.
        """
        checked = self.illegal_reward is not None
        if checked and not self._has_reset:
            EnvLogger.error_step_before_reset()
        if checked and not self.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = self.agent_selection
        dead = self.terminations[agent] or self.truncations[agent]
        if checked and not (action is None and dead or _in_space(action, self.action_spaces[agent])):
            raise AssertionError("action is not in action space")
        if dead:
            self._was_dead_step(action)
            return
        decision = self._spelling
        assert decision is not None, "a live agent is selected only with a decision open"
        seat = self._seat_of[agent]
        if checked and not decision.mask()[int(action)]:
            self._end_on_illegal(agent)
            return
        # checked: a plain int in range and in the mask needs no second look; anything else gets the raw env's refusal
        token = action if checked and type(action) is int else self._checked_token(seat, decision, action)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if token == PASS:
            self._passed.add(seat)
            self._select()
        else:
            chosen = decision.choose(token)
            if chosen is not None:
                match = self.match
                match.apply(seat, chosen)
                self._passed.clear()
                if match.outcome is not None:
                    self._finish()
                    self._accumulate_rewards()  # only here: every other step's rewards are the zeros cleared above
                else:
                    self._select()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's observation vector (from its seat's view only) and its action mask (zeros unless it acts now).

        The mask is read-only and shared (the decision's own, not a copy): writing to it raises ``ValueError``.
        """
        if self.illegal_reward is not None and not self._has_reset:
            EnvLogger.error_observe_before_reset()
        seat = self._seat_of[agent]
        decision = self._spelling
        acting = decision is not None and agent == self.agent_selection
        vector = self.observer.assemble(seat, self._view_columns(seat), acting, decision.prefix if decision and acting else ())
        mask = decision.mask() if decision is not None and acting else self._quiet_mask
        return {"observation": vector, "action_mask": mask}

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        """PettingZoo's agent iterator (with ``illegal_reward`` set, only after ``reset``)."""
        if self.illegal_reward is not None and not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return super().agent_iter(max_iter)

    def render(self) -> str | None:
        """The game's own text for one seat: ``render_seat``, or else the seat to act (``ansi``: returned; ``human``: printed)."""
        if self.illegal_reward is not None and not self._has_reset:
            EnvLogger.error_render_before_reset()
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode; pass render_mode='ansi' or 'human'")
            return None
        text = self._text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release: the environment holds no files, windows or processes."""

    # --- inside --------------------------------------------------------------------

    def _select(self) -> None:
        """Open a decision for the lowest actor that has not passed; stop the episode if there is none."""
        match = self.match
        passed = self._passed
        waiting = match.actors if not passed else [seat for seat in match.actors if seat not in passed]
        if not waiting:
            self._stall()
            return
        seat = min(waiting)  # not sorted(): one seat is wanted (a sorted list a step cost ~0.5 us)
        self.agent_selection = self.possible_agents[seat]
        self._spelling = ActionSpelling(self.catalog, match.legal_actions(seat))

    def _clear_rewards(self) -> None:
        """PettingZoo's (every reward 0, in place), in one call rather than a loop: 0.4 us a step."""
        rewards = self.rewards
        rewards.update(dict.fromkeys(rewards, 0))

    def _end_on_illegal(self, agent: str) -> None:
        """An illegal token with ``illegal_reward`` set: as PettingZoo's ``TerminateIllegalWrapper`` does, every agent is
        done (terminated and truncated), the offender gets the reward and the others 0; the match and the open decision
        are left as they were (the wrapper never touched them either), so ``render`` still shows the choice refused."""
        EnvLogger.warn_on_illegal_move()
        self._cumulative_rewards[agent] = 0
        self.terminations = dict.fromkeys(self.agents, True)
        self.truncations = dict.fromkeys(self.agents, True)
        self.rewards = dict.fromkeys(self.truncations, 0)
        self.rewards[agent] = float(self.illegal_reward)  # type: ignore[arg-type]
        self._accumulate_rewards()
        self._deads_step_first()

    def _finish(self) -> None:
        """The game is over: everyone gets the spec's reward; a safety-limit ending is a truncation."""
        match = self.match
        outcome = match.outcome
        assert outcome is not None, "finish only a finished game"
        rewards = self.spec.rewards(outcome, self.players)
        cut = outcome.truncated
        for agent, reward in zip(self.possible_agents, rewards, strict=True):
            self.rewards[agent] = float(reward)
            self.terminations[agent] = not cut
            self.truncations[agent] = bool(cut)
        self._spelling = None

    def _stall(self) -> None:
        """Nobody may act (or every actor passed) and there is no outcome: the episode is cut, rewards 0."""
        self._stalled = True
        self._spelling = None
        for agent in self.agents:
            self.truncations[agent] = True

    def _checked_token(self, seat: int, decision: ActionSpelling, action: Any) -> int:
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)) or not 0 <= action < self.catalog.size:
            msg = f"Refused {action!r} from player_{seat}: an action is a token id from 0 to {self.catalog.size - 1}."
            raise IllegalAction(msg, code=codes.RL_ILLEGAL_TOKEN, player=seat)
        token = int(action)
        mask = decision.mask()
        if not mask[token]:
            allowed = ", ".join(self.catalog.labels[t] for t in np.flatnonzero(mask))
            msg = f"Refused token {token} ({self.catalog.labels[token]}) from player_{seat}: not in its action mask now (allowed: {allowed})."
            raise IllegalAction(msg, code=codes.RL_ILLEGAL_TOKEN, player=seat)
        return token

    def _view_columns(self, seat: int) -> Sparse:
        """The seat's encoded view (its nonzero columns), computed once per rules step."""
        match = self.match
        step = len(match)
        cached = self._views.get(seat)
        if cached is not None and cached[0] == step:
            return cached[1]
        columns = self.observer.layout.sparse(match.view(seat))
        self._views[seat] = (step, columns)
        return columns

    def _text(self) -> str:
        match = self.match
        seat = self._seat_of[self.agent_selection] if self.render_seat is None else self.render_seat
        seen, lines = self._texts.get(seat, (0, []))
        for step in range(seen + 1, len(match) + 1):
            lines += match.step_text(step, seat)
        self._texts[seat] = (len(match), lines)
        header = f"{self.game.title}, {self.players} players: as seen by player_{seat}"
        return "\n".join([header, *lines, self._status(seat)])

    def _status(self, seat: int) -> str:
        match = self.match
        outcome = match.outcome
        if outcome is not None:
            rewards = self.spec.rewards(outcome, self.players)
            told = ", ".join(f"{agent} {reward:+g}" for agent, reward in zip(self.possible_agents, rewards, strict=True))
            return f"Game over: {outcome.reason}. Rewards: {told}."
        if self._stalled:
            return "Stopped: no seat can act and the game has no outcome (truncated)."
        decision = self._spelling
        assert decision is not None
        acting = self.agent_selection
        if self._seat_of[acting] != seat:
            return f"{acting} to act."
        chosen = ", ".join(self.catalog.labels[t] for t in decision.prefix)
        options = ", ".join(self.catalog.labels[t] for t in np.flatnonzero(decision.mask()))
        return f"{acting} to act" + (f" (chosen so far: {chosen})" if chosen else "") + f"; choose one of: {options}."


def raw_env(game: str | Game[Any, Any, Any, Any], players: int | None = None, **kwargs: Any) -> BoardcoreEnv:
    """The bare environment: an illegal token raises :class:`~boardcore.errors.IllegalAction`."""
    return BoardcoreEnv(game, players, **kwargs)


def env(game: str | Game[Any, Any, Any, Any], players: int | None = None, **kwargs: Any) -> BoardcoreEnv:
    """The environment with the checks of PettingZoo's classic wrappers: an illegal token ends the episode with -1 for
    its agent; actions must be in the action space and ``reset`` must come first (``illegal_reward`` says how).
    """
    return BoardcoreEnv(game, players, illegal_reward=-1.0, **kwargs)


def _in_space(action: Any, space: spaces.Discrete) -> bool:
    """``space.contains(action)``, with a plain int in range answered without it (the common case, 5x faster)."""
    if type(action) is int:
        return 0 <= action < int(space.n)
    return bool(space.contains(action))


def _read_only(mask: Mask) -> Mask:
    mask.flags.writeable = False
    return mask
