"""What a click on the board means (``static/js/board.js``) and what the last picture changed (``static/js/sheet.js``), under Node's own test runner: ``tests/js/board.test.mjs``, ``tests/js/sheet.test.mjs``."""

from __future__ import annotations

import subprocess

from tests.serve.node import ROOT, node


def test_node_board_rules_pass() -> None:
    """``node --test`` passes: one choice acts, several are offered, a pick's pieces toggle to a legal set; changed drawings are marked."""
    done = subprocess.run([node(), "--test", "tests/js/board.test.mjs", "tests/js/sheet.test.mjs"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    assert "# fail 0" in done.stdout and "# skipped 0" in done.stdout
