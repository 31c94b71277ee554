"""The JavaScript verifier (``static/js/verify.js``) under Node's own test runner, against ``boardcore verify``.

``tests/js/verify.test.mjs`` checks the canonical encoding and the docs' worked example, then every golden log
(seed public, and seed committed and revealed) and its tampered copies (``tests/serve/js_cases.py``): the verdict
in JavaScript must be Python's. ``tests/js/connection.test.mjs`` checks the live record of published chain values.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from tests.serve.js_cases import write_cases
from tests.serve.node import ROOT, node


@pytest.mark.slow
def test_node_verifier_agrees_with_python_on_golden_and_tampered_logs(tmp_path: Path) -> None:
    """``node --test`` passes: same kind, step and line as Python on every case, and the connection's record of the
    published chain values (``tests/js/connection.test.mjs``) keeps and flags what it should."""
    runner = node()
    cases = write_cases(tmp_path)
    done = subprocess.run(
        [runner, "--test", "tests/js/verify.test.mjs", "tests/js/connection.test.mjs"], cwd=ROOT, capture_output=True, text=True, timeout=120,
        env={**os.environ, "BOARDCORE_JS_CASES": str(cases)},
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    assert "# fail 0" in done.stdout and "# skipped 0" in done.stdout
