"""What the subcommand tests over a store share: a folder of their own to work in."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The test's empty folder as the working directory (``--db m.sqlite3`` and ``out/`` land there)."""
    monkeypatch.chdir(tmp_path)
    return tmp_path
