"""``boardcore replay`` in words (the terminal seat's rendering), ``--json``, and ``--diff`` between two steps."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest

from boardcore.cli import main
from boardcore.terminal import render_view
from boardcore.verify import replay
from tests.viewer.logs import whole_game


def test_replay_prints_the_view_in_the_terminal_seat_s_words(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Without a flag: where and whose, the step's story as that seat reads it, then the view as the terminal shows it."""
    log = whole_game(tmp_path, "five_wards", 2, 1)
    capsys.readouterr()
    assert main(["replay", str(log), "--step", "12", "--as", "1"]) == 0
    out = capsys.readouterr().out
    match = replay(log, step=12)
    assert out.startswith("5 Wards after step 12 as P2:\n")
    for line in match.step_text(12, 1):
        assert f"    {line}\n" in out
    assert out.endswith(render_view(match.view(1)) + "\n")


def test_replay_json_prints_the_raw_view(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--json``: the view as sorted JSON after the heading line."""
    log = whole_game(tmp_path, "tic_tac_toe", 2, 1)
    capsys.readouterr()
    assert main(["replay", str(log), "--step", "3", "--json"]) == 0
    heading, body = capsys.readouterr().out.split("\n", 1)
    assert heading == "Tic-tac-toe after step 3 as a spectator:"
    assert json.loads(body) == json.loads(msgspec.json.encode(replay(log, step=3).view(None)))


def test_replay_diff_in_words(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--step N --diff M`` heads the change with the perspective and both steps; a step with no change says so."""
    log = whole_game(tmp_path, "tic_tac_toe", 2, 1)
    capsys.readouterr()
    assert main(["replay", str(log), "--step", "0", "--diff", "2", "--as", "0"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Tic-tac-toe as P1, from step 0 to step 2:\n")
    assert "board" in out and "→" in out
    assert main(["replay", str(log), "--step", "2", "--diff", "2"]) == 0
    assert "Nothing changed in this view." in capsys.readouterr().out


def test_replay_diff_refuses_a_step_past_the_end(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A ``--diff`` step the log does not have is one error line, exit 2."""
    log = whole_game(tmp_path, "tic_tac_toe", 2, 1)
    capsys.readouterr()
    assert main(["replay", str(log), "--diff", "99"]) == 2
    assert "no step 99" in capsys.readouterr().err


def test_replay_takes_one_way_of_showing(tmp_path: Path) -> None:
    """``--json``, ``--svg``, ``--diff`` and ``--html`` exclude each other (argparse's usage error, exit 2)."""
    with pytest.raises(SystemExit) as exited:
        main(["replay", "LOG", "--json", "--html", str(tmp_path / "x.html")])
    assert exited.value.code == 2
