#!/usr/bin/env python3
"""Set up (once) and run boardcore from a fresh clone with nothing but python3 (3.11+).

    python3 dev.py demo [GAME] [boardcore play options]   # bots play a full game, write and verify its log
    python3 dev.py test [--quick] [pytest options]          # the test suite, in parallel (--quick: not the slow tests)

``demo`` creates ``.venv`` and installs only the package (no extras); ``test`` adds the
extras the tests use and the ``test`` dependency group of ``pyproject.toml`` the first
time it runs. Either reinstalls only when ``pyproject.toml`` changed.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import tomllib
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
STAMP = VENV / ".boardcore-installed"
TEST_EXTRAS = "testing,rl,postgres,sim,ray,serve"
"""The published extras the test suite imports (the dev-only tools are the ``test`` dependency group)."""
QUICK = ["-m", "not slow"]
"""``--quick``: every test but those marked slow (strength statistics, soaks, races, kills, browser, benchmarks)."""
SLOWEST = ["--durations=15"]
"""A whole run ends with its 15 slowest tests, so a new slow test shows where everyone looks (tests/conftest.py
starts the longest first: a test that grew long belongs in its ``FIRST`` list)."""


def _installed() -> set[str]:
    """What the stamp says is installed for the current ``pyproject.toml``: ``{"demo"}``, ``{"demo", "test"}`` or nothing."""
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    try:
        stamp = json.loads(STAMP.read_text())
    except (OSError, ValueError):
        return set()
    return set(stamp.get("tiers", ())) if isinstance(stamp, dict) and stamp.get("pyproject") == wanted else set()


def ensure_env(tier: str) -> None:
    """Create the virtual environment and install what ``tier`` (``demo`` or ``test``) needs, if not yet done."""
    if sys.version_info < (3, 11):
        sys.exit(f"boardcore needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    done = _installed()
    if tier in done:
        return
    if not (BIN / "python").exists():
        print("setting up .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    pip = [str(BIN / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    if tier == "demo":
        subprocess.run([*pip, "-e", str(ROOT)], check=True)
    else:
        print("installing the test extras and tools (once) ...", flush=True)
        groups = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8")).get("dependency-groups", {})
        subprocess.run([*pip, "-e", f"{ROOT}[{TEST_EXTRAS}]", *groups.get("test", [])], check=True)
        done.add("demo")
    done.add(tier)
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    STAMP.write_text(json.dumps({"pyproject": wanted, "tiers": sorted(done)}))


def pytest_args(rest: list[str]) -> list[str]:
    """The pytest command line for ``dev.py test``: parallel over the machine's cores unless told otherwise."""
    quick = "--quick" in rest
    rest = [arg for arg in rest if arg != "--quick"]
    explicit = any(arg.startswith(("-n", "--numprocesses")) or arg == "no:xdist" for arg in rest)
    parallel = [] if explicit else ["-n", "auto", "--dist=loadgroup"]  # tests sharing one resource carry one xdist_group
    return [*parallel, *(QUICK if quick else SLOWEST), *rest]


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("demo", "test"):
        print(__doc__)
        return 2
    command, rest = argv[0], argv[1:]
    ensure_env(command)
    if command == "demo":
        game = rest[0] if rest and not rest[0].startswith("-") else "five_wards"
        extra = rest[1:] if rest and not rest[0].startswith("-") else rest
        if "--players" not in extra and game == "five_wards":
            extra = ["--players", "4", *extra]
        args = [str(BIN / "boardcore"), "play", game, *extra]
    else:
        args = [str(BIN / "python"), "-m", "pytest", *pytest_args(rest)]
    return subprocess.run(args, cwd=ROOT, check=False).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
