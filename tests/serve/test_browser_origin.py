"""In real Chromium, two pages on two other loopback ports: the allowed origin uses the lobby and a WebSocket with CORS;
the foreign one can neither create a match, nor claim a seat, nor open a WebSocket.

Runs wherever ``/usr/bin/chromium`` exists; in CI a missing browser fails it.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from tests.serve.server import ServerProcess
from tests.svg import chromium

pytestmark = pytest.mark.slow

PAGE = b"<!doctype html><html><head><title>elsewhere</title></head><body>another site</body></html>"

TRY = """
async (api) => {
  const out = {};
  const body = JSON.stringify({game: "tic_tac_toe", seats: [{name: "Ann"}, {name: "Bob"}]});
  try {
    const made = await fetch(api + "/api/matches", {method: "POST", headers: {"Content-Type": "application/json"}, body});
    out.create = made.status;
    out.matchId = (await made.json()).match.match_id;
  } catch (error) {
    out.create = "blocked";
  }
  await fetch(api + "/api/matches", {method: "POST", mode: "no-cors", headers: {"Content-Type": "text/plain"}, body});
  const target = out.matchId ?? window.known;
  try {
    const claimed = await fetch(api + `/api/matches/${target}/seats/${window.seat ?? 0}`, {method: "POST"});
    out.token = Boolean((await claimed.json()).token);
  } catch (error) {
    out.token = "blocked";
  }
  out.socket = await new Promise((resolve) => {
    const socket = new WebSocket(api.replace("http://", "ws://") + "/ws");
    socket.onopen = () => socket.send(JSON.stringify({type: "watch", match_id: target}));
    socket.onmessage = (event) => { const frame = JSON.parse(event.data); if (frame.type === "snapshot") { socket.close(); resolve("snapshot"); } };
    socket.onclose = () => resolve("closed");
    setTimeout(() => resolve("timeout"), 10000);
  });
  return out;
}
"""


class Page(BaseHTTPRequestHandler):
    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(PAGE)))
        self.end_headers()
        self.wfile.write(PAGE)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture()
def sites() -> Iterator[tuple[str, str]]:
    """Two loopback origins serving a blank page: ``(allowed, foreign)``."""
    servers = [ThreadingHTTPServer(("127.0.0.1", 0), Page) for _ in range(2)]
    for server in servers:
        threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        allowed, foreign = (f"http://127.0.0.1:{server.server_address[1]}" for server in servers)
        yield allowed, foreign
    finally:
        for server in servers:
            server.shutdown()
            server.server_close()


def test_only_the_allowed_origin_uses_the_server_from_a_browser(sites: tuple[str, str], tmp_path: Path) -> None:
    """The allowed page creates (201), claims and watches; the foreign page's create and claim are blocked and its
    WebSocket closes unopened; the server holds only the allowed page's match, its seat claimed once."""
    allowed, foreign = sites
    server = ServerProcess(tmp_path / "s.sqlite3", log=tmp_path / "server.log", args=("--allow-origin", allowed)).start()
    try:
        with chromium.browser_or_skip("browser origin") as browser:
            context = browser.new_context()
            page = context.new_page()
            page.goto(allowed + "/")
            mine = page.evaluate(TRY, server.url)
            assert (mine["create"], mine["token"], mine["socket"]) == (201, True, "snapshot"), mine
            page.goto(foreign + "/")
            page.evaluate(f"window.known = {mine['matchId']!r}; window.seat = 1")  # a seat still free: only the policy refuses it
            theirs = page.evaluate(TRY, server.url)
            assert (theirs["create"], theirs["token"], theirs["socket"]) == ("blocked", "blocked", "closed"), theirs
            context.close()
        listed = server.get("/api/matches")
        assert [summary["match_id"] for summary in listed] == [mine["matchId"]]
        assert [seat["claimed"] for seat in listed[0]["seats"]] == [True, False]
    finally:
        server.stop()
