"""What the server stores: hashed tokens only, seats in every backend, and matches that go on after a restart."""

from __future__ import annotations

import hashlib
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from boardcore.serve.seats import MemorySeats, SeatBook, SeatRefused, SqliteSeats
from boardcore.serve.seats.postgres import PostgresSeats
from boardcore.serve.tokens import new_token, token_hash
from boardcore.store import PostgresStore, SqliteStore, export_log
from boardcore.verify import verify
from tests.serve.client import claim, create, revision_of, seat, served, state_of
from tests.store.postgres import postgres_url, scratch_schema

PEOPLE = [{"name": "Ann"}, {"name": "Bob"}]


@pytest.fixture(params=["memory", "sqlite", "postgres"])
def book(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[SeatBook]:
    if request.param == "memory":
        yield MemorySeats()
    elif request.param == "sqlite":
        seats = SqliteSeats(tmp_path / "seats.sqlite3")
        yield seats
        seats.close()
    else:
        url = postgres_url()
        with scratch_schema(url) as schema:
            seats_pg = PostgresSeats(url, schema=schema)
            yield seats_pg
            seats_pg.close()


def test_every_seat_book_hands_a_persons_seat_to_a_bot_once(book: SeatBook) -> None:
    """to_bot sets the seat's bot and keeps its claim (the token still finds the seat); a second time, on a bot's
    seat, or on no seat, it is refused."""
    book.add("m", [None, None, "random"])
    book.claim("m", 0, token_hash("t-ann"))
    book.to_bot("m", 0, "house")
    book.to_bot("m", 1, "house")
    assert [(row.bot, row.claimed) for row in book.seats("m")] == [("house", True), ("house", False), ("random", False)]
    assert book.seat_of("m", token_hash("t-ann")) == 0
    for seat_number, code in ((0, "seat/bot"), (2, "seat/bot"), (7, "seat/unknown")):
        with pytest.raises(SeatRefused) as refused:
            book.to_bot("m", seat_number, "house")
        assert refused.value.code == code


def test_every_seat_book_keeps_seats_claims_and_refusals(book: SeatBook) -> None:
    """Seats in order, one claim per person's seat, lookups by token hash, and the three refusals."""
    book.add("m1", [None, "house", None])
    book.add("m2", ["random", None])
    assert [(row.seat, row.bot, row.claimed) for row in book.seats("m1")] == [(0, None, False), (1, "house", False), (2, None, False)]
    assert book.seats("nope") == ()
    book.claim("m1", 2, token_hash("t-ann"))
    assert book.seat_of("m1", token_hash("t-ann")) == 2
    assert book.seat_of("m2", token_hash("t-ann")) is None and book.seat_of("m1", token_hash("t-bob")) is None
    refusals = []
    for match_id, seat_number in (("m1", 2), ("m1", 1), ("m1", 7), ("m9", 0)):
        with pytest.raises(SeatRefused) as refused:
            book.claim(match_id, seat_number, token_hash("t-eve"))
        refusals.append(refused.value.code)
    assert refusals == ["seat/taken", "seat/bot", "seat/unknown", "seat/unknown"]
    assert {match_id: [row.claimed for row in rows] for match_id, rows in book.every_match().items()} == {
        "m1": [False, False, True],
        "m2": [False, False],
    }


def test_tokens_are_stored_only_as_their_sha256(tmp_path: Path) -> None:
    """After creating and claiming, no token appears anywhere in the SQLite file or its WAL; their hashes do."""
    location = tmp_path / "served.sqlite3"
    with served(location=str(location)) as client:
        made = create(client, "tic_tac_toe", PEOPLE, claim=0)
        tokens = [made["token"], claim(client, made["match"]["match_id"], 1)]
    everything = b"".join(path.read_bytes() for path in tmp_path.iterdir())
    for token in tokens:
        assert token.encode() not in everything
    with sqlite3.connect(location) as db:
        stored = {row[0] for row in db.execute("SELECT token_hash FROM boardcore_serve_seats")}
    assert stored == {hashlib.sha256(token.encode()).hexdigest() for token in tokens}
    assert len(new_token()) >= 43 and new_token() != new_token()


def test_a_restarted_server_keeps_tokens_revisions_and_bots(tmp_path: Path) -> None:
    """Stop a server mid-game and start another on the same file: tokens work, clients catch up, bots play on."""
    location = str(tmp_path / "restart.sqlite3")
    with served(location=location, bot_delay=0.05) as client:
        made = create(client, "tic_tac_toe", [{"name": "Ann"}, {"name": "Bot", "bot": "house"}], claim=0)
        match_id, token = made["match"]["match_id"], made["token"]
        with seat(client, match_id, token) as ann:
            ann.until_type("snapshot")
            ann.send({"type": "act", "revision": 0, "action": {"type": "PlaceMark", "cell": 4}})
            ann.until_type("ok")
            state_of(ann.until_revision(2))
        bots = create(client, "five_wards", [{"name": "A", "bot": "house"}, {"name": "B", "bot": "random"}], options={"round_limit": 2})
        bots_id = bots["match"]["match_id"]
        while revision_of(client, bots_id) < 3:
            time.sleep(0.02)
        stopped_at = client.get(f"/api/matches/{bots_id}").json()
    assert stopped_at["status"] == "active"
    with served(location=location) as client:
        with seat(client, match_id, token, since=2) as ann:
            assert ann.receive()["seat"] == 0
            caught_up = ann.receive()
            ann.send({"type": "act", "revision": 2, "action": caught_up["snapshot"]["legal"][0]["action"]})
            assert ann.until_type("ok")["revision"] == 3
        deadline = time.monotonic() + 30
        while client.get(f"/api/matches/{bots_id}").json()["status"] != "finished":
            assert time.monotonic() < deadline, "the bots did not finish their match after the restart"
            time.sleep(0.05)
        assert revision_of(client, bots_id) > stopped_at["revision"]
    assert caught_up["type"] == "updates" and caught_up["entries"] == []
    store = SqliteStore(location)
    try:
        assert verify(export_log(store, bots_id), complete=True).ok
    finally:
        store.close()


def test_a_postgresql_server_plays_a_game_and_stores_only_token_hashes() -> None:
    """Over PostgreSQL (store and seats in one schema): a person beats time against a bot, watched; hashes only."""
    url = postgres_url()
    with scratch_schema(url) as schema:
        store, seats = PostgresStore(url, schema=schema), PostgresSeats(url, schema=schema)
        try:
            with served(store=store, seats=seats) as client:
                made = create(client, "tic_tac_toe", [{"name": "Ann"}, {"name": "Bot", "bot": "random"}], claim=0)
                match_id = made["match"]["match_id"]
                with seat(client, match_id, made["token"]) as ann, seat(client, match_id, None) as eve:
                    state = state_of(ann.until_type("snapshot"))
                    while state["outcome"] is None:
                        if state["legal"]:
                            ann.send({"type": "act", "revision": state["revision"], "action": state["legal"][0]["action"]})
                        frame = ann.until(lambda f: f["type"] in ("updates", "resync"))
                        state = state_of(frame)
                    final = eve.until_type("finished")
            assert final["valid"] and verify(export_log(store, match_id), complete=True).ok
        finally:
            store.close()
            seats.close()
        with psycopg.connect(url) as db:
            rows = db.execute(f'SELECT token_hash FROM "{schema}".boardcore_serve_seats WHERE match_id = %s ORDER BY seat', (match_id,)).fetchall()
    assert rows == [(hashlib.sha256(made["token"].encode()).hexdigest(),), (None,)]
