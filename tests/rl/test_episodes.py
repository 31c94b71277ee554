"""Whole episodes through the environment: they replay as verified matches, leak nothing, and spell real actions.

For every game and player count, one seeded masked-random episode (bounded at
``MOST_TOKENS``) is recorded, then checked against the engine independently.
"""

from __future__ import annotations

from typing import Any

import attrs
import numpy as np
import pytest

from boardcore.encoding import state_digest
from boardcore.match import Match
from boardcore.rl import ActionSpelling, BoardcoreEnv
from boardcore.rng import DETERMINIZE, Rng
from boardcore.testing.kit import find_secrets
from boardcore.verify import verify
from tests.rl.cases import CASES, masked_random_steps, seat

SEED = 7
MOST_TOKENS = 3000
"""Long enough for a whole random game of every game here (the longest, Peaky Blinders with 4, takes about 2,500)."""
LEAK_SAMPLES = 25
"""Env steps at which every seat's observation is compared with its determinized copies."""
DETERMINIZATIONS = 3


@attrs.frozen
class Token:
    """One step of an episode as recorded: who chose which token, and what the seat observed before it."""

    agent: str
    token: int
    first: bool
    """The agent had chosen no token of this action yet (only the filled-in ones, if any, were in the prefix)."""
    choices: int
    """How many legal actions the seat had."""
    observations: tuple[Any, ...]
    """Every seat's observation vector before the step."""
    mask: Any
    actors: frozenset[int]
    state: Any


@attrs.frozen
class Episode:
    env: BoardcoreEnv
    tokens: tuple[Token, ...]
    applied: tuple[tuple[int, int], ...]
    """``(token index, step count)`` after each token that completed a rules action."""


_EPISODES: dict[tuple[str, int], Episode] = {}


def episode(name: str, players: int) -> Episode:
    """The recorded episode of ``name`` at ``players`` (played once per session)."""
    key = (name, players)
    if key not in _EPISODES:
        env = BoardcoreEnv(name, players)
        tokens: list[Token] = []
        applied: list[tuple[int, int]] = []
        for agent, token in masked_random_steps(env, SEED, MOST_TOKENS):
            match = env.match
            before = len(match)
            observations = tuple(env.observe(other)["observation"] for other in env.possible_agents)
            mask = env.observe(agent)["action_mask"]
            decision = env.spelling
            assert decision is not None
            first = decision.prefix == decision.start
            tokens.append(Token(agent, token, first, len(decision.actions), observations, mask, match.actors, match.state))
            env.step(token)
            if len(env.match) != before:
                applied.append((len(tokens) - 1, len(env.match)))
        _EPISODES[key] = Episode(env, tuple(tokens), tuple(applied))
    return _EPISODES[key]


@pytest.mark.parametrize(("name", "players"), CASES)
def test_an_episode_ends_and_its_log_verifies(name: str, players: int) -> None:
    """The episode finishes (every agent removed) and the match it played has a log that verifies."""
    run = episode(name, players)
    assert not run.env.agents, f"the episode did not finish within {MOST_TOKENS} tokens"
    match = run.env.match
    assert match.is_over
    verdict = verify(match.log, game=match.game)
    assert verdict.ok, str(verdict)


@pytest.mark.parametrize(("name", "players"), CASES)
def test_an_episode_replays_action_for_action(name: str, players: int) -> None:
    """Decoding each agent's tokens with the published catalog gives the actions that, applied to a fresh
    ``Match.new(game, players, seed)``, rebuild the same states and views, step by step."""
    run = episode(name, players)
    env = run.env
    replayed = Match.new(env.game, players, SEED)
    chosen: list[int] = []
    start = 0
    for index, step_count in run.applied:
        token = run.tokens[index]
        chosen = [t.token for t in run.tokens[start : index + 1]]
        start = index + 1
        action = env.match.steps[step_count - 1].action
        spelled = env.catalog.tokenize(action)
        assert chosen, "every rules action costs its agent at least one token"
        assert _is_subsequence(chosen, spelled), f"the agent chose {chosen}, the action is spelled {spelled}"
        assert env.catalog.decode(spelled) == action
        assert all(t.agent == token.agent for t in run.tokens[index - len(chosen) + 1 : index + 1]), "one agent spells one action"
        replayed.apply(seat(token.agent), env.catalog.decode(spelled))
        assert state_digest(replayed.state) == state_digest(env.match.state_at(step_count))
    assert len(replayed) == len(env.match)
    for token in run.tokens:
        assert token.state is not None
    assert verify(replayed.log, game=env.game).ok


