"""Bots choose actions from what a seat may know: a view and its legal actions.

A bot never receives the full state. ``RandomBot`` draws from its own RNG
stream (``rng.BOTS``), so bots never shift the game's own draws.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

import attrs

from boardcore.rng import BOTS, Rng

__all__ = ["BOT_KINDS", "Bot", "RandomBot", "make_bots", "play_out"]

BOT_KINDS = ("house", "random")
"""``random``: uniform over legal actions; ``house``: the game's own sensible bot (random if it has none)."""


class Bot(Protocol):
    """Anything that picks one of ``legal`` given the seat's ``view``."""

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        """One element of ``legal``."""
        ...


@attrs.define
class RandomBot:
    """Uniform over the legal actions, from a seeded stream of its own."""

    rng: Rng

    @classmethod
    def seeded(cls, seed: int, seat: int = 0) -> RandomBot:
        """A bot for ``seat`` whose choices depend only on ``seed`` and ``seat``."""
        return cls(Rng.from_seed(seed * 1_000_003 + seat, BOTS))

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        """A uniformly random legal action."""
        action, self.rng = self.rng.choice(legal)
        return action


def make_bots(game: Any, players: int, seed: int, kind: str = "house") -> list[Bot]:
    """One bot per seat: the game's house bot, or uniform random ones.

    Raises:
        ValueError: an unknown ``kind``.
    """
    if kind not in BOT_KINDS:
        msg = f"unknown bot kind {kind!r}; choose one of {', '.join(BOT_KINDS)}"
        raise ValueError(msg)
    if kind == "house" and game.house_bot is not None:
        return [game.house_bot(seed, seat) for seat in range(players)]
    return [RandomBot.seeded(seed, seat) for seat in range(players)]


def play_out(match: Any, bots: Sequence[Bot], *, max_steps: int = 1_000_000) -> Any:
    """Let ``bots[seat]`` act until the game is over; returns the outcome.

    When several seats may act at once, the lowest seat acts first.

    Raises:
        RuntimeError: the game stalled (no actor, no outcome) or ran past ``max_steps``.
    """
    game = match.game
    for _ in range(max_steps):
        if match.is_over:
            return match.outcome
        actors = match.actors
        if not actors:
            raise RuntimeError(f"{game.name}: nobody may act but the game has no outcome")
        seat = min(actors)
        legal = match.legal_actions(seat)
        if not legal:
            raise RuntimeError(f"{game.name}: seat {seat} must act but has no legal action")
        match.apply(seat, bots[seat].choose(match.view(seat), legal))
    raise RuntimeError(f"{game.name}: no outcome after {max_steps} steps")
