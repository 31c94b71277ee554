"""A server killed with SIGKILL mid-game and started again: every committed step is there, clients resume, bots go on.

A person (a client that plays its seat) and a spectator follow a 5 Wards match
against a house bot on a real server over SQLite; the server is killed while the
bot is moving, then started again on the same port and file. Clients are told a
revision only after the store committed it, so the store must hold every
revision any client saw; each client reconnects with its revision and must be
told the rest without a gap, a duplicate or a resync; the match finishes and
its log verifies.
"""

from __future__ import annotations

import time
from pathlib import Path

from boardcore.store import SqliteStore, export_log
from boardcore.table import Table
from boardcore.verify import verify
from tests.serve.follower import Follower
from tests.serve.server import ServerProcess


def test_a_killed_server_loses_no_committed_step_and_its_clients_resume(tmp_path: Path) -> None:
    """SIGKILL at revision 25 or later; restart; every client's revisions run first+1..final exactly once; the log verifies."""
    db = tmp_path / "kill.sqlite3"
    server = ServerProcess(db, bot_delay=0.03, log=tmp_path / "server.log").start()
    restarted: ServerProcess | None = None
    followers: list[Follower] = []
    try:
        made = server.create("five_wards", [{"name": "Ann"}, {"name": "Bot", "bot": "house"}], claim=0, options={"round_limit": 4})
        match_id = made["match"]["match_id"]
        followers = [Follower(server.ws_url, match_id, made["token"], plays=True), Follower(server.ws_url, match_id)]
        for follower in followers:
            follower.start()
        seen = server.wait(match_id, lambda summary: summary["revision"] >= 25)["revision"]
        server.kill()
        told_before_kill = [follower.revision or 0 for follower in followers]
        store = SqliteStore(db)
        try:
            survived = Table.open(store, match_id)  # replayed and verified: no half step
        finally:
            store.close()
        assert survived.revision >= max(seen, *told_before_kill)  # nothing anyone was told of is lost
        time.sleep(0.3)
        restarted = ServerProcess(db, port=server.port, bot_delay=0.03, log=tmp_path / "server.log").start()
        final = restarted.wait(match_id, lambda summary: summary["status"] == "finished", timeout=120)
        for follower in followers:
            follower.join(timeout=30)
    finally:
        for follower in followers:
            follower.stop()
        server.stop()
        if restarted is not None:
            restarted.stop()
    for follower in followers:
        assert not follower.problems, follower.problems
        assert follower.resyncs == []
        assert follower.connections >= 2 and follower.finished is not None and follower.finished["valid"]
        assert follower.first is not None and follower.told == list(range(follower.first + 1, final["revision"] + 1))
    store = SqliteStore(db)
    try:
        assert verify(export_log(store, match_id), complete=True).ok
    finally:
        store.close()
