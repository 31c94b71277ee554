"""Results on disk: one row per match, as CSV (the journal, written as matches finish) and Parquet.

Columns: ``seed, game, players, bots, winners, ranks, scores, reason,
cooperative, draw, truncated, length``. Per-seat values are lists in seat order: Parquet
stores them as list columns; CSV joins them with ``;`` (``winners`` is empty
when nobody won, ``scores`` empty when the game has none).

A run directory holds ``run.json`` (what was asked for), ``matches.csv`` and, once
the run is complete and where pyarrow is installed (the ``[sim]`` extra), ``matches.parquet``. While a run goes on, each finished
match is appended to ``matches.csv`` and flushed, so an interrupted run keeps
its work; the finished files are sorted by seed, so they are byte-identical
whatever executor, worker count or interruption produced them.
"""

from __future__ import annotations

import csv
import importlib
import importlib.util
import io
import json
import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from boardcore.sim.play import MatchRecord

PARQUET = importlib.util.find_spec("pyarrow") is not None
"""pyarrow is installed: a complete run also writes ``matches.parquet`` (CSV is always written, and holds the same)."""
pa: Any = importlib.import_module("pyarrow") if PARQUET else None
pq: Any = importlib.import_module("pyarrow.parquet") if PARQUET else None

__all__ = ["COLUMNS", "CSV_NAME", "PARQUET_NAME", "RUN_NAME", "Journal", "read_results", "write_final"]

COLUMNS = ("seed", "game", "players", "bots", "winners", "ranks", "scores", "reason", "cooperative", "draw", "truncated", "length")
CSV_NAME = "matches.csv"
PARQUET_NAME = "matches.parquet"
RUN_NAME = "run.json"

SCHEMA: Any = None if pa is None else pa.schema(
    [
        ("seed", pa.int64()),
        ("game", pa.string()),
        ("players", pa.int64()),
        ("bots", pa.list_(pa.string())),
        ("winners", pa.list_(pa.int64())),
        ("ranks", pa.list_(pa.int64())),
        ("scores", pa.list_(pa.float64())),
        ("reason", pa.string()),
        ("cooperative", pa.bool_()),
        ("draw", pa.bool_()),
        ("truncated", pa.bool_()),
        ("length", pa.int64()),
    ]
)


def _number(value: float) -> str:
    return str(int(value)) if value.is_integer() else repr(value)


def _csv_row(record: MatchRecord) -> list[str]:
    scores = "" if record.scores is None else ";".join(_number(s) for s in record.scores)
    return [
        str(record.seed),
        record.game,
        str(record.players),
        ";".join(record.bots),
        ";".join(map(str, record.winners)),
        ";".join(map(str, record.ranks)),
        scores,
        record.reason,
        "true" if record.cooperative else "false",
        "true" if record.draw else "false",
        "true" if record.truncated else "false",
        str(record.length),
    ]


def _ints(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split(";")) if text else ()


def _from_csv(row: Sequence[str]) -> MatchRecord:
    fields = dict(zip(COLUMNS, row, strict=True))
    return MatchRecord(
        seed=int(fields["seed"]),
        game=fields["game"],
        players=int(fields["players"]),
        bots=tuple(fields["bots"].split(";")),
        winners=_ints(fields["winners"]),
        ranks=_ints(fields["ranks"]),
        scores=tuple(float(s) for s in fields["scores"].split(";")) if fields["scores"] else None,
        reason=fields["reason"],
        cooperative=fields["cooperative"] == "true",
        draw=fields["draw"] == "true",
        truncated=fields["truncated"] == "true",
        length=int(fields["length"]),
    )


def _read_csv(path: Path) -> list[MatchRecord]:
    """Every complete row of a journal (a last line cut short by an interruption is left out)."""
    text = path.read_text(encoding="utf-8")
    if text and not text.endswith("\n"):
        text = text[: text.rfind("\n") + 1]
    rows = list(csv.reader(io.StringIO(text)))
    if not rows:
        return []
    if tuple(rows[0]) != COLUMNS:
        msg = f"{path}: not a boardcore results file (columns {rows[0]!r})"
        raise ValueError(msg)
    return [_from_csv(row) for row in rows[1:]]


