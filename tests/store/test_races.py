"""N processes racing appends to one match: exactly one winner per revision, nothing lost, nothing duplicated.

Run with ``-s`` to print the figures quoted in ``docs/serving.md``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from boardcore.registry import get_game
from boardcore.store import PostgresStore, RevisionConflict, SeedSecret, SqliteStore, StepEntry, Store, export_log
from boardcore.table import StaleRevision, Table
from boardcore.testing.store_contract import header_for, step_entry
from boardcore.verify import verify
from tests.store.forked import Child, Gate, Say
from tests.store.postgres import postgres_url, scratch_schema

Opener = Callable[[], Store]


@pytest.fixture(params=["sqlite", "postgres"])
def opener(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, Opener]]:
    """How each racing process opens its own connection to one shared store."""
    if request.param == "sqlite":
        path = tmp_path / "race.sqlite3"
        yield "sqlite", lambda: SqliteStore(path)
    else:
        url = postgres_url()
        with scratch_schema(url) as schema:
            yield "postgres", lambda: PostgresStore(url, schema=schema)


def racer(open_store: Opener, writer: int, attempts: int) -> Callable[[Say], Any]:
    """Read the revision, think for up to 2 ms, claim the next one; count wins and conflicts (anything else fails the child)."""

    def work(say: Say) -> dict[str, Any]:
        store = open_store()
        rng = random.Random(writer)
        won: list[int] = []
        conflicts = 0
        for attempt in range(attempts):
            info = store.info("race")
            time.sleep(rng.random() * 0.002)  # a server deciding what to append: the window in which others may win
            entry = step_entry(info.revision + 1, info.steps + 1, writer=writer, attempt=attempt)
            try:
                store.append("race", entry, "active")
            except RevisionConflict:
                conflicts += 1
            else:
                won.append(entry.revision)
        store.close()
        return {"won": won, "conflicts": conflicts}

    return work


PROCESSES = {"sqlite": (4, 40), "postgres": (8, 60)}
"""Racing processes and attempts each, per backend (bounded: SQLite commits wait for an fsync each)."""


def test_racing_processes_get_exactly_one_winner_per_revision(opener: tuple[str, Opener]) -> None:
    """Every attempt either wins a revision or gets RevisionConflict; the journal is the winners, in order, once each."""
    backend, open_store = opener
    processes, attempts = PROCESSES[backend]
    store = open_store()
    store.create("race", header_for(), SeedSecret(7))
    gate = Gate()
    children = [Child(racer(open_store, w, attempts), gate) for w in range(processes)]
    gate.open(processes)
    results = [child.result() for child in children]
    journal = store.journal("race")
    store.close()
    wins = {revision: writer for writer, r in enumerate(results) for revision in r["won"]}
    won = sum(len(r["won"]) for r in results)
    conflicts = sum(r["conflicts"] for r in results)
    assert won + conflicts == processes * attempts
    assert won == len(wins), "two writers won the same revision"
    assert [e.revision for e in journal] == list(range(1, won + 1)), "a revision is missing or out of order"
    for entry in journal:
        assert isinstance(entry, StepEntry)
        assert entry.record.step == entry.revision
        assert entry.record.action["writer"] == wins[entry.revision], "the stored entry is not its winner's"
    assert conflicts > 0, "the writers never actually raced"
    print(f"\n{backend}: {processes} processes x {attempts} attempts: {won} revisions won, {conflicts} conflicts, 0 lost, 0 duplicated")


STEPS = 120
"""How far the racing tables play (a random 5 Wards game can run to several hundred steps)."""


def table_player(open_store: Opener, seed: int) -> Callable[[Say], Any]:
    """A process holding its own Table of the stored match, acting for whoever must act on the revision it knows."""

    def work(say: Say) -> dict[str, int]:
        store = open_store()
        table = Table.open(store, "game")
        rng = random.Random(seed)
        won = stale = 0
        while not table.match.is_over and table.revision < STEPS:
            seat = min(table.match.actors)
            try:
                table.act(seat, table.revision, rng.choice(table.match.legal_actions(seat)))
            except StaleRevision:
                stale += 1  # the table caught up from the store; decide again
            else:
                won += 1
        store.close()
        return {"won": won, "stale": stale}

    return work


def test_racing_tables_play_one_verifiable_game(opener: tuple[str, Opener]) -> None:
    """Three processes play one 5 Wards match through their own tables: the stored log verifies and holds every winning step."""
    backend, open_store = opener
    store = open_store()
    Table.create(get_game("five_wards"), 2, seed=9, store=store, match_id="game")
    gate = Gate()
    children = [Child(table_player(open_store, seed), gate) for seed in range(3)]
    gate.open(3)
    results = [child.result() for child in children]
    log = export_log(store, "game")
    info = store.info("game")
    store.close()
    verdict = verify(log)
    assert verdict.ok and verdict.steps == STEPS, verdict
    assert sum(r["won"] for r in results) == info.revision == len(log.records)
    assert sum(r["stale"] for r in results) > 0, "the tables never actually raced"
    print(f"\n{backend}: 3 tables: {info.revision} steps won, {sum(r['stale'] for r in results)} stale revisions refused; the log verifies")
