"""Several real ``boardcore serve`` processes over one PostgreSQL database, and clients that move between them.

A :class:`Client` follows one match in a thread over a real WebSocket, as a seat
(optionally playing a random legal action whenever it may) or a spectator. It
keeps every entry it was told, when each revision reached it and when each of
its acts was sent, and checks that each ``updates`` starts where it stands and
runs without gaps. When its connection drops it opens one to the next server of
the list with its revision, the way a client behind a load balancer lands on
another process. :func:`store_stream` is what the store says a seat should have
been told from a revision on, for comparing.
"""

from __future__ import annotations

import concurrent.futures
import json
import random
import secrets
import threading
import time
import urllib.parse
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import msgspec
import psycopg
from psycopg import sql
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from boardcore.messages import Updates
from boardcore.store import Store
from boardcore.table import Table
from tests.serve.server import ServerProcess

LEASE = 2.0
"""``--lease-seconds`` of the test servers: a killed process's bots are taken over within this plus half a second."""


@contextmanager
def scratch_database(url: str) -> Iterator[str]:
    """A fresh database on the test server for one test's processes (notifications are per database), dropped after."""
    name = f"test_{secrets.token_hex(6)}"
    with psycopg.connect(url, autocommit=True) as db:
        db.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield urllib.parse.urlsplit(url)._replace(path=f"/{name}").geturl()
    finally:
        with psycopg.connect(url, autocommit=True) as db:
            db.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


@contextmanager
def fleet(url: str, count: int, logs: Path, *, bot_delay: float = 0.0, lease: float = LEASE) -> Iterator[list[ServerProcess]]:
    """``count`` server processes over the database at ``url``, started together, stopped after."""
    servers = [
        ServerProcess(url, bot_delay=bot_delay, log=logs / f"server{number}.log", args=("--lease-seconds", str(lease))) for number in range(count)
    ]
    try:
        with concurrent.futures.ThreadPoolExecutor(count) as pool:
            list(pool.map(ServerProcess.start, servers))
        yield servers
    finally:
        for server in servers:
            server.stop()


def owner_pid(owner: str) -> int:
    """The process id in a lease owner's id (``host:pid:random``)."""
    return int(owner.split(":")[-2])


