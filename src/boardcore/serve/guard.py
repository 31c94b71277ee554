"""Who may talk to the server: the ``Host`` allow-list, the ``Origin`` check, JSON-only writes and CORS.

The threat is a page on another site, opened in the browser of someone who can reach the server
(the default loopback server is reached only that way). It can send a "simple" cross-site POST
without a preflight (``text/plain``, a form), open a WebSocket to any origin, or, by DNS rebinding,
make its own name point at the server and read the answers as same-origin. So:

- a request whose ``Host`` is not allowed gets 421 (a rebound name is never one of them);
- a write (any method but GET/HEAD/OPTIONS) with a body must say ``Content-Type: application/json``
  (or ``application/octet-stream`` for a log file uploaded to replay): types a cross-site page cannot
  send without a preflight; and a write whose ``Origin`` is neither
  this server nor allowed gets 403 (browsers send ``Origin`` on every write);
- a WebSocket handshake from a foreign ``Origin`` is refused (403) before it opens;
- an origin allowed with ``--allow-origin`` gets CORS: preflights answered, its reads readable.

Clients that are not browsers send no ``Origin``: they pass the ``Origin`` check (they are not a
visitor's browser tricked into acting), never the ``Host`` one.
"""

from __future__ import annotations

import ipaddress
import logging
from collections.abc import Iterable

import attrs
import msgspec
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from boardcore import codes
from boardcore.serve.protocol import Error

__all__ = ["Policy", "Guard", "error_response"]

log = logging.getLogger("boardcore.serve")

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
CORS_METHODS = b"GET, POST, OPTIONS"
BODY_TYPES = frozenset({"application/json", "application/octet-stream"})
"""Content types a write's body may have: none is CORS-safelisted, so a cross-site page needs a preflight."""
CORS_MAX_AGE = b"600"


def _origin(url: str) -> str:
    """``scheme://host[:port]`` of ``url``, lower-cased, without a path.

    Raises:
        ValueError: not an http(s) URL with a host.
    """
    scheme, sep, rest = url.strip().partition("://")
    host = rest.split("/", 1)[0].lower()
    if not sep or scheme.lower() not in ("http", "https") or not host or "@" in host:
        msg = f"an allowed origin is an http:// or https:// URL with a host (scheme://host[:port]), not {url!r}"
        raise ValueError(msg)
    return f"{scheme.lower()}://{host}"


def _hostname(host: str) -> str:
    """The name or address in a ``Host`` header, without its port or IPv6 brackets, lower-cased."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:].split("]", 1)[0]
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


@attrs.frozen
class Policy:
    """The hosts a request may name and the other origins allowed to use the server (with CORS)."""

    hosts: frozenset[str] | None = None
    """Allowed ``Host`` names (without ports); ``None``: any (an app run in-process, behind something that checks)."""
    any_address: bool = False
    """Also allow any IP-address ``Host`` (the server listens on every address; an address cannot be rebound)."""
    origins: frozenset[str] = frozenset()
    """Origins (``scheme://host[:port]``) besides the server's own that may write and read, with CORS."""

    @classmethod
    def for_address(cls, bound: str, *, hosts: Iterable[str] = (), origins: Iterable[str] = ()) -> Policy:
        """The policy of a server listening on ``bound``: its own address, ``localhost`` and ``hosts`` are allowed.

        Raises:
            ValueError: an origin that is not an http(s) URL.
        """
        wildcard = bound in ("0.0.0.0", "::", "")
        names = {"localhost", "127.0.0.1", "::1", _hostname(bound) if ":" not in bound else bound.lower()}
        names.update(_hostname(host) for host in hosts)
        return cls(hosts=frozenset(names), any_address=wildcard, origins=frozenset(_origin(origin) for origin in origins))

    def host_allowed(self, host: str | None) -> bool:
        if self.hosts is None:
            return True
        if not host:
            return False
        name = _hostname(host)
        return name in self.hosts or (self.any_address and _is_address(name))

    def origin_allowed(self, origin: str, scheme: str, host: str | None) -> bool:
        """Same origin as the request (the scheme and ``Host`` it came with) or an allowed one."""
        origin = origin.strip().lower()
        if host and origin in (f"{scheme}://{host.lower()}", f"https://{host.lower()}"):  # https: TLS ended by a proxy
            return True
        return origin in self.origins


def error_response(code: str, message: str, status: int, *, extra: Iterable[tuple[bytes, bytes]] = ()) -> tuple[Message, Message]:
    """The two ASGI messages of a JSON error answer (``docs/serving.md``)."""
    body = msgspec.json.encode(Error(code=code, message=message))
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()), *extra]
    return {"type": "http.response.start", "status": status, "headers": headers}, {"type": "http.response.body", "body": body}


