"""``boardcore replay``: a seat's view at a step in words (the terminal seat's rendering), ``--json`` and ``--diff``, and each bad step, seat, seed or log refused in one line."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest

from boardcore.cli import main
from boardcore.log import read_log
from boardcore.terminal import render_view
from boardcore.verify import replay
from tests.boardcore.played import finished
from tests.viewer.logs import whole_game


def test_replay_shows_a_seat_view_at_a_step(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """replay --step --as --json prints that seat's view then, hiding the other card."""
    log = tmp_path / "k.msgpack"
    main(["play", "kuhn_poker", "--seed", "4", "--out", str(log)])
    capsys.readouterr()
    assert main(["replay", str(log), "--step", "0", "--as", "1", "--json"]) == 0
    out = capsys.readouterr().out
    view = json.loads(out.split("\n", 1)[1])
    assert view["history"] == "" and view["card"] in (0, 1, 2) and view["shown"] is None


def test_replay_past_the_last_step_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``replay --step 100000`` on a short log says how many steps it has instead of showing the last."""
    log = tmp_path / "t.jsonl"
    assert main(["play", "tic_tac_toe", "--out", str(log)]) == 0
    steps = len(read_log(log).records)
    capsys.readouterr()
    assert main(["replay", str(log), "--step", "100000"]) == 2
    assert f"the log has {steps} steps; there is no step 100000" in capsys.readouterr().err


def test_cli_replay_refuses_a_negative_step(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """boardcore replay --step -1 exits 2 with a one-line message instead of silently dropping the last step."""
    log = tmp_path / "g.jsonl"
    finished().log.save(log)
    assert main(["replay", str(log), "--step", "-1"]) == 2
    err = capsys.readouterr().err
    assert "step" in err and len(err.strip().splitlines()) == 1


def test_cli_replay_of_a_garbage_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """replay of bytes that are no log exits 2 with one line."""
    log = tmp_path / "g.jsonl"
    log.write_bytes(b"\xff\x00garbage\n")
    assert main(["replay", str(log)]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_replay_of_an_unknown_seat_is_an_error_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """replay --as 7 on a two-seat game exits 2 with a one-line error, not a traceback."""
    log = tmp_path / "t.jsonl"
    main(["play", "tic_tac_toe", "--out", str(log)])
    capsys.readouterr()
    assert main(["replay", str(log), "--as", "7"]) == 2
    assert "no seat 7" in capsys.readouterr().err


def test_replay_of_a_committed_seed_log_takes_the_seed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A committed-seed log cut before its reveal replays with --seed and --salt (the seed alone does not open it)."""
    log = tmp_path / "k.jsonl"
    secret = str(2**60 + 6)
    main(["play", "kuhn_poker", "--seed", secret, "--commit-seed", "--out", str(log)])
    rows = log.read_text().splitlines()
    salt = json.loads(rows[-1])["salt"]
    log.write_text("\n".join(rows[:-1]) + "\n")
    capsys.readouterr()
    assert main(["replay", str(log)]) == 2
    assert main(["replay", str(log), "--seed", secret]) == 2
    assert main(["replay", str(log), "--seed", secret, "--salt", salt]) == 0


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
