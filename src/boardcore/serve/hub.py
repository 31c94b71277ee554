"""The hub: every match master of one server process, the lobby's operations, and the storage under them.

A master is loaded from the store when a connection or a bot first needs its
match (replayed and verified by :meth:`Table.open <boardcore.table.Table.open>`),
and retired when it has no connections and nothing for its bots to do, so memory
follows what is being played, not what was ever played. On start the hub loads
every active match whose bots must move, so a restarted server goes on playing.

What a hub shares with other server processes goes through its
:class:`Coordinator`: :class:`SingleProcess` (nothing to share) for SQLite and
memory, :class:`boardcore.serve.cluster.Cluster` over PostgreSQL (fan-out of
other processes' revisions, one process per match playing its bots, presence).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol, TypeVar

import anyio.to_thread
import attrs

from boardcore import codes
from boardcore.game import Game
from boardcore.log import Header
from boardcore.registry import get_game, list_games
from boardcore.serve.limits import CreateLimits
from boardcore.serve.master import Master, MasterClosed, Outbox, Settings
from boardcore.serve.protocol import BotKind, CreateMatch, GameListing, MatchSummary, OptionInfo, SeatInfo
from boardcore.serve.seats import MemorySeats, SeatBook, SeatRefused, SeatRow, open_seats
from boardcore.serve.tokens import new_token, token_hash
from boardcore.store import MatchInfo, MatchRejected, MemoryStore, Status, Store, UnknownMatch, open_store
from boardcore.strategy import get_strategy
from boardcore.table import Table

__all__ = ["MAX_NAME", "Coordinator", "Hub", "LobbyRefused", "SingleProcess", "game_listing", "open_backends"]

log = logging.getLogger("boardcore.serve")

MAX_NAME = 40
"""The longest seat name, in characters."""

T = TypeVar("T")

LISTED = 100
"""Matches listed per request, newest first."""


class LobbyRefused(Exception):
    """A lobby request that cannot be done as asked: ``code`` (``docs/serving.md``) and an HTTP ``status``."""

    def __init__(self, message: str, *, code: str, status: int = 400, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.status = status
        self.retry_after = retry_after
        """Seconds after which the same request may succeed (sent as ``Retry-After``)."""


def open_backends(location: str) -> tuple[Store, SeatBook]:
    """The event store and the seat book at ``location``: ``:memory:``, a SQLite file, or a ``postgresql://`` URL.

    Raises:
        StoreUnavailable: the database cannot be opened (or psycopg is missing for a URL).
        StoreError: it holds another version of the store's schema, or (SQLite) it is a 0-byte, foreign or damaged
            file, or recovering its write-ahead log would roll committed matches back.
    """
    if location == ":memory:":
        return MemoryStore(), MemorySeats()
    store = open_store(location)
    try:
        seats = open_seats(location)
    except BaseException:
        store.close()
        raise
    return store, seats


def game_listing(game: Game[Any, Any, Any, Any]) -> GameListing:
    """What the lobby shows of a game: its name, player counts, house bot, options with their defaults and its info."""
    options = tuple(
        OptionInfo(name=field.name, default=field.default if not isinstance(field.default, tuple) else list(field.default))
        for field in attrs.fields(game.options_type)
        if field.default is not attrs.NOTHING and not isinstance(field.default, attrs.Factory)  # type: ignore[arg-type]
    )
    house_bot = get_strategy(game.name).house_bot is not None
    return GameListing(name=game.name, title=game.title, player_counts=game.player_counts, house_bot=house_bot, options=options, info=game.info)


def _clean_name(name: str, seat: int) -> str:
    """A seat name fit to show: trimmed, without control characters, 1 to :data:`MAX_NAME` characters."""
    cleaned = " ".join("".join(ch if ch.isprintable() else " " for ch in name).split())
    if not cleaned:
        raise LobbyRefused(f"seat {seat} needs a name", code=codes.MATCH_INVALID)
    if len(cleaned) > MAX_NAME:
        raise LobbyRefused(f"seat {seat}'s name is longer than {MAX_NAME} characters", code=codes.MATCH_INVALID)
    return cleaned


class Coordinator(Protocol):
    """What a hub shares with the other server processes over its database.

    The hub calls the synchronous methods marked "worker thread" from worker threads (they may wait on the
    database), the others on the event loop (they must not).
    """

    async def start(self, hub: Hub) -> None:
        """Begin, before the hub loads any match."""
        ...

    async def close(self) -> None:
        """Stop, after the hub stopped every master's bots."""
        ...

    def claim_bots(self, match_ids: Sequence[str]) -> list[str]:
        """(Worker thread.) Which of these matches' bots this process now plays (it will load those masters)."""
        ...

    def loaded(self, master: Master) -> None:
        """A master was loaded: set whether it plays its bots (before the hub wakes them)."""
        ...

    def retired(self, master: Master) -> None:
        """A master was retired (it had no connections and nothing for its bots to do)."""
        ...

    def presence(self, master: Master, seat: int) -> None:
        """A seat's first connection to this process opened, or its last one closed."""
        ...

    def claimed(self, match_id: str) -> None:
        """(Worker thread.) A seat of the match was claimed through this process."""
        ...

    def online_elsewhere(self, match_ids: Iterable[str]) -> dict[str, frozenset[int]]:
        """(Worker thread.) Per match, the seats with a connection open on another process (only matches with one)."""
        ...


