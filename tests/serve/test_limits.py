"""Per-client create limits: a rate (token bucket) and a cap on unfinished matches, answered 429 with Retry-After."""

from __future__ import annotations

from boardcore.serve.limits import CreateLimits
from tests.serve.client import served

PEOPLE = [{"name": "Ann"}, {"name": "Bob"}]
BODY = {"game": "tic_tac_toe", "seats": PEOPLE}


def test_the_bucket_allows_a_burst_then_the_rate() -> None:
    """Three at once, then one per 0.5 s; another address has its own bucket."""
    now = [0.0]
    limits = CreateLimits(rate=2.0, burst=3, open_cap=100, clock=lambda: now[0])
    for number in range(3):
        assert limits.wait("a") == 0
        limits.took("a", f"m{number}")
    assert limits.wait("a") == 0.5 and limits.wait("b") == 0
    now[0] = 0.5
    assert limits.wait("a") == 0


def test_creating_past_the_burst_is_429_with_retry_after() -> None:
    """The fourth create at once is match/rate_limited with Retry-After, and creates nothing."""
    with served(create_burst=3, create_rate=0.01) as client:
        answers = [client.post("/api/matches", json=BODY) for _ in range(4)]
        assert [answer.status_code for answer in answers] == [201, 201, 201, 429]
        assert answers[-1].json()["code"] == "match/rate_limited"
        assert int(answers[-1].headers["retry-after"]) >= 1
        assert len(client.get("/api/matches").json()) == 3


def test_the_cap_counts_only_unfinished_matches() -> None:
    """With two unfinished matches the third is match/too_many_open; once one finishes, creating works again."""
    with served(open_per_client=2) as client:
        first = client.post("/api/matches", json={**BODY, "claim": 0}).json()
        client.post("/api/matches", json=BODY)
        refused = client.post("/api/matches", json=BODY)
        assert (refused.status_code, refused.json()["code"]) == (429, "match/too_many_open")
        match_id = first["match"]["match_id"]
        bob = client.post(f"/api/matches/{match_id}/seats/1").json()["token"]
        moves = [(first["token"], 0), (bob, 3), (first["token"], 1), (bob, 4), (first["token"], 2)]
        from tests.serve.client import Connection

        with client.websocket_connect("/ws") as one, client.websocket_connect("/ws") as two:
            seats = {first["token"]: Connection(one), bob: Connection(two)}
            for token, connection in seats.items():
                connection.send({"type": "hello", "match_id": match_id, "token": token})
                connection.until_type("snapshot")
            for revision, (token, cell) in enumerate(moves):
                seats[token].send({"type": "act", "revision": revision, "action": {"type": "PlaceMark", "cell": cell}, "id": revision})
                seats[token].until_type("ok")
        assert client.get(f"/api/matches/{match_id}").json()["status"] == "finished"
        assert client.post("/api/matches", json=BODY).status_code == 201
