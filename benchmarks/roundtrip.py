"""One action's round trip through ``boardcore serve`` against a bare Starlette WebSocket echo, on loopback.

    .venv/bin/python benchmarks/roundtrip.py                  # 5 rounds of 300 round trips each, both servers
    .venv/bin/python benchmarks/roundtrip.py --rounds 3 --trips 200

The server runs with the memory store (``--db :memory:``) and bots that act at once; a tic-tac-toe
match has seat 0 played by this client and seat 1 by the house bot. A round trip is from sending
``act`` to receiving its ``ok`` (the server sends the new revision's updates first); the client acts
again once its turn comes back, and starts a new match when one ends. The echo floor is a Starlette
route that sends back each text frame, served by the same uvicorn, the client sending a frame of the
same size as its ``act``. Rounds alternate the two servers; each round gives a p50 and a p99 of
each, and the table shows the median over the rounds of p50 and p99, and the paired ratio of p50s.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.serve.server import ServerProcess  # noqa: E402  (the repository root goes on the path first)

ECHO = r"""
import sys, uvicorn
from starlette.applications import Starlette
from starlette.routing import WebSocketRoute

async def echo(websocket):
    await websocket.accept()
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        await websocket.send_text(message["text"])

app = Starlette(routes=[WebSocketRoute("/ws", echo)])
import socket
probe = socket.socket()
probe.bind(("127.0.0.1", 0))
port = probe.getsockname()[1]
probe.close()
print(f"ws://127.0.0.1:{port}/ws", flush=True)
uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning")
"""


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def boardcore_trips(server: ServerProcess, trips: int) -> list[float]:
    """``trips`` act-to-ok times (ms) of seat 0 in tic-tac-toe matches against the house bot."""
    times: list[float] = []
    while len(times) < trips:
        made = await asyncio.to_thread(server.create, "tic_tac_toe", [{"name": "Person"}, {"name": "Bot", "bot": "house"}], claim=0)
        match_id, token = made["match"]["match_id"], made["token"]
        async with connect(server.ws_url, max_size=None, ping_interval=None) as socket:
            await socket.send(json.dumps({"type": "hello", "token": token, "match_id": match_id, "since": None}))
            request, sent, waiting, acted = 0, 0.0, False, -1
            async for raw in socket:
                frame = json.loads(raw)
                kind = frame["type"]
                snapshot = frame if kind == "snapshot" else frame.get("snapshot") if kind == "updates" else None
                if kind == "ok" and frame["id"] == request:
                    times.append((time.perf_counter() - sent) * 1e3)
                    waiting = False
                elif kind == "error":
                    raise AssertionError(f"the server refused an act: {frame}")
                elif kind == "finished" or len(times) >= trips:
                    break
                if snapshot is not None and snapshot["legal"] and not waiting and snapshot["revision"] > acted:
                    request, waiting, acted = request + 1, True, snapshot["revision"]
                    act = {"type": "act", "revision": snapshot["revision"], "action": snapshot["legal"][0]["action"], "id": request}
                    sent = time.perf_counter()
                    await socket.send(json.dumps(act))
    return times


async def echo_trips(url: str, trips: int, size: int) -> list[float]:
    times: list[float] = []
    payload = json.dumps({"type": "act", "pad": "x" * max(0, size - 30)})
    for _ in range(100):  # the echo server prints its address just before it listens
        try:
            async with connect(url, max_size=None, ping_interval=None):
                break
        except OSError:
            await asyncio.sleep(0.1)
    async with connect(url, max_size=None, ping_interval=None) as socket:
        for _ in range(trips):
            sent = time.perf_counter()
            await socket.send(payload)
            await socket.recv()
            times.append((time.perf_counter() - sent) * 1e3)
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--trips", type=int, default=300)
    args = parser.parse_args(argv)
    server = ServerProcess(":memory:", bot_delay=0.0).start()
    echo = subprocess.Popen([sys.executable, "-c", ECHO], stdout=subprocess.PIPE, text=True)
    try:
        assert echo.stdout is not None
        echo_url = echo.stdout.readline().strip()
        rows: dict[str, list[tuple[float, float]]] = {"boardcore": [], "echo": []}
        for _ in range(args.rounds):
            served = asyncio.run(boardcore_trips(server, args.trips))
            floor = asyncio.run(echo_trips(echo_url, args.trips, 80))
            for label, times in (("boardcore", served), ("echo", floor)):
                rows[label].append((percentile(times, 0.5), percentile(times, 0.99)))
        ratios = [b[0] / e[0] for b, e in zip(rows["boardcore"], rows["echo"])]
        print("| server | p50 (ms, median of rounds) | p99 (ms, median of rounds) |\n|---|---|---|")
        for label, got in rows.items():
            print(f"| {label} | {statistics.median(p for p, _ in got):.3f} | {statistics.median(p for _, p in got):.3f} |")
        print(f"\nboardcore p50 / echo p50, paired per round: {statistics.median(ratios):.2f}x ({min(ratios):.2f}-{max(ratios):.2f})")
    finally:
        server.stop()
        echo.terminate()
        echo.wait(10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
