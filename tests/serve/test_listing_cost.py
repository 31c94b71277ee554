"""The lobby's listing reads a page from an index: its cost does not grow with the finished matches stored.

Cost is counted, not timed: SQLite's progress handler counts the virtual-machine instructions
the listing runs on the store's and the seat book's connections.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import anyio
import pytest

from boardcore.registry import get_game
from boardcore.serve.hub import Hub
from boardcore.serve.master import Settings
from boardcore.serve.seats import SqliteSeats
from boardcore.store.sqlite import SqliteStore
from boardcore.table import Table


def stored(path: Path, finished: int, active: int = 10) -> None:
    """``finished`` finished matches (copies of one, written in one transaction), then ``active`` newer active ones."""
    store, seats = SqliteStore(path), SqliteSeats(path)
    game = get_game("tic_tac_toe")
    template = Table.create(game, 2, seed=1, store=store)
    seats.add(template.match_id, [None, None])
    for revision, cell in enumerate((0, 3, 1, 4, 2)):
        template.act(revision % 2, revision, {"type": "PlaceMark", "cell": cell})
    store.close()
    seats.close()
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA synchronous = OFF")
        copy = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)"
        db.execute(
            f"{copy} INSERT INTO boardcore_matches (match_id, game, players, header, status, revision, steps, created, updated)"
            " SELECT printf('old%06d', i), game, players, header, status, revision, steps, created - i, updated"
            " FROM boardcore_matches, n WHERE match_id = ?",
            (finished - 1, template.match_id),
        )
        db.execute(
            f"{copy} INSERT INTO boardcore_serve_seats (match_id, seat) SELECT printf('old%06d', i), seat FROM boardcore_serve_seats, n"
            " WHERE match_id = ?",
            (finished - 1, template.match_id),
        )
    store, seats = SqliteStore(path), SqliteSeats(path)
    for _ in range(active):
        seats.add(Table.create(game, 2, seed=2, store=store).match_id, [None, None])
    store.close()
    seats.close()


def instructions(path: Path, status: str | None, open_only: bool) -> tuple[int, int]:
    """``(matches listed, SQLite instructions run)`` for one listing of the server's first page."""
    store, seats = SqliteStore(path), SqliteSeats(path)
    count = [0]

    def tick() -> int:
        count[0] += 1
        return 0

    try:
        for db in (store._db.connection, seats._db.connection):  # noqa: SLF001 (the connections whose work is counted)
            db.set_progress_handler(tick, 1)
        hub = Hub(store, seats, Settings())
        listed = anyio.run(lambda: hub.listing(status, open_only))  # type: ignore[arg-type]
        return len(listed), count[0]
    finally:
        store.close()
        seats.close()


@pytest.mark.parametrize(("status", "open_only"), [(None, False), ("active", False), (None, True), ("finished", False)])
def test_the_listing_costs_the_same_at_100_and_5000_finished_matches(tmp_path: Path, status: str | None, open_only: bool) -> None:
    """Every listing of the first page runs within 5% of the same instructions with 50 times the finished matches."""
    costs = []
    for finished in (100, 5000):
        path = tmp_path / f"{finished}.sqlite3"
        stored(path, finished)
        listed, cost = instructions(path, status, open_only)
        assert listed == (100 if status in (None, "finished") and not open_only else 10)
        costs.append(cost)
    small, large = costs
    assert large <= small * 1.05, costs
