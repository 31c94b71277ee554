"""The engine's public API type-checks under ``mypy --strict``."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(shutil.which("mypy") is None and not (Path(sys.executable).parent / "mypy").exists(), reason="mypy not installed")
def test_engine_is_strictly_typed() -> None:
    """mypy --strict finds nothing in src/boardcore."""
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "src/boardcore"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-4000:]
