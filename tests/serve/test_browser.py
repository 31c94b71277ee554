"""End to end in real headless Chromium (Debian's package, driven by Playwright): people play through the client.

One server and one browser serve the whole module. Two browser contexts (two
people, each with their own storage) play a whole game of tic-tac-toe, one of
them through a proxy that the test cuts mid-game: its page must notice the
drop, reconnect by itself and catch up. Two people then play a stretch of each
board game with house bots, and a spectator watches. Last, the server is
killed with SIGKILL and started again: an open page reconnects by itself and
play goes on. Runs wherever ``/usr/bin/chromium`` exists; in CI (``CI`` set) a
missing browser fails these tests instead of skipping them.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.serve.proxy import CuttableProxy
from tests.serve.server import ServerProcess

BOARD_GAMES = [("five_wards", 3), ("the_warriors", 2), ("peaky_blinders", 3), ("bellwether", 2)]
WAIT = 20_000
"""Milliseconds a page has to show what a step should show."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    where = tmp_path_factory.mktemp("browser")
    process = ServerProcess(where / "browser.sqlite3", bot_delay=0.05, log=where / "server.log").start()
    yield process
    process.stop()


class Person:
    """One browser context (its own storage, so its own tokens) and its page; uncaught page errors are kept."""

    def __init__(self, browser: Browser, base: str) -> None:
        self.context: BrowserContext = browser.new_context(viewport={"width": 1400, "height": 900})
        self.context.set_default_timeout(WAIT)
        self.page: Page = self.context.new_page()
        self.base = base
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))

    def lobby(self) -> Page:
        self.page.goto(self.base + "/")
        self.page.wait_for_selector("#game option", state="attached")
        return self.page

    def create(self, game: str, seats: list[tuple[str, str]]) -> str:
        """Create a match from the lobby form (``seats``: name and who plays it); returns the match id."""
        page = self.lobby()
        page.select_option("#game", game)
        page.select_option("#players", str(len(seats)))
        for index, (name, who) in enumerate(seats, start=1):
            page.fill(f"#seat-rows tr:nth-child({index}) input", name)
            page.select_option(f"#seat-rows tr:nth-child({index}) select", who)
        page.click("#create")
        page.wait_for_url("**/match/**")
        page.wait_for_selector("#status[data-status=connected]")
        return page.url.split("/match/")[1].split("?")[0]

    def at(self, revision: int) -> None:
        self.page.wait_for_selector(f'body[data-revision="{revision}"]')

    def click(self, label: str) -> None:
        self.page.wait_for_selector('#turn[data-mine="true"]')
        self.page.click(f'#actions button.action:text-is("{label}")')

    def close(self) -> None:
        self.context.close()


def test_two_people_play_tic_tac_toe_and_one_reconnects_by_itself_after_a_network_cut(browser: Browser, server: ServerProcess) -> None:
    """Ann creates, Bob takes the open seat through a proxy; the proxy is cut while Ann moves; Bob's page catches up; Ann wins."""
    proxy = CuttableProxy(server.port).start()
    ann, bob = Person(browser, server.url), Person(browser, proxy.url)
    try:
        match_id = ann.create("tic_tac_toe", [("Ann", "me"), ("Bob", "person")])
        expect(ann.page.locator("#invite")).to_be_visible()
        expect(ann.page.locator("#fairness .hash").first).to_have_text(server.get(f"/api/matches/{match_id}")["seed_commitment"])
        lobby = bob.lobby()
        lobby.click(f'.match-card[data-match-id="{match_id}"] button:text-is("Take this seat")')
        bob.page.wait_for_url(f"**/match/{match_id}?seat=1")
        expect(bob.page.locator("#who")).to_have_text("you are Bob")
        expect(ann.page.locator('#players li[data-seat="1"]')).to_have_attribute("data-online", "true")

        ann.click("place X in cell 0")
        bob.at(1)
        bob.click("place O in cell 3")
        ann.at(2)
        proxy.cut(refuse_for=1.5)  # Bob's connection is reset and stays down a while
        expect(bob.page.locator("#status")).to_have_attribute("data-status", "reconnecting")
        ann.click("place X in cell 1")
        expect(bob.page.locator("#status")).to_have_attribute("data-status", "connected", timeout=WAIT)
        bob.at(3)  # caught up from its revision, without a reload
        expect(bob.page.locator("#story li")).to_have_count(3)
        bob.click("place O in cell 4")
        ann.at(4)
        ann.click("place X in cell 2")
        for person in (ann, bob):
            person.at(5)
            expect(person.page.locator("#verdict")).to_contain_text("valid: 5 steps, game over")
            expect(person.page.locator("#result")).to_be_visible()
            expect(person.page.locator("#story li")).to_have_count(5)
            expect(person.page.locator("#fairness")).to_contain_text("Revealed seed")
        expect(ann.page.locator("#result-head")).to_contain_text("You win!")
        expect(bob.page.locator("#result-head")).to_contain_text("Ann wins")
        expect(bob.page.locator("#story li").first).to_contain_text("Ann (X) takes cell 0")
        assert bob.page.locator("#actions button.action").count() == 0
        assert proxy.cuts == 1 and ann.errors == [] and bob.errors == []
    finally:
        ann.close()
        bob.close()
        proxy.close()


def whose_move(people: list[Person]) -> Person | None:
    """The person whose page offers a move now (``None`` once the game is over); waits while the bots move."""
    deadline = time.monotonic() + WAIT / 1000
    while time.monotonic() < deadline:
        for person in people:
            if person.page.locator("#result:not([hidden])").count():
                return None
            if person.page.locator('#turn[data-mine="true"]').count() and person.page.locator("#actions button.action:not([disabled])").count():
                return person
        time.sleep(0.05)
    raise AssertionError("nobody was offered a move")


