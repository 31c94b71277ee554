"""Test helpers: a served app in a Starlette TestClient, and a WebSocket reader that never waits forever.

Every frame read is decoded against the wire protocol's server union, so each
test also checks that what the server sends is what ``docs/serving.md`` says.
"""

from __future__ import annotations

import concurrent.futures
import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import msgspec
from starlette.testclient import TestClient, WebSocketTestSession

from boardcore.serve.app import create_app
from boardcore.serve.master import Settings
from boardcore.serve.protocol import ServerMessage
from boardcore.serve.seats import MemorySeats, SeatBook
from boardcore.store import MemoryStore, Store

TIMEOUT = 10.0
"""Seconds a test waits for a frame before failing (a missing frame must fail a test, never hang it)."""

_waiter = concurrent.futures.ThreadPoolExecutor(max_workers=8, thread_name_prefix="ws-reader")


@contextmanager
def served(
    *, store: Store | None = None, seats: SeatBook | None = None, location: str | None = None, **settings: Any
) -> Iterator[TestClient]:
    """A TestClient over a fresh app (memory store unless given), its lifespan running."""
    options = {"bot_delay": 0.0, "create_burst": 100_000, "open_per_client": 100_000, **settings}  # one test client: one address
    if location is None:
        app = create_app(store=store or MemoryStore(), seats=seats or MemorySeats(), settings=Settings(**options))
    else:
        app = create_app(location, settings=Settings(**options))
    with TestClient(app) as client:
        yield client


def create(client: TestClient, game: str, seats: list[dict[str, Any]], **fields: Any) -> dict[str, Any]:
    """``POST /api/matches``; asserts 201 and returns the body."""
    answer = client.post("/api/matches", json={"game": game, "seats": seats, **fields})
    assert answer.status_code == 201, answer.text
    body: dict[str, Any] = answer.json()
    return body


def claim(client: TestClient, match_id: str, seat: int) -> str:
    """A seat's token from the lobby."""
    answer = client.post(f"/api/matches/{match_id}/seats/{seat}")
    assert answer.status_code == 200, answer.text
    token: str = answer.json()["token"]
    return token


class Connection:
    """One WebSocket of a test: every raw frame it received, decoded and checked against the protocol."""

    def __init__(self, session: WebSocketTestSession) -> None:
        self.session = session
        self.raw: list[str] = []
        self.frames: list[dict[str, Any]] = []

    def send(self, frame: dict[str, Any] | str | bytes) -> None:
        if isinstance(frame, bytes):
            self.session.send_bytes(frame)
        elif isinstance(frame, str):
            self.session.send_text(frame)
        else:
            self.session.send_text(json.dumps(frame))

    def receive(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        """The next frame (a close raises ``WebSocketDisconnect``); fails after ``timeout`` seconds."""
        try:
            text = _waiter.submit(self.session.receive_text).result(timeout)
        except concurrent.futures.TimeoutError:
            raise AssertionError(f"no frame within {timeout} s; received so far: {[f['type'] for f in self.frames]}") from None
        msgspec.json.decode(text, type=ServerMessage)  # every frame fits the protocol
        frame: dict[str, Any] = json.loads(text)
        self.raw.append(text)
        self.frames.append(frame)
        return frame

    def until(self, wanted: Callable[[dict[str, Any]], bool], timeout: float = TIMEOUT) -> dict[str, Any]:
        """Read frames until one is ``wanted``; returns it."""
        while True:
            frame = self.receive(timeout)
            if wanted(frame):
                return frame

    def until_type(self, kind: str) -> dict[str, Any]:
        return self.until(lambda frame: frame["type"] == kind)

    def until_revision(self, revision: int) -> dict[str, Any]:
        """Read until the state reaches ``revision``; returns that state message's snapshot."""
        frame = self.until(lambda f: f["type"] in ("snapshot", "updates", "resync") and state_of(f)["revision"] >= revision)
        return state_of(frame)


def state_of(frame: dict[str, Any]) -> dict[str, Any]:
    """The snapshot a state message carries."""
    snapshot: dict[str, Any] = frame if frame["type"] == "snapshot" else frame["snapshot"]
    return snapshot


@contextmanager
def seat(client: TestClient, match_id: str, token: str | None, **hello: Any) -> Iterator[Connection]:
    """A seat's connection, its hello sent (``token=None``: a spectator's watch)."""
    with client.websocket_connect("/ws") as session:
        connection = Connection(session)
        opening = {"type": "hello", "token": token} if token is not None else {"type": "watch"}
        connection.send({**opening, "match_id": match_id, **hello})
        yield connection


def revision_of(client: TestClient, match_id: str) -> int:
    revision: int = client.get(f"/api/matches/{match_id}").json()["revision"]
    return revision
