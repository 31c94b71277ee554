"""Several ``boardcore serve`` processes over one PostgreSQL database, on loopback: fan-out, bots, a SIGKILL, a soak.

Each test runs real server processes over a scratch database of the test
PostgreSQL server (``BOARDCORE_TEST_POSTGRES``; ``.ci/run`` starts one) and
clients spread across them (:mod:`tests.serve.fleet`). Every client must be told
exactly its seat's stream as the store holds it, from its first snapshot to the
end, in order, once; every match's log must verify. Figures are printed with
``-s`` (docs/performance.md), never asserted.
"""

from __future__ import annotations

import os
import statistics
import threading
import time
from pathlib import Path

import attrs
import psycopg
import pytest

from boardcore.store import PostgresStore, export_log
from boardcore.verify import verify
from tests.serve.fleet import Client, check_clients, fleet, owner_pid, percentile, scratch_database
from tests.serve.server import ServerProcess
from tests.store.postgres import postgres_url

DEADLINE = 120.0
"""Seconds a test waits for its matches to finish (a hang fails, never blocks CI)."""


def leases(url: str) -> dict[str, int]:
    """Match id -> the pid of the process holding its bots' lease."""
    with psycopg.connect(url) as db:
        return {match_id: owner_pid(owner) for match_id, owner in db.execute("SELECT match_id, owner FROM boardcore_serve_leases")}


def wait_for_leases(url: str, wanted: dict[str, int]) -> None:
    """Wait until each match's bots' lease is held by the process with the pid given."""
    deadline = time.monotonic() + 30
    while {match_id: pid for match_id, pid in leases(url).items() if match_id in wanted} != wanted:
        assert time.monotonic() < deadline, f"leases {leases(url)}, wanted {wanted}"
        time.sleep(0.05)


def start(clients: list[Client]) -> None:
    for client in clients:
        client.start()
    for client in clients:
        assert client.connected.wait(30), f"{client.name} never connected"


def finish(clients: list[Client]) -> None:
    deadline = time.monotonic() + DEADLINE
    for client in clients:
        client.join(timeout=max(0.1, deadline - time.monotonic()))
    for client in clients:
        client.stop()
    stuck = [(client.name, client.revision, client.servers, client.closes, client.problems) for client in clients if client.is_alive()]
    assert not stuck, f"clients never saw their match finish: {stuck}"


def test_two_processes_serve_the_same_matches_with_bots_on_both(tmp_path: Path) -> None:
    """Four 5 Wards matches, a person against a house bot, the bots played by alternate processes (whose spectator came
    first) and the person on the other one, with a spectator there too: everyone is told every step, whoever caused it,
    once and in order; the spectator on the bots' process sees the person on the other one come online."""
    with scratch_database(postgres_url()) as url, fleet(url, 2, tmp_path, bot_delay=0.01) as servers:
        urls = [server.ws_url for server in servers]
        made = [servers[0].create("five_wards", [{"name": "Ann"}, {"name": "Bot", "bot": "house"}], claim=0, options={"round_limit": 3}) for _ in range(4)]
        ids = [match["match"]["match_id"] for match in made]
        watchers = [Client(urls, match_id, first=number % 2) for number, match_id in enumerate(ids)]
        start(watchers)  # each loads its match on its process, which takes the lease
        wait_for_leases(url, {match_id: servers[number % 2].pid for number, match_id in enumerate(ids)})
        others = []
        for number, match in enumerate(made):
            away = 1 - number % 2
            others += [Client(urls, ids[number], match["token"], first=away, plays=True, seed=number), Client(urls, ids[number], first=away)]
        start(others)
        clients = watchers + others
        finish(clients)
        store = PostgresStore(url)
        try:
            check_clients(clients, store, {match_id: {match["token"]: 0, None: None} for match_id, match in zip(ids, made)})
            for match_id in ids:
                assert verify(export_log(store, match_id), complete=True).ok
        finally:
            store.close()
    for client in clients:
        assert client.closes == [] and len(client.servers) == 1  # one connection each, never dropped
    for watcher in watchers:
        assert any(seats[0]["online"] for seats in watcher.seats), watcher.seats


def stored_revisions(url: str) -> dict[str, int]:
    with psycopg.connect(url) as db:
        return {match_id: revision for match_id, revision in db.execute("SELECT match_id, revision FROM boardcore_matches")}


