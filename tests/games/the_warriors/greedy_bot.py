"""An exploring bot for the deep contract playouts (the sensible one is the house bot,
``games.the_warriors.bots``).

It covers a spot whenever it can, plays cards and Weapons before rolling, uses
every re-roll and +1 it holds, fights rather than runs and moves as far as it may;
with probability ``noise`` it picks uniformly instead (to explore every rule)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from boardcore import Rng
from boardcore.rng import BOTS
from games.the_warriors import actions as A


def _score(action: Any) -> float:
    if isinstance(action, A.CoverSpot):
        return 100
    if isinstance(action, A.Boost):
        return 60
    if isinstance(action, A.PlayCard):
        return 40 + (5 if action.weapon >= 0 else 0) + (1 if action.pick >= 0 else 0)
    if isinstance(action, A.Roll):
        return 30
    if isinstance(action, A.KeepDice):
        return 20
    if isinstance(action, A.Reroll):
        return 10
    if isinstance(action, A.GiveUp):
        return -100
    if isinstance(action, A.Run):
        return -10
    if isinstance(action, A.Move):
        return action.space
    return 0


@attrs.define
class GreedyBot:
    rng: Rng
    noise: float = 0.1

    @classmethod
    def seeded(cls, seed: int, seat: int, noise: float = 0.1) -> GreedyBot:
        return cls(Rng.from_seed(seed * 7_919 + seat, BOTS), noise)

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        roll, self.rng = self.rng.below(1000)
        if roll < self.noise * 1000:
            action, self.rng = self.rng.choice(legal)
            return action
        best = max(_score(a) for a in legal)
        action, self.rng = self.rng.choice([a for a in legal if _score(a) == best])
        return action
