"""``boardcore export``: a stored match's log written and verified, its committed seed only once finished."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardcore.cli import main
from tests.boardcore.cli.stored import only_match

pytestmark = pytest.mark.usefixtures("in_tmp")
"""Every test runs in its own empty folder: the stores and exported logs land there."""


def test_a_committed_match_exports_its_reveal_only_once_finished(capsys: pytest.CaptureFixture[str]) -> None:
    """An unfinished committed-seed match exports without its seed (verify asks for it); finished, it verifies alone."""
    assert main(["play", "tic_tac_toe", "--db", "m.sqlite3", "--commit-seed", "--stop-after", "2"]) == 1
    match_id = only_match("m.sqlite3")
    assert main(["export", match_id, "--db", "m.sqlite3"]) == 1
    assert "seed is committed but not revealed" in capsys.readouterr().out
    assert b'"reveal"' not in Path(f"out/{match_id}.jsonl").read_bytes()
    assert main(["resume", match_id, "--db", "m.sqlite3", "--bots", "random"]) == 0
    assert main(["export", match_id, "--db", "m.sqlite3"]) == 0
    assert b'"type":"reveal"' in Path(f"out/{match_id}.jsonl").read_bytes()
