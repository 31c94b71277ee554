"""``boardcore replay LOG --step N --as P --svg FILE`` writes that seat's picture at that step, so a dispute can be settled by looking."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from boardcore.cli import main
from boardcore.verify import replay


def test_replay_writes_the_seat_picture_at_the_step(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The file holds exactly ``Match.picture`` of the replayed match for that seat, and says so in one line."""
    log = tmp_path / "fw.jsonl"
    assert main(["play", "five_wards", "--players", "3", "--seed", "7", "--out", str(log)]) == 0
    out = tmp_path / "seat1.svg"
    capsys.readouterr()
    assert main(["replay", str(log), "--step", "12", "--as", "1", "--svg", str(out)]) == 0
    assert "after step 12 as P2: picture written to" in capsys.readouterr().out
    expected = replay(log, step=12).picture(1)
    assert out.read_text(encoding="utf-8") == expected
    assert ET.fromstring(expected).tag == "{http://www.w3.org/2000/svg}svg"


def test_replay_svg_to_standard_output_defaults_to_the_spectator(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--svg -`` prints the picture itself; without ``--as`` it is the spectator's, hiding both cards."""
    log = tmp_path / "k.jsonl"
    assert main(["play", "kuhn_poker", "--seed", "4", "--out", str(log)]) == 0
    capsys.readouterr()
    assert main(["replay", str(log), "--step", "1", "--svg", "-"]) == 0
    printed = capsys.readouterr().out
    assert printed == replay(log, step=1).picture(None)
    assert "Spectator" in printed and "face down" in printed


def test_replay_svg_of_an_unknown_seat_is_an_error_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A seat the game does not have exits 2 with one line and writes no file."""
    log = tmp_path / "t.jsonl"
    assert main(["play", "tic_tac_toe", "--out", str(log)]) == 0
    capsys.readouterr()
    out = tmp_path / "x.svg"
    assert main(["replay", str(log), "--as", "5", "--svg", str(out)]) == 2
    assert "no seat 5" in capsys.readouterr().err
    assert not out.exists()
