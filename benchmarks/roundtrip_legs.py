"""Where one act's round trip goes: timestamps in ``boardcore serve`` and in the client, on one clock.

    .venv/bin/python benchmarks/roundtrip_legs.py                      # 800 round trips, legs as medians (µs)
    .venv/bin/python benchmarks/roundtrip_legs.py --acts later         # only acts after a match's first (--acts first)
    taskset -c 0 .venv/bin/python benchmarks/roundtrip_legs.py        # both processes on one CPU (no VM wake-ups)
    PYTHONPATH=/tmp/pre/src taskset -c 0 .venv/bin/python benchmarks/roundtrip_legs.py   # an earlier tree's server

The same play as ``roundtrip.py`` (tic-tac-toe, seat 0 against the house bot, memory store). The server runs with
probes around its socket reads and writes, uvicorn's hand-over of a message, ``parse``, and the write and build of
an act (``Table.act`` and the frames within it); the client around its sends and reads. The table gives each event's
median time after the client's send, and the median of its own leg (the time after the event before it). ``time.perf_counter`` is the system's monotonic clock, so the two
processes' stamps compare. Each probe costs ~0.5 µs.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import itertools
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import websockets.asyncio.connection as client_connection

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.roundtrip import boardcore_trips  # noqa: E402  (the repository root goes on the path first)
from tests.serve import server as served  # noqa: E402

PROBED_SERVER = r"""
import atexit, json, signal, sys, time
signal.raise_signal = lambda signum: None  # uvicorn re-raises SIGTERM after shutting down: write the stamps first
import asyncio.selector_events as selector_events
from uvicorn.protocols.websockets import websockets_sansio_impl as sansio
from boardcore.serve import master, transport
stamps, now, stamps_path = [], time.perf_counter, sys.argv.pop(1)

def probe(owner, name, before=None, after=None):
    inner = getattr(owner, name)
    def probed(*args):
        if before: stamps.append((before, now()))
        result = inner(*args)
        if after: stamps.append((after, now()))
        return result
    setattr(owner, name, probed)

probe(sansio.WebSocketsSansIOProtocol, "data_received", before="server reads")
probe(sansio.WebSocketsSansIOProtocol, "send_receive_event_to_app", after="uvicorn queues it")
probe(selector_events._SelectorSocketTransport, "write", before="server writes")
probe(transport, "parse", before="parse starts", after="parsed")
probe(master.Master, "_write_and_build", before="the write starts", after="acted and built")
probe(master.Table, "act", before="Table.act starts", after="Table.act ends")
probe(master.Master, "_frames", before="frames start")
atexit.register(lambda: json.dump(stamps, open(stamps_path, "w")))
from boardcore.cli import main
main(sys.argv[1:])
"""

ORDER = [
    "server reads", "uvicorn queues it", "parse starts", "parsed", "the write starts", "Table.act starts", "Table.act ends", "frames start",
    "acted and built", "server writes", "client reads", "client has it",
]  # fmt: skip
"""One act's events in order; each is the first of its name after the one before (the bot's move that follows
stamps the same probes later), then the client has the ``ok``."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("trips", type=int, nargs="?", default=800)
    parser.add_argument(
        "--acts", choices=["all", "first", "later"], default="all", help="every act, or only a match's first, or the others"
    )
    args = parser.parse_args(argv)
    trips = args.trips
    stamps_file = Path(tempfile.mkstemp(suffix=".json")[1])
    client: list[tuple[str, float]] = []
    firsts: list[bool] = []
    """Per act the client sent, in order: whether it was its match's first (request id 1)."""
    probe_client(client, firsts)
    popen = served.subprocess.Popen

    def probed_popen(command: list[str], *args: object, **kwargs: object) -> object:
        if command[1:3] == ["-m", "boardcore.cli"]:
            command = [command[0], "-c", PROBED_SERVER, str(stamps_file), *command[3:]]
        return popen(command, *args, **kwargs)

    served.subprocess.Popen = probed_popen  # type: ignore[assignment]
    server = served.ServerProcess(":memory:", bot_delay=0.0).start()
    try:
        times = asyncio.run(boardcore_trips(server, trips))
    finally:
        server.stop()
    events = sorted([*map(tuple, json.loads(stamps_file.read_text())), *client], key=lambda event: event[1])
    stamps_file.unlink()
    legs: dict[str, list[float]] = collections.defaultdict(list)
    alone: dict[str, list[float]] = collections.defaultdict(list)
    """Each event's time after the one before it."""
    counted = 0
    sends = iter(firsts)
    for index, (name, sent) in enumerate(events):
        if name != "client sends":
            continue
        if args.acts != "all" and next(sends) != (args.acts == "first"):
            continue
        following = list(itertools.takewhile(lambda event: event[0] != "client sends", events[index + 1 :]))
        matched, at = [], 0
        for wanted in [*ORDER, "client has it"]:  # each event's first stamp after the one before (the bot's come later)
            found = next((position for position in range(at, len(following)) if following[position][0] == wanted), None)
            if found is None:
                break
            matched.append(following[found])
            at = found + 1
        if len(matched) <= len(ORDER):
            continue
        counted += 1
        before = sent
        for (_, stamp), label in zip(matched, [*ORDER, "client has the ok"]):
            legs[label].append((stamp - sent) * 1e6)
            alone[label].append((stamp - before) * 1e6)
            before = stamp
    print(
        f"server {os.environ.get('PYTHONPATH') or 'this tree'}: {len(times)} round trips, p50 {statistics.median(times) * 1e3:.0f} µs; {counted} acts with every event"
    )
    print("| event | µs after the client's send (median) | µs after the event before (median) |\n|---|---|---|")
    for name in [*ORDER, "client has the ok"]:
        if legs[name]:
            print(
                f"| {name} | {statistics.median(legs[name]):.1f} | {statistics.median(alone[name]):.1f} |"
                if alone[name]
                else f"| {name} | {statistics.median(legs[name]):.1f} | |"
            )
    return 0


def probe_client(stamps: list[tuple[str, float]], firsts: list[bool]) -> None:
    """Stamps around the benchmark client's sends (acts only, noting in ``firsts`` which were a match's first), socket
    reads and messages handed out."""
    connection = client_connection.Connection
    send, data_received, iterate = connection.send, connection.data_received, connection.__aiter__

    async def probed_send(self: object, message: str, *args: object) -> None:
        if '"act"' in message:
            stamps.append(("client sends", time.perf_counter()))
            firsts.append(json.loads(message)["id"] == 1)
        await send(self, message, *args)  # type: ignore[arg-type]

    def probed_data_received(self: object, data: bytes) -> None:
        stamps.append(("client reads", time.perf_counter()))
        data_received(self, data)  # type: ignore[arg-type]

    async def probed_iterate(self: object) -> object:
        async for message in iterate(self):  # type: ignore[arg-type]
            stamps.append(("client has it", time.perf_counter()))
            yield message

    connection.send = probed_send  # type: ignore[assignment, method-assign]
    connection.data_received = probed_data_received  # type: ignore[method-assign]
    connection.__aiter__ = probed_iterate  # type: ignore[assignment, method-assign]


if __name__ == "__main__":
    sys.exit(main())
