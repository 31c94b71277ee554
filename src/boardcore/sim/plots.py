"""Figures for reports and tournaments (matplotlib, headless Agg backend), saved as PNG and SVG.

Files are reproducible: SVG ids come from a fixed salt and no dates are written,
so a rerun over the same results rewrites the same bytes (committed reports diff cleanly).
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Mapping, Sequence
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402 (the backend must be chosen before pyplot loads)
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.ticker import MaxNLocator  # noqa: E402

__all__ = ["FORMATS", "Figure", "bar_with_intervals", "differences", "histogram_grid", "histograms", "horizontal_counts", "ratings", "save"]

FORMATS = ("png", "svg")

plt.rcParams["svg.hashsalt"] = "boardcore"


def save(figure: Figure, directory: Path, stem: str, formats: Sequence[str] = FORMATS) -> list[str]:
    """Write ``figure`` as ``stem.<format>`` for each format; returns the file names."""
    names = []
    for fmt in formats:
        name = f"{stem}.{fmt}"
        metadata = {"Date": None} if fmt == "svg" else {"Software": None}
        figure.savefig(directory / name, format=fmt, dpi=100, bbox_inches="tight", metadata=metadata)
        names.append(name)
    plt.close(figure)
    return names


def bar_with_intervals(
    labels: Sequence[str],
    values: Sequence[float],
    intervals: Sequence[tuple[float, float]],
    *,
    title: str,
    ylabel: str,
    reference: float | None = None,
    reference_label: str = "",
) -> Figure:
    """Bars with asymmetric error bars (e.g. win rates with their 95% intervals), and an optional reference line."""
    figure, axes = plt.subplots(figsize=(max(4.0, 0.9 * len(labels) + 2), 3.2))
    below = [max(0.0, value - low) for value, (low, _) in zip(values, intervals)]  # rounding can cross zero
    above = [max(0.0, high - value) for value, (_, high) in zip(values, intervals)]
    axes.bar(range(len(labels)), values, yerr=[below, above], capsize=4, color="#4c72b0")
    axes.set_xticks(range(len(labels)), labels, rotation=20 if max(map(len, labels)) > 10 else 0, ha="right" if max(map(len, labels)) > 10 else "center")
    if reference is not None:
        axes.axhline(reference, color="#c44e52", linestyle="--", linewidth=1, label=reference_label)
        axes.legend(loc="upper right", fontsize=8)
    axes.set_ylabel(ylabel)
    axes.set_title(title, fontsize=10)
    axes.set_ylim(0, max(1.0, *(high for _, high in intervals)) * 1.05)
    return figure


def _bins(values: Sequence[float]) -> tuple[list[float], bool]:
    """Histogram bin edges, and whether they are integer-centred (``[k - 0.5, k + 0.5)``, so each bar sits on ``k``).

    Integer data spanning at most 60 values gets one bar per integer; wider or fractional
    data gets about 40 equal bins.
    """
    low, high = min(values), max(values)
    if all(float(v).is_integer() for v in values) and high - low <= 60:
        return [low - 0.5 + i for i in range(int(high - low) + 2)], True
    width = (high - low) / 40 or 1.0
    return [low + width * i for i in range(41)], False


def histograms(series: Mapping[str, Sequence[float]], *, title: str, xlabel: str) -> Figure:
    """One histogram per named series, as small multiples stacked on a shared axis (never overlapping steps)."""
    rows = len(series)
    figure, grid = plt.subplots(rows, 1, figsize=(6, 1.2 + 1.5 * rows), sharex=True, sharey=True, squeeze=False)
    values = [v for data in series.values() for v in data]
    bins, integers = _bins(values)
    for axes, (label, data) in zip(grid[:, 0], series.items()):
        axes.hist(data, bins=bins, histtype="stepfilled", color="#4c72b0")
        axes.set_ylabel("games", fontsize=8)
        axes.yaxis.set_major_locator(MaxNLocator(integer=True))
        if rows > 1:
            axes.set_title(label, fontsize=8, loc="left")
        if integers:
            axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    grid[-1, 0].set_xlabel(xlabel)
    figure.suptitle(title, fontsize=10)
    return figure


def histogram_grid(rows: Mapping[str, Mapping[str, Sequence[float]]], *, title: str) -> Figure:
    """Small multiples in one figure: a row per figure (e.g. a metric), a panel per series (e.g. a seat) sharing its bins."""
    columns = max(len(series) for series in rows.values())
    figure, grid = plt.subplots(len(rows), columns, figsize=(2.6 * columns + 1, 1.2 + 1.7 * len(rows)), squeeze=False)
    for row, (name, series) in enumerate(rows.items()):
        bins, integers = _bins([v for data in series.values() for v in data])
        for column in range(columns):
            axes = grid[row, column]
            if column >= len(series):
                axes.set_visible(False)
                continue
            label, data = list(series.items())[column]
            axes.hist(data, bins=bins, histtype="stepfilled", color="#4c72b0")
            axes.set_title(f"{name}: {label}" if label else name, fontsize=8, loc="left")
            axes.tick_params(labelsize=7)
            axes.yaxis.set_major_locator(MaxNLocator(integer=True))
            if integers:
                axes.xaxis.set_major_locator(MaxNLocator(integer=True))
        grid[row, 0].set_ylabel("games", fontsize=8)
    figure.suptitle(title, fontsize=10)
    figure.tight_layout()
    return figure


def differences(panels: Mapping[str, Sequence[tuple[str, float, float, float]]], *, title: str) -> Figure:
    """Small multiples of differences with intervals, one panel per figure: ``(label, difference, low, high)`` rows
    around a zero line (a row whose interval misses zero is drawn in red)."""
    figure, grid = plt.subplots(len(panels), 1, figsize=(6, 0.9 + sum(0.32 * len(rows) + 0.7 for rows in panels.values())), squeeze=False)
    for axes, (name, rows) in zip(grid[:, 0], panels.items()):
        for y, (_, value, low, high) in enumerate(rows):
            finite = math.isfinite(low) and math.isfinite(high)
            error = [[value - low], [high - value]] if finite else None
            colour = "#c44e52" if finite and (low > 0 or high < 0) else "#4c72b0"
            axes.errorbar([value], [y], xerr=error, fmt="o", capsize=3, color=colour)
        axes.axvline(0, color="#888888", linewidth=0.8)
        axes.set_yticks(range(len(rows)), [label for label, *_ in rows], fontsize=8)
        axes.set_ylim(len(rows) - 0.5, -0.5)
        axes.set_title(name, fontsize=8, loc="left")
        axes.tick_params(axis="x", labelsize=7)
    figure.suptitle(title, fontsize=10)
    figure.tight_layout()
    return figure


def horizontal_counts(counts: Mapping[str, int], *, title: str, wrap: int = 70) -> Figure:
    """Horizontal bars of counts, largest first (e.g. how games ended); long labels wrap onto lines of ``wrap``."""
    items = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    labels = ["\n".join(textwrap.wrap(label, wrap)) or label for label, _ in items]
    height = sum(0.16 * label.count("\n") + 0.35 for label in labels)
    figure, axes = plt.subplots(figsize=(9, height + 1.2))
    axes.barh(range(len(items)), [count for _, count in items], color="#55a868")
    axes.set_yticks(range(len(items)), labels, fontsize=8)
    axes.invert_yaxis()
    axes.set_xlabel("games")
    axes.set_title(title, fontsize=10)
    return figure


def ratings(names: Sequence[str], mus: Sequence[float], sigmas: Sequence[float], *, title: str) -> Figure:
    """Each rating's mean with a ±3 sigma bar, best at the top (the ordinal is the bar's left end)."""
    figure, axes = plt.subplots(figsize=(6, 0.45 * len(names) + 1.2))
    axes.errorbar(mus, range(len(names)), xerr=[3 * s for s in sigmas], fmt="o", capsize=4, color="#4c72b0")
    axes.set_yticks(range(len(names)), names, fontsize=8)
    axes.invert_yaxis()
    axes.set_xlabel("rating (mean, ±3 sigma)")
    axes.set_title(title, fontsize=10)
    return figure
