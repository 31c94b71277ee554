"""The lobby's first page at 100 and 5,000 finished matches (SQLite), against reading every match and seat row.

The baseline, ``every row``, is what the listing did before it read a page from an index:
``store.matches()`` and ``seats.every_match()``, every row ever stored. The same run measures both,
so docs/performance.md quotes their ratio.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio
import pytest

from boardcore.serve.hub import Hub
from boardcore.serve.master import Settings
from boardcore.serve.seats import SqliteSeats
from boardcore.store import SqliteStore
from tests.serve.test_listing_cost import stored


@pytest.fixture(scope="module", params=[100, 5000], ids=["100-finished", "5000-finished"])
def hub(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Any:
    path: Path = tmp_path_factory.mktemp("listing") / "lobby.sqlite3"
    stored(path, request.param)
    store, seats = SqliteStore(path), SqliteSeats(path)
    yield request.param, Hub(store, seats, Settings())
    store.close()
    seats.close()


def _rounds(benchmark: Any) -> dict[str, int]:
    return {"rounds": 1} if benchmark.disabled else {"rounds": 30, "warmup_rounds": 3}


def test_first_page(benchmark: Any, hub: tuple[int, Hub]) -> None:
    """``GET /api/matches``'s work: the newest 100 matches with their seats and headers."""
    finished, served = hub
    listed = benchmark.pedantic(lambda: anyio.run(lambda: served.listing(None, False)), **_rounds(benchmark))
    benchmark.group = "lobby listing"
    benchmark.extra_info.update(workload="first page", finished=finished)
    assert len(listed) == 100


def test_every_row(benchmark: Any, hub: tuple[int, Hub]) -> None:
    """The baseline: every match row and every seat row."""
    finished, served = hub
    rows = benchmark.pedantic(lambda: (served.store.matches(), served.seats.every_match()), **_rounds(benchmark))
    benchmark.group = "lobby listing"
    benchmark.extra_info.update(workload="every row", finished=finished)
    assert len(rows[0]) == finished + 10
