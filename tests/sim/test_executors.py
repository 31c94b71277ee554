"""Where matches run: an executor chosen by name, checked before anything starts, and a serial one whose futures are
already done."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

import pytest

from boardcore.sim.executors import EXECUTORS, SerialExecutor, open_executor


def test_the_serial_executor_runs_each_call_at_once_and_keeps_its_failure_in_the_future() -> None:
    """A result or an exception comes back through the future, as with any executor; nothing is raised at submit."""
    with open_executor("serial") as executor:
        assert isinstance(executor, SerialExecutor)
        done = executor.submit(pow, 2, 10)
        failed = executor.submit(int, "x")
    assert done.done() and done.result() == 1024
    assert failed.done() and isinstance(failed.exception(), ValueError)


def test_process_gives_a_process_pool_of_the_workers_asked_for() -> None:
    """``process`` is a spawn-context pool (no inherited state) of ``workers`` processes."""
    executor = open_executor("process", workers=2)
    try:
        assert isinstance(executor, ProcessPoolExecutor) and executor._max_workers == 2
    finally:
        executor.shutdown()


@pytest.mark.parametrize(
    ("kind", "workers", "address", "words"),
    [
        ("threads", None, None, "unknown executor 'threads'; choose one of serial, process, ray"),
        ("process", 0, None, "--workers must be at least 1, not 0"),
        ("serial", None, "auto", "--address joins a Ray cluster: use it with --executor ray"),
    ],
)
def test_a_bad_choice_is_refused_in_the_command_line_s_words(kind: str, workers: int | None, address: str | None, words: str) -> None:
    """An unknown kind, no workers, or an address for an executor that is not Ray: a ValueError saying what to do."""
    with pytest.raises(ValueError) as refused:
        open_executor(kind, workers, address)
    assert str(refused.value) == words
    assert EXECUTORS == ("serial", "process", "ray")
