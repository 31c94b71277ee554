"""The PettingZoo environment: whole episodes replay as verified matches, leak nothing and spell real actions; illegal
tokens, passes, stuck tables and seedless resets; rewards at the end, and safety limits as truncations.

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
from boardcore.rl import PASS, ActionSpelling, BoardcoreEnv, env, raw_env
from boardcore.rng import DETERMINIZE, Rng
from boardcore.testing.kit import find_secrets
from boardcore.verify import verify
from tests.rl import toy
from tests.rl.cases import CASES, masked_random_steps, play, seat

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


def test_the_wrapped_environment_ends_the_episode_on_an_illegal_token() -> None:
    """rl.env (the checks of PettingZoo's classic wrappers): an illegal token ends the episode with -1 for its agent,
    0 for the rest, and leaves the match as it was; a token outside the action space and a step before reset are
    assertion errors, as with PettingZoo's wrappers."""
    wrapped = env("tic_tac_toe", render_mode="ansi")
    with pytest.raises(AssertionError, match="reset"):
        wrapped.step(2)
    wrapped.reset(seed=1)
    with pytest.raises(AssertionError, match="action space"):
        wrapped.step(99)
    wrapped.step(1)
    assert all(wrapped.terminations.values()) and all(wrapped.truncations.values())
    assert wrapped.rewards == {"player_0": -1.0, "player_1": 0}
    assert len(wrapped.match) == 0
    assert "choose one of" in str(wrapped.render())
    for agent in wrapped.agent_iter():
        assert wrapped.last()[1] == {"player_0": -1.0, "player_1": 0.0}[agent]
        wrapped.step(None)
    assert not wrapped.agents


def test_a_seat_without_legal_action_passes_explicitly() -> None:
    """Both seats act, seat 0 has no legal action: its mask is only the pass token, and passing lets seat 1 act."""
    bare = raw_env(toy.make_game(frozenset({0})), spec=toy.SPEC)
    bare.reset(seed=1)
    assert bare.agent_selection == "player_0"
    assert np.flatnonzero(bare.observe("player_0")["action_mask"]).tolist() == [PASS]
    bare.step(PASS)
    assert bare.agent_selection == "player_1"
    assert PASS not in np.flatnonzero(bare.observe("player_1")["action_mask"])
    taken = play(bare, 2)
    assert bare.match.is_over and all(token == PASS for agent, token in taken if agent == "player_0")


def test_an_episode_where_nobody_can_act_is_truncated() -> None:
    """Every actor passes and nothing changes: the episode is cut (truncated, reward 0), not looped forever."""
    bare = raw_env(toy.make_game(frozenset({0, 1})), spec=toy.SPEC, render_mode="ansi")
    bare.reset(seed=1)
    bare.step(PASS)
    bare.step(PASS)
    assert all(bare.truncations.values()) and not any(bare.terminations.values())
    assert bare.rewards == {"player_0": 0.0, "player_1": 0.0}
    assert "no seat can act" in str(bare.render())
    assert not bare.match.is_over


def test_unseeded_resets_follow_the_last_seed() -> None:
    """reset(seed=s) plays Match.new(game, players, s); later seedless resets are drawn from s, so they repeat too."""
    first, second = raw_env("kuhn_poker"), raw_env("kuhn_poker")
    first.reset(seed=5)
    assert first.match.seed == 5 and first.match.initial_state == Match.new(first.game, 2, 5).initial_state
    second.reset(seed=5)
    first.reset()
    second.reset()
    assert first.match.seed == second.match.seed != 5


def finish(env: BoardcoreEnv, seed: int) -> None:
    """Play masked-random tokens from ``reset(seed=seed)`` until every agent is done (agents not yet removed)."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    while not all(env.terminations[a] or env.truncations[a] for a in env.agents):
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))


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
