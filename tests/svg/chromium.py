"""Rendering pictures in real headless Chromium: Debian's ``chromium`` driven by Playwright (never ``playwright install``).

Shared by the PNG tests and ``python -m tests.svg.regenerate --png``. A picture is
loaded the strict way, as an ``image/svg+xml`` image (an XML error breaks it), then
screenshotted to PNG; the PNG is decoded back in the browser to count its colours.
"""

from __future__ import annotations

import base64
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Playwright, sync_playwright

CHROMIUM = Path("/usr/bin/chromium")
ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)


def missing() -> str | None:
    """Why Chromium cannot run here, or ``None`` when it can."""
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing (Debian: apt-get install -y chromium)"
    return None


def in_ci() -> bool:
    """CI sets ``CI``; there the browser tests must run, never skip."""
    return bool(os.environ.get("CI"))


def launch(playwright: Playwright) -> Browser:
    """Debian's Chromium, headless, with nothing reaching out to the network."""
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=list(ARGS))


@contextmanager
def browser() -> Iterator[Browser]:
    """Debian's Chromium under Playwright (:func:`launch`), closed on the way out however the block ends."""
    with sync_playwright() as playwright:
        launched = launch(playwright)
        try:
            yield launched
        finally:
            launched.close()


@contextmanager
def browser_or_skip(tests: str) -> Iterator[Browser]:
    """A launched browser for a module of ``tests``; without Chromium they skip, except in CI, where they fail."""
    reason = missing()
    if reason is not None:
        if in_ci():
            pytest.fail(f"CI must run the {tests} tests, but {reason}")
        pytest.skip(f"not in CI and {reason}")
    with browser() as launched:
        yield launched


def screenshot(page: Page, svg: str) -> bytes:
    """The picture as Chromium draws it, as PNG bytes.

    Raises:
        AssertionError: Chromium could not load the SVG as an image (not well-formed XML, or not an SVG).
    """
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    page.set_content(f'<html><body style="margin:0"><img id="picture" src="data:image/svg+xml;base64,{data}"></body></html>')
    loaded = page.evaluate(
        """async () => {
            const img = document.getElementById("picture");
            try { await img.decode(); } catch (error) { return 0; }
            return img.naturalWidth;
        }"""
    )
    assert loaded, "Chromium could not load the SVG as an image"
    return page.locator("#picture").screenshot()


def png_stats(page: Page, png: bytes) -> dict[str, Any]:
    """Size, distinct colours (up to 4096) and the share of pixels not of the commonest colour, decoded by the browser."""
    data = base64.b64encode(png).decode("ascii")
    stats: dict[str, Any] = page.evaluate(
        """async (data) => {
            const img = new Image();
            img.src = "data:image/png;base64," + data;
            await img.decode();
            const canvas = document.createElement("canvas");
            canvas.width = img.naturalWidth;
            canvas.height = img.naturalHeight;
            const context = canvas.getContext("2d");
            context.drawImage(img, 0, 0);
            const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
            const counts = new Map();
            for (let i = 0; i < pixels.length; i += 4) {
                const colour = (pixels[i] << 16) | (pixels[i + 1] << 8) | pixels[i + 2];
                if (counts.size < 4096 || counts.has(colour)) counts.set(colour, (counts.get(colour) || 0) + 1);
            }
            const total = canvas.width * canvas.height;
            const commonest = Math.max(...counts.values());
            return {width: canvas.width, height: canvas.height, colours: counts.size, inked: (total - commonest) / total};
        }""",
        data,
    )
    return stats
