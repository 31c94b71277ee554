"""``boardcore verify LOG --published FILE``: the final log must hold every chain value a client was shown in play."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest

from boardcore.cli import main
from boardcore.encoding import canonical, digest
from boardcore.log import Log, chain_link
from boardcore.match import Match
from boardcore.published import PUBLISHED_FORMAT, read_published
from boardcore.registry import get_game
from boardcore.verify import KINDS, verify


def finished_log() -> Log:
    """A committed-seed tic-tac-toe game played to the end (the first legal cell each time)."""
    match = Match.new(get_game("tic_tac_toe"), ["Ann", "Bob"], commit_seed=True)
    while not match.is_over:
        seat = min(match.actors)
        match.apply(seat, match.legal_actions(seat)[0])
    return match.log


def published(log: Log, **changes: object) -> bytes:
    body = {
        "format": PUBLISHED_FORMAT, "format_version": 1, "match_id": "m", "seed_commitment": log.header.seed_commitment,
        "steps": [{"step": r.step, "chain": r.chain} for r in log.records],
    }  # fmt: skip
    return json.dumps({**body, **changes}).encode()


def rewritten(log: Log) -> Log:
    """Ann renamed after the game and every chain value recomputed: a log that verifies on its own."""
    header = msgspec.structs.replace(log.header, players=("Mallory", "Bob"))
    chain, records = digest(canonical(header)), []
    for record in log.records:
        chain = chain_link(chain, record.step, record.player, record.action, record.events, record.state)
        records.append(msgspec.structs.replace(record, chain=chain))
    return Log(header, tuple(records), log.reveal)


def test_the_log_that_was_published_passes() -> None:
    """The chain values shown in play are the log's: valid, as without them."""
    log = finished_log()
    verdict = verify(log, published=read_published(published(log)), complete=True)
    assert verdict.ok and verdict.finished


def test_a_rewritten_and_rechained_log_fails_at_step_one() -> None:
    """A renamed player with the chain recomputed passes plain verify, and fails against what was published."""
    log = finished_log()
    assert verify(rewritten(log)).ok
    verdict = verify(rewritten(log), published=read_published(published(log)))
    assert (verdict.ok, verdict.kind, verdict.step, verdict.line) == (False, "published_mismatch", 1, 2)
    assert "published_mismatch" in KINDS


def test_a_step_published_but_missing_from_the_log_is_named() -> None:
    """A log cut short after publishing more steps fails, naming the first step it lacks."""
    log = finished_log()
    short = Log(log.header, log.records[:3], None)
    verdict = verify(short, seed=log.reveal.seed if log.reveal else None, salt=log.reveal.salt if log.reveal else None, published=read_published(published(log)))
    assert (verdict.kind, verdict.step) == ("published_mismatch", 4), verdict


def test_another_commitment_than_the_one_published_is_named_on_line_one() -> None:
    """The commitment shown when the game began must be the header's."""
    log = finished_log()
    verdict = verify(log, published=read_published(published(log, seed_commitment="0" * 64)))
    assert (verdict.kind, verdict.line, verdict.step) == ("published_mismatch", 1, None)


def test_the_command_names_the_step_and_refuses_a_bad_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Exit 1 naming the step for a disagreement, 0 for agreement, 2 for a file that is not a published-chain file."""
    log = finished_log()
    (tmp_path / "good.jsonl").write_bytes(log.to_jsonl())
    (tmp_path / "bad.jsonl").write_bytes(rewritten(log).to_jsonl())
    (tmp_path / "chain.json").write_bytes(published(log))
    (tmp_path / "junk.json").write_text('{"format": "something else"}')
    assert main(["verify", str(tmp_path / "good.jsonl"), "--published", str(tmp_path / "chain.json")]) == 0
    assert main(["verify", str(tmp_path / "bad.jsonl"), "--published", str(tmp_path / "chain.json")]) == 1
    assert "invalid at step 1 [published_mismatch]" in capsys.readouterr().out
    assert main(["verify", str(tmp_path / "good.jsonl"), "--published", str(tmp_path / "junk.json")]) == 2
    assert "boardcore-published-chain" in capsys.readouterr().err
