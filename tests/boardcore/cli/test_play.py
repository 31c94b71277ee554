"""``boardcore play``: a bot game and its verified log, ``--option`` and ``--players`` refused in words, committed seeds, ``--bots``."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardcore import Match
from boardcore.cli import main
from boardcore.log import read_log
from boardcore.match import MIN_COMMITTED_SEED
from boardcore.registry import get_game


def test_play_writes_a_log_that_verifies(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """play: a full bot game, its summary and outcome, a log that verifies; verify exits 0."""
    log = tmp_path / "ttt.jsonl"
    assert main(["play", "tic_tac_toe", "--seed", "3", "--out", str(log)]) == 0
    out = capsys.readouterr().out
    assert "Tic-tac-toe" in out and "verify: valid" in out
    assert main(["verify", str(log)]) == 0
    assert capsys.readouterr().out.startswith("valid")


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


def test_options_are_structured_with_readable_errors(capsys: pytest.CaptureFixture[str]) -> None:
    """An unknown --option is refused naming the options class."""
    assert main(["play", "tic_tac_toe", "--option", "speed=3"]) == 2
    assert "invalid options" in capsys.readouterr().err


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


def test_bots_flag_chooses_house_or_random(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--bots random plays uniform bots; house falls back to random for a game without a house bot."""
    assert main(["play", "tic_tac_toe", "--bots", "random", "--out", str(tmp_path / "a.jsonl")]) == 0
    assert "random bots" in capsys.readouterr().out
    assert main(["play", "tic_tac_toe", "--out", str(tmp_path / "b.jsonl")]) == 0
    assert "random bots" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["play", "tic_tac_toe", "--bots", "genius"])
