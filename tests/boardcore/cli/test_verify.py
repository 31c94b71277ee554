"""``boardcore verify``: exit 0 for a valid log, 1 naming the step for a tampered one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from boardcore.cli import main


def test_verify_exits_non_zero_on_a_tampered_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A tampered record makes verify print the step and exit 1."""
    log = tmp_path / "k.jsonl"
    main(["play", "kuhn_poker", "--seed", "4", "--out", str(log)])
    rows = log.read_text().splitlines()
    record = json.loads(rows[1])
    record["events"] = "f" * 32
    rows[1] = json.dumps(record)
    log.write_text("\n".join(rows) + "\n")
    capsys.readouterr()
    assert main(["verify", str(log)]) == 1
    assert "step 1" in capsys.readouterr().out
