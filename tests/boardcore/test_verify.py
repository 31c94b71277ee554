"""Verification tells the whole truth: whether a log reaches the end of the game, and which line was edited."""

from __future__ import annotations

import json

import pytest

from boardcore import Match
from boardcore.bots import make_bots, play_out
from boardcore.cli import main
from boardcore.log import MAX_LINE_BYTES
from boardcore.registry import get_game
from boardcore.verify import verify

KUHN = get_game("kuhn_poker")
TTT = get_game("tic_tac_toe")


def finished_rows(game_name: str = "tic_tac_toe", commit: bool = False, seed: int | None = 5) -> list[bytes]:
    game = get_game(game_name)
    match = Match.new(game, game.player_counts[0], None if commit else seed, commit_seed=commit)
    play_out(match, make_bots(game, game.player_counts[0], 1))
    return match.log.to_jsonl().splitlines()


def joined(rows: list[bytes]) -> bytes:
    return b"\n".join(rows) + b"\n"


def test_a_finished_log_says_the_game_is_over() -> None:
    """The verdict of a whole game names its end."""
    verdict = verify(joined(finished_rows()))
    assert verdict.ok and verdict.finished and verdict.outcome is not None
    assert "game over" in str(verdict)


def test_a_truncated_log_is_valid_but_unfinished_and_complete_refuses_it() -> None:
    """Cutting the last records off leaves a valid prefix that says the game is not finished;
    ``complete=True`` (``verify --complete``) makes it invalid, naming where it stops."""
    rows = finished_rows()
    cut = joined(rows[:-2])
    verdict = verify(cut)
    assert verdict.ok and not verdict.finished and "not finished" in str(verdict)
    strict = verify(cut, complete=True)
    assert (strict.ok, strict.kind, strict.steps) == (False, "unfinished", len(rows) - 3)


def test_a_reveal_before_the_end_is_an_error_naming_the_reveal_line() -> None:
    """A committed-seed log cut short but keeping its reveal line is refused: a reveal ends only a finished game."""
    rows = finished_rows("tic_tac_toe", commit=True)
    cut = [*rows[:-3], rows[-1]]
    verdict = verify(joined(cut))
    assert (verdict.ok, verdict.kind, verdict.line) == (False, "corrupt", len(cut))


def test_an_edited_header_is_blamed_on_line_1() -> None:
    """A header edit (even a cosmetic field) is reported on the header's line, not the first record's."""
    rows = finished_rows()
    header = json.loads(rows[0])
    header["engine_version"] = "9.9.9"
    verdict = verify(joined([json.dumps(header).encode(), *rows[1:]]))
    assert (verdict.ok, verdict.kind, verdict.line) == (False, "broken_chain", 1) and "header" in verdict.message


def test_an_edited_chain_value_is_blamed_on_its_record() -> None:
    """An edited chain value is reported on its own record's line."""
    rows = finished_rows()
    record = json.loads(rows[1])
    record["chain"] = "0" * 32
    verdict = verify(joined([rows[0], json.dumps(record).encode(), *rows[2:]]))
    assert (verdict.ok, verdict.kind, verdict.step, verdict.line) == (False, "broken_chain", 1, 2)


def test_an_edited_reveal_is_blamed_on_the_reveal_line() -> None:
    """A revealed seed that does not open the commitment is reported on the reveal's line, not the header's."""
    rows = finished_rows("tic_tac_toe", commit=True)
    reveal = json.loads(rows[-1])
    reveal["seed"] += 1
    verdict = verify(joined([*rows[:-1], json.dumps(reveal).encode()]))
    assert (verdict.ok, verdict.kind, verdict.line) == (False, "seed_mismatch", len(rows))


def test_a_huge_line_is_refused_with_a_verdict_and_bounded_memory(tmp_path: object) -> None:
    """A line over the documented limit becomes a verdict naming it; the reader never holds more than the limit."""
    import tracemalloc

    rows = finished_rows()
    huge = joined([rows[0], b'{"type": "action", "junk": "' + b"x" * (4 * MAX_LINE_BYTES) + b'"}'])
    tracemalloc.start()
    try:
        verdict = verify(huge)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert (verdict.ok, verdict.kind, verdict.line) == (False, "corrupt", 2) and "longer than" in verdict.message
    assert peak < len(huge) + 3 * MAX_LINE_BYTES  # the input itself, plus at most a line and a bit


def test_cli_verify_complete_exits_1_on_an_unfinished_log(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    """``boardcore verify --complete`` fails an unfinished log (exit 1); plain verify accepts it and says so."""
    from pathlib import Path

    log = Path(str(tmp_path)) / "cut.jsonl"
    log.write_bytes(joined(finished_rows()[:-1]))
    assert main(["verify", str(log)]) == 0
    assert "not finished" in capsys.readouterr().out
    assert main(["verify", "--complete", str(log)]) == 1
    assert "[unfinished]" in capsys.readouterr().out
