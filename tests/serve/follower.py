"""A client in a thread that follows one match the way the browser client does, over a real WebSocket.

It keeps its revision, checks that each ``updates`` starts where it stands and
runs without gaps, records every revision it was told (so a test can count
losses and duplicates), optionally plays its seat (the first legal action),
and reconnects with its revision whenever the connection drops.
"""

from __future__ import annotations

import json
import threading
import time
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect


class Follower(threading.Thread):
    """Follows ``match_id`` as a seat (``token``) or a spectator until stopped (or, with ``until_finished``, the end)."""

    def __init__(self, ws_url: str, match_id: str, token: str | None = None, *, plays: bool = False, until_finished: bool = True) -> None:
        super().__init__(daemon=True, name=f"follower {match_id} {'seat' if token else 'spectator'}")
        self.ws_url = ws_url
        self.match_id = match_id
        self.token = token
        self.plays = plays
        self.until_finished = until_finished
        self.revision: int | None = None
        self.first: int | None = None
        """The revision of the first snapshot: ``told`` runs on from there."""
        self.snapshot: dict[str, Any] | None = None
        self.told: list[int] = []
        """Every revision told entry by entry, in the order received (across reconnects)."""
        self.problems: list[str] = []
        self.resyncs: list[str] = []
        self.closes: list[int | None] = []
        self.connections = 0
        self.finished: dict[str, Any] | None = None
        self.stopping = threading.Event()
        self.connected = threading.Event()

    def stop(self) -> None:
        self.stopping.set()

    def run(self) -> None:
        while not self.stopping.is_set():
            try:
                with connect(self.ws_url, open_timeout=5, close_timeout=1) as socket:
                    self.connections += 1
                    opening = {"match_id": self.match_id, "since": self.revision}
                    socket.send(json.dumps({"type": "hello", "token": self.token, **opening} if self.token else {"type": "watch", **opening}))
                    self.connected.set()
                    self.follow(socket)
                    if self.done():
                        return
            except ConnectionClosed as closed:
                self.closes.append(closed.rcvd.code if closed.rcvd is not None else None)
            except (OSError, TimeoutError):
                self.closes.append(None)
            self.connected.clear()
            time.sleep(0.1)

    def done(self) -> bool:
        return self.stopping.is_set() or (self.until_finished and self.finished is not None)

    def follow(self, socket: Any) -> None:
        pending = False
        acted_at = -1  # one act per revision: an error is never answered by the same act again
        while not self.done():
            try:
                raw = socket.recv(timeout=0.2)
            except TimeoutError:
                continue
            frame = json.loads(raw)
            kind = frame["type"]
            if kind == "snapshot":
                self.take(frame)
            elif kind == "resync":
                self.resyncs.append(frame["reason"])
                self.take(frame["snapshot"])
            elif kind == "updates":
                self.apply(frame)
            elif kind == "finished":
                self.finished = frame
            elif kind in ("ok", "error"):
                pending = False
                if kind == "error" and frame["code"] != "table/stale_revision":
                    self.problems.append(f"error {frame['code']}: {frame['message']}")
            snapshot = self.snapshot
            if self.plays and not pending and snapshot is not None and snapshot["legal"] and snapshot["revision"] != acted_at:
                socket.send(json.dumps({"type": "act", "revision": snapshot["revision"], "action": snapshot["legal"][0]["action"]}))
                pending, acted_at = True, snapshot["revision"]

    def take(self, snapshot: dict[str, Any]) -> None:
        if self.first is None:
            self.first = snapshot["revision"]
        self.snapshot = snapshot
        self.revision = snapshot["revision"]

    def apply(self, updates: dict[str, Any]) -> None:
        if updates["since"] != self.revision:
            self.problems.append(f"updates since {updates['since']} while at {self.revision}")
        revisions = [entry["revision"] for entry in updates["entries"]]
        if revisions != list(range(updates["since"] + 1, updates["since"] + 1 + len(revisions))):
            self.problems.append(f"entries {revisions} after {updates['since']}")
        self.told += revisions
        self.take(updates["snapshot"])