def test_a_process_killed_mid_game_loses_nothing_its_clients_move_on_and_its_bots_are_taken_over(tmp_path: Path) -> None:
    """Three processes, four 5 Wards matches (three a person against a house bot, one between two bots), each match's
    bots on one process, its person on the next and spectators on the others. SIGKILL the process that plays two
    matches' bots and serves four clients: they reconnect to another process and are told the rest without a gap, a
    duplicate or a resync; another process takes over the bots; every match finishes with a log that verifies, and every
    client was told exactly its seat's stream from the store."""
    with scratch_database(postgres_url()) as url, fleet(url, 3, tmp_path, bot_delay=0.04) as servers:
        urls = [server.ws_url for server in servers]
        options = {"round_limit": 5}
        made = [servers[0].create("five_wards", [{"name": "Ann"}, {"name": "Bot", "bot": "house"}], claim=0, options=options) for _ in range(3)]
        made.append(servers[0].create("five_wards", [{"name": "House", "bot": "house"}, {"name": "Random", "bot": "random"}], options=options))
        ids = [match["match"]["match_id"] for match in made]
        homes = [0, 1, 2, 0]
        watchers = [Client(urls, match_id, first=home) for match_id, home in zip(ids, homes)]
        start(watchers)
        wait_for_leases(url, {match_id: servers[home].pid for match_id, home in zip(ids, homes)})
        others = [Client(urls, ids[3], first=1)]
        for number in range(3):
            person = Client(urls, ids[number], made[number]["token"], first=(number + 1) % 3, plays=True, seed=number)
            others += [person, Client(urls, ids[number], first=(number + 2) % 3)]
        start(others)
        clients = watchers + others
        deadline = time.monotonic() + 60
        while min(stored_revisions(url)[match_id] for match_id in ids) < 12:
            assert time.monotonic() < deadline, stored_revisions(url)
            time.sleep(0.02)
        on_killed = [client for client in clients if client.servers[-1] == 0]
        servers[0].kill()
        killed = time.perf_counter()
        told_at_kill = {client.name + str(index): (client.match_id, client.revision or 0) for index, client in enumerate(clients)}
        at_kill = stored_revisions(url)
        taken: dict[str, float] = {}
        moved: dict[str, float] = {}
        while len(moved) < 2 and time.perf_counter() - killed < 30:  # the bot-only match, and the killed process's other
            now = time.perf_counter()
            held = leases(url)
            for match_id in (ids[0], ids[3]):
                if match_id not in taken and held.get(match_id, servers[0].pid) != servers[0].pid:
                    taken[match_id] = now - killed
            revisions = stored_revisions(url)
            if ids[3] not in moved and revisions[ids[3]] > at_kill[ids[3]]:
                moved[ids[3]] = now - killed
            if ids[0] not in moved and revisions[ids[0]] > at_kill[ids[0]] + 1:  # past the person's possible answer
                moved[ids[0]] = now - killed
            time.sleep(0.01)
        finish(clients)
        store = PostgresStore(url)
        try:
            for match_id, revision in told_at_kill.values():
                assert store.info(match_id).revision >= revision  # nothing any client was told is lost
            check_clients(clients, store, {match_id: {match["token"]: 0, None: None} for match_id, match in zip(ids, made)})
            for match_id in ids:
                assert verify(export_log(store, match_id), complete=True).ok
        finally:
            store.close()
    assert len(on_killed) == 4 and len(moved) == 2, (on_killed, moved)
    for client in on_killed:
        assert len(client.servers) >= 2 and client.servers[-1] != 0 and client.closes, (client.name, client.servers, client.closes)
    print(f"\ntakeover after SIGKILL (lease {2.0} s): lease taken {taken}, first bot move after the kill {moved}")


SOAK_ACTIONS = int(os.environ.get("BOARDCORE_SOAK_ACTIONS", "2500"))
"""Stored actions the soak plays at least (across all its matches)."""
THINK = 0.02
"""Seconds a person of the soak waits before acting: a steady load, the same for one process and three."""


@attrs.define
class Soak:
    """What the soak's tables played."""

    clients: list[Client] = attrs.Factory(list)
    seats: dict[str, dict[str | None, int | None]] = attrs.Factory(dict)
    actions: int = 0
    lock: threading.Lock = attrs.Factory(threading.Lock)


