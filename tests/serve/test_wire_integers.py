"""No number the server sends is above 2**53: a JavaScript client reads every frame exactly with ``JSON.parse``.

A committed seed above 2**63 (the seed of a real match is 64 random bits) is revealed as a decimal string,
the very string the commitment hashes; a seed sent by a client may be a decimal string too.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from boardcore.log import seed_commitment
from boardcore.serve.protocol import SAFE_INTEGER
from boardcore.verify import verify
from tests.serve.client import claim, create, seat, served

GOLDEN = sorted((Path(__file__).parent.parent / "golden").glob("*.txt"))
BIG = 10371246044620745126
"""Above 2**63, far above 2**53: ``JSON.parse`` reads it as 10371246044620745000 (the seed of the issue's report)."""


def unsafe_numbers(value: Any) -> list[int]:
    """Every integer in a decoded JSON value that JavaScript cannot hold exactly."""
    if isinstance(value, dict):
        return [n for v in value.values() for n in unsafe_numbers(v)]
    if isinstance(value, list):
        return [n for v in value for n in unsafe_numbers(v)]
    return [value] if isinstance(value, int) and not isinstance(value, bool) and abs(value) > SAFE_INTEGER else []


@pytest.mark.slow
def test_a_seed_above_2_to_the_63_is_revealed_as_its_exact_decimal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two seats play tic-tac-toe to the end with a committed seed above 2**63: no frame holds an unsafe number, the
    reveal's seed is the exact decimal string, it opens the commitment, and the downloaded log verifies with it."""
    monkeypatch.setattr("boardcore.match._fresh_seed", lambda: BIG)
    with served() as client:
        made = create(client, "tic_tac_toe", [{"name": "Ann"}, {"name": "Bob"}], claim=0)
        match_id = made["match"]["match_id"]
        tokens = [made["token"], claim(client, match_id, 1)]
        with seat(client, match_id, tokens[0], story=True) as ann, seat(client, match_id, tokens[1]) as bob:
            revision = 0
            while True:
                state, seen = ann.until_revision(revision), bob.until_revision(revision)
                if state["outcome"] is not None:
                    break
                mover, mine = (ann, state) if any(w["seat"] == 0 for w in state["waiting"]) else (bob, seen)
                mover.send({"type": "act", "revision": revision, "action": mine["legal"][0]["action"]})
                revision += 1
            bob.until_type("finished")
            ann.until_type("finished")
        log = client.get(f"/api/matches/{match_id}/log").text
        summaries = client.get("/api/matches").json()
    frames = [json.loads(raw) for raw in ann.raw + bob.raw]
    assert not [n for frame in [*frames, made, summaries] for n in unsafe_numbers(frame)]
    reveal = state["reveal"]
    assert reveal["seed"] == str(BIG) and isinstance(reveal["seed"], str)
    assert seed_commitment(int(reveal["seed"]), reveal["salt"]) == state["seed_commitment"]
    assert verify(log.encode(), seed=int(reveal["seed"]), salt=reveal["salt"], complete=True).ok
    assert f'"seed":{BIG}' in log  # the log itself keeps its integer: docs/log-format.md says how JavaScript reads it


def test_a_public_seed_may_be_sent_as_a_decimal_string() -> None:
    """``"seed": "18446744073709551615"`` creates the match with exactly that seed; a string that is not a decimal
    integer is refused, naming the seed, and creates nothing."""
    with served() as client:
        made = create(client, "tic_tac_toe", [{"name": "Ann"}, {"name": "Bob"}], commit_seed=False, seed=str(2**64 - 1))
        header = client.app.state.hub.store.header(made["match"]["match_id"])  # type: ignore[attr-defined]
        assert header.seed == 2**64 - 1
        before = len(client.get("/api/matches").json())
        for bad in ("1e5", "0x10", "007", " 5", "٣"):
            answer = client.post("/api/matches", json={"game": "tic_tac_toe", "seats": [{"name": "A"}, {"name": "B"}], "commit_seed": False, "seed": bad})
            assert answer.status_code == 400 and answer.json()["code"] == "match/invalid" and "seed" in answer.json()["message"], answer.text
        assert len(client.get("/api/matches").json()) == before


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_no_view_action_or_event_of_any_game_holds_an_unsafe_number(path: Path) -> None:
    """Every view (each seat's and a spectator's), action and event of each golden playthrough: no integer above
    2**53, so a game's frames read exactly in JavaScript too."""
    found = []
    for line in path.read_text(encoding="utf-8").splitlines():
        text = line.split(" | ", 1)[1] if " | " in line else line.split(": ", 1)[1] if line.startswith("  view ") else None
        if text is not None:
            found += unsafe_numbers(json.loads(text))
    assert found == []
