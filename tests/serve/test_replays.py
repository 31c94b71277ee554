"""The server's replay viewer: uploads refused over the limit or corrupt with the documented error, a match's replay
for every seat once over and only for the token's seat before, each answer the viewer file with its own policy."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from boardcore.serve import replays
from boardcore.serve.replays import MAX_LOG_BYTES, PAGE_POLICY
from boardcore.viewer.build import embedded_data, viewer_policy
from tests.serve.client import claim, create, served
from tests.viewer.logs import whole_game

UPLOAD = {"Content-Type": "application/octet-stream"}
"""How the replay page sends a log file (the guard wants a type that needs a preflight cross-site)."""


def _error(answer: object, status: int, code: str) -> str:
    assert answer.status_code == status, answer.text  # type: ignore[attr-defined]
    body = answer.json()  # type: ignore[attr-defined]
    assert body["type"] == "error" and body["code"] == code and body["message"]
    message: str = body["message"]
    return message


def test_an_oversized_upload_is_refused_before_it_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """Over the limit (4 MiB; 4 kB here): 413 ``log/too_large``, whether the length is declared or the body just keeps coming."""
    assert MAX_LOG_BYTES == 4 << 20
    monkeypatch.setattr(replays, "MAX_LOG_BYTES", 4096)
    with served() as client:
        declared = client.post("/api/replays", headers=UPLOAD, content=b"x" * 4097)
        assert "at most 4,096 bytes" in _error(declared, 413, "log/too_large")

        def chunks() -> Iterator[bytes]:
            for _ in range(3):
                yield b"x" * 2048

        streamed = client.post("/api/replays", headers=UPLOAD, content=chunks())
        _error(streamed, 413, "log/too_large")


def test_a_corrupt_upload_is_refused_naming_what_is_wrong(tmp_path: Path) -> None:
    """Not a log, an empty body, a log cut inside a line: 400 ``log/corrupt`` with the reason."""
    with served() as client:
        assert "line 1" in _error(client.post("/api/replays", headers=UPLOAD, content=b"{not json\n"), 400, "log/corrupt")
        _error(client.post("/api/replays", headers=UPLOAD, content=b""), 400, "log/corrupt")
        text = whole_game(tmp_path, "tic_tac_toe", 2, 1).read_bytes()
        _error(client.post("/api/replays", headers=UPLOAD, content=text[: text.index(b"\n") + 40]), 400, "log/corrupt")


def test_an_uploaded_log_comes_back_as_the_viewer_file(tmp_path: Path) -> None:
    """A good log: 200, the same file ``replay --html`` writes, under the viewer's own policy alone."""
    log = whole_game(tmp_path, "tic_tac_toe", 2, 1)
    with served() as client:
        answer = client.post("/api/replays", headers=UPLOAD, content=log.read_bytes())
        assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/html")
        assert answer.headers.get_list("content-security-policy") == [viewer_policy()]
        data = embedded_data(answer.text)
        assert data.valid and len(data.perspectives) == 3 and data.log is not None


def _finished(client: TestClient, match_id: str) -> None:
    deadline = time.monotonic() + 30
    while client.get(f"/api/matches/{match_id}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish the match"
        time.sleep(0.05)


def test_a_match_replay_shows_every_seat_once_over_and_only_the_token_s_seat_before() -> None:
    """Before the end: no token 401, a foreign token 403, the seat's token its own perspective only (no log).
    After: every seat and the log."""
    with served() as client:
        made = create(client, "tic_tac_toe", [{"name": "Ann"}, {"name": "Bob"}], claim=0)
        match_id = made["match"]["match_id"]
        bob = claim(client, match_id, 1)
        _error(client.get(f"/api/matches/{match_id}/replay"), 401, "auth/missing_token")
        _error(client.get(f"/api/matches/{match_id}/replay", headers={"Authorization": "Bearer nope"}), 403, "auth/bad_token")
        answer = client.get(f"/api/matches/{match_id}/replay", headers={"Authorization": f"Bearer {bob}"})
        assert answer.status_code == 200, answer.text
        data = embedded_data(answer.text)
        assert [p.name for p in data.perspectives] == ["Bob"] and data.made_for == "Bob" and data.log is None and data.shown == 0

        bots = create(client, "tic_tac_toe", [{"name": "X", "bot": "house"}, {"name": "O", "bot": "random"}])
        done = bots["match"]["match_id"]
        _finished(client, done)
        data = embedded_data(client.get(f"/api/matches/{done}/replay").text)
        assert [p.name for p in data.perspectives] == ["Spectator", "X", "O"] and data.log is not None and data.outcome
        _error(client.get("/api/matches/nope/replay"), 404, "match/unknown")


def test_the_replay_page_allows_the_viewer_by_hash() -> None:
    """``/replay`` runs the server's scripts and, framed as a ``blob:`` document, the viewer's inline script and style."""
    with served() as client:
        answer = client.get("/replay")
        assert answer.status_code == 200 and 'src="/static/js/replay.js"' in answer.text
        assert answer.headers.get_list("content-security-policy") == [PAGE_POLICY]
        assert "frame-src blob:" in PAGE_POLICY
