"""A bounded load test on loopback: 200 WebSocket clients over 20 tables for 60 s, with bots acting.

Each table plays one match after another (5 Wards, The Warriors, Peaky Blinders
and Bellwether in turn): seat 0 is a person (a client that plays a random legal
action as soon as it may), the other seats are house bots on the server (0.1 s
before each move), and nine spectators watch; 20 x 10 = 200 connections to one
``boardcore serve`` process over SQLite. When a match ends, its ten clients move
to the table's next match. When the time is up the people stop, the server
settles, and every client is checked against the store: each was told every
revision of each match it followed, from its first snapshot to the match's last
revision, once, in order (the test fails on any loss, duplicate or disorder).

Figures (printed with ``-s``; they go to docs/performance.md, never asserted):
update latency from a person's act to each of the table's connections holding
that revision (p50, p99, max), revisions and frames per second, and the server's
resident memory. ``BOARDCORE_LOAD_SECONDS`` shortens the run locally (CI keeps 60).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import random
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path

from websockets.asyncio.client import connect

from boardcore.store import SqliteStore
from tests.serve.server import ServerProcess

SECONDS = float(os.environ.get("BOARDCORE_LOAD_SECONDS", "60"))
TABLES = 20
SPECTATORS = 9
BOT_DELAY = 0.1
LINEUP = [("five_wards", 3), ("the_warriors", 2), ("peaky_blinders", 3), ("bellwether", 2)]


@dataclass
class Follow:
    """What one client was told about one match."""

    match_id: str
    first: int | None = None
    revision: int | None = None
    told: list[int] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    arrivals: dict[int, float] = field(default_factory=dict)
    frames: int = 0


@dataclass
class Totals:
    follows: list[Follow] = field(default_factory=list)
    acts: dict[tuple[str, int], float] = field(default_factory=dict)
    """(match, revision) -> when the person sent the act that the server stored as that revision."""
    matches: list[str] = field(default_factory=list)
    rss: list[int] = field(default_factory=list)
    final: dict[str, int] = field(default_factory=dict)
    """Each match's last revision once the server settled."""


async def follow(url: str, match_id: str, token: str | None, totals: Totals, stop: asyncio.Event, rng: random.Random | None) -> None:
    """One client through one match: told revisions recorded; a person plays a random legal action when it may."""
    state = Follow(match_id)
    totals.follows.append(state)
    async with connect(url, max_size=None, ping_interval=None, open_timeout=30) as socket:
        opening = {"match_id": match_id, "since": None}
        await socket.send(json.dumps({"type": "hello", "token": token, **opening} if token else {"type": "watch", **opening}))
        sent_at: dict[int, float] = {}  # request id -> time sent
        ids = itertools.count(1)
        async for raw in socket:
            now = time.perf_counter()
            state.frames += 1
            frame = json.loads(raw)
            kind = frame["type"]
            snapshot = None
            if kind == "snapshot":
                snapshot = frame
                state.first = snapshot["revision"]
            elif kind == "updates":
                if frame["since"] != state.revision:
                    state.problems.append(f"updates since {frame['since']} at {state.revision}")
                for entry in frame["entries"]:
                    state.told.append(entry["revision"])
                    state.arrivals[entry["revision"]] = now
                snapshot = frame["snapshot"]
            elif kind == "resync":
                state.problems.append(f"resync {frame['reason']}")
            elif kind == "ok":
                totals.acts[(match_id, frame["revision"])] = sent_at.pop(frame["id"])
            elif kind == "error" and frame["code"] != "table/stale_revision":
                state.problems.append(f"{frame['code']}: {frame['message']}")
            elif kind == "finished":
                return
            if snapshot is not None:
                state.revision = snapshot["revision"]
                if rng is not None and snapshot["legal"] and not stop.is_set():
                    request = next(ids)
                    sent_at[request] = time.perf_counter()
                    choice = rng.choice(snapshot["legal"])["action"]
                    await socket.send(json.dumps({"type": "act", "revision": snapshot["revision"], "action": choice, "id": request}))


