"""How a finished game ended: winners (possibly tied or all), scores, ranking."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

__all__ = ["Outcome", "outcome_text"]


def _tuple(value: Any) -> tuple[Any, ...]:
    return tuple(value)


@attrs.frozen
class Outcome:
    """The result of a finished game.

    ``winners`` may hold several seats (a shared win), every seat (a cooperative
    win) or none (a cooperative loss, or a draw). ``ranking`` groups tied seats,
    best first. ``breakdown`` maps each seat to its score by source, for summaries.
    """

    winners: tuple[int, ...] = attrs.field(converter=_tuple)
    ranking: tuple[tuple[int, ...], ...] = attrs.field(converter=_tuple)
    scores: tuple[float, ...] | None = None
    reason: str = "game over"
    cooperative: bool = False
    breakdown: tuple[Mapping[str, float], ...] | None = None
    truncated: bool = False
    """A safety limit that is an option, not a rule, ended the game (the ranking still holds; RL calls it a truncation)."""

    @property
    def is_draw(self) -> bool:
        """Nobody won and the game was not cooperative (or every seat tied)."""
        return not self.cooperative and (not self.winners or len(self.ranking) == 1)

    @property
    def shared(self) -> bool:
        """More than one seat won without the game being cooperative."""
        return not self.cooperative and len(self.winners) > 1

    @classmethod
    def from_scores(
        cls,
        scores: Sequence[float],
        *,
        tiebreak: Callable[[int], Any] | None = None,
        reason: str = "final scoring",
        breakdown: Sequence[Mapping[str, float]] | None = None,
        truncated: bool = False,
    ) -> Outcome:
        """Rank by score (then ``tiebreak(seat)``, higher is better); the top group wins together.

        Raises:
            ValueError: no scores, or a NaN score (it cannot be ranked).
        """
        if not scores:
            raise ValueError("from_scores needs at least one score")
        if any(score != score for score in scores):
            raise ValueError(f"a NaN score cannot be ranked: {tuple(scores)}")

        def key(seat: int) -> tuple[Any, ...]:
            return (scores[seat],) if tiebreak is None else (scores[seat], tiebreak(seat))

        seats = sorted(range(len(scores)), key=key, reverse=True)
        ranking: list[tuple[int, ...]] = []
        for seat in seats:
            if ranking and key(ranking[-1][0]) == key(seat):
                ranking[-1] = (*ranking[-1], seat)
            else:
                ranking.append((seat,))
        ranking = [tuple(sorted(group)) for group in ranking]
        return cls(
            winners=ranking[0],
            ranking=tuple(ranking),
            scores=tuple(scores),
            reason=reason,
            breakdown=None if breakdown is None else tuple(breakdown),
            truncated=truncated,
        )

    @classmethod
    def team(cls, players: int, *, won: bool, reason: str, truncated: bool = False) -> Outcome:
        """A cooperative result: every seat wins, or every seat loses."""
        seats = tuple(range(players))
        return cls(winners=seats if won else (), ranking=(seats,), reason=reason, cooperative=True, truncated=truncated)

    @classmethod
    def draw(cls, players: int, *, reason: str = "draw", scores: Sequence[float] | None = None) -> Outcome:
        """No winner; every seat ranks together."""
        seats = tuple(range(players))
        return cls(winners=(), ranking=(seats,), scores=None if scores is None else tuple(scores), reason=reason)


def outcome_text(outcome: Outcome | None, names: Sequence[str]) -> str:
    """Winners, scores and per-source breakdown, one seat per line (``None``: the game did not finish)."""
    if outcome is None:
        return "The game did not finish."
    if outcome.cooperative:
        head = f"Everyone {'wins' if outcome.winners else 'loses'} ({outcome.reason})."
    elif not outcome.winners or outcome.is_draw:
        head = f"Draw ({outcome.reason})."
    else:
        who = " and ".join(names[s] for s in outcome.winners)
        head = f"{who} {'share the win' if len(outcome.winners) > 1 else 'wins'} ({outcome.reason})."
    lines = [f"Outcome: {head}"]
    if outcome.scores is not None:
        for rank, group in enumerate(outcome.ranking, start=1):
            for seat in group:
                score = outcome.scores[seat]
                shown = int(score) if float(score).is_integer() else score
                parts = ""
                if outcome.breakdown is not None:
                    parts = ", ".join(f"{k} {int(v) if float(v).is_integer() else v}" for k, v in outcome.breakdown[seat].items() if v)
                    parts = f"  ({parts})" if parts else ""
                lines.append(f"  {rank}. {names[seat]}: {shown}{parts}")
    return "\n".join(lines)