class Client(threading.Thread):
    """Follows ``match_id`` over ``urls`` (starting at ``urls[first]``) until it is told the match finished, or stopped.

    A client that ``plays`` waits ``think`` seconds before each act (a person's pace, so that latency is measured at a
    steady load rather than at whatever load the machine can take).
    """

    def __init__(
        self, urls: Sequence[str], match_id: str, token: str | None = None, *, first: int = 0, plays: bool = False, seed: int = 0, think: float = 0.0
    ) -> None:
        super().__init__(daemon=True, name=f"client {match_id} {'seat' if token else 'spectator'}")
        self.urls = list(urls)
        self.match_id = match_id
        self.token = token
        self.plays = plays
        self.think = think
        self._at = first
        self._rng = random.Random(seed)
        self.revision: int | None = None
        self.first: int | None = None
        """The revision of the first snapshot: every entry after it is in ``entries``."""
        self.entries: list[dict[str, Any]] = []
        self.arrivals: dict[int, float] = {}
        """Revision -> when (``time.perf_counter``) it reached this client."""
        self.acted: dict[int, float] = {}
        """Revision -> when this client sent the act the server stored as that revision."""
        self.seats: list[list[dict[str, Any]]] = []
        """Every seats list told (``welcome`` and ``seats`` frames), in order."""
        self.problems: list[str] = []
        self.resyncs: list[str] = []
        self.servers: list[int] = []
        """The index in ``urls`` of the server of each connection."""
        self.closes: list[int | None] = []
        self.finished: dict[str, Any] | None = None
        self.stopping = threading.Event()
        self.connected = threading.Event()
        self._legal: list[dict[str, Any]] = []

    def stop(self) -> None:
        self.stopping.set()

    def done(self) -> bool:
        return self.stopping.is_set() or self.finished is not None

    def run(self) -> None:
        while not self.done():
            server = self._at % len(self.urls)
            try:
                with connect(self.urls[server], open_timeout=5, close_timeout=1, max_size=None) as socket:
                    self.servers.append(server)
                    opening = {"match_id": self.match_id, "since": self.revision}
                    socket.send(json.dumps({"type": "hello", "token": self.token, **opening} if self.token else {"type": "watch", **opening}))
                    self.connected.set()
                    self._follow(socket)
            except ConnectionClosed as closed:
                self.closes.append(closed.rcvd.code if closed.rcvd is not None else None)
            except (OSError, TimeoutError):
                self.closes.append(None)
            self.connected.clear()
            if not self.done():
                self._at += 1  # the load balancer sends the new connection elsewhere
                time.sleep(0.05)

    def _follow(self, socket: Any) -> None:
        sent: dict[int, float] = {}  # request id -> when sent
        ids = iter(range(1, 1 << 30))
        acted_at = -1  # one act per revision
        pending = False
        while not self.done():
            try:
                raw = socket.recv(timeout=0.2)
            except TimeoutError:
                continue
            now = time.perf_counter()
            frame = json.loads(raw)
            kind = frame["type"]
            if kind == "snapshot":
                self._take(frame)
            elif kind == "resync":
                self.resyncs.append(frame["reason"])
                self._take(frame["snapshot"])
            elif kind == "updates":
                self._apply(frame, now)
            elif kind in ("welcome", "seats"):
                self.seats.append(frame["seats"])
            elif kind == "finished":
                self.finished = frame
            elif kind == "ok":
                pending = False
                if frame["id"] in sent:
                    self.acted[frame["revision"]] = sent.pop(frame["id"])
            elif kind == "error":
                pending = False
                if frame["code"] != "table/stale_revision":
                    self.problems.append(f"error {frame['code']}: {frame['message']}")
            if self.plays and not pending and self.revision is not None and self.revision != acted_at and self._legal:
                time.sleep(self.think)
                request = next(ids)
                sent[request] = time.perf_counter()
                choice = self._rng.choice(self._legal)["action"]
                socket.send(json.dumps({"type": "act", "revision": self.revision, "action": choice, "id": request}))
                pending, acted_at = True, self.revision

    def _take(self, snapshot: dict[str, Any]) -> None:
        if self.first is None:
            self.first = snapshot["revision"]
        self.revision = snapshot["revision"]
        self._legal = snapshot["legal"]

    def _apply(self, updates: dict[str, Any], now: float) -> None:
        if updates["since"] != self.revision:
            self.problems.append(f"updates since {updates['since']} while at {self.revision}")
        revisions = [entry["revision"] for entry in updates["entries"]]
        if revisions != list(range(updates["since"] + 1, updates["since"] + 1 + len(revisions))):
            self.problems.append(f"entries {revisions} after {updates['since']}")
        self.entries += updates["entries"]
        for revision in revisions:
            self.arrivals[revision] = now
        self._take(updates["snapshot"])

    @property
    def told(self) -> list[int]:
        """Every revision told entry by entry, in the order received."""
        return [entry["revision"] for entry in self.entries]


def store_stream(store: Store, match_id: str, seat: int | None, since: int) -> list[dict[str, Any]]:
    """The entries the store says ``seat`` is told after revision ``since`` (the match replayed and verified), as JSON."""
    told = Table.open(store, match_id).updates(seat, since)
    assert isinstance(told, Updates), f"the store cannot tell seat {seat} of {match_id} its updates since {since}: {told}"
    entries: list[dict[str, Any]] = msgspec.json.decode(msgspec.json.encode(told.entries))
    return entries


def check_clients(clients: Sequence[Client], store: Store, seats: dict[str, dict[str | None, int | None]]) -> None:
    """Every client finished and was told exactly its seat's stream from the store, from its first snapshot to the end.

    ``seats[match_id][token]`` is the seat a token plays (``None``: a spectator).
    """
    final = {match_id: store.info(match_id) for match_id in seats}
    for client in clients:
        assert not client.problems, (client.name, client.problems)
        assert client.resyncs == [], (client.name, client.resyncs)
        assert client.finished is not None and client.finished["valid"], (client.name, client.finished)
        assert client.first is not None
        assert client.told == list(range(client.first + 1, final[client.match_id].revision + 1)), client.name
        assert client.entries == store_stream(store, client.match_id, seats[client.match_id][client.token], client.first), client.name


def percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]
