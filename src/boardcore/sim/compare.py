"""Two sets of results side by side: did the rule change (or the options) move win rates and metrics?

Each line-up (player count and bot in each seat) found in both sets is compared seat by
seat: win rates, mean scores, game length and every metric of ``Strategy.metrics``, as
``B - A`` with a 95% interval. Where the two sets share seeds, the difference is paired
over the common seeds (the same deals and dice under both rules, so the noise of the
deal cancels): the mean of the per-seed differences, normal interval. Without common
seeds the samples are independent: Newcombe's interval for win rates, Welch's standard
error for means. Line-ups found in only one set are listed, not compared.

The page is ``compare.md``, the numbers ``compare.csv``, and each line-up's differences
one figure of small multiples (PNG and SVG).
"""

from __future__ import annotations

import csv
import io
import math
import statistics
from collections import defaultdict
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

import attrs

from boardcore.sim import plots
from boardcore.sim.play import MatchRecord
from boardcore.sim.report import display_names
from boardcore.sim.stats import mean_interval, newcombe, welch_interval

__all__ = ["COLUMNS", "Difference", "compare_results", "write_comparison"]

COLUMNS = ("players", "bots", "figure", "seat", "games_a", "games_b", "paired", "a", "b", "difference", "ci_low", "ci_high")
"""Columns of ``compare.csv`` (``seat`` empty for a per-match figure; ``paired``: common seeds used, 0 when independent)."""


@attrs.frozen
class Difference:
    """One figure of one seat (or of the match) under A and B, and ``B - A`` with its 95% interval."""

    figure: str
    """``win rate``, ``score``, ``length`` or a metric's name."""
    seat: int | None
    a: float
    b: float
    difference: float
    low: float
    high: float
    games_a: int
    games_b: int
    paired: int
    """Common seeds the difference is paired over (0: independent samples)."""

    @property
    def clear(self) -> bool:
        """The interval excludes 0: the change moved this figure."""
        return self.low > 0 or self.high < 0


Extract = Callable[[MatchRecord], float | None]


def _won(seat: int, record: MatchRecord) -> float:
    return float(seat in record.winners)


def _score(seat: int, record: MatchRecord) -> float | None:
    return None if record.scores is None else record.scores[seat]


def _length(record: MatchRecord) -> float:
    return float(record.length)


def _metric(name: str, record: MatchRecord) -> float | None:
    return dict(record.metrics).get(name)


def _seat_metric(name: str, seat: int, record: MatchRecord) -> float | None:
    values = dict(record.seat_metrics).get(name)
    return None if values is None else values[seat]


def _figures(players: int, records: Sequence[MatchRecord]) -> list[tuple[str, int | None, Extract]]:
    """Every figure the records carry: win rate and score per seat, length, then the metrics."""
    out: list[tuple[str, int | None, Extract]] = [("win rate", seat, partial(_won, seat)) for seat in range(players)]
    if all(record.scores is not None for record in records):
        out += [("score", seat, partial(_score, seat)) for seat in range(players)]
    out.append(("length", None, _length))
    for name in dict.fromkeys(n for record in records for n, _ in record.metrics):
        out.append((name, None, partial(_metric, name)))
    for name in dict.fromkeys(n for record in records for n, _ in record.seat_metrics):
        out += [(name, seat, partial(_seat_metric, name, seat)) for seat in range(players)]
    return out


def _difference(figure: str, seat: int | None, extract: Extract, a: Sequence[MatchRecord], b: Sequence[MatchRecord]) -> Difference | None:
    values_a = {r.seed: v for r in a if (v := extract(r)) is not None}
    values_b = {r.seed: v for r in b if (v := extract(r)) is not None}
    if not values_a or not values_b:
        return None
    mean_a, mean_b = statistics.fmean(values_a.values()), statistics.fmean(values_b.values())
    common = sorted(values_a.keys() & values_b.keys())
    if len(common) >= 2:
        difference, low, high = mean_interval([values_b[seed] - values_a[seed] for seed in common])
        paired = len(common)
    elif figure == "win rate":
        wins_a, wins_b = round(sum(values_a.values())), round(sum(values_b.values()))
        difference, low, high = newcombe(wins_a, len(values_a), wins_b, len(values_b))
        paired = 0
    else:
        difference, low, high = welch_interval(list(values_a.values()), list(values_b.values()))
        paired = 0
    return Difference(figure, seat, mean_a, mean_b, difference, low, high, len(values_a), len(values_b), paired)


def compare_results(a: Sequence[MatchRecord], b: Sequence[MatchRecord]) -> dict[tuple[int, tuple[str, ...]], list[Difference]]:
    """The differences per line-up (player count, bots) found in both sets, in a stable order."""
    by_lineup_a: dict[tuple[int, tuple[str, ...]], list[MatchRecord]] = defaultdict(list)
    by_lineup_b: dict[tuple[int, tuple[str, ...]], list[MatchRecord]] = defaultdict(list)
    for record in a:
        by_lineup_a[(record.players, record.bots)].append(record)
    for record in b:
        by_lineup_b[(record.players, record.bots)].append(record)
    out = {}
    for key in sorted(by_lineup_a.keys() & by_lineup_b.keys()):
        found_a, found_b = by_lineup_a[key], by_lineup_b[key]
        figures = _figures(key[0], [*found_a, *found_b])
        out[key] = [d for figure, seat, extract in figures if (d := _difference(figure, seat, extract, found_a, found_b)) is not None]
    return out


