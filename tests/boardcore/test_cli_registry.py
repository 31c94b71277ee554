"""The boardcore command and the games registry."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from boardcore import Game
from boardcore.cli import main
from boardcore.registry import get_game, list_games


def test_registry_lists_the_shipped_games() -> None:
    """Every shipped game id is registered through the entry-point group."""
    assert {"tic_tac_toe", "kuhn_poker", "five_wards", "the_warriors", "peaky_blinders", "bellwether"} <= set(list_games())
    assert isinstance(get_game("tic_tac_toe"), Game)


def test_unknown_game_names_the_registered_ones() -> None:
    """Asking for an unknown game lists what exists."""
    with pytest.raises(KeyError, match="tic_tac_toe"):
        get_game("chess")


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


@pytest.mark.parametrize("name", list_games())
def test_every_game_has_a_complete_json_schema(name: str) -> None:
    """schema GAME works for every registered game and defines every action and event type and the view."""
    from boardcore.game import union_members
    from boardcore.schema import game_schema

    game = get_game(name)
    schema = game_schema(name)
    defined = set(schema["$defs"])
    wanted = {t.__name__ for t in (*union_members(game.action_type), *union_members(game.event_type), game.view_type)}
    assert wanted <= defined, f"missing from the schema: {sorted(wanted - defined)}"
