"""Loading one match never holds up another: per-match load locks, a load deadline, and damaged matches remembered."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from boardcore.serve.seats import MemorySeats
from boardcore.store import Entry, MemoryStore
from tests.serve.client import Connection, create, served

PEOPLE = [{"name": "Ann"}, {"name": "Bob"}]


class SlowJournal(MemoryStore):
    """A memory store whose journal of one match takes ``delay`` seconds to read (a huge or stuck replay)."""

    def __init__(self) -> None:
        super().__init__()
        self.slow: str | None = None
        self.delay = 0.0
        self.release = threading.Event()

    def journal(self, match_id: str, since: int = 0) -> list[Entry]:
        if match_id == self.slow:
            self.release.wait(self.delay)
        return super().journal(match_id, since)


def opening(client: Any, match_id: str) -> dict[str, Any]:
    with client.websocket_connect("/ws") as session:
        connection = Connection(session)
        connection.send({"type": "watch", "match_id": match_id})
        return connection.until(lambda frame: frame["type"] in ("snapshot", "error"))


@pytest.mark.slow  # waits out a 1 s load deadline
def test_a_match_past_the_load_deadline_is_damaged_and_others_load_meanwhile() -> None:
    """Match A's load hangs: it is refused after the deadline and listed as load_timeout; B opens while A hangs."""
    store = SlowJournal()
    with served(store=store, seats=MemorySeats(), load_timeout=1.0, retire_after=0) as client:
        slow = create(client, "tic_tac_toe", PEOPLE)["match"]["match_id"]
        other = create(client, "tic_tac_toe", PEOPLE)["match"]["match_id"]
        deadline = time.monotonic() + 5
        while client.app.state.hub.loaded and time.monotonic() < deadline:  # type: ignore[attr-defined]
            time.sleep(0.01)  # the masters create made retire (idle): opening a match loads it
        store.slow, store.delay = slow, 30.0
        results: dict[str, Any] = {}
        waiting = threading.Thread(target=lambda: results.update(slow=opening(client, slow)))
        waiting.start()
        time.sleep(0.2)  # A's load is under way
        assert opening(client, other)["type"] == "snapshot"
        assert waiting.is_alive(), "B had to wait for A"
        waiting.join(20)
        assert results["slow"]["code"] == "match/rejected"
        listed = {summary["match_id"]: summary["damaged"] for summary in client.get("/api/matches").json()}
        assert listed == {slow: "load_timeout", other: None}
        assert opening(client, slow)["code"] == "match/rejected"  # remembered: not loaded again
        store.release.set()