class SingleProcess:
    """The :class:`Coordinator` of a server that is the only process on its database: it plays every bot."""

    async def start(self, hub: Hub) -> None:
        pass

    async def close(self) -> None:
        pass

    def claim_bots(self, match_ids: Sequence[str]) -> list[str]:
        return list(match_ids)

    def loaded(self, master: Master) -> None:
        pass

    def retired(self, master: Master) -> None:
        pass

    def presence(self, master: Master, seat: int) -> None:
        pass

    def claimed(self, match_id: str) -> None:
        pass

    def online_elsewhere(self, match_ids: Iterable[str]) -> dict[str, frozenset[int]]:
        return {}


async def _in_daemon_thread(work: Callable[[], T]) -> T:
    """``work()`` in a daemon thread of its own: a caller that stops waiting abandons it, and a load stuck for ever
    can neither hold a worker of the shared pool nor keep the process from exiting on SIGTERM."""
    loop = asyncio.get_running_loop()
    done: asyncio.Future[T] = loop.create_future()

    def settle(result: T | None, error: BaseException | None) -> None:
        if done.done():
            return  # the caller stopped waiting
        if error is not None:
            done.set_exception(error)
        else:
            done.set_result(result)  # type: ignore[arg-type]

    def run() -> None:
        try:
            result, error = work(), None
        except BaseException as exc:  # handed to the caller, raised there
            result, error = None, exc
        with contextlib.suppress(RuntimeError):  # the loop closed meanwhile: nobody is waiting
            loop.call_soon_threadsafe(settle, result, error)

    threading.Thread(target=run, name="boardcore load", daemon=True).start()
    return await done


@attrs.define
class _Loading:
    """A match being loaded: its lock, and how many callers wait on it (the entry goes with the last)."""

    lock: asyncio.Lock = attrs.field(factory=asyncio.Lock)
    waiting: int = 0


