"""A game's declared facts (players, kind of play, outcome, chance, secrecy, length) that tools can query.

Said once, by the game, from its rulebook; ``Game.player_counts`` is derived from it, and the contract suite
(:func:`boardcore.testing.contract.check_info_holds`) checks every figure against seeded random play.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

import attrs

__all__ = ["GameInfo"]

Play = Literal["competitive", "cooperative", "team"]
Result = Literal["win-loss", "scores", "ranks"]


def _counts(value: Iterable[int]) -> tuple[int, ...]:
    return tuple(value)


def _check(info: GameInfo) -> None:
    if not info.players or any(n < 1 for n in info.players) or list(info.players) != sorted(set(info.players)):
        msg = f"GameInfo.players must be distinct positive counts in rising order, not {info.players!r}"
        raise ValueError(msg)
    if info.score_range is not None and info.score_range[0] > info.score_range[1]:
        msg = f"GameInfo.score_range must be (lowest, highest), not {info.score_range!r}"
        raise ValueError(msg)
    if (info.max_decisions is None) == (not info.unbounded_because):
        msg = "GameInfo: give max_decisions, or say in unbounded_because why the rules set no bound (never both)"
        raise ValueError(msg)


@attrs.frozen(kw_only=True)
class GameInfo:
    """What the rules say about a game as a whole (cf. OpenSpiel's GameType/GameInfo); every figure is checked by play."""

    players: tuple[int, ...] = attrs.field(converter=_counts)
    """Supported numbers of players, rising."""
    play: Play
    """``competitive`` (each seat for itself), ``cooperative`` (all seats win or lose together) or ``team``."""
    result: Result
    """What a finished game reports: ``win-loss`` (scores only mark win, draw, loss), ``scores`` or ``ranks``."""
    score_range: tuple[float, float] | None
    """Lowest and highest score any seat can finish with, where the rules bound it; ``None`` where they do not."""
    chance: bool
    """Dice, shuffles or random deals: the rules draw from the state's RNG."""
    hidden_information: bool
    """Some seat holds something another seat may not see."""
    simultaneous: bool
    """Several seats may be asked to decide at the same time."""
    max_decisions: int | None
    """Most decisions (actions taken, all seats together) a game can last under the rules; ``None`` with
    ``unbounded_because`` where the rules set no bound."""
    unbounded_because: str = ""
    """Why the rules set no bound on length (empty when ``max_decisions`` is given)."""

    def __attrs_post_init__(self) -> None:
        _check(self)

    def lines(self) -> list[str]:
        """The record as ``field: value`` lines, for ``boardcore games --info``."""
        low_high = "not bounded by the rules" if self.score_range is None else f"{self.score_range[0]:g} to {self.score_range[1]:g}"
        length = str(self.max_decisions) if self.max_decisions is not None else f"unbounded ({self.unbounded_because})"
        return [
            f"players: {', '.join(map(str, self.players))}",
            f"play: {self.play}",
            f"result: {self.result}",
            f"score range: {low_high}",
            f"chance: {'yes' if self.chance else 'no'}",
            f"hidden information: {'yes' if self.hidden_information else 'no'}",
            f"simultaneous decisions: {'yes' if self.simultaneous else 'no'}",
            f"max decisions: {length}",
        ]
