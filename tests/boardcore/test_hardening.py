"""Hostile and odd inputs: the engine refuses or reports them, never crashes, hangs or leaks."""

from __future__ import annotations

import json
import math
import struct
import tracemalloc
from pathlib import Path

import msgspec
import pytest

from boardcore import Match, Outcome
from boardcore.bots import RandomBot, play_out
from boardcore.cli import main
from boardcore.errors import IllegalAction
from boardcore.log import MSGPACK_MAGIC, read_log
from boardcore.rng import Rng
from boardcore.verify import verify
from games.tic_tac_toe import GAME as TTT
from games.tic_tac_toe import PlaceMark

BIG_SEED = 2**60
"""Committed seeds must be unguessable (at least 2**48)."""


def finished(seed: int = 4, commit_seed: bool = False) -> Match:
    match = Match.new(TTT, ["Ann", "Bob"], seed, commit_seed=commit_seed)
    play_out(match, [RandomBot.seeded(seed, 0), RandomBot.seeded(seed, 1)])
    return match


def frames(*items: object) -> bytes:
    encoded = [msgspec.msgpack.encode(item) for item in items]
    return MSGPACK_MAGIC + b"".join(struct.pack(">I", len(f)) + f for f in encoded)


# --- RNG -----------------------------------------------------------------


def test_below_a_bound_above_two_to_the_64_terminates_and_covers_the_range() -> None:
    """below(n) for n > 2**64 returns values in [0, n), reaching above 2**64, instead of looping forever."""
    rng = Rng.from_seed(5)
    n = 3 * 2**64 + 7
    values = []
    for _ in range(200):
        value, rng = rng.below(n)
        values.append(value)
    assert all(0 <= v < n for v in values)
    assert max(values) >= 2**65


def test_below_up_to_two_to_the_64_is_unchanged() -> None:
    """Bounds up to 2**64 keep the published one-word algorithm (vectors in docs/rng.md)."""
    assert Rng.from_seed(42).below(2**63 + 1) == (2958219263312191191, Rng(42, 0, 2))
    assert Rng.from_seed(42).below(2**64)[1].counter == 1


@pytest.mark.parametrize("n", [0, -1, 2.5, "3", True])
def test_below_refuses_bounds_that_are_not_positive_integers(n: object) -> None:
    """below() raises for zero, negative and non-integer bounds."""
    with pytest.raises((ValueError, TypeError)):
        Rng.from_seed(1).below(n)  # type: ignore[arg-type]


@pytest.mark.parametrize("k", [-1, 4])
def test_sample_refuses_k_outside_zero_to_len(k: int) -> None:
    """sample(items, k) raises ValueError unless 0 <= k <= len(items) (k=-1 used to drop the last item)."""
    with pytest.raises(ValueError, match="sample"):
        Rng.from_seed(1).sample((1, 2, 3), k)


def test_shuffle_and_sample_of_tiny_sequences() -> None:
    """Shuffling zero or one item draws nothing; sample(k=0) is empty."""
    rng = Rng.from_seed(1)
    assert rng.shuffle(()) == ((), rng)
    assert rng.shuffle((9,)) == ((9,), rng)
    assert rng.sample((1, 2), 0) == ((), rng)


# --- Match ---------------------------------------------------------------


def test_a_subclass_of_an_action_is_refused_not_logged_under_its_own_tag() -> None:
    """An instance of a subclass of an action Struct is malformed (its log record would not replay)."""

    class Sneaky(PlaceMark):
        pass

    match = Match.new(TTT, 2, 1)
    with pytest.raises(IllegalAction) as refused:
        match.apply(0, Sneaky(cell=4))
    assert refused.value.code == "action/malformed"
    assert len(match) == 0


def test_mutable_fields_in_an_action_are_frozen_before_they_are_kept() -> None:
    """An action built with a list is validated and kept as its frozen form, so later mutation cannot rewrite the log."""
    from tests.boardcore.toy_chips import SOUND, Bet

    match = Match.new(SOUND, 2, 3)
    chips = [1, 2]
    match.apply(0, Bet(chips=chips))  # type: ignore[arg-type]
    assert match.last_step is not None and match.last_step.action == Bet(chips=(1, 2))
    before = match.log.records[-1].chain
    chips.append(99)
    assert match.log.records[-1].chain == before
    assert verify(match.log, game=SOUND).ok


def test_an_action_struct_holding_a_list_where_an_int_belongs_is_malformed() -> None:
    """A Struct built in Python with an unhashable value in a scalar field is validated and refused as action/malformed."""
    match = Match.new(TTT, 2, 1)
    with pytest.raises(IllegalAction) as refused:
        match.apply(0, PlaceMark(cell=[4]))  # type: ignore[arg-type]
    assert refused.value.code == "action/malformed"
    assert len(match) == 0


@pytest.mark.parametrize("players", ["Ann", ["Ann", 2], [b"x", b"y"]])
def test_player_names_must_be_a_sequence_of_strings(players: object) -> None:
    """Match.new refuses a bare string (it would seat one player per letter) and non-string names."""
    with pytest.raises(ValueError, match="names"):
        Match.new(TTT, players, 1)  # type: ignore[arg-type]


# --- seed commitments ----------------------------------------------------


