"""A ``concurrent.futures.Executor`` over Ray: one Ray task per ``submit``, real futures back.

Ray pickles a module-level function by reference, so the work function must be
importable on every node (``boardcore.sim.play.play_tasks`` is, wherever boardcore
is installed). ``ObjectRef.future()`` turns each task's result into a
``concurrent.futures.Future``, so the simulation core treats Ray like a local pool.

Joining a cluster started with ``ray start`` (Ray 2.5x and later): ``ray start`` turns on
token authentication whenever a token exists (``RAY_AUTH_TOKEN``, ``RAY_AUTH_TOKEN_PATH``
or ``~/.ray/auth_token``, which any earlier local ``ray.init`` writes), but a driver that
joins it does not, and then fails with only "Failed to connect". The executor does what
``ray start`` did: with ``RAY_AUTH_MODE`` unset and a token present, it joins with token
authentication. ``RAY_AUTH_MODE`` set by hand always wins.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any, TypeVar

import ray

__all__ = ["RayExecutor", "join_hint"]

TOKEN_SETUP = "ray._private.authentication.authentication_token_setup"
"""Where Ray keeps the rule ``ray start`` applies (a token present and ``RAY_AUTH_MODE`` unset: token auth)."""


def _token_auth_like_ray_start() -> None:
    """Join with token authentication exactly when ``ray start`` would have started the cluster with it."""
    try:
        setup = importlib.import_module(TOKEN_SETUP)
    except ImportError:  # a Ray without token authentication
        return
    setup.maybe_enable_token_auth_if_token_available(warn_if_disabled=False)


def join_hint(address: str, error: BaseException) -> str:
    """What to check when joining the cluster at ``address`` failed."""
    return (
        f"could not join the Ray cluster at {address!r} ({type(error).__name__}: {error}). Check: the head runs "
        "(`ray status --address ADDRESS` on it); the address is the head's GCS address (HOST:6379 by default, or "
        "ray://HOST:10001 for Ray Client) and reachable from here; this machine has the same Ray and Python versions; "
        "and, if the cluster uses token authentication (`ray start` turns it on when ~/.ray/auth_token exists), that "
        "the cluster's token is here too: in ~/.ray/auth_token, RAY_AUTH_TOKEN_PATH or RAY_AUTH_TOKEN (and "
        "RAY_AUTH_MODE=token if it is not picked up); see docs/simulation.md"
    )

T = TypeVar("T")


class RayExecutor(Executor):
    """Submit calls as Ray tasks.

    Uses the Ray instance already initialised in this process if there is one
    (it is then left running at shutdown). Otherwise it joins the cluster at
    ``address`` (``auto``, ``HOST:PORT`` or ``ray://HOST:PORT``), or without one
    starts a new local instance with ``num_cpus`` CPUs (never silently joining a
    cluster that happens to run on this machine), and shuts it down at the end.

    Raises:
        ValueError: the cluster at ``address`` could not be joined; the message says what to check.
    """

    def __init__(self, address: str | None = None, num_cpus: int | None = None) -> None:
        self._owned = not ray.is_initialized()
        if self._owned:
            if address is None:
                ray.init(address="local", num_cpus=num_cpus, log_to_driver=False, include_dashboard=False)
            else:
                _token_auth_like_ray_start()
                try:
                    ray.init(address=address, log_to_driver=False)
                except (ConnectionError, RuntimeError, ValueError) as exc:
                    raise ValueError(join_hint(address, exc)) from exc
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