def soak_table(servers: list[ServerProcess], url: str, number: int, soak: Soak) -> None:
    """One table, matches one after another until the soak has played its actions: a 5 Wards duel between people on
    two processes (even tables), or a person against two house bots played by another process (odd tables); a
    spectator on the third process."""
    count = len(servers)
    urls = [server.ws_url for server in servers]
    home, away, third = number % count, (number + 1) % count, (number + 2) % count
    round = 0
    while soak.actions < SOAK_ACTIONS:
        round += 1
        if number % 2 == 0:
            made = servers[home].create("five_wards", [{"name": "Ann"}, {"name": "Bob"}], claim=0)
            match_id = made["match"]["match_id"]
            bob = servers[away].post(f"/api/matches/{match_id}/seats/1")["token"]
            clients = [
                Client(urls, match_id, made["token"], first=home, plays=True, seed=number * 1000 + round, think=THINK),
                Client(urls, match_id, bob, first=away, plays=True, seed=number * 1000 + round + 500, think=THINK),
                Client(urls, match_id, first=third),
            ]
            seats = {made["token"]: 0, bob: 1, None: None}
        else:
            bots = [{"name": "Ann"}, {"name": "Bot", "bot": "house"}, {"name": "Cat", "bot": "house"}]
            made = servers[home].create("peaky_blinders", bots, claim=0)
            match_id = made["match"]["match_id"]
            watcher = Client(urls, match_id, first=away)
            start([watcher])
            wait_for_leases(url, {match_id: servers[away].pid})
            clients = [watcher, Client(urls, match_id, made["token"], first=home, plays=True, seed=number * 1000 + round, think=THINK), Client(urls, match_id, first=third)]
            seats = {made["token"]: 0, None: None}
        start([client for client in clients if not client.is_alive()])
        finish(clients)
        with soak.lock:
            soak.clients += clients
            soak.seats[match_id] = seats
            soak.actions += max(client.revision or 0 for client in clients)


def soak(url: str, servers: list[ServerProcess], tables: int) -> Soak:
    played = Soak()
    threads = [threading.Thread(target=soak_table, args=(servers, url, number, played), daemon=True) for number in range(tables)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=DEADLINE)
    assert not any(thread.is_alive() for thread in threads), "the soak did not end"
    return played


def latencies(clients: list[Client]) -> tuple[list[float], list[float]]:
    """From each person's act to each client of its match holding that revision: on the actor's process, and elsewhere."""
    here: list[float] = []
    elsewhere: list[float] = []
    for actor in clients:
        for revision, sent in actor.acted.items():
            for client in clients:
                if client.match_id == actor.match_id and revision in client.arrivals:
                    (here if client.servers[-1] == actor.servers[-1] else elsewhere).append(client.arrivals[revision] - sent)
    return here, elsewhere


@pytest.mark.parametrize("processes", [3, 1], ids=["3 processes", "1 process (the baseline)"])
def test_a_soak_across_processes_tells_every_client_its_seat_s_stream(tmp_path: Path, processes: int) -> None:
    """Six tables play at least SOAK_ACTIONS actions (people on two processes, house bots on a third, spectators; with
    one process, all on it): every log verifies, and every client's stream is its seat's stream from the store."""
    with scratch_database(postgres_url()) as url, fleet(url, processes, tmp_path) as servers:
        began = time.perf_counter()
        played = soak(url, servers, 6)
        seconds = time.perf_counter() - began
        store = PostgresStore(url)
        try:
            check_clients(played.clients, store, played.seats)
            for match_id in played.seats:
                assert verify(export_log(store, match_id), complete=True).ok
        finally:
            store.close()
    assert played.actions >= SOAK_ACTIONS
    here, elsewhere = latencies(played.clients)
    every = here + elsewhere
    figures = [f"update latency (n = {len(every)}) p50 {1000 * statistics.median(every):.1f} ms, p99 {1000 * percentile(every, 0.99):.1f} ms"]
    if elsewhere:
        figures.append(f"to clients on the actor's process p50 {1000 * statistics.median(here):.1f} ms, p99 {1000 * percentile(here, 0.99):.1f} ms")
        figures.append(f"on the other processes p50 {1000 * statistics.median(elsewhere):.1f} ms, p99 {1000 * percentile(elsewhere, 0.99):.1f} ms")
    print(
        f"\nsoak, {processes} process(es): {len(played.seats)} matches, {played.actions} actions in {seconds:.1f} s "
        f"({played.actions / seconds:.0f}/s), {len(played.clients)} clients; " + "; ".join(figures)
    )
