"""Tournaments: every line-up of the bots in every seat order, rated with OpenSkill.

Each ordered line-up (``itertools.permutations(bots, players)``: every pairing
and every seat order) plays ``games`` matches with seeds of their own. Ratings
are OpenSkill's Plackett-Luce model (Weng & Lin 2011), updated match by match in
seed order from each match's ranking (ties share a rank), so the table is the
same whatever executor played the games. Bots are sorted by the ordinal
``mu - 3 sigma`` (a conservative skill estimate).
"""

from __future__ import annotations

import csv
import io
import itertools
from collections.abc import Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

import attrs
from openskill.models import PlackettLuce

from boardcore.registry import get_game
from boardcore.sim import plots
from boardcore.sim.play import MatchRecord, MatchTask, options_text
from boardcore.sim.report import display_names
from boardcore.sim.simulate import run_matches
from boardcore.sim.specs import checked_specs, parse_spec
from boardcore.sim.stats import wilson

__all__ = ["Standing", "plan_tournament", "rate", "tournament", "write_standings"]


@attrs.frozen
class Standing:
    """One bot's rating and record over the tournament."""

    bot: str
    mu: float
    sigma: float
    games: int
    wins: int
    draws: int

    @property
    def ordinal(self) -> float:
        """``mu - 3 sigma``: the skill the bot has with about 99.7% confidence."""
        return self.mu - 3 * self.sigma


def plan_tournament(
    game: str, bots: Sequence[str], *, players: int = 2, games: int = 10, seed: int = 1, options: dict[str, Any] | None = None
) -> list[MatchTask]:
    """``games`` matches for every ordered line-up of ``players`` distinct bots; seeds run from ``seed`` up.

    Raises:
        ValueError: fewer bots than seats, a bot named twice, a cooperative or unsupported set-up.
    """
    rules = get_game(game)
    rules.config(players, options)
    specs = checked_specs(rules, bots, players)
    if len(set(specs)) != len(specs):
        raise ValueError(f"each bot may enter once: {', '.join(specs)}")
    if len(specs) < players:
        msg = f"a {players}-player tournament needs at least {players} bots, not {len(specs)}"
        raise ValueError(msg)
    if games < 1:
        raise ValueError(f"--games must be at least 1, not {games}")
    text = options_text(options)
    tasks: list[MatchTask] = []
    for lineup in itertools.permutations(specs, players):
        for _ in range(games):
            tasks.append(MatchTask(game=game, players=players, seed=seed + len(tasks), bots=lineup, options=text))
    return tasks


def rate(records: Sequence[MatchRecord], bots: Sequence[str]) -> list[Standing]:
    """OpenSkill ratings and win/draw counts of ``bots`` over ``records`` (taken in seed order), best first.

    Raises:
        ValueError: a cooperative game (no opponents to rate against).
    """
    model = PlackettLuce()
    current = {bot: model.rating(name=bot) for bot in bots}
    games = dict.fromkeys(bots, 0)
    wins = dict.fromkeys(bots, 0)
    draws = dict.fromkeys(bots, 0)
    for record in sorted(records, key=lambda r: r.seed):
        if record.cooperative:
            raise ValueError(f"{record.game} is cooperative: its seats share one result, so there is nothing to rate")
        teams = model.rate([[current[bot]] for bot in record.bots], ranks=[float(rank) for rank in record.ranks])
        for bot, (rated,) in zip(record.bots, teams):
            current[bot] = rated
            games[bot] += 1
            wins[bot] += record.bots.index(bot) in record.winners and not record.draw
            draws[bot] += record.draw
    standings = [Standing(bot, current[bot].mu, current[bot].sigma, games[bot], wins[bot], draws[bot]) for bot in bots]
    return sorted(standings, key=lambda s: (-s.ordinal, s.bot))


def write_standings(standings: Sequence[Standing], records: Sequence[MatchRecord], directory: Path, title: str) -> Path:
    """``tournament.md`` (ratings, results, head to head), ``ratings.csv`` and the ratings plot; returns the page."""
    shown = display_names(records)
    lines = [f"# {title}", "", f"{len(records)} games. Ratings: OpenSkill Plackett-Luce; ordinal = mu - 3 sigma. Win-rate intervals are 95% Wilson.", ""]
    lines += ["| rank | bot | ordinal | mu | sigma | games | wins | draws | win rate | 95% CI |", "|---|---|---|---|---|---|---|---|---|---|"]
    table = io.StringIO()
    writer = csv.writer(table, lineterminator="\n")
    writer.writerow(("rank", "bot", "ordinal", "mu", "sigma", "games", "wins", "draws", "win_rate", "ci_low", "ci_high"))
    for place, s in enumerate(standings, start=1):
        low, high = wilson(s.wins, s.games)
        rate_ = s.wins / s.games if s.games else 0.0
        lines.append(
            f"| {place} | {shown.get(s.bot, s.bot)} | {s.ordinal:.2f} | {s.mu:.2f} | {s.sigma:.2f} | {s.games} | {s.wins} | {s.draws} | "
            f"{100 * rate_:.1f}% | {100 * low:.1f}-{100 * high:.1f}% |"
        )
        writer.writerow((place, s.bot, f"{s.ordinal:.4f}", f"{s.mu:.4f}", f"{s.sigma:.4f}", s.games, s.wins, s.draws, f"{rate_:.4f}", f"{low:.4f}", f"{high:.4f}"))
    lines.append("")
    names = [s.bot for s in standings]
    if records and records[0].players == 2:
        lines += ["Head to head (row's wins against column, over both seat orders):", ""]
        lines += ["| | " + " | ".join(shown.get(name, name) for name in names) + " |", "|---|" + "---|" * len(names)]
        for row in names:
            cells = []
            for column in names:
                if row == column:
                    cells.append("")
                    continue
                met = [r for r in records if set(r.bots) == {row, column}]
                won = sum(1 for r in met if r.bots.index(row) in r.winners and not r.draw)
                cells.append(f"{won}/{len(met)}")
            lines.append(f"| {shown.get(row, row)} | " + " | ".join(cells) + " |")
        lines.append("")
    stem = "ratings"
    figure = plots.ratings([shown.get(name, name) for name in names], [s.mu for s in standings], [s.sigma for s in standings], title=title)
    saved = plots.save(figure, directory, stem)
    lines += [f"![ratings]({saved[-1]})", ""]
    (directory / "ratings.csv").write_text(table.getvalue(), encoding="utf-8")
    page = directory / "tournament.md"
    page.write_text("\n".join(lines), encoding="utf-8")
    return page


def tournament(
    game: str,
    bots: Sequence[str],
    executor: Executor,
    out: str | Path,
    *,
    players: int = 2,
    games: int = 10,
    seed: int = 1,
    options: dict[str, Any] | None = None,
    progress: bool = False,
) -> list[Standing]:
    """Play every ordered line-up (resumable, like a simulation), rate the bots and write the tables and plot."""
    tasks = plan_tournament(game, bots, players=players, games=games, seed=seed, options=options)
    specs = [str(parse_spec(text)) for text in bots]
    run = {
        "command": "tournament",
        "game": game,
        "rules_version": get_game(game).rules_version,
        "players": players,
        "games": games,
        "seed": seed,
        "bots": specs,
        "options": options or {},
    }
    records = run_matches(tasks, executor, out, run=run, progress=progress)
    standings = rate(records, specs)
    write_standings(standings, records, Path(out), f"Tournament: {game}, {players} players")
    return standings
