"""The WebSocket transport: one connection per seat (by its token) or spectator, frames in and out.

A connection opens with ``hello`` (a seat: its token decides the seat) or
``watch`` (a spectator), within the server's time limit. After that it reads
client frames one at a time and hands them to the match's master, and a writer
task sends whatever the master queued in the connection's :class:`Outbox`. A
frame that is too long, not JSON, of an unknown type or with wrong fields gets
an ``error`` frame and changes nothing; the connection stays open. An outbox
that overflows (the client reads too slowly) closes the connection with code
4408; the client reconnects with its last revision. The transport knows nothing
of games: it only moves frames between the socket and the master.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable
from typing import Any

import anyio
import msgspec
from starlette.types import Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from boardcore import codes
from boardcore.serve import nesting
from boardcore.serve.hub import Hub
from boardcore.serve.master import Master, Outbox, encode
from boardcore.serve.protocol import Act, ClientMessage, Error, Hello, Ping, Pong, Resign, Sync, Undo, Watch
from boardcore.serve.websocket_protocol import SEND_BATCH
from boardcore.store import MatchRejected, StoreError, UnknownMatch
from boardcore.store.interface import check_match_id

__all__ = ["CLIENT_TYPES", "serve_websocket"]

log = logging.getLogger("boardcore.serve")

CLIENT_TYPES = frozenset(str(kind.__struct_config__.tag) for kind in (Hello, Watch, Act, Undo, Resign, Sync, Ping))
"""The ``type`` of every frame a client may send."""


class Refused(Exception):
    """A frame that is not a client message: the error frame to send for it."""

    def __init__(self, error: Error) -> None:
        super().__init__(error.message)
        self.error = error


_typed = msgspec.json.Decoder(ClientMessage)
"""Decodes a well-formed frame straight into its message: 2 us, where decoding to dicts and converting took ~20 us of
an act's round trip. A frame it refuses goes through the steps that name the problem. It accepts exactly what those
steps accept: a repeated ``type`` that disagrees fails here too, and later duplicates of other fields win in both."""


def parse(raw: bytes, max_frame: int) -> Hello | Watch | Act | Undo | Resign | Sync | Ping:
    """One client frame as its message.

    Raises:
        Refused: too long, not a JSON object, an unknown type, or fields that do not fit the type.
    """
    if len(raw) > max_frame:
        raise Refused(Error(code=codes.FRAME_TOO_LARGE, message=f"Frames are at most {max_frame} bytes; this one is {len(raw)}."))
    if raw.count(b"[") + raw.count(b"{") <= nesting.MAX_DEPTH:  # too few brackets to nest too deep
        try:
            return _typed.decode(raw)
        except msgspec.DecodeError:
            pass  # the steps below say what is wrong, as they always did
    try:
        loose = nesting.decode(raw)
    except msgspec.DecodeError:
        raise Refused(Error(code=codes.FRAME_MALFORMED, message="The frame is not valid JSON; send one JSON object per frame.")) from None
    except nesting.TooDeep as exc:
        raise Refused(Error(code=codes.FRAME_TOO_DEEP, message=f"The frame is refused: {exc}.")) from None
    if not isinstance(loose, dict):
        raise Refused(Error(code=codes.FRAME_MALFORMED, message="A frame is a JSON object with a \"type\"."))
    request_id = loose.get("id") if type(loose.get("id")) is int else None
    kind = loose.get("type")
    if not isinstance(kind, str) or kind not in CLIENT_TYPES:
        known = ", ".join(sorted(CLIENT_TYPES))
        raise Refused(Error(code=codes.FRAME_UNKNOWN_TYPE, message=f"No frame type {kind!r}; a client sends one of {known}.", id=request_id))
    try:
        message: Hello | Watch | Act | Undo | Resign | Sync | Ping = msgspec.convert(loose, ClientMessage)
    except msgspec.ValidationError as exc:
        raise Refused(Error(code=codes.FRAME_INVALID, message=f"The {kind} frame does not fit its type: {exc}.", id=request_id)) from None
    return message


async def _receive(websocket: WebSocket) -> bytes | None:
    """The next frame's bytes (text frames as UTF-8), or ``None`` once the client is gone."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        return None
    text = message.get("text")
    if text is not None:
        return str(text).encode("utf-8", "surrogatepass")
    return bytes(message.get("bytes") or b"")


async def _refuse(websocket: WebSocket, error: Error, close_code: int) -> None:
    """Send one error frame and close the connection."""
    with contextlib.suppress(Exception):
        await websocket.send_text(encode(error))
        await websocket.close(close_code, error.code)


