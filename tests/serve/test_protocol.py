"""The wire protocol through Starlette's TestClient: opening, acting, fan-out, reconnecting, undo, bots, the end."""

from __future__ import annotations

import pytest

from boardcore.serve.protocol import PROTOCOL_VERSION
from boardcore.store import MemoryStore, export_log
from boardcore.verify import verify
from tests.serve.client import claim, create, revision_of, seat, served, state_of

PEOPLE = [{"name": "Ann"}, {"name": "Bob"}]


def test_a_seat_opens_with_welcome_snapshot_story_and_picture() -> None:
    """hello gives welcome (its seat, from the token), then the snapshot, the story and the picture, in that order."""
    with served() as client:
        made = create(client, "tic_tac_toe", PEOPLE, claim=1)
        with seat(client, made["match"]["match_id"], made["token"], story=True, pictures=True) as bob:
            welcome, snapshot, story, picture = (bob.receive() for _ in range(4))
    assert welcome["type"] == "welcome" and welcome["seat"] == 1 and welcome["protocol"] == PROTOCOL_VERSION
    assert [s["name"] for s in welcome["seats"]] == ["Ann", "Bob"]
    assert welcome["seats"][1]["online"] and not welcome["seats"][0]["online"]
    assert snapshot["type"] == "snapshot" and snapshot["seat"] == 1 and snapshot["revision"] == 0 and snapshot["legal"] == []
    assert snapshot["seed_commitment"] == made["match"]["seed_commitment"] and len(snapshot["seed_commitment"]) == 64
    assert story == {"type": "story", "revision": 0, "steps": []}
    assert picture["type"] == "picture" and picture["revision"] == 0 and picture["svg"].startswith("<svg")


def test_an_act_reaches_every_connection_once_then_ok_reaches_the_actor() -> None:
    """Ann acts: Ann, Bob and a spectator each get one updates for revision 1; Ann's ok comes after hers."""
    with served() as client:
        made = create(client, "tic_tac_toe", PEOPLE, claim=0)
        match_id = made["match"]["match_id"]
        bob_token = claim(client, match_id, 1)
        with seat(client, match_id, made["token"]) as ann, seat(client, match_id, bob_token) as bob, seat(client, match_id, None) as eve:
            for connection in (ann, bob, eve):
                connection.until_type("snapshot")
            ann.send({"type": "act", "revision": 0, "action": {"type": "PlaceMark", "cell": 4}, "id": 7})
            told = ann.until_type("updates")
            ok = ann.receive()
            for connection in (bob, eve):
                seen = connection.until_type("updates")
                assert [e["revision"] for e in seen["entries"]] == [1]
                assert seen["entries"][0]["text"] == ["Ann (X) takes cell 4"]
    assert told["since"] == 0 and [e["revision"] for e in told["entries"]] == [1]
    assert ok == {"type": "ok", "id": 7, "revision": 1}
    assert state_of(told)["waiting"] == [{"seat": 1, "kind": "mark", "ask": "place a mark in an empty cell"}] and state_of(told)["legal"] == []


def test_bots_play_a_whole_game_and_every_connection_sees_each_revision_once_in_order() -> None:
    """Two house bots play 5 Wards to the end; two spectators see revisions 1..n once each, then finished, valid."""
    store = MemoryStore()
    with served(store=store) as client:
        with seat(client, "x", None):
            pass  # an unknown match: the server answers and closes; nothing else changes
        made = create(client, "five_wards", [{"name": "Ann", "bot": "house"}, {"name": "Bob", "bot": "house"}], options={"round_limit": 3})
        match_id = made["match"]["match_id"]
        with seat(client, match_id, None, since=0) as first, seat(client, match_id, None, since=0) as second:
            ends = []
            for connection in (first, second):
                revisions = []
                while True:
                    frame = connection.receive()
                    if frame["type"] in ("updates", "snapshot", "resync"):
                        assert frame["type"] == "updates"
                        revisions += [entry["revision"] for entry in frame["entries"]]
                    if frame["type"] == "finished":
                        ends.append(frame)
                        break
                assert revisions == list(range(1, revisions[-1] + 1))
        final = revision_of(client, match_id)
    assert [end["revision"] for end in ends] == [final, final]
    assert ends[0]["valid"] and ends[0]["verdict"].startswith("valid:") and ends[0]["log"] == f"/api/matches/{match_id}/log"
    assert verify(export_log(store, match_id), complete=True).ok


