"""Logs: both encodings round-trip, streaming, and every kind of tampering is named with its step."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardcore import Match
from boardcore import log as log_module
from boardcore import verify as verify_module
from boardcore.bots import RandomBot
from boardcore.errors import LogError, RulesVersionMismatch
from boardcore.log import MAX_LINE_BYTES, Header, Log, LogWriter, Record, chain_link, genesis, read_log, seed_commitment
from boardcore.verify import register_upcaster, replay, verify
from games.kuhn_poker import GAME as KUHN
from games.tic_tac_toe import GAME as TTT
from games.tic_tac_toe import PlaceMark
from tests.boardcore.played import BIG_SEED, finished

SECRET = 2**60 + 77
"""A committed seed must be unguessable (at least 2**48)."""


def lines(match: Match) -> list[dict]:
    return [json.loads(line) for line in match.log.to_jsonl().splitlines()]


def encode(rows: list[dict]) -> bytes:
    return b"".join(json.dumps(r).encode() + b"\n" for r in rows)


def test_both_encodings_round_trip_and_verify() -> None:
    """JSON Lines and msgpack hold the same log, and both verify."""
    log = finished().log
    assert read_log(log.to_jsonl()) == log == read_log(log.to_msgpack())
    assert verify(log.to_jsonl()).ok and verify(log.to_msgpack()).ok


def test_replay_to_a_step_gives_that_state() -> None:
    """replay(log, step=3) is the match after three actions."""
    match = finished()
    again = replay(match.log, step=3)
    assert again.state == match._states[3] and len(again) == 3


def test_altered_action_breaks_the_chain_at_that_step() -> None:
    """Changing an action without re-chaining is caught as a broken chain at that step."""
    rows = lines(finished())
    rows[3]["action"]["cell"] = (rows[3]["action"]["cell"] + 1) % 9
    verdict = verify(encode(rows))
    assert (verdict.ok, verdict.step, verdict.kind) == (False, 3, "broken_chain")


def test_rechained_illegal_action_is_named_illegal() -> None:
    """A forger who re-chains an illegal move is caught by the rules at that step."""
    match = Match.new(TTT, 2, seed=1)
    match.apply(0, PlaceMark(cell=4))
    match.apply(1, PlaceMark(cell=0))
    forged = Match.new(TTT, 2, seed=1)
    forged.apply(0, PlaceMark(cell=4))
    forged._steps.append(type(match.steps[1])(1, PlaceMark(cell=4), match.steps[1].events, True))
    forged._states.append(match.state)
    verdict = verify(forged.log)
    assert (verdict.step, verdict.kind) == (2, "illegal_action")
    assert "taken" in verdict.message


def test_rechained_wrong_digest_is_a_digest_mismatch() -> None:
    """A record whose state digest was forged (and re-chained) fails as a digest mismatch."""
    match = finished()
    log = match.log
    records = list(log.records)
    bad = records[1]
    records[1] = Record(step=bad.step, player=bad.player, action=bad.action, events=bad.events, state="0" * 32, chain="")
    chain = genesis(log.header)
    rebuilt = []
    for r in records:
        chain = chain_link(chain, r.step, r.player, r.action, r.events, r.state)
        rebuilt.append(Record(step=r.step, player=r.player, action=r.action, events=r.events, state=r.state, chain=chain))
    verdict = verify(Log(log.header, tuple(rebuilt)))
    assert (verdict.step, verdict.kind) == (2, "digest_mismatch")


def test_truncated_and_garbage_logs_report_the_line() -> None:
    """A cut-off last line and a garbage line are reported with their line, not a traceback."""
    data = finished().log.to_jsonl()
    verdict = verify(data[:-20])
    assert not verdict.ok and verdict.kind == "corrupt" and verdict.line == data.count(b"\n")
    verdict = verify(b"this is not a log\n")
    assert not verdict.ok and verdict.line == 1
    verdict = verify(finished().log.to_msgpack()[:-3])
    assert not verdict.ok and verdict.kind == "truncated"
    assert not verify(b"").ok


def test_missing_record_is_reported() -> None:
    """Dropping a record shows up at the step where the numbering jumps."""
    rows = lines(finished())
    del rows[2]
    verdict = verify(encode(rows))
    assert (verdict.step, verdict.kind) == (2, "corrupt")


def test_committed_seed_verifies_only_with_the_right_seed() -> None:
    """A committed-seed log hides the seed in its header and checks the revealed one against the hash."""
    match = finished(seed=SECRET, commit_seed=True)
    log = match.log
    assert log.header.seed is None and log.header.seed_commitment == seed_commitment(SECRET, match.seed_salt)
    assert log.reveal is not None and verify(log).ok
    hidden = Log(log.header, log.records, None)
    assert verify(hidden, seed=SECRET, salt=match.seed_salt).ok
    assert verify(hidden, seed=SECRET).kind == "seed_mismatch"
    assert verify(hidden).kind == "seed_mismatch"
    assert verify(hidden, seed=78).kind == "seed_mismatch"


def rechained(log: Log, header: Header) -> Log:
    """The same records under another header, chained afresh (as that header's writer would have)."""
    chain = genesis(header)
    records = []
    for r in log.records:
        chain = chain_link(chain, r.step, r.player, r.action, r.events, r.state)
        records.append(Record(step=r.step, player=r.player, action=r.action, events=r.events, state=r.state, chain=chain))
    return Log(header, tuple(records))


def test_altered_header_breaks_the_chain() -> None:
    """Editing the header (players, options, rules version) invalidates the first record's chain."""
    rows = lines(finished())
    rows[0]["players"] = ["Mallory", "Bob"]
    assert verify(encode(rows)).kind == "broken_chain"


def test_unknown_rules_version_is_refused_unless_upcast(monkeypatch: pytest.MonkeyPatch) -> None:
    """An older rules version replays only through a registered upcaster; otherwise RulesVersionMismatch."""
    log = finished().log
    old = rechained(log, msgspec.structs.replace(log.header, rules_version="0-test"))
    with pytest.raises(RulesVersionMismatch):
        replay(old)
    assert verify(old).kind == "rules_version_mismatch"
    monkeypatch.setattr(verify_module, "_UPCASTERS", {})
    renamed = []

    def upcast(action: dict) -> dict:
        renamed.append(action["type"])
        return action

    register_upcaster("tic_tac_toe", "0-test", TTT.rules_version, upcast)
    verdict = verify(old)
    assert verdict.ok and verdict.upcast and len(renamed) == len(log.records)
    assert replay(old).state == finished().state


def test_unknown_game_is_reported() -> None:
    """A log of a game this engine does not know is refused with its name."""
    rows = lines(finished())
    rows[0]["game"] = "chess"
    verdict = verify(encode(rows))
    assert verdict.kind == "unknown_game" and "chess" in verdict.message


def test_replay_of_illegal_log_raises_log_error_with_step() -> None:
    """replay() raises LogError naming the step of the first illegal action."""
    rows = lines(finished())
    rows[2]["action"]["cell"] = rows[1]["action"]["cell"]
    with pytest.raises(LogError) as failed:
        replay(encode(rows))
    assert failed.value.step == 2


def test_verify_streams_a_file_and_reports_the_earliest_problem(tmp_path) -> None:
    """A file is checked record by record: an illegal step 2 is reported even though the file ends in garbage."""
    match = Match.new(TTT, 2, seed=1)
    match.apply(0, PlaceMark(cell=4))
    match.apply(1, PlaceMark(cell=0))
    forged = Match.new(TTT, 2, seed=1)
    forged.apply(0, PlaceMark(cell=4))
    forged._steps.append(type(match.steps[1])(1, PlaceMark(cell=4), match.steps[1].events, True))
    forged._states.append(match.state)
    path = tmp_path / "forged.jsonl"
    path.write_bytes(forged.log.to_jsonl() + b"{not json\n")
    verdict = verify(path)
    assert (verdict.step, verdict.line, verdict.kind) == (2, 3, "illegal_action")
    assert verify(tmp_path / "forged.jsonl").steps == 1


def test_actions_with_tuple_fields_round_trip_through_both_encodings() -> None:
    """A logged action holding a tuple reads back equal from JSON Lines and msgpack (lists on both sides)."""
    from boardcore.log import action_object

    class Pick(msgspec.Struct, frozen=True, tag=True):
        cards: tuple[int, ...]

    assert action_object(Pick((3, 1))) == {"type": "Pick", "cards": [3, 1]}


_LOG = finished(seed=9).log
_JSONL = _LOG.to_jsonl()
_PACKED = _LOG.to_msgpack()


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_verify_never_crashes_on_damaged_logs(data: st.DataObject) -> None:
    """Any byte-level damage to a log (flips, cuts, insertions) yields a Verdict, never an exception."""
    raw = bytearray(data.draw(st.sampled_from([_JSONL, _PACKED])))
    for _ in range(data.draw(st.integers(min_value=1, max_value=4))):
        kind = data.draw(st.sampled_from(["flip", "cut", "insert"]))
        at = data.draw(st.integers(min_value=0, max_value=max(len(raw) - 1, 0)))
        if kind == "flip" and raw:
            raw[at] ^= data.draw(st.integers(min_value=1, max_value=255))
        elif kind == "cut":
            del raw[at : at + data.draw(st.integers(min_value=1, max_value=40))]
        else:
            raw[at:at] = data.draw(st.binary(min_size=1, max_size=20))
    verdict = verify(bytes(raw))
    assert verdict.ok or verdict.kind is not None


def test_a_crashing_rule_is_reported_not_raised() -> None:
    """If the rules code itself fails on a logged action, verify reports rules_error at that step."""
    import attrs

    def broken_apply(turn, player, action):
        raise KeyError("bug")

    decisions = {
        kind: attrs.evolve(decision, rules={kind_: (problem, broken_apply) for kind_, (problem, _) in decision.rules.items()})
        for kind, decision in TTT.flow.decisions.items()
    }
    broken = attrs.evolve(TTT, flow=attrs.evolve(TTT.flow, decisions=decisions))
    verdict = verify(finished().log, game=broken)
    assert (verdict.step, verdict.kind) == (1, "rules_error") and "KeyError" in verdict.message


def test_a_reveal_must_match_and_belong_to_a_committed_log() -> None:
    """A reveal in a public-seed log, or one contradicting the given seed, is refused."""
    public = finished(seed=12).log
    rows = lines(finished(seed=12))
    verdict = verify(encode([*rows, {"type": "reveal", "seed": 999}]))
    assert verdict.kind == "corrupt" and "public" in verdict.message
    committed = finished(seed=SECRET + 13, commit_seed=True).log
    wrong = Log(committed.header, committed.records, type(committed.reveal)(seed=4))
    assert verify(wrong, seed=13).kind == "seed_mismatch"
    assert verify(public).ok


def test_unknown_format_version_is_unsupported() -> None:
    """A header claiming another format version is not read as version 1."""
    log = finished().log
    future = rechained(log, msgspec.structs.replace(log.header, format_version=7))
    verdict = verify(future)
    assert verdict.kind == "unsupported_format" and "version 7" in verdict.message


def test_replay_names_unreadable_actions_corrupt_and_illegal_ones_illegal() -> None:
    """replay() tells an unreadable action (corrupt) from a refused one (illegal_action)."""
    rows = lines(finished())
    rows[2]["action"] = {"type": "PlaceMark", "cell": "x"}
    with pytest.raises(LogError) as unreadable:
        replay(encode(rows))
    assert (unreadable.value.step, unreadable.value.kind) == (2, "corrupt")


@pytest.mark.parametrize("seed", [2**64, -(2**63) - 1, "7", 1.5])
def test_seeds_outside_the_log_range_are_refused(seed: object) -> None:
    """Seeds must be integers that both log encodings can carry."""
    with pytest.raises(ValueError, match="seed"):
        Match.new(TTT, 2, seed=seed)  # type: ignore[arg-type]


def test_a_line_of_exactly_the_limit_is_read_with_or_without_its_newline() -> None:
    """A header line of exactly MAX_LINE_BYTES was read at the end of a file but refused when followed by the
    newline every JSON Lines writer puts after it (the newline was counted against the limit)."""
    base = Header(game="tic_tac_toe", rules_version="1", engine_version="0", players=("", "b"), seed=1)
    pad = MAX_LINE_BYTES - len(msgspec.json.encode(base))
    line = msgspec.json.encode(msgspec.structs.replace(base, players=("a" * pad, "b")))
    assert len(line) == MAX_LINE_BYTES
    assert read_log(line).header == read_log(line + b"\n").header


def test_read_log_of_records_after_a_reveal() -> None:
    """read_log refuses a record after the reveal line, naming the line."""
    rows = finished(seed=BIG_SEED + 4, commit_seed=True).log.to_jsonl()
    rows += rows.split(b"\n")[1] + b"\n"
    with pytest.raises(ValueError, match="after the seed reveal"):
        read_log(rows)


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
