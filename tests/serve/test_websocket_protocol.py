"""The server's WebSocket protocol: small messages uncompressed, and an act's ``updates`` and ``ok`` in one write.

Over real sockets: uvicorn serving with :class:`BatchingWebSockets` in this process, a ``websockets`` client with
permessage-deflate negotiated. The only addition is a record of each write the server's protocol makes (forwarded
to the real transport), to see which frames left together.
"""

from __future__ import annotations

import asyncio
import json
import socket
import urllib.request
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import uvicorn
from starlette.types import Receive, Scope, Send
from websockets.asyncio.client import connect
from websockets.extensions.permessage_deflate import PerMessageDeflate
from websockets.frames import Frame, Opcode

from boardcore.serve.app import create_app
from boardcore.serve.master import Settings
from boardcore.serve.seats import MemorySeats
from boardcore.serve.websocket_protocol import COMPRESS_FROM, SEND_BATCH, BatchingWebSockets, SmallUncompressed
from boardcore.store import MemoryStore


def test_small_messages_go_uncompressed_and_the_others_share_one_deflate_context() -> None:
    """Under ``COMPRESS_FROM`` bytes a message leaves as it is (RSV1 unset); the larger ones are compressed, and the
    client's one decompressor reads every message back, whatever came between them."""
    server = SmallUncompressed(False, False, 12, 12, {"memLevel": 5})
    client = PerMessageDeflate(False, False, 12, 12)
    texts = [json.dumps({"type": "updates", "pad": "x" * n}).encode() for n in (2000, 10, 5000, COMPRESS_FROM - 40, COMPRESS_FROM)]
    for text in texts:
        sent = server.encode(Frame(Opcode.TEXT, text))
        assert sent.rsv1 is (len(text) >= COMPRESS_FROM)
        assert (bytes(sent.data) == text) is (len(text) < COMPRESS_FROM)
        assert bytes(client.decode(sent).data) == text
    ping = server.encode(Frame(Opcode.PING, b"x" * 2000))
    assert not ping.rsv1 and ping.data == b"x" * 2000


class _Recording(BatchingWebSockets):
    """The protocol as served, keeping a copy of every write it makes to its (real) transport."""

    writes: list[bytes] = []

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        self.transport = _Recorded(transport, _Recording.writes)


class _Recorded:
    def __init__(self, transport: Any, writes: list[bytes]) -> None:
        self._transport = transport
        self._writes = writes

    def write(self, data: bytes) -> None:
        self._writes.append(bytes(data))
        self._transport.write(data)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)


@asynccontextmanager
async def _uvicorn(app: Callable[..., Any]) -> AsyncIterator[str]:
    """``app`` served by uvicorn with the recording protocol on a loopback port; yields its ``http://`` address."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    config = uvicorn.Config(app, ws=_Recording, log_level="warning", lifespan="auto")
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve(sockets=[listener]))
    while not server.started:
        assert not task.done(), "uvicorn stopped while starting"
        await asyncio.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{listener.getsockname()[1]}"
    finally:
        server.should_exit = True
        await task


def test_a_batch_is_one_write_of_its_messages_in_order() -> None:
    """The extension is offered in the scope; a batch's texts arrive as separate messages, in order, from one write."""
    offered: list[bool] = []

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "websocket":
            return
        await receive()
        await send({"type": "websocket.accept"})
        offered.append(SEND_BATCH in scope["extensions"])
        await send({"type": SEND_BATCH, "texts": ["one", "two" * 600, "three"]})
        await send({"type": "websocket.send", "text": "four"})
        await receive()

    async def run() -> list[str]:
        _Recording.writes.clear()
        async with _uvicorn(app) as address, connect(address.replace("http", "ws") + "/ws") as client:
            return [str(await client.recv()) for _ in range(4)]

    assert asyncio.run(run()) == ["one", "two" * 600, "three", "four"]
    assert offered == [True]
    [batch] = [write for write in _Recording.writes if b"one" in write]
    assert b"three" in batch and b"four" not in batch
    assert b"two" * 600 not in batch  # the long text was compressed, inside the same write


def test_an_acts_updates_and_ok_leave_in_one_write() -> None:
    """``boardcore serve``'s app on this protocol: the acting seat's ``updates`` and ``ok`` are one write (small
    frames, so uncompressed and readable in it), the ``updates`` first."""
    app = create_app(store=MemoryStore(), seats=MemorySeats(), settings=Settings(bot_delay=60.0))

    def post(address: str, path: str, body: dict[str, Any]) -> Any:
        request = urllib.request.Request(address + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            return json.loads(answer.read())

    async def run() -> None:
        async with _uvicorn(app) as address:
            seats = [{"name": "Ann"}, {"name": "Bot", "bot": "house"}]
            made = await asyncio.to_thread(post, address, "/api/matches", {"game": "tic_tac_toe", "seats": seats, "claim": 0})
            async with connect(address.replace("http", "ws") + "/ws") as client:
                await client.send(json.dumps({"type": "hello", "token": made["token"], "match_id": made["match"]["match_id"], "since": None}))
                snapshot = await _until(client, "snapshot")
                _Recording.writes.clear()
                act = {"type": "act", "revision": snapshot["revision"], "action": snapshot["legal"][0]["action"], "id": 5}
                await client.send(json.dumps(act))
                assert (await _until(client, "updates"))["snapshot"]["revision"] == snapshot["revision"] + 1
                assert await client.recv() == json.dumps({"type": "ok", "id": 5, "revision": snapshot["revision"] + 1}, separators=(",", ":"))
        together = [write for write in _Recording.writes if b'"type":"updates"' in write]
        assert len(together) == 1 and 0 <= together[0].index(b'"type":"updates"') < together[0].index(b'"type":"ok"')

    asyncio.run(run())


async def _until(client: Any, kind: str) -> dict[str, Any]:
    while True:
        frame: dict[str, Any] = json.loads(await asyncio.wait_for(client.recv(), 10))
        if frame["type"] == kind:
            return frame
