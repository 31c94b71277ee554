"""The hub: every match master of one server process, the lobby's operations, and the storage under them.

A master is loaded from the store when a connection or a bot first needs its
match (replayed and verified by :meth:`Table.open <boardcore.table.Table.open>`),
and retired when it has no connections and nothing for its bots to do, so memory
follows what is being played, not what was ever played. On start the hub loads
every active match whose bots must move, so a restarted server goes on playing.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
from collections.abc import Sequence
from typing import Any

import anyio.to_thread
import attrs

from boardcore.game import Game
from boardcore.registry import get_game, list_games
from boardcore.serve.master import Master, MasterClosed, Outbox, Settings
from boardcore.serve.protocol import BotKind, CreateMatch, GameInfo, MatchSummary, OptionInfo, SeatInfo
from boardcore.serve.seats import MemorySeats, SeatBook, SeatRefused, SeatRow, SqliteSeats
from boardcore.serve.tokens import new_token, token_hash
from boardcore.store import MatchInfo, MemoryStore, Status, Store, UnknownMatch, is_postgres_url, open_store
from boardcore.table import Table

__all__ = ["MAX_NAME", "Hub", "LobbyRefused", "game_info", "open_backends"]

log = logging.getLogger("boardcore.serve")

MAX_NAME = 40
"""The longest seat name, in characters."""

LISTED = 100
"""Matches listed per request, newest first."""


class LobbyRefused(Exception):
    """A lobby request that cannot be done as asked: ``code`` (``docs/serving.md``) and an HTTP ``status``."""

    def __init__(self, message: str, *, code: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.status = status


def open_backends(location: str) -> tuple[Store, SeatBook]:
    """The event store and the seat book at ``location``: ``:memory:``, a SQLite file, or a ``postgresql://`` URL.

    Raises:
        StoreUnavailable: the database cannot be opened (or psycopg is missing for a URL).
        StoreError: it holds another version of the store's schema.
    """
    if location == ":memory:":
        return MemoryStore(), MemorySeats()
    store = open_store(location)
    try:
        if is_postgres_url(location):
            seats: SeatBook = importlib.import_module("boardcore.serve.seats_postgres").PostgresSeats(location)
        else:
            seats = SqliteSeats(location)
    except BaseException:
        store.close()
        raise
    return store, seats


def game_info(game: Game[Any, Any, Any, Any]) -> GameInfo:
    """What the lobby shows of a game: its name, player counts, house bot and options with their defaults."""
    options = tuple(
        OptionInfo(name=field.name, default=field.default if not isinstance(field.default, tuple) else list(field.default))
        for field in attrs.fields(game.options_type)
        if field.default is not attrs.NOTHING and not isinstance(field.default, attrs.Factory)  # type: ignore[arg-type]
    )
    return GameInfo(name=game.name, title=game.title, player_counts=game.player_counts, house_bot=game.house_bot is not None, options=options)


def _clean_name(name: str, seat: int) -> str:
    """A seat name fit to show: trimmed, without control characters, 1 to :data:`MAX_NAME` characters."""
    cleaned = " ".join("".join(ch if ch.isprintable() else " " for ch in name).split())
    if not cleaned:
        raise LobbyRefused(f"seat {seat} needs a name", code="match/invalid")
    if len(cleaned) > MAX_NAME:
        raise LobbyRefused(f"seat {seat}'s name is longer than {MAX_NAME} characters", code="match/invalid")
    return cleaned


class Hub:
    """Every master of this process over one store and seat book."""

    def __init__(self, store: Store, seats: SeatBook, settings: Settings | None = None) -> None:
        self.store = store
        self.seats = seats
        self.settings = Settings() if settings is None else settings
        self._masters: dict[str, Master] = {}
        self._loading = asyncio.Lock()
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
        async with self._loading:
            found = self._masters.get(match_id)
            if found is not None and not found.closed:
                return found
            rows = await anyio.to_thread.run_sync(self.seats.seats, match_id)
            if not rows:
                raise UnknownMatch(match_id)
            table = await anyio.to_thread.run_sync(Table.open, self.store, match_id)
            master = Master(table, rows, self.settings, on_idle=self._idle)
            self._masters[match_id] = master
        master.wake_bots()
        return master

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
        asyncio.get_running_loop().create_task(self._retire(master))

    async def _retire(self, master: Master) -> None:
        if await master.retire() and self._masters.get(master.match_id) is master:
            del self._masters[master.match_id]

    @property
    def loaded(self) -> int:
        """Masters held in memory now."""
        return len(self._masters)

    async def start(self) -> None:
        """Load every active served match whose bots may have a move to make (after a restart)."""
        infos, every = await anyio.to_thread.run_sync(lambda: (self.store.matches(status="active"), self.seats.every_match()))
        for info in infos:
            rows = every.get(info.match_id, ())
            if any(row.bot is not None for row in rows):
                try:
                    await self.master(info.match_id)
                except Exception:
                    log.exception("match %s could not be loaded", info.match_id)

    async def close(self) -> None:
        """Stop every master's bots (the store and seat book stay open for the caller to close)."""
        for master in list(self._masters.values()):
            await master.close()
        self._masters.clear()

    # --- lobby -------------------------------------------------------------------------------------

    def games(self) -> list[GameInfo]:
        """Every game this server hosts."""
        return [game_info(game) for game in self._games.values()]

    async def create(self, request: CreateMatch) -> tuple[MatchSummary, int | None, str | None]:
        """A new match as asked: its summary, and the claimed seat and token when ``request.claim`` names one.

        Raises:
            LobbyRefused: an unknown game, a bad player count, names, options or seed, or a claim of a bot's seat.
        """
        game = self._games.get(request.game)
        if game is None:
            raise LobbyRefused(f"no game {request.game!r} here; choose one of {', '.join(self._games)}", code="game/unknown", status=404)
        players = len(request.seats)
        if players not in game.player_counts:
            counts = ", ".join(map(str, game.player_counts))
            raise LobbyRefused(f"{game.title} is played by {counts} players, not {players}", code="match/invalid")
        names = [_clean_name(seat.name, index) for index, seat in enumerate(request.seats)]
        bots: list[BotKind | None] = [seat.bot for seat in request.seats]
        if request.claim is not None and not (0 <= request.claim < players and bots[request.claim] is None):
            raise LobbyRefused(f"seat {request.claim} is not a person's seat of this match, so it cannot be claimed", code="match/invalid")
        if request.commit_seed and request.seed is not None:
            raise LobbyRefused("a committed seed is drawn by the server; give a seed only with commit_seed false", code="match/invalid")

        def create() -> Table[Any, Any, Any, Any]:
            try:
                table = Table.create(game, names, seed=request.seed, options=request.options or None, commit_seed=request.commit_seed, store=self.store)
            except ValueError as exc:
                raise LobbyRefused(str(exc), code="match/invalid") from None
            self.seats.add(table.match_id, bots)
            return table

        table = await anyio.to_thread.run_sync(create)
        token = None
        if request.claim is not None:
            token = new_token()
            await anyio.to_thread.run_sync(self.seats.claim, table.match_id, request.claim, token_hash(token))
        summary = await self.summary(table.match_id)
        if any(bot is not None for bot in bots):
            await self.master(table.match_id)  # its bots may move first
        return summary, request.claim, token

    async def claim(self, match_id: str, seat: int) -> str:
        """A fresh token for a person's unclaimed seat (the server keeps only its hash).

        Raises:
            LobbyRefused: no such match or seat, a bot's seat, or a seat already claimed.
        """
        token = new_token()
        try:
            await anyio.to_thread.run_sync(self.seats.claim, match_id, seat, token_hash(token))
        except SeatRefused as exc:
            status = 409 if exc.code == "seat/taken" else 404 if exc.code == "seat/unknown" else 400
            raise LobbyRefused(exc.message, code=exc.code, status=status) from None
        master = self._masters.get(match_id)
        if master is not None:
            master.seat_claimed(seat)
        return token

    async def summary(self, match_id: str) -> MatchSummary:
        """One served match as the lobby lists it.

        Raises:
            LobbyRefused: no such served match.
        """
        try:
            info, rows, header = await anyio.to_thread.run_sync(
                lambda: (self.store.info(match_id), self.seats.seats(match_id), self.store.header(match_id))
            )
        except UnknownMatch:
            raise LobbyRefused(f"no match {match_id!r} is served here", code="match/unknown", status=404) from None
        if not rows:
            raise LobbyRefused(f"no match {match_id!r} is served here", code="match/unknown", status=404)
        return self._summary(info, rows, header.seed_commitment)

    async def listing(self, status: Status | None, open_only: bool) -> list[MatchSummary]:
        """Served matches, newest first (at most :data:`LISTED`), all or only active, finished or open ones."""

        def read() -> list[tuple[MatchInfo, tuple[SeatRow, ...], str | None]]:
            every = self.seats.every_match()
            infos = [info for info in self.store.matches(status=status) if info.match_id in every]
            if open_only:
                infos = [info for info in infos if any(row.bot is None and not row.claimed for row in every[info.match_id])]
            newest = infos[::-1][:LISTED]
            return [(info, every[info.match_id], self.store.header(info.match_id).seed_commitment) for info in newest]

        return [self._summary(info, rows, commitment) for info, rows, commitment in await anyio.to_thread.run_sync(read)]

    def _summary(self, info: MatchInfo, rows: Sequence[SeatRow], commitment: str | None) -> MatchSummary:
        game = self._games.get(info.game)
        master = self._masters.get(info.match_id)
        if master is not None:
            seats = master.seat_infos()
        else:
            seats = tuple(
                SeatInfo(seat=row.seat, name=info.players[row.seat], bot=row.bot, claimed=row.claimed, online=row.bot is not None) for row in rows
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
            seed_commitment=commitment,
        )
