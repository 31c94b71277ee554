"""Bots choose actions from what a seat may know: a view and its legal actions.

A bot never receives the full state. A searching bot may also ask for
*samples*: states drawn by ``determinize`` for its seat, which agree with its
view and reveal nothing it could not know. ``RandomBot`` and ``MonteCarloBot``
draw from their own RNG streams, so bots never shift the game's own draws.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

import attrs

from boardcore.errors import IllegalAction
from boardcore.game import Game
from boardcore.match import Match
from boardcore.outcome import Outcome
from boardcore.rng import BOTS, DETERMINIZE, Rng
from boardcore.strategy import Strategy, strategy_of

__all__ = ["BOT_KINDS", "Bot", "MonteCarloBot", "RandomBot", "SamplingBot", "bot_rng", "choose", "make_bots", "play_out"]

S = TypeVar("S")
A = TypeVar("A")
E = TypeVar("E")
V = TypeVar("V")
V_contra = TypeVar("V_contra", contravariant=True)

BOT_KINDS = ("house", "random")
"""``random``: uniform over legal actions; ``house``: the game's own sensible bot (random if it has none)."""


class Bot(Protocol[V_contra, A]):
    """Anything that picks one of ``legal`` given the seat's ``view``."""

    def choose(self, view: V_contra, legal: Sequence[A]) -> A:
        """One element of ``legal``."""
        ...


class SamplingBot(Protocol[V_contra, A]):
    """A bot that searches: besides its view it may draw states consistent with that view."""

    def choose_sampled(self, view: V_contra, legal: Sequence[A], sample: Callable[[Rng], Any]) -> A:
        """One element of ``legal``; ``sample(rng)`` is ``determinize`` of the real state for this seat."""
        ...


def bot_rng(seed: int, seat: int, stream: int = BOTS) -> Rng:
    """The RNG of ``seat``'s bot in a game seeded ``seed``: the one seeding rule every bot uses.

    Each seat gets its own sequence, so one bot's choices never shift another's.
    """
    return Rng.from_seed(seed * 1_000_003 + seat, stream)


@attrs.define
class RandomBot:
    """Uniform over the legal actions, from a seeded stream of its own."""

    rng: Rng

    @classmethod
    def seeded(cls, seed: int, seat: int = 0) -> RandomBot:
        """A bot for ``seat`` whose choices depend only on ``seed`` and ``seat``."""
        return cls(bot_rng(seed, seat))

    def choose(self, view: Any, legal: Sequence[A]) -> A:
        """A uniformly random legal action."""
        action, self.rng = self.rng.choice(legal)
        return action


@attrs.define
class MonteCarloBot:
    """Flat Monte Carlo search over determinized samples (a baseline searching bot).

    For each legal action it plays ``rollouts`` random games from fresh samples of
    the hidden information and keeps the action with the best mean score for its
    seat (``Outcome.scores``, else 1 for a win and 0 otherwise). It sees only its
    view and samples, never the real state.
    """

    game: Any
    seat: int
    rng: Rng
    rollouts: int = 8
    max_depth: int = 10_000

    @classmethod
    def seeded(cls, game: Any, seed: int, seat: int, rollouts: int = 8) -> MonteCarloBot:
        """A search bot for ``seat`` whose choices depend only on ``seed`` and ``seat``."""
        return cls(game, seat, bot_rng(seed, seat, DETERMINIZE), rollouts)

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        """Without samples there is nothing to search: the first legal action."""
        return legal[0]

    def choose_sampled(self, view: Any, legal: Sequence[Any], sample: Callable[[Rng], Any]) -> Any:
        """The legal action with the best mean rollout score."""
        if len(legal) == 1:
            return legal[0]
        best, best_score = legal[0], float("-inf")
        for action in legal:
            total = 0.0
            for _ in range(self.rollouts):
                world_rng, self.rng = self.rng.next_word()
                total += self._rollout(sample(Rng.from_seed(world_rng, DETERMINIZE)), action)
            if total > best_score:
                best, best_score = action, total
        return best

    def _rollout(self, state: Any, action: Any) -> float:
        game = self.game
        try:
            _, state = game.act(state, self.seat, action)
        except IllegalAction:  # not legal in this sampled world (it hinged on something hidden)
            return float("-inf")
        for _ in range(self.max_depth):
            outcome = game.outcome(state)
            if outcome is not None:
                if outcome.scores is not None:
                    return float(outcome.scores[self.seat])
                return 1.0 if self.seat in outcome.winners else 0.0
            seat = min(game.actors(state))
            choice, self.rng = self.rng.choice(game.legal_actions(state, seat))
            _, state = game.act(state, seat, choice)
        return 0.0


def make_bots(game: Game[Any, A, Any, V], players: int, seed: int, kind: str = "house", *, strategy: Strategy | None = None) -> list[Bot[V, A]]:
    """One bot per seat: the game's house bot (from ``strategy``, else the one registered for the game), or uniform
    random ones.

    Raises:
        ValueError: an unknown ``kind``.
    """
    if kind not in BOT_KINDS:
        msg = f"unknown bot kind {kind!r}; choose one of {', '.join(BOT_KINDS)}"
        raise ValueError(msg)
    house = strategy_of(game, strategy).house_bot if kind == "house" else None
    if house is not None:
        return [house(seed, seat) for seat in range(players)]
    return [RandomBot.seeded(seed, seat) for seat in range(players)]


def choose(bot: Bot[V, A], match: Match[S, A, E, V], seat: int, legal: Sequence[A] | None = None) -> A:
    """``bot``'s action for ``seat`` now, from the seat's view and legal actions (``legal``, when the caller has just
    asked for them); a searching bot (:class:`SamplingBot`) also gets ``sample(rng)``: worlds drawn by
    ``determinize`` for the seat, never the state."""
    if legal is None:
        legal = match.legal_actions(seat)
    sampled = getattr(bot, "choose_sampled", None)
    if sampled is None:
        return bot.choose(match.view(seat), legal)
    game, state = match.game, match.state

    def sample(rng: Rng) -> S:
        return game.determinize(state, seat, rng)

    return sampled(match.view(seat), legal, sample)  # type: ignore[no-any-return]


def play_out(match: Match[S, A, E, V], bots: Sequence[Bot[V, A]], *, max_steps: int = 1_000_000) -> Outcome:
    """Let ``bots[seat]`` act until the game is over; returns the outcome.

    When several seats may act at once, the lowest seat acts first.

    Raises:
        RuntimeError: the game stalled (no actor, no outcome) or ran past ``max_steps``.
    """
    game = match.game
    for _ in range(max_steps):
        outcome = match.outcome
        if outcome is not None:
            return outcome
        actors = match.actors
        if not actors:
            raise RuntimeError(f"{game.name}: nobody may act but the game has no outcome")
        seat = min(actors)
        legal = match.legal_actions(seat)
        if not legal:
            raise RuntimeError(f"{game.name}: seat {seat} must act but has no legal action")
        match.apply(seat, choose(bots[seat], match, seat, legal))
    raise RuntimeError(f"{game.name}: no outcome after {max_steps} steps")
