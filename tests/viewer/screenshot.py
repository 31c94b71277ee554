"""``python -m tests.viewer.screenshot``: docs/screenshots/replay.png, the viewer file of the golden 4-player 5 Wards
game seen by P2 at step 121, opened from ``file://`` in headless Chromium with the network off."""

from __future__ import annotations

import tempfile
from pathlib import Path

from boardcore.viewer.build import replay_data, replay_html
from tests.svg import chromium
from tests.viewer.logs import whole_game

OUT = Path(__file__).resolve().parents[2] / "docs" / "screenshots" / "replay.png"


def take(out: Path = OUT) -> None:
    with tempfile.TemporaryDirectory() as scratch, chromium.browser() as browser:
        log = whole_game(Path(scratch), "five_wards", 4, 2)
        page_file = Path(scratch) / "replay.html"
        page_file.write_text(replay_html(replay_data(log)), encoding="utf-8")
        context = browser.new_context(offline=True, viewport={"width": 1400, "height": 1000})
        page = context.new_page()
        page.goto(page_file.as_uri())
        page.wait_for_selector("body[data-page-check=ok]")
        page.select_option("#perspective", "2")
        page.evaluate("boardcoreReplay.go(121)")
        page.screenshot(path=str(out))
        context.close()


if __name__ == "__main__":
    take()
    print(f"written {OUT}")
