"""Pause Python's cyclic garbage collector while a long history is built.

Why: a replay keeps every state it folds, so each full collection during it scans
all of them (and every other object the process holds) again; in a process with
other live matches that made a 30,000-step replay's cost per step rise by 40%.
A replay makes no reference cycles, so collecting during it finds nothing. This
is Mercurial's ``util.nogc``: the collector is switched off for the duration and
back on after, only if it was on; reference counting still frees everything.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["paused_gc"]


@contextmanager
def paused_gc() -> Iterator[None]:
    """The body runs with automatic collections off; they are back on after (if they were on before)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()
