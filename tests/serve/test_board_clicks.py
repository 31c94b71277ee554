"""Playing on the board in real headless Chromium: the picture's highlighted elements act when clicked.

Ann plays against house bots by clicking the picture: a lone choice acts at once, a click that leaves several
choices offers just those, and a choice of several pieces (5 Wards' Brawl commit) is built by toggling cards on the
board and confirmed. The button list is used only for a decision none of whose choices names a board element (end a
turn, pass, roll), and the test counts both.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.serve.server import ServerProcess
from tests.serve.test_browser import WAIT, Person

pytestmark = pytest.mark.slow

BOARD_GAMES = [("five_wards", 2), ("the_warriors", 2), ("peaky_blinders", 3), ("bellwether", 2)]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    where = tmp_path_factory.mktemp("board")
    process = ServerProcess(where / "board.sqlite3", bot_delay=0.0, log=where / "server.log").start()
    yield process
    process.stop()


def my_move(page: Page) -> bool:
    """Wait until it is Ann's move (True) or the game is over (False)."""
    page.wait_for_selector('#turn[data-mine="true"], #result:not([hidden])')
    deadline = time.monotonic() + WAIT / 1000
    while time.monotonic() < deadline:
        if page.locator("#result:not([hidden])").count():
            return False
        revision = page.locator("body").get_attribute("data-revision")
        drawn = page.locator("#picture").get_attribute("data-revision")  # the picture of this revision, not the last
        if page.locator('#turn[data-mine="true"]').count() and page.locator("#actions button.action:not([disabled])").count() and drawn == revision:
            return True
        time.sleep(0.05)
    raise AssertionError("Ann was never offered a move")


HIT = """(node) => {
  node.scrollIntoView({ block: "center" });
  const box = node.getBoundingClientRect();
  const x = box.x + box.width / 2, y = box.y + box.height / 2;
  const hit = document.elementFromPoint(x, y);
  return hit && hit.closest("[data-target]") === node ? [x, y] : null;
}"""
"""Scroll the element to the middle of the window; the point to click if the element itself is hit there."""


def press(page: Page, element: Locator) -> None:
    """A real mouse click in the middle of a picture's element, once nothing else lies on that point."""
    deadline = time.monotonic() + 4
    while time.monotonic() < deadline:
        point = element.evaluate(HIT)
        if point is not None:
            page.mouse.click(*point)
            return
        time.sleep(0.1)
    raise PlaywrightTimeout("the element is covered")


def one_move(page: Page, chooser: random.Random) -> str:
    """Make one move, on the board when any element is clickable; returns how: "board", "pick" or "button".

    Where bots decide at the same time (simultaneous choices), the table may move on under the pointer: the move is
    then made again from the new picture."""
    for _ in range(5):
        try:
            return _one_move(page, chooser)
        except PlaywrightTimeout:
            if not my_move(page):
                return "none"
    raise AssertionError("the board never held still long enough for a move")


def _one_move(page: Page, chooser: random.Random) -> str:
    revision = page.locator("body").get_attribute("data-revision") or ""
    page.set_default_timeout(4000)
    pieces = page.locator("#actions .pick button.piece")
    if pieces.count():
        targets = [pieces.nth(k).get_attribute("data-target") for k in range(pieces.count())]
        for target in chooser.sample(targets, chooser.randint(0, len(targets))):
            press(page, page.locator(f'#picture [data-target="{target}"].clickable').first)
        confirm = page.locator("#actions .pick button.confirm")
        while confirm.is_disabled():  # not a legal set: take pieces back until it is
            chosen = page.locator("#actions .pick button.piece[aria-pressed=true]")
            press(page, page.locator(f'#picture [data-target="{chosen.first.get_attribute("data-target")}"]').first)
        confirm.click()
        how = "pick"
    else:
        clickable = page.locator("#picture .clickable")
        if clickable.count():
            press(page, clickable.nth(chooser.randrange(clickable.count())))
            offered = page.locator("#offer button.action")
            if offered.count():
                offered.nth(chooser.randrange(offered.count())).click()
            how = "board"
        else:
            buttons = page.locator("#actions button.action:not([disabled])")
            buttons.nth(chooser.randrange(buttons.count())).click()
            how = "button"
    page.set_default_timeout(WAIT)
    expect(page.locator("body")).not_to_have_attribute("data-revision", revision)
    return how


def test_tic_tac_toe_is_played_by_clicking_cells_only(browser: Browser, server: ServerProcess) -> None:
    """Every move is a click on an empty cell of the picture; the game ends with a result and no page error."""
    ann = Person(browser, server.url)
    try:
        ann.create("tic_tac_toe", [("Ann", "me"), ("Bob", "house")])
        page = ann.page
        while my_move(page):
            expect(page.locator('#picture [data-target="cell-0"]')).to_be_attached()
            assert page.locator("#picture .clickable").count() >= 1
            assert one_move(page, random.Random(1)) == "board"
        expect(page.locator("#result-head")).not_to_be_empty()
        assert ann.errors == []
    finally:
        ann.close()


@pytest.mark.parametrize(("game", "players"), BOARD_GAMES, ids=[game for game, _ in BOARD_GAMES])
def test_a_board_game_is_played_on_the_board_against_house_bots(browser: Browser, server: ServerProcess, game: str, players: int) -> None:
    """A whole game (up to 400 of Ann's moves): each move made on the board whenever any choice names an element of it."""
    ann = Person(browser, server.url)
    chooser = random.Random(game)
    try:
        ann.create(game, [("Ann", "me"), *((f"Bot {n}", "house") for n in range(2, players + 1))])
        page = ann.page
        ways: dict[str, int] = {"board": 0, "pick": 0, "button": 0, "none": 0}
        while sum(ways.values()) < 400 and my_move(page):
            ways[one_move(page, chooser)] += 1
        assert ways["board"] + ways["pick"] > 0, ways
        assert ann.errors == []
    finally:
        ann.close()


def test_the_story_folds_consequences_and_undo_says_what_was_taken_back(browser: Browser, server: ServerProcess) -> None:
    """Each story item is one step (its automatic consequences folded beneath it); undo names the step taken back."""
    ann = Person(browser, server.url)
    try:
        ann.create("five_wards", [("Ann", "me"), ("Bob", "house")])
        page = ann.page
        chooser = random.Random(5)
        while my_move(page) and not page.locator("#undo:not([hidden])").count():
            one_move(page, chooser)
        expect(page.locator("#undo")).to_be_visible()
        steps = page.locator("#story > li").count()
        assert all(page.locator("#story > li").nth(k).locator("summary, span.story-text").count() == 1 for k in range(steps))
        last = page.locator("#story > li").last.locator("summary, span.story-text").first.text_content() or ""
        page.click("#undo")
        expect(page.locator("#notice")).to_have_text(f"Taken back: {last}.")
        assert ann.errors == []
    finally:
        ann.close()
