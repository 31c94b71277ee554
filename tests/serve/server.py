"""A real ``boardcore serve`` process on loopback for the system, load and browser tests, and a small HTTP client."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import IO, Any

STARTUP = 60.0
"""Seconds a server has to print its address (a cold start on a busy 2-core machine)."""

GENEROUS = ("--create-burst", "100000", "--open-per-client", "100000", "--max-per-client", "1000")
"""Limits no load or fleet test reaches (all their clients share one loopback address); later options override them."""


class ServerProcess:
    """``boardcore serve`` in a child process; ``url`` once it listens."""

    def __init__(
        self,
        db: Path | str,
        *,
        port: int = 0,
        bot_delay: float = 0.0,
        queue_limit: int = 64,
        log: Path | None = None,
        args: tuple[str, ...] = (),
        tree: Path | None = None,
    ) -> None:
        self.db = str(db)
        self.tree = tree
        """Another checkout whose ``boardcore`` serves (a benchmark's baseline commit): its ``src`` goes first on the
        path, and it gets only the :data:`GENEROUS` limits its ``serve`` knows."""
        self.args = args
        """More ``boardcore serve`` options."""
        self.bot_delay = bot_delay
        self.queue_limit = queue_limit
        self.log = log
        self.port = port
        self.process: subprocess.Popen[str] | None = None
        self._errors: IO[str] | None = None
        self.url = ""

    def start(self) -> ServerProcess:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        limits: tuple[str, ...] = GENEROUS
        if self.tree is not None:
            env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(self.tree / "src"), env.get("PYTHONPATH")]))
            usage = subprocess.run(
                [sys.executable, "-m", "boardcore.cli", "serve", "--help"], env=env, capture_output=True, text=True, check=True
            )
            limits = tuple(
                part for option, value in zip(GENEROUS[::2], GENEROUS[1::2]) if option in usage.stdout for part in (option, value)
            )
        command = [
            sys.executable, "-m", "boardcore.cli", "serve", "--db", self.db, "--port", str(self.port),
            "--bot-delay", str(self.bot_delay), "--queue-limit", str(self.queue_limit), "--log-level", "warning", *limits, *self.args,
        ]  # fmt: skip
        self._errors = open(self.log, "a") if self.log is not None else None  # closed by stop() and kill()
        errors = subprocess.DEVNULL if self._errors is None else self._errors
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=errors, text=True, env=env)
        assert self.process.stdout is not None
        deadline = time.monotonic() + STARTUP
        line = self.process.stdout.readline()
        assert line.startswith("boardcore serve: open http://"), f"the server did not start: {line!r}"
        self.url = line.split("open ", 1)[1].split(" ", 1)[0].rstrip("/")
        self.port = int(self.url.rsplit(":", 1)[1])
        while time.monotonic() < deadline:  # the socket listens before the app has started: wait for an answer
            try:
                self.get("/api/games")
                return self
            except (urllib.error.URLError, ConnectionError, OSError):
                time.sleep(0.05)
        raise AssertionError("the server never answered")

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    @property
    def ws_url(self) -> str:
        return self.url.replace("http://", "ws://") + "/ws"

    def rss(self) -> int:
        """The server's resident memory, in bytes (Linux)."""
        for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
        raise AssertionError("no VmRSS")

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush, nothing."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)
        self._close_files()

    def _close_files(self) -> None:
        assert self.process is not None
        if self.process.stdout is not None:
            self.process.stdout.close()
        if self._errors is not None:
            self._errors.close()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=20)
        if self.process is not None:
            self._close_files()

    def request(self, method: str, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method, headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.loads(answer.read())

    def get(self, path: str) -> Any:
        return self.request("GET", path)

    def post(self, path: str, body: Any = None) -> Any:
        return self.request("POST", path, body if body is not None else {})

    def create(self, game: str, seats: list[dict[str, Any]], **fields: Any) -> dict[str, Any]:
        made: dict[str, Any] = self.post("/api/matches", {"game": game, "seats": seats, **fields})
        return made

    def wait(self, match_id: str, done: Any, timeout: float = 60.0) -> dict[str, Any]:
        """Poll the match's summary until ``done(summary)``."""
        deadline = time.monotonic() + timeout
        while True:
            summary: dict[str, Any] = self.get(f"/api/matches/{match_id}")
            if done(summary):
                return summary
            assert time.monotonic() < deadline, f"timed out waiting on match {match_id}: {summary}"
            time.sleep(0.05)
