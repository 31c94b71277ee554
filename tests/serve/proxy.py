"""A loopback TCP proxy that a test can cut: every open connection is reset, and new ones refused for a while.

Put between a browser and the server, it is a real network drop: the browser's
WebSocket dies with code 1006, and the client must notice and come back by itself.
"""

from __future__ import annotations

import asyncio
import threading
import time


class CuttableProxy:
    """Forwards ``127.0.0.1:port`` to ``127.0.0.1:target`` in a thread of its own."""

    def __init__(self, target: int) -> None:
        self.target = target
        self.port = 0
        self.cuts = 0
        self._refuse_until = 0.0
        self._writers: set[asyncio.StreamWriter] = set()
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True, name="cuttable proxy")

    def start(self) -> CuttableProxy:
        self._thread.start()
        assert self._ready.wait(10)
        return self

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def cut(self, refuse_for: float = 1.0) -> None:
        """Reset every open connection now and refuse new ones for ``refuse_for`` seconds."""
        self._refuse_until = time.monotonic() + refuse_for
        done = asyncio.run_coroutine_threadsafe(self._cut(), self._loop)
        done.result(10)
        self.cuts += 1

    def close(self) -> None:
        asyncio.run_coroutine_threadsafe(self._cut(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)
        self._loop.close()

    async def _cut(self) -> None:
        for writer in list(self._writers):
            writer.transport.abort()
        self._writers.clear()

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        server = self._loop.run_until_complete(asyncio.start_server(self._accept, "127.0.0.1", 0))
        self.port = server.sockets[0].getsockname()[1]
        self._ready.set()
        try:
            self._loop.run_forever()
        finally:
            server.close()

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if time.monotonic() < self._refuse_until:
            writer.transport.abort()
            return
        try:
            upstream_reader, upstream_writer = await asyncio.open_connection("127.0.0.1", self.target)
        except OSError:
            writer.transport.abort()
            return
        self._writers |= {writer, upstream_writer}
        await asyncio.gather(self._pipe(reader, upstream_writer), self._pipe(upstream_reader, writer), return_exceptions=True)
        self._writers -= {writer, upstream_writer}

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        finally:
            writer.close()
