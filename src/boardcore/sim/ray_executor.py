"""A ``concurrent.futures.Executor`` over Ray: one Ray task per ``submit``, real futures back.

Ray pickles a module-level function by reference, so the work function must be
importable on every node (``boardcore.sim.play.play_tasks`` is, wherever boardcore
is installed). ``ObjectRef.future()`` turns each task's result into a
``concurrent.futures.Future``, so the simulation core treats Ray like a local pool.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any, TypeVar

import ray

__all__ = ["RayExecutor"]

T = TypeVar("T")


class RayExecutor(Executor):
    """Submit calls as Ray tasks.

    Uses the Ray instance already initialised in this process if there is one
    (it is then left running at shutdown). Otherwise it joins the cluster at
    ``address`` (``auto``, ``HOST:PORT`` or ``ray://HOST:PORT``), or without one
    starts a new local instance with ``num_cpus`` CPUs (never silently joining a
    cluster that happens to run on this machine), and shuts it down at the end.
    """

    def __init__(self, address: str | None = None, num_cpus: int | None = None) -> None:
        self._owned = not ray.is_initialized()
        if self._owned:
            if address is None:
                ray.init(address="local", num_cpus=num_cpus, log_to_driver=False, include_dashboard=False)
            else:
                ray.init(address=address, log_to_driver=False)
        self._remotes: dict[Callable[..., Any], Any] = {}
        self._pending: dict[int, Any] = {}
        """Refs of tasks not finished yet (finished ones are dropped so Ray can free their results)."""

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        remote = self._remotes.get(fn)
        if remote is None:
            remote = self._remotes[fn] = ray.remote(fn)
        ref = remote.remote(*args, **kwargs)
        key = id(ref)
        self._pending[key] = ref
        future: Future[T] = ref.future()
        future.add_done_callback(lambda _: self._pending.pop(key, None))
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        pending = list(self._pending.values())
        if cancel_futures:
            for ref in pending:
                ray.cancel(ref)
        elif wait and pending:
            ray.wait(pending, num_returns=len(pending))
        self._pending.clear()
        if self._owned:
            ray.shutdown()
