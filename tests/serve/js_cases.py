"""Logs for the JavaScript verifier's tests, each with ``boardcore verify``'s verdict: the reference it must agree with.

Every golden playthrough (``tests/golden``) becomes two logs, one with its seed in
clear and one with the same seed committed and revealed at the end, and each log
is tampered with the ways a server (or anyone holding the file) could: an edited
action, a dropped record, a wrong reveal, a seed off by one, a renamed player, and
a game rewritten after the fact with its chain recomputed (caught only by the chain
values published during play); and broken the ways a file breaks (a garbage line,
an unknown field, a cut, a second header, a byte order mark, nothing at all, a
reveal in a public-seed log).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec

from boardcore.bots import RandomBot
from boardcore.encoding import canonical, digest
from boardcore.log import Header, Log, SeedReveal, action_object, chain_link, seed_commitment
from boardcore.match import Match
from boardcore.published import PUBLISHED_FORMAT, read_published
from boardcore.registry import get_game
from boardcore.resign import RESIGN
from boardcore.testing.golden import parse_header
from boardcore.verify import replay, verify

GOLDEN = sorted((Path(__file__).parent.parent / "golden").glob("*.txt"))
SALT = "0123456789abcdef" * 2
HEADER_BLAMED = {"ok": False, "kind": "broken_chain", "step": None, "line": 1}
"""The JavaScript verdict on a public seed edited in the header. Both verifiers find that the first record does not
chain from the header; Python replays the first record from the edited seed, sees its digests differ and names step 1
("this record, or the header it chains from"), while JavaScript, without the rules, sees the second record chain from
the first one's logged value and names the header (docs/log-format.md, "Verifying in JavaScript")."""


def golden_match(path: Path, *, committed: bool) -> Match[Any, Any, Any, Any]:
    """The golden playthrough's match, replayed with the golden's random bots (its seed committed if asked)."""
    name, players, seed, steps = parse_header(path.read_text(encoding="utf-8"))
    game = get_game(name)
    match = Match.new(game, players, seed)
    if committed:  # a golden seed is small: build the committed header by hand (Match.new refuses a guessable one)
        header = msgspec.structs.replace(match.header, seed=None, seed_commitment=seed_commitment(seed, SALT))
        match = Match.from_header(game, header, seed, SALT)
    bots = [RandomBot.seeded(seed, seat) for seat in range(players)]
    count = 0
    while not match.is_over and (steps is None or count < steps):
        seat = min(match.actors)
        match.apply(seat, bots[seat].choose(match.view(seat), match.legal_actions(seat)))
        count += 1
    return match


def resigned_match(path: Path, *, committed: bool) -> Match[Any, Any, Any, Any]:
    """The golden playthrough's first six steps, then the seat to move resigns (the engine's ``boardcore.Resign``)."""
    name, players, seed, _ = parse_header(path.read_text(encoding="utf-8"))
    game = get_game(name)
    match = Match.new(game, players, seed)
    if committed:
        header = msgspec.structs.replace(match.header, seed=None, seed_commitment=seed_commitment(seed, SALT))
        match = Match.from_header(game, header, seed, SALT)
    bots = [RandomBot.seeded(seed, seat) for seat in range(players)]
    for _ in range(6):
        seat = min(match.actors)
        match.apply(seat, bots[seat].choose(match.view(seat), match.legal_actions(seat)))
    match.apply(min(match.actors), RESIGN)
    return match


RESIGNED = [path for path in GOLDEN if path.stem.startswith(("tic_tac_toe", "five_wards"))]
"""The goldens whose opening is also played to a resignation (a log the JavaScript verifier must read as Python does)."""


def published_of(log: Log, match_id: str = "golden") -> bytes:
    """The published-chain file a client that watched the whole game would have saved."""
    steps = [{"step": record.step, "chain": record.chain} for record in log.records]
    body = {"format": PUBLISHED_FORMAT, "format_version": 1, "match_id": match_id, "seed_commitment": log.header.seed_commitment, "steps": steps}
    return json.dumps(body).encode()


def _lines(log: Log) -> list[bytes]:
    return log.to_jsonl().splitlines(keepends=True)


def _rechained(header: Header, log: Log) -> bytes:
    """The log under another header with every chain value recomputed: internally consistent, but not what was published."""
    chain = digest(canonical(header))
    records = []
    for record in log.records:
        chain = chain_link(chain, record.step, record.player, record.action, record.events, record.state)
        records.append(msgspec.structs.replace(record, chain=chain))
    return Log(header, tuple(records), log.reveal).to_jsonl()


