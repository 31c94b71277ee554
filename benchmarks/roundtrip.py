"""One action's round trip through ``boardcore serve`` against a bare Starlette WebSocket echo, on loopback.

    .venv/bin/python benchmarks/roundtrip.py                  # 5 rounds of 300 round trips each, both servers
    .venv/bin/python benchmarks/roundtrip.py --rounds 3 --trips 200
    .venv/bin/python benchmarks/roundtrip.py --baseline /tmp/base   # and a baseline tree's server (a git worktree)

The server runs with the memory store (``--db :memory:``) and bots that act at once; a tic-tac-toe
match has seat 0 played by this client and seat 1 by the house bot. A round trip is from sending
``act`` to receiving its ``ok`` (the server sends the new revision's updates first); the client acts
again once its turn comes back, and starts a new match when one ends. The echo floor is a Starlette
route that sends back each text frame, served by the same uvicorn, the client sending a frame of the
same size as its ``act``. Rounds alternate the two servers; each round gives a p50 and a p99 of
each, and the table shows the median over the rounds of p50 and p99, and the paired ratio of p50s.

With ``--baseline TREE``, a third server runs that tree's ``boardcore`` (the same client, the same play), and the
rounds also pair it with this tree: how much faster the round trip is, and how much less time it spends above the
echo floor (``(baseline - echo) / (this tree - echo)``), the part of the round trip that is the server's own work.
Each round runs the servers in a rotated order.
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


def paired(label: str, ratios: list[float]) -> str:
    return f"{label}, paired per round: {statistics.median(ratios):.2f}x ({min(ratios):.2f}-{max(ratios):.2f})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--trips", type=int, default=300)
    parser.add_argument("--baseline", type=Path, default=None, help="the root of another tree (a git worktree) whose server also runs")
    args = parser.parse_args(argv)
    servers = {"boardcore": ServerProcess(":memory:", bot_delay=0.0).start()}
    if args.baseline is not None:
        commit = subprocess.run(
            ["git", "-C", str(args.baseline), "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        )
        servers[f"baseline {commit.stdout.strip()}"] = ServerProcess(":memory:", bot_delay=0.0, tree=args.baseline.resolve()).start()
    echo = subprocess.Popen([sys.executable, "-c", ECHO], stdout=subprocess.PIPE, text=True)
    try:
        assert echo.stdout is not None
        echo_url = echo.stdout.readline().strip()
        labels = [*servers, "echo"]
        rows: dict[str, list[tuple[float, float]]] = {label: [] for label in labels}
        for round_ in range(args.rounds):
            for label in labels[round_ % len(labels) :] + labels[: round_ % len(labels)]:
                run = echo_trips(echo_url, args.trips, 80) if label == "echo" else boardcore_trips(servers[label], args.trips)
                times = asyncio.run(run)
                rows[label].append((percentile(times, 0.5), percentile(times, 0.99)))
        print("| server | p50 (ms, median of rounds) | p99 (ms, median of rounds) |\n|---|---|---|")
        for label, got in rows.items():
            print(f"| {label} | {statistics.median(p for p, _ in got):.3f} | {statistics.median(p for _, p in got):.3f} |")
        this, floor = [p for p, _ in rows["boardcore"]], [p for p, _ in rows["echo"]]
        print()
        for label in labels[:-1]:
            p50s = [p for p, _ in rows[label]]
            print(paired(f"{label} p50 / echo p50", [b / e for b, e in zip(p50s, floor)]))
            if label != "boardcore":
                print(paired(f"{label} p50 / boardcore p50", [b / t for b, t in zip(p50s, this)]))
                above = [(b - e) / (t - e) for b, t, e in zip(p50s, this, floor)]
                print(paired(f"{label}'s time above the echo floor / boardcore's", above))
    finally:
        for server in servers.values():
            server.stop()
        echo.terminate()
        echo.wait(10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
