"""The match master: one per served match; it serialises every write and fans each revision out to every connection.

Everything that changes the match (a seat's act or undo, a bot's move, catching
up with what another writer stored) runs under the master's lock, one at a time,
and is followed by :meth:`Master._publish`, which brings every connection from the
last revision it was told to the table's revision: an ``updates`` (or a
``resync``) built by the table for that connection's seat, then the seat's
picture, story or the end of the game if the connection asked for them. So each
connection sees every revision once, in order, whoever caused it; fan-out never
depends on who wrote. Frames for one seat and revision are built and encoded once
and shared by every connection that needs them.

Table calls (store writes, replays, building views) run in worker threads so the
event loop never waits on the database. Through a store that says it ``never_blocks``
(the memory store) a seat's write and every frame run on the event loop,
saving the thread hop, and so does a bot's move, unless the bot searches or its last
move took longer than :data:`BOT_ON_LOOP_SECONDS`.
The transport gives each connection an :class:`Outbox`; the master only ever puts
into it what the table built for that outbox's seat, and never sends anything else
about a seat.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar, TypeVarTuple, Unpack

import anyio.to_thread
import attrs
import msgspec

from boardcore import codes
from boardcore.errors import IllegalAction, UndoRefused
from boardcore.messages import Updates
from boardcore.resign import RESIGN, is_resign
from boardcore.serve.bots import ServerBots
from boardcore.serve.picture_diff import picture_diff
from boardcore.serve.protocol import (
    PROTOCOL_VERSION,
    BotKind,
    Error,
    Finished,
    Ok,
    Picture,
    PictureDiff,
    SeatInfo,
    Seats,
    Story,
    StoryStep,
    Welcome,
)
from boardcore.serve.seats import SeatRow
from boardcore.store import StoreError, StoreUnavailable, export_log
from boardcore.table import StaleRevision, Table
from boardcore.verify import verify

__all__ = ["MasterClosed", "Outbox", "Settings", "Master", "refusal_frame"]

log = logging.getLogger("boardcore.serve")

T = TypeVar("T")
Args = TypeVarTuple("Args")

BOT_ON_LOOP_SECONDS = 0.002
"""Through a store that never blocks, the bots move on the event loop (their choice and its write) while their last move
took at most this long; after a longer one, their next move runs in a worker thread. The house and random bots of every
installed game move in tens of microseconds (the slowest seen under 1.5 ms), less than two thread hops cost; a bot
that searches never moves on the loop, and one that turns slow holds it for one move."""


@attrs.frozen
class Settings:
    """How a server paces its bots and bounds its clients."""

    bot_delay: float = 0.6
    """Seconds a bot waits before it acts, so people can follow the game (0: at once)."""
    queue_limit: int = 64
    """Frames held for a connection that reads too slowly; one more closes it (code 4408)."""
    max_frame: int = 65536
    """The largest client frame read, in bytes; a longer one gets ``frame/too_large``."""
    body_timeout: float = 10.0
    """Seconds a lobby request has to send its whole body."""
    hello_timeout: float = 10.0
    """Seconds a new connection has to send ``hello`` or ``watch``."""
    load_timeout: float = 10.0
    """Seconds a match has to be replayed and verified when it is loaded; one that takes longer is listed as damaged."""
    create_rate: float = 1.0
    """Matches one client address may create per second, on average (see ``create_burst``)."""
    create_burst: int = 20
    """Matches one client address may create at once before ``create_rate`` applies."""
    open_per_client: int = 50
    """Unfinished matches one client address may have created at a time."""
    retry_delay: float = 1.0
    """Seconds a bot waits before trying again after the store was unavailable."""
    lease_seconds: float = 5.0
    """Over PostgreSQL: how long a process's heartbeat holds its bots' leases; another process takes over the bots of
    a process silent for longer (within this plus one sweep)."""
    retire_after: float = 5.0
    """Seconds a master with no connection and nothing for its bots to do stays loaded before it is retired: a new
    match's first connection, or a page reloaded, finds it loaded instead of replaying the match again. Over several
    processes (PostgreSQL) an idle master retires at once, so that its bots' lease goes where the match's next
    connection comes."""
    away_seconds: float = 120.0
    """How long a person's seat must have had no connection before the other people may hand it to the house bot."""
    sweep_seconds: float = 1.0
    """Over PostgreSQL: how often a process renews its heartbeat, takes leases that fell free, and checks every match
    it holds against the store (the safety net under notifications)."""


