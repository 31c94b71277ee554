"""Fair play checked in the player's own browser (headless Chromium): a committed seed above 2**63, end to end.

The match is created in the server's database with a known committed seed above
2**63 (a real server draws 64 random bits, so a test cannot choose one through
the lobby), then two people play it to the end in two browsers. Each page must
show exactly the seed in the log (``JSON.parse`` would round it), check the log
itself ("checked in your browser", from the chain values it recorded during
play), and the seed and salt it shows must open the commitment with ``boardcore
verify``. A log rewritten after the fact and rechained is refused by the page's
own verifier, naming the step. Runs wherever ``/usr/bin/chromium`` exists; in CI a
missing browser fails it.
"""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import msgspec
import pytest
from playwright.sync_api import Browser, expect

from boardcore.encoding import canonical, digest
from boardcore.log import Log, chain_link, read_log
from boardcore.registry import get_game
from boardcore.serve.hub import open_backends
from boardcore.table import Table
from tests.serve.server import ServerProcess
from tests.serve.test_browser import Person, whose_move

BIG = 10371246044620745126
"""The seed of the issue's report: the page showed 10371246044620745000."""

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def match(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServerProcess, str]]:
    """A server over a database holding a fresh committed-seed tic-tac-toe match (seats for two people)."""
    where = tmp_path_factory.mktemp("fairness")
    db = where / "fair.sqlite3"
    store, seats = open_backends(str(db))
    try:
        table = Table.create(get_game("tic_tac_toe"), ["Ann", "Bob"], seed=BIG, commit_seed=True, store=store)
        seats.add(table.match_id, [None, None])
    finally:
        store.close()
        seats.close()
    process = ServerProcess(db, log=where / "server.log").start()
    yield process, table.match_id
    process.stop()


def seated(browser: Browser, server: ServerProcess, match_id: str, seat: int) -> Person:
    """A person whose browser holds the seat's token (as the lobby would have stored it), on the table page."""
    person = Person(browser, server.url)
    token = server.post(f"/api/matches/{match_id}/seats/{seat}")["token"]
    person.page.goto(server.url + "/")
    person.page.evaluate("([key, value]) => localStorage.setItem(key, value)", ["boardcore.tokens", json.dumps({match_id: {str(seat): token}})])
    person.page.goto(f"{server.url}/match/{match_id}?seat={seat}")
    person.page.wait_for_selector("#status[data-status=connected]")
    return person


def rewritten(log: Log) -> bytes:
    """The log with the first player renamed and every chain value recomputed: valid on its own."""
    header = msgspec.structs.replace(log.header, players=("Mallory", *log.header.players[1:]))
    chain, records = digest(canonical(header)), []
    for record in log.records:
        chain = chain_link(chain, record.step, record.player, record.action, record.events, record.state)
        records.append(msgspec.structs.replace(record, chain=chain))
    return Log(header, tuple(records), log.reveal).to_jsonl()


def test_the_page_shows_the_exact_seed_above_2_63_and_checks_the_log_itself(browser: Browser, match: tuple[ServerProcess, str], tmp_path: Path) -> None:
    """Played to the end in two browsers: each page shows the log's seed digit for digit and "checked in your browser:
    valid" with what it checked; the shown seed and salt open the commitment with boardcore verify; the chain values
    the page saves pass boardcore verify --published with the log, and a rechained rewrite of the log is refused at
    step 1 by both boardcore verify --published and the page's own verifier."""
    server, match_id = match
    ann, bob = seated(browser, server, match_id, 0), seated(browser, server, match_id, 1)
    try:
        while (mover := whose_move([ann, bob])) is not None:
            revision = mover.page.locator("body").get_attribute("data-revision") or ""
            mover.page.locator("#actions button.action:not([disabled])").first.click()
            expect(mover.page.locator("body")).not_to_have_attribute("data-revision", revision)
        with urllib.request.urlopen(f"{server.url}/api/matches/{match_id}/log", timeout=30) as answer:
            text = answer.read().decode()
        log = read_log(text.encode())
        assert log.reveal is not None and log.reveal.seed == BIG
        for person in (ann, bob):
            page = person.page
            expect(page.locator("#browser-check")).to_have_attribute("data-state", "valid")
            expect(page.locator("#browser-check")).to_contain_text("open the seed commitment")
            expect(page.locator("#browser-check")).to_contain_text("chain values published during play")
            expect(page.locator("#revealed-seed")).to_have_text(str(BIG))
            expect(page.locator("#live-check")).to_have_attribute("data-ok", "true")
            assert person.errors == []
        shown_seed = ann.page.locator("#revealed-seed").inner_text()
        shown_salt = ann.page.locator("#revealed-salt").inner_text()
        assert shown_seed == str(BIG) and shown_salt == log.reveal.salt
        (tmp_path / "game.jsonl").write_text(text)
        done = subprocess.run(
            [sys.executable, "-m", "boardcore.cli", "verify", str(tmp_path / "game.jsonl"), "--seed", shown_seed, "--salt", shown_salt, "--complete"],
            capture_output=True, text=True, timeout=60,
        )  # fmt: skip
        assert done.returncode == 0 and done.stdout.startswith("valid"), done.stdout + done.stderr
        with ann.page.expect_download() as saving:
            ann.page.click("#published-file")
        saved = tmp_path / "published.json"
        saving.value.save_as(saved)
        done = subprocess.run(
            [sys.executable, "-m", "boardcore.cli", "verify", str(tmp_path / "game.jsonl"), "--published", str(saved), "--complete"],
            capture_output=True, text=True, timeout=60,
        )  # fmt: skip
        assert done.returncode == 0 and done.stdout.startswith("valid"), done.stdout + done.stderr
        (tmp_path / "forged.jsonl").write_bytes(rewritten(log))
        done = subprocess.run(
            [sys.executable, "-m", "boardcore.cli", "verify", str(tmp_path / "forged.jsonl"), "--published", str(saved)],
            capture_output=True, text=True, timeout=60,
        )  # fmt: skip
        assert done.returncode == 1 and "invalid at step 1 [published_mismatch]" in done.stdout, done.stdout + done.stderr
        forged = rewritten(log).decode()
        verdict = ann.page.evaluate("(text) => window.boardcore.connection.verify(text)", forged)
        assert (verdict["ok"], verdict["kind"], verdict["step"]) == (False, "published_mismatch", 1), verdict
    finally:
        ann.close()
        bob.close()