def test_a_reconnecting_seat_gets_exactly_what_it_missed() -> None:
    """A seat that left at revision 1 reconnects with since=1 and gets the entries for 2 and 3, nothing else."""
    with served() as client:
        made = create(client, "tic_tac_toe", PEOPLE, claim=0)
        match_id = made["match"]["match_id"]
        bob_token = claim(client, match_id, 1)
        with seat(client, match_id, made["token"]) as ann:
            ann.until_type("snapshot")
            ann.send({"type": "act", "revision": 0, "action": {"type": "PlaceMark", "cell": 0}})
            ann.until_type("ok")
            with seat(client, match_id, bob_token) as bob:
                bob.until_type("snapshot")
                bob.send({"type": "act", "revision": 1, "action": {"type": "PlaceMark", "cell": 4}})
                bob.until_type("ok")
            ann.until_revision(2)
            ann.send({"type": "act", "revision": 2, "action": {"type": "PlaceMark", "cell": 8}})
            ann.until_type("ok")
        with seat(client, match_id, bob_token, since=1, story=True) as bob:
            welcome, told = bob.receive(), bob.receive()
            bob.send({"type": "ping", "id": 3})
            after = bob.receive()
    assert welcome["type"] == "welcome" and told["type"] == "updates" and told["since"] == 1
    assert [(e["revision"], e["player"]) for e in told["entries"]] == [(2, 1), (3, 0)]
    assert after == {"type": "pong", "id": 3}  # no story after an updates: the client builds on its own


def test_an_undo_is_an_entry_for_those_who_saw_the_step_and_a_resync_with_story_for_others() -> None:
    """Ann places and takes it back: a live watcher gets an undone entry; a client from before that step gets a resync."""
    with served() as client:
        made = create(client, "tic_tac_toe", PEOPLE, claim=0)
        match_id = made["match"]["match_id"]
        claim(client, match_id, 1)  # play starts once every person's seat is taken
        with seat(client, match_id, made["token"]) as ann, seat(client, match_id, None) as eve:
            ann.until_type("snapshot")
            eve.until_type("snapshot")
            ann.send({"type": "act", "revision": 0, "action": {"type": "PlaceMark", "cell": 4}})
            assert state_of(ann.until_type("updates"))["can_undo"]
            ann.until_type("ok")
            eve.until_revision(1)
            ann.send({"type": "undo", "revision": 1, "id": 2})
            undone = ann.until_type("updates")
            assert ann.receive() == {"type": "ok", "id": 2, "revision": 2}
            seen = eve.until_type("updates")
            ann.send({"type": "act", "revision": 2, "action": {"type": "PlaceMark", "cell": 0}})
            placed = ann.until_type("updates")["entries"][0]
            ann.until_type("ok")
        with seat(client, match_id, None, since=0, story=True) as late:
            late.until_type("welcome")
            resync, story = late.receive(), late.receive()
    assert undone["entries"] == [{"type": "undone", "revision": 2, "step": 1, "player": 0}]
    assert seen["entries"] == undone["entries"]
    assert resync["type"] == "resync" and resync["reason"] == "undone" and resync["snapshot"]["revision"] == 3
    assert story["type"] == "story" and story["revision"] == 3
    assert story["steps"] == [{"step": 1, "player": 0, "text": ["Ann (X) takes cell 0"], "chain": placed["chain"]}]


def test_undo_refused_by_the_policy_gets_an_error_and_changes_nothing() -> None:
    """Bob may not take back Ann's step: undo/refused, same revision."""
    with served() as client:
        made = create(client, "tic_tac_toe", PEOPLE, claim=0)
        match_id = made["match"]["match_id"]
        bob_token = claim(client, match_id, 1)
        with seat(client, match_id, made["token"]) as ann, seat(client, match_id, bob_token) as bob:
            ann.until_type("snapshot")
            ann.send({"type": "act", "revision": 0, "action": {"type": "PlaceMark", "cell": 4}})
            ann.until_type("ok")
            assert not state_of(bob.until_type("updates"))["can_undo"]
            bob.send({"type": "undo", "revision": 1, "id": 5})
            refused = bob.until_type("error")
        assert revision_of(client, match_id) == 1
    assert refused["code"] == "undo/refused" and refused["id"] == 5 and refused["revision"] == 1
    assert "not yours" in refused["message"]