class MasterClosed(Exception):
    """This master was retired (no connections, nothing for its bots to do): ask the hub for the match again."""


def encode(message: Any) -> str:
    """A message as the JSON text of one WebSocket frame."""
    return msgspec.json.encode(message).decode("utf-8")


@attrs.define(eq=False)
class Outbox:
    """One connection's outgoing frames: a bounded queue, and the last revision the connection was told."""

    seat: int | None
    """The connection's seat (``None``: a spectator); every frame put here is built for it."""
    pictures: bool = False
    story: bool = False
    limit: int = 64
    diffs: bool = False
    """Send pictures as diffs of the last one this connection got."""
    picture: tuple[int, str] | None = None
    """The revision and SVG of the last picture this connection was sent (what its next diff edits)."""
    revision: int = -1
    """The revision the connection was last brought to (-1 before its first state message)."""
    told_finished: bool = False
    overflowed: asyncio.Event = attrs.field(factory=asyncio.Event)
    """Set when a frame did not fit: the transport closes the connection, and nothing more is queued."""
    _queue: asyncio.Queue[str] = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        self._queue = asyncio.Queue(self.limit)

    def put(self, frame: str) -> None:
        """Queue one frame, or mark the outbox overflowed when it is full."""
        if self.overflowed.is_set():
            return
        try:
            self._queue.put_nowait(frame)
        except asyncio.QueueFull:
            self.overflowed.set()

    async def get_all(self) -> list[str]:
        """Every frame queued now, in order (waits for one): what was queued together is sent together."""
        queue = self._queue
        frames = [await queue.get()]
        while not queue.empty():
            frames.append(queue.get_nowait())
        return frames


def refusal_frame(exc: Exception, request_id: int | None, revision: int) -> Error:
    """The error frame for an act or undo the table refused (nothing changed)."""
    if isinstance(exc, StaleRevision):
        return Error(code=exc.code, message=exc.message, id=request_id, revision=exc.revision)
    if isinstance(exc, IllegalAction):
        return Error(code=exc.code, message=exc.message, id=request_id, revision=revision)
    if isinstance(exc, UndoRefused):
        return Error(code=codes.UNDO_REFUSED, message=exc.message, id=request_id, revision=revision)
    if isinstance(exc, StoreError):
        return Error(code=codes.STORE_UNAVAILABLE, message="The store could not take the write; nothing changed: try again.", id=request_id, revision=revision)
    return Error(code=codes.SERVER_ERROR, message="The server failed; nothing changed.", id=request_id, revision=revision)


_Key = tuple[int | None, int | None, bool, bool, bool, "tuple[int, str] | None"]
"""What a connection needs to be told: seat, since (``None``: a snapshot), pictures, story, the end already told, and
the picture its next diff edits (``None``: a whole picture)."""
_Frames = tuple[int, bool, list[str], "tuple[int, str] | None"]
"""The revision told, whether the end was told, the frames, and the picture the connection holds after them."""


def _key(outbox: Outbox, since: int | None, told: bool = False) -> _Key:
    return (outbox.seat, since, outbox.pictures, outbox.story, told, outbox.picture if outbox.diffs else None)


