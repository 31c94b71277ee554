"""Bytes one seat receives over a whole game, before and after picture diffs (docs/performance.md, "Frames sized to
the change"): two connections of the same seat follow one Peaky Blinders game, one asking for whole pictures (what
every connection got before), one for diffs. Counted as the JSON text of every frame (what a browser's developer
tools show) and as the bytes permessage-deflate puts on the wire, with the server's own settings (uvicorn's
websockets-sansio: 12-bit window, memLevel 5, context kept from frame to frame; frames under 1 KiB uncompressed)."""

from __future__ import annotations

import random
import zlib
from collections.abc import Sequence
from typing import Any

import pytest

from boardcore.serve.websocket_protocol import COMPRESS_FROM
from tests.serve.client import Connection, create, seat, served, state_of

GAME, SEED = "peaky_blinders", "2027"


def deflated(frames: Sequence[str]) -> int:
    """Payload bytes of the frames under permessage-deflate as the server runs it: a message under ``COMPRESS_FROM``
    bytes as it is, every other one through the one compressor (each ends in a sync flush whose 4 trailing bytes the
    extension drops)."""
    compressor = zlib.compressobj(6, zlib.DEFLATED, -12, 5)
    total = 0
    for frame in map(str.encode, frames):
        total += len(frame) if len(frame) < COMPRESS_FROM else len(compressor.compress(frame) + compressor.flush(zlib.Z_SYNC_FLUSH)) - 4
    return total


def settle(connection: Connection, state: dict[str, Any] | None) -> dict[str, Any]:
    """Read until the connection holds the picture of the state it was last told; returns that state."""
    while True:
        frame = connection.receive()
        if frame["type"] in ("snapshot", "updates", "resync"):
            state = state_of(frame)
        if frame["type"] in ("picture", "picture_diff") and state is not None and frame["revision"] == state["revision"]:
            return state


@pytest.mark.slow
def test_a_seat_receives_at_least_five_times_fewer_bytes_with_picture_diffs() -> None:
    """A whole 2-player Peaky Blinders game (a person at seat 0, the house bot at seat 1): the diffs connection
    gets at least 5x fewer bytes than the whole-pictures one, as JSON text and on the wire."""
    choose = random.Random(SEED)
    with served() as client:
        made = create(client, GAME, [{"name": "Ann"}, {"name": "Bot", "bot": "house"}], claim=0, commit_seed=False, seed=SEED)
        match_id, token = made["match"]["match_id"], made["token"]
        with seat(client, match_id, token, pictures=True, story=True) as whole, seat(client, match_id, token, pictures=True, diffs=True, story=True) as diffs:
            state: dict[str, Any] | None = None
            while True:
                state = settle(diffs, state)
                settle(whole, None)
                if state["outcome"] is not None:
                    break
                if any(w["seat"] == 0 for w in state["waiting"]) and state["legal"]:
                    diffs.send({"type": "act", "revision": state["revision"], "action": choose.choice(state["legal"])["action"]})
            for connection in (whole, diffs):
                if not any(frame["type"] == "finished" for frame in connection.frames):
                    connection.until_type("finished")
    steps = state["step"]
    figures = {name: (sum(len(raw.encode()) for raw in c.raw), deflated(c.raw)) for name, c in (("whole", whole), ("diffs", diffs))}
    pictures = {name: sum(len(raw.encode()) for raw in c.raw if raw.startswith('{"type":"picture')) for name, c in (("whole", whole), ("diffs", diffs))}
    print(f"\n{GAME}, 2 players, seed {SEED}: {steps} steps, {state['revision']} revisions; bytes seat 0 received")
    print("| connection | JSON text | of it pictures | on the wire (permessage-deflate) |")
    for name, (text, wire) in figures.items():
        print(f"| {name} | {text:,} | {pictures[name]:,} ({pictures[name] / text:.0%}) | {wire:,} |")
    print(f"| ratio | {figures['whole'][0] / figures['diffs'][0]:.1f}x | | {figures['whole'][1] / figures['diffs'][1]:.1f}x |")
    assert figures["whole"][0] >= 5 * figures["diffs"][0]
    assert figures["whole"][1] >= 5 * figures["diffs"][1]
