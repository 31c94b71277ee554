"""The browser the server's Chromium tests share: one per module, waiting as long as a busy 2-core machine needs."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from tests.serve.test_browser import WAIT
from tests.svg import chromium


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    expect.set_options(timeout=WAIT)  # assertions wait as long as page actions do
    with chromium.browser_or_skip("browser") as launched:
        yield launched