def test_a_committed_seed_is_salted_so_small_seeds_cannot_be_guessed() -> None:
    """The commitment to seed 1 is not the hash of any small seed, and two matches on one seed commit differently."""
    from boardcore.log import seed_commitment

    first = Match.new(TTT, 2, BIG_SEED + 1, commit_seed=True)
    second = Match.new(TTT, 2, BIG_SEED + 1, commit_seed=True)
    assert first.seed_commitment != second.seed_commitment
    assert first.seed_commitment not in {seed_commitment(s) for s in range(-100, 1000)}
    assert first.seed_salt is not None and len(first.seed_salt) == 32
    assert first.seed_salt not in repr(first)


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


def test_events_for_refuses_a_negative_since() -> None:
    """events_for(seat, since) raises ValueError for since < 0 (it used to return only the last step)."""
    match = Match.new(TTT, 2, 1)
    match.apply(0, PlaceMark(cell=0))
    match.apply(1, PlaceMark(cell=1))
    with pytest.raises(ValueError, match="since"):
        match.events_for(0, since=-1)
    assert match.events_for(0, since=5) == []


def test_undo_refuses_a_seat_the_match_does_not_have() -> None:
    """undo, undo_refusal and can_undo raise ValueError for an unknown seat, even with force=True."""
    match = Match.new(TTT, 2, 1)
    match.apply(0, PlaceMark(cell=0))
    for seat in (2, -1, "0"):
        with pytest.raises(ValueError, match="seat"):
            match.undo(seat, force=True)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="seat"):
            match.can_undo(seat)  # type: ignore[arg-type]
    assert len(match) == 1


def test_match_repr_shows_no_seed_or_state() -> None:
    """repr(Match) names the game and players but not the seed, the states or the steps."""
    match = Match.new(TTT, ["Ann", "Bob"], BIG_SEED + 987654321, commit_seed=True)
    match.apply(0, PlaceMark(cell=4))
    text = repr(match)
    assert "987654321" not in text and "Rng(" not in text and "MarkPlaced" not in text
    assert text == "Match(game='tic_tac_toe', players=('Ann', 'Bob'), steps=1)"


# --- Logs ----------------------------------------------------------------


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


# --- Outcome -------------------------------------------------------------


def test_from_scores_refuses_no_scores_and_nan() -> None:
    """Outcome.from_scores raises ValueError for an empty score list or a NaN score."""
    with pytest.raises(ValueError):
        Outcome.from_scores([])
    with pytest.raises(ValueError):
        Outcome.from_scores([1.0, math.nan])


def test_from_scores_groups_equal_float_and_int_scores() -> None:
    """Scores 2 and 2.0 tie; the ranking is best first with tied seats ascending."""
    outcome = Outcome.from_scores([2, 2.0, 3.5, -1])
    assert outcome.winners == (2,)
    assert outcome.ranking == ((2,), (0, 1), (3,))


# --- CLI -----------------------------------------------------------------


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


def test_read_log_of_records_after_a_reveal() -> None:
    """read_log refuses a record after the reveal line, naming the line."""
    rows = finished(seed=BIG_SEED + 4, commit_seed=True).log.to_jsonl()
    rows += rows.split(b"\n")[1] + b"\n"
    with pytest.raises(ValueError, match="after the seed reveal"):
        read_log(rows)


@pytest.mark.parametrize("raw", [[("round_limit", 2)], "ab", 7, ("x",)])
def test_options_that_are_not_a_mapping_are_refused(raw: object) -> None:
    """structure_options refuses anything but None, an instance or a mapping (a list of pairs was accepted)."""
    import attrs

    from boardcore.options import structure_options

    @attrs.frozen
    class Options:
        round_limit: int = 3

    with pytest.raises(ValueError, match="options"):
        structure_options(Options, raw)


def test_a_committed_match_refuses_a_plain_undo_once_the_game_is_over() -> None:
    """After the end the log reveals the seed, so a committed-seed match refuses undo unless forced."""
    from boardcore import UndoRefused

    match = Match.new(TTT, 2, BIG_SEED + 1, commit_seed=True)
    for cell, seat in ((0, 0), (3, 1), (1, 0), (4, 1), (2, 0)):
        match.apply(seat, PlaceMark(cell=cell))
    assert match.is_over and match.log.reveal is not None
    assert match.undo_refusal(0) == "the game is over: its end is final"
    with pytest.raises(UndoRefused):
        match.undo(0)
    match.undo(0, force=True)
    assert not match.is_over


def test_sealed_commit_refuses_a_seat_that_is_not_awaited() -> None:
    """Sealed.commit raises ValueError for a second commitment or a seat outside the round (it kept both choices)."""
    from boardcore import Sealed

    sealed = Sealed.open([0, 1]).commit(0, "a")
    with pytest.raises(ValueError, match="not awaited"):
        sealed.commit(0, "b")
    with pytest.raises(ValueError, match="not awaited"):
        sealed.commit(5, "c")
    assert sealed.choice_of(0) == "a" and sealed.waiting == (1,)


def test_a_public_seed_match_refuses_a_plain_undo_once_the_game_is_over() -> None:
    """The end is final with a public seed too: the finished log may already be published."""
    from boardcore import UndoRefused

    match = Match.new(TTT, 2, 7)
    for cell, seat in ((0, 0), (3, 1), (1, 0), (4, 1), (2, 0)):
        match.apply(seat, PlaceMark(cell=cell))
    assert match.is_over and match.undo_refusal(0) == "the game is over: its end is final"
    with pytest.raises(UndoRefused):
        match.undo(0)
