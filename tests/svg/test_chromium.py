"""Every golden picture renders in real headless Chromium (Debian's package, driven by Playwright) to a PNG
that is not blank: the strict ``image/svg+xml`` loader accepts it, at its declared size, with real content.

Runs wherever ``/usr/bin/chromium`` exists; CI must have it (``.ci/run`` installs it), so there a missing
browser fails the test instead of skipping it. One browser serves the whole module.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page

from tests.svg import chromium
from tests.svg.cases import CASES, Case, draw, stored_views, who

PICTURES = [(case, viewer) for case in CASES for viewer in case.viewers]


@pytest.fixture(scope="module")
def page() -> Iterator[Page]:
    with chromium.browser_or_skip("Chromium") as browser:
        yield browser.new_page()


@pytest.mark.parametrize(("case", "viewer"), PICTURES, ids=[f"{case.name}-{who(viewer)}" for case, viewer in PICTURES])
def test_picture_renders_to_a_non_blank_png(page: Page, case: Case, viewer: int | None) -> None:
    """The PNG has the SVG's size, many colours, and a good share of pixels that are not background."""
    svg = draw(case, viewer, stored_views(case)[viewer])
    root = ET.fromstring(svg)
    png = chromium.screenshot(page, svg)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    stats = chromium.png_stats(page, png)
    assert (stats["width"], stats["height"]) == (round(float(root.get("width") or 0)), round(float(root.get("height") or 0)))
    assert stats["colours"] >= 16, stats
    assert stats["inked"] >= 0.05, stats


def test_a_blank_picture_is_caught(page: Page) -> None:
    """The checks above can fail: an empty SVG renders, but to one colour and no ink."""
    png = chromium.screenshot(page, '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect width="200" height="100" fill="#fff"/></svg>')
    stats = chromium.png_stats(page, png)
    assert stats["colours"] == 1 and stats["inked"] == 0


def test_a_malformed_picture_is_refused(page: Page) -> None:
    """Chromium's strict SVG image loader refuses a document that is not well-formed XML."""
    with pytest.raises(AssertionError, match="could not load"):
        chromium.screenshot(page, '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><g></svg>')
