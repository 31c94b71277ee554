"""The last line under every HTTP route: a failure the route did not answer becomes a JSON error, logged in one line.

A store that cannot be reached, is full or locked (any :class:`~boardcore.store.StoreError`)
answers 503 with ``Retry-After``: nothing was changed, and the next request tries the store
again, so the server recovers by itself when the store does. Anything else is a 500
``server/error``. Neither writes a traceback: one bad request must not fill the log.
"""

from __future__ import annotations

import logging

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from boardcore import codes
from boardcore.serve.guard import error_response
from boardcore.store import StoreError, UnknownMatch

__all__ = ["RETRY_AFTER", "Faults"]

log = logging.getLogger("boardcore.serve")

RETRY_AFTER = 2
"""Seconds a client is told to wait after a store failure."""


class Faults:
    """Answers an HTTP request whose route raised with :func:`~boardcore.serve.guard.error_response`."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def watched(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, watched)
        except UnknownMatch as exc:  # a match gone between two reads of one request
            if not started:
                for message in error_response(codes.MATCH_UNKNOWN, f"No match {exc.match_id[:40]!r} is served here.", 404):
                    await send(message)
        except StoreError as exc:
            log.warning("%s %s: the store failed: %s: %s", scope["method"], scope["path"], type(exc).__name__, exc)
            if not started:
                retry = [(b"retry-after", str(RETRY_AFTER).encode())]
                for message in error_response(codes.STORE_UNAVAILABLE, "The store is unavailable; nothing changed: try again shortly.", 503, extra=retry):
                    await send(message)
        except Exception as exc:
            log.error("%s %s failed: %s: %s", scope["method"], scope["path"], type(exc).__name__, exc)
            if not started:
                for message in error_response(codes.SERVER_ERROR, "The server failed; nothing changed.", 500):
                    await send(message)
