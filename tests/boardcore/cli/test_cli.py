"""``boardcore`` itself (``boardcore.cli``): every subcommand's bad input is one line on stderr and a non-zero exit, and a reader that stops early (``| head``) ends the command quietly."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from boardcore.cli import main

BOARDCORE = [sys.executable, "-m", "boardcore.cli"]


@pytest.mark.parametrize("command", [["schema", "five_wards"], ["replay", "LOG"]])
def test_piping_into_head_ends_quietly(command: list[str], tmp_path: Path) -> None:
    """``boardcore schema ... | head`` prints no 'Broken pipe' error and exits 0."""
    log = tmp_path / "t.jsonl"
    main(["play", "tic_tac_toe", "--out", str(log)])
    args = [str(log) if part == "LOG" else part for part in command]
    pipeline = f"{' '.join(BOARDCORE)} {' '.join(args)} | head -n 1"
    done = subprocess.run(["bash", "-o", "pipefail", "-c", pipeline], capture_output=True, text=True, check=False)
    assert done.stderr == "" and done.returncode == 0, done.stderr


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


def test_errors_are_one_line_not_tracebacks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A missing log or unknown game exits 2 with a one-line error."""
    assert main(["verify", str(tmp_path / "missing.jsonl")]) == 2
    assert main(["play", "chess"]) == 2
    err = capsys.readouterr().err
    assert "error" in err and "Traceback" not in err
