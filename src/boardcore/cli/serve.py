"""``boardcore serve``: run the server with uvicorn, or print the wire protocol's JSON Schema.

Only argparse, the core and the protocol (msgspec) are imported here: the server
itself needs the ``[serve]`` extra (Starlette, uvicorn, websockets), imported when
the command runs, so the rest of the command line works without it.
"""

from __future__ import annotations

import argparse
import importlib
import json
import socket
from types import ModuleType

from boardcore.serve.protocol import wire_schema
from boardcore.store.locations import DEFAULT_DB, shown_location

__all__ = ["MAX_MESSAGE", "add_arguments", "listen", "run"]

SERVE_EXTRA = frozenset({"starlette", "uvicorn", "websockets", "anyio"})

MAX_MESSAGE = 1 << 20
"""The WebSocket library's hard limit on a client message (it closes the connection with 1009 past it); frames
between the server's ``max_frame`` and this get an error frame instead."""


SHUTDOWN_SECONDS = 3
"""Seconds open connections get to finish after SIGTERM or Ctrl-C before they are closed."""


def _load(name: str) -> ModuleType:
    """Import a module of the ``[serve]`` extra, turning a missing dependency into a clear error."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and exc.name.split(".")[0] in SERVE_EXTRA:
            msg = f"boardcore serve needs the [serve] extra (pip install 'boardcore[serve]'): {exc.name} is not installed"
            raise ValueError(msg) from exc
        raise


def add_arguments(serve: argparse.ArgumentParser) -> None:
    """The store, the address, the bots' pace, and the bounds a public server needs."""
    serve.add_argument("--db", default=DEFAULT_DB, metavar="PATH_OR_URL", help=f"a SQLite file, postgresql://... or :memory: (default {DEFAULT_DB})")
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1: this machine only)")
    serve.add_argument("--port", type=int, default=8000, help="the port (default 8000; 0: any free port, printed)")
    serve.add_argument("--bot-delay", type=float, default=0.6, metavar="SECONDS", help="how long a bot waits before it acts (default 0.6)")
    serve.add_argument("--queue-limit", type=int, default=64, metavar="FRAMES", help="frames held for a slow client before it is disconnected")
    serve.add_argument(
        "--away-seconds", type=float, default=120.0, metavar="SECONDS", help="how long a person's seat is away before the others may hand it to the house bot"
    )
    serve.add_argument(
        "--lease-seconds",
        type=float,
        default=5.0,
        metavar="SECONDS",
        help="with a postgresql:// --db: how long a silent server process keeps its bots before another takes them over (default 5)",
    )
    serve.add_argument("--allow-origin", action="append", default=[], metavar="URL", help="another origin (scheme://host[:port]) whose pages may use this server, with CORS (repeatable)")
    serve.add_argument("--allow-host", action="append", default=[], metavar="NAME", help="a Host name the server answers to besides its address and localhost (repeatable)")
    bounds = serve.add_argument_group("bounds (docs/serving.md, 'Running it in public')")
    bounds.add_argument("--header-timeout", type=float, default=10.0, metavar="SECONDS", help="time to send a request's headers (default 10)")
    bounds.add_argument("--idle-timeout", type=float, default=5.0, metavar="SECONDS", help="time a connection may sit idle between requests (default 5)")
    bounds.add_argument("--max-connections", type=int, default=1000, metavar="N", help="open connections in all (default 1000)")
    bounds.add_argument("--max-per-client", type=int, default=50, metavar="N", help="open connections from one address (default 50)")
    bounds.add_argument("--create-rate", type=float, default=1.0, metavar="PER_SECOND", help="new matches per second per address, on average (default 1)")
    bounds.add_argument("--create-burst", type=int, default=20, metavar="N", help="new matches one address may create at once (default 20)")
    bounds.add_argument("--open-per-client", type=int, default=50, metavar="N", help="unfinished matches one address may have created (default 50)")
    bounds.add_argument("--load-timeout", type=float, default=10.0, metavar="SECONDS", help="time to replay and verify a match; past it the match is damaged (default 10)")
    serve.add_argument("--log-level", default="info", choices=("critical", "error", "warning", "info", "debug"), help="uvicorn's log level")
    serve.add_argument("--schema", action="store_true", help="print the JSON Schema of the wire protocol and exit")


