"""The HTTP lobby: games, creating matches (and every refusal), claiming seats, listings, logs, pages and headers."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pytest
from playwright.sync_api import expect
from starlette.testclient import TestClient

from boardcore.registry import get_game, list_games
from boardcore.serve.lobby import MAX_BODY
from boardcore.serve.protocol import GameListing
from boardcore.verify import verify
from tests.serve.client import claim, create, seat, served
from tests.serve.server import ServerProcess
from tests.svg import chromium

PEOPLE = [{"name": "Ann"}, {"name": "Bob"}]


@pytest.fixture(scope="module")
def client() -> Any:
    with served() as client:
        yield client


def test_games_lists_every_registered_game_with_counts_bots_and_option_defaults(client: TestClient) -> None:
    """/api/games has each game, its player counts, whether it has a house bot, and its options' defaults."""
    games = {game["name"]: game for game in client.get("/api/games").json()}
    assert set(games) == set(list_games())
    assert games["five_wards"]["player_counts"] == [2, 3, 4, 5] and games["five_wards"]["house_bot"]
    assert {"name": "round_limit", "default": 40} in games["five_wards"]["options"]
    assert games["tic_tac_toe"]["options"] == []


def test_a_real_server_lists_each_games_info_as_the_game_declares_it(tmp_path: Path) -> None:
    """``boardcore serve`` sends each game's GameInfo in /api/games (players, kind of play, result, score range, chance,
    secrecy, simultaneity, length), equal to the game's own record and decodable as the schema's ``GameListing``."""
    server = ServerProcess(tmp_path / "lobby.sqlite3").start()
    try:
        body = server.get("/api/games")
    finally:
        server.stop()
    listed = msgspec.convert(body, list[GameListing])
    assert {game.name for game in listed} == set(list_games())
    for game in listed:
        assert game.info == get_game(game.name).info
        assert body[[g["name"] for g in body].index(game.name)]["info"] == msgspec.json.decode(msgspec.json.encode(get_game(game.name).info))
    info = {game["name"]: game["info"] for game in body}
    assert info["the_warriors"]["play"] == "cooperative" and info["five_wards"]["play"] == "competitive"
    assert info["tic_tac_toe"]["players"] == [2] and info["tic_tac_toe"]["score_range"] == [-1.0, 1.0] and info["tic_tac_toe"]["max_decisions"] == 9
    assert info["kuhn_poker"]["hidden_information"] and not info["tic_tac_toe"]["hidden_information"]
    assert info["five_wards"]["max_decisions"] is None and info["five_wards"]["unbounded_because"]



def test_the_lobby_page_shows_the_chosen_games_info(tmp_path: Path) -> None:
    """In real Chromium, the New match form says under the game what its GameInfo says, and follows the chosen game."""
    server = ServerProcess(tmp_path / "page.sqlite3").start()
    try:
        with chromium.browser_or_skip("lobby page") as browser:
            page = browser.new_page()
            page.goto(server.url + "/")
            page.wait_for_selector("#game option", state="attached")
            page.select_option("#game", "tic_tac_toe")
            expect(page.locator("#game-info")).to_have_text("2 players · competitive · scores -1 to 1 · nothing hidden · no chance · at most 9 moves")
            page.select_option("#game", "the_warriors")
            text = page.locator("#game-info").inner_text()
            assert text.startswith("2-4 players · cooperative: all win or lose together · ") and "hidden information · chance" in text
            page.select_option("#game", "five_wards")
            expect(page.locator("#game-info")).to_contain_text("2-5 players · competitive")
            expect(page.locator("#game-info")).to_contain_text("no set length")
    finally:
        server.stop()


def test_create_claims_the_creators_seat_and_lists_the_match_as_open(client: TestClient) -> None:
    """A created match answers with its summary and the creator's token; it is listed open until Bob's seat is taken."""
    made = create(client, "tic_tac_toe", [{"name": "  Ann  "}, {"name": "Bob"}], claim=0)
    match_id = made["match"]["match_id"]
    assert made["seat"] == 0 and len(made["token"]) >= 43
    summary = made["match"]
    assert [s["name"] for s in summary["seats"]] == ["Ann", "Bob"]  # trimmed
    assert [s["claimed"] for s in summary["seats"]] == [True, False] and summary["open"] and summary["status"] == "active"
    assert match_id in [m["match_id"] for m in client.get("/api/matches?status=active&open=true").json()]
    claim(client, match_id, 1)
    assert match_id not in [m["match_id"] for m in client.get("/api/matches?open=true").json()]
    assert match_id in [m["match_id"] for m in client.get("/api/matches?status=active").json()]
    assert client.get(f"/api/matches/{match_id}").json()["open"] is False


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"game": "chess", "seats": PEOPLE}, 404, "game/unknown"),
        ({"game": "tic_tac_toe", "seats": [{"name": "Ann"}]}, 400, "match/invalid"),
        ({"game": "tic_tac_toe", "seats": [{"name": " "}, {"name": "Bob"}]}, 400, "match/invalid"),
        ({"game": "tic_tac_toe", "seats": [{"name": "A" * 41}, {"name": "Bob"}]}, 400, "match/invalid"),
        ({"game": "tic_tac_toe", "seats": [{"name": "Ann", "bot": "clever"}, {"name": "Bob"}]}, 400, "request/invalid"),
        ({"game": "tic_tac_toe", "seats": PEOPLE, "claim": 2}, 400, "match/invalid"),
        ({"game": "tic_tac_toe", "seats": [{"name": "Ann"}, {"name": "Bot", "bot": "house"}], "claim": 1}, 400, "match/invalid"),
        ({"game": "tic_tac_toe", "seats": PEOPLE, "seed": 5}, 400, "match/invalid"),
        ({"game": "tic_tac_toe", "seats": PEOPLE, "seed": 2**70, "commit_seed": False}, 400, "match/invalid"),
        ({"game": "five_wards", "seats": PEOPLE, "options": {"round_limit": 0}}, 400, "match/invalid"),
        ({"game": "five_wards", "seats": PEOPLE, "options": {"colour": "red"}}, 400, "match/invalid"),
        ({"game": "tic_tac_toe", "seats": PEOPLE, "admin": True}, 400, "request/invalid"),
        ({"game": "tic_tac_toe"}, 400, "request/invalid"),
    ],
    ids=[
        "unknown-game",
        "too-few-players",
        "blank-name",
        "long-name",
        "unknown-bot",
        "claim-no-seat",
        "claim-bot-seat",
        "seed-with-commitment",
        "seed-out-of-range",
        "bad-option-value",
        "unknown-option",
        "unknown-field",
        "no-seats",
    ],
)
def test_create_refuses_bad_requests_with_a_code_and_creates_nothing(client: TestClient, body: dict[str, Any], status: int, code: str) -> None:
    """Each bad request gets its HTTP status and error code; no match appears."""
    before = len(client.get("/api/matches").json())
    answer = client.post("/api/matches", json=body)
    assert (answer.status_code, answer.json()["type"], answer.json()["code"]) == (status, "error", code), answer.text
    assert len(client.get("/api/matches").json()) == before


