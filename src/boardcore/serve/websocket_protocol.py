"""uvicorn's sans-I/O WebSocket protocol with two changes for a server whose frames are mostly small and come in pairs.

- **A batch of messages in one write.** The protocol offers the ASGI extension
  :data:`SEND_BATCH`: a ``{"type": "boardcore.websocket.send_batch", "texts": [...]}``
  message sends its texts as consecutive WebSocket messages, written to the socket
  at once. An act's ``updates`` and its ``ok`` leave in one system call and reach
  the client in one read; on loopback each write cost ~25 us and woke the client
  once more.
- **Small messages uncompressed.** With permessage-deflate negotiated, a message
  under :data:`COMPRESS_FROM` bytes is sent as it is (RFC 7692 lets either side
  send any message uncompressed; Node's ``ws`` does the same under 1 KiB by
  default). Deflating and inflating an ``ok`` or an ``updates`` frame cost more
  time than its bytes on the wire; the pictures that compression is for are larger.

Messages the client sends are read as before, compressed or not. The subclass leans on uvicorn's sans-I/O
implementation (``conn``, ``writable``, ``transport``; uvicorn 0.35 and later): ``tests/serve/test_websocket_protocol.py``
checks both changes over real sockets, so an uvicorn that moves them fails there first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from uvicorn.protocols.utils import ClientDisconnected
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.exceptions import InvalidState
from websockets.extensions.permessage_deflate import PerMessageDeflate, ServerPerMessageDeflateFactory
from websockets.frames import CTRL_OPCODES, Frame, Opcode
from websockets.server import ServerProtocol

__all__ = ["COMPRESS_FROM", "SEND_BATCH", "BatchingWebSockets", "SmallUncompressed"]

SEND_BATCH = "boardcore.websocket.send_batch"
"""The ASGI extension (in ``scope["extensions"]``) and message type that send several texts in one write."""

COMPRESS_FROM = 1024
"""Messages shorter than this many bytes are sent uncompressed."""


class SmallUncompressed(PerMessageDeflate):
    """permessage-deflate that leaves a whole message under :data:`COMPRESS_FROM` bytes as it is (RSV1 unset)."""

    def encode(self, frame: Frame) -> Frame:
        if frame.fin and frame.opcode is not Opcode.CONT and frame.opcode not in CTRL_OPCODES and len(frame.data) < COMPRESS_FROM:
            return frame  # the compressor never sees it, so its context stays as the peer's decompressor has it
        return super().encode(frame)


class _SmallUncompressedFactory(ServerPerMessageDeflateFactory):
    def process_request_params(self, params: Sequence[tuple[str, str | None]], accepted_extensions: Sequence[Any]) -> tuple[list[tuple[str, str | None]], PerMessageDeflate]:
        response, agreed = super().process_request_params(params, accepted_extensions)
        settings = (agreed.remote_no_context_takeover, agreed.local_no_context_takeover, agreed.remote_max_window_bits, agreed.local_max_window_bits)
        return response, SmallUncompressed(*settings, agreed.compress_settings)


class BatchingWebSockets(WebSocketsSansIOProtocol):
    """uvicorn's ``websockets-sansio`` protocol, with :data:`SEND_BATCH` and small messages sent uncompressed."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.config.ws_per_message_deflate:  # uvicorn's own settings, with the factory that skips small messages
            deflate = _SmallUncompressedFactory(server_max_window_bits=12, client_max_window_bits=12, compress_settings={"memLevel": 5})
            self.conn = ServerProtocol(extensions=[deflate], max_size=self.config.ws_max_size, logger=self.conn.logger)

    def handle_connect(self, event: Any) -> None:
        super().handle_connect(event)
        scope = getattr(self, "scope", None)
        if scope is not None:  # an accepted handshake (the app's task has not run yet)
            scope["extensions"][SEND_BATCH] = {}

    async def send(self, message: Any) -> None:
        if message["type"] != SEND_BATCH:
            await super().send(message)
            return
        await self.writable.wait()
        if self.disconnected or self.close_sent or not self.handshake_complete:
            raise ClientDisconnected()
        try:
            for text in message["texts"]:
                self.conn.send_text(text.encode())
        except InvalidState:
            raise ClientDisconnected() from None
        self.transport.write(b"".join(self.conn.data_to_send()))
