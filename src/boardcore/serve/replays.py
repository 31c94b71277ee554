"""The replay viewer in the server: a match's replay (every seat once it is over, only the token's seat before),
an uploaded log's replay, and the page that shows them.

Both answers are the same self-contained file that ``boardcore replay LOG --html``
writes (:mod:`boardcore.viewer`), served with its own Content-Security-Policy: its
one inline script and style, allowed by their hashes, and nothing from the
network. The page at ``/replay`` fetches it and shows it in a frame (a ``blob:``
document, which keeps the page's policy, so that policy allows the viewer's
script and style by hash too), with a link to save it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio
import anyio.to_thread
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import BaseRoute, Route

from boardcore import codes
from boardcore.errors import BoardcoreError
from boardcore.log import read_log
from boardcore.serve.hub import Hub, LobbyRefused
from boardcore.store import UnknownMatch, export_log
from boardcore.viewer.build import replay_data, replay_html, viewer_hashes, viewer_policy

__all__ = ["MAX_LOG_BYTES", "PAGE_POLICY", "replay_routes"]

MAX_LOG_BYTES = 4 << 20
"""The largest log an upload may send (4 MiB: a whole four-player Bellwether game's log is about 60 kB)."""
_BUILDS = anyio.CapacityLimiter(2)
"""Replays built at once (a whole 5 Wards game takes seconds of CPU): more wait their turn."""

_SCRIPT, _STYLE = viewer_hashes()
PAGE_POLICY = (
    f"default-src 'self'; script-src 'self' {_SCRIPT}; style-src 'self' {_STYLE}; "
    "img-src 'self' blob: data:; frame-src blob:; connect-src 'self'; frame-ancestors 'self'; base-uri 'none'; form-action 'self'"
)
"""The replay page's policy: the server's own scripts, and the viewer's inline script and style by hash (the framed
viewer, a ``blob:`` document, keeps this policy)."""


def _viewer(page: str, filename: str) -> Response:
    headers = {"Content-Security-Policy": viewer_policy(), "Content-Disposition": f'inline; filename="{filename}"'}
    return Response(page, media_type="text/html", headers=headers)


async def _build(log: Any, **how: Any) -> str:
    """The viewer file, built in a worker thread; a log that cannot be read or replayed is ``log/corrupt``."""

    def build() -> str:
        return replay_html(replay_data(log, **how))

    try:
        return await anyio.to_thread.run_sync(build, limiter=_BUILDS)
    except (BoardcoreError, ValueError) as exc:
        raise LobbyRefused(f"The log cannot be replayed: {exc}.", code=codes.LOG_CORRUPT, status=400) from None


async def _upload_body(request: Request) -> bytes:
    """The uploaded log, refused past :data:`MAX_LOG_BYTES`: by its declared length before reading, else as it arrives."""
    too_large = LobbyRefused(f"A log to replay is at most {MAX_LOG_BYTES:,} bytes.", code=codes.LOG_TOO_LARGE, status=413)
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > MAX_LOG_BYTES:
        raise too_large
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_LOG_BYTES:
            raise too_large
        chunks.append(chunk)
    return b"".join(chunks)


async def upload(request: Request) -> Response:
    """``POST /api/replays``: the viewer file of the log in the body (JSON Lines or msgpack), whatever its verdict."""
    body = await _upload_body(request)
    if not body:
        raise LobbyRefused("The body is empty: send a log (JSON Lines or msgpack).", code=codes.LOG_CORRUPT, status=400)
    try:
        log = await anyio.to_thread.run_sync(read_log, body)
    except BoardcoreError as exc:
        raise LobbyRefused(f"The log cannot be read: {exc}.", code=codes.LOG_CORRUPT, status=400) from None
    page = await _build(log)
    return _viewer(page, f"{log.header.game}-replay.html")


def _token(request: Request) -> str | None:
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() != "bearer":
        return None
    return token.strip() or None


async def match_replay(request: Request) -> Response:
    """``GET /api/matches/{match_id}/replay``: every seat once the match is over; before, only the seat whose token
    comes in ``Authorization: Bearer``."""
    hub: Hub = request.app.state.hub
    match_id: str = request.path_params["match_id"]
    summary = await hub.summary(match_id)
    finished = summary.status == "finished"
    seat = None
    if not finished:
        token = _token(request)
        if token is None:
            raise LobbyRefused("Before the end a replay shows one seat: send its token (Authorization: Bearer).", code=codes.AUTH_MISSING_TOKEN, status=401)
        seat = await hub.seat_of(match_id, token)
        if seat is None:
            raise LobbyRefused("The token is not a token of a seat of this match.", code=codes.AUTH_BAD_TOKEN, status=403)
    try:
        log, secret = await anyio.to_thread.run_sync(lambda: (export_log(hub.store, match_id), None if finished else hub.store.secret(match_id)))
    except UnknownMatch:
        raise LobbyRefused(f"No match {match_id!r} is served here.", code=codes.MATCH_UNKNOWN, status=404) from None
    how: dict[str, Any] = {"complete": True} if secret is None else {"seat": seat, "only": True, "seed": secret.seed, "salt": secret.salt}
    page = await _build(log, **how)
    return _viewer(page, f"{summary.game}-{match_id}-replay.html")


def replay_routes(static: Path) -> list[BaseRoute]:
    """The replay endpoints, and the page ``static/replay.html`` at ``/replay`` (errors need the lobby's handler for
    :class:`LobbyRefused`)."""

    async def page(request: Request) -> Response:
        return FileResponse(static / "replay.html", media_type="text/html", headers={"Content-Security-Policy": PAGE_POLICY})

    return [
        Route("/api/replays", upload, methods=["POST"]),
        Route("/api/matches/{match_id}/replay", match_replay, methods=["GET"]),
        Route("/replay", page, methods=["GET"]),
    ]
