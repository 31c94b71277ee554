"""Event stores side by side: appends per second, resuming a 10,000-step match, and save cost against history length.

boardcore's memory, SQLite and PostgreSQL stores against ``eventsourcing``'s
in-memory (POPO), SQLite and PostgreSQL recorders, in one run. PostgreSQL needs
``BOARDCORE_TEST_POSTGRES`` (a throwaway server: ``.ci/run`` starts one) and
skips without it; ``eventsourcing`` is in the ``peers`` and ``test`` dependency groups of pyproject.toml.
Durability is the same on both sides: SQLite in WAL mode with ``synchronous=FULL``
(eventsourcing keeps SQLite's default, FULL; boardcore sets it), PostgreSQL with
the server's settings (``fsync=off`` on the throwaway server, for both).

    .venv/bin/python benchmarks/test_store.py            # run these benchmarks, print the tables of docs/performance.md
    .venv/bin/python benchmarks/test_store.py --repeat 2 # fastest of two runs

With benchmarks disabled (the default test run) each one runs once on its
smallest size (a 100-step match) and checks its result.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import urllib.parse
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import psycopg
import pytest
from psycopg import sql

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import peers  # noqa: E402
from benchmarks.counter_game import COUNTER, Increment  # noqa: E402
from boardcore import Match  # noqa: E402
from boardcore.log import Log, Record  # noqa: E402
from boardcore.store import MemoryStore, PostgresStore, SeedSecret, SqliteStore, StepEntry, Store  # noqa: E402
from boardcore.table import Table  # noqa: E402

try:
    from eventsourcing.persistence import StoredEvent
    from eventsourcing.popo import POPOAggregateRecorder
    from eventsourcing.sqlite import SQLiteAggregateRecorder, SQLiteDatastore
except ImportError:  # the peer is optional
    StoredEvent = None

try:
    from eventsourcing.postgres import PostgresAggregateRecorder, PostgresDatastore
except ImportError:  # eventsourcing[postgres] needs psycopg_pool
    PostgresDatastore = None

RESUME_STEPS = 10_000
HISTORY_LENGTHS = (100, 1_000, 10_000)
BACKENDS = ("memory", "sqlite", "postgres")
PEERS = ("eventsourcing-popo", "eventsourcing-sqlite", "eventsourcing-postgres")
ENV = "BOARDCORE_TEST_POSTGRES"
HEX = "0123456789abcdef" * 2


def _postgres_url() -> str:
    url = os.environ.get(ENV)
    if not url:
        pytest.skip(f"no PostgreSQL server: set {ENV} (.ci/run starts one)")
    return url


@pytest.fixture
def scratch(tmp_path: Path) -> Iterator[Callable[[str], Any]]:
    """Opens a fresh store or recorder of a kind (each in its own file or schema); everything is closed and dropped after."""
    opened: list[Any] = []
    schemas: list[str] = []

    def schema() -> tuple[str, str]:
        url = _postgres_url()
        name = f"bench_{uuid.uuid4().hex[:10]}"
        with psycopg.connect(url, autocommit=True) as db:
            db.execute(sql.SQL("CREATE SCHEMA {}").format(sql.Identifier(name)))
        schemas.append(name)
        return url, name

    def open_kind(kind: str) -> Any:
        if kind == "memory":
            made: Any = MemoryStore()
        elif kind == "sqlite":
            made = SqliteStore(tmp_path / f"{len(opened)}.sqlite3")
        elif kind == "postgres":
            url, name = schema()
            made = PostgresStore(url, schema=name)
        else:
            made = _eventsourcing(kind, tmp_path, schema)
        opened.append(made)
        return made

    yield open_kind
    for made in opened:
        closer = getattr(made, "close", None) or getattr(getattr(made, "datastore", None), "close", None)
        if closer is not None:
            closer()
    if schemas:
        with psycopg.connect(_postgres_url(), autocommit=True) as db:
            for name in schemas:
                db.execute(sql.SQL("DROP SCHEMA {} CASCADE").format(sql.Identifier(name)))


def _eventsourcing(kind: str, tmp_path: Path, schema: Callable[[], tuple[str, str]]) -> Any:
    """An eventsourcing aggregate recorder of ``kind``, its table created."""
    if StoredEvent is None:
        pytest.skip("eventsourcing is not installed (pip install open-spiel eventsourcing: the peers dependency group)")
    if kind == "eventsourcing-popo":
        return POPOAggregateRecorder()
    if kind == "eventsourcing-sqlite":
        recorder: Any = SQLiteAggregateRecorder(SQLiteDatastore(str(tmp_path / "es.sqlite3")))
    else:
        if PostgresDatastore is None:
            pytest.skip("eventsourcing's PostgreSQL recorder needs psycopg_pool (pip install 'eventsourcing[postgres]')")
        url, name = schema()
        parts = urllib.parse.urlsplit(url)
        datastore = PostgresDatastore(
            parts.path.lstrip("/") or "postgres", parts.hostname or "127.0.0.1", parts.port or 5432, parts.username or "postgres",
            parts.password or "", schema=name,
        )  # fmt: skip
        recorder = PostgresAggregateRecorder(datastore)
    recorder.create_table()
    return recorder


def _info(benchmark: Any, workload: str, contender: str, per_round: int, **more: Any) -> None:
    benchmark.group = f"store {workload}"
    benchmark.extra_info.update(store_workload=workload, contender=contender, per_round=per_round, **more)


def _entry(revision: int) -> StepEntry:
    """A step of the counter game as a store holds it (digests are 32 hex digits, like real ones)."""
    record = Record(step=revision, player=0, action={"type": "Increment"}, events=HEX, state=HEX, chain=HEX)
    return StepEntry(revision=revision, record=record)


def _header() -> Any:
    return Table.create(COUNTER, 1, seed=1).match.header


@pytest.mark.parametrize("contender", BACKENDS + PEERS)
def test_append(benchmark: Any, scratch: Callable[[str], Any], contender: str) -> None:
    """One step appended to a match with its optimistic revision check, committed (appends/s)."""
    target = scratch(contender)
    count = [0]
    if contender in BACKENDS:
        store: Store = target
        store.create("bench", _header(), SeedSecret(1))

        def append() -> None:
            count[0] += 1
            store.append("bench", _entry(count[0]), "active")

    else:
        originator = uuid.uuid4()

        def append() -> None:
            count[0] += 1
            event = StoredEvent(originator_id=originator, originator_version=count[0], topic="counter:Incremented", state=b'{"player":0}')
            target.insert_events([event])

    benchmark(append)
    _info(benchmark, "append", contender, 1)
    if contender in BACKENDS:
        assert store.info("bench").revision == count[0]
    else:
        assert len(target.select_events(originator)) == count[0]


def _fast_fill(store: Store, steps: int) -> Table[Any, Any, Any, Any]:
    """A counter match of ``steps`` steps in ``store``, written without waiting for the disk (setup only, not timed)."""
    if isinstance(store, SqliteStore):
        store._db.connection.execute("PRAGMA synchronous = OFF")
    elif isinstance(store, PostgresStore):
        store._db.connection().execute("SET synchronous_commit = off")
    table = Table.create(COUNTER, 1, seed=1, store=store, match_id="counter")
    for _ in range(steps):
        table.act(0, table.revision, Increment())
    if isinstance(store, SqliteStore):
        store._db.connection.execute("PRAGMA synchronous = FULL")
    elif isinstance(store, PostgresStore):
        store._db.connection().execute("SET synchronous_commit = on")
    return table


def _es_application(contender: str, tmp_path: Path, scratch: Callable[[str], Any], events: int) -> tuple[Any, Any]:
    """An eventsourcing Application on the same kind of database, holding one Counter aggregate of ``events`` events."""
    if peers.Application is None:
        pytest.skip("eventsourcing is not installed (pip install open-spiel eventsourcing: the peers dependency group)")
    env: dict[str, str] = {}
    if contender == "eventsourcing-sqlite":
        env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(tmp_path / "es-app.sqlite3")}
    elif contender == "eventsourcing-postgres":
        recorder = scratch("eventsourcing-postgres")  # a schema of its own, dropped afterwards
        parts = urllib.parse.urlsplit(_postgres_url())
        env = {
            "PERSISTENCE_MODULE": "eventsourcing.postgres",
            "POSTGRES_DBNAME": parts.path.lstrip("/") or "postgres",
            "POSTGRES_HOST": parts.hostname or "127.0.0.1",
            "POSTGRES_PORT": str(parts.port or 5432),
            "POSTGRES_USER": parts.username or "postgres",
            "POSTGRES_PASSWORD": parts.password or "",
            "POSTGRES_SCHEMA": recorder.datastore.schema,
        }
    app = peers.Application(env=env)
    counter = peers.Counter()
    for _ in range(events - 1):
        counter.increment()
    app.save(counter)
    return app, counter.id


@pytest.mark.parametrize("contender", BACKENDS + PEERS)
def test_resume(benchmark: Any, scratch: Callable[[str], Any], tmp_path: Path, contender: str) -> None:
    """Rebuild a 10,000-step match from the database: boardcore replays and verifies every digest; eventsourcing rebuilds its aggregate."""
    steps = 100 if benchmark.disabled else RESUME_STEPS
    if contender in BACKENDS:
        store: Store = scratch(contender)
        _fast_fill(store, steps)
        resumed = benchmark(Table.open, store, "counter", game=COUNTER)
        assert resumed.revision == steps and resumed.match.state.count == steps
    else:
        app, aggregate_id = _es_application(contender, tmp_path, scratch, steps)
        rebuilt = benchmark(app.repository.get, aggregate_id)
        assert rebuilt.count == steps - 1 and rebuilt.version == steps
        app.close()
    _info(benchmark, "resume", contender, steps, unit="steps")


def _rehash_all(match: Match[Any, Any, Any, Any]) -> Log:
    """What ``match.log`` cost before logs were incremental: every record hashed again (a copy without the cached records)."""
    return attrs.evolve(match, records=[], header=None).log


@pytest.mark.parametrize("length", HISTORY_LENGTHS)
@pytest.mark.parametrize("how", ["rehash all (before)", "match.log", "match.log.save", "act + append (memory)", "act + append (sqlite)"])
def test_save_after_each_action(benchmark: Any, scratch: Callable[[str], Any], tmp_path: Path, how: str, length: int) -> None:
    """The cost of saving once more at history length ``length`` (us per save): flat for the store, growing for whole-log saves."""
    if benchmark.disabled and length != HISTORY_LENGTHS[0]:
        pytest.skip("the smoke run measures the smallest history only")
    store = scratch("sqlite" if how.endswith("(sqlite)") else "memory")
    table = _fast_fill(store, length)
    match = table.match
    if how == "rehash all (before)":
        log = benchmark(_rehash_all, match)
        assert log.records == tuple(match.records())
    elif how == "match.log":
        log = benchmark(lambda: match.log)
        assert len(log.records) == length
    elif how == "match.log.save":
        path = tmp_path / "counter.jsonl"
        benchmark(match.log.save, path)
        assert path.read_bytes() == match.log.to_jsonl()
    else:
        benchmark(lambda: table.act(0, table.revision, Increment()))
        assert store.info("counter").revision == table.revision
    _info(benchmark, "save", how, 1, length=length)


# --- the report ------------------------------------------------------------------------


def _rate(bench: dict[str, Any]) -> float:
    return float(bench["extra_info"]["per_round"]) / float(bench["stats"]["min"])


def _fmt(value: float) -> str:
    if value >= 1e6:
        return f"{value / 1e6:.2f} M"
    if value >= 1e3:
        return f"{value / 1e3:.1f} k"
    return f"{value:.0f}"


def _table(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    return "\n".join(lines + ["| " + " | ".join(row) + " |" for row in rows])


def report(benches: list[dict[str, Any]]) -> str:
    """The markdown tables of docs/performance.md's store section."""
    by: dict[tuple[str, str, int], dict[str, Any]] = {}
    for bench in benches:
        info = bench["extra_info"]
        if "store_workload" in info:
            by[(info["store_workload"], info["contender"], info.get("length", 0))] = bench
    sections = []
    appends = {c: by[("append", c, 0)] for c in BACKENDS + PEERS if ("append", c, 0) in by}
    resumes = {c: by[("resume", c, 0)] for c in BACKENDS + PEERS if ("resume", c, 0) in by}
    pairs = (("memory", "eventsourcing-popo"), ("sqlite", "eventsourcing-sqlite"), ("postgres", "eventsourcing-postgres"))
    rows = []
    for ours, theirs in pairs:
        row = [ours]
        for found in (appends, resumes):
            a, b = found.get(ours), found.get(theirs)
            row.append(_fmt(_rate(a)) if a else "-")
            row.append(_fmt(_rate(b)) if b else "-")
            row.append(f"{_rate(a) / _rate(b):.2f}x" if a and b else "-")
        steps = resumes[ours]["extra_info"]["per_round"] if ours in resumes else RESUME_STEPS
        row.append(f"{resumes[ours]['stats']['min'] * 1e3:.0f} ms" if ours in resumes else "-")
        row.append(f"{resumes[theirs]['stats']['min'] * 1e3:.0f} ms" if theirs in resumes else "-")
        rows.append(row)
    sections.append(
        f"### Stores: appends and resuming a {steps:,}-step match, against eventsourcing\n\n"
        + _table(
            ["database", "boardcore appends/s", "eventsourcing appends/s", "ratio", "boardcore resume (steps/s)",
             "eventsourcing rebuild (events/s)", "ratio", "boardcore resume", "eventsourcing rebuild"],
            rows,
        )  # fmt: skip
    )
    hows = sorted({how for (w, how, _) in by if w == "save"}, key=lambda h: ["rehash", "match.log", "match.log.save", "act"].index(h.split(" ")[0]))
    rows = []
    for how in hows:
        cells = [by.get(("save", how, n)) for n in HISTORY_LENGTHS]
        times = [c["stats"]["min"] * 1e6 if c else None for c in cells]
        growth = f"{times[-1] / times[0]:.1f}x" if times[0] and times[-1] else "-"
        rows.append([how, *("-" if t is None else f"{t:,.1f}" for t in times), growth])
    sections.append(
        "### Saving after each action: cost of one save against history length (counter game)\n\n"
        + _table(["save", *(f"at {n:,} steps (us)" for n in HISTORY_LENGTHS), f"{HISTORY_LENGTHS[-1]:,} / {HISTORY_LENGTHS[0]:,}"], rows)
    )
    return "\n\n".join(sections) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=1, help="run this many times and keep each benchmark's fastest")
    parser.add_argument("--max-time", type=float, default=0.5, help="seconds per benchmark")
    args, pytest_args = parser.parse_known_args()
    best: dict[str, dict[str, Any]] = {}
    root = Path(__file__).resolve().parent.parent
    for _ in range(args.repeat):
        path = Path(tempfile.mkdtemp()) / "store.json"
        command = [
            sys.executable, "-m", "pytest", "benchmarks/test_store.py", "-q", "--benchmark-enable", f"--benchmark-json={path}",
            f"--benchmark-max-time={args.max_time}", "--benchmark-min-rounds=5", "--benchmark-disable-gc", *pytest_args,
        ]  # fmt: skip
        subprocess.call(command, cwd=root, stdout=sys.stderr)
        for bench in json.loads(path.read_text())["benchmarks"]:
            kept = best.get(bench["fullname"])
            if kept is None or bench["stats"]["min"] < kept["stats"]["min"]:
                best[bench["fullname"]] = bench
    print(report(list(best.values())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
