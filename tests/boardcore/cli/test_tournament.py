"""``boardcore tournament``: every seat order played and the ratings printed, best first."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardcore.cli import main
from boardcore.sim.results import read_results


def test_tournament_prints_the_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The tournament command plays every seat order and prints the ratings, best first."""
    argv = ["tournament", "tic_tac_toe", "--bots", "random", "ismcts:iterations=40", "--games", "4", "--executor", "serial", "--out", str(tmp_path), "--quiet"]
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].endswith("ismcts:iterations=40") and lines[2].endswith("random")
    assert len(read_results(tmp_path)) == 8
