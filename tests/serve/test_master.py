"""The match master without a transport: fan-out follows the table, whoever wrote, and idle masters are retired.

These are the seams a deployment of several server processes builds on: a
master told that another writer stored a revision (``refresh``) tells every
connection, in order; a write that loses the race to another writer is refused
as stale and the winner's revision still reaches everyone.
"""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import anyio

from boardcore.bots import MonteCarloBot
from boardcore.registry import get_game
from boardcore.serve.hub import Hub
from boardcore.serve.master import Master, Outbox, Settings
from boardcore.serve.protocol import CreateMatch, SeatRequest
from boardcore.serve.seats import MemorySeats, SeatRow
from boardcore.store import MemoryStore
from boardcore.table import Table

GAME = get_game("tic_tac_toe")
PEOPLE = (SeatRow(seat=0, bot=None, claimed=True), SeatRow(seat=1, bot=None, claimed=True))


async def drain(outbox: Outbox) -> list[dict[str, Any]]:
    """Every frame queued in the outbox now."""
    frames = []
    while True:
        with anyio.move_on_after(0.02):
            frames += [json.loads(frame) for frame in await outbox.get_all()]
            continue
        return frames


def test_refresh_tells_every_connection_what_another_writer_stored() -> None:
    """Another table on the same store acts twice; refresh brings both connections to revision 2 in one updates each."""

    async def run() -> list[list[dict[str, Any]]]:
        store = MemoryStore()
        table = Table.create(GAME, ["Ann", "Bob"], seed=1, store=store, match_id="shared")
        master = Master(table, PEOPLE, Settings(bot_delay=0))
        ann, eve = Outbox(0), Outbox(None)
        await master.connect(ann, None)
        await master.connect(eve, None)
        await drain(ann), await drain(eve)
        elsewhere = Table.open(store, "shared")  # another server process's table
        elsewhere.act(0, 0, {"type": "PlaceMark", "cell": 4})
        elsewhere.act(1, 1, {"type": "PlaceMark", "cell": 0})
        await master.refresh()
        return [await drain(ann), await drain(eve)]

    for frames in anyio.run(run):
        assert [f["type"] for f in frames] == ["updates"]
        assert [(e["revision"], e["player"]) for e in frames[0]["entries"]] == [(1, 0), (2, 1)]


def test_a_write_that_loses_the_race_is_stale_and_the_winner_reaches_everyone() -> None:
    """The store took revision 1 from another writer: Ann's act on 0 is refused as stale; both see the winner's step."""

    async def run() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        store = MemoryStore()
        table = Table.create(GAME, ["Ann", "Bob"], seed=1, store=store, match_id="race")
        master = Master(table, PEOPLE, Settings(bot_delay=0))
        ann, bob = Outbox(0), Outbox(1)
        await master.connect(ann, None)
        await master.connect(bob, None)
        await drain(ann), await drain(bob)
        Table.open(store, "race").act(0, 0, {"type": "PlaceMark", "cell": 8})
        await master.act(ann, 0, {"type": "PlaceMark", "cell": 4}, 1)
        return await drain(ann), await drain(bob)

    ann_frames, bob_frames = anyio.run(run)
    assert [f["type"] for f in ann_frames] == ["error", "updates"]
    assert ann_frames[0]["code"] == "table/stale_revision" and ann_frames[0]["revision"] == 1
    for frames in (ann_frames[1:], bob_frames):
        assert frames[0]["entries"][0]["text"] == ["Ann (X) takes cell 8"]


