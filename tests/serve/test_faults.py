"""The HTTP fault handler on its own, under a Starlette app whose routes raise: each failure a route leaves unanswered
becomes its documented JSON error in one log line without a traceback, and a WebSocket passes through untouched."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.testclient import TestClient
from starlette.websockets import WebSocket

from boardcore.serve.faults import RETRY_AFTER, Faults
from boardcore.store import StoreError, StoreUnavailable, UnknownMatch


async def _gone(request: Request) -> Response:
    raise UnknownMatch("m" * 100)


async def _unreachable(request: Request) -> Response:
    raise StoreUnavailable("database is locked")


async def _broken(request: Request) -> Response:
    raise RuntimeError("a bug in a route")


async def _fine(request: Request) -> Response:
    return JSONResponse({"ok": True})


async def _echo(socket: WebSocket) -> None:
    await socket.accept()
    await socket.send_text(await socket.receive_text())
    await socket.close()


@pytest.fixture()
def client() -> Iterator[TestClient]:
    routes = [
        Route("/gone", _gone),
        Route("/unreachable", _unreachable, methods=["POST"]),
        Route("/broken", _broken),
        Route("/fine", _fine),
        WebSocketRoute("/ws", _echo),
    ]
    with TestClient(Starlette(routes=routes, middleware=[Middleware(Faults)]), raise_server_exceptions=True) as client:
        yield client


def test_a_match_gone_mid_request_is_unknown_and_its_id_is_cut(client: TestClient) -> None:
    """404 ``match/unknown``; the id a client chose is echoed at most 40 characters long."""
    answer = client.get("/gone")
    assert answer.status_code == 404 and answer.headers["content-type"] == "application/json"
    assert answer.json()["code"] == "match/unknown"
    assert "m" * 40 in answer.json()["message"] and "m" * 41 not in answer.json()["message"]


def served(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    """The records the server's own logger wrote (another test's garbage, such as asyncio's "Task was destroyed" when
    a worker collects it, may land in the same capture)."""
    return [record for record in caplog.records if record.name == "boardcore.serve"]


def test_a_store_failure_is_503_with_retry_after_logged_in_one_line(client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    """Any store error is ``store/unavailable`` with ``Retry-After``; the log names the request and the failure."""
    assert issubclass(StoreUnavailable, StoreError)
    with caplog.at_level(logging.WARNING, logger="boardcore.serve"):
        answer = client.post("/unreachable")
    assert answer.status_code == 503 and answer.headers["retry-after"] == str(RETRY_AFTER)
    assert answer.json()["code"] == "store/unavailable"
    [record] = served(caplog)
    assert record.levelno == logging.WARNING and record.exc_info is None
    assert record.getMessage() == "POST /unreachable: the store failed: StoreUnavailable: database is locked"


def test_any_other_failure_is_a_json_500_that_says_nothing_of_the_bug(client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    """``server/error``, never a plain-text 500; the exception is logged as one error line, not sent."""
    with caplog.at_level(logging.WARNING, logger="boardcore.serve"):
        answer = client.get("/broken")
    assert answer.status_code == 500 and answer.json()["code"] == "server/error"
    assert "bug" not in answer.text and "retry-after" not in answer.headers
    [record] = served(caplog)
    assert record.levelno == logging.ERROR and record.exc_info is None
    assert record.getMessage() == "GET /broken failed: RuntimeError: a bug in a route"


def test_answered_requests_and_websockets_pass_through(client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="boardcore.serve"):
        assert client.get("/fine").json() == {"ok": True}
        with client.websocket_connect("/ws") as socket:
            socket.send_text("hello")
            assert socket.receive_text() == "hello"
    assert served(caplog) == []
