"""The "Build your own client" example of docs/serving.md, run as it is in Node against a real ``boardcore serve``.

The example creates a tic-tac-toe match, a second person joins, both play it to the end, one connection
drops mid-game and reconnects by itself, and the log is checked in Node against the chain values published
during play; the chain values it saves must then pass ``boardcore verify --published`` too.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from boardcore.serve.app import STATIC
from tests.serve.node import ROOT, node
from tests.serve.server import ServerProcess

MARK = "<!-- client-example: example.mjs -->"


def example() -> str:
    """The code block that follows the example's marker in docs/serving.md."""
    text = (ROOT / "docs" / "serving.md").read_text(encoding="utf-8")
    found = re.search(re.escape(MARK) + r"\n```js\n(.*?)\n```", text, re.DOTALL)
    assert found is not None, "docs/serving.md lost its client example"
    return found[1] + "\n"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    process = ServerProcess(tmp_path / "client.sqlite3", log=tmp_path / "server.log").start()
    yield process
    process.stop()


@pytest.mark.slow
def test_the_documented_node_client_plays_reconnects_and_verifies(server: ServerProcess, tmp_path: Path) -> None:
    """The example exits 0: Bob was reconnecting and connected again, the game ended, the log checked in Node is
    valid against what was published; ``boardcore verify --published`` agrees on the files it saved."""
    runner = node()
    work = tmp_path / "app"
    (work / "node_modules").mkdir(parents=True)
    (work / "node_modules" / "boardcore-client").symlink_to(STATIC, target_is_directory=True)  # as npm would install it
    (work / "example.mjs").write_text(example(), encoding="utf-8")
    done = subprocess.run(
        [runner, "--experimental-websocket", "--no-warnings", "example.mjs", server.url], cwd=work, capture_output=True, text=True, timeout=120
    )
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    lines = done.stdout.splitlines()
    assert "Bob: reconnecting" in lines and lines.count("Bob: connected") >= 2, output  # the drop, and back
    assert any(re.fullmatch(r".+ after \d+ steps", line) for line in lines), output  # the game ended
    assert any(line.startswith("checked on this machine: the revealed seed") for line in lines), output
    verified = subprocess.run(
        [sys.executable, "-m", "boardcore.cli", "verify", "game.jsonl", "--published", "published.json", "--complete"],
        cwd=work, capture_output=True, text=True, timeout=60, env={**os.environ},
    )  # fmt: skip
    assert verified.returncode == 0 and verified.stdout.startswith("valid"), verified.stdout + verified.stderr
