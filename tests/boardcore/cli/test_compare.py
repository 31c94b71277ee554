"""``boardcore compare``: two result sets side by side, written as a page, a table and figures."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from boardcore.cli import main
from tests.sim.variants import bellwether_variants


@pytest.fixture(scope="module")
def variants(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Bellwether with its 12-round limit (A) and with 4 rounds (B), the same 10 seeds and bots."""
    return bellwether_variants(tmp_path_factory.mktemp("variants"))


@pytest.mark.slow
def test_the_compare_command_writes_page_table_and_figures(variants: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``boardcore compare A B`` names both rule sets, bolds clear changes, and writes compare.csv and a figure per line-up."""
    assert main(["compare", str(variants[0]), str(variants[1]), "--out", str(tmp_path), "--formats", "svg"]) == 0
    assert "four (10 games) against twelve (10 games)" in capsys.readouterr().out
    page = (tmp_path / "compare.md").read_text()
    assert "rules version 1, options {\"max_rounds\": 4}" in page and "| rounds |  |" in page and "**-" in page
    rows = list(csv.DictReader((tmp_path / "compare.csv").read_text().splitlines()))
    assert {row["figure"] for row in rows} >= {"win rate", "score", "length", "rounds", "buildings"}
    assert all(row["paired"] == "5" for row in rows)
    assert sorted(p.name for p in tmp_path.glob("*.svg")) == ["compare-p2-g1.svg", "compare-p2-g2.svg"]