def _is_subsequence(short: list[int], long: tuple[int, ...]) -> bool:
    remaining = iter(long)
    return all(any(x == y for y in remaining) for x in short)


@pytest.mark.parametrize(("name", "players"), CASES)
def test_observations_are_invariant_under_determinize(name: str, players: int) -> None:
    """Every seat's observation is the same for any resampling of what that seat cannot see
    (``game.determinize(state, seat, rng)``): the view block, who acts, and the acting seat's action mask."""
    run = episode(name, players)
    env = run.env
    game = env.game
    layout = env.observer.layout
    picks = np.linspace(0, len(run.tokens) - 1, min(LEAK_SAMPLES, len(run.tokens))).astype(int)
    for index in sorted(set(picks.tolist())):
        token = run.tokens[index]
        for viewer in range(players):
            observed = token.observations[viewer][env.observer.view_start : env.observer.prefix_start]
            for k in range(DETERMINIZATIONS):
                sample = game.determinize(token.state, viewer, Rng.from_seed(1000 * index + k, DETERMINIZE))
                assert np.array_equal(layout.encode(game.view(sample, viewer)), observed), f"seat {viewer}'s view changed at token {index}"
                assert game.actors(sample) == token.actors, f"who acts depends on what seat {viewer} cannot see (token {index})"
                if viewer == seat(token.agent) and token.first:
                    mask = ActionSpelling(env.catalog, game.legal_actions(sample, viewer)).mask()
                    assert np.array_equal(mask, token.mask), f"seat {viewer}'s action mask depends on what it cannot see (token {index})"


@pytest.mark.parametrize(("name", "players"), CASES)
def test_agents_choose_only_between_real_alternatives(name: str, players: int) -> None:
    """No step offers a single token (forced tokens, the first of an action included, are filled in) unless the seat has
    one legal action or none, and every mask offers something."""
    run = episode(name, players)
    for token in run.tokens:
        offered = int(token.mask.sum())
        assert offered >= 1
        assert token.choices <= 1 or offered >= 2, "a forced token was asked for"


RENDER_TOKENS = 600
"""Tokens of the episode whose text is scanned, for every seat, after every token."""


@pytest.mark.parametrize(("name", "players"), CASES)
def test_render_shows_a_seat_nothing_hidden_from_it(name: str, players: int) -> None:
    """The ansi text each seat gets (the lines each step adds, then whose turn it is and, for the seat to act, its
    own options) never holds a word the game declares hidden from that seat at that moment (``game.secrets``).

    Only the lines new at each step are scanned: an older line may name a card that was public then and is hidden
    again now (a discard pile shuffled back), which is no leak.
    """
    env = BoardcoreEnv(name, players, render_mode="ansi")
    game = env.game
    if game.secrets is None:
        pytest.skip(f"{name} declares no secrets(state, viewer) to scan for")
    told = [0] * players
    for _agent, token in masked_random_steps(env, SEED, RENDER_TOKENS):
        env.step(token)
        for viewer in range(players):
            env.render_seat = viewer
            lines = str(env.render()).split("\n")
            new = [*lines[1 + told[viewer] : -1], lines[-1]]
            told[viewer] = len(lines) - 2
            text = "\n".join(new)
            words = [word for word in game.secrets(env.match.state, viewer) if word in text]  # a cheap filter first
            found = find_secrets(text, words)
            assert not found, f"the text for seat {viewer} names {sorted(found)}: {new}"
