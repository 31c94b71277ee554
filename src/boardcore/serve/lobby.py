"""The HTTP lobby: list games and matches, create a match, claim a seat (its token), hand a seat to the house bot,
download a finished log.

Every body is JSON (msgspec), every error ``{"type": "error", "code", "message"}``
with an HTTP status; ``docs/serving.md`` lists the endpoints.
"""

from __future__ import annotations

import math
from typing import Any

import anyio.to_thread
import msgspec
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from boardcore import codes
from boardcore.serve import nesting
from boardcore.serve.hub import LISTED, Hub, LobbyRefused
from boardcore.serve.protocol import Claimed, Created, CreateMatch, Error, SeatToBot, wire_schema
from boardcore.store import Status, UnknownMatch, export_log
from boardcore.store.interface import check_match_id

__all__ = ["MAX_BODY", "JsonResponse", "lobby_routes", "refused"]

MAX_BODY = 65536
"""The longest request body read, in bytes."""

MAX_SEATS = 64
"""No game seats more players: a seat number past it is refused before it reaches a store."""

_STATUSES: tuple[Status, ...] = ("active", "finished")


class JsonResponse(Response):
    """A body encoded by msgspec (Structs, lists, dicts)."""

    media_type = "application/json"

    def render(self, content: Any) -> bytes:
        return msgspec.json.encode(content)


def _error(code: str, message: str, status: int) -> JsonResponse:
    return JsonResponse(Error(code=code, message=message), status_code=status)


def _hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


async def _body(request: Request) -> bytes:
    """The request body, refused past :data:`MAX_BODY` bytes before it is all read, or when it comes too slowly."""
    chunks: list[bytes] = []
    size = 0
    limit = _hub(request).settings.body_timeout
    try:
        with anyio.fail_after(limit):
            async for chunk in request.stream():
                size += len(chunk)
                if size > MAX_BODY:
                    raise LobbyRefused(f"a request body is at most {MAX_BODY} bytes", code=codes.REQUEST_TOO_LARGE, status=413)
                chunks.append(chunk)
    except TimeoutError:
        raise LobbyRefused(f"the request body did not arrive within {limit:g} s", code=codes.REQUEST_TIMEOUT, status=408) from None
    return b"".join(chunks)


async def games(request: Request) -> Response:
    """``GET /api/games``: the games this server hosts."""
    return JsonResponse(_hub(request).games())


async def matches(request: Request) -> Response:
    """``GET /api/matches?status=active|finished&open=true&limit=N&before=MATCH_ID``: served matches, newest first, a
    page at a time (the next page: ``before`` the last match_id of this one)."""
    status = request.query_params.get("status")
    if status is not None and status not in _STATUSES:
        return _error(codes.REQUEST_INVALID, f"status is one of {', '.join(_STATUSES)}", 400)
    open_only = request.query_params.get("open", "false") == "true"
    wanted: Status | None = None if status is None else "active" if status == "active" else "finished"
    limit_text = request.query_params.get("limit", str(LISTED))
    if not limit_text.isdigit() or not 1 <= int(limit_text) <= LISTED:
        return _error(codes.REQUEST_INVALID, f"limit is a number of matches from 1 to {LISTED}", 400)
    before = request.query_params.get("before")
    if before is not None:
        try:
            check_match_id(before)
        except ValueError:
            return _error(codes.REQUEST_INVALID, "before is the match_id of the last match of the previous page", 400)
    return JsonResponse(await _hub(request).listing(wanted, open_only, limit=int(limit_text), before=before))


async def create(request: Request) -> Response:
    """``POST /api/matches``: a new match (a :class:`CreateMatch` body); 201 with :class:`Created`."""
    try:
        asked = msgspec.convert(nesting.decode(await _body(request)), CreateMatch)
    except (msgspec.DecodeError, msgspec.ValidationError, nesting.TooDeep) as exc:
        return _error(codes.REQUEST_INVALID, f"The body is not a match request: {exc}.", 400)
    summary, seat, token = await _hub(request).create(asked, _client(request))
    return JsonResponse(Created(match=summary, seat=seat, token=token), status_code=201)


