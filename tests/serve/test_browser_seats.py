"""Seats that survive, in real headless Chromium against a real ``boardcore serve``: for each board game a person
comes back to their seat through its rejoin link after closing the browser context (a fresh context has no
``localStorage``), plays on, then leaves the table and the house bot plays on; for each board game a person resigns
and the game ends; a table that loses its connection says so and disables acting until it is back; a two-person match
waits for its second person."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.serve.proxy import CuttableProxy
from tests.serve.server import ServerProcess
from tests.serve.test_browser import BOARD_GAMES, Person, whose_move


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    where = tmp_path_factory.mktemp("seats")
    process = ServerProcess(where / "seats.sqlite3", bot_delay=0.05, log=where / "server.log").start()
    yield process
    process.stop()


def move(person: Person) -> None:
    """Wait for the person's move, make it with the first action offered, and wait for the table to move on."""
    assert whose_move([person]) is person
    revision = person.page.locator("body").get_attribute("data-revision") or ""
    person.page.locator("#actions button.action:not([disabled])").first.click()
    expect(person.page.locator("body")).not_to_have_attribute("data-revision", revision)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players"), BOARD_GAMES, ids=[game for game, _ in BOARD_GAMES])
def test_a_person_rejoins_through_the_link_after_closing_the_browser_then_leaves_to_the_house_bot(
    browser: Browser, server: ServerProcess, game: str, players: int
) -> None:
    """Ann plays a move, keeps her rejoin link (the token only in its fragment), closes her context; a new context opens
    the link: she is Ann again, the address bar has no token, and she moves. Then she leaves: the house bot takes her
    seat (the players list says so), her buttons are gone, and the bots play on."""
    ann = Person(browser, server.url)
    match_id = ann.create(game, [("Ann", "me"), *((f"Bot {n}", "house") for n in range(2, players + 1))])
    move(ann)
    link = ann.page.locator("#rejoin-link").get_attribute("href") or ""
    assert link.startswith(f"{server.url}/match/{match_id}?seat=0#token=") and len(link.split("#token=")[1]) >= 43
    ann.close()

    again = Person(browser, server.url)
    try:
        again.page.goto(link)
        expect(again.page.locator("#status")).to_have_attribute("data-status", "connected")
        expect(again.page.locator("#who")).to_have_text("you are Ann")
        assert "#" not in again.page.url and "token" not in again.page.url
        expect(again.page.locator("#story li").first).to_be_visible()
        move(again)
        again.page.once("dialog", lambda dialog: dialog.accept())
        again.page.click('#players li[data-seat="0"] button.to-bot')
        expect(again.page.locator('#players li[data-seat="0"] .tag')).to_have_text("house bot")
        expect(again.page.locator("#turn")).to_contain_text("The house bot plays your seat now")
        revision = int(again.page.locator("body").get_attribute("data-revision") or "0")
        expect(again.page.locator("body")).not_to_have_attribute("data-revision", str(revision))  # the bots play on
        assert again.page.locator("#actions button.action:not([disabled])").count() == 0
        assert again.errors == []
    finally:
        again.close()


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players"), BOARD_GAMES, ids=[game for game, _ in BOARD_GAMES])
def test_a_person_resigns_and_the_game_ends_with_the_others_winning(browser: Browser, server: ServerProcess, game: str, players: int) -> None:
    """Ann plays a move, then resigns (and confirms): the game is over at once, the result names her resignation and
    the house bots as winners, the story says "Ann resigns.", and the log checks valid on the server and in the page."""
    ann = Person(browser, server.url)
    try:
        ann.create(game, [("Ann", "me"), *((f"Bot {n}", "house") for n in range(2, players + 1))])
        move(ann)
        assert whose_move([ann]) is ann
        ann.page.once("dialog", lambda dialog: dialog.accept())
        ann.page.click("#resign")
        expect(ann.page.locator("#result")).to_be_visible()
        expect(ann.page.locator("#result-head")).to_contain_text("(Ann resigned)")
        expect(ann.page.locator("#result-head")).not_to_contain_text("You win")
        expect(ann.page.locator("#story li").last).to_contain_text("Ann resigns.")
        expect(ann.page.locator("#verdict")).to_contain_text("game over: Ann resigned")
        expect(ann.page.locator("#browser-check")).to_have_attribute("data-state", "valid")
        assert ann.page.locator("#actions button.action").count() == 0 and ann.page.locator("#resign").is_hidden()
        assert ann.errors == []
    finally:
        ann.close()


@pytest.mark.slow
def test_a_table_without_its_connection_says_so_and_disables_acting_until_it_is_back(browser: Browser, server: ServerProcess, tmp_path: Path) -> None:
    """Ann's connection is cut while it is her move: the banner says she is disconnected and no action is enabled;
    when the page has reconnected by itself she moves again."""
    proxy = CuttableProxy(server.port).start()
    ann = Person(browser, proxy.url)
    try:
        ann.create("five_wards", [("Ann", "me"), ("Bot", "house")])
        assert whose_move([ann]) is ann
        proxy.cut(refuse_for=2.0)
        expect(ann.page.locator("#turn")).to_have_attribute("data-offline", "true")
        expect(ann.page.locator("#turn")).to_contain_text("Disconnected from the server")
        assert ann.page.locator("#actions button.action:not([disabled])").count() == 0
        expect(ann.page.locator("#status")).to_have_attribute("data-status", "connected")
        expect(ann.page.locator("#turn")).to_have_attribute("data-offline", "false")
        move(ann)
        assert ann.errors == []
    finally:
        ann.close()
        proxy.close()


@pytest.mark.slow
def test_a_two_person_match_waits_for_the_second_person_or_the_house_bot(browser: Browser, server: ServerProcess) -> None:
    """Ann's match has Bob's seat open: her page says it waits and offers no action; she hands the open seat to the
    house bot from the players list, and play starts."""
    ann = Person(browser, server.url)
    try:
        ann.create("tic_tac_toe", [("Ann", "me"), ("Bob", "person")])
        expect(ann.page.locator("#turn")).to_contain_text("Waiting for every seat to be taken")
        assert ann.page.locator("#actions button.action:not([disabled])").count() == 0
        ann.page.click('#players li[data-seat="1"] button.to-bot')
        expect(ann.page.locator('#players li[data-seat="1"] .tag')).to_have_text("house bot")
        move(ann)
        assert ann.errors == []
    finally:
        ann.close()
