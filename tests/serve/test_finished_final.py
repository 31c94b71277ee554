"""The end of a match is final on the server: the last mover's undo after ``finished`` is refused, public seed or not."""

from __future__ import annotations

import pytest

from tests.serve.client import Connection, create, served

PEOPLE = [{"name": "Ann"}, {"name": "Bob"}]


@pytest.mark.parametrize("commit_seed", [False, True], ids=["public-seed", "committed-seed"])
def test_the_last_movers_undo_after_finished_is_refused_and_the_log_stays_downloadable(commit_seed: bool) -> None:
    """Ann wins, then asks to undo her winning move: undo/refused, the match stays finished, its log downloads."""
    with served() as client:
        seed = {"commit_seed": False, "seed": 5} if not commit_seed else {"commit_seed": True}
        made = create(client, "tic_tac_toe", PEOPLE, claim=0, **seed)
        match_id = made["match"]["match_id"]
        bob = client.post(f"/api/matches/{match_id}/seats/1").json()["token"]
        with client.websocket_connect("/ws") as one, client.websocket_connect("/ws") as two:
            ann, other = Connection(one), Connection(two)
            for connection, token in ((ann, made["token"]), (other, bob)):
                connection.send({"type": "hello", "match_id": match_id, "token": token})
                connection.until_type("snapshot")
            for revision, (connection, cell) in enumerate(((ann, 0), (other, 3), (ann, 1), (other, 4), (ann, 2))):
                connection.send({"type": "act", "revision": revision, "action": {"type": "PlaceMark", "cell": cell}, "id": revision})
                connection.until_type("ok")
            if not any(frame["type"] == "finished" for frame in ann.frames):
                ann.until_type("finished")
            ann.send({"type": "undo", "revision": 5, "id": 9})
            refused = ann.until_type("error")
        assert (refused["code"], refused["id"]) == ("undo/refused", 9)
        summary = client.get(f"/api/matches/{match_id}").json()
        assert (summary["status"], summary["revision"]) == ("finished", 5)
        assert client.get(f"/api/matches/{match_id}/log").status_code == 200
