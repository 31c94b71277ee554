"""Verification tells the whole truth: whether a log reaches the end of the game, and which line was edited."""

from __future__ import annotations

import json
import struct
import tracemalloc
from pathlib import Path
from typing import Any

import attrs
import msgspec
import pytest

from boardcore import Match
from boardcore.bots import make_bots, play_out
from boardcore.cli import main
from boardcore.log import MAX_LINE_BYTES, MSGPACK_MAGIC, read_log, seed_commitment
from boardcore.registry import get_game
from boardcore.verify import HEADER_KEYS, verify
from games.tic_tac_toe import PlaceMark
from tests.boardcore.played import BIG_SEED, finished, frames

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


def _committed_finished() -> Match[Any, Any, Any, Any]:
    match = Match.new(TTT, 2, BIG_SEED, commit_seed=True)
    for cell in (0, 3, 1, 4, 2):
        match.apply(len(match) % 2, PlaceMark(cell=cell))
    assert match.is_over
    return match


def test_an_edited_seed_commitment_is_blamed_on_the_header_not_the_reveal() -> None:
    """The header's commitment was edited; the genuine reveal line was blamed ("the revealed seed does not match")."""
    log = _committed_finished().log
    forged = attrs.evolve(log, header=msgspec.structs.replace(log.header, seed_commitment=seed_commitment(5, "0" * 32)))
    verdict = verify(forged.to_jsonl())
    assert not verdict.ok and verdict.line == 1, str(verdict)


def test_a_committed_log_reveals_seed_and_salt_and_verifies() -> None:
    """The reveal line carries the salt; a wrong salt or seed is a seed_mismatch."""
    import attrs

    log = finished(seed=BIG_SEED + 9, commit_seed=True).log
    assert log.reveal is not None and log.reveal.salt is not None
    assert verify(log).ok and verify(read_log(log.to_msgpack())).ok
    wrong_salt = attrs.evolve(log, reveal=msgspec.structs.replace(log.reveal, salt="0" * 32))
    no_salt = attrs.evolve(log, reveal=msgspec.structs.replace(log.reveal, salt=None))
    bad_form = attrs.evolve(log, reveal=msgspec.structs.replace(log.reveal, salt="xyz"))
    for broken in (wrong_salt, no_salt, bad_form):
        assert verify(broken).kind == "seed_mismatch"


def test_a_legacy_unsalted_committed_log_still_verifies() -> None:
    """A log committed with the old unsalted scheme (reveal without salt) verifies."""
    import attrs

    from boardcore.log import Header, SeedReveal, seed_commitment
    from tests.boardcore.test_log import rechained

    log = finished(seed=BIG_SEED + 9, commit_seed=True).log
    header = msgspec.structs.replace(log.header, seed_commitment=seed_commitment(BIG_SEED + 9))
    legacy = attrs.evolve(rechained(log, header), reveal=SeedReveal(seed=BIG_SEED + 9))
    assert isinstance(legacy.header, Header) and verify(legacy).ok
    assert verify(read_log(legacy.to_jsonl())).ok


