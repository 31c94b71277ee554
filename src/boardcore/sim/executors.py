"""Where matches run: any ``concurrent.futures.Executor``, chosen by name on the command line.

``serial`` plays in this process (no pickling, easiest to debug), ``process`` in a
pool of worker processes started with the ``spawn`` method (the same on every
platform, and no state inherited from the parent), ``ray`` on a Ray cluster
(:class:`boardcore.sim.ray_executor.RayExecutor`, from the ``[ray]`` extra). The
simulation core only ever calls ``submit`` and reads futures, so any other
executor works too.
"""

from __future__ import annotations

import importlib
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Any, TypeVar

__all__ = ["EXECUTORS", "SerialExecutor", "open_executor"]

T = TypeVar("T")

EXECUTORS = ("serial", "process", "ray")


class SerialExecutor(Executor):
    """Runs each submitted call at once, in this process; its future is already done."""

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        future: Future[T] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as exc:  # a future carries the failure to whoever reads it
            future.set_exception(exc)
        return future


def open_executor(kind: str, workers: int | None = None, address: str | None = None) -> Executor:
    """An executor of ``kind`` (``serial``, ``process`` or ``ray``); use it as a context manager.

    ``workers`` defaults to the machine's CPU count for ``process``; for ``ray`` it
    caps the CPUs of a local cluster started here (``address`` joins an existing
    cluster instead, e.g. ``auto`` or ``ray://head:10001``).

    Raises:
        ValueError: an unknown kind, a worker count below 1, or ``ray`` without the ``[ray]`` extra.
    """
    if kind not in EXECUTORS:
        msg = f"unknown executor {kind!r}; choose one of {', '.join(EXECUTORS)}"
        raise ValueError(msg)
    if workers is not None and workers < 1:
        msg = f"--workers must be at least 1, not {workers}"
        raise ValueError(msg)
    if address is not None and kind != "ray":
        msg = "--address joins a Ray cluster: use it with --executor ray"
        raise ValueError(msg)
    if kind == "serial":
        return SerialExecutor()
    if kind == "process":
        return ProcessPoolExecutor(workers or os.cpu_count() or 1, mp_context=multiprocessing.get_context("spawn"))
    try:
        module = importlib.import_module("boardcore.sim.ray_executor")  # ray is an optional extra
    except ModuleNotFoundError as exc:
        msg = f"--executor ray needs the [ray] extra (pip install 'boardcore[ray]'): {exc}"
        raise ValueError(msg) from exc
    return module.RayExecutor(address=address, num_cpus=workers)  # type: ignore[no-any-return]