class Master:
    """The coordinator of one served match: its table, its connections and its bots.

    ``plays_bots`` says whether this process moves the match's bots (over
    PostgreSQL, :meth:`hold_bots` turns it on in the one process holding the
    match's lease); ``on_idle`` is called when the master has no connections and
    nothing for its bots to do; ``on_presence`` when a seat's first connection here
    opens or its last one closes.
    """

    def __init__(
        self,
        table: Table[Any, Any, Any, Any],
        rows: Sequence[SeatRow],
        settings: Settings,
        *,
        on_idle: Callable[[Master], None] = lambda master: None,
        on_presence: Callable[[Master, int], None] = lambda master, seat: None,
    ) -> None:
        self.table = table
        self.match_id = table.match_id
        self.settings = settings
        self.plays_bots = True
        self._bots_failed = False
        self._rows = list(rows)
        self._elsewhere: frozenset[int] = frozenset()
        """Seats with a connection open on another server process (over PostgreSQL)."""
        self._on_idle = on_idle
        self._on_presence = on_presence
        self._lock = asyncio.Lock()
        self._outboxes: list[Outbox] = []
        self._bots = ServerBots(table.match, rows)
        self._offline_since: dict[int, float] = {}
        """When each seat's last connection (here or elsewhere) closed; a seat never seen online counts from loading."""
        self._loaded = time.monotonic()
        self._bot_task: asyncio.Task[None] | None = None
        self._finished: tuple[int, Finished] | None = None
        self._inline_writes = getattr(table.store, "never_blocks", False) is True
        """Table calls (a seat's write, every frame, quick bots' moves) run on the event loop: the store never blocks."""
        self._bots_slow = False
        """The bots' last move took longer than :data:`BOT_ON_LOOP_SECONDS`: their next one runs in a worker thread."""
        self.closed = False

    def __repr__(self) -> str:
        return f"Master({self.match_id!r}, revision={self.table.revision}, connections={len(self._outboxes)})"

    # --- seats -----------------------------------------------------------------------------------

    def seat_infos(self) -> tuple[SeatInfo, ...]:
        """Every seat with its name, bot, claim and whether it is online (here or on another server process)."""
        online = self.local_seats | self._elsewhere
        names = self.table.match.players
        return tuple(
            SeatInfo(seat=row.seat, name=names[row.seat], bot=row.bot, claimed=row.claimed, online=row.bot is not None or row.seat in online)
            for row in self._rows
        )

    @property
    def connections(self) -> int:
        """Open connections (seats and spectators)."""
        return len(self._outboxes)

    @property
    def local_seats(self) -> frozenset[int]:
        """Seats with a connection open on this master."""
        return frozenset(outbox.seat for outbox in self._outboxes if outbox.seat is not None)

    @property
    def bot_seats(self) -> frozenset[int]:
        """Seats the server's bots play."""
        return self._bots.seats

    @property
    def waiting(self) -> bool:
        """A person's seat is still open: nobody acts, bots included, until it is taken or handed to a bot."""
        return any(row.bot is None and not row.claimed for row in self._rows) and not self.table.match.is_over

    def away_for(self, seat: int) -> float | None:
        """Seconds since ``seat`` last had a connection open (here or on another process); ``None`` while it has one."""
        if seat in self.local_seats | self._elsewhere:
            return None
        return time.monotonic() - self._offline_since.get(seat, self._loaded)

    def _went_offline(self, before: frozenset[int]) -> None:
        now, online = time.monotonic(), self.local_seats | self._elsewhere
        for seat in before - online:
            self._offline_since[seat] = now

    def seat_claimed(self, seat: int) -> None:
        """The lobby gave ``seat`` to a person: tell every connection (and start play once no seat is open)."""
        self._rows = [attrs.evolve(row, claimed=True) if row.seat == seat else row for row in self._rows]
        self._offline_since[seat] = time.monotonic()
        self._tell_seats()
        self.wake_bots()

    def seat_to_bot(self, seat: int, bot: BotKind) -> None:
        """The server plays ``seat`` with ``bot`` from now on: tell every connection, and let the bots move."""
        self._take_rows([attrs.evolve(row, bot=bot) if row.seat == seat else row for row in self._rows])
        self._tell_seats()
        self.wake_bots()

    def _take_rows(self, rows: Sequence[SeatRow]) -> None:
        if [row.bot for row in rows] != [row.bot for row in self._rows]:
            self._bots, self._bots_slow = ServerBots(self.table.match, rows), False
        self._rows = list(rows)

    def update_seats(self, *, rows: Sequence[SeatRow] | None = None, elsewhere: frozenset[int] | None = None) -> None:
        """Take the seat book's ``rows`` (claims made on another process) and the seats ``elsewhere`` online on other
        processes; tell every connection if what they see of the seats changed."""
        before, online = self.seat_infos(), self.local_seats | self._elsewhere
        if rows is not None and len(rows) == len(self._rows):
            self._take_rows(rows)
        if elsewhere is not None:
            self._elsewhere = elsewhere
        self._went_offline(online)
        if self.seat_infos() != before:
            self._tell_seats()
            self.wake_bots()

    def _tell_seats(self, but: Outbox | None = None) -> None:
        frame = encode(Seats(seats=self.seat_infos()))
        for outbox in self._outboxes:
            if outbox is not but and outbox.revision >= 0:  # one still opening is told after its state (connect)
                outbox.put(frame)

    # --- connections -------------------------------------------------------------------------------

    async def connect(self, outbox: Outbox, since: int | None) -> None:
        """Add a connection: a ``welcome``, then its state from ``since`` (``None``: a snapshot).

        Raises:
            MasterClosed: the master was retired; ask the hub again.
        """
        async with self._lock:
            if self.closed:
                raise MasterClosed(self.match_id)
            was_online = outbox.seat is not None and outbox.seat in self.local_seats
            self._outboxes.append(outbox)
            game = self.table.match.game
            welcome = Welcome(
                protocol=PROTOCOL_VERSION,
                match_id=self.match_id,
                game=game.name,
                title=game.title,
                seat=outbox.seat,
                seats=self.seat_infos(),
                max_frame=self.settings.max_frame,
                queue_limit=outbox.limit,
            )
            outbox.put(encode(welcome))
            key = _key(outbox, since)
            frames = await self._table_call(self._frames, [key])
            self._deliver(outbox, frames[key])
            if self.seat_infos() != welcome.seats:  # the seats changed while its state was built
                outbox.put(encode(Seats(seats=self.seat_infos())))
            if outbox.seat is not None and not was_online:
                self._on_presence(self, outbox.seat)
                if outbox.seat not in self._elsewhere:
                    self._tell_seats(but=outbox)

    async def disconnect(self, outbox: Outbox) -> None:
        """Drop a connection (and retire the master if nothing is left for it to do)."""
        async with self._lock:
            if outbox not in self._outboxes:
                return
            online = self.local_seats | self._elsewhere
            self._outboxes.remove(outbox)
            self._went_offline(online)
            if outbox.seat is not None and outbox.seat not in self.local_seats:
                self._on_presence(self, outbox.seat)
                if outbox.seat not in self._elsewhere:
                    self._tell_seats()
            idle = self._idle()
        if idle:
            self._on_idle(self)

    async def sync(self, outbox: Outbox, since: int, request_id: int | None) -> None:
        """Tell a connection everything after ``since`` again (it found a gap)."""
        async with self._lock:
            key = _key(outbox, since)
            frames = await self._table_call(self._frames, [key])
            self._deliver(outbox, frames[key])

    # --- writes ------------------------------------------------------------------------------------

    async def act(self, outbox: Outbox, revision: int, action: Any, request_id: int | None) -> None:
        """The connection's seat acts at ``revision``: ``ok`` after the new revision's updates, or an error frame."""
        if is_resign(action):  # one way to resign: the resign frame
            outbox.put(encode(Error(code=codes.FRAME_INVALID, message="To resign, send a resign frame.", id=request_id, revision=self.table.revision)))
            return
        await self._write(outbox, request_id, lambda seat: self.table.act(seat, revision, action))

    async def undo(self, outbox: Outbox, revision: int, request_id: int | None) -> None:
        """The connection's seat takes back its last action (never forced: the undo policy holds)."""
        await self._write(outbox, request_id, lambda seat: self.table.undo(seat, revision))

    async def resign(self, outbox: Outbox, revision: int, request_id: int | None) -> None:
        """The connection's seat resigns at ``revision`` (the engine's forfeit: the game ends, the others win)."""
        await self._write(outbox, request_id, lambda seat: self.table.act(seat, revision, RESIGN))

    async def _write(self, outbox: Outbox, request_id: int | None, write: Callable[[int], object]) -> None:
        seat = outbox.seat
        if seat is None:
            outbox.put(encode(Error(code=codes.SEAT_SPECTATOR, message="A spectator may not act or undo.", id=request_id, revision=self.table.revision)))
            return
        refused = None
        if seat in self._bots.seats:
            refused = Error(code=codes.SEAT_BOT, message="The house bot plays this seat now.", id=request_id, revision=self.table.revision)
        elif self.waiting:
            message = "The match waits until every person's seat is taken, or handed to the house bot."
            refused = Error(code=codes.MATCH_WAITING, message=message, id=request_id, revision=self.table.revision)
        if refused is not None:
            outbox.put(encode(refused))
            return
        async with self._lock:
            try:
                built, failure = await self._table_call(self._write_and_build, write, seat)
            except (StaleRevision, IllegalAction, UndoRefused, StoreError) as exc:
                outbox.put(encode(refusal_frame(exc, request_id, self.table.revision)))
            except Exception as exc:
                log.exception("match %s: seat %s's write failed", self.match_id, seat)
                outbox.put(encode(refusal_frame(exc, request_id, self.table.revision)))
            else:
                if failure is not None:  # the write stands; building its frames failed, as _publish would have
                    raise failure
                assert built is not None
                self._deliver_all(*built)
                outbox.put(encode(Ok(id=request_id, revision=self.table.revision)))
                self.wake_bots()
                return
            await self._publish()  # a write that lost a race to another writer leaves the table caught up

    async def refresh(self) -> None:
        """Follow what another writer (another server process) stored, and tell every connection."""
        async with self._lock:
            await anyio.to_thread.run_sync(self.table.refresh)
            await self._publish()
        self.wake_bots()

    # --- bots --------------------------------------------------------------------------------------

    def hold_bots(self, held: bool) -> None:
        """This process holds (``True``) or lost the right to move the match's bots; bots that failed stay stopped."""
        self.plays_bots = held and not self._bots_failed
        self.wake_bots()

    def wake_bots(self) -> None:
        """Let the bots move if one of their seats may act (their task runs until none may)."""
        if self.plays_bots and not self.closed and self._bots.seats and (self._bot_task is None or self._bot_task.done()):
            self._bot_task = asyncio.get_running_loop().create_task(self._run_bots(), name=f"bots {self.match_id}")

    async def _run_bots(self) -> None:
        while True:
            async with self._lock:
                if not self.plays_bots or self.closed or self.waiting or self._bots.to_move(self.table.match) is None:
                    # Decided under the lock, and the task forgotten there: a write or a refresh after this point sees
                    # no bot task and starts one, so a move that comes due as this task ends is never left unplayed.
                    self._bot_task = None
                    idle = self._idle()
                    break
            await asyncio.sleep(self.settings.bot_delay)
            retry = False
            async with self._lock:
                if self.closed:
                    return
                try:
                    on_loop = self._inline_writes and not self._bots.searches and not self._bots_slow
                    took = self._bot_turn() if on_loop else await anyio.to_thread.run_sync(self._bot_turn)
                    self._bots_slow = took > BOT_ON_LOOP_SECONDS
                except StoreUnavailable:
                    log.warning("match %s: the store is unavailable; the bots try again in %s s", self.match_id, self.settings.retry_delay)
                    retry = True
                except StaleRevision as exc:  # the table followed the winner: the loop decides again from there
                    log.info("match %s: a bot's move lost to another writer (%s)", self.match_id, exc)
                except Exception:
                    log.exception("match %s: a bot failed; the server's bots stop playing this match", self.match_id)
                    self.plays_bots = False
                    self._bots_failed = True
                await self._publish()
            if retry:
                await asyncio.sleep(self.settings.retry_delay)
        if idle:
            self._on_idle(self)

    def _bot_turn(self) -> float:
        """One bot move, if a bot may still move (under the lock, in a worker thread or on the loop); the seconds it took."""
        started = time.perf_counter()
        match = self.table.match
        seat = self._bots.to_move(match)
        if seat is not None:
            self.table.act(seat, self.table.revision, self._bots.choose(match, seat))
        return time.perf_counter() - started

    # --- lifetime ----------------------------------------------------------------------------------

    def _idle(self) -> bool:
        """No connections and nothing for the bots to do (the lock is held)."""
        bots_busy = self._bot_task is not None and not self._bot_task.done() and self._bot_task is not asyncio.current_task()
        return not self._outboxes and not bots_busy

    async def retire(self) -> bool:
        """Close the master if it is still idle; whether it did (a closed master refuses connections)."""
        async with self._lock:
            if self._idle() and (not self.plays_bots or self.waiting or self._bots.to_move(self.table.match) is None):
                self.closed = True
        return self.closed

    async def close(self) -> None:
        """Stop the bots and refuse new connections (the server is shutting down)."""
        self.closed = True
        task = self._bot_task
        if task is not None and not task.done():
            task.cancel()
            await asyncio.wait([task])

    # --- building frames (under the lock, where _table_call runs them) -----------------------------------------------

    async def _publish(self) -> None:
        """Bring every connection to the table's revision (the lock is held)."""
        behind, keys = self._behind()
        if behind:
            self._deliver_all(behind, keys, await self._table_call(self._frames, keys))

    async def _table_call(self, work: Callable[[Unpack[Args]], T], *args: Unpack[Args]) -> T:
        """``work(*args)``, a table call: on the event loop through a store that never blocks, else in a worker thread."""
        return work(*args) if self._inline_writes else await anyio.to_thread.run_sync(work, *args)

    def _behind(self) -> tuple[list[Outbox], list[_Key]]:
        """The connections behind the table's revision, and the key of the frames each needs (the lock is held)."""
        revision = self.table.revision
        behind = [outbox for outbox in self._outboxes if outbox.revision != revision]
        return behind, [_key(o, o.revision, o.told_finished) for o in behind]

    def _write_and_build(
        self, write: Callable[[int], object], seat: int
    ) -> tuple[tuple[list[Outbox], list[_Key], dict[_Key, _Frames]] | None, Exception | None]:
        """In one call (a worker thread's, or the event loop's for a store that never blocks): the write (its errors
        propagate), then the frames of every connection behind it.

        One thread hop per action instead of two. The lock is held, so the connections and their revisions cannot
        change meanwhile (only code under the lock changes them).
        """
        write(seat)
        try:
            behind, keys = self._behind()
            return (behind, keys, self._frames(keys) if behind else {}), None
        except Exception as exc:
            return None, exc

    def _deliver_all(self, behind: list[Outbox], keys: list[_Key], frames: dict[_Key, _Frames]) -> None:
        for outbox, key in zip(behind, keys):
            self._deliver(outbox, frames[key])

    def _deliver(self, outbox: Outbox, frames: _Frames) -> None:
        revision, over, texts, picture = frames
        for text in texts:
            outbox.put(text)
        outbox.revision = revision
        outbox.told_finished = outbox.told_finished or over
        outbox.picture = picture

    def _frames(self, keys: Sequence[_Key]) -> dict[_Key, _Frames]:
        """For each key: the revision told, whether the end was told, the frames, and the picture held after them (each
        frame built once per call)."""
        table = self.table
        match = table.match
        revision, over = table.revision, match.is_over
        pictures: dict[int | None, str] = {}
        stories: dict[int | None, str] = {}
        out: dict[_Key, _Frames] = {}
        for key in dict.fromkeys(keys):
            seat, since, picture, story, told, base = key
            held = base
            message = table.snapshot(seat) if since is None else table.updates(seat, since)
            texts = [encode(message)]
            if story and not isinstance(message, Updates):
                if seat not in stories:
                    chains = [record.chain for record in match.records()] if match.seed_commitment is not None else [None] * len(match)
                    told_steps = tuple(
                        StoryStep(step=n, player=match.step_at(n).player, text=tuple(match.step_text(n, seat)), chain=chains[n - 1])
                        for n in range(1, len(match) + 1)
                    )
                    stories[seat] = encode(Story(revision=revision, steps=told_steps))
                texts.append(stories[seat])
            if picture and match.presentation.picture is not None:
                if seat not in pictures:
                    pictures[seat] = self._picture(revision, seat)
                svg = pictures[seat]
                if svg and base is not None:
                    texts.append(encode(PictureDiff(revision=revision, base=base[0], pieces=tuple(picture_diff(base[1], svg)))))
                elif svg:
                    texts.append(encode(Picture(revision=revision, svg=svg)))
                held = (revision, svg) if svg else base
            if over and not told:
                texts.append(encode(self._finished_frame(revision)))
            out[key] = (revision, over, texts, held)
        return out

    def _picture(self, revision: int, seat: int | None) -> str:
        """The seat's picture, or ``""`` when the game's drawing failed (logged; the client keeps its last picture)."""
        try:
            return self.table.match.picture(seat)
        except Exception:
            log.exception("match %s: the picture of revision %s for seat %s failed", self.match_id, revision, seat)
            return ""

    def _finished_frame(self, revision: int) -> Finished:
        """The verification of the finished match's whole log, as exported from the store (once per revision)."""
        if self._finished is None or self._finished[0] != revision:
            verdict = verify(export_log(self.table.store, self.match_id), complete=True)
            self._finished = (revision, Finished(revision=revision, valid=verdict.ok, verdict=str(verdict), log=f"/api/matches/{self.match_id}/log"))
        return self._finished[1]
