"""The viewer file in real headless Chromium, opened from ``file://`` with the network off: every step of every
perspective shows exactly ``boardcore replay LOG --step N --as P --svg``'s picture, the in-page check agrees with
Python, and a tampered log is marked at its bad step by both. Also the server's ``/replay`` page framing the file.

Runs wherever ``/usr/bin/chromium`` exists; in CI it must.
"""

from __future__ import annotations

import json
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route

from boardcore.bots import make_bots, play_out
from boardcore.cli import main
from boardcore.published import read_published
from boardcore.verify import replay, verify
from boardcore.viewer.build import embedded_data
from tests.serve.server import ServerProcess
from tests.svg import chromium
from tests.viewer.logs import GOLDEN, part_game, whole_game

pytestmark = pytest.mark.slow
WAIT = 30_000
STEP_THROUGH = """(count) => {
  const shown = [];
  for (let k = 0; k < count; k += 1) {
    shown.push([document.body.dataset.step, globalThis.boardcoreReplay.shown()]);
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }));
  }
  return shown;
}"""
"""Each step's (step, picture shown), then → : stepping first to last with the keyboard, read in one round trip."""


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium.browser_or_skip("replay viewer") as launched:
        yield launched


def _offline(browser: Browser) -> tuple[BrowserContext, list[str]]:
    """A context with the network off: every request but the file itself (and data/blob URLs) is refused and kept."""
    context = browser.new_context(offline=True, viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(WAIT)
    asked: list[str] = []

    def refuse(route: Route) -> None:
        url = route.request.url
        if url.startswith(("file:", "data:", "blob:")):
            route.continue_()
        else:
            asked.append(url)
            route.abort()

    context.route("**/*", refuse)
    return context, asked


def _open(context: BrowserContext, path: Path) -> tuple[Page, list[str]]:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(path.as_uri())
    page.wait_for_selector("body[data-ready=yes]")
    page.wait_for_selector("body[data-page-check]")
    return page, errors


def _shown(page: Page) -> str:
    """The picture the page shows now (drawn inline: a sheet's panels lifted into a row, see static/js/sheet.js)."""
    return str(page.evaluate("globalThis.boardcoreReplay.shown()"))


@pytest.mark.parametrize(("name", "players", "seed"), GOLDEN, ids=[g[0] for g in GOLDEN])
def test_every_step_of_every_perspective_is_replay_svg(name: str, players: int, seed: int, browser: Browser, tmp_path: Path) -> None:
    """Stepped first to last with the keyboard, each perspective's picture is ``replay --svg`` for that step and seat."""
    log = whole_game(tmp_path, name, players, seed)
    out = tmp_path / "replay.html"
    assert main(["replay", str(log), "--html", str(out)]) == 0
    match = replay(log)
    seats = [None, *range(players)]
    expected = [[match.presentation.picture(match.game.view(match.state_at(step), seat), seat, match.players) for step in range(len(match) + 1)] for seat in seats]
    for seat, step in [(seats[-1], len(match) // 2), (None, len(match))]:  # the command itself, at two of them
        svg = tmp_path / "one.svg"
        as_seat = [] if seat is None else ["--as", str(seat)]
        assert main(["replay", str(log), "--step", str(step), *as_seat, "--svg", str(svg)]) == 0
        assert svg.read_text(encoding="utf-8") == expected[seats.index(seat)][step]
    context, asked = _offline(browser)
    try:
        page, errors = _open(context, out)
        assert page.evaluate("window.isSecureContext && typeof crypto.subtle.digest === 'function'")
        assert page.get_attribute("body", "data-page-check") == "ok"
        assert "valid" in (page.text_content("#page-verdict") or "")
        for index in range(len(seats)):
            page.select_option("#perspective", str(index))
            page.keyboard.press("Home")
            page.keyboard.press("ArrowRight")
            assert page.get_attribute("body", "data-step") == "1" and _shown(page) == expected[index][1]
            page.keyboard.press("Home")
            shown = page.evaluate(STEP_THROUGH, len(match) + 1)  # the same keys, pressed in the page: one round trip
            for step, (at, svg) in enumerate(shown):
                assert at == str(step)
                assert svg == expected[index][step], f"{name}: perspective {index}, step {step}"
            assert page.get_attribute("body", "data-step") == str(len(match))  # the last step stays the last
        assert page.evaluate("document.querySelector('#picture svg').getBoundingClientRect().width") > 0  # drawn, not just set
        assert errors == [] and asked == []
    finally:
        context.close()


def test_a_tampered_log_is_marked_at_its_step_by_python_and_by_the_page(browser: Browser, tmp_path: Path) -> None:
    """Step 20's events digest edited: both marks sit on step 20, the steps after it show the verdict, not a picture."""
    log = whole_game(tmp_path, "five_wards", 2, 1)
    rows = log.read_text().splitlines()
    record = json.loads(rows[20])
    record["events"] = "0" * 32
    rows[20] = json.dumps(record)
    log.write_text("\n".join(rows) + "\n")
    out = tmp_path / "tampered.html"
    assert main(["replay", str(log), "--html", str(out)]) == 1
    assert embedded_data(out.read_text()).bad_step == 20
    context, asked = _offline(browser)
    try:
        page, errors = _open(context, out)
        assert page.get_attribute("body", "data-page-check") == "bad:20"
        assert page.get_attribute(".mark.python", "data-step") == "20"
        assert page.get_attribute(".mark.page", "data-step") == "20"
        assert "step 20" in (page.text_content("#page-verdict") or "")
        page.keyboard.press("End")
        for _ in range(page_steps(page) - 20):
            page.keyboard.press("ArrowLeft")
        assert page.get_attribute("body", "data-step") == "20"
        assert page.is_visible("#not-shown") and not page.is_visible("#picture")
        page.keyboard.press("ArrowLeft")
        assert page.is_visible("#picture") and not page.is_visible("#not-shown")
        assert errors == [] and asked == []
    finally:
        context.close()


def page_steps(page: Page) -> int:
    return int(page.get_attribute("#slider", "max") or 0)


def test_a_committed_seed_log_s_reveal_is_checked_in_the_page(browser: Browser, tmp_path: Path) -> None:
    """A committed-seed game with its reveal: the page opens the commitment itself and says so."""
    log = whole_game(tmp_path, "kuhn_poker", 2, 3, commit_seed=True)
    out = tmp_path / "committed.html"
    assert main(["replay", str(log), "--html", str(out)]) == 0
    context, _ = _offline(browser)
    try:
        page, errors = _open(context, out)
        assert page.get_attribute("body", "data-page-check") == "ok"
        assert "seed commitment" in (page.text_content("#page-verdict") or "")
        assert errors == []
    finally:
        context.close()


def test_the_server_replay_page_shows_the_viewer_in_its_frame(browser: Browser, tmp_path: Path) -> None:
    """``/replay``: a picked log is uploaded and its viewer runs framed under the page's policy; a corrupt one is refused in words."""
    log = whole_game(tmp_path, "tic_tac_toe", 2, 1)
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{not a log\n")
    server = ServerProcess(tmp_path / "replay.sqlite3", log=tmp_path / "server.log").start()
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(WAIT)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
        page.goto(server.url + "/replay")
        page.set_input_files("#log-file", str(bad))
        page.wait_for_selector("body[data-error='log/corrupt']")
        assert "cannot be read" in (page.text_content("#status") or "")
        errors.clear()  # the refused upload's 400 is logged by the browser
        page.set_input_files("#log-file", str(log))
        page.wait_for_selector("body[data-loaded]")
        frame = page.frame_locator("#viewer")
        frame.locator("body[data-page-check='ok']").wait_for()
        assert frame.locator("#perspective option").count() == 3
        assert errors == []
    finally:
        context.close()
        server.stop()


def _post(url: str, body: dict[str, object]) -> dict[str, object]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=10) as answer:
        created: dict[str, object] = json.loads(answer.read())
    return created


def test_the_lobby_links_a_finished_match_s_replay_and_a_seat_s_own_before_the_end(browser: Browser, tmp_path: Path) -> None:
    """Lobby → Replay on a finished match: every seat; Replay (your seat) on a match still on: only the seat whose
    token this browser holds."""
    server = ServerProcess(tmp_path / "lobby.sqlite3", log=tmp_path / "server.log").start()
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(WAIT)
    try:
        done = _post(server.url + "/api/matches", {"game": "tic_tac_toe", "seats": [{"name": "X", "bot": "house"}, {"name": "O", "bot": "random"}]})
        on = _post(server.url + "/api/matches", {"game": "tic_tac_toe", "seats": [{"name": "Ann"}, {"name": "Bot", "bot": "house"}], "claim": 0})
        done_id = done["match"]["match_id"]  # type: ignore[index]
        on_id = on["match"]["match_id"]  # type: ignore[index]
        deadline = time.monotonic() + 30
        while json.loads(urllib.request.urlopen(f"{server.url}/api/matches/{done_id}", timeout=10).read())["status"] != "finished":
            assert time.monotonic() < deadline, "the bots did not finish"
            time.sleep(0.05)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(server.url + "/")
        page.evaluate("([id, token]) => localStorage.setItem('boardcore.tokens', JSON.stringify({[id]: {'0': token}}))", [on_id, on["token"]])
        page.reload()
        page.click(f"[data-match-id='{done_id}'] >> text=Replay")
        page.wait_for_selector("body[data-loaded]")
        frame = page.frame_locator("#viewer")
        frame.locator("body[data-page-check='ok']").wait_for()
        assert frame.locator("#perspective option").all_text_contents() == ["Spectator", "X", "O"]
        page.goto(server.url + "/")
        page.click(f"[data-match-id='{on_id}'] >> text=Replay (your seat)")
        page.wait_for_selector("body[data-loaded]")
        frame = page.frame_locator("#viewer")
        frame.locator("body[data-ready='yes']").wait_for()
        assert frame.locator("#perspective option").all_text_contents() == ["Ann"]
        assert "not possible before the end" in (frame.locator("#page-verdict").text_content() or "")
        assert errors == []
    finally:
        context.close()
        server.stop()


def test_a_file_made_during_play_saves_its_chain_values_for_the_final_log(browser: Browser, tmp_path: Path) -> None:
    """Made for seat 0 mid-game: no in-page check yet, but the chain values it holds save as a published-chain file
    that the finished game's log satisfies (``verify --published``)."""
    match = part_game("five_wards", 3, 30)
    log = tmp_path / "on.jsonl"
    match.log.save(log)
    out = tmp_path / "seat0.html"
    assert main(["replay", str(log), "--html", str(out), "--as", "0", "--seed", str(match.seed), "--salt", str(match.seed_salt)]) == 0
    context, asked = _offline(browser)
    try:
        page, errors = _open(context, out)
        assert page.get_attribute("body", "data-page-check") == "later"
        with page.expect_download() as download:
            page.click("#save-chain")
        saved = tmp_path / "published.json"
        download.value.save_as(saved)
        assert errors == [] and asked == []
    finally:
        context.close()
    play_out(match, make_bots(match.game, 3, 7))
    final = tmp_path / "final.jsonl"
    match.log.save(final)
    published = read_published(saved)
    assert len(published.steps) == 30 and published.seed_commitment == match.seed_commitment
    assert verify(final, published=published).ok


def test_each_step_marks_the_elements_it_changed_and_shows_sheets_at_their_drawn_size(browser: Browser, tmp_path: Path) -> None:
    """Tic-tac-toe: at step N only the cell of step N's mark is ``changed`` (step 0 marks nothing), and the sheet's
    panels stand side by side at their drawn width of 340 px."""
    log = whole_game(tmp_path, "tic_tac_toe", 2, 1)
    out = tmp_path / "replay.html"
    assert main(["replay", str(log), "--html", str(out)]) == 0
    match = replay(log)
    context, _ = _offline(browser)
    try:
        page, errors = _open(context, out)
        page.keyboard.press("Home")
        assert page.locator("#picture .changed").count() == 0
        widths = page.evaluate("[...document.querySelectorAll('#picture .sheet > svg.sheet-panel')].map((p) => p.getBoundingClientRect().width)")
        assert widths == [340, 340]
        for step in range(1, len(match) + 1):
            page.keyboard.press("ArrowRight")
            cell = match.step_at(step).action.cell
            changed = page.evaluate("[...document.querySelectorAll('#picture .changed')].map((n) => n.dataset.target)")
            assert changed == [f"cell-{cell}"] or (match.is_over and step == len(match) and f"cell-{cell}" in changed), (step, changed)
        assert errors == []
    finally:
        context.close()
