"""Every malformed input and every store failure gets its documented JSON error (never a plain-text 500), logged in one line."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest
from starlette.testclient import TestClient

from boardcore.serve.protocol import Act, ClientMessage, Ping
from boardcore.serve.seats import MemorySeats
from boardcore.serve.transport import Refused, parse
from boardcore.store import MemoryStore, StoreUnavailable
from tests.serve.client import Connection, create, served

PEOPLE = [{"name": "Ann"}, {"name": "Bob"}]
DEEP = b'{"type": "act", "revision": 0, "action": ' + b"[" * 1000 + b"]" * 1000 + b"}"


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        (b'{"type": ["act"]}', "frame/unknown_type"),
        (b'{"type": {"a": 1}}', "frame/unknown_type"),
        (DEEP, "frame/too_deep"),
        (b"[" * 100_000, "frame/too_large"),
        (b'{"type": "act", "revision": 0, "action": ' + b"[" * 40 + b"]" * 40 + b"}", "frame/too_deep"),
        (b"\xff\xfe", "frame/malformed"),
    ],
    ids=["unhashable-type", "object-type", "deep-1000", "too-long", "deep-40", "not-utf8"],
)
def test_a_bad_frame_is_refused_with_its_code(raw: bytes, code: str) -> None:
    """parse() turns each bad frame into its error frame, never an exception of another kind."""
    with pytest.raises(Refused) as refused:
        parse(raw, 65536)
    assert refused.value.error.code == code


def test_a_frame_nested_as_deep_as_the_limit_is_read() -> None:
    """32 levels are allowed (an action never needs more than a few)."""
    frame = parse(b'{"type": "act", "revision": 0, "action": {"a": ' + b"[" * 30 + b"]" * 30 + b"}}", 65536)
    assert frame.revision == 0  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (b'{"revision": 3, "action": {"type": "x"}, "type": "act", "id": 1}', Act(revision=3, action={"type": "x"}, id=1)),
        (b'{"type": "act", "revision": 1, "revision": 2, "action": {}}', Act(revision=2, action={})),
        (b'{"type": "ping", "type": "ping", "id": 4}', Ping(id=4)),
        (b'{"type": "ping", "id": 9007199254740993}', Ping(id=9007199254740993)),
    ],
    ids=["any-order", "later-duplicate-wins", "same-type-twice", "big-id"],
)
def test_a_frame_reads_as_the_message_its_json_says(raw: bytes, expected: Any) -> None:
    """The direct decode gives what decoding to a dict and converting it gives (the last of duplicate fields wins)."""
    assert parse(raw, 65536) == expected == msgspec.convert(json.loads(raw), ClientMessage)


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b'{"type": "ping", "id": 1, "type": "sync"}', "The sync frame does not fit its type: Object missing required field `since`."),
        (b'{"type": "sync", "since": 1, "type": "ping", "id": 2}', "The ping frame does not fit its type: Object contains unknown field `since`."),
        (b'{"type": "ping", "id": true}', "The ping frame does not fit its type: Expected `int | null`, got `bool` - at `$.id`."),
    ],
    ids=["types-disagree", "types-disagree-with-id", "bool-id"],
)
def test_a_frame_that_does_not_fit_is_refused_by_what_its_json_says(raw: bytes, message: str) -> None:
    """A refused frame's error names the last ``type`` (as its JSON object has it) and what does not fit."""
    with pytest.raises(Refused) as refused:
        parse(raw, 65536)
    assert refused.value.error.code == "frame/invalid"
    assert refused.value.error.message == message


@pytest.fixture()
def client() -> Iterator[TestClient]:
    with served() as client:
        yield client


