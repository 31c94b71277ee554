"""Balance reports: what a designer asks of thousands of results, as a Markdown page with plots.

For each game, player count and line-up of bots: win rate per seat with 95%
Wilson intervals, score and length distributions, how games ended and the game's
own metrics (``Strategy.metrics``); then the seat advantage, pooled over seat rotations
with bot strength taken out (:mod:`boardcore.sim.seat_advantage`), and each bot over every
seat it played. A seat *wins* a game when it is among the winners (a shared
win counts for each sharer; draws and shared wins are counted apart). A
cooperative game has one team result, reported once. Seats are numbered from 0, as
in the results files and the API; bots are shown by their display names (``name=``).

The page is ``report.md``; the seat tables are also in ``summary.csv``, the metrics
in ``metrics.csv``, and every figure is a PNG and an SVG beside it.
"""

from __future__ import annotations

import csv
import io
import math
import statistics
from collections import Counter, defaultdict
from collections.abc import Sequence
from pathlib import Path

import attrs

from boardcore.sim import plots
from boardcore.sim.play import MatchRecord
from boardcore.sim.seat_advantage import SeatPool, seat_pools
from boardcore.sim.specs import display_name
from boardcore.sim.stats import quantiles, wilson

__all__ = ["Group", "display_names", "group_records", "write_report"]


def display_names(records: Sequence[MatchRecord]) -> dict[str, str]:
    """Each bot spec's display name (its ``name=``), or the spec itself where two specs would share a name."""
    specs = sorted({bot for record in records for bot in record.bots})
    names = {spec: display_name(spec) for spec in specs}
    counts = Counter(names.values())
    return {spec: name if counts[name] == 1 else spec for spec, name in names.items()}


@attrs.frozen
class Group:
    """Matches of one game at one player count with the same bot in each seat."""

    game: str
    players: int
    bots: tuple[str, ...]
    records: tuple[MatchRecord, ...]
    labels: tuple[str, ...] = ()
    """Display name of each seat's bot (the specs themselves when not given)."""

    @property
    def names(self) -> tuple[str, ...]:
        return self.labels or self.bots

    @property
    def title(self) -> str:
        names = self.names
        lineup = ", ".join(names) if len(set(names)) > 1 else f"{names[0]} in every seat"
        return f"{self.game}, {self.players} players ({lineup})"

    @property
    def cooperative(self) -> bool:
        return any(record.cooperative for record in self.records)


def group_records(records: Sequence[MatchRecord]) -> list[Group]:
    """Records grouped by game, player count and line-up (in that order)."""
    groups: dict[tuple[str, int, tuple[str, ...]], list[MatchRecord]] = defaultdict(list)
    for record in records:
        groups[(record.game, record.players, record.bots)].append(record)
    names = display_names(records)
    return [
        Group(game, players, bots, tuple(sorted(found, key=lambda r: r.seed)), tuple(names[bot] for bot in bots))
        for (game, players, bots), found in sorted(groups.items())
    ]


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def _interval(low: float, high: float) -> str:
    return f"{100 * low:.1f}-{100 * high:.1f}%"


def _p_value(p: float) -> str:
    return f"{p:.2g}" if p >= 1e-4 else "< 0.0001"


def _number(value: float) -> str:
    return f"{value:.0f}" if float(value).is_integer() else f"{value:.1f}"


class _Page:
    """The Markdown page and the summary rows, built section by section."""

    def __init__(self, directory: Path, formats: Sequence[str]) -> None:
        self.directory = directory
        self.formats = formats
        self.lines: list[str] = []
        self.summary: list[list[str]] = []
        self.metrics: list[list[str]] = []

    def figure(self, figure: plots.Figure, stem: str, caption: str) -> None:
        names = plots.save(figure, self.directory, stem, self.formats)
        shown = next((name for name in names if name.endswith(".svg")), names[0])
        self.lines += [f"![{caption}]({shown})", ""]


