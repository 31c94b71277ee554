"""A SQLite store whose write-ahead log would lose committed transactions on recovery is refused, never rolled back.

The writer is a child process that exits without closing (as a kill leaves it), so its WAL is
left for the next opener to recover.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from boardcore.store import SqliteStore, StoreError
from boardcore.store.wal import lost_commits

WRITER = """
import os, sys
from boardcore.registry import get_game
from boardcore.store import SqliteStore
from boardcore.table import Table
store = SqliteStore(sys.argv[1])
for seed in range(int(sys.argv[2])):
    table = Table.create(get_game("tic_tac_toe"), 2, seed=seed, store=store)
    for revision, cell in enumerate((0, 3, 1, 4, 2)):
        table.act(revision % 2, revision, {"type": "PlaceMark", "cell": cell})
os._exit(0)
"""

PAGE_FRAME = 24 + 4096


def killed_writer(path: Path, matches: int) -> None:
    subprocess.run([sys.executable, "-c", WRITER, str(path), str(matches)], check=True, timeout=120)
    assert Path(f"{path}-wal").stat().st_size > 40 * PAGE_FRAME, "the WAL was not left behind"


def copy(source: Path, target: Path) -> Path:
    for suffix in ("", "-wal"):
        shutil.copyfile(f"{source}{suffix}", f"{target}{suffix}")
    return target


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("wal") / "store.sqlite3"
    killed_writer(path, 12)
    return path


def test_an_intact_wal_after_a_kill_is_recovered_whole(written: Path, tmp_path: Path) -> None:
    """Nothing flipped: every match comes back finished at revision 5."""
    path = copy(written, tmp_path / "intact.sqlite3")
    assert lost_commits(path) is None
    store = SqliteStore(path)
    try:
        assert [(info.status, info.revision) for info in store.matches()] == [("finished", 5)] * 12
    finally:
        store.close()


def test_a_bit_flipped_in_the_middle_of_the_wal_is_refused(written: Path, tmp_path: Path) -> None:
    """One bit of an early frame flipped: recovery would drop later commits, so the store refuses to open (and the
    files stay as they were)."""
    path = copy(written, tmp_path / "flipped.sqlite3")
    wal = Path(f"{path}-wal")
    data = bytearray(wal.read_bytes())
    data[32 + 10 * PAGE_FRAME + 24 + 200] ^= 0x10
    wal.write_bytes(bytes(data))
    with pytest.raises(StoreError, match="write-ahead log would roll committed matches back"):
        SqliteStore(path)
    assert wal.read_bytes() == bytes(data)


def test_a_torn_last_frame_loses_only_the_unacknowledged_tail(written: Path, tmp_path: Path) -> None:
    """A WAL cut inside its last frame (a write torn by the crash) opens: only that transaction is lost."""
    path = copy(written, tmp_path / "torn.sqlite3")
    wal = Path(f"{path}-wal")
    wal.write_bytes(wal.read_bytes()[:-100])
    store = SqliteStore(path)
    try:
        assert len(store.matches()) >= 11
    finally:
        store.close()
