"""Figures for reports and tournaments (matplotlib, headless Agg backend), saved as PNG and SVG.

Files are reproducible: SVG ids come from a fixed salt and no dates are written,
so a rerun over the same results rewrites the same bytes (committed reports diff cleanly).
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402 (the backend must be chosen before pyplot loads)
from matplotlib.figure import Figure  # noqa: E402

__all__ = ["FORMATS", "Figure", "bar_with_intervals", "histograms", "horizontal_counts", "ratings", "save"]

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


def histograms(series: Mapping[str, Sequence[float]], *, title: str, xlabel: str) -> Figure:
    """One step histogram per named series on shared integer-width bins."""
    figure, axes = plt.subplots(figsize=(6, 3.2))
    values = [v for data in series.values() for v in data]
    low, high = min(values), max(values)
    width = max(1.0, (high - low) / 40)
    bins = [low + width * i for i in range(int((high - low) / width) + 2)]
    for label, data in series.items():
        axes.hist(data, bins=bins, histtype="step", linewidth=1.4, label=label)
    if len(series) > 1:
        axes.legend(fontsize=8)
    axes.set_xlabel(xlabel)
    axes.set_ylabel("games")
    axes.set_title(title, fontsize=10)
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
