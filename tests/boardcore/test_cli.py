"""The command line's rough edges, each filed in the "Trust" issue, each with its fix pinned down."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from boardcore import Match
from boardcore.cli import main
from boardcore.log import read_log
from boardcore.match import MIN_COMMITTED_SEED
from boardcore.registry import get_game
from tests.boardcore.played import finished

BOARDCORE = [sys.executable, "-m", "boardcore.cli"]


def test_an_option_without_equals_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    """``--option round_limit`` (no ``=``) exits 2 with the usual one-line error."""
    assert main(["play", "five_wards", "--option", "round_limit"]) == 2
    assert capsys.readouterr().err.startswith("boardcore play: error: --option takes KEY=VALUE")


@pytest.mark.parametrize("players", ["0", "-1", "9"])
def test_an_unsupported_player_count_is_refused_naming_the_counts(players: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``--players 0`` no longer plays the default count; every unsupported count names the supported ones and itself."""
    assert main(["play", "five_wards", "--players", players]) == 2
    err = capsys.readouterr().err
    assert "2, 3, 4, 5 players" in err and f"not {players}" in err


@pytest.mark.parametrize(
    ("option", "words"),
    [
        ("round_limit=2.7", "expected a whole number, not 2.7"),
        ("round_limit=true", "expected a whole number, not True"),
        ("round_limit=0", "'round_limit' must be in range(1, 1001) (got 0)"),
        ("gangs=5", "gangs must be"),
    ],
)
def test_option_values_of_the_wrong_type_are_refused_in_words(option: str, words: str, capsys: pytest.CaptureFixture[str]) -> None:
    """2.7 is not silently 2, true is not 1, and no attrs internals reach the message."""
    assert main(["play", "five_wards", "--option", option]) == 2
    err = capsys.readouterr().err
    assert words in err and "Attribute(" not in err and "strip" not in err


def test_replay_past_the_last_step_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``replay --step 100000`` on a short log says how many steps it has instead of showing the last."""
    log = tmp_path / "t.jsonl"
    assert main(["play", "tic_tac_toe", "--out", str(log)]) == 0
    steps = len(read_log(log).records)
    capsys.readouterr()
    assert main(["replay", str(log), "--step", "100000"]) == 2
    assert f"the log has {steps} steps; there is no step 100000" in capsys.readouterr().err


@pytest.mark.parametrize("command", [["schema", "five_wards"], ["replay", "LOG"]])
def test_piping_into_head_ends_quietly(command: list[str], tmp_path: Path) -> None:
    """``boardcore schema ... | head`` prints no 'Broken pipe' error and exits 0."""
    log = tmp_path / "t.jsonl"
    main(["play", "tic_tac_toe", "--out", str(log)])
    args = [str(log) if part == "LOG" else part for part in command]
    pipeline = f"{' '.join(BOARDCORE)} {' '.join(args)} | head -n 1"
    done = subprocess.run(["bash", "-o", "pipefail", "-c", pipeline], capture_output=True, text=True, check=False)
    assert done.stderr == "" and done.returncode == 0, done.stderr


def test_commit_seed_draws_an_unguessable_seed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``play --commit-seed`` without ``--seed`` draws a random 64-bit seed (no longer seed 1) and reveals it at the end."""
    seeds = set()
    for name in ("a", "b"):
        log = tmp_path / f"{name}.jsonl"
        assert main(["play", "tic_tac_toe", "--commit-seed", "--out", str(log)]) == 0
        reveal = read_log(log).reveal
        assert reveal is not None and reveal.seed >= MIN_COMMITTED_SEED
        seeds.add(reveal.seed)
    assert len(seeds) == 2


def test_a_small_committed_seed_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """A committed seed small enough to find by trying seeds is refused, saying why and what to do."""
    assert main(["play", "tic_tac_toe", "--commit-seed", "--seed", "31337"]) == 2
    assert "pass seed=None" in capsys.readouterr().err
    with pytest.raises(ValueError, match="unguessable"):
        Match.new(get_game("tic_tac_toe"), 2, 31337, commit_seed=True)
    assert Match.new(get_game("tic_tac_toe"), 2, commit_seed=True).seed is not None


@pytest.mark.parametrize("command", [["games"], ["schema", "tic_tac_toe"]])
def test_a_reader_that_closed_before_a_short_output_ends_the_command_quietly(command: list[str]) -> None:
    """With stdout buffered (any shell without PYTHONUNBUFFERED), a short output is written only by Python's
    exit-time flush: it printed "Exception ignored ... BrokenPipeError" and exited 120."""
    read, write = os.pipe()
    os.close(read)
    env = {key: value for key, value in os.environ.items() if key != "PYTHONUNBUFFERED"}
    try:
        done = subprocess.run([sys.executable, "-m", "boardcore.cli", *command], stdout=write, stderr=subprocess.PIPE, env=env, check=False)
    finally:
        os.close(write)
    assert done.returncode == 0 and done.stderr == b"", done.stderr.decode()


