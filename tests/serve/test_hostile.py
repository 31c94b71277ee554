"""Hostile clients get nowhere: refused tokens, other seats, garbage frames, and nothing in the match changes."""

from __future__ import annotations

import json
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.serve.client import Connection, claim, create, revision_of, seat, served, state_of

PEOPLE = [{"name": "Ann"}, {"name": "Bob"}]


@pytest.fixture()
def client() -> Any:
    with served(hello_timeout=0.5) as client:
        yield client


def match_with_tokens(client: TestClient) -> tuple[str, str, str]:
    made = create(client, "tic_tac_toe", PEOPLE, claim=0)
    match_id = made["match"]["match_id"]
    return match_id, made["token"], claim(client, match_id, 1)


def refused(connection: Connection) -> tuple[dict[str, Any], int]:
    """The error frame a refused opening gets, and the close code that follows it."""
    error = connection.receive()
    with pytest.raises(WebSocketDisconnect) as closed:
        connection.receive()
    return error, closed.value.code


@pytest.mark.parametrize(
    ("hello", "code", "close"),
    [
        ({"type": "hello"}, "auth/missing_token", 4401),
        ({"type": "hello", "token": ""}, "auth/missing_token", 4401),
        ({"type": "hello", "token": "not-a-token"}, "auth/bad_token", 4401),
        ({"type": "act", "revision": 0, "action": {"type": "PlaceMark", "cell": 0}}, "hello/required", 4400),
        ({"type": "hello", "seat": 0}, "frame/invalid", 4400),
    ],
    ids=["no-token", "empty-token", "wrong-token", "act-first", "seat-instead-of-token"],
)
def test_an_opening_without_a_valid_token_is_refused_and_closed(client: TestClient, hello: dict[str, Any], code: str, close: int) -> None:
    """Missing or wrong tokens, frames before hello, and a hello naming a seat get one error frame and a close."""
    match_id, _, _ = match_with_tokens(client)
    with client.websocket_connect("/ws") as session:
        connection = Connection(session)
        connection.send({**hello, "match_id": match_id} if hello["type"] == "hello" else hello)
        error, closed = refused(connection)
    assert (error["type"], error["code"], closed) == ("error", code, close)
    assert revision_of(client, match_id) == 0


def test_a_token_of_another_match_is_refused(client: TestClient) -> None:
    """Ann's token for match A opens nothing in match B."""
    _, token_a, _ = match_with_tokens(client)
    match_b, _, _ = match_with_tokens(client)
    with seat(client, match_b, token_a) as connection:
        error, closed = refused(connection)
    assert (error["code"], closed) == ("auth/bad_token", 4401)


def test_an_unknown_match_is_refused(client: TestClient) -> None:
    """watch of a match that is not served: match/unknown, closed with 4404."""
    with seat(client, "no-such-match", None) as connection:
        connection.receive()
        with pytest.raises(WebSocketDisconnect) as closed:
            connection.receive()
    assert connection.frames[-1]["code"] == "match/unknown" and closed.value.code == 4404


def test_no_hello_in_time_closes_the_connection(client: TestClient) -> None:
    """A client that says nothing is told hello/timeout and closed (4400)."""
    with client.websocket_connect("/ws") as session:
        connection = Connection(session)
        error, closed = refused(connection)
    assert (error["code"], closed) == ("hello/timeout", 4400)


def test_a_token_yields_only_its_own_seat(client: TestClient) -> None:
    """Each token opens its own seat: welcome and every snapshot name that seat, and its legal actions are its own."""
    match_id, ann_token, bob_token = match_with_tokens(client)
    for token, expected in ((ann_token, 0), (bob_token, 1)):
        with seat(client, match_id, token, since=None) as connection:
            welcome, snapshot = connection.receive(), connection.receive()
        assert welcome["seat"] == expected and snapshot["seat"] == expected
        labels = [choice["label"] for choice in snapshot["legal"]]
        assert labels == ([f"place X in cell {cell}" for cell in range(9)] if expected == 0 else [])


