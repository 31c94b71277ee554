"""Seats that survive: a match waits for its people, an open or abandoned seat can be handed to the house bot, and a
seat's token still opens its view after the bot took it (but no longer acts)."""

from __future__ import annotations

from tests.serve.client import claim, create, seat, served, state_of

PEOPLE = [{"name": "Ann"}, {"name": "Bob"}]
MARK = {"type": "PlaceMark", "cell": 4}


def test_a_match_with_an_open_seat_waits_and_starts_when_it_is_taken() -> None:
    """Ann acts while Bob's seat is open: refused with match/waiting, nothing changes; once Bob claims it, she plays."""
    with served() as client:
        made = create(client, "tic_tac_toe", PEOPLE, claim=0)
        match_id = made["match"]["match_id"]
        with seat(client, match_id, made["token"]) as ann:
            ann.until_type("snapshot")
            ann.send({"type": "act", "revision": 0, "action": MARK, "id": 1})
            refused = ann.until_type("error")
            assert refused["code"] == "match/waiting" and refused["id"] == 1 and refused["revision"] == 0
            claim(client, match_id, 1)
            assert ann.until_type("seats")["seats"][1]["claimed"]
            ann.send({"type": "act", "revision": 0, "action": MARK, "id": 2})
            assert ann.until_type("ok") == {"type": "ok", "id": 2, "revision": 1}


def test_an_open_seat_handed_to_the_house_bot_starts_play_and_the_bot_moves() -> None:
    """Ann hands Bob's open seat to the house bot: every connection is told, she moves, and the bot answers."""
    with served() as client:
        made = create(client, "tic_tac_toe", PEOPLE, claim=0)
        match_id = made["match"]["match_id"]
        with seat(client, match_id, made["token"]) as ann:
            ann.until_type("snapshot")
            answer = client.post(f"/api/matches/{match_id}/seats/1/bot", json={"token": made["token"]})
            assert answer.status_code == 200, answer.text
            assert answer.json()["seats"][1]["bot"] == "house" and not answer.json()["open"]
            assert ann.until_type("seats")["seats"][1]["bot"] == "house"
            ann.send({"type": "act", "revision": 0, "action": MARK})
            assert state_of(ann.until(lambda f: f["type"] == "updates" and f["snapshot"]["revision"] == 2))["waiting"] == [{"seat": 0, "kind": "mark", "ask": "place a mark in an empty cell"}]


def test_an_away_seat_can_be_handed_over_only_after_the_away_time_and_its_token_then_only_watches() -> None:
    """Bob connected, or away under --away-seconds: seat/present. Away past it (0 s here): the house bot takes his
    seat; Bob's token still opens his view, and his act is refused with seat/bot."""
    with served(away_seconds=3600) as client:
        made = create(client, "tic_tac_toe", PEOPLE, claim=0)
        match_id = made["match"]["match_id"]
        bob = claim(client, match_id, 1)
        with seat(client, match_id, bob) as connection:
            connection.until_type("snapshot")
            answer = client.post(f"/api/matches/{match_id}/seats/1/bot", json={"token": made["token"]})
            assert answer.status_code == 409 and answer.json()["code"] == "seat/present" and "Bob is connected" in answer.json()["message"]
        answer = client.post(f"/api/matches/{match_id}/seats/1/bot", json={"token": made["token"]})
        assert answer.status_code == 409 and "has been away" in answer.json()["message"]
    with served(away_seconds=0) as client:
        made = create(client, "tic_tac_toe", PEOPLE, claim=0)
        match_id = made["match"]["match_id"]
        bob = claim(client, match_id, 1)
        with seat(client, match_id, made["token"]) as ann:
            ann.until_type("snapshot")
            with seat(client, match_id, bob) as connection:
                connection.until_type("snapshot")
            assert client.post(f"/api/matches/{match_id}/seats/1/bot", json={"token": made["token"]}).status_code == 200
            ann.send({"type": "act", "revision": 0, "action": MARK})
            ann.until(lambda f: f["type"] == "updates" and f["snapshot"]["revision"] == 2)  # the bot played Bob's move
        with seat(client, match_id, bob) as again:
            assert again.until_type("welcome")["seat"] == 1
            snapshot = again.until_type("snapshot")
            again.send({"type": "act", "revision": snapshot["revision"], "action": snapshot["legal"][0]["action"] if snapshot["legal"] else MARK, "id": 9})
            assert again.until_type("error")["code"] == "seat/bot"


def test_handing_a_seat_over_needs_a_token_of_the_match_and_a_persons_seat() -> None:
    """A stranger's token is 403 auth/bad_token; a bot's seat is 409 seat/bot; no such seat is 404; a person may hand
    over their own seat (they leave the table)."""
    with served() as client:
        made = create(client, "tic_tac_toe", [{"name": "Ann"}, {"name": "Bot", "bot": "house"}], claim=0)
        match_id = made["match"]["match_id"]
        post = lambda seat_number, token: client.post(f"/api/matches/{match_id}/seats/{seat_number}/bot", json={"token": token})  # noqa: E731
        assert (post(0, "x" * 43).status_code, post(0, "x" * 43).json()["code"]) == (403, "auth/bad_token")
        assert (post(1, made["token"]).status_code, post(1, made["token"]).json()["code"]) == (409, "seat/bot")
        assert post(5, made["token"]).status_code == 404
        assert client.post(f"/api/matches/{match_id}/seats/0/bot", json={}).json()["code"] == "request/invalid"
        assert post(0, made["token"]).json()["seats"][0]["bot"] == "house"