def _client(request: Request) -> str:
    """The address a request came from (what per-client limits count)."""
    return request.client.host if request.client is not None else ""


def _match_id(request: Request) -> str:
    """The path's match id; one that no match could have (a NUL, 200 characters) is a 404 before any store sees it."""
    match_id: str = request.path_params["match_id"]
    try:
        return check_match_id(match_id)
    except ValueError:
        raise LobbyRefused(f"no match {match_id[:40]!r} is served here", code=codes.MATCH_UNKNOWN, status=404) from None


async def match(request: Request) -> Response:
    """``GET /api/matches/{match_id}``: one match's summary."""
    return JsonResponse(await _hub(request).summary(_match_id(request)))


async def claim(request: Request) -> Response:
    """``POST /api/matches/{match_id}/seats/{seat}``: the seat's token (once; 409 if it was claimed)."""
    match_id = _match_id(request)
    seat: int = request.path_params["seat"]
    if not 0 <= seat < MAX_SEATS:  # a seat number no database integer holds must never reach one
        raise LobbyRefused(f"match {match_id!r} has no seat {seat}", code=codes.SEAT_UNKNOWN, status=404)
    await _hub(request).summary(match_id)  # 404 for a match that is not served
    token = await _hub(request).claim(match_id, seat)
    return JsonResponse(Claimed(match_id=match_id, seat=seat, token=token))


async def to_bot(request: Request) -> Response:
    """``POST /api/matches/{match_id}/seats/{seat}/bot``: a person of the match (a :class:`SeatToBot` body) hands the
    seat to the house bot; 200 with the match's summary."""
    match_id: str = request.path_params["match_id"]
    await _hub(request).summary(match_id)  # 404 for a match that is not served
    try:
        asked = msgspec.json.decode(await _body(request), type=SeatToBot)
    except msgspec.DecodeError as exc:
        return _error(codes.REQUEST_INVALID, f"The body is not {{\"token\": ...}}: {exc}.", 400)
    await _hub(request).to_bot(match_id, request.path_params["seat"], asked.token)
    return JsonResponse(await _hub(request).summary(match_id))


async def download_log(request: Request) -> Response:
    """``GET /api/matches/{match_id}/log``: the finished match's verifiable log (JSON Lines, seed revealed)."""
    hub = _hub(request)
    match_id = _match_id(request)
    summary = await hub.summary(match_id)
    if summary.status != "finished":
        return _error(codes.LOG_NOT_FINISHED, "The log is downloadable once the game is over (it holds every seat's actions).", 409)
    try:
        log = await anyio.to_thread.run_sync(export_log, hub.store, match_id)
    except UnknownMatch:
        return _error(codes.MATCH_UNKNOWN, f"No match {match_id!r} is served here.", 404)
    headers = {"Content-Disposition": f'attachment; filename="{summary.game}-{match_id}.jsonl"'}
    return Response(log.to_jsonl(), media_type="application/x-ndjson", headers=headers)


async def schema(request: Request) -> Response:
    """``GET /api/schema``: the JSON Schema of every frame and body."""
    return JsonResponse(wire_schema())


def refused(request: Request, exc: Exception) -> Response:
    """A :class:`LobbyRefused` as its error body and status."""
    assert isinstance(exc, LobbyRefused)
    answer = _error(exc.code, exc.message, exc.status)
    if exc.retry_after is not None:
        answer.headers["Retry-After"] = str(max(1, math.ceil(exc.retry_after)))
    return answer


def lobby_routes() -> list[BaseRoute]:
    """The lobby's endpoints (errors need :func:`refused` registered for :class:`LobbyRefused`)."""
    return [
        Route("/api/games", games, methods=["GET"]),
        Route("/api/matches", matches, methods=["GET"]),
        Route("/api/matches", create, methods=["POST"]),
        Route("/api/matches/{match_id}", match, methods=["GET"]),
        Route("/api/matches/{match_id}/seats/{seat:int}", claim, methods=["POST"]),
        Route("/api/matches/{match_id}/seats/{seat:int}/bot", to_bot, methods=["POST"]),
        Route("/api/matches/{match_id}/log", download_log, methods=["GET"]),
        Route("/api/schema", schema, methods=["GET"]),
    ]
