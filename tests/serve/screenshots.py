"""Screenshots of the browser client for docs/screenshots/: the lobby and the table page of each game.

    python -m tests.serve.screenshots            # writes docs/screenshots/*.png (about a minute)

A real server on loopback and Debian's headless Chromium (never ``playwright
install``). Ann plays a few moves against house bots in each game, so each table
shows a game under way; the seeds are fresh, so each run shows other games. Each
table is shown at 1440x900 (``GAME.png``) and 390x844 (``GAME-phone.png``), and the
faults ``tests/serve/geometry.py`` measures there are printed (none, once every
game draws sheets: ``tests/serve/test_readable_table.py`` asserts it).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Page

from tests.serve.geometry import problems
from tests.serve.server import ServerProcess
from tests.svg import chromium

OUT = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
GAMES = [("tic_tac_toe", 2, 2), ("kuhn_poker", 2, 1), ("five_wards", 3, 9), ("the_warriors", 3, 6), ("peaky_blinders", 3, 8), ("bellwether", 2, 8)]
"""Game, players (Ann and house bots), and Ann's moves before the picture."""
DESKTOP = {"width": 1440, "height": 900}
PHONE = {"width": 390, "height": 844}
"""The two screens every table is shown on: a laptop and a phone."""


def play(page: Page, base: str, game: str, players: int, moves: int) -> None:
    page.goto(base + "/")
    page.wait_for_selector("#game option", state="attached")
    page.select_option("#game", game)
    page.select_option("#players", str(players))
    page.fill("#seat-rows tr:nth-child(1) input", "Ann")
    for seat in range(2, players + 1):
        page.fill(f"#seat-rows tr:nth-child({seat}) input", ["", "", "Bob", "Cleo"][seat])
    page.click("#create")
    page.wait_for_url("**/match/**")
    for _ in range(moves):
        page.wait_for_selector('#turn[data-mine="true"] , #result:not([hidden])')
        if page.locator("#result:not([hidden])").count():
            break
        revision = page.locator("body").get_attribute("data-revision")
        page.locator("#actions button.action").first.click()
        page.wait_for_selector(f'body:not([data-revision="{revision}"])')
    page.wait_for_selector('#turn[data-mine="true"], #result:not([hidden])')
    page.wait_for_timeout(300)  # the layout settles


def report(path: Path, faults: list[str]) -> None:
    """Say what was written, and the faults measured on it (the first few)."""
    print(f"wrote {path}: {len(faults)} fault(s) measured" + "".join(f"\n    {fault}" for fault in faults[:5]))


def main() -> int:
    reason = chromium.missing()
    if reason is not None:
        print(f"cannot take screenshots: {reason}", file=sys.stderr)
        return 1
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch, chromium.browser() as browser:
        server = ServerProcess(Path(scratch) / "shots.sqlite3", bot_delay=0.0).start()
        try:
            page = browser.new_page(viewport=DESKTOP)
            for game, players, moves in GAMES:
                page.set_viewport_size(DESKTOP)
                play(page, server.url, game, players, moves)
                page.screenshot(path=OUT / f"{game}.png")
                report(OUT / f"{game}.png", problems(page))
                page.set_viewport_size(PHONE)
                page.wait_for_timeout(300)
                page.screenshot(path=OUT / f"{game}-phone.png")
                report(OUT / f"{game}-phone.png", problems(page))
            page.set_viewport_size(DESKTOP)
            page.goto(server.url + "/")
            page.wait_for_selector(".match-card")
            page.screenshot(path=OUT / "lobby.png")
            print(f"wrote {OUT / 'lobby.png'}")
        finally:
            server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