async def _opening(websocket: WebSocket, hub: Hub) -> tuple[Hello | Watch, int | None] | None:
    """The connection's ``hello`` or ``watch`` and its seat, or ``None`` once it was refused and closed."""
    settings = hub.settings
    try:
        raw = await asyncio.wait_for(_receive(websocket), settings.hello_timeout)
    except TimeoutError:
        await _refuse(websocket, Error(code=codes.HELLO_TIMEOUT, message=f"Send hello or watch within {settings.hello_timeout:g} s."), 4400)
        return None
    if raw is None:
        return None
    try:
        first = parse(raw, settings.max_frame)
    except Refused as refused:
        await _refuse(websocket, refused.error, 4400)
        return None
    if not isinstance(first, (Hello, Watch)):
        await _refuse(websocket, Error(code=codes.HELLO_REQUIRED, message="Open with a hello (a seat, with its token) or a watch frame."), 4400)
        return None
    try:
        check_match_id(first.match_id)
    except ValueError:
        await _refuse(websocket, Error(code=codes.MATCH_UNKNOWN, message="No such match is served here."), 4404)
        return None
    if isinstance(first, Watch):
        return first, None
    if not first.token:
        await _refuse(websocket, Error(code=codes.AUTH_MISSING_TOKEN, message="A seat's hello carries the token the lobby gave for it."), 4401)
        return None
    seat = await hub.seat_of(first.match_id, first.token)
    if seat is None:
        message = "That token is not a token of a seat of this match; claim a seat in the lobby, or watch."
        await _refuse(websocket, Error(code=codes.AUTH_BAD_TOKEN, message=message), 4401)
        return None
    return first, seat


async def serve_websocket(websocket: WebSocket, hub: Hub, send: Send | None = None) -> None:
    """Run one connection from its opening frame to its end; a store outage or a server fault closes it with an
    error frame and a close code (1013: try again later; 1011: server error), logged in one line.

    ``send`` is the server's own ASGI send under ``websocket``, for the frames sent as a batch.
    """
    await websocket.accept()
    try:
        await _serve(websocket, hub, send)
    except StoreError as exc:
        log.warning("connection closed, the store failed: %s: %s", type(exc).__name__, exc)
        await _refuse(websocket, Error(code=codes.STORE_UNAVAILABLE, message="The store is unavailable; reconnect in a moment."), 1013)
    except Exception as exc:
        log.error("connection closed by a server fault: %s: %s", type(exc).__name__, exc)
        await _refuse(websocket, Error(code=codes.SERVER_ERROR, message="The server failed; reconnect."), 1011)


async def _serve(websocket: WebSocket, hub: Hub, send: Send | None) -> None:
    opened = await _opening(websocket, hub)
    if opened is None:
        return
    first, seat = opened
    outbox = Outbox(seat, pictures=first.pictures, story=first.story, limit=hub.settings.queue_limit, diffs=first.diffs)
    try:
        master = await hub.connect(first.match_id, outbox, first.since)
    except UnknownMatch:
        await _refuse(websocket, Error(code=codes.MATCH_UNKNOWN, message=f"No match {first.match_id!r} is served here."), 4404)
        return
    except MatchRejected:  # the hub logged it once, and lists the match as damaged
        await _refuse(websocket, Error(code=codes.MATCH_REJECTED, message="The stored match fails verification, so it is not served."), 4404)
        return
    try:
        async with anyio.create_task_group() as group:

            async def until_done(job: Awaitable[object]) -> None:
                await job
                group.cancel_scope.cancel()  # one ended (client gone, or overflow): end the others

            group.start_soon(until_done, _write(websocket, outbox, send))
            group.start_soon(until_done, _read(websocket, master, outbox, hub.settings.max_frame))
            group.start_soon(until_done, outbox.overflowed.wait())
    finally:
        with anyio.CancelScope(shield=True):
            await master.disconnect(outbox)
            if outbox.overflowed.is_set():
                with contextlib.suppress(Exception):
                    await websocket.close(4408, "too slow: reconnect with your last revision")


async def _write(websocket: WebSocket, outbox: Outbox, send: Send | None) -> None:
    """Send the outbox's frames in order until the connection ends: the frames queued together (an act's ``updates``
    and ``ok``) in one write where the server offers :data:`~boardcore.serve.websocket_protocol.SEND_BATCH`."""
    batch = send if send is not None and SEND_BATCH in websocket.scope.get("extensions", {}) else None
    with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
        while True:
            frames = await outbox.get_all()
            if batch is not None and len(frames) > 1:
                await batch({"type": SEND_BATCH, "texts": frames})
                continue
            for frame in frames:
                await websocket.send_text(frame)


async def _read(websocket: WebSocket, master: Master, outbox: Outbox, max_frame: int) -> None:
    """Hand each client frame to the master, one at a time, until the client goes."""
    while True:
        try:
            raw = await _receive(websocket)
        except (WebSocketDisconnect, RuntimeError):
            return
        if raw is None:
            return
        try:
            frame = parse(raw, max_frame)
        except Refused as refused:
            outbox.put(encode(refused.error))
            continue
        await _dispatch(frame, master, outbox)


async def _dispatch(frame: Any, master: Master, outbox: Outbox) -> None:
    if isinstance(frame, Act):
        await master.act(outbox, frame.revision, frame.action, frame.id)
    elif isinstance(frame, Undo):
        await master.undo(outbox, frame.revision, frame.id)
    elif isinstance(frame, Resign):
        await master.resign(outbox, frame.revision, frame.id)
    elif isinstance(frame, Sync):
        await master.sync(outbox, frame.since, frame.id)
    elif isinstance(frame, Ping):
        outbox.put(encode(Pong(id=frame.id)))
    else:
        outbox.put(encode(Error(code=codes.HELLO_REPEATED, message="This connection is already open; hello and watch come first, once.")))
