"""Server processes over one PostgreSQL database, in one test process: the listener's traps, leases and presence.

Each "process" here is a served app (a Starlette TestClient, its own event loop,
store and seat book connections, listener and sweep) over one scratch schema of
the test PostgreSQL server, so a test can reach into one of them: cut its
listener's connection, hold a transaction open, or stop it cleanly. The
system tests with real processes, SIGKILL and a soak are in test_fleet.py.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

import anyio.from_thread
import psycopg
import pytest
from psycopg import sql
from starlette.testclient import TestClient

from boardcore.registry import get_game
from boardcore.serve import listener as listener_module
from boardcore.serve.cluster import PENDING, Cluster
from boardcore.serve.peers.postgres import PostgresPeers
from boardcore.serve.seats.postgres import PostgresSeats
from boardcore.store import PostgresStore, StoreUnavailable, export_log
from boardcore.table import Table
from boardcore.verify import verify
from tests.serve.client import Connection, claim, create, seat, served, state_of
from tests.store.postgres import postgres_url, scratch_schema

PEOPLE = [{"name": "Ann"}, {"name": "Bob"}]


@contextmanager
def processes(count: int, **settings: Any) -> Iterator[tuple[str, str, list[TestClient], list[ExitStack]]]:
    """``count`` served apps over one fresh schema: ``(url, schema, clients, stops)``; ``stops[i].close()`` stops app
    ``i`` early (cleanly, as SIGTERM would); the others stop at the end."""
    url = postgres_url()
    with scratch_schema(url) as schema, ExitStack() as every:
        clients, stops = [], []
        for _ in range(count):
            stop = every.enter_context(ExitStack())
            store, seats = PostgresStore(url, schema=schema), PostgresSeats(url, schema=schema)
            stop.callback(store.close)
            stop.callback(seats.close)
            clients.append(stop.enter_context(served(store=store, seats=seats, **settings)))
            stops.append(stop)
        yield url, schema, clients, stops


def cluster_of(client: TestClient) -> Cluster:
    coordinator = client.app.state.hub.coordinator  # type: ignore[attr-defined]
    assert isinstance(coordinator, Cluster)
    return coordinator


def entries_until(connection: Connection, revision: int) -> list[dict[str, Any]]:
    """Every entry of the ``updates`` read until the state reaches ``revision`` (and no resync on the way)."""
    entries: list[dict[str, Any]] = []
    while True:
        frame = connection.until(lambda f: f["type"] in ("updates", "resync"))
        assert frame["type"] == "updates", frame
        entries += frame["entries"]
        if frame["snapshot"]["revision"] >= revision:
            return entries


def play(table: Table[Any, Any, Any, Any], steps: int) -> None:
    """``steps`` actions on a table of another writer (the first legal action of whoever may act)."""
    for _ in range(steps):
        actor = min(table.match.actors)
        table.act(actor, table.revision, table.match.legal_actions(actor)[0])


def test_a_listener_that_lost_its_connection_catches_up_from_the_store(monkeypatch: pytest.MonkeyPatch) -> None:
    """Cut the listener's connection on the server's side and write three steps while it is away (its sweep is slower
    than the test): once it is back, the spectator is told exactly those steps, in order."""
    monkeypatch.setattr(listener_module, "FIRST_RETRY", 1.5)  # a window in which the listener is surely away
    with processes(1, lease_seconds=120, sweep_seconds=60) as (url, schema, [server], _):
        match_id = create(server, "five_wards", PEOPLE)["match"]["match_id"]
        store = PostgresStore(url, schema=schema)
        try:
            other = Table.open(store, match_id)  # another process's writer
            with seat(server, match_id, None) as eve:
                eve.until_type("snapshot")
                play(other, 1)
                assert [e["revision"] for e in entries_until(eve, 1)] == [1]  # notified
                listener = cluster_of(server).listener
                with psycopg.connect(url, autocommit=True) as db:
                    db.execute("SELECT pg_terminate_backend(%s)", (listener.backend_pid,))
                deadline = time.monotonic() + 10
                while listener.connected.is_set():
                    assert time.monotonic() < deadline
                    time.sleep(0.01)
                play(other, 3)  # nobody is listening: these notifications are lost
                told = entries_until(eve, 4)
            assert listener.connections == 2
        finally:
            store.close()
    assert [e["revision"] for e in told] == [2, 3, 4]


def test_notifications_ahead_of_a_commit_or_malformed_skip_nothing_and_change_nothing() -> None:
    """A notification for a revision not committed yet (the append is held behind a row lock) makes the server look and
    find nothing new; bad payloads are ignored; once the append commits, the spectator is told it, once."""
    with processes(1, lease_seconds=120, sweep_seconds=60) as (url, schema, [server], _):
        cluster = cluster_of(server)
        match_id = create(server, "tic_tac_toe", PEOPLE, claim=0)["match"]["match_id"]
        channel = cluster.revisions_channel
        store = PostgresStore(url, schema=schema)
        try:
            other = Table.open(store, match_id)
            with seat(server, match_id, None) as eve, psycopg.connect(url, autocommit=True) as db:
                eve.until_type("snapshot")
                with db.transaction():
                    db.execute(sql.SQL("SET LOCAL search_path TO {}").format(sql.Identifier(schema)))
                    db.execute("SELECT 1 FROM boardcore_matches WHERE match_id = %s FOR UPDATE", (match_id,))
                    writer = Writer(other)
                    writer.start()  # its append waits on the row
                    for payload in (
                        json.dumps({"match_id": match_id, "revision": 1}),
                        json.dumps({"match_id": match_id, "revision": 5}),
                        "not json",
                        json.dumps({"match_id": 7, "revision": "x"}),
                        json.dumps(["a", 1]),
                    ):
                        db.execute("SELECT pg_notify(%s, %s)", (channel, payload))
                    time.sleep(0.5)  # the server looked (and found revision 0)
                    assert server.app.state.hub.loaded_master(match_id).table.revision == 0  # type: ignore[attr-defined]
                    early = len(eve.frames)
                writer.join(10)
                told = entries_until(eve, 1)
                assert writer.error is None
                assert cluster.listener.connections == 1  # nothing broke the listener
        finally:
            store.close()
    assert early == 2  # welcome and snapshot: nothing was told before the commit
    assert [(e["revision"], e["player"]) for e in told] == [(1, 0)]


class Writer:
    """Acts once on a table in a thread (its append may wait on a lock)."""

    def __init__(self, table: Table[Any, Any, Any, Any]) -> None:
        self.table = table
        self.error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> None:
        self._thread.start()

    def join(self, timeout: float) -> None:
        self._thread.join(timeout)
        assert not self._thread.is_alive()

    def _run(self) -> None:
        try:
            play(self.table, 1)
        except BaseException as exc:
            self.error = exc


def test_one_process_holds_a_lease_until_its_heartbeat_stops_then_exactly_one_other_takes_it() -> None:
    """Leases: one holder; a second taker is refused while the holder beats; after its lease time, one of two takers
    wins; the old holder learns it was given up for dead and holds nothing; a release waits for the stored revision."""
    url = postgres_url()
    with scratch_schema(url) as schema:
        store = PostgresStore(url, schema=schema)
        ann, bob, cat = (PostgresPeers(url, ttl=0.6, schema=schema) for _ in range(3))
        try:
            match_id = Table.create(get_game("tic_tac_toe"), ["A", "B"], seed=1, store=store).match_id
            for peers in (ann, bob, cat):
                assert peers.heartbeat() is False  # a first heartbeat: nothing was held before
            assert ann.take([match_id]) == {match_id} and ann.take([match_id]) == {match_id}
            assert bob.take([match_id]) == frozenset() and bob.take_orphans() == frozenset()
            time.sleep(0.4)
            assert ann.heartbeat() and bob.heartbeat() and cat.heartbeat()
            time.sleep(0.4)  # ann's lease still holds: it beat 0.4 s ago
            assert bob.take([match_id]) == frozenset()
            time.sleep(0.4)  # ann silent for 0.8 s > 0.6 s
            bob.heartbeat(), cat.heartbeat()
            won = [bob.take_orphans(), cat.take([match_id])]
            assert sorted(map(len, won)) == [0, 1]
            holder = bob if won[0] else cat
            assert holder.held() == {match_id} and ann.held() == frozenset()
            assert ann.heartbeat() is False and ann.take([match_id]) == frozenset()
            assert holder.release(match_id, revision=3) is False  # the store is at 0: the holder has not seen it all
            assert holder.release(match_id, revision=0) is True and holder.held() == frozenset()
            assert ann.take([match_id]) == {match_id}
        finally:
            for peers in (ann, bob, cat):
                peers.close()
            store.close()


def test_presence_is_shared_by_processes_and_a_dead_process_s_seats_go_offline() -> None:
    """A seat online on one process is online on another's seats; a process given up for dead (no heartbeat) loses its
    presence rows at the next reap, and every process hears of it."""
    url = postgres_url()
    with scratch_schema(url) as schema:
        store = PostgresStore(url, schema=schema)
        ann, bob = PostgresPeers(url, ttl=0.5, schema=schema), PostgresPeers(url, ttl=0.5, schema=schema)
        try:
            ann.heartbeat(), bob.heartbeat()
            ann.set_presence([("m1", 0, True), ("m1", 1, True), ("m2", 0, True), ("m1", 1, False)])
            bob.set_presence([("m1", 1, True)])
            assert bob.online_elsewhere(["m1", "m2", "m3"]) == {"m1": {0}, "m2": {0}}
            assert ann.online_elsewhere(["m1"]) == {"m1": {1}}
            time.sleep(0.6)
            bob.heartbeat()
            with psycopg.connect(url, autocommit=True) as db:
                db.execute(sql.SQL("LISTEN {}").format(sql.Identifier(bob.seats_channel)))
                bob.reap()
                heard = sorted(note.payload for note in db.notifies(timeout=1, stop_after=2))
            assert bob.online_elsewhere(["m1", "m2"]) == {} and heard == ["m1", "m2"]
        finally:
            ann.close(), bob.close(), store.close()


def test_claims_and_presence_reach_the_connections_of_every_process() -> None:
    """Bob watches on one process; Ann's seat is claimed on the other, her connection opens there, then closes: Bob's
    seats follow each change (claimed, online, offline), and each lobby lists what the other saw."""
    with processes(2) as (url, schema, [here, there], _):
        match_id = create(here, "tic_tac_toe", PEOPLE)["match"]["match_id"]
        with seat(there, match_id, None) as bob:
            assert [s["claimed"] for s in bob.until_type("welcome")["seats"]] == [False, False]
            token = claim(here, match_id, 0)
            assert bob.until_type("seats")["seats"][0]["claimed"]
            with seat(here, match_id, token) as ann:
                ann.until_type("snapshot")
                assert bob.until_type("seats")["seats"][0]["online"]
                assert there.get(f"/api/matches/{match_id}").json()["seats"][0]["online"]
            assert not bob.until_type("seats")["seats"][0]["online"]
            assert not there.get(f"/api/matches/{match_id}").json()["seats"][0]["online"]


def test_a_process_that_stops_hands_its_bots_to_another_at_once() -> None:
    """Ann plays against a house bot that the first process plays; it stops cleanly: the other process takes the bot
    over at its next sweep (not after the lease time), and the bot answers Ann's next moves; the log verifies."""
    with processes(2, lease_seconds=30, sweep_seconds=0.2) as (url, schema, [first, second], stops):
        made = create(first, "tic_tac_toe", [{"name": "Ann"}, {"name": "Bot", "bot": "house"}], claim=0)
        match_id = made["match"]["match_id"]
        watcher = stops[0].enter_context(seat(first, match_id, None))  # keeps the match loaded on the first process
        watcher.until_type("snapshot")
        assert wait_until(lambda: cluster_of(first).holds(match_id))
        with seat(second, match_id, made["token"]) as ann:
            state = state_of(ann.until_type("snapshot"))
            ann.send({"type": "act", "revision": state["revision"], "action": state["legal"][0]["action"]})
            state = ann.until_revision(2)  # the bot, on the first process, answered
            assert not cluster_of(second).holds(match_id)
            stops[0].close()
            began = time.monotonic()
            assert wait_until(lambda: cluster_of(second).holds(match_id))
            took = time.monotonic() - began
            while state["outcome"] is None:
                if state["legal"]:
                    ann.send({"type": "act", "revision": state["revision"], "action": state["legal"][0]["action"]})
                state = ann.until_revision(state["revision"] + 1)
        store = PostgresStore(url, schema=schema)
        try:
            assert verify(export_log(store, match_id), complete=True).ok
        finally:
            store.close()
    assert took < 5  # a sweep or so, far below the 30 s lease