def _seat_section(page: _Page, group: Group, stem: str) -> None:
    records = group.records
    games = len(records)
    if group.cooperative:
        wins = sum(1 for record in records if record.winners)
        low, high = wilson(wins, games)
        page.lines += ["| result | games | share | 95% CI |", "|---|---|---|---|"]
        page.lines += [f"| team wins | {wins} | {_percent(wins / games)} | {_interval(low, high)} |", ""]
        page.summary.append([group.game, str(group.players), ";".join(group.bots), "team", "", str(games), str(wins), f"{wins / games:.4f}", f"{low:.4f}", f"{high:.4f}", ""])
        return
    page.lines += ["| seat | bot | wins | win rate | 95% CI | mean score | score quartiles (min, Q1, median, Q3, max) |", "|---|---|---|---|---|---|---|"]
    labels, rates, intervals = [], [], []
    for seat in range(group.players):
        wins = sum(1 for record in records if seat in record.winners)
        low, high = wilson(wins, games)
        scores = [record.scores[seat] for record in records if record.scores is not None]
        mean = statistics.fmean(scores) if scores else math.nan
        spread = ", ".join(_number(q) for q in quantiles(scores)) if scores else ""
        page.lines.append(
            f"| {seat} | {group.names[seat]} | {wins} | {_percent(wins / games)} | {_interval(low, high)} | "
            f"{'' if not scores else f'{mean:.2f}'} | {spread} |"
        )
        page.summary.append(
            [group.game, str(group.players), ";".join(group.bots), str(seat), group.bots[seat], str(games), str(wins), f"{wins / games:.4f}", f"{low:.4f}", f"{high:.4f}", "" if not scores else f"{mean:.4f}"]
        )
        labels.append(f"seat {seat}")
        rates.append(wins / games)
        intervals.append((low, high))
    draws = sum(1 for record in records if record.draw)
    shared = sum(1 for record in records if len(record.winners) > 1 and not record.draw)
    page.lines += ["", f"Draws: {draws} ({_percent(draws / games)}); shared wins: {shared} ({_percent(shared / games)}).", ""]
    fair = 1 / group.players
    page.figure(
        plots.bar_with_intervals(labels, rates, intervals, title=f"Win rate per seat: {group.title}", ylabel="win rate", reference=fair, reference_label="fair share"),
        f"{stem}-winrate",
        "win rate per seat with 95% intervals",
    )
    if all(record.scores is not None for record in records):
        series = {f"seat {seat} ({group.names[seat]})": [record.scores[seat] for record in records if record.scores is not None] for seat in range(group.players)}
        page.figure(plots.histograms(series, title=f"Final scores: {group.title}", xlabel="score"), f"{stem}-scores", "score distribution per seat")


def _length_and_endings(page: _Page, group: Group, stem: str) -> None:
    records = group.records
    lengths = [record.length for record in records]
    low, q1, median, q3, high = quantiles(lengths)
    page.lines += [
        f"**Length** (actions): mean {statistics.fmean(lengths):.1f}, min {_number(low)}, Q1 {_number(q1)}, "
        f"median {_number(median)}, Q3 {_number(q3)}, max {_number(high)}.",
        "",
    ]
    page.figure(plots.histograms({"actions": lengths}, title=f"Game length: {group.title}", xlabel="actions per game"), f"{stem}-length", "game length")
    truncated = sum(1 for record in records if record.truncated)
    page.lines += [f"**Cut short by a safety limit** (an option's cap, not a rule, ended the game): {truncated} ({_percent(truncated / len(records))}).", ""]
    endings = Counter(record.reason for record in records)
    page.lines += ["| how the game ended | games | share |", "|---|---|---|"]
    page.lines += [f"| {reason} | {count} | {_percent(count / len(records))} |" for reason, count in sorted(endings.items(), key=lambda item: (-item[1], item[0]))]
    page.lines.append("")
    if len(endings) > 1:
        page.figure(plots.horizontal_counts(endings, title=f"Endings: {group.title}"), f"{stem}-endings", "how games ended")


