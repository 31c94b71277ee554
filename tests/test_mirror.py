"""The tests mirror ``src/``: every engine module with behaviour has its ``test_<module>.py`` in the mirrored folder,
or is listed here with where it is tested or why it needs no test of its own."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "boardcore"

MIRRORED = {
    "": "tests/boardcore",
    "cli": "tests/boardcore/cli",
    "rl": "tests/rl",
    "testing": "tests/boardcore/testing",
    "serve": "tests/serve",
    "serve/peers": "tests/serve/peers",
    "serve/seats": "tests/serve/seats",
    "sim": "tests/sim",
    "store": "tests/store",
    "viewer": "tests/viewer",
}
"""Source package (relative to ``src/boardcore``) -> the test folder that mirrors it, module by module; a package's own
``__init__.py``, when it has behaviour, is tested in ``test_<package>.py`` there (``tests/store/test_store.py``)."""

TESTED_ELSEWHERE = {
    "table.py": "tests/table/test_table.py",
    "codes_doc.py": "tests/boardcore/test_codes.py",
    "cli/_args.py": "tests/boardcore/cli/test_play.py",
    "cli/_runs.py": "tests/boardcore/cli/test_simulate.py",
    "cli/_stored.py": "tests/boardcore/cli/test_resume.py",
    "testing/golden.py": "tests/test_golden.py",
    "testing/suite.py": "tests/test_contract.py",
    "testing/plugin.py": "tests/test_contract.py",
    "testing/store_contract.py": "tests/store/test_memory.py",
    "serve/app.py": "tests/serve/test_lobby.py",
    "serve/bots.py": "tests/serve/test_seats_survive.py",
    "serve/connections.py": "tests/serve/test_public.py",
    "serve/hub.py": "tests/serve/test_master.py",
    "serve/listener.py": "tests/serve/test_cluster.py",
    "serve/transport.py": "tests/serve/test_malformed.py",
    "serve/peers/postgres.py": "tests/serve/test_cluster.py",
    "serve/seats/__init__.py": "tests/serve/test_storage.py",
    "serve/seats/memory.py": "tests/serve/test_storage.py",
    "serve/seats/postgres.py": "tests/serve/test_storage.py",
    "serve/seats/interface.py": "tests/serve/test_storage.py",
    "serve/seats/sqlite.py": "tests/serve/test_storage.py",
}
"""Modules whose tests have a folder or file of their own: the table has ``tests/table/``; the golden, contract and store
checks are themselves run over every game (or store) by those files, and their checks' power is shown by
``tests/boardcore/testing/test_contract.py`` and ``test_leaks.py``. The server's layers are tested through the app they
make up: the Starlette app by the lobby's requests, the hub by its masters, the bots by the seats they take, the
connection bounds against a real process, the WebSocket transport by the frames it refuses, the PostgreSQL listener
and peers by the cluster; every seat book runs one set of checks in ``tests/serve/test_storage.py``, as every store
runs the store contract."""

NEEDS_NONE = {
    "__init__.py": "re-exports the public names; which modules importing it loads is tests/test_imports.py's",
    "version.py": "one constant, the engine version every log header carries",
    "cli/__main__.py": "``python -m boardcore.cli`` calls ``main`` (run that way by tests/boardcore/cli/test_cli.py's subprocesses)",
    "testing/__init__.py": "re-exports the testing tools",
    "sim/__init__.py": "the package's docstring only (it imports none of its modules, so the core loads without [sim])",
    "viewer/__init__.py": "the package's docstring only",
    "serve/__init__.py": "the package's docstring only (it imports none of its modules, so the core loads without [serve])",
    "serve/peers/__init__.py": "the package's docstring only (the cluster imports its one backend)",
}
"""Modules with no behaviour of their own, and why."""

SPANNING = {
    "tests/boardcore/test_authoring.py": "the gaps a new game author hits, across registry, evolve, contract and kit",
    "tests/boardcore/test_targets.py": "every game's actions name elements drawn in the acting seat's picture",
    "tests/boardcore/test_words.py": "every game's text names pieces as its table shows them",
    "tests/rl/test_pettingzoo_checkers.py": "PettingZoo's own api_test, seed_test and render_test over every game and player count",
    "tests/rl/test_training.py": "docs/rl.md's MaskablePPO run learns to beat masked-random play (slow; needs sb3_contrib and torch)",
    "tests/sim/test_estimates.py": "every board game's estimate gives well-formed win shares that favour the winner",
    "tests/sim/test_ismcts_same_tree.py": "ISMCTS makes the choices it made before it was sped up, in every game",
    "tests/sim/test_metrics.py": "every board game's per-match metrics, kept as result columns",
    "tests/sim/test_strength.py": "ISMCTS strength against the house bots at fixed seeds (slow)",
    "tests/store/test_kill.py": "every backend's writer killed mid-append (slow)",
    "tests/store/test_races.py": "processes racing appends to one match on every backend (slow)",
    "tests/viewer/test_replay_browser.py": "the built file of every game in a real browser, network off (slow)",
    "tests/serve/test_board_clicks.py": "each board game played by clicking its picture in real Chromium",
    "tests/serve/test_browser.py": "people play through the browser client in real Chromium against a real server (slow)",
    "tests/serve/test_browser_fairness.py": "a committed seed above 2**63 verified end to end in the player's own browser",
    "tests/serve/test_browser_origin.py": "allowed and foreign origins in real Chromium: lobby, CORS and WebSocket",
    "tests/serve/test_browser_seats.py": "seats that survive a closed browser, for every board game in real Chromium",
    "tests/serve/test_doc.py": "docs/serving.md and its schema stay true to every frame, field, code and endpoint",
    "tests/serve/test_finished_final.py": "a finished match refuses undo through the whole server, public seed or not",
    "tests/serve/test_fleet.py": "several server processes over one PostgreSQL database: fan-out, bots, SIGKILL, soak (slow)",
    "tests/serve/test_frame_bytes.py": "bytes one seat receives over a whole game with and without picture diffs, on the wire",
    "tests/serve/test_hostile.py": "hostile clients' tokens, seats and frames change nothing in the match",
    "tests/serve/test_isolation.py": "one match's load never holds up another: hub locks, deadline, damaged matches",
    "tests/serve/test_js_board.py": "the browser client's board and sheet scripts under Node's test runner",
    "tests/serve/test_js_client.py": "docs/serving.md's JavaScript client example run in Node against a real server",
    "tests/serve/test_js_verify.py": "the JavaScript verifier under Node against boardcore verify and every golden log",
    "tests/serve/test_kill.py": "a server killed mid-game and restarted: steps kept, clients resume, bots go on (slow)",
    "tests/serve/test_leaks.py": "every raw frame of each hidden-information game scanned for what its viewer may not see",
    "tests/serve/test_listing_cost.py": "the lobby's listing cost, counted through hub and seat book, flat in finished matches",
    "tests/serve/test_load.py": "200 WebSocket clients over 20 tables for 60 s (slow)",
    "tests/serve/test_malformed.py": "every malformed input and store failure, over frames and requests, gets its JSON error",
    "tests/serve/test_public.py": "issue 32's attacks, each against a real server process on SQLite and PostgreSQL",
    "tests/serve/test_published_chain.py": "chain values published during play, through stepped frames and the story",
    "tests/serve/test_readable_table.py": "every game's table page measured in real Chromium on a desktop and a phone",
    "tests/serve/test_seats_survive.py": "seats that wait, pass to the house bot and keep their token's view, across lobby and master",
    "tests/serve/test_slow_client.py": "a client that stops reading is cut off over real TCP and resumes (slow)",
    "tests/serve/test_storage.py": "what the server stores: every seat book, hashed tokens, a restart that keeps the match",
    "tests/serve/test_wire_integers.py": "no number the server sends exceeds 2**53: seeds as decimal strings, every game's golden views, actions, events",
}
"""Test files in a mirror folder that test a concern spanning modules or every game, rather than one module."""


def _modules(package: str) -> list[str]:
    folder = SRC / package
    return sorted(f"{package}/{path.name}".lstrip("/") for path in folder.glob("*.py"))


def _test_file(module: str) -> Path:
    """Where ``module``'s tests belong: ``test_<module>.py``, or ``test_<package>.py`` for a package's ``__init__.py``."""
    package, _, name = module.rpartition("/")
    if name == "__init__.py":
        name = f"{package.rpartition('/')[2] or 'boardcore'}.py"
    return ROOT / MIRRORED[package] / f"test_{name}"


def test_every_engine_module_has_its_test_file_or_a_reason() -> None:
    """For each module of a mirrored package: ``test_<module>.py`` in the mirror folder, or a listed place or reason."""
    missing = []
    for package in MIRRORED:
        for module in _modules(package):
            mirror = _test_file(module)
            if module in NEEDS_NONE or mirror.is_file():
                continue
            elsewhere = TESTED_ELSEWHERE.get(module)
            if elsewhere is None or not (ROOT / elsewhere).is_file():
                missing.append(f"{module} (expected {mirror.relative_to(ROOT)})")
    assert not missing, "engine modules without a test file: " + ", ".join(missing)


def test_every_listed_module_exists_and_is_listed_once() -> None:
    """A module or test file that was renamed or removed leaves no stale entry behind, and no listed module has a test
    file besides its entry."""
    listed = [*TESTED_ELSEWHERE, *NEEDS_NONE]
    assert len(listed) == len(set(listed))
    for module in listed:
        assert (SRC / module).is_file(), f"{module} is listed in tests/test_mirror.py but not in src/boardcore"
        assert not _test_file(module).is_file(), f"{module} has its own test file: drop its entry"
    for path in SPANNING:
        assert (ROOT / path).is_file(), f"{path} is listed in tests/test_mirror.py but not in the tree"


def test_every_subpackage_is_mirrored() -> None:
    """A new subpackage is mirrored module by module from the start."""
    packages = {path.parent.relative_to(SRC).as_posix() for path in SRC.rglob("__init__.py")} - {"."}
    top = {package.partition("/")[0] for package in packages}
    unmirrored = sorted(top - set(MIRRORED))
    assert not unmirrored, f"subpackages not mirrored in tests/test_mirror.py: {unmirrored}"


def test_every_test_file_of_the_engine_names_a_module_or_a_whole_engine_concern() -> None:
    """The mirror holds in both directions: a test file in a mirror folder is named after a module of its package (or
    the package itself), or is one of the few that test a concern spanning every game."""
    strays = []
    for package, folder in MIRRORED.items():
        names = {module.rpartition("/")[2] for module in _modules(package)} | {f"{package.rpartition('/')[2] or 'boardcore'}.py"}
        for path in sorted((ROOT / folder).glob("test_*.py")):
            if path.name.removeprefix("test_") not in names and path.relative_to(ROOT).as_posix() not in SPANNING:
                strays.append(path.relative_to(ROOT).as_posix())
    assert not strays, f"test files named after no module: {strays}"