def test_a_huge_msgpack_length_prefix_does_not_allocate_it(tmp_path: Path) -> None:
    """A 10-byte file claiming a 4 GiB frame is refused (over the frame limit) without allocating the claimed size."""
    path = tmp_path / "huge.msgpack"
    path.write_bytes(MSGPACK_MAGIC + struct.pack(">I", 2**32 - 1) + b"x")
    tracemalloc.start()
    try:
        verdict = verify(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert (verdict.ok, verdict.kind, verdict.line) == (False, "corrupt", 1)
    assert peak < 64 * 2**20


def test_msgpack_actions_holding_extension_types_or_int_keys_are_corrupt() -> None:
    """An action with a msgpack Ext value or a non-string key is reported corrupt, not raised."""
    log = finished().log
    header = msgspec.to_builtins(log.header)
    for bad in (msgspec.msgpack.Ext(1, b"x"), {1: 2, "a": 3}):
        record = {"type": "action", "step": 1, "player": 0, "action": {"type": "PlaceMark", "cell": bad}}
        record |= {"events": "0" * 32, "state": "0" * 32, "chain": "0" * 32}
        verdict = verify(frames(header, record))
        assert (verdict.ok, verdict.kind, verdict.step) == (False, "corrupt", 1), verdict


def test_deeply_nested_json_is_corrupt_not_a_recursion_error() -> None:
    """A record nested 100,000 levels deep is reported corrupt at its line."""
    head = finished().log.to_jsonl().split(b"\n")[0]
    deep = b'{"type":"action","step":1,"player":0,"action":{"a":' + b"[" * 100_000 + b"]" * 100_000 + b"}}"
    verdict = verify(head + b"\n" + deep + b"\n")
    assert (verdict.ok, verdict.kind, verdict.line) == (False, "corrupt", 2), verdict


def test_verify_of_a_missing_file_is_a_verdict() -> None:
    """verify() of a path that cannot be opened returns a verdict instead of raising OSError."""
    verdict = verify("/nonexistent/dir/log.jsonl")
    assert not verdict.ok and verdict.kind == "corrupt" and "cannot" in verdict.message


def header_row(**changes: object) -> bytes:
    row = json.loads(finished().log.to_jsonl().split(b"\n")[0])
    row.update(changes)
    return json.dumps(row).encode() + b"\n"


@pytest.mark.parametrize("seed", [2**64, 99999999999999999999999, -(2**63) - 1])
def test_a_header_seed_outside_the_log_range_is_corrupt(seed: int) -> None:
    """verify refuses a header seed that Match.new (and so replay) would refuse."""
    verdict = verify(header_row(seed=seed))
    assert (verdict.ok, verdict.kind, verdict.line) == (False, "corrupt", 1), verdict


def test_a_header_with_neither_or_both_seed_and_commitment_is_corrupt() -> None:
    """A header must carry exactly one of seed and seed_commitment."""
    neither = verify(header_row(seed=None, seed_commitment=None))
    both = verify(header_row(seed=4, seed_commitment="0" * 64))
    assert (neither.kind, both.kind) == ("corrupt", "corrupt"), (neither, both)


def test_a_game_whose_setup_crashes_is_a_rules_error_verdict() -> None:
    """verify reports a crash in the game's setup as rules_error instead of raising it."""
    import attrs

    def setup(config: object, seed: int) -> object:
        raise KeyError("boom")

    broken = attrs.evolve(TTT, setup=setup)
    verdict = verify(finished().log, game=broken)
    assert (verdict.ok, verdict.kind) == (False, "rules_error"), verdict


def played(commit_seed: bool) -> bytes:
    match = Match.new(TTT, 2, None if commit_seed else 11, commit_seed=commit_seed)
    for seat, cell in ((0, 0), (1, 3), (0, 1), (1, 4), (0, 2)):
        match.apply(seat, {"type": "PlaceMark", "cell": cell})
    return match.log.to_jsonl()


@pytest.mark.parametrize("commit_seed", [False, True], ids=["public", "committed"])
@pytest.mark.parametrize("key", HEADER_KEYS)
def test_a_header_without_a_key_is_corrupt_and_named(key: str, commit_seed: bool, tmp_path: Path) -> None:
    """Dropping any one key of the header makes the log corrupt at line 1, from bytes and from a file."""
    lines = played(commit_seed).decode().splitlines()
    assert verify("\n".join(lines).encode()).ok
    header = json.loads(lines[0])
    del header[key]
    tampered = ("\n".join([json.dumps(header), *lines[1:]]) + "\n").encode()
    path = tmp_path / "log.jsonl"
    path.write_bytes(tampered)
    for source in (tampered, path):
        verdict = verify(source)
        assert (verdict.ok, verdict.kind, verdict.line) == (False, "corrupt", 1)
        assert repr(key) in verdict.message or f"`{key}`" in verdict.message


def test_a_msgpack_header_without_a_key_is_corrupt() -> None:
    """The binary format is checked the same way."""
    match = Match.new(TTT, 2, 5)
    match.apply(0, {"type": "PlaceMark", "cell": 0})
    packed = match.log.to_msgpack()
    assert verify(packed).ok
    start = len(MSGPACK_MAGIC)
    size = int.from_bytes(packed[start : start + 4], "big")
    header = msgspec.msgpack.decode(packed[start + 4 : start + 4 + size])
    del header["options"]
    frame = msgspec.msgpack.encode(header)
    tampered = packed[:start] + len(frame).to_bytes(4, "big") + frame + packed[start + 4 + size :]
    verdict = verify(tampered)
    assert (verdict.ok, verdict.kind) == (False, "corrupt") and "'options'" in verdict.message
