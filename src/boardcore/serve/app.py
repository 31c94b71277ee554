"""The Starlette application: the lobby, the WebSocket, and the browser client (plain files under ``static/``).

Over a PostgreSQL store the hub coordinates with the other server processes on the
same database (:class:`~boardcore.serve.cluster.Cluster`); over SQLite or memory
it is the only one.
"""

from __future__ import annotations

import importlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import anyio.to_thread
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket

from boardcore.serve.faults import Faults
from boardcore.serve.guard import Guard, Policy
from boardcore.serve.hub import Coordinator, Hub, LobbyRefused, open_backends
from boardcore.serve.lobby import lobby_routes, refused
from boardcore.serve.master import Settings
from boardcore.serve.replays import replay_routes
from boardcore.serve.seats import SeatBook
from boardcore.serve.transport import serve_websocket
from boardcore.store import Store, is_postgres_store

__all__ = ["STATIC", "create_app"]

STATIC = Path(__file__).resolve().parent / "static"
"""The browser client: HTML, CSS and ES modules, served as they are (no build step)."""

SECURITY_HEADERS = [
    (
        b"content-security-policy",
        b"default-src 'self'; img-src 'self' blob: data:; style-src 'self'; script-src 'self'; connect-src 'self'; "
        b"frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]
"""Pages run only the server's own scripts and styles (no ``'unsafe-inline'``: an inline picture's markup can carry
no handler or script that runs, and the games' SVG escapes every text), and are never framed."""


class SecurityHeaders:
    """Adds :data:`SECURITY_HEADERS` to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":  # a response's own policy (the replay viewer's) stands alone
                own = {name.lower() for name, _ in message.get("headers", [])}
                message["headers"] = [*message.get("headers", []), *(pair for pair in SECURITY_HEADERS if pair[0] not in own)]
            await send(message)

        await self.app(scope, receive, with_headers)


class _WebSocketEndpoint:
    """``/ws`` as a plain ASGI app (a function would be wrapped): the transport gets the server's own ``send``, for
    the extension that sends several frames in one write."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        websocket = WebSocket(scope, receive, send)
        await serve_websocket(websocket, websocket.app.state.hub, send)


def _page(name: str) -> Route:
    async def page(request: Request) -> Response:
        return FileResponse(STATIC / name, media_type="text/html")

    return Route("/" if name == "index.html" else "/match/{match_id}", page, methods=["GET"])


def create_app(
    location: str | None = None,
    *,
    store: Store | None = None,
    seats: SeatBook | None = None,
    settings: Settings | None = None,
    policy: Policy | None = None,
) -> Starlette:
    """The server over the database at ``location`` (``:memory:``, a SQLite file or a ``postgresql://`` URL, opened
    and closed with the app), or over a ``store`` and ``seats`` the caller opened and closes.

    ``policy`` says which hosts and origins may use it (default: any host, only its own origin).

    Raises:
        ValueError: neither or both of ``location`` and ``store``/``seats``.
    """
    if (location is None) == (store is None or seats is None) or (store is None) != (seats is None):
        msg = "give either a database location, or both a store and a seat book"
        raise ValueError(msg)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        opened = None if location is None else await anyio.to_thread.run_sync(open_backends, location)
        own_store, own_seats = opened if opened is not None else (store, seats)
        assert own_store is not None and own_seats is not None
        hub: Hub | None = None
        try:
            coordinator: Coordinator | None = None
            if is_postgres_store(own_store):  # other server processes may share the database (psycopg is loaded already)
                cluster = importlib.import_module("boardcore.serve.cluster").Cluster
                coordinator = await anyio.to_thread.run_sync(cluster.for_store, own_store, settings or Settings())
            hub = Hub(own_store, own_seats, settings, coordinator=coordinator)
            app.state.hub = hub
            await hub.start()
            yield
        finally:
            if hub is not None:
                await hub.close()
            if opened is not None:
                own_store.close()
                own_seats.close()

    routes = [
        *lobby_routes(),
        *replay_routes(STATIC),
        WebSocketRoute("/ws", _WebSocketEndpoint()),
        _page("index.html"),
        _page("table.html"),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return Starlette(
        routes=routes,
        lifespan=lifespan,
        middleware=[Middleware(Guard, policy=policy or Policy()), Middleware(SecurityHeaders), Middleware(Faults)],
        exception_handlers={LobbyRefused: refused},
    )