def listen(host: str, port: int) -> socket.socket:
    """A listening TCP socket at ``host``:``port`` (0: any free port).

    Made with the protocol named (``IPPROTO_TCP``), not 0 as ``socket.create_server`` makes it: asyncio sets
    ``TCP_NODELAY`` only on connections accepted from such a socket. Without it, a frame that follows one the client
    has not yet acknowledged waits for the client's delayed ACK (40 ms on Linux); measured here, one update in ten to a
    connection that was not the one acting arrived 35-45 ms late.
    """
    family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, proto=socket.IPPROTO_TCP, flags=socket.AI_PASSIVE)[0]
    listener = socket.socket(family, kind, proto)
    try:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(address)
        listener.listen(socket.SOMAXCONN)
    except BaseException:
        listener.close()
        raise
    return listener


def _check(args: argparse.Namespace) -> None:
    if args.bot_delay < 0 or args.queue_limit < 1 or args.away_seconds < 0:
        raise ValueError("--bot-delay and --away-seconds are 0 or more seconds and --queue-limit at least 1 frame")
    if not args.lease_seconds >= 0.5:
        raise ValueError("--lease-seconds is at least 0.5 (a process renews its lease several times within it)")
    for name in ("header_timeout", "idle_timeout", "create_rate", "load_timeout"):
        if not getattr(args, name) > 0:
            raise ValueError(f"--{name.replace('_', '-')} is more than 0")
    for name in ("max_connections", "max_per_client", "create_burst", "open_per_client"):
        if getattr(args, name) < 1:
            raise ValueError(f"--{name.replace('_', '-')} is at least 1")


def run(args: argparse.Namespace) -> int:
    """Serve until SIGTERM or Ctrl-C (or print the schema)."""
    if args.schema:
        print(json.dumps(wire_schema(), indent=2, sort_keys=True))
        return 0
    _check(args)
    uvicorn = _load("uvicorn")
    _load("websockets")
    app_module = _load("boardcore.serve.app")
    guard = _load("boardcore.serve.guard")
    connections = _load("boardcore.serve.connections")
    settings = _load("boardcore.serve.master").Settings(
        bot_delay=args.bot_delay,
        queue_limit=args.queue_limit,
        away_seconds=args.away_seconds,
        lease_seconds=args.lease_seconds,
        sweep_seconds=min(1.0, args.lease_seconds / 4),
        load_timeout=args.load_timeout,
        create_rate=args.create_rate,
        create_burst=args.create_burst,
        open_per_client=args.open_per_client,
        body_timeout=args.header_timeout,
    )
    policy = guard.Policy.for_address(args.host, hosts=args.allow_host, origins=args.allow_origin)
    bounds = connections.Bounds(header_timeout=args.header_timeout, max_connections=args.max_connections, max_per_client=args.max_per_client)
    store, seats = _load("boardcore.serve.hub").open_backends(args.db)  # before "open": a bad store stops here, with its reason
    try:
        app = app_module.create_app(store=store, seats=seats, settings=settings, policy=policy)
        listener = listen(args.host, args.port)
        host, port = listener.getsockname()[:2]
        shown_host = f"[{host}]" if ":" in host else host
        print(f"boardcore serve: open http://{shown_host}:{port}/ (matches in {shown_location(args.db)}; Ctrl-C stops)", flush=True)
        config = uvicorn.Config(
            app,
            http=connections.bounded_protocol(bounds),
            ws=_load("boardcore.serve.websocket_protocol").BatchingWebSockets,
            ws_max_size=MAX_MESSAGE,
            log_level=args.log_level,
            lifespan="on",
            timeout_keep_alive=args.idle_timeout,
            timeout_graceful_shutdown=SHUTDOWN_SECONDS,
        )
        uvicorn.Server(config).run(sockets=[listener])
    finally:
        store.close()
        seats.close()
    return 0