def _shown(value: float, figure: str) -> str:
    return f"{100 * value:.1f}%" if figure == "win rate" else f"{value:.2f}"


def _shown_difference(value: float, figure: str) -> str:
    if math.isinf(value):
        return "?"
    return f"{100 * value:+.1f} points" if figure == "win rate" else f"{value:+.2f}"


def write_comparison(
    a: Sequence[MatchRecord],
    b: Sequence[MatchRecord],
    directory: str | Path,
    *,
    labels: tuple[str, str] = ("A", "B"),
    notes: tuple[str, str] = ("", ""),
    formats: Sequence[str] = plots.FORMATS,
) -> Path:
    """Write ``compare.md``, ``compare.csv`` and the figures into ``directory``; returns the page's path.

    ``notes`` describe each set (its game, rules version and options) at the top of the page.

    Raises:
        ValueError: a set is empty, the sets share no line-up, or an unknown figure format.
    """
    if not a or not b:
        raise ValueError("both result sets need matches to compare")
    unknown = [fmt for fmt in formats if fmt not in plots.FORMATS]
    if unknown:
        msg = f"figure formats are {', '.join(plots.FORMATS)}, not {', '.join(unknown)}"
        raise ValueError(msg)
    compared = compare_results(a, b)
    if not compared:
        lineups = sorted({(r.players, r.bots) for r in a}), sorted({(r.players, r.bots) for r in b})
        msg = f"the two sets share no line-up (player count and bot in each seat): {lineups[0]} against {lineups[1]}"
        raise ValueError(msg)
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    names = display_names([*a, *b])
    games_a, games_b = sorted({r.game for r in a}), sorted({r.game for r in b})
    lines = [f"# {labels[1]} against {labels[0]}: {', '.join(games_b)} / {', '.join(games_a)}", ""]
    for label, note, records in zip(labels, notes, (a, b)):
        lines.append(f"- **{label}**: {len(records):,} games{'; ' + note if note else ''}")
    lines += [
        "",
        "Each row is `B - A` with a 95% interval. Paired rows use the seeds both sets played (the same deals and dice "
        "under both rules: the mean of per-seed differences); otherwise the sets are independent (Newcombe's interval "
        "for win rates, Welch's for means). **Bold**: the interval excludes 0. Seats are numbered from 0.",
        "",
    ]
    rows: list[list[str]] = []
    for index, ((players, bots), differences) in enumerate(compared.items(), start=1):
        lineup = ", ".join(names[bot] for bot in bots)
        lines += [f"## {players} players: {lineup}", ""]
        lines += [f"| figure | seat | {labels[0]} | {labels[1]} | difference | 95% CI | paired seeds |", "|---|---|---|---|---|---|---|"]
        for d in differences:
            change = _shown_difference(d.difference, d.figure)
            interval = f"{_shown_difference(d.low, d.figure)} to {_shown_difference(d.high, d.figure)}"
            if d.clear:
                change = f"**{change}**"
            seat = "" if d.seat is None else str(d.seat)
            lines.append(f"| {d.figure} | {seat} | {_shown(d.a, d.figure)} | {_shown(d.b, d.figure)} | {change} | {interval} | {d.paired or 'no'} |")
            rows.append([str(players), ";".join(bots), d.figure, seat, str(d.games_a), str(d.games_b), str(d.paired), f"{d.a:.6g}", f"{d.b:.6g}", f"{d.difference:.6g}", f"{d.low:.6g}", f"{d.high:.6g}"])
        lines.append("")
        panels: dict[str, list[tuple[str, float, float, float]]] = defaultdict(list)
        for d in differences:
            scale = 100.0 if d.figure == "win rate" else 1.0
            label = "match" if d.seat is None else f"seat {d.seat}"
            panels[d.figure + (" (points)" if d.figure == "win rate" else "")].append((label, scale * d.difference, scale * d.low, scale * d.high))
        stem = f"compare-p{players}-g{index}"
        shown = plots.save(plots.differences(panels, title=f"{labels[1]} - {labels[0]}: {lineup}"), out, stem, formats)
        lines += [f"![differences, {labels[1]} - {labels[0]}]({next((n for n in shown if n.endswith('.svg')), shown[0])})", ""]
    only = sorted({(r.players, r.bots) for r in a} ^ {(r.players, r.bots) for r in b})
    if only:
        lines += ["Line-ups in only one set (not compared): " + "; ".join(f"{p} players: {', '.join(names[x] for x in bots)}" for p, bots in only) + ".", ""]
    page = out / "compare.md"
    page.write_text("\n".join(lines).rstrip() + "\n", encoding="utf-8")
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(COLUMNS)
    writer.writerows(rows)
    (out / "compare.csv").write_text(buffer.getvalue(), encoding="utf-8")
    return page
