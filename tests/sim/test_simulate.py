"""Simulation runs: a seed per match, identical results on every executor, resumable journals."""

from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from boardcore import Match
from boardcore.bots import play_out
from boardcore.registry import get_game
from boardcore.sim.executors import SerialExecutor, open_executor
from boardcore.sim.play import MatchTask, play_task
from boardcore.sim.ray_executor import RayExecutor
from boardcore.sim.results import CSV_NAME, PARQUET_NAME, read_results
from boardcore.sim.simulate import plan_matches, run_matches, simulate
from boardcore.sim.specs import parse_spec

GAME, PLAYERS, GAMES = "five_wards", 2, 12
BOTS = ["house", "random"]


def _run(executor: object, out: Path) -> list[object]:
    return list(simulate(GAME, PLAYERS, GAMES, BOTS, executor, out, seed=40, rotate=True))  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def serial_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[object], Path]:
    out = tmp_path_factory.mktemp("serial")
    return _run(SerialExecutor(), out), out


def test_record_matches_a_direct_playout() -> None:
    """A record is what playing the same seed with the same bots by hand gives."""
    task = MatchTask(game="five_wards", players=2, seed=7, bots=("house", "random"))
    record = play_task(task)
    game = get_game("five_wards")
    match = Match.new(game, 2, 7)
    outcome = play_out(match, [parse_spec("house").build(game, 7, 0, 2), parse_spec("random").build(game, 7, 1, 2)])
    assert (record.winners, record.reason, record.length) == (tuple(outcome.winners), outcome.reason, len(match))
    assert record.scores == tuple(float(s) for s in outcome.scores)


def test_plan_gives_each_match_its_own_seed_and_rotates_seats() -> None:
    """Match i plays seed + i; with rotation each bot takes each seat in turn."""
    tasks = plan_matches(GAME, 3, 6, ["house", "random", "mc:rollouts=2"], seed=10, rotate=True)
    assert [t.seed for t in tasks] == list(range(10, 16))
    assert tasks[0].bots == ("house", "random", "mc:rollouts=2")
    assert tasks[1].bots == ("mc:rollouts=2", "house", "random")
    assert tasks[3].bots == tasks[0].bots


def test_plan_refuses_bad_requests() -> None:
    """Wrong bot counts, unsupported player counts and bad specs are refused before anything runs."""
    with pytest.raises(ValueError, match="one bot spec per seat"):
        plan_matches(GAME, 3, 2, ["house", "random"])
    with pytest.raises(ValueError, match="played by"):
        plan_matches("bellwether", 3, 2, ["house"])
    with pytest.raises(ValueError, match="unknown bot"):
        plan_matches(GAME, 2, 2, ["clever"])
    with pytest.raises(ValueError, match="at least 1"):
        plan_matches(GAME, 2, 0, ["house"])
    with pytest.raises(ValueError, match="64-bit signed"):
        plan_matches(GAME, 2, 2, ["house"], seed=2**63 - 1)


def test_process_pool_with_spawn_gives_identical_results(serial_run: tuple[list[object], Path], tmp_path: Path) -> None:
    """Two spawned worker processes produce the very same records and files as one process."""
    records, serial_dir = serial_run
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        assert _run(pool, tmp_path) == records
    assert (tmp_path / CSV_NAME).read_bytes() == (serial_dir / CSV_NAME).read_bytes()
    assert pq.read_table(tmp_path / PARQUET_NAME).equals(pq.read_table(serial_dir / PARQUET_NAME))


@pytest.mark.usefixtures("ray_cluster")
def test_ray_gives_identical_results(serial_run: tuple[list[object], Path], tmp_path: Path) -> None:
    """Ray tasks (futures from ObjectRef.future) produce the very same records and files as one process."""
    records, serial_dir = serial_run
    with RayExecutor() as executor:
        assert _run(executor, tmp_path) == records
    assert (tmp_path / CSV_NAME).read_bytes() == (serial_dir / CSV_NAME).read_bytes()


def test_results_read_back_from_both_formats(serial_run: tuple[list[object], Path]) -> None:
    """The CSV journal and the Parquet file hold the same records, in seed order."""
    records, out = serial_run
    assert read_results(out / CSV_NAME) == records
    assert read_results(out / PARQUET_NAME) == records
    assert [r.seed for r in records] == list(range(40, 40 + GAMES))  # type: ignore[attr-defined]


def test_interrupted_run_resumes_where_it_stopped(serial_run: tuple[list[object], Path], tmp_path: Path) -> None:
    """A journal cut mid-run (even mid-line) is resumed: only missing seeds are played, the result is the same."""
    records, serial_dir = serial_run
    lines = (serial_dir / CSV_NAME).read_text().splitlines(keepends=True)
    (tmp_path / "run.json").write_bytes((serial_dir / "run.json").read_bytes())
    (tmp_path / CSV_NAME).write_text("".join(lines[:6]) + lines[6][:9])
    played: list[int] = []

    class Counting(SerialExecutor):
        def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def]
            played.extend(task.seed for task in args[0])
            return super().submit(fn, *args, **kwargs)

    assert _run(Counting(), tmp_path) == records
    assert played == list(range(45, 40 + GAMES))
    assert (tmp_path / CSV_NAME).read_bytes() == (serial_dir / CSV_NAME).read_bytes()


def test_a_directory_of_another_run_is_refused(serial_run: tuple[list[object], Path]) -> None:
    """Resuming needs the same command: other bots in the same directory are refused, nothing is touched."""
    _, out = serial_run
    before = (out / CSV_NAME).read_bytes()
    with pytest.raises(ValueError, match="different run"):
        simulate(GAME, PLAYERS, GAMES, ["random"], SerialExecutor(), out, seed=40, rotate=True)
    assert (out / CSV_NAME).read_bytes() == before


def test_a_failing_match_names_its_seed_and_keeps_finished_work(tmp_path: Path) -> None:
    """A match that cannot finish raises with its seed; matches finished before it stay in the journal."""
    tasks = [MatchTask(game="five_wards", players=2, seed=seed, bots=("house", "house"), max_steps=10 if seed == 3 else 100_000) for seed in (1, 2, 3)]
    with pytest.raises(RuntimeError, match="five_wards seed 3"):
        run_matches(tasks, SerialExecutor(), tmp_path)
    assert sorted(r.seed for r in read_results(tmp_path / CSV_NAME)) == [1, 2]  # journalled in the order they finished


def test_open_executor_refuses_bad_choices() -> None:
    """Unknown executors, worker counts below 1 and --address without Ray are refused."""
    with pytest.raises(ValueError, match="unknown executor"):
        open_executor("threads")
    with pytest.raises(ValueError, match="at least 1"):
        open_executor("process", 0)
    with pytest.raises(ValueError, match="Ray cluster"):
        open_executor("process", 2, "auto")


def test_games_ended_by_a_safety_limit_are_marked_truncated() -> None:
    """Random 5 Wards bots run into the Phase-1 safety limit: the records say so, and house games end by the rules."""
    random = simulate(GAME, PLAYERS, 2, ["random"], SerialExecutor(), seed=1)
    house = simulate(GAME, PLAYERS, 2, ["house"], SerialExecutor(), seed=1)
    assert all(r.truncated and "safety limit" in r.reason for r in random)
    assert not any(r.truncated for r in house)
