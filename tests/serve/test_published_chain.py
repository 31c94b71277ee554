"""Chain values published during play (docs/log-format.md, "Serving logs while a game is on").

With a committed seed, every ``stepped`` entry and every ``story`` step carries
the step's log chain value, the same for every viewer; the log published when
the game is over must hold each one at its step. With a public seed the chain
is withheld (``null``): with the seed known, it would let a seat test guesses
of another seat's hidden action.
"""

from __future__ import annotations

import json
from typing import Any

from boardcore.log import read_log
from boardcore.verify import verify
from tests.serve.client import Connection, create, seat, served, state_of


def told_chains(connection: Connection) -> dict[int, set[str | None]]:
    """Step -> every chain value the connection was told for it (``stepped`` entries and ``story`` steps)."""
    told: dict[int, set[str | None]] = {}
    for frame in connection.frames:
        steps: list[dict[str, Any]] = []
        if frame["type"] == "updates":
            steps = [entry for entry in frame["entries"] if entry["type"] == "stepped"]
        elif frame["type"] == "story":
            steps = frame["steps"]
        for step in steps:
            told.setdefault(step["step"], set()).add(step["chain"])
    return told


def play_to_the_end(options: dict[str, Any], **create_fields: Any) -> tuple[list[dict[int, set[str | None]]], str, Any]:
    """Ann plays 5 Wards against a house bot to the end; a spectator follows, and another joins half way with the story.

    Returns the chain values each of the three was told, the downloaded log, and the lobby's answer to the creation."""
    with served() as client:
        made = create(client, "five_wards", [{"name": "Ann"}, {"name": "Bot", "bot": "house"}], claim=0, options=options, **create_fields)
        match_id = made["match"]["match_id"]
        with seat(client, match_id, made["token"]) as ann, seat(client, match_id, None) as eve:
            state = state_of(ann.until_type("snapshot"))
            late: Connection | None = None
            while state["outcome"] is None:
                if state["legal"]:
                    ann.send({"type": "act", "revision": state["revision"], "action": state["legal"][-1]["action"]})
                state = state_of(ann.until(lambda f: f["type"] in ("updates", "resync")))
                if late is None and state["step"] >= 10:
                    with seat(client, match_id, None, story=True) as late:
                        late.until_type("story")
            eve.until_type("finished")
            ann.until_type("finished")
        answer = client.get(f"/api/matches/{match_id}/log")
        assert answer.status_code == 200, answer.text
        assert late is not None
        return [told_chains(ann), told_chains(eve), told_chains(late)], answer.text, made


def test_the_published_log_holds_every_chain_value_a_client_was_told() -> None:
    """Committed seed: Ann, a spectator and a late spectator (from the story) were told one chain value per step, the
    same for all three; the downloaded log verifies and holds each of them at its step."""
    told, text, _ = play_to_the_end({"round_limit": 3})
    log = read_log(text.encode())
    assert verify(log, complete=True).ok and log.reveal is not None
    in_log = {record.step: record.chain for record in log.records}
    ann, eve, late = told
    first = min(ann) - 1  # the bot may have moved before Ann connected
    assert set(ann) == set(eve) == set(range(first + 1, len(in_log) + 1))  # each step after their first snapshot
    assert set(late) == set(range(1, len(late) + 1)) and 10 <= len(late) < len(in_log)  # the story told them from step 1
    for viewer in told:
        for step, chains in viewer.items():
            assert chains == {in_log[step]}, (step, chains, in_log[step])


def test_a_public_seed_publishes_no_chain_value() -> None:
    """Public seed: every stepped entry and story step says ``chain: null``; the log, downloaded at the end, still verifies."""
    told, text, made = play_to_the_end({"round_limit": 2}, commit_seed=False, seed=12345)
    assert made["match"]["seed_commitment"] is None
    for viewer in told:
        assert viewer and all(chains == {None} for chains in viewer.values())
    assert verify(read_log(text.encode()), complete=True).ok
    assert all(json.loads(line)["type"] in ("header", "action") for line in text.splitlines())
