"""Results on disk: one row per match, as CSV (the journal, written as matches finish) and Parquet.

Columns: ``seed, game, players, bots, winners, ranks, scores, reason,
cooperative, draw, truncated, length``, then one column per figure of the game's
``Strategy.metrics``: ``metric.NAME`` for a per-match figure, ``seat_metric.NAME`` for one
per seat. Per-seat values are lists in seat order: Parquet
stores them as list columns; CSV joins them with ``;`` (``winners`` is empty
when nobody won, ``scores`` empty when the game has none). Seats are numbered from 0
in every column (``winners``), as in the API; reports say "seat 0" too.

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

__all__ = ["COLUMNS", "CSV_NAME", "METRIC", "PARQUET_NAME", "RUN_NAME", "SEAT_METRIC", "Journal", "read_results", "write_final"]

COLUMNS = ("seed", "game", "players", "bots", "winners", "ranks", "scores", "reason", "cooperative", "draw", "truncated", "length")
CSV_NAME = "matches.csv"
PARQUET_NAME = "matches.parquet"
RUN_NAME = "run.json"
METRIC = "metric."
"""Prefix of a per-match metric's column."""
SEAT_METRIC = "seat_metric."
"""Prefix of a per-seat metric's column."""

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


def metric_columns(records: Iterable[MatchRecord]) -> tuple[str, ...]:
    """The metric columns of ``records``, in the order the game gives its metrics."""
    found: dict[str, None] = {}
    for record in records:
        found.update(dict.fromkeys(METRIC + name for name, _ in record.metrics))
        found.update(dict.fromkeys(SEAT_METRIC + name for name, _ in record.seat_metrics))
    return tuple(found)


def _metric_cells(record: MatchRecord, extra: Sequence[str]) -> list[str]:
    values = {METRIC + name: _number(value) for name, value in record.metrics}
    values.update({SEAT_METRIC + name: ";".join(_number(v) for v in value) for name, value in record.seat_metrics})
    return [values.get(column, "") for column in extra]


def _csv_row(record: MatchRecord, extra: Sequence[str] = ()) -> list[str]:
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
        *_metric_cells(record, extra),
    ]


def _ints(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split(";")) if text else ()


def _from_csv(row: Sequence[str], header: Sequence[str]) -> MatchRecord:
    fields = dict(zip(header, row, strict=True))
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
        metrics=tuple((c[len(METRIC) :], float(v)) for c, v in fields.items() if c.startswith(METRIC) and v),
        seat_metrics=tuple((c[len(SEAT_METRIC) :], tuple(float(x) for x in v.split(";"))) for c, v in fields.items() if c.startswith(SEAT_METRIC) and v),
    )


def _check_columns(path: Path, names: Sequence[str]) -> None:
    """Refuse a table whose columns are not the results columns followed by metric columns."""
    extra = names[len(COLUMNS) :]
    if tuple(names[: len(COLUMNS)]) != COLUMNS or not all(name.startswith((METRIC, SEAT_METRIC)) for name in extra):
        msg = f"{path}: not a boardcore results file (columns {list(names)!r})"
        raise ValueError(msg)


def _read_csv(path: Path) -> list[MatchRecord]:
    """Every complete row of a journal (a last line cut short by an interruption is left out)."""
    text = path.read_text(encoding="utf-8")
    if text and not text.endswith("\n"):
        text = text[: text.rfind("\n") + 1]
    rows = list(csv.reader(io.StringIO(text)))
    if not rows:
        return []
    _check_columns(path, rows[0])
    try:
        return [_from_csv(row, rows[0]) for row in rows[1:]]
    except ValueError as exc:
        msg = f"{path}: a row does not read as a match ({exc})"
        raise ValueError(msg) from None


def _read_parquet(path: Path) -> list[MatchRecord]:
    if pq is None:
        msg = f"{path}: reading Parquet needs pyarrow (pip install 'boardcore[sim]'); the run's {CSV_NAME} holds the same records"
        raise ValueError(msg)
    table = pq.read_table(path)
    _check_columns(path, table.column_names)
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
                metrics=tuple((c[len(METRIC) :], v) for c, v in row.items() if c.startswith(METRIC) and v is not None),
                seat_metrics=tuple((c[len(SEAT_METRIC) :], tuple(v)) for c, v in row.items() if c.startswith(SEAT_METRIC) and v is not None),
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
    schema = SCHEMA
    for column in metric_columns(records):
        per_seat = column.startswith(SEAT_METRIC)
        name = column[len(SEAT_METRIC if per_seat else METRIC) :]
        found = [dict(record.seat_metrics if per_seat else record.metrics).get(name) for record in records]
        columns[column] = [list(v) if isinstance(v, tuple) else v for v in found]
        schema = schema.append(pa.field(column, pa.list_(pa.float64()) if per_seat else pa.float64()))
    return pa.Table.from_pydict(columns, schema=schema)


def write_final(directory: Path, records: Iterable[MatchRecord]) -> list[MatchRecord]:
    """Rewrite the journal sorted by seed and write the Parquet file beside it (where pyarrow is installed);
    returns the sorted records."""
    ordered = sorted(records, key=lambda record: record.seed)
    extra = metric_columns(ordered)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow((*COLUMNS, *extra))
    writer.writerows(_csv_row(record, extra) for record in ordered)
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
        self._journal = directory / CSV_NAME
        self.done: list[MatchRecord] = _read_csv(self._journal) if self._journal.exists() else []
        (directory / PARQUET_NAME).unlink(missing_ok=True)
        _replace(manifest, wanted.encode("utf-8"))
        self._columns: tuple[str, ...] | None = None
        self._file: io.TextIOWrapper | None = None
        self._rewrite()

    def _rewrite(self) -> None:
        """Write the journal afresh with every match so far (once its metric columns are known: at the first match)."""
        if self._file is not None:
            self._file.close()
        self._columns = metric_columns(self.done) if self.done else None
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        if self._columns is not None:
            writer.writerow((*COLUMNS, *self._columns))
            writer.writerows(_csv_row(record, self._columns) for record in self.done)
        _replace(self._journal, buffer.getvalue().encode("utf-8"))
        self._file = self._journal.open("a", encoding="utf-8", newline="")
        self._writer = csv.writer(self._file, lineterminator="\n")

    def append(self, records: Iterable[MatchRecord]) -> None:
        """Add finished matches and flush them to disk (a metric not seen before rewrites the journal with its column)."""
        batch = list(records)
        self.done.extend(batch)
        if self._columns is None or not set(metric_columns(batch)) <= set(self._columns):
            self._rewrite()
            return
        assert self._file is not None
        for record in batch:
            self._writer.writerow(_csv_row(record, self._columns))
        self._file.flush()

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
