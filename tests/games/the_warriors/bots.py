"""A simple heuristic bot for The Warriors (tests and the win-rate script only).

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


@attrs.define
class SensibleBot:
    """Plays like a careful person: covers Weapon spots with Weapons, rolls about 3 dice,
    keeps the rest of the hand, avoids Fight tokens when it is short of cards, rests
    when its hand runs low, and fights when challenged."""

    rng: Rng

    @classmethod
    def seeded(cls, seed: int, seat: int) -> SensibleBot:
        return cls(Rng.from_seed(seed * 104_729 + seat, BOTS))

    def _pick(self, options: Sequence[Any]) -> Any:
        action, self.rng = self.rng.choice(options)
        return action

    @staticmethod
    def _value(view: Any, cover: Any) -> int:
        """How much covering this spot helps: gang spots, then needed Reputation, then needed Location spots."""
        from games.the_warriors.phases.fight import spots

        f = view.fight
        tile = spots(f)
        if cover.spot < 2:
            return 3
        covered_loc = [i for i in f.covered if i >= 2]
        reps = sum(1 for i in covered_loc if tile[i].rep)
        if tile[cover.spot].rep and reps < f.need_rep:
            return 2
        if len(covered_loc) < f.need_loc - max(0, f.need_rep - reps):
            return 1
        return 0

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        kind = view.pending.kind if view.pending is not None else ""
        me = view.me
        of = lambda t: [a for a in legal if isinstance(a, t)]  # noqa: E731
        if kind == "play":
            weapon_covers = [a for a in of(A.CoverSpot) if self._value(view, a) > 0]
            if weapon_covers:
                return max(weapon_covers, key=lambda a: self._value(view, a))
            f = view.fight
            if f.dice_total < 3:
                plays = of(A.PlayCard)
                boosted = [a for a in plays if a.weapon >= 0 and a.card < 32]
                if boosted:
                    return self._pick(boosted)
                if plays:
                    helpful = [a for a in plays if a.pick >= 0] or plays
                    return self._pick(helpful)
            if of(A.Roll):
                return of(A.Roll)[0]
            return legal[-1]
        if kind == "reroll":
            rr = of(A.Reroll)
            f = view.fight
            low = [a for a in rr if a.die < 0 or (0 <= a.die < len(f.dice) and f.dice[a.die] <= 2)]
            if low:
                return self._pick(low)
            return A.KeepDice() if A.KeepDice() in legal else legal[0]
        if kind == "boost":
            covers = of(A.CoverSpot)
            if covers:
                return max(covers, key=lambda a: (self._value(view, a), a.weapon < 0))
            boosts = of(A.Boost)
            if boosts:
                return self._pick(boosts)
            return legal[-1]
        if kind == "move":
            hand = len(view.hand)
            moves = of(A.Move)
            if hand <= 2 and view.seats[me].discard:
                return A.Rest()
            safe = [a for a in moves if a.space not in view.tokens]
            if safe and hand < 5:
                return max(safe, key=lambda a: a.space)
            if moves:
                return max(moves, key=lambda a: a.space)
            return A.Rest()
        if kind == "challenge":
            return A.StandAndFight()
        if kind in ("return", "war_row", "weapon_row"):
            return legal[0]
        return self._pick(legal)