def _bot_section(page: _Page, records: Sequence[MatchRecord], names: dict[str, str]) -> None:
    """Each bot's win rate over every seat it played, and its per-seat metrics, per game and player count."""
    tally: dict[tuple[str, int, str], list[int]] = defaultdict(lambda: [0, 0])
    figures: dict[tuple[str, int, str, str], list[float]] = defaultdict(list)
    for record in records:
        for seat, bot in enumerate(record.bots):
            for metric, values in record.seat_metrics:
                figures[(record.game, record.players, names[bot], metric)].append(values[seat])
            if record.cooperative:
                continue
            entry = tally[(record.game, record.players, names[bot])]
            entry[0] += seat in record.winners
            entry[1] += 1
    if len({bot for (_, _, bot) in tally}) < 2:
        return
    page.lines += ["## Per bot", "", "| game | players | bot | seats played | wins | win rate | 95% CI |", "|---|---|---|---|---|---|---|"]
    for (game, players, bot), (wins, played) in sorted(tally.items()):
        low, high = wilson(wins, played)
        page.lines.append(f"| {game} | {players} | {bot} | {played} | {wins} | {_percent(wins / played)} | {_interval(low, high)} |")
    page.lines.append("")
    if figures:
        page.lines += ["Per-seat metrics of each bot, over every seat it played:", ""]
        page.lines += ["| game | players | bot | metric | seats played | mean | quartiles (min, Q1, median, Q3, max) |", "|---|---|---|---|---|---|---|"]
        for (game, players, bot, metric), found in sorted(figures.items()):
            spread = ", ".join(_number(q) for q in quantiles(found))
            page.lines.append(f"| {game} | {players} | {bot} | {metric} | {len(found)} | {statistics.fmean(found):.2f} | {spread} |")
        page.lines.append("")


def _metrics_section(page: _Page, group: Group, stem: str) -> None:
    """The game's per-match and per-seat metrics: mean and quartiles, and one figure of small multiples."""
    records = group.records
    series: dict[str, dict[str, list[float]]] = {}
    rows: list[tuple[str, str, str, list[float]]] = []
    for metric in dict.fromkeys(name for record in records for name, _ in record.metrics):
        values = [dict(record.metrics)[metric] for record in records if metric in dict(record.metrics)]
        rows.append((metric, "all", "", values))
        series[metric] = {"": values}
    for metric in dict.fromkeys(name for record in records for name, _ in record.seat_metrics):
        per_seat = [[dict(record.seat_metrics)[metric][seat] for record in records if metric in dict(record.seat_metrics)] for seat in range(group.players)]
        rows += [(metric, str(seat), group.names[seat], values) for seat, values in enumerate(per_seat)]
        series[metric] = {f"seat {seat}": values for seat, values in enumerate(per_seat)}
    if not rows:
        return
    page.lines += ["**Metrics** (the game's own figures per match):", ""]
    page.lines += ["| metric | seat | bot | mean | quartiles (min, Q1, median, Q3, max) |", "|---|---|---|---|---|"]
    for metric, seat, bot, values in rows:
        spread = ", ".join(_number(q) for q in quantiles(values))
        page.lines.append(f"| {metric} | {seat} | {bot} | {statistics.fmean(values):.2f} | {spread} |")
        page.metrics.append([group.game, str(group.players), ";".join(group.bots), metric, "" if seat == "all" else seat, bot, str(len(values)), f"{statistics.fmean(values):.4f}", *(f"{q:g}" for q in quantiles(values))])
    page.lines.append("")
    page.figure(plots.histogram_grid(series, title=f"Metrics: {group.title}"), f"{stem}-metrics", "metric distributions (per match, then per seat)")


