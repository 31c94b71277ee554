"""The work function of a simulation: play matches from their tasks and return one record each.

Everything here is importable by name (``boardcore.sim.play.play_tasks``), so a
process pool or a Ray worker on another machine runs exactly this code; a task
carries plain values only (the game's registry id, the seed, bot spec strings,
options as JSON), and a record depends only on its task, never on the process
that played it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import msgspec

from boardcore.bots import play_out
from boardcore.match import Match
from boardcore.registry import get_game
from boardcore.sim.specs import parse_spec
from boardcore.strategy import Strategy, strategy_of

__all__ = ["MatchRecord", "MatchTask", "options_text", "play_task", "play_tasks"]


class MatchTask(msgspec.Struct, frozen=True, kw_only=True):
    """One match to play: which game, how many seats, the seed and each seat's bot."""

    game: str
    """Registry id of the game."""
    players: int
    seed: int
    """The match seed: the rules' RNG and every bot are seeded from it (and the seat)."""
    bots: tuple[str, ...]
    """Bot spec per seat, in seat order."""
    options: str = "{}"
    """The game's options as a JSON object (kept as text so that tasks stay hashable)."""
    max_steps: int = 100_000


class MatchRecord(msgspec.Struct, frozen=True, kw_only=True):
    """What one finished match tells a designer: one row of the results table."""

    seed: int
    game: str
    players: int
    bots: tuple[str, ...]
    """Bot spec per seat, in seat order."""
    winners: tuple[int, ...]
    """Seats that won (several: a shared win; every seat: a cooperative win; none: a loss or a draw)."""
    ranks: tuple[int, ...]
    """Each seat's place, 1 for the best group (tied seats share a place)."""
    scores: tuple[float, ...] | None
    reason: str
    """How the game ended, in the game's words."""
    cooperative: bool
    draw: bool
    truncated: bool
    """An option's safety limit, not a rule, ended the game (``Outcome.truncated``)."""
    length: int
    """Actions applied."""
    metrics: tuple[tuple[str, float], ...] = ()
    """The game's per-match figures (``Strategy.metrics``), by name, in the game's order."""
    seat_metrics: tuple[tuple[str, tuple[float, ...]], ...] = ()
    """The game's per-seat figures, by name: one value per seat, in seat order."""


def play_task(task: MatchTask) -> MatchRecord:
    """Play one match to the end with its bots and record the outcome.

    Raises:
        RuntimeError: the match did not finish (it names the seed), or a bot or the rules failed.
    """
    game = get_game(task.game)
    specs = [parse_spec(text) for text in task.bots]
    match = Match.new(game, task.players, task.seed, json.loads(task.options) or None)
    bots = [spec.build(game, task.seed, seat, task.players) for seat, spec in enumerate(specs)]
    try:
        outcome = play_out(match, bots, max_steps=task.max_steps)
    except Exception as exc:
        msg = f"{task.game} seed {task.seed} ({', '.join(task.bots)}): {type(exc).__name__}: {exc}"
        raise RuntimeError(msg) from exc
    metrics, seat_metrics = measure(game, match)
    ranks = [0] * task.players
    for place, group in enumerate(outcome.ranking, start=1):
        for seat in group:
            ranks[seat] = place
    return MatchRecord(
        seed=task.seed,
        game=task.game,
        players=task.players,
        bots=task.bots,
        winners=tuple(outcome.winners),
        ranks=tuple(ranks),
        scores=None if outcome.scores is None else tuple(float(s) for s in outcome.scores),
        reason=outcome.reason,
        cooperative=outcome.cooperative,
        draw=outcome.is_draw,
        truncated=outcome.truncated,
        length=len(match),
        metrics=metrics,
        seat_metrics=seat_metrics,
    )


def measure(
    game: Any, match: Match[Any, Any, Any, Any], strategy: Strategy | None = None
) -> tuple[tuple[tuple[str, float], ...], tuple[tuple[str, tuple[float, ...]], ...]]:
    """The finished match's figures (``Strategy.metrics``, of ``strategy`` or else the game's registered one), split
    into per-match and per-seat figures.

    Raises:
        RuntimeError: the game's metrics are not numbers, or a per-seat figure has the wrong length.
    """
    metrics = strategy_of(game, strategy).metrics
    if metrics is None:
        return (), ()
    found = metrics(match.state, match.events)
    scalars: list[tuple[str, float]] = []
    per_seat: list[tuple[str, tuple[float, ...]]] = []
    for name, value in found.items():
        if isinstance(value, tuple):
            if len(value) != len(match.players) or not all(_number(v) for v in value):
                msg = f"{game.name} metric {name!r}: a per-seat figure is {len(match.players)} numbers, not {value!r}"
                raise RuntimeError(msg)
            per_seat.append((name, tuple(float(v) for v in value)))
        elif _number(value):
            scalars.append((name, float(value)))
        else:
            msg = f"{game.name} metric {name!r} is a number or a tuple of one per seat, not {value!r}"
            raise RuntimeError(msg)
    return tuple(scalars), tuple(per_seat)


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def play_tasks(tasks: Sequence[MatchTask]) -> list[MatchRecord]:
    """Play a batch of matches in order (one unit of work for an executor)."""
    return [play_task(task) for task in tasks]


def options_text(options: dict[str, Any] | None) -> str:
    """Options as the canonical JSON text a task carries."""
    return json.dumps(options or {}, sort_keys=True, separators=(",", ":"))