def _read_parquet(path: Path) -> list[MatchRecord]:
    if pq is None:
        msg = f"{path}: reading Parquet needs pyarrow (pip install 'boardcore[sim]'); the run's {CSV_NAME} holds the same records"
        raise ValueError(msg)
    table = pq.read_table(path)
    if tuple(table.column_names) != COLUMNS:
        msg = f"{path}: not a boardcore results file (columns {table.column_names!r})"
        raise ValueError(msg)
    out = []
    for row in table.to_pylist():
        out.append(
            MatchRecord(
                seed=row["seed"],
                game=row["game"],
                players=row["players"],
                bots=tuple(row["bots"]),
                winners=tuple(row["winners"]),
                ranks=tuple(row["ranks"]),
                scores=None if row["scores"] is None else tuple(row["scores"]),
                reason=row["reason"],
                cooperative=row["cooperative"],
                draw=row["draw"],
                truncated=row["truncated"],
                length=row["length"],
            )
        )
    return out


def read_results(path: str | os.PathLike[str]) -> list[MatchRecord]:
    """The records of a run directory (its Parquet file once complete, else its journal), a ``.parquet`` or a ``.csv``.

    Raises:
        FileNotFoundError: nothing to read there.
        ValueError: the file is not a results table.
    """
    path = Path(path)
    if path.is_dir():
        parquet, journal = path / PARQUET_NAME, path / CSV_NAME
        if parquet.exists() and PARQUET:
            return _read_parquet(parquet)
        if journal.exists():
            return _read_csv(journal)
        msg = f"{path} holds no {PARQUET_NAME} or {CSV_NAME}"
        raise FileNotFoundError(msg)
    if path.suffix == ".parquet":
        return _read_parquet(path)
    return _read_csv(path)


def _table(records: Sequence[MatchRecord]) -> Any:
    columns: dict[str, list[Any]] = {name: [] for name in COLUMNS}
    for record in records:
        for name in COLUMNS:
            value = getattr(record, name)
            columns[name].append(list(value) if isinstance(value, tuple) else value)
    return pa.Table.from_pydict(columns, schema=SCHEMA)


def write_final(directory: Path, records: Iterable[MatchRecord]) -> list[MatchRecord]:
    """Rewrite the journal sorted by seed and write the Parquet file beside it (where pyarrow is installed);
    returns the sorted records."""
    ordered = sorted(records, key=lambda record: record.seed)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(COLUMNS)
    writer.writerows(_csv_row(record) for record in ordered)
    _replace(directory / CSV_NAME, buffer.getvalue().encode("utf-8"))
    if PARQUET:
        sink = pa.BufferOutputStream()
        pq.write_table(_table(ordered), sink)
        _replace(directory / PARQUET_NAME, sink.getvalue().to_pybytes())
    return ordered


def _replace(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically (a reader never sees half a file)."""
    part = path.with_name(path.name + ".part")
    part.write_bytes(data)
    os.replace(part, path)


class Journal:
    """The run directory's CSV journal: finished matches are appended and flushed as they come."""

    def __init__(self, directory: Path, run: dict[str, Any]) -> None:
        """Open (or start) the journal of ``run`` in ``directory``.

        Raises:
            ValueError: the directory holds a different run (resuming needs the same command).
        """
        directory.mkdir(parents=True, exist_ok=True)
        self.directory = directory
        manifest = directory / RUN_NAME
        wanted = json.dumps(run, indent=2, sort_keys=True) + "\n"
        if manifest.exists() and manifest.read_text(encoding="utf-8") != wanted:
            msg = f"{directory} holds results of a different run (see its {RUN_NAME}); choose another --out, or rerun the same command to resume"
            raise ValueError(msg)
        journal = directory / CSV_NAME
        self.done: list[MatchRecord] = _read_csv(journal) if journal.exists() else []
        (directory / PARQUET_NAME).unlink(missing_ok=True)
        _replace(manifest, wanted.encode("utf-8"))
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(COLUMNS)
        writer.writerows(_csv_row(record) for record in self.done)
        _replace(journal, buffer.getvalue().encode("utf-8"))
        self._file = journal.open("a", encoding="utf-8", newline="")
        self._writer = csv.writer(self._file, lineterminator="\n")

    def append(self, records: Iterable[MatchRecord]) -> None:
        """Add finished matches and flush them to disk."""
        for record in records:
            self._writer.writerow(_csv_row(record))
            self.done.append(record)
        self._file.flush()

    def close(self) -> None:
        self._file.close()
