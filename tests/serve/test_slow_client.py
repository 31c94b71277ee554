"""A client that stops reading is cut off at its queue's bound over real TCP, never slows the others, and resumes.

A real server (queue of 8 frames) runs a bot-only four-player Peaky Blinders match
at nearly full speed (2 ms between bot moves, so that on a loaded CI machine the
steady follower is never more than 8 frames behind): about 15 MB of frames with pictures for a spectator that asks for
them uncompressed, more than the kernel's socket buffers hold (a 4 MiB send
buffer at most by default on Linux, and the 64 KiB receive buffer this client
sets). That spectator reads nothing until the game is over, so the server's
writes to it back up; another follows
normally. The stalled one is closed with 4408 once 8 frames wait for it; on
reconnecting with its last revision it is told exactly what it missed. The other
sees every revision in order and is never cut off.
"""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.serve.follower import Follower
from tests.serve.server import ServerProcess


def test_a_stalled_reader_is_closed_with_4408_and_resumes_while_others_follow(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "slow.sqlite3", queue_limit=8, bot_delay=0.002).start()
    try:
        made = server.create("peaky_blinders", [{"name": name, "bot": "house"} for name in "ABCD"])
        match_id = made["match"]["match_id"]
        steady = Follower(server.ws_url, match_id)
        steady.start()
        raw = socket.create_connection(("127.0.0.1", server.port))
        raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 65536)  # before connecting: it also caps the window
        with connect(server.ws_url, sock=raw, max_queue=1, close_timeout=1, ping_interval=None, compression=None) as stalled:
            stalled.send(json.dumps({"type": "watch", "match_id": match_id, "since": 0, "pictures": True}))
            server.wait(match_id, lambda summary: summary["status"] == "finished", timeout=120)
            told = 0
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    frame = json.loads(stalled.recv(timeout=10))
                    if frame["type"] == "updates":
                        told = frame["snapshot"]["revision"]
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4408
        final = server.get(f"/api/matches/{match_id}")["revision"]
        assert told < final
        with connect(server.ws_url) as again:
            again.send(json.dumps({"type": "watch", "match_id": match_id, "since": told}))
            assert json.loads(again.recv(timeout=10))["type"] == "welcome"
            resumed = json.loads(again.recv(timeout=10))
        steady.join(timeout=60)
    finally:
        server.stop()
    assert resumed["type"] == "updates" and [e["revision"] for e in resumed["entries"]] == list(range(told + 1, final + 1))
    assert not steady.problems and steady.closes == [] and steady.first is not None
    assert steady.told == list(range(steady.first + 1, final + 1))
