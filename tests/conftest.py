"""The test tiers: which existing tests are slow, and which must not run beside each other under xdist.

``python3 dev.py test --quick`` runs ``pytest -m "not slow"``. A new test that is
slow carries ``@pytest.mark.slow`` itself; the tests below were written before the
tiers existed and are marked here by node id (a file, or a file and a test name
prefix), so that marking them touched no test module. ``benchmarks/conftest.py``
marks every benchmark smoke run.
"""

from __future__ import annotations

from typing import Any

import pytest

try:  # pytest-xdist is a test tool; without it the tests run in one process and nothing is scheduled
    from xdist.scheduler import LoadGroupScheduling
except ImportError:  # pragma: no cover
    LoadGroupScheduling = None

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
    "tests/games/the_warriors/test_view.py::test_the_secret_scanner_over_whole_nights",
    "tests/games/five_wards/test_legal_generators.py::test_draft_generator_on_random_tables",
    "tests/serve/test_leaks.py::test_no_frame_shows_a_viewer_what_it_may_not_see",
    "tests/store/test_races.py",
    "tests/svg/test_structure.py::test_status_names_a_seat_the_engine_waits_for",
    "tests/boardcore/test_ismcts.py::test_same_view_gives_same_choice",
    "tests/boardcore/test_ismcts.py::test_the_opponent_model_keeps_only_the_bots_own_decisions_in_the_tree",
    "tests/boardcore/cli/test_simulate.py::test_simulate_then_report",
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


FIRST = (
    "tests/sim/test_strength.py::test_ismcts_raises_the_warriors_win_rate",
    "tests/sim/test_strength.py::test_ismcts_beats_the_house_bot_in_peaky_blinders",
    "tests/test_static.py::test_engine_and_games_are_strictly_typed",
    "tests/serve/test_board_clicks.py::test_a_board_game_is_played_on_the_board_against_house_bots[peaky_blinders]",
    "tests/sim/test_strength.py::test_ismcts_beats_the_house_bot_in_five_wards",
    "tests/viewer/test_replay_browser.py::test_every_step_of_every_perspective_is_replay_svg[peaky_blinders]",
    "tests/sim/test_strength.py::test_ismcts_beats_the_house_bot_in_bellwether",
    "tests/sim/test_strength.py::test_ismcts_beats_random",
    "tests/test_packaging.py::test_the_declared_minimum_versions_work",
    "tests/sim/test_simulate.py::test_ray_gives_identical_results",
)
"""The longest single tests, longest first (by their durations in a slow-tier run, docs/performance.md: from ~5 s
to a few minutes each on a quiet 2-core machine). xdist hands out tests in collection order, so these start first
and no long test begins near the end of the run while the other core has nothing left to do (the suite's critical
path). Every other test keeps its place; the ``servers`` group, having the most tests, is handed out before all of
them (xdist orders units of work by size)."""


def _start_rank(item: pytest.Item) -> int:
    """Where ``item`` starts: its place in :data:`FIRST`, or after all of them."""
    nodeid = item.nodeid
    return next((rank for rank, prefix in enumerate(FIRST) if nodeid.startswith(prefix)), len(FIRST))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        nodeid = item.nodeid
        if nodeid.startswith(SLOW):
            item.add_marker(pytest.mark.slow)
        group = GROUPS.get(nodeid.partition("::")[0])
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))
    items.sort(key=_start_rank)  # stable: the rest keep their order, so module fixtures are set up once as before


if LoadGroupScheduling is not None:

    class GroupScheduling(LoadGroupScheduling):  # type: ignore[misc,valid-type]
        """``--dist loadgroup`` with :data:`GROUPS` applied by file.

        xdist 3.8 groups a test by appending ``@group`` to ``item._nodeid``, which pytest 9 no longer reads (a node's
        id is ``item._id``): every ``xdist_group`` mark is silently ignored and the server tests ran side by side. The
        scheduler's own scope function (the nodeid's group, else the nodeid itself) is given the groups here instead.
        """

        def _split_scope(self, nodeid: str) -> str:
            group = GROUPS.get(nodeid.partition("::")[0])
            return group if group is not None else super()._split_scope(nodeid)  # type: ignore[no-any-return]


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """The scheduler for ``--dist loadgroup`` (``dev.py test``): :class:`GroupScheduling`; xdist's own otherwise."""
    if LoadGroupScheduling is None or config.getvalue("dist") != "loadgroup":
        return None
    return GroupScheduling(config, log)
