"""Parquet is optional: without pyarrow a run writes and reads its CSV alone, and a Parquet file is refused clearly."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardcore.sim import results
from boardcore.sim.play import MatchRecord

RECORDS = [
    MatchRecord(seed=seed, game="tic_tac_toe", players=2, bots=("random", "random"), winners=(seed % 2,), ranks=(1, 2),
                scores=None, reason="three in a row", cooperative=False, draw=False, truncated=False, length=7)
    for seed in (3, 1, 2)
]


def test_without_pyarrow_a_run_writes_and_reads_its_csv_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """write_final writes matches.csv only (sorted by seed), and read_results reads it back."""
    monkeypatch.setattr(results, "PARQUET", False)
    ordered = results.write_final(tmp_path, RECORDS)
    assert [r.seed for r in ordered] == [1, 2, 3]
    assert sorted(p.name for p in tmp_path.iterdir()) == [results.CSV_NAME]
    assert results.read_results(tmp_path) == ordered


def test_without_pyarrow_a_parquet_file_is_refused_naming_the_extra(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Reading a .parquet without pyarrow is a ValueError that names the extra and the CSV beside it."""
    monkeypatch.setattr(results, "pq", None)
    with pytest.raises(ValueError, match=r"needs pyarrow \(pip install 'boardcore\[sim\]'\)"):
        results.read_results(tmp_path / "matches.parquet")


def test_with_pyarrow_both_files_hold_the_same_records(tmp_path: Path) -> None:
    """Where pyarrow is installed, the Parquet file is written beside the CSV and reads back the same."""
    pytest.importorskip("pyarrow")
    ordered = results.write_final(tmp_path, RECORDS)
    assert results.read_results(tmp_path / results.PARQUET_NAME) == ordered == results.read_results(tmp_path / results.CSV_NAME)