def test_cli_replay_refuses_a_negative_step(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """boardcore replay --step -1 exits 2 with a one-line message instead of silently dropping the last step."""
    log = tmp_path / "g.jsonl"
    finished().log.save(log)
    assert main(["replay", str(log), "--step", "-1"]) == 2
    err = capsys.readouterr().err
    assert "step" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "argv",
    [
        ["verify", "/nonexistent.jsonl"],
        ["replay", "/nonexistent.jsonl"],
        ["play", "no_such_game"],
        ["play", "tic_tac_toe", "--players", "7"],
        ["play", "tic_tac_toe", "--seed", str(2**70)],
        ["play", "tic_tac_toe", "--option", "x=1"],
        ["play", "tic_tac_toe", "--out", "/dev/null/x.jsonl"],
        ["schema", "no_such_game"],
    ],
)
def test_cli_bad_input_is_one_line_and_nonzero(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """Every subcommand given bad input exits non-zero with one line on stderr, no traceback."""
    assert main(argv) != 0
    captured = capsys.readouterr()
    text = captured.out + captured.err
    assert "Traceback" not in text and len(text.strip().splitlines()) == 1, text


def test_cli_replay_of_a_garbage_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """replay of bytes that are no log exits 2 with one line."""
    log = tmp_path / "g.jsonl"
    log.write_bytes(b"\xff\x00garbage\n")
    assert main(["replay", str(log)]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_play_writes_a_log_that_verifies(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """play: a full bot game, its summary and outcome, a log that verifies; verify exits 0."""
    log = tmp_path / "ttt.jsonl"
    assert main(["play", "tic_tac_toe", "--seed", "3", "--out", str(log)]) == 0
    out = capsys.readouterr().out
    assert "Tic-tac-toe" in out and "verify: valid" in out
    assert main(["verify", str(log)]) == 0
    assert capsys.readouterr().out.startswith("valid")


def test_verify_exits_non_zero_on_a_tampered_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A tampered record makes verify print the step and exit 1."""
    log = tmp_path / "k.jsonl"
    main(["play", "kuhn_poker", "--seed", "4", "--out", str(log)])
    rows = log.read_text().splitlines()
    record = json.loads(rows[1])
    record["events"] = "f" * 32
    rows[1] = json.dumps(record)
    log.write_text("\n".join(rows) + "\n")
    capsys.readouterr()
    assert main(["verify", str(log)]) == 1
    assert "step 1" in capsys.readouterr().out


def test_replay_shows_a_seat_view_at_a_step(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """replay --step --as --json prints that seat's view then, hiding the other card."""
    log = tmp_path / "k.msgpack"
    main(["play", "kuhn_poker", "--seed", "4", "--out", str(log)])
    capsys.readouterr()
    assert main(["replay", str(log), "--step", "0", "--as", "1", "--json"]) == 0
    out = capsys.readouterr().out
    view = json.loads(out.split("\n", 1)[1])
    assert view["history"] == "" and view["card"] in (0, 1, 2) and view["shown"] is None


def test_schema_describes_actions_events_and_views(capsys: pytest.CaptureFixture[str]) -> None:
    """schema prints a JSON Schema with actions, events and the view."""
    assert main(["schema", "kuhn_poker"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert {"action", "event", "view"} <= set(schema["properties"])
    assert {"Pass", "Bet", "CardsShown", "View"} <= set(schema["$defs"])


def test_errors_are_one_line_not_tracebacks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A missing log or unknown game exits 2 with a one-line error."""
    assert main(["verify", str(tmp_path / "missing.jsonl")]) == 2
    assert main(["play", "chess"]) == 2
    err = capsys.readouterr().err
    assert "error" in err and "Traceback" not in err


def test_options_are_structured_with_readable_errors(capsys: pytest.CaptureFixture[str]) -> None:
    """An unknown --option is refused naming the options class."""
    assert main(["play", "tic_tac_toe", "--option", "speed=3"]) == 2
    assert "invalid options" in capsys.readouterr().err


def test_bots_flag_chooses_house_or_random(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--bots random plays uniform bots; house falls back to random for a game without a house bot."""
    assert main(["play", "tic_tac_toe", "--bots", "random", "--out", str(tmp_path / "a.jsonl")]) == 0
    assert "random bots" in capsys.readouterr().out
    assert main(["play", "tic_tac_toe", "--out", str(tmp_path / "b.jsonl")]) == 0
    assert "random bots" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["play", "tic_tac_toe", "--bots", "genius"])


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