async def table(server: ServerProcess, number: int, totals: Totals, stop: asyncio.Event) -> None:
    """One table: matches one after another until the time is up, ten clients each."""
    rng = random.Random(number)
    game_index = number
    while not stop.is_set():
        game, players = LINEUP[game_index % len(LINEUP)]
        game_index += 1
        seats = [{"name": "Person"}, *({"name": f"Bot {n}", "bot": "house"} for n in range(1, players))]
        made = await asyncio.to_thread(server.create, game, seats, claim=0)
        match_id = made["match"]["match_id"]
        totals.matches.append(match_id)
        clients = [follow(server.ws_url, match_id, made["token"], totals, stop, rng)]
        clients += [follow(server.ws_url, match_id, None, totals, stop, None) for _ in range(SPECTATORS)]
        await asyncio.gather(*clients)


async def settle(server: ServerProcess, totals: Totals) -> None:
    """After the people stop: wait until no match moves, then until every client holds its match's last revision."""
    last: dict[str, int] = {}
    while True:
        now = {match_id: (await asyncio.to_thread(server.get, f"/api/matches/{match_id}"))["revision"] for match_id in totals.matches}
        if now == last:
            break
        last = now
        await asyncio.sleep(1.0)
    totals.final = last
    deadline = time.monotonic() + 30
    while any(state.revision != last[state.match_id] for state in totals.follows) and time.monotonic() < deadline:
        await asyncio.sleep(0.1)


async def run(server: ServerProcess) -> Totals:
    totals = Totals()
    stop = asyncio.Event()
    tables = [asyncio.create_task(table(server, number, totals, stop)) for number in range(TABLES)]
    started = time.monotonic()
    while time.monotonic() - started < SECONDS:
        totals.rss.append(server.rss())
        await asyncio.sleep(1.0)
    stop.set()
    await settle(server, totals)
    for task in tables:  # the clients of matches still going are closed here; the finished ones have left
        task.cancel()
    await asyncio.gather(*tables, return_exceptions=True)
    return totals


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def test_two_hundred_clients_lose_nothing_and_see_every_revision_once_in_order(tmp_path: Path) -> None:
    db = tmp_path / "load.sqlite3"
    server = ServerProcess(db, bot_delay=BOT_DELAY, log=tmp_path / "server.log").start()
    try:
        idle_rss = server.rss()
        began = time.monotonic()
        totals = asyncio.run(run(server))
        elapsed = time.monotonic() - began
        end_rss = server.rss()
    finally:
        server.stop()
    final = totals.final
    store = SqliteStore(db)
    try:
        stored = {match_id: store.info(match_id).revision for match_id in totals.matches}
    finally:
        store.close()
    lost = duplicated = 0
    for state in totals.follows:
        assert not state.problems, state.problems[:5]
        assert state.first is not None
        expected = list(range(state.first + 1, stored[state.match_id] + 1))
        duplicated += len(state.told) - len(set(state.told))
        lost += len(set(expected) - set(state.told))
        assert state.told == expected, f"match {state.match_id}: told {state.told[:10]}... expected {expected[:10]}..."
    assert final == stored
    latencies = [
        (arrival - totals.acts[(state.match_id, revision)]) * 1000
        for state in totals.follows
        for revision, arrival in state.arrivals.items()
        if (state.match_id, revision) in totals.acts
    ]
    revisions = sum(stored.values())
    frames = sum(state.frames for state in totals.follows)
    print(
        f"\nload: {TABLES} tables x {1 + SPECTATORS} clients = {TABLES * (1 + SPECTATORS)} connections, {SECONDS:g} s of play "
        f"({elapsed:.0f} s with settling), {len(totals.matches)} matches, {revisions} revisions ({revisions / SECONDS:.0f}/s), "
        f"{frames} frames received ({frames / elapsed:.0f}/s)\n"
        f"update latency, person's act to each connection (n={len(latencies)}): p50 {statistics.median(latencies):.1f} ms, "
        f"p99 {percentile(latencies, 0.99):.1f} ms, max {max(latencies):.1f} ms\n"
        f"lost {lost}, duplicated {duplicated}, out of order 0\n"
        f"server RSS: idle {idle_rss / 2**20:.0f} MiB, peak {max(totals.rss) / 2**20:.0f} MiB, at the end {end_rss / 2**20:.0f} MiB"
    )
    assert lost == duplicated == 0
    assert latencies and len(totals.matches) >= TABLES