def test_an_idle_master_is_retired_and_a_new_connection_loads_it_again() -> None:
    """With no connection and nothing for its bots to do, the hub drops the master; connecting loads a fresh one."""

    async def run() -> tuple[int, int, int, bool]:
        hub = Hub(MemoryStore(), MemorySeats(), Settings(bot_delay=0, retire_after=0))
        summary, _, _ = await hub.create(CreateMatch(game="tic_tac_toe", seats=(SeatRequest(name="A"), SeatRequest(name="B"))))
        await anyio.sleep(0.05)  # the master create made, idle, is retired
        outbox = Outbox(None)
        first = await hub.connect(summary.match_id, outbox, None)
        loaded = hub.loaded
        await first.disconnect(outbox)
        await anyio.sleep(0.05)
        after = hub.loaded
        second = await hub.connect(summary.match_id, Outbox(None), None)
        return loaded, after, hub.loaded, first is second or not first.closed

    loaded, after, again, same = anyio.run(run)
    assert (loaded, after, again, same) == (1, 0, 1, False)



def test_a_new_match_is_served_from_the_table_create_made_and_an_idle_master_stays_for_retire_after(monkeypatch: Any) -> None:
    """create serves the table it just made (no replay) and holds its master: the first connection finds it. An idle
    master stays loaded for ``Settings.retire_after`` seconds (a page reloaded finds it), then is retired."""
    opened: list[str] = []
    table_open = Table.open
    monkeypatch.setattr(Table, "open", lambda *args, **kwargs: opened.append("open") or table_open(*args, **kwargs))

    async def run() -> tuple[bool, int, int, int]:
        hub = Hub(MemoryStore(), MemorySeats(), Settings(bot_delay=0, retire_after=0.3))
        seats = (SeatRequest(name="A"), SeatRequest(name="B", bot="house"))
        summary, _, _ = await hub.create(CreateMatch(game="tic_tac_toe", seats=seats))
        made = hub.loaded_master(summary.match_id)
        await anyio.sleep(0.1)  # the bots found nothing to do: A moves first
        outbox = Outbox(None)
        same = await hub.connect(summary.match_id, outbox, None) is made
        await made.disconnect(outbox)  # type: ignore[union-attr]
        await anyio.sleep(0.1)
        lingering = hub.loaded
        await anyio.sleep(0.4)
        return same, lingering, hub.loaded, len(opened)

    assert anyio.run(run) == (True, 1, 0, 0)


class _RecordingStore(MemoryStore):
    """A memory store that notes which thread each append ran on."""

    def __init__(self) -> None:
        super().__init__()
        self.threads: list[int] = []

    def append(self, match_id: str, entry: Any, status: Any) -> Any:
        self.threads.append(threading.get_ident())
        return super().append(match_id, entry, status)


class _BlockingStore(_RecordingStore):
    """The same store, not declaring that it never blocks (as SQLite and PostgreSQL do not)."""

    never_blocks = False


def test_a_write_runs_on_the_event_loop_only_through_a_store_that_never_blocks() -> None:
    """Over the memory store a seat's act is written on the loop's own thread; over any other store in a worker
    thread; both tell the connections the same frames."""

    async def run(store: _RecordingStore) -> tuple[int, list[dict[str, Any]]]:
        table = Table.create(GAME, ["Ann", "Bob"], seed=1, store=store, match_id="inline")
        master = Master(table, PEOPLE, Settings(bot_delay=0))
        ann = Outbox(0)
        await master.connect(ann, None)
        await drain(ann)
        await master.act(ann, 0, {"type": "PlaceMark", "cell": 4}, 1)
        return threading.get_ident(), await drain(ann)

    stores = [_RecordingStore(), _BlockingStore()]
    (loop_inline, inline_frames), (loop_hop, hop_frames) = (anyio.run(run, store) for store in stores)
    assert stores[0].threads == [loop_inline]
    assert len(stores[1].threads) == 1 and stores[1].threads[0] != loop_hop
    assert [f["type"] for f in inline_frames] == ["updates", "ok"]
    assert inline_frames == hop_frames



BOTS = (SeatRow(seat=0, bot="house", claimed=True), SeatRow(seat=1, bot="house", claimed=True))


def bot_move_threads(store: _RecordingStore) -> tuple[int, list[int]]:
    """Two house bots play a tic-tac-toe match to its end; the loop's thread and the thread of each move's write."""

    async def run() -> tuple[int, list[int]]:
        table = Table.create(GAME, ["Ann", "Bob"], seed=1, store=store, match_id="bots")
        Master(table, BOTS, Settings(bot_delay=0)).wake_bots()
        with anyio.fail_after(10):
            while not table.match.is_over:
                await anyio.sleep(0.001)
        return threading.get_ident(), store.threads

    return anyio.run(run)