class Guard:
    """Applies a :class:`Policy` to every HTTP request and WebSocket handshake (see the module docstring)."""

    def __init__(self, app: ASGIApp, policy: Policy) -> None:
        self.app = app
        self.policy = policy

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        host = headers.get("host")
        origin = headers.get("origin")
        scheme = "https" if scope.get("scheme") in ("https", "wss") else "http"
        refusal = self._refusal(scope, headers, host, origin, scheme)
        if refusal is not None:
            code, message, status = refusal
            if scope["type"] == "websocket":  # before accept: the handshake is answered 403
                await send({"type": "websocket.close", "code": 1008, "reason": code})
                return
            for message_out in error_response(code, message, status):
                await send(message_out)
            return
        allowed = origin is not None and origin.strip().lower() in self.policy.origins
        if scope["type"] == "http" and scope["method"] == "OPTIONS" and allowed and "access-control-request-method" in headers:
            await send({"type": "http.response.start", "status": 204, "headers": [*self._cors(origin or ""), *_preflight()]})
            await send({"type": "http.response.body", "body": b""})
            return
        if not allowed or scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        cors = self._cors(origin or "")

        async def with_cors(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *cors]
            await send(message)

        await self.app(scope, receive, with_cors)

    def _refusal(self, scope: Scope, headers: Headers, host: str | None, origin: str | None, scheme: str) -> tuple[str, str, int] | None:
        """``(code, message, status)`` for a request the policy refuses, or ``None``."""
        if not self.policy.host_allowed(host):
            return codes.REQUEST_BAD_HOST, "This server does not answer to that host name.", 421
        websocket = scope["type"] == "websocket"
        if origin is not None and (websocket or scope["method"] not in SAFE_METHODS):
            if not self.policy.origin_allowed(origin, scheme, host):
                return codes.REQUEST_BAD_ORIGIN, "Requests from another site's pages are refused (see --allow-origin).", 403
        if websocket or scope["method"] in SAFE_METHODS:
            return None
        if origin is None and headers.get("sec-fetch-site", "") in ("cross-site", "same-site"):
            return codes.REQUEST_BAD_ORIGIN, "Requests from another site's pages are refused (see --allow-origin).", 403
        has_body = headers.get("content-length", "0") != "0" or "transfer-encoding" in headers
        kind = headers.get("content-type", "").split(";", 1)[0].strip().lower()
        if has_body and kind not in BODY_TYPES:
            message = "A request body is JSON, sent with Content-Type: application/json (a log file to replay: application/octet-stream)."
            return codes.REQUEST_CONTENT_TYPE, message, 415
        return None

    def _cors(self, origin: str) -> list[tuple[bytes, bytes]]:
        return [(b"access-control-allow-origin", origin.strip().encode("latin-1")), (b"vary", b"Origin")]


def _preflight() -> list[tuple[bytes, bytes]]:
    return [
        (b"access-control-allow-methods", CORS_METHODS),
        (b"access-control-allow-headers", b"Content-Type, Accept"),
        (b"access-control-max-age", CORS_MAX_AGE),
        (b"content-length", b"0"),
    ]
