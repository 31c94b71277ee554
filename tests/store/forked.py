"""Run a function in a forked process (a real, separate writer with its own connections) and collect what it said.

The child writes lines to a pipe as it goes (so a parent that kills it can still
read how far it got) and a last JSON line with its result. It starts when the
parent opens the gate, so several children begin racing at the same moment.
"""

from __future__ import annotations

import json
import os
import signal
import traceback
from collections.abc import Callable
from typing import Any

Say = Callable[[str], None]
"""What a child calls to write one line to its parent."""


class Gate:
    """Children block on it until :meth:`open`; every child forked before that starts at once."""

    def __init__(self) -> None:
        self._read, self._write = os.pipe()
        self._children = 0

    def wait(self) -> None:
        os.close(self._write)
        os.read(self._read, 1)

    def open(self, children: int) -> None:
        os.close(self._read)
        os.write(self._write, b"g" * children)
        os.close(self._write)


class Child:
    """A forked process running ``work(say)``; its return value comes back as JSON."""

    def __init__(self, work: Callable[[Say], Any], gate: Gate | None = None) -> None:
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: never returns into pytest
            os.close(read)
            code = 0
            try:
                if gate is not None:
                    gate.wait()

                def say(line: str) -> None:
                    os.write(write, line.encode() + b"\n")

                say("RESULT " + json.dumps(work(say)))
            except BaseException:
                os.write(write, ("ERROR " + json.dumps(traceback.format_exc()) + "\n").encode())
                code = 1
            finally:
                os._exit(code)
        os.close(write)
        self.pid = pid
        self._read = read
        self._buffer = b""

    def wait_for(self, line: str) -> None:
        """Block until the child has written ``line`` (what came before it is kept for :meth:`lines`)."""
        wanted = line.encode() + b"\n"
        while wanted not in self._buffer:
            chunk = os.read(self._read, 65536)
            assert chunk, f"the child ended before saying {line!r}: {self._buffer[-500:]!r}"
            self._buffer += chunk

    def kill(self) -> None:
        """SIGKILL: no cleanup, no rollback in the child; whatever it was doing stops mid-way."""
        os.kill(self.pid, signal.SIGKILL)

    def lines(self) -> list[str]:
        """Everything the child wrote, once it has ended (reaps it)."""
        chunks = [self._buffer]
        while chunk := os.read(self._read, 65536):
            chunks.append(chunk)
        os.close(self._read)
        os.waitpid(self.pid, 0)
        return b"".join(chunks).decode().splitlines()

    def result(self) -> Any:
        """The child's return value; raises with its traceback if it failed."""
        lines = self.lines()
        for line in lines:
            if line.startswith("ERROR "):
                raise AssertionError("the child failed:\n" + json.loads(line[6:]))
        last = lines[-1] if lines else ""
        assert last.startswith("RESULT "), f"the child ended without a result: {lines[-3:]}"
        return json.loads(last[7:])
