"""The verifier refuses a written header with a key missing: the genesis hashes all ten, so none may default."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest

from boardcore import Match
from boardcore.log import MSGPACK_MAGIC
from boardcore.registry import get_game
from boardcore.verify import HEADER_KEYS, verify

TTT = get_game("tic_tac_toe")


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