def test_bad_websocket_frames_get_error_frames_and_the_connection_lives(client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    """Over a real connection: each bad frame gets its error, a ping still gets its pong, nothing is logged as a traceback."""
    match_id = create(client, "tic_tac_toe", PEOPLE)["match"]["match_id"]
    with client.websocket_connect("/ws") as session:
        connection = Connection(session)
        connection.send({"type": "watch", "match_id": match_id})
        connection.until_type("snapshot")
        for raw, code in ((b'{"type": ["act"]}', "frame/unknown_type"), (DEEP, "frame/too_deep")):
            connection.send(raw.decode())
            assert connection.until_type("error")["code"] == code
        connection.send({"type": "ping", "id": 7})
        assert connection.until_type("pong")["id"] == 7
    assert not [record for record in caplog.records if record.exc_info]


@pytest.mark.parametrize(
    "hello",
    [{"type": "watch", "match_id": "a\u0000b"}, {"type": "hello", "match_id": "x" * 500, "token": "t"}, {"type": "watch", "match_id": ""}],
    ids=["nul", "long", "empty"],
)
def test_an_impossible_match_id_in_an_opening_is_unknown(client: TestClient, hello: dict[str, Any]) -> None:
    """A match id no match can have is match/unknown (4404) before any store sees it."""
    from starlette.websockets import WebSocketDisconnect

    with client.websocket_connect("/ws") as session:
        connection = Connection(session)
        connection.send(hello)
        assert connection.receive()["code"] == "match/unknown"
        with pytest.raises(WebSocketDisconnect) as closed:
            connection.receive()
    assert closed.value.code == 4404


def test_lobby_inputs_no_store_could_hold_are_json_errors(client: TestClient) -> None:
    """A seat of 2**63, a NUL or overlong match id, a deep body and bad paging get JSON errors with their status."""
    match_id = create(client, "tic_tac_toe", PEOPLE)["match"]["match_id"]
    deep = b'{"game": "tic_tac_toe", "seats": [], "options": ' + b"[" * 1000 + b"]" * 1000 + b"}"
    answers = [
        client.post(f"/api/matches/{match_id}/seats/{2**63}"),
        client.post(f"/api/matches/{match_id}/seats/99999999999999999999999"),
        client.get("/api/matches/a%00b"),
        client.post("/api/matches/a%00b/seats/0"),
        client.get("/api/matches/" + "x" * 300),
        client.get("/api/matches/a%00b/log"),
        client.post("/api/matches", content=deep, headers={"Content-Type": "application/json"}),
        client.get("/api/matches?limit=0"),
        client.get("/api/matches?limit=abc"),
        client.get("/api/matches?before=nope"),
        client.get("/api/matches?before=a%00b"),
    ]
    assert [(answer.status_code, answer.json()["code"]) for answer in answers] == [
        (404, "seat/unknown"),
        (404, "seat/unknown"),
        (404, "match/unknown"),
        (404, "match/unknown"),
        (404, "match/unknown"),
        (404, "match/unknown"),
        (400, "request/invalid"),
        (400, "request/invalid"),
        (400, "request/invalid"),
        (400, "request/invalid"),
        (400, "request/invalid"),
    ]


class Outage(MemoryStore):
    """A memory store whose database can be taken away (every call then raises StoreUnavailable) and given back."""

    down = False

    def __getattribute__(self, name: str) -> Any:
        if name in ("create", "info", "header", "matches", "newest", "journal", "append") and object.__getattribute__(self, "down"):
            raise StoreUnavailable("the database is gone (test outage)")
        return object.__getattribute__(self, name)


def test_a_store_outage_answers_503_with_retry_after_and_recovers(caplog: pytest.LogCaptureFixture) -> None:
    """Create, list, summary and claim answer 503 store/unavailable with Retry-After while the store is down, then work."""
    store = Outage()
    with served(store=store, seats=MemorySeats()) as client:
        match_id = create(client, "tic_tac_toe", PEOPLE)["match"]["match_id"]
        store.down = True
        with caplog.at_level(logging.WARNING, logger="boardcore.serve"):
            answers = [
                client.post("/api/matches", json={"game": "tic_tac_toe", "seats": PEOPLE}),
                client.get("/api/matches"),
                client.get(f"/api/matches/{match_id}"),
                client.post(f"/api/matches/{match_id}/seats/0"),
            ]
        assert [(a.status_code, a.json()["code"], a.headers.get("retry-after")) for a in answers] == [(503, "store/unavailable", "2")] * 4
        assert not [record for record in caplog.records if record.exc_info]
        assert all("\n" not in record.getMessage() for record in caplog.records)
        store.down = False
        assert client.get("/api/matches").status_code == 200
        assert client.post(f"/api/matches/{match_id}/seats/1").status_code == 200
