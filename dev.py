#!/usr/bin/env python3
"""Set up (once) and run boardcore from a fresh clone with nothing but python3 (3.11+).

    python3 dev.py demo [GAME] [boardcore play options]   # bots play a full game, write and verify its log
    python3 dev.py test [pytest options]                    # the whole test suite

The first run creates ``.venv`` and installs the package with its test extras;
later runs reinstall only when ``pyproject.toml`` changed.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
STAMP = VENV / ".boardcore-installed"


def ensure_env() -> None:
    """Create the virtual environment and install the package if needed."""
    if sys.version_info < (3, 11):
        sys.exit(f"boardcore needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if STAMP.exists() and STAMP.read_text() == wanted:
        return
    if not (BIN / "python").exists():
        print("setting up .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    pip = [str(BIN / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    subprocess.run([*pip, "-e", f"{ROOT}[test]"], check=True)
    STAMP.write_text(wanted)


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("demo", "test"):
        print(__doc__)
        return 2
    ensure_env()
    command, rest = argv[0], argv[1:]
    if command == "demo":
        game = rest[0] if rest and not rest[0].startswith("-") else "five_wards"
        extra = rest[1:] if rest and not rest[0].startswith("-") else rest
        if "--players" not in extra and game == "five_wards":
            extra = ["--players", "4", *extra]
        args = [str(BIN / "boardcore"), "play", game, *extra]
    else:
        args = [str(BIN / "python"), "-m", "pytest", *rest]
    return subprocess.run(args, cwd=ROOT, check=False).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