def wait_until(done: Any, timeout: float = 10.0) -> bool:
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def test_a_process_cut_off_from_the_database_stops_its_bots_and_another_takes_them_over(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two house bots play on the first process; its sweeps start failing (the database unreachable from it): it stops
    its bots before its lease runs out, the second process takes them over and the match goes on; when the database
    answers again, the first process finds the lease gone and does not play."""
    with processes(2, lease_seconds=1.0, sweep_seconds=0.2, bot_delay=0.02) as (url, schema, [first, second], stops):
        bots = [{"name": "House", "bot": "house"}, {"name": "Random", "bot": "random"}]
        match_id = create(first, "five_wards", bots, options={"round_limit": 40})["match"]["match_id"]
        with seat(first, match_id, None) as here, seat(second, match_id, None) as there:
            here.until_type("snapshot"), there.until_type("snapshot")
            cut_off, other = cluster_of(first), cluster_of(second)
            assert wait_until(lambda: cut_off.holds(match_id)) and not other.holds(match_id)
            master = first.app.state.hub.loaded_master(match_id)  # type: ignore[attr-defined]

            def unreachable(ids: Any, wanting: Any) -> Any:
                raise StoreUnavailable("the database is unreachable from this process (test)")

            monkeypatch.setattr(cut_off, "_sweep_database", unreachable)
            assert wait_until(lambda: not master.plays_bots, timeout=5)
            assert wait_until(lambda: other.holds(match_id), timeout=10)
            taken_at = second.app.state.hub.loaded_master(match_id).table.revision  # type: ignore[attr-defined]
            moved = there.until_revision(taken_at + 3)  # the bots go on, played by the second process
            monkeypatch.undo()
            time.sleep(0.6)  # a few sweeps of the first process, reaching the database again
            assert not cut_off.holds(match_id) and not master.plays_bots
        assert moved["revision"] >= taken_at + 3


def hand_bob_to_the_house_bot_then_move(first: TestClient, ann: Connection, match_id: str, token: str) -> None:
    """Ann (connected elsewhere) hands Bob's open seat to the house bot through ``first``, is told, and moves."""
    state = state_of(ann.until_type("snapshot"))
    answer = first.post(f"/api/matches/{match_id}/seats/1/bot", json={"token": token})
    assert answer.status_code == 200, answer.text
    assert ann.until(lambda f: f["type"] == "seats" and f["seats"][1]["bot"] == "house")
    ann.send({"type": "act", "revision": state["revision"], "action": state["legal"][0]["action"], "id": 1})
    assert ann.until_type("ok")["revision"] == 1


def test_a_seat_handed_to_the_bot_while_its_master_retires_is_played_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The first process's master retires while the seat changes hands (it has no connection and, until then, no bots)
    and only then takes the bots' lease: the process loads the match again, so the bot answers Ann's move at once,
    not once the lease's claim runs out (``PENDING`` seconds; it once did, under load)."""
    with processes(2, sweep_seconds=0.2) as (url, schema, [first, second], _):
        made = create(first, "tic_tac_toe", PEOPLE, claim=0)
        match_id = made["match"]["match_id"]
        cluster = cluster_of(first)
        take = cluster.claim_bots

        def retire_then_take(match_ids: list[str]) -> list[str]:
            master = cluster.hub.loaded_master(match_id)  # often retired already: idle, with no connection here
            if master is not None:
                anyio.from_thread.run(cluster.hub._retire, master)
            assert cluster.hub.loaded_master(match_id) is None
            return take(match_ids)

        monkeypatch.setattr(cluster, "claim_bots", retire_then_take)
        with seat(second, match_id, made["token"]) as ann:
            hand_bob_to_the_house_bot_then_move(first, ann, match_id, made["token"])
            asked = time.monotonic()
            ann.until_revision(2)
            assert time.monotonic() - asked < PENDING / 2


def test_a_seat_handed_to_the_house_bot_on_one_process_starts_play_on_the_other() -> None:
    """Bob's seat is open; Ann, connected to the second process, hands it to the house bot through the first: her
    connection is told, her move is taken, and the bot (whichever process holds the lease) answers it."""
    with processes(2, sweep_seconds=0.2) as (url, schema, [first, second], _):
        made = create(first, "tic_tac_toe", PEOPLE, claim=0)
        match_id = made["match"]["match_id"]
        with seat(second, match_id, made["token"]) as ann:
            hand_bob_to_the_house_bot_then_move(first, ann, match_id, made["token"])
            assert ann.until_revision(2)["waiting"] == [{"seat": 0, "kind": "mark", "ask": "place a mark in an empty cell"}]
