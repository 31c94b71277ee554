"""Node.js and the TypeScript compiler for the JavaScript client's tests: Debian's ``nodejs``, ``typescript`` from npm.

``.ci/run`` installs both (``npm ci`` in ``tests/js``: ``node_modules/`` there, ignored by git). Without them the
tests skip, except in CI (``CI`` set), where they fail.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TSC = ROOT / "tests" / "js" / "node_modules" / ".bin" / "tsc"


def _need(what: str, reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"CI must run the {what} tests, but {reason}")
    pytest.skip(f"not in CI and {reason}")


def node() -> str:
    """The ``node`` executable (20 or later: global WebCrypto, ``--experimental-websocket``)."""
    found = shutil.which("node")
    if found is None:
        _need("JavaScript", "node is missing (Debian: apt-get install -y nodejs)")
    assert found is not None
    version = subprocess.run([found, "--version"], capture_output=True, text=True, check=True).stdout.strip()
    if int(version.lstrip("v").split(".")[0]) < 20:
        _need("JavaScript", f"node is {version}, older than 20")
    return found


def tsc() -> str:
    """The TypeScript compiler from ``npm install`` at the repository root."""
    node()
    if not TSC.exists():
        _need("TypeScript", f"{TSC} is missing (run npm ci in tests/js)")
    return str(TSC)