def settled(server: ServerProcess, match_id: str, people: list[Person]) -> int:
    """The match's revision once it has stopped moving: someone's page offers a move (or the game is over) and the
    server's revision stays the same for half a second (ten times the bots' delay). Read any earlier, the house bots
    may still be moving, and a page told of the next revision would never show the one read."""
    deadline = time.monotonic() + WAIT / 1000
    while time.monotonic() < deadline:
        whose_move(people)
        revision: int = server.get(f"/api/matches/{match_id}")["revision"]
        time.sleep(0.5)
        if server.get(f"/api/matches/{match_id}")["revision"] == revision:
            return revision
    raise AssertionError("the match never stopped moving")


@pytest.mark.parametrize(("game", "players"), BOARD_GAMES, ids=[game for game, _ in BOARD_GAMES])
def test_two_people_play_a_stretch_of_each_board_game_with_house_bots(browser: Browser, server: ServerProcess, game: str, players: int) -> None:
    """Ann and Bob (two contexts) and house bots: twelve moves through the buttons; pictures, stories and revisions agree."""
    ann, bob = Person(browser, server.url), Person(browser, server.url)
    try:
        match_id = ann.create(game, [("Ann", "me"), ("Bob", "person"), *((f"Bot {n}", "house") for n in range(3, players + 1))])
        bob.lobby().click(f'.match-card[data-match-id="{match_id}"] button:text-is("Take this seat")')
        bob.page.wait_for_url(f"**/match/{match_id}?seat=1")
        moves = 0
        while moves < 12 and (mover := whose_move([ann, bob])) is not None:
            page = mover.page
            revision = page.locator("body").get_attribute("data-revision") or ""
            expect(page.locator("#picture")).to_have_attribute("data-revision", revision)
            page.locator("#actions button.action:not([disabled])").first.click()
            expect(page.locator("body")).not_to_have_attribute("data-revision", revision)
            moves += 1
        final = settled(server, match_id, [ann, bob])
        for person in (ann, bob):
            person.at(final)
            expect(person.page.locator("#picture")).to_have_attribute("data-revision", str(final))
            assert person.page.evaluate("document.querySelector('#picture svg').getBoundingClientRect().width") > 300  # the SVG is drawn
            assert person.page.locator("#story li").count() >= moves
            assert person.errors == []
        assert moves == 12 or ann.page.locator("#result:not([hidden])").count()
    finally:
        ann.close()
        bob.close()


def test_a_whole_game_of_kuhn_poker_against_a_bot_ends_with_the_result_and_a_verified_log(browser: Browser, server: ServerProcess) -> None:
    """Ann bets or passes until the hand is over: the result, the revealed seed, the server's valid verdict and the page's
    own check of the log are shown."""
    person = Person(browser, server.url)
    try:
        person.create("kuhn_poker", [("Ann", "me"), ("Bob", "house")])
        while (mover := whose_move([person])) is not None:
            revision = mover.page.locator("body").get_attribute("data-revision") or ""
            mover.page.locator("#actions button.action:not([disabled])").last.click()
            expect(mover.page.locator("body")).not_to_have_attribute("data-revision", revision)
        page = person.page
        expect(page.locator("#verdict")).to_contain_text("valid:")
        expect(page.locator("#verdict")).to_contain_text("game over")
        expect(page.locator("#result-head")).not_to_be_empty()
        expect(page.locator("#fairness")).to_contain_text("Revealed seed")
        expect(page.locator("#browser-check")).to_have_attribute("data-state", "valid")  # checked by the page itself
        expect(page.locator("#fairness a[download]:not(#published-file)")).to_have_attribute("href", re.compile(r"^/api/matches/[0-9a-f]+/log$"))
        expect(page.locator("#published-file")).to_have_attribute("download", re.compile(r"^published-[0-9a-f]+\.json$"))
        assert person.errors == []
    finally:
        person.close()


def test_a_spectator_sees_the_picture_and_the_story_but_no_actions(browser: Browser, server: ServerProcess) -> None:
    """Watching a bots-only match: the public picture and story update; no action buttons, no undo."""
    made = server.create("five_wards", [{"name": "A", "bot": "house"}, {"name": "B", "bot": "house"}], options={"round_limit": 2})
    person = Person(browser, server.url)
    try:
        page = person.page
        page.goto(f"{server.url}/match/{made['match']['match_id']}?watch")
        expect(page.locator("#who")).to_have_text("watching")
        page.wait_for_selector("#story li:nth-child(5)")
        assert page.locator("#actions button").count() == 0 and page.locator("#undo").is_hidden()
        assert page.locator("#story li").count() >= 5
        assert person.errors == []
    finally:
        person.close()


def test_an_open_page_comes_back_by_itself_after_the_server_is_killed_and_restarted(browser: Browser, server: ServerProcess, tmp_path: Path) -> None:
    """SIGKILL the server mid-game; start it again on the same port: the page reconnects, resyncs, and play goes on."""
    person = Person(browser, server.url)
    try:
        person.create("tic_tac_toe", [("Ann", "me"), ("Bob", "house")])
        person.click("place X in cell 4")
        person.at(2)
        server.kill()
        expect(person.page.locator("#status")).to_have_attribute("data-status", "reconnecting")
        server.start()  # same file, same port
        expect(person.page.locator("#status")).to_have_attribute("data-status", "connected", timeout=30_000)
        expect(person.page.locator("#story li")).to_have_count(2)
        person.page.locator("#actions button.action").first.click()
        person.at(4)
        assert person.errors == []
    finally:
        person.close()