def tampered(log: Log) -> Iterator[tuple[str, bytes]]:
    """``(what, log bytes)`` for each way of tampering with ``log`` that applies to it."""
    lines = _lines(log)
    records = log.records
    middle = len(records) // 2 + 1 if len(records) > 2 else len(records)  # step 1 alone is ambiguous without the rules (docs)
    record = records[middle - 1]
    choices = [action_object(a) for a in replay(log, step=middle - 1).legal_actions(record.player)]
    other = next(a for a in [*choices, *(r.action for r in records)] if a != record.action)  # readable, but not what was played
    edited = json.loads(lines[middle])
    edited["action"] = other
    yield "edited_action", b"".join([*lines[:middle], json.dumps(edited).encode() + b"\n", *lines[middle + 1 :]])
    dropped = min(middle, len(records) - 1)  # never the last record: a log cut short at a step is a valid unfinished log
    yield "dropped_record", b"".join([*lines[:dropped], *lines[dropped + 1 :]])
    header = log.header
    if header.seed is None and log.reveal is not None:
        yield "wrong_reveal", b"".join([*lines[:-1], Log(header, (), SeedReveal(seed=log.reveal.seed, salt="f" * 32)).to_jsonl().splitlines(keepends=True)[-1]])
        off = SeedReveal(seed=log.reveal.seed + 1, salt=log.reveal.salt)
        yield "seed_off_by_one", b"".join([*lines[:-1], Log(header, (), off).to_jsonl().splitlines(keepends=True)[-1]])
    elif header.seed is not None:
        yield "seed_off_by_one", b"".join([Log(msgspec.structs.replace(header, seed=header.seed + 1), (), None).to_jsonl(), *lines[1:]])
    yield "garbage_line", b"".join([*lines[:middle], b"{not json\n", *lines[middle + 1 :]])
    extra = json.loads(lines[middle])
    extra["note"] = 1
    yield "unknown_field", b"".join([*lines[:middle], json.dumps(extra).encode() + b"\n", *lines[middle + 1 :]])
    yield "cut_short", b"".join(lines)[: -len(lines[-1]) // 2]
    yield "second_header", b"".join([*lines, lines[0]])
    yield "byte_order_mark", b"\xef\xbb\xbf" + b"".join(lines)
    yield "empty", b""
    if header.seed is not None:
        yield "reveal_in_public_log", b"".join([*lines, b'{"type": "reveal", "seed": 1, "salt": null}\n'])
    renamed = msgspec.structs.replace(header, players=("Mallory", *header.players[1:]))
    yield "renamed_player", b"".join([Log(renamed, (), None).to_jsonl(), *lines[1:]])
    yield "rewritten_and_rechained", _rechained(renamed, log)


def cases(folder: Path) -> list[dict[str, Any]]:
    """Write every case's log (and published file) under ``folder``; return them with Python's verdicts."""
    found = []
    playthroughs = [(path, committed, False) for path in GOLDEN for committed in (False, True)]
    playthroughs += [(path, committed, True) for path in RESIGNED for committed in (False, True)]
    for path, committed, resigns in playthroughs:
        log = (resigned_match if resigns else golden_match)(path, committed=committed).log
        if committed and log.reveal is None:
            continue  # a golden that stops before the end: its seed is never revealed
        name = f"{path.stem}{'-resigned' if resigns else ''}-{'committed' if committed else 'public'}"
        published = published_of(log, name)
        variants = [("original", log.to_jsonl()), *tampered(log)]
        for what, data in variants:
            where = folder / f"{name}-{what}.jsonl"
            where.write_bytes(data)
            for with_published in (False, True):
                if with_published and not committed:
                    continue  # chain values are published only for a committed seed
                chained = read_published(published) if with_published else None
                verdict = verify(data, published=chained)
                expected = {"ok": verdict.ok, "kind": verdict.kind, "step": verdict.step, "line": verdict.line}
                found.append({
                    "name": f"{name}-{what}{'+published' if with_published else ''}",
                    "log": str(where),
                    "published": published.decode() if with_published else None,
                    "expected": expected,
                    "js_expected": HEADER_BLAMED if what == "seed_off_by_one" and not committed else expected,
                })  # fmt: skip
    return found


def write_cases(folder: Path) -> Path:
    """``folder/cases.json``: what ``tests/js/verify.test.mjs`` reads."""
    where = folder / "cases.json"
    where.write_text(json.dumps(cases(folder)), encoding="utf-8")
    return where


if __name__ == "__main__":  # python -m tests.serve.js_cases FOLDER
    import sys

    print(write_cases(Path(sys.argv[1])))
    for case in json.loads((Path(sys.argv[1]) / "cases.json").read_text()):
        print(case["name"], case["expected"])
