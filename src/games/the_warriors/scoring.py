"""End of the night (WR-END-10/11, WR-COMP-02): everyone wins or everyone loses."""

from __future__ import annotations

from boardcore import Outcome

from .state import SAFETY_LIMIT, State


def outcome(state: State) -> Outcome | None:
    """A team result once the game has ended, else ``None``."""
    table = state.table
    if table.result == 0:
        return None
    return Outcome.team(table.players, won=table.result > 0, reason=table.reason, truncated=table.reason.endswith(SAFETY_LIMIT))