def test_quick_bots_move_on_the_event_loop_through_a_store_that_never_blocks() -> None:
    """Over the memory store the house bots' moves, each taking microseconds, run on the loop (two thread hops saved a
    move); over any other store every move is written in a worker thread."""
    loop, threads = bot_move_threads(_RecordingStore())
    assert len(threads) >= 5 and threads == [loop] * len(threads)
    loop, threads = bot_move_threads(_BlockingStore())
    assert len(threads) >= 5 and loop not in threads


def test_a_bot_move_slower_than_the_budget_sends_the_next_one_to_a_worker_thread(monkeypatch: Any) -> None:
    """The third move takes longer than BOT_ON_LOOP_SECONDS: it ran on the loop, the fourth goes to a worker thread,
    and the fifth, the fourth having been quick, is back on the loop."""
    from boardcore.serve import bots, master

    monkeypatch.setattr(master, "BOT_ON_LOOP_SECONDS", 0.05)
    choose, moves = bots.choose, []

    def slow_third(bot: Any, match: Any, seat: int) -> Any:
        moves.append(seat)
        if len(moves) == 3:
            time.sleep(0.1)
        return choose(bot, match, seat)

    monkeypatch.setattr(bots, "choose", slow_third)
    loop, threads = bot_move_threads(_RecordingStore())
    assert len(threads) >= 5
    assert [thread == loop for thread in threads[:5]] == [True, True, True, False, True]


def test_bots_that_search_never_move_on_the_event_loop(monkeypatch: Any) -> None:
    """A game whose house bot searches (a SamplingBot, here Monte Carlo rollouts) has every move written in a worker
    thread, even over the memory store: a search may take long, and the loop serves every other match meanwhile."""
    from boardcore.serve import bots

    monkeypatch.setattr(bots, "make_bots", lambda game, players, seed, kind: [MonteCarloBot.seeded(game, seed, seat) for seat in range(players)])
    loop, threads = bot_move_threads(_RecordingStore())
    assert len(threads) >= 5 and loop not in threads


class _ThreadNotingTable(Table[Any, Any, Any, Any]):
    """A table that notes the thread each snapshot and each updates were built on (a connection's frames)."""

    threads: list[int]

    def snapshot(self, seat: int | None) -> Any:
        self.threads.append(threading.get_ident())
        return super().snapshot(seat)

    def updates(self, seat: int | None, since: int) -> Any:
        self.threads.append(threading.get_ident())
        return super().updates(seat, since)


def test_frames_are_built_on_the_event_loop_only_through_a_store_that_never_blocks() -> None:
    """A connection's first snapshot and the updates another writer's step brings (``refresh``) are built on the loop
    over the memory store, in worker threads over any other; the frames are the same."""

    async def run(store: _RecordingStore) -> tuple[int, list[int], list[dict[str, Any]]]:
        table = _ThreadNotingTable.create(GAME, ["Ann", "Bob"], seed=1, store=store, match_id="frames")
        table.threads = []
        master = Master(table, PEOPLE, Settings(bot_delay=0))
        ann = Outbox(0)
        await master.connect(ann, None)
        Table.open(store, "frames").act(0, 0, {"type": "PlaceMark", "cell": 4})  # another server process's table
        await master.refresh()
        return threading.get_ident(), table.threads, await drain(ann)

    (loop, inline, inline_frames), (hop_loop, hopped, hop_frames) = (anyio.run(run, store) for store in (_RecordingStore(), _BlockingStore()))
    assert len(inline) == 2 and inline == [loop, loop]
    assert len(hopped) == 2 and hop_loop not in hopped
    assert [f["type"] for f in inline_frames] == ["welcome", "snapshot", "updates"]
    assert inline_frames == hop_frames