class Hub:
    """Every master of this process over one store and seat book."""

    def __init__(self, store: Store, seats: SeatBook, settings: Settings | None = None, *, coordinator: Coordinator | None = None) -> None:
        self.store = store
        self.seats = seats
        self.settings = Settings() if settings is None else settings
        self.coordinator: Coordinator = SingleProcess() if coordinator is None else coordinator
        self._masters: dict[str, Master] = {}
        self._loading: dict[str, _Loading] = {}
        """One lock per match being loaded: loading one match never waits on another."""
        self._damaged: dict[str, MatchRejected] = {}
        self._retiring: dict[str, asyncio.TimerHandle] = {}
        """When each idle master is to be retired (``Settings.retire_after`` after it went idle)."""
        self._retire_after = self.settings.retire_after if isinstance(self.coordinator, SingleProcess) else 0.0
        """Over several processes an idle master retires at once: it holds its bots' lease, which goes to the process
        the match's next connection comes to."""
        self._limits = CreateLimits(self.settings.create_rate, self.settings.create_burst, self.settings.open_per_client)
        self._games = {name: get_game(name) for name in list_games()}

    def __repr__(self) -> str:
        return f"Hub({self.store!r}, masters={len(self._masters)})"

    # --- masters ---------------------------------------------------------------------------------

    async def master(self, match_id: str) -> Master:
        """The match's master, loaded from the store if needed.

        Raises:
            UnknownMatch: no served match with this id.
            MatchRejected: the stored match fails verification.
        """
        found = self._masters.get(match_id)
        if found is not None and not found.closed:
            return found
        self._refuse_damaged(match_id)
        loading = self._loading.setdefault(match_id, _Loading())
        loading.waiting += 1
        try:
            async with loading.lock:
                found = self._masters.get(match_id)
                if found is not None and not found.closed:
                    return found
                self._refuse_damaged(match_id)
                master = await self._load(match_id)
        finally:
            loading.waiting -= 1
            if not loading.waiting:
                del self._loading[match_id]
        master.wake_bots()
        return master

    async def _load(self, match_id: str) -> Master:
        """Replay and verify one match in a worker thread, within the load deadline; a match that fails is damaged."""
        rows = await anyio.to_thread.run_sync(self.seats.seats, match_id)
        if not rows:
            raise UnknownMatch(match_id)
        deadline = self.settings.load_timeout
        try:
            table, elsewhere = await asyncio.wait_for(
                _in_daemon_thread(lambda: (Table.open(self.store, match_id), self.coordinator.online_elsewhere([match_id]))), deadline
            )
        except TimeoutError:
            raise self._damage(MatchRejected(match_id, f"loading it took longer than {deadline:g} s", kind=codes.LOAD_TIMEOUT)) from None
        except MatchRejected as exc:
            raise self._damage(exc) from None
        return self._hold(table, rows, elsewhere.get(match_id, frozenset()))

    def _hold(self, table: Table[Any, Any, Any, Any], rows: Sequence[SeatRow], elsewhere: frozenset[int]) -> Master:
        """Serve ``table`` from this process: its master, with the seats ``rows`` and those online ``elsewhere``."""
        master = Master(table, rows, self.settings, on_idle=self._idle, on_presence=self.coordinator.presence)
        master.update_seats(elsewhere=elsewhere)
        self._masters[table.match_id] = master
        self.coordinator.loaded(master)
        return master

    def _damage(self, rejected: MatchRejected) -> MatchRejected:
        """Remember a match that cannot be opened (it is listed as damaged and never loaded again by this process)."""
        if rejected.match_id not in self._damaged:
            log.error("match %s is damaged and not served: %s", rejected.match_id, rejected)
        self._damaged[rejected.match_id] = rejected
        return rejected

    def _refuse_damaged(self, match_id: str) -> None:
        damaged = self._damaged.get(match_id)
        if damaged is not None:
            raise damaged

    def damaged(self, match_id: str) -> str | None:
        """The kind of damage this process found in the match (its row, journal or digests disagree), or ``None``.

        Only the kind is shown: the full reason, which may quote stored actions, goes to the server's log.
        """
        found = self._damaged.get(match_id)
        return None if found is None else found.kind

    def loaded_master(self, match_id: str) -> Master | None:
        """The match's master if this process holds it now (never loads one)."""
        found = self._masters.get(match_id)
        return None if found is None or found.closed else found

    def masters(self) -> list[Master]:
        """Every master this process holds now."""
        return [master for master in self._masters.values() if not master.closed]

    async def connect(self, match_id: str, outbox: Outbox, since: int | None) -> Master:
        """Attach a connection to the match's master (loading it, or a fresh one if it was just retired)."""
        while True:
            master = await self.master(match_id)
            try:
                await master.connect(outbox, since)
            except MasterClosed:
                continue
            return master

    async def seat_of(self, match_id: str, token: str) -> int | None:
        """The seat of ``match_id`` that ``token`` holds, or ``None``."""
        return await anyio.to_thread.run_sync(self.seats.seat_of, match_id, token_hash(token))

    def _idle(self, master: Master) -> None:
        """Retire ``master`` in ``Settings.retire_after`` seconds (at once over several processes), if still idle then."""
        loop = asyncio.get_running_loop()
        previous = self._retiring.pop(master.match_id, None)
        if previous is not None:
            previous.cancel()
        self._retiring[master.match_id] = loop.call_later(self._retire_after, self._retire_now, master)

    def _retire_now(self, master: Master) -> None:
        self._retiring.pop(master.match_id, None)
        asyncio.get_running_loop().create_task(self._retire(master))

    async def _retire(self, master: Master) -> None:
        if await master.retire() and self._masters.get(master.match_id) is master:
            del self._masters[master.match_id]
            self.coordinator.retired(master)

    @property
    def loaded(self) -> int:
        """Masters held in memory now."""
        return len(self._masters)

    async def start(self) -> None:
        """Start the coordinator, then load every active served match whose bots may have a move to make and that no
        other live process plays (after a restart)."""
        await self.coordinator.start(self)

        def bot_matches() -> list[str]:
            infos, every = self.store.matches(status="active"), self.seats.every_match()
            wanted = [info.match_id for info in infos if any(row.bot is not None for row in every.get(info.match_id, ()))]
            return self.coordinator.claim_bots(wanted)

        for match_id in await anyio.to_thread.run_sync(bot_matches):
            try:
                await self.master(match_id)
            except MatchRejected:
                pass  # logged once, listed as damaged
            except Exception as exc:
                log.error("match %s could not be loaded: %s: %s", match_id, type(exc).__name__, exc)

    async def close(self) -> None:
        """Stop every master's bots, then the coordinator (the store and seat book stay open for the caller to close)."""
        for retiring in self._retiring.values():
            retiring.cancel()
        self._retiring.clear()
        for master in list(self._masters.values()):
            await master.close()
        self._masters.clear()
        await self.coordinator.close()

    # --- lobby -------------------------------------------------------------------------------------

    def games(self) -> list[GameListing]:
        """Every game this server hosts."""
        return [game_listing(game) for game in self._games.values()]

    async def create(self, request: CreateMatch, client: str = "") -> tuple[MatchSummary, int | None, str | None]:
        """A new match as asked by ``client`` (its address): its summary, and the claimed seat and token when
        ``request.claim`` names one.

        Raises:
            LobbyRefused: an unknown game, a bad player count, names, options or seed, a claim of a bot's seat, or
                the client's create rate or cap of open matches reached (429).
        """
        await self._check_create_limits(client)
        game = self._games.get(request.game)
        if game is None:
            raise LobbyRefused(f"no game {request.game!r} here; choose one of {', '.join(self._games)}", code=codes.GAME_UNKNOWN, status=404)
        players = len(request.seats)
        if players not in game.player_counts:
            counts = ", ".join(map(str, game.player_counts))
            raise LobbyRefused(f"{game.title} is played by {counts} players, not {players}", code=codes.MATCH_INVALID)
        names = [_clean_name(seat.name, index) for index, seat in enumerate(request.seats)]
        bots: list[BotKind | None] = [seat.bot for seat in request.seats]
        if request.claim is not None and not (0 <= request.claim < players and bots[request.claim] is None):
            raise LobbyRefused(f"seat {request.claim} is not a person's seat of this match, so it cannot be claimed", code=codes.MATCH_INVALID)
        if request.commit_seed and request.seed is not None:
            raise LobbyRefused("a committed seed is drawn by the server; give a seed only with commit_seed false", code=codes.MATCH_INVALID)

        def create() -> Table[Any, Any, Any, Any]:
            try:
                table = Table.create(game, names, seed=request.seed_number(), options=request.options or None, commit_seed=request.commit_seed, store=self.store)
            except ValueError as exc:
                raise LobbyRefused(str(exc), code=codes.MATCH_INVALID) from None
            if any(bot is not None for bot in bots):  # before the seats: a crash between leaves a lease another process takes over
                self.coordinator.claim_bots([table.match_id])
            self.seats.add(table.match_id, bots)
            return table

        table = await anyio.to_thread.run_sync(create)
        self._limits.took(client, table.match_id)
        token = None
        if request.claim is not None:
            token = new_token()
            await anyio.to_thread.run_sync(self.seats.claim, table.match_id, request.claim, token_hash(token))
        summary = await self.summary(table.match_id)
        # Served from the table just made (nothing to replay), held until its first connection comes (its bots may move
        # first); retired like any idle master if none does.
        master = self._hold(table, await anyio.to_thread.run_sync(self.seats.seats, table.match_id), frozenset())
        master.wake_bots()
        self._idle(master)
        return summary, request.claim, token

    async def _check_create_limits(self, client: str) -> None:
        limits = self._limits
        wait = limits.wait(client)
        if wait > 0:
            raise LobbyRefused(f"too many new matches from your address; try again in {wait:.1f} s", code=codes.MATCH_RATE_LIMITED, status=429, retry_after=wait)
        created = limits.open_matches(client)
        if len(created) >= limits.open_cap:
            infos = await anyio.to_thread.run_sync(lambda: [self.store.info(match_id) for match_id in created])
            limits.still_open(client, [info.match_id for info in infos if info.status == "active"])
            if len(limits.open_matches(client)) >= limits.open_cap:
                msg = f"your address already has {limits.open_cap} unfinished matches here; finish one first"
                raise LobbyRefused(msg, code=codes.MATCH_TOO_MANY_OPEN, status=429, retry_after=60.0)

    async def claim(self, match_id: str, seat: int) -> str:
        """A fresh token for a person's unclaimed seat (the server keeps only its hash).

        Raises:
            LobbyRefused: no such match or seat, a bot's seat, or a seat already claimed.
        """
        token = new_token()
        try:
            await anyio.to_thread.run_sync(self.seats.claim, match_id, seat, token_hash(token))
        except SeatRefused as exc:
            status = 409 if exc.code == codes.SEAT_TAKEN else 404 if exc.code == codes.SEAT_UNKNOWN else 400
            raise LobbyRefused(exc.message, code=exc.code, status=status) from None
        master = self._masters.get(match_id)
        if master is not None:
            master.seat_claimed(seat)
        await anyio.to_thread.run_sync(self.coordinator.claimed, match_id)
        return token

    async def to_bot(self, match_id: str, seat: int, token: str) -> None:
        """A person of the match hands ``seat`` to the house bot: an open seat (so play can start), their own (they
        leave the table), or another person's away longer than ``Settings.away_seconds``.

        Raises:
            LobbyRefused: the token is not one of the match's seats, no such seat, a bot's seat already, or a person
                who has not been away long enough.
        """
        holder = await self.seat_of(match_id, token)
        if holder is None:
            raise LobbyRefused("That token is not a token of a seat of this match.", code=codes.AUTH_BAD_TOKEN, status=403)
        master = await self.master(match_id)
        row = next((row for row in master.seat_infos() if row.seat == seat), None)
        if row is not None and row.bot is None and row.claimed and seat != holder:
            away = master.away_for(seat)
            if away is None or away < self.settings.away_seconds:
                gone = "is connected" if away is None else f"has been away {int(away)} s"
                message = f"{row.name} {gone}; the house bot may take a seat away for {int(self.settings.away_seconds)} s."
                raise LobbyRefused(message, code=codes.SEAT_PRESENT, status=409)
        try:
            await anyio.to_thread.run_sync(self.seats.to_bot, match_id, seat, "house")
        except SeatRefused as exc:
            raise LobbyRefused(exc.message, code=exc.code, status=404 if exc.code == codes.SEAT_UNKNOWN else 409) from None
        master.seat_to_bot(seat, "house")
        await anyio.to_thread.run_sync(self.coordinator.claimed, match_id)
        if match_id in await anyio.to_thread.run_sync(self.coordinator.claim_bots, [match_id]):
            # claim_bots' promise is that this process loads the master: the one above may have been retired while the
            # seat changed hands (it had no connections and, until now, no bots), and a lease held for a master that
            # is not loaded would leave the bot idle until the claim expires
            master = await self.master(match_id)
            master.hold_bots(True)

    async def summary(self, match_id: str) -> MatchSummary:
        """One served match as the lobby lists it.

        Raises:
            LobbyRefused: no such served match.
        """
        try:
            info, rows, header, elsewhere = await anyio.to_thread.run_sync(
                lambda: (
                    self.store.info(match_id),
                    self.seats.seats(match_id),
                    self.store.header(match_id),
                    self.coordinator.online_elsewhere([match_id]),
                )
            )
        except UnknownMatch:
            raise LobbyRefused(f"no match {match_id!r} is served here", code=codes.MATCH_UNKNOWN, status=404) from None
        if not rows:
            raise LobbyRefused(f"no match {match_id!r} is served here", code=codes.MATCH_UNKNOWN, status=404)
        return self._summary(info, rows, header, elsewhere.get(match_id, frozenset()))

    async def listing(self, status: Status | None, open_only: bool, *, limit: int = LISTED, before: str | None = None) -> list[MatchSummary]:
        """Served matches, newest first: at most ``limit``, after match ``before`` (the last of the previous page), all
        or only active, finished or open ones. Pages are read from the store's index, so the cost is that of the
        page, not of every match ever stored (``open_only`` reads active matches until the page is full).

        Raises:
            LobbyRefused: ``before`` is not a stored match.
        """

        def read() -> list[tuple[MatchInfo, tuple[SeatRow, ...], Header, frozenset[int]]]:
            found: list[tuple[MatchInfo, tuple[SeatRow, ...]]] = []
            cursor = before
            wanted: Status | None = "active" if open_only else status
            if open_only and status == "finished":
                return []
            while len(found) < limit:
                page = self.store.newest(status=wanted, limit=limit, before=cursor)
                for info in page:
                    rows = self.seats.seats(info.match_id)
                    if rows and (not open_only or any(row.bot is None and not row.claimed for row in rows)):
                        found.append((info, rows))
                if len(page) < limit:
                    break
                cursor = page[-1].match_id
            found = found[:limit]
            elsewhere = self.coordinator.online_elsewhere(info.match_id for info, _ in found)
            return [(info, rows, self.store.header(info.match_id), elsewhere.get(info.match_id, frozenset())) for info, rows in found]

        try:
            return [self._summary(*listed) for listed in await anyio.to_thread.run_sync(read)]
        except UnknownMatch:
            raise LobbyRefused(f"no match {before!r} to list after", code=codes.REQUEST_INVALID) from None

    def _summary(self, info: MatchInfo, rows: Sequence[SeatRow], header: Header, elsewhere: frozenset[int]) -> MatchSummary:
        """The match as listed: seats online here or on another process (``elsewhere``); names from the log's header
        (the row's copy is checked against it when the match loads, never shown)."""
        game = self._games.get(info.game)
        master = self._masters.get(info.match_id)
        here: frozenset[int] = frozenset() if master is None else master.local_seats
        seats = tuple(
            SeatInfo(seat=row.seat, name=header.players[row.seat], bot=row.bot, claimed=row.claimed, online=row.bot is not None or row.seat in here | elsewhere)
            for row in rows
        )
        return MatchSummary(
            match_id=info.match_id,
            game=info.game,
            title=info.game if game is None else game.title,
            status=info.status,
            revision=info.revision,
            steps=info.steps,
            created=info.created,
            updated=info.updated,
            seats=seats,
            open=info.status == "active" and any(row.bot is None and not row.claimed for row in rows),
            seed_commitment=header.seed_commitment,
            damaged=self.damaged(info.match_id),
        )
