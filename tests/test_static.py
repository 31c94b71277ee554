"""Static checks: the engine and the games type-check under ``mypy --strict``; the tree passes ruff's lint rules."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, check=False)


def test_engine_and_games_are_strictly_typed() -> None:
    """mypy --strict finds nothing in src/boardcore or src/games."""
    done = _run("mypy", "--strict", "--no-incremental", "src/boardcore", "src/games")
    assert done.returncode == 0, done.stdout[-4000:]


def test_lint_is_clean() -> None:
    """ruff (pyflakes, import order, bugbear; configured in pyproject.toml) finds nothing."""
    done = _run("ruff", "check", "src", "tests", "benchmarks", "dev.py")
    assert done.returncode == 0, done.stdout[-4000:]