def _seat_advantage_section(page: _Page, pools: Sequence[SeatPool], names: dict[str, str]) -> None:
    """Seat advantage per pool of rotated line-ups, every seat tested, bot strength taken out."""
    page.lines += [
        "## Seat advantage",
        "",
        "Matches are pooled over seat rotations (line-ups of the same bots in any order). A seat's expected wins are "
        "those of the bots that sat in it at their win rates over every seat they played in the pool, so a strong bot "
        "does not make its seat look favoured; p is the two-sided stratified score test (normal approximation), and "
        "the Bonferroni p multiplies it by the number of seats.",
        "",
    ]
    for pool in pools:
        lineup = ", ".join(names[bot] for bot in pool.bots)
        page.lines += [f"### {pool.game}, {pool.players} players: {lineup} ({pool.games:,} games)", ""]
        if not pool.lines:
            who = ", ".join(names[bot] for bot in pool.fixed)
            page.lines += [f"No seat-advantage line: {who + ' ' if who else ''}{pool.reason}.", ""]
            continue
        page.lines += ["| seat | games | wins | win rate | expected from its bots | advantage | p | Bonferroni p |", "|---|---|---|---|---|---|---|---|"]
        for line in pool.lines:
            bonferroni = min(1.0, line.p_value * pool.players)
            page.lines.append(
                f"| {line.seat} | {line.games} | {line.wins} | {_percent(line.wins / line.games)} | {_percent(line.expected / line.games)} | "
                f"{100 * line.advantage:+.1f} points | {_p_value(line.p_value)} | {_p_value(bonferroni)} |"
            )
        page.lines.append("")
        if len(pool.strength) > 1:
            page.lines += ["Bot strength by seat (win rate; the row's overall rate is what the seats are measured against):", ""]
            seats = range(pool.players)
            page.lines += ["| bot | overall | " + " | ".join(f"seat {seat}" for seat in seats) + " |", "|---|---|" + "---|" * pool.players]
            cells = {(bot, seat): (n, w) for bot, seat, n, w in pool.by_bot}
            for bot, n, w in pool.strength:
                shown = [f"{_percent(cells[(bot, seat)][1] / cells[(bot, seat)][0])} of {cells[(bot, seat)][0]}" if (bot, seat) in cells else "" for seat in seats]
                page.lines.append(f"| {names[bot]} | {_percent(w / n)} of {n} | " + " | ".join(shown) + " |")
            page.lines.append("")


SUMMARY_COLUMNS = ("game", "players", "bots", "seat", "bot", "games", "wins", "win_rate", "ci_low", "ci_high", "mean_score")
METRICS_COLUMNS = ("game", "players", "bots", "metric", "seat", "bot", "games", "mean", "min", "q1", "median", "q3", "max")
"""Columns of ``metrics.csv`` (``seat`` empty for a per-match figure)."""


def write_report(records: Sequence[MatchRecord], directory: str | Path, *, title: str | None = None, formats: Sequence[str] = plots.FORMATS) -> Path:
    """Write ``report.md``, ``summary.csv`` and the figures into ``directory``; returns the page's path.

    Raises:
        ValueError: no records, or an unknown figure format.
    """
    if not records:
        raise ValueError("no results to report on")
    unknown = [fmt for fmt in formats if fmt not in plots.FORMATS]
    if unknown:
        msg = f"figure formats are {', '.join(plots.FORMATS)}, not {', '.join(unknown)}"
        raise ValueError(msg)
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    page = _Page(out, formats)
    groups = group_records(records)
    games = sorted({record.game for record in records})
    page.lines += [f"# {title or 'Balance report: ' + ', '.join(games)}", ""]
    page.lines += [
        f"{len(records):,} games in {len(groups)} group(s) (game, player count and bot in each seat). Intervals are 95% Wilson "
        "score intervals; a seat wins a game when it is among the winners. Seats are numbered from 0 (seat 0 moves first), "
        "as in the results files.",
        "",
    ]
    for index, group in enumerate(groups, start=1):
        stem = f"{group.game}-p{group.players}-g{index}"
        seeds = [record.seed for record in group.records]
        page.lines += [f"## {group.title}", "", f"{len(group.records):,} games, seeds {min(seeds)}-{max(seeds)}.", ""]
        _seat_section(page, group, stem)
        _length_and_endings(page, group, stem)
        _metrics_section(page, group, stem)
    names = display_names(records)
    _seat_advantage_section(page, seat_pools(records), names)
    _bot_section(page, records, names)
    report = out / "report.md"
    report.write_text("\n".join(page.lines).rstrip() + "\n", encoding="utf-8")
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(SUMMARY_COLUMNS)
    writer.writerows(page.summary)
    (out / "summary.csv").write_text(buffer.getvalue(), encoding="utf-8")
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(METRICS_COLUMNS)
    writer.writerows(page.metrics)
    (out / "metrics.csv").write_text(buffer.getvalue(), encoding="utf-8")
    return report
