"""Pause Python's cyclic garbage collector while a long history is built.

Why: a replay keeps every state it folds, so each full collection during it scans
all of them (and every other object the process holds) again; in a process with
other live matches that made a 30,000-step replay's cost per step rise by 40%.
A replay makes no reference cycles, so collecting during it finds nothing. This
is Mercurial's ``util.nogc``: the collector is switched off for the duration and
back on after, only if it was on; reference counting still frees everything.
The switch is process-wide: pauses in several threads overlap harmlessly (the one
that found the collector on turns it back on; the others leave it alone), and a
search or replay that does make cycles only delays their collection to its end.
"""

from __future__ import annotations

import gc
from types import TracebackType

__all__ = ["paused_gc"]


class paused_gc:  # noqa: N801  (used as a function: ``with paused_gc():``)
    """The body runs with automatic collections off; they are back on after (if they were on before).

    A class rather than ``contextlib.contextmanager``: entering and leaving cost a third as much.
    """

    __slots__ = ("_was_on",)

    def __enter__(self) -> None:
        self._was_on = gc.isenabled()
        gc.disable()

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None) -> None:
        if self._was_on:
            gc.enable()
