"""The peers a user would pick instead, driven the same way as boardcore in the benchmarks.

OpenSpiel (``pip install open-spiel``, import ``pyspiel``) and ``eventsourcing``
are the optional ``peers`` dependency group of pyproject.toml: each is ``None`` here when not installed, and
the peer benchmarks skip.
"""

from __future__ import annotations

import random
from typing import Any

pyspiel: Any
Application: Any

try:
    import pyspiel  # type: ignore[no-redef]
    from open_spiel.python.games import kuhn_poker as _py_kuhn  # noqa: F401  (registers python_kuhn_poker)
    from open_spiel.python.games import tic_tac_toe as _py_ttt  # noqa: F401  (registers python_tic_tac_toe)
except ImportError:
    pyspiel = None

try:
    from eventsourcing.application import Application  # type: ignore[no-redef]
    from eventsourcing.domain import Aggregate, event
except ImportError:
    Application = None


def openspiel_playouts(name: str, seeds: range) -> int:
    """Random playouts of OpenSpiel game ``name``, chance nodes drawn uniformly; returns the actions applied."""
    game = pyspiel.load_game(name)
    choice = random.Random(seeds.start).choice
    actions = 0
    for _ in seeds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(choice(state.chance_outcomes())[0])
            else:
                state.apply_action(choice(state.legal_actions()))
            actions += 1
    return actions


if Application is not None:

    class Counter(Aggregate):  # type: ignore[misc,valid-type]
        """An aggregate whose every event adds one, like the counter game."""

        def __init__(self) -> None:
            self.count = 0

        @event("Incremented")
        def increment(self) -> None:
            self.count += 1

    def eventsourcing_store(events: int) -> tuple[Any, Any]:
        """An in-memory (POPO) application holding one aggregate of ``events`` events (creation included)."""
        app: Any = Application()
        counter = Counter()
        for _ in range(events - 1):
            counter.increment()
        app.save(counter)
        return app, counter.id

    def eventsourcing_rebuild(app: Any, aggregate_id: Any) -> Any:
        """Rebuild the aggregate from its stored events (no snapshots, no cache)."""
        return app.repository.get(aggregate_id)
