"""The report's figures: the numbers they are given drawn as given, and files that are the same bytes run after run."""

from __future__ import annotations

from pathlib import Path

from boardcore.sim.plots import FORMATS, bar_with_intervals, horizontal_counts, ratings, save


def test_bars_carry_the_values_and_intervals_they_were_given() -> None:
    """Each bar's height is its value; the error bar reaches the interval's ends; the y axis holds the highest end."""
    figure = bar_with_intervals(["seat 1", "seat 2"], [0.4, 0.6], [(0.3, 0.5), (0.5, 0.75)], title="wins", ylabel="rate", reference=0.5, reference_label="even")
    axes = figure.axes[0]
    assert [bar.get_height() for bar in axes.patches] == [0.4, 0.6]
    assert axes.get_ylim()[1] >= 1.0 and axes.get_title() == "wins" and axes.get_legend() is not None


def test_counts_are_drawn_largest_first_with_long_labels_wrapped() -> None:
    """How games ended: the largest count on top; a label longer than ``wrap`` goes onto several lines."""
    long = "the final round ended with every card drawn and the bag empty"
    figure = horizontal_counts({"b": 2, long: 5, "a": 2}, title="ends", wrap=20)
    axes = figure.axes[0]
    labels = [label.get_text() for label in axes.get_yticklabels()]
    assert labels[1:] == ["a", "b"] and labels[0].replace("\n", " ") == long and "\n" in labels[0]
    assert [bar.get_width() for bar in axes.patches] == [5, 2, 2]


def test_saved_figures_are_byte_identical_across_runs(tmp_path: Path) -> None:
    """No date in the SVG, no software tag in the PNG, a fixed hash salt: the same figure gives the same files."""
    first, second = tmp_path / "1", tmp_path / "2"
    first.mkdir(), second.mkdir()
    for folder in (first, second):
        names = save(ratings(["a", "b"], [25.0, 20.0], [1.0, 2.0], title="ratings"), folder, "r")
        assert names == [f"r.{fmt}" for fmt in FORMATS]
    for name in names:
        assert (first / name).read_bytes() == (second / name).read_bytes()
