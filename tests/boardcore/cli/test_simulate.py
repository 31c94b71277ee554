"""``boardcore simulate``: many matches in worker processes, resumed with nothing to do, and bad requests refused in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardcore.cli import main
from boardcore.sim.results import read_results


def test_simulate_then_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """One command plays the games (two spawned workers), a second writes the report; rerunning resumes with nothing to do."""
    out = tmp_path / "run"
    argv = ["simulate", "kuhn_poker", "--games", "30", "--bots", "house", "--executor", "process", "--workers", "2", "--out", str(out), "--quiet"]
    assert main(argv) == 0
    records = read_results(out)
    assert [r.seed for r in records] == list(range(1, 31))
    before = (out / "matches.csv").read_bytes()
    assert main(argv) == 0
    assert (out / "matches.csv").read_bytes() == before
    assert main(["report", str(out)]) == 0
    assert "report on 30 games" in capsys.readouterr().out
    assert "kuhn_poker, 2 players" in (out / "report" / "report.md").read_text()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "chess", "--executor", "serial"], "no game called 'chess'"),
        (["simulate", "kuhn_poker", "--bots", "ismcts:iterations=0", "--executor", "serial"], "out of range"),
        (["simulate", "kuhn_poker", "--executor", "serial", "--address", "auto"], "Ray cluster"),
        (["report", "/nonexistent/results"], "No such file"),
    ],
)
def test_bad_requests_fail_with_one_line(argv: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Unknown games, bad specs, misplaced options and missing results exit 2 with a one-line message."""
    if argv[0] == "simulate":
        argv = [*argv, "--out", str(tmp_path / "x"), "--quiet"]
    assert main(argv) == 2
    error = capsys.readouterr().err
    assert message in error and error.count("\n") == 1
