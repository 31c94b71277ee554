"""A writer killed with SIGKILL mid-append, many times: never a half step, never a corrupt store, nothing committed lost.

The writer plays tic-tac-toe matches through a :class:`~boardcore.table.Table`
(steps, undos, new matches) and tells the parent before and after each store
write; the parent kills it at a random moment, then checks the store. Run with
``-s`` to print the figures quoted in ``docs/serving.md``.
"""

from __future__ import annotations

import random
import sqlite3
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from boardcore.registry import get_game
from boardcore.store import PostgresStore, SqliteStore, Store, export_log
from boardcore.table import Table
from boardcore.verify import verify
from tests.store.forked import Child, Say
from tests.store.postgres import postgres_url, scratch_schema

Opener = Callable[[], Store]

KILLS = 40
"""Kills per backend (each writer runs 5-100 ms once ready: bounded, and long enough to land in every part of a write)."""


@pytest.fixture(params=["sqlite", "postgres"])
def opener(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, Opener]]:
    if request.param == "sqlite":
        path = tmp_path / "kill.sqlite3"
        yield "sqlite", lambda: SqliteStore(path)
    else:
        url = postgres_url()
        with scratch_schema(url) as schema:
            yield "postgres", lambda: PostgresStore(url, schema=schema)


def writer(open_store: Opener, seed: int) -> Callable[[Say], None]:
    """Play forever: create matches, act, sometimes undo; say ``begin``/``end`` around every write."""

    def work(say: Say) -> None:
        game = get_game("tic_tac_toe")
        rng = random.Random(seed)
        store = open_store()
        tables: list[Table[object, object, object, object]] = []
        created = 0
        say("ready")
        while True:
            if not tables or rng.random() < 0.1:
                created += 1
                match_id = f"m{seed}-{created}"
                say(f"begin {match_id} 0")
                tables.append(Table.create(game, 2, store=store, match_id=match_id))
                say(f"end {match_id} 0")
            table = rng.choice(tables)
            if table.match.is_over:
                tables.remove(table)
                continue
            seat = min(table.match.actors)
            say(f"begin {table.match_id} {table.revision + 1}")
            if len(table.match) and rng.random() < 0.2:
                table.undo(table.match.last_step.player, table.revision, force=True)  # type: ignore[union-attr]
            else:
                table.act(seat, table.revision, rng.choice(table.match.legal_actions(seat)))
            say(f"end {table.match_id} {table.revision}")

    return work


def check_match(store: Store, match_id: str) -> None:
    """The stored match replays and verifies (every journal entry, undone steps too) and exports a valid log."""
    info = store.info(match_id)
    table = Table.open(store, match_id)
    assert table.revision == info.revision
    assert store.secret(match_id).seed == table.match.seed
    assert verify(export_log(store, match_id)).ok


def test_a_killed_writer_never_leaves_a_half_step(opener: tuple[str, Opener]) -> None:
    """After every kill, the matches it wrote replay and verify, and every write the writer saw finish is there."""
    backend, open_store = opener
    rng = random.Random(1)
    in_flight = committed_in_flight = writes = 0
    for kill in range(KILLS):
        child = Child(writer(open_store, kill))
        child.wait_for("ready")
        time.sleep(rng.uniform(0.005, 0.1))
        child.kill()
        lines = child.lines()
        assert not any(line.startswith("ERROR") for line in lines), lines[-1]
        finished = {(m, int(r)) for kind, m, r in (line.split() for line in lines if line != "ready") if kind == "end"}
        writes += len(finished)
        store = open_store()
        if isinstance(store, SqliteStore):
            with sqlite3.connect(store.path) as check:
                assert check.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            check.close()
        touched = {line.split()[1] for line in lines if line != "ready"}
        revisions = {info.match_id: info.revision for info in store.matches()}
        for match_id in touched & set(revisions):
            check_match(store, match_id)
        for match_id, revision in finished:
            assert revisions.get(match_id, -1) >= revision, f"{match_id} lost revision {revision}, which had committed"
        if lines and lines[-1].startswith("begin"):
            in_flight += 1
            _, match_id, revision = lines[-1].split()
            committed_in_flight += revisions.get(match_id, -1) >= int(revision)
        store.close()
    store = open_store()
    for info in store.matches():
        check_match(store, info.match_id)
    store.close()
    assert in_flight >= KILLS // 4, "too few kills landed inside a write to show anything"
    print(
        f"\n{backend}: {KILLS} SIGKILLs, {writes} writes finished before them, {in_flight} kills inside a write "
        f"({committed_in_flight} of those had committed, {in_flight - committed_in_flight} rolled back); "
        "0 half steps, 0 corrupt matches, 0 committed writes lost"
    )