GARBAGE: list[tuple[str | bytes | dict[str, Any], str]] = [
    ("{not json", "frame/malformed"),
    ("[1, 2, 3]", "frame/malformed"),
    ('"a string"', "frame/malformed"),
    (b"\xff\xfe\x00binary", "frame/malformed"),
    ({"type": "launch"}, "frame/unknown_type"),
    ({"no": "type"}, "frame/unknown_type"),
    ({"type": "act", "revision": "zero", "action": {"type": "PlaceMark", "cell": 4}}, "frame/invalid"),
    ({"type": "act", "revision": 0}, "frame/invalid"),
    ({"type": "act", "revision": 0, "action": {"type": "PlaceMark", "cell": 4}, "seat": 1}, "frame/invalid"),
    ({"type": "act", "revision": 0, "action": {"type": "PlaceMark", "cell": 4}, "player": 1}, "frame/invalid"),
    ({"type": "act", "revision": 0, "action": {"type": "PlaceMark", "cell": 99}}, "action/malformed"),
    ({"type": "act", "revision": 0, "action": {"type": "Resign"}}, "action/malformed"),
    ({"type": "act", "revision": 0, "action": {"type": "PlaceMark", "cell": 4, "player": 1}}, "action/malformed"),
    ({"type": "undo", "revision": 0}, "undo/refused"),
    ({"type": "act", "revision": 5, "action": {"type": "PlaceMark", "cell": 4}}, "table/stale_revision"),
    ({"type": "act", "revision": -1, "action": {"type": "PlaceMark", "cell": 4}}, "table/stale_revision"),
    ({"type": "hello", "match_id": "x", "token": "y"}, "hello/repeated"),
    ({"type": "watch", "match_id": "x"}, "hello/repeated"),
    ("x" * 70_000, "frame/too_large"),
    (json.dumps({"type": "act", "revision": 0, "action": {"type": "PlaceMark", "cell": 4, "pad": "y" * 70_000}}), "frame/too_large"),
]


def test_garbage_frames_get_error_frames_and_change_nothing(client: TestClient) -> None:
    """Every malformed, unknown, mistyped, foreign-seat or oversized frame gets its error; the connection stays; revision 0."""
    match_id, _, bob_token = match_with_tokens(client)
    with seat(client, match_id, bob_token) as bob:
        bob.until_type("snapshot")
        codes = []
        for frame, _ in GARBAGE:
            bob.send(frame)
            codes.append(bob.until_type("error")["code"])
        bob.send({"type": "ping", "id": 1})
        assert bob.until_type("pong") == {"type": "pong", "id": 1}
        assert not any(f["type"] in ("updates", "resync", "ok") for f in bob.frames)
    assert codes == [code for _, code in GARBAGE]
    assert revision_of(client, match_id) == 0


def test_acting_out_of_turn_or_as_a_spectator_is_refused(client: TestClient) -> None:
    """Bob may not act on Ann's turn (turn/not_your_turn); a spectator may not act or undo (seat/spectator)."""
    match_id, _, bob_token = match_with_tokens(client)
    with seat(client, match_id, bob_token) as bob, seat(client, match_id, None) as eve:
        bob.until_type("snapshot")
        eve.until_type("snapshot")
        bob.send({"type": "act", "revision": 0, "action": {"type": "PlaceMark", "cell": 4}, "id": 1})
        out_of_turn = bob.until_type("error")
        eve.send({"type": "act", "revision": 0, "action": {"type": "PlaceMark", "cell": 4}, "id": 2})
        eve.send({"type": "undo", "revision": 0, "id": 3})
        spectator = [eve.until_type("error"), eve.until_type("error")]
    assert (out_of_turn["code"], out_of_turn["id"], out_of_turn["revision"]) == ("turn/not_your_turn", 1, 0)
    assert [(e["code"], e["id"]) for e in spectator] == [("seat/spectator", 2), ("seat/spectator", 3)]
    assert revision_of(client, match_id) == 0


def test_a_seat_cannot_act_for_the_other_seat_by_any_field(client: TestClient) -> None:
    """However the frame names the other seat, the act is refused or is the sender's own: Ann's act is Ann's."""
    match_id, ann_token, _ = match_with_tokens(client)
    with seat(client, match_id, ann_token) as ann:
        ann.until_type("snapshot")
        ann.send({"type": "act", "revision": 0, "action": {"type": "PlaceMark", "cell": 4}, "seat": 1})
        assert ann.until_type("error")["code"] == "frame/invalid"
        ann.send({"type": "act", "revision": 0, "action": {"type": "PlaceMark", "cell": 4}})
        told = ann.until_type("updates")
    assert [entry["player"] for entry in told["entries"]] == [0]
    assert state_of(told)["waiting"] == [{"seat": 1, "kind": "mark", "ask": "place a mark in an empty cell"}]
