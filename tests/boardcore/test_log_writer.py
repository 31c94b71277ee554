"""LogWriter: saving after every action appends only the new records, and the file always equals a one-shot save."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardcore import Match
from boardcore import log as log_module
from boardcore.bots import RandomBot
from boardcore.log import LogWriter
from games.kuhn_poker import GAME as KUHN
from games.tic_tac_toe import GAME as TTT


@pytest.mark.parametrize("suffix", [".jsonl", ".msgpack"])
@pytest.mark.parametrize("commit_seed", [False, True])
@pytest.mark.parametrize("given", ["match", "log"])
def test_saving_after_every_action_equals_a_one_shot_save(tmp_path: Path, suffix: str, commit_seed: bool, given: str) -> None:
    """After each action the appended file has exactly the bytes of ``log.save`` (the reveal included at the end),
    whether the writer is given the match or its log."""
    match = Match.new(KUHN, 2, 2**60 + 5, commit_seed=commit_seed)
    path, fresh = tmp_path / f"kept{suffix}", tmp_path / f"fresh{suffix}"
    writer = LogWriter(path)
    writer.write(match if given == "match" else match.log)
    bots = [RandomBot.seeded(3, seat) for seat in range(2)]
    while match.actors:
        seat = min(match.actors)
        match.apply(seat, bots[seat].choose(match.view(seat), match.legal_actions(seat)))
        writer.write(match if given == "match" else match.log)
        match.log.save(fresh)
        assert path.read_bytes() == fresh.read_bytes()
    assert (match.log.reveal is not None) == commit_seed


@pytest.mark.parametrize("suffix", [".jsonl", ".msgpack"])
def test_an_undo_truncates_back_to_the_shared_records(tmp_path: Path, suffix: str) -> None:
    """Undoing and playing other moves leaves the file equal to a fresh save: the undone records are gone."""
    match = Match.new(TTT, 2, 7)
    path, fresh = tmp_path / f"kept{suffix}", tmp_path / f"fresh{suffix}"
    writer = LogWriter(path)
    for cell in (0, 4, 8):
        match.apply(min(match.actors), {"type": "PlaceMark", "cell": cell})
        writer.write(match)
    match.undo(0, force=True)
    writer.write(match)
    match.log.save(fresh)
    assert path.read_bytes() == fresh.read_bytes()
    match.undo(1, force=True)
    match.apply(1, {"type": "PlaceMark", "cell": 1})
    match.apply(0, {"type": "PlaceMark", "cell": 2})
    writer.write(match)
    match.log.save(fresh)
    assert path.read_bytes() == fresh.read_bytes()


def test_another_match_rewrites_the_file(tmp_path: Path) -> None:
    """A log with another header replaces the file rather than appending to it."""
    path, fresh = tmp_path / "kept.jsonl", tmp_path / "fresh.jsonl"
    writer = LogWriter(path)
    first = Match.new(TTT, 2, 1)
    first.apply(0, {"type": "PlaceMark", "cell": 0})
    writer.write(first.log)
    second = Match.new(TTT, 2, 2)
    writer.write(second.log)
    second.log.save(fresh)
    assert path.read_bytes() == fresh.read_bytes()


def test_each_write_encodes_only_the_new_records(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Saving after each of n actions encodes n records and one header, not n**2/2 records."""
    encoded: list[object] = []
    plain = log_module._jsonl_line

    def counting(line: log_module.Header | log_module.Record | log_module.SeedReveal) -> bytes:
        encoded.append(line)
        return plain(line)

    monkeypatch.setattr(log_module, "_jsonl_line", counting)
    writer = LogWriter(tmp_path / "kept.jsonl")
    match = Match.new(TTT, 2, 3)
    writer.write(match)
    for cell in (0, 1, 3, 4, 6):
        match.apply(min(match.actors), {"type": "PlaceMark", "cell": cell})
        writer.write(match)
    assert len(encoded) == 1 + len(match)