def test_a_stale_revision_is_refused_with_the_revision_now() -> None:
    """An act on revision 0 after the match moved to 1 is refused (table/stale_revision, revision 1); nothing changes."""
    with served() as client:
        made = create(client, "tic_tac_toe", PEOPLE, claim=0)
        match_id = made["match"]["match_id"]
        bob_token = claim(client, match_id, 1)
        with seat(client, match_id, made["token"]) as ann, seat(client, match_id, bob_token) as bob:
            ann.until_type("snapshot")
            bob.until_type("snapshot")
            ann.send({"type": "act", "revision": 0, "action": {"type": "PlaceMark", "cell": 4}})
            ann.until_type("ok")
            bob.send({"type": "act", "revision": 0, "action": {"type": "PlaceMark", "cell": 0}, "id": 1})
            refused = bob.until_type("error")
        assert revision_of(client, match_id) == 1
    assert (refused["code"], refused["revision"], refused["id"]) == ("table/stale_revision", 1, 1)


def test_a_sync_frame_sends_everything_after_its_revision_again() -> None:
    """A client that asks for sync since 0 gets updates with every entry since 0."""
    with served() as client:
        made = create(client, "tic_tac_toe", PEOPLE, claim=0)
        match_id = made["match"]["match_id"]
        claim(client, match_id, 1)
        with seat(client, match_id, made["token"]) as ann:
            ann.until_type("snapshot")
            ann.send({"type": "act", "revision": 0, "action": {"type": "PlaceMark", "cell": 4}})
            ann.until_type("ok")
            ann.send({"type": "sync", "since": 0})
            again = ann.until_type("updates")
    assert again["since"] == 0 and [e["revision"] for e in again["entries"]] == [1]


def test_a_connection_whose_queue_overflows_is_closed_with_4408_and_resumes_from_its_revision() -> None:
    """A queue of 2 frames cannot hold a welcome, a snapshot, its story and picture: closed with 4408; reconnecting works."""
    with served(queue_limit=2) as client:
        made = create(client, "tic_tac_toe", PEOPLE, claim=0)
        match_id = made["match"]["match_id"]
        with seat(client, match_id, made["token"], story=True, pictures=True) as ann:
            got = []
            with pytest.raises(Exception) as closed:
                while True:
                    got.append(ann.receive()["type"])
        assert getattr(closed.value, "code", None) == 4408, closed.value
        assert got == ["welcome", "snapshot"][: len(got)]  # what was queued may be dropped: the client resumes anyway
        with seat(client, match_id, made["token"], since=0) as ann:
            assert [ann.receive()["type"] for _ in range(2)] == ["welcome", "updates"]


def test_a_resign_frame_ends_the_game_for_every_connection_and_the_log_verifies() -> None:
    """Bob resigns on Ann's turn: everyone gets the step ("Bob resigns."), the game is over with Ann the winner, the
    finished frame says the log is valid; an act carrying the engine's action object is refused (frame/invalid)."""
    with served() as client:
        made = create(client, "tic_tac_toe", PEOPLE, claim=0)
        match_id = made["match"]["match_id"]
        bob_token = claim(client, match_id, 1)
        with seat(client, match_id, made["token"]) as ann, seat(client, match_id, bob_token) as bob:
            ann.until_type("snapshot")
            bob.until_type("snapshot")
            bob.send({"type": "act", "revision": 0, "action": {"type": "boardcore.Resign"}, "id": 1})
            assert bob.until_type("error")["code"] == "frame/invalid"
            bob.send({"type": "resign", "revision": 0, "id": 2})
            told = ann.until_type("updates")
            assert told["entries"][0]["text"] == ["Bob resigns."]
            assert told["snapshot"]["outcome"]["winners"] == [0] and told["snapshot"]["outcome"]["reason"] == "Bob resigned"
            assert told["snapshot"]["legal"] == [] and told["snapshot"]["waiting"] == []
            assert bob.until_type("ok")["revision"] == 1
            assert ann.until_type("finished")["valid"]
        assert client.get(f"/api/matches/{match_id}").json()["status"] == "finished"
