"""Serving workloads: a table's snapshot and updates for a seat, an act through the table and its store, and one
round trip through ``boardcore serve`` (an ``act`` frame to its ``ok``) over Starlette's in-process WebSocket.

The table holds the recorded match (replayed into a memory store) at mid-game; its
seat is the one that acts next. Store appends against eventsourcing's recorders
are measured in ``test_store.py``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from benchmarks.conftest import Case
from boardcore import Match
from boardcore.store import MemoryStore
from boardcore.table import Table

try:  # boardcore serve is the optional [serve] extra
    from starlette.testclient import TestClient

    from boardcore.serve.app import create_app
    from boardcore.serve.master import Settings
    from boardcore.serve.seats import MemorySeats
except ImportError:
    TestClient = None  # type: ignore[assignment,misc]

ROUNDS = 500


def _info(benchmark: Any, case: Case, workload: str) -> None:
    benchmark.group = f"serving {case.name}-{case.players}p"
    benchmark.extra_info.update(workload=workload, game=case.name, players=case.players, unit="calls", per_round=1)


def _rounds(benchmark: Any) -> dict[str, int]:
    return {"rounds": 1} if benchmark.disabled else {"rounds": ROUNDS, "warmup_rounds": 20}


@pytest.fixture
def mid_table(recorded: Match[Any, Any, Any, Any]) -> tuple[Table[Any, Any, Any, Any], Any]:
    """A table (memory store) holding the recorded match's first half, and the recorded step that comes next."""
    table = Table.create(recorded.game, recorded.players, seed=recorded.seed, store=MemoryStore(), match_id="bench")
    mid = len(recorded) // 2
    for step in recorded.steps[:mid]:
        table.act(step.player, table.revision, step.action)
    return table, recorded.steps[mid]


def test_snapshot(benchmark: Any, case: Case, mid_table: tuple[Table[Any, Any, Any, Any], Any]) -> None:
    """One seat's snapshot at mid-game: its view, legal actions with labels, who acts, undo, outcome (calls/s)."""
    table, step = mid_table
    snapshot = benchmark.pedantic(table.snapshot, args=(step.player,), **_rounds(benchmark))
    _info(benchmark, case, "table.snapshot")
    assert snapshot.revision == table.revision


def test_updates(benchmark: Any, case: Case, mid_table: tuple[Table[Any, Any, Any, Any], Any]) -> None:
    """One seat's updates for the last step (its redacted events and text) at mid-game (calls/s)."""
    table, step = mid_table
    told = benchmark.pedantic(table.updates, args=(step.player, table.revision - 1), **_rounds(benchmark))
    _info(benchmark, case, "table.updates")
    assert len(told.entries) == 1


def test_act(benchmark: Any, case: Case, mid_table: tuple[Table[Any, Any, Any, Any], Any]) -> None:
    """One act through the table at mid-game: the rules, the store append, the actor's updates (calls/s)."""
    table, step = mid_table
    mid = table.match.state

    def back_to_mid() -> tuple[tuple[Any, ...], dict[str, Any]]:
        if table.match.state is not mid:
            table.undo(step.player, table.revision, force=True)
        return (step.player, table.revision, step.action), {}

    benchmark.pedantic(table.act, setup=back_to_mid, **_rounds(benchmark))
    _info(benchmark, case, "table.act")
    assert len(table.match) == len(table.match.steps)


def _until_ok(socket: Any) -> dict[str, Any]:
    """The frames up to the ``ok`` of a request; an ``error`` fails the benchmark instead of waiting forever."""
    while True:
        reply: dict[str, Any] = json.loads(socket.receive_text())
        assert reply["type"] != "error", reply
        if reply["type"] == "ok":
            return reply


def test_server_round_trip(benchmark: Any) -> None:
    """One tic-tac-toe ``act`` frame to its ``ok`` through the server's app, in process (round trips/s)."""
    if TestClient is None:
        pytest.skip("boardcore serve is the [serve] extra (pip install 'boardcore[serve]')")
    app = create_app(store=MemoryStore(), seats=MemorySeats(), settings=Settings(bot_delay=0.0))
    with TestClient(app) as client:
        made = client.post("/api/matches", json={"game": "tic_tac_toe", "seats": [{"name": "Ann"}, {"name": "Bob"}], "claim": 0}).json()
        match_id = made["match"]["match_id"]
        assert client.post(f"/api/matches/{match_id}/seats/1").status_code == 200  # a match waits until every person's seat is taken
        with client.websocket_connect("/ws") as socket:
            socket.send_text(json.dumps({"type": "hello", "match_id": match_id, "token": made["token"]}))
            frame = {}
            while frame.get("type") != "snapshot":
                frame = json.loads(socket.receive_text())
            revision = {"now": frame["revision"]}

            def act_then_undo() -> None:
                socket.send_text(json.dumps({"type": "act", "revision": revision["now"], "action": {"type": "PlaceMark", "cell": 4}, "id": 1}))
                reply = _until_ok(socket)
                socket.send_text(json.dumps({"type": "undo", "revision": reply["revision"], "id": 2}))
                reply = _until_ok(socket)
                revision["now"] = reply["revision"]

            benchmark.pedantic(act_then_undo, **_rounds(benchmark))
    benchmark.group = "serving round trip"
    benchmark.extra_info.update(workload="serve.act+undo", game="tic_tac_toe", players=2, unit="round trips", per_round=2)
