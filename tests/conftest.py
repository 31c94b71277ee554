"""The test tiers: which existing tests are slow, and which must not run beside each other under xdist.

``python3 dev.py test --quick`` runs ``pytest -m "not slow"``. A new test that is
slow carries ``@pytest.mark.slow`` itself; the tests below were written before the
tiers existed and are marked here by node id (a file, or a file and a test name
prefix), so that marking them touched no test module. ``benchmarks/conftest.py``
marks every benchmark smoke run.
"""

from __future__ import annotations

import pytest

SLOW = (
    # statistical strength and soak tests (tens of seconds to minutes each)
    "tests/sim/test_strength.py",
    "tests/sim/test_tournament.py",
    "tests/games/the_warriors/test_deep_playouts.py",
    # servers in subprocesses: kills, races, loads, soaks, a real browser
    "tests/serve/test_browser.py",
    "tests/serve/test_kill.py",
    "tests/serve/test_load.py",
    "tests/serve/test_slow_client.py",
    "tests/serve/test_fleet.py",
    "tests/store/test_kill.py",
    "tests/svg/test_chromium.py",
    # whole-program checks in a subprocess, and long single tests (measured over 3 s in a quick-tier run)
    "tests/test_static.py::test_engine_and_games_are_strictly_typed",
    "tests/test_typing.py",
    "tests/test_packaging.py::test_the_declared_minimum_versions_work",
    "tests/sim/test_simulate.py::test_ray_gives_identical_results",
    "tests/games/the_warriors/test_adversarial.py::test_the_secret_scanner_over_whole_nights",
    "tests/games/five_wards/test_legal_generators.py::test_draft_generator_on_random_tables",
    "tests/serve/test_leaks.py::test_no_frame_shows_a_viewer_what_it_may_not_see",
    "tests/store/test_races.py",
    "tests/svg/test_structure.py::test_status_names_a_seat_the_engine_waits_for",
    "tests/boardcore/test_ismcts.py::test_same_view_gives_same_choice",
    "tests/boardcore/test_ismcts.py::test_the_opponent_model_keeps_only_the_bots_own_decisions_in_the_tree",
    "tests/sim/test_commands.py::test_simulate_then_report",
    "tests/games/peaky_blinders/test_views_and_play.py::test_house_bots_win_by_missions",
    "tests/games/the_warriors/test_bots.py::test_house_bot_nights_end_by_the_rules",
    "tests/boardcore/testing/test_contract.py::test_the_sound_toy_is_the_same_under_two_hash_seeds",
    "tests/boardcore/testing/test_contract.py::test_a_hash_seed_dependent_toy_is_caught",
)
"""Node-id prefixes of the existing slow tests (each over ~2 s on a quiet machine)."""

GROUPS = {
    "tests/serve/test_kill.py": "servers",
    "tests/serve/test_load.py": "servers",
    "tests/serve/test_slow_client.py": "servers",
    "tests/serve/test_fleet.py": "servers",
    "tests/store/test_races.py": "servers",
}
"""Files whose tests run one after another on one xdist worker (``--dist loadgroup``): the timing-bound server and
race tests must not starve one another. The strength tests are left free to spread over the workers: they are the
longest tests, and one worker running them all in turn would be the suite's critical path."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        nodeid = item.nodeid
        if nodeid.startswith(SLOW):
            item.add_marker(pytest.mark.slow)
        group = GROUPS.get(nodeid.partition("::")[0])
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))
