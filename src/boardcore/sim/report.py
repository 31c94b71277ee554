"""Balance reports: what a designer asks of thousands of results, as a Markdown page with plots.

For each game, player count and line-up of bots: win rate per seat with 95%
Wilson intervals, the first player's advantage (seat 1's win rate against the
fair share ``1/players``, with an exact two-sided binomial p-value), score and
length distributions, and how games ended; then the win rate of each bot over
every seat it played. A seat *wins* a game when it is among the winners (a shared
win counts for each sharer; draws and shared wins are counted apart). A
cooperative game has one team result, reported once.

The page is ``report.md``; every table is also in ``summary.csv`` and every
figure is a PNG and an SVG beside it.
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
from boardcore.sim.stats import binomial_two_sided, quantiles, wilson

__all__ = ["Group", "group_records", "write_report"]


@attrs.frozen
class Group:
    """Matches of one game at one player count with the same bot in each seat."""

    game: str
    players: int
    bots: tuple[str, ...]
    records: tuple[MatchRecord, ...]

    @property
    def title(self) -> str:
        lineup = ", ".join(self.bots) if len(set(self.bots)) > 1 else f"{self.bots[0]} in every seat"
        return f"{self.game}, {self.players} players ({lineup})"

    @property
    def cooperative(self) -> bool:
        return any(record.cooperative for record in self.records)


def group_records(records: Sequence[MatchRecord]) -> list[Group]:
    """Records grouped by game, player count and line-up (in that order)."""
    groups: dict[tuple[str, int, tuple[str, ...]], list[MatchRecord]] = defaultdict(list)
    for record in records:
        groups[(record.game, record.players, record.bots)].append(record)
    return [Group(game, players, bots, tuple(sorted(found, key=lambda r: r.seed))) for (game, players, bots), found in sorted(groups.items())]


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
            f"| {seat + 1} | {group.bots[seat]} | {wins} | {_percent(wins / games)} | {_interval(low, high)} | "
            f"{'' if not scores else f'{mean:.2f}'} | {spread} |"
        )
        page.summary.append(
            [group.game, str(group.players), ";".join(group.bots), str(seat + 1), group.bots[seat], str(games), str(wins), f"{wins / games:.4f}", f"{low:.4f}", f"{high:.4f}", "" if not scores else f"{mean:.4f}"]
        )
        labels.append(f"seat {seat + 1}")
        rates.append(wins / games)
        intervals.append((low, high))
    draws = sum(1 for record in records if record.draw)
    shared = sum(1 for record in records if len(record.winners) > 1 and not record.draw)
    page.lines += ["", f"Draws: {draws} ({_percent(draws / games)}); shared wins: {shared} ({_percent(shared / games)}).", ""]
    fair = 1 / group.players
    first = sum(1 for record in records if 0 in record.winners)
    p = binomial_two_sided(first, games, fair)
    page.lines += [
        f"**First-player advantage**: seat 1 wins {_percent(first / games)} against a fair share of {_percent(fair)} "
        f"({'+' if first / games >= fair else ''}{100 * (first / games - fair):.1f} points; exact two-sided binomial p = {_p_value(p)}).",
        "",
    ]
    page.figure(
        plots.bar_with_intervals(labels, rates, intervals, title=f"Win rate per seat: {group.title}", ylabel="win rate", reference=fair, reference_label="fair share"),
        f"{stem}-winrate",
        "win rate per seat with 95% intervals",
    )
    if all(record.scores is not None for record in records):
        series = {f"seat {seat + 1}": [record.scores[seat] for record in records if record.scores is not None] for seat in range(group.players)}
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


def _bot_section(page: _Page, records: Sequence[MatchRecord]) -> None:
    """Each bot's win rate over every seat it played, per game and player count (competitive games only)."""
    tally: dict[tuple[str, int, str], list[int]] = defaultdict(lambda: [0, 0])
    for record in records:
        if record.cooperative:
            continue
        for seat, bot in enumerate(record.bots):
            entry = tally[(record.game, record.players, bot)]
            entry[0] += seat in record.winners
            entry[1] += 1
    if len({bot for (_, _, bot) in tally}) < 2:
        return
    page.lines += ["## Per bot", "", "| game | players | bot | seats played | wins | win rate | 95% CI |", "|---|---|---|---|---|---|---|"]
    for (game, players, bot), (wins, played) in sorted(tally.items()):
        low, high = wilson(wins, played)
        page.lines.append(f"| {game} | {players} | {bot} | {played} | {wins} | {_percent(wins / played)} | {_interval(low, high)} |")
    page.lines.append("")


SUMMARY_COLUMNS = ("game", "players", "bots", "seat", "bot", "games", "wins", "win_rate", "ci_low", "ci_high", "mean_score")


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
        "score intervals; a seat wins a game when it is among the winners. Seat 1 is the first player (seat 0 in the API).",
        "",
    ]
    for index, group in enumerate(groups, start=1):
        stem = f"{group.game}-p{group.players}-g{index}"
        seeds = [record.seed for record in group.records]
        page.lines += [f"## {group.title}", "", f"{len(group.records):,} games, seeds {min(seeds)}-{max(seeds)}.", ""]
        _seat_section(page, group, stem)
        _length_and_endings(page, group, stem)
    _bot_section(page, records)
    report = out / "report.md"
    report.write_text("\n".join(page.lines).rstrip() + "\n", encoding="utf-8")
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(SUMMARY_COLUMNS)
    writer.writerows(page.summary)
    (out / "summary.csv").write_text(buffer.getvalue(), encoding="utf-8")
    return report