def test_bodies_that_are_not_json_or_too_long_are_refused(client: TestClient) -> None:
    """A body that is not JSON is request/invalid (400); one over the limit is request/too_large (413)."""
    garbled = client.post("/api/matches", content=b"{oops", headers={"Content-Type": "application/json"})
    assert (garbled.status_code, garbled.json()["code"]) == (400, "request/invalid")
    huge = client.post("/api/matches", content=b"{" + b" " * MAX_BODY + b"}", headers={"Content-Type": "application/json"})
    assert (huge.status_code, huge.json()["code"]) == (413, "request/too_large")


def test_claims_are_refused_for_taken_bot_and_unknown_seats(client: TestClient) -> None:
    """Claiming twice is 409 seat/taken; a bot's seat 400 seat/bot; no such seat or match 404."""
    made = create(client, "tic_tac_toe", [{"name": "Ann"}, {"name": "Bot", "bot": "random"}], claim=0)
    match_id = made["match"]["match_id"]
    answers = [
        client.post(f"/api/matches/{match_id}/seats/0"),
        client.post(f"/api/matches/{match_id}/seats/1"),
        client.post(f"/api/matches/{match_id}/seats/5"),
        client.post("/api/matches/nope/seats/0"),
    ]
    assert [(a.status_code, a.json()["code"]) for a in answers] == [(409, "seat/taken"), (400, "seat/bot"), (404, "seat/unknown"), (404, "match/unknown")]


def test_the_log_is_downloadable_once_the_game_is_over_and_verifies(client: TestClient) -> None:
    """Before the end the log is refused (409 log/not_finished: it holds every seat's actions); after, it verifies complete."""
    made = create(client, "tic_tac_toe", PEOPLE, claim=0)
    match_id = made["match"]["match_id"]
    bob = claim(client, match_id, 1)
    early = client.get(f"/api/matches/{match_id}/log")
    assert (early.status_code, early.json()["code"]) == (409, "log/not_finished")
    with seat(client, match_id, made["token"]) as ann_ws, seat(client, match_id, bob) as bob_ws:
        ann_ws.until_type("snapshot")
        for revision, (player, cell) in enumerate([(ann_ws, 0), (bob_ws, 3), (ann_ws, 1), (bob_ws, 4), (ann_ws, 2)]):
            player.send({"type": "act", "revision": revision, "action": {"type": "PlaceMark", "cell": cell}})
            player.until_type("ok")
        (finished,) = [frame for frame in ann_ws.frames if frame["type"] == "finished"]  # before the last ok
    log = client.get(finished["log"])
    assert log.status_code == 200 and log.headers["content-type"].startswith("application/x-ndjson")
    assert f"tic_tac_toe-{match_id}.jsonl" in log.headers["content-disposition"]
    verdict = verify(log.content, complete=True)
    assert verdict.ok and verdict.finished and str(verdict) == finished["verdict"]
    assert b'"reveal"' in log.content
    assert match_id in [m["match_id"] for m in client.get("/api/matches?status=finished").json()]


def test_pages_and_client_files_are_served_with_a_strict_content_policy(client: TestClient) -> None:
    """The lobby, the table page and every ES module are served; pages carry a CSP without inline scripts."""
    lobby, table = client.get("/"), client.get("/match/anything?seat=0")
    assert lobby.status_code == table.status_code == 200
    assert 'src="/static/js/lobby.js"' in lobby.text and 'src="/static/js/table.js"' in table.text
    policy = lobby.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy and "frame-ancestors 'none'" in policy
    for name in ("api.js", "connection.js", "lobby.js", "table.js"):
        module = client.get(f"/static/js/{name}")
        assert module.status_code == 200 and "javascript" in module.headers["content-type"]
    assert client.get("/static/style.css").status_code == 200
    schema = client.get("/api/schema").json()
    assert "client_frame" in schema["properties"]


def test_listing_refuses_an_unknown_status(client: TestClient) -> None:
    answer = client.get("/api/matches?status=paused")
    assert (answer.status_code, answer.json()["code"]) == (400, "request/invalid")
