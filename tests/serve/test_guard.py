"""Who may use the server: Host allow-list, Origin and content-type checks on writes and WebSockets, CORS for allowed origins."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from boardcore.serve.app import create_app
from boardcore.serve.guard import Policy
from boardcore.serve.master import Settings
from boardcore.serve.seats import MemorySeats
from boardcore.store import MemoryStore

BODY = {"game": "tic_tac_toe", "seats": [{"name": "Ann"}, {"name": "Bob"}]}
ALLOWED = "http://ui.example:5173"


@pytest.fixture()
def client() -> Iterator[TestClient]:
    policy = Policy.for_address("127.0.0.1", origins=[ALLOWED])
    app = create_app(store=MemoryStore(), seats=MemorySeats(), settings=Settings(bot_delay=0.0), policy=policy)
    with TestClient(app, base_url="http://127.0.0.1:8000") as client:
        yield client


def matches(client: TestClient) -> int:
    return len(client.get("/api/matches").json())


@pytest.mark.parametrize(
    ("headers", "status", "code"),
    [
        ({"Content-Type": "text/plain"}, 415, "request/content_type"),
        ({"Content-Type": "application/x-www-form-urlencoded"}, 415, "request/content_type"),
        ({"Content-Type": "application/json", "Origin": "http://evil.example"}, 403, "request/bad_origin"),
        ({"Content-Type": "text/plain", "Origin": "http://evil.example"}, 403, "request/bad_origin"),
        ({"Content-Type": "application/json", "Origin": "null"}, 403, "request/bad_origin"),
        ({"Content-Type": "application/json", "Host": "evil.example"}, 421, "request/bad_host"),
    ],
    ids=["text-plain", "form", "foreign-origin", "foreign-simple", "null-origin", "rebound-host"],
)
def test_a_cross_site_create_is_refused_and_creates_nothing(client: TestClient, headers: dict[str, str], status: int, code: str) -> None:
    """A simple cross-site POST, a foreign Origin or a rebound Host name gets its JSON error; no match appears."""
    import json

    answer = client.post("/api/matches", content=json.dumps(BODY).encode(), headers=headers)
    assert (answer.status_code, answer.json()["code"]) == (status, code), answer.text
    assert matches(client) == 0


def test_a_cross_site_claim_without_a_body_is_refused(client: TestClient) -> None:
    """Claiming needs no body, so the Origin check alone guards it: a foreign page gets no token."""
    match_id = client.post("/api/matches", json=BODY).json()["match"]["match_id"]
    foreign = client.post(f"/api/matches/{match_id}/seats/0", headers={"Origin": "http://evil.example"})
    assert (foreign.status_code, foreign.json()["code"]) == (403, "request/bad_origin")
    fetched = client.post(f"/api/matches/{match_id}/seats/0", headers={"Sec-Fetch-Site": "cross-site"})
    assert fetched.status_code == 403
    own = client.post(f"/api/matches/{match_id}/seats/0", headers={"Origin": "http://127.0.0.1:8000"})
    assert own.status_code == 200 and own.json()["token"]


def test_same_origin_allowed_origin_and_non_browser_writes_pass(client: TestClient) -> None:
    """The server's own pages, an allowed origin and a client without Origin (curl, a bot) may create matches."""
    for headers in ({"Origin": "http://127.0.0.1:8000"}, {"Origin": ALLOWED}, {}, {"Host": "localhost:8000"}):
        assert client.post("/api/matches", json=BODY, headers=headers).status_code == 201
    assert matches(client) == 4


def test_an_allowed_origin_gets_cors_and_a_preflight(client: TestClient) -> None:
    """The allowed origin's preflight gets 204 with the methods and headers; its answers carry its origin."""
    preflight = client.options(
        "/api/matches", headers={"Origin": ALLOWED, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type"}
    )
    assert preflight.status_code == 204
    assert preflight.headers["access-control-allow-origin"] == ALLOWED
    assert "POST" in preflight.headers["access-control-allow-methods"]
    assert "content-type" in preflight.headers["access-control-allow-headers"].lower()
    listed = client.get("/api/matches", headers={"Origin": ALLOWED})
    assert listed.headers["access-control-allow-origin"] == ALLOWED
    foreign = client.get("/api/matches", headers={"Origin": "http://evil.example"})
    assert "access-control-allow-origin" not in foreign.headers
    refused = client.options("/api/matches", headers={"Origin": "http://evil.example", "Access-Control-Request-Method": "POST"})
    assert "access-control-allow-origin" not in refused.headers


@pytest.mark.parametrize("origin", ["http://evil.example", "null", "http://127.0.0.1:9999"])
def test_a_websocket_from_a_foreign_origin_is_refused(client: TestClient, origin: str) -> None:
    """The handshake from another site's page is refused before the connection opens."""
    with pytest.raises(WebSocketDisconnect) as refused, client.websocket_connect("ws://127.0.0.1:8000/ws", headers={"Origin": origin}):
        pass
    assert refused.value.code == 1008


@pytest.mark.parametrize("origin", ["http://127.0.0.1:8000", ALLOWED, None])
def test_a_websocket_from_an_allowed_origin_opens(client: TestClient, origin: str | None) -> None:
    """The server's own pages, an allowed origin, and clients without Origin may open a WebSocket."""
    match_id = client.post("/api/matches", json=BODY).json()["match"]["match_id"]
    headers: dict[str, Any] = {} if origin is None else {"Origin": origin}
    with client.websocket_connect("ws://127.0.0.1:8000/ws", headers=headers) as session:
        session.send_json({"type": "watch", "match_id": match_id})
        assert session.receive_json()["type"] in ("welcome", "snapshot")


def test_the_host_allow_list_is_the_bound_address_localhost_and_named_hosts() -> None:
    """A server on one address answers to it, localhost and --allow-host names; on every address, to any IP too."""
    loopback = Policy.for_address("127.0.0.1", hosts=["games.example"])
    assert all(loopback.host_allowed(host) for host in ("127.0.0.1:8000", "localhost", "LOCALHOST:80", "[::1]:8000", "games.example"))
    assert not any(loopback.host_allowed(host) for host in ("evil.example", "10.0.0.5:8000", "", None))
    everywhere = Policy.for_address("0.0.0.0")
    assert everywhere.host_allowed("10.0.0.5:8000") and everywhere.host_allowed("[fe80::1]:8000")
    assert not everywhere.host_allowed("rebound.evil.example:8000")
    with pytest.raises(ValueError, match="http"):
        Policy.for_address("127.0.0.1", origins=["ftp://x"])
