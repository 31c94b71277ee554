"""Commit/reveal: simultaneous secret choices, hidden until everyone has chosen.

A :class:`Sealed` lives in the game state while a secret choice is open. Each
player's commitment is an event only its owner sees in full (others learn only
*that* they committed); when the last expected player commits, one atomic
reveal event makes every choice public. Games supply their own two event types
and call :func:`decide_commit`; the rest (who is still waiting, refusing a second
commitment, the per-viewer picture) lives here once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Generic, TypeVar

import msgspec

from boardcore import codes
from boardcore.errors import IllegalAction

__all__ = ["Sealed", "SealedView", "decide_commit"]

T = TypeVar("T")
E = TypeVar("E")


class SealedView(msgspec.Struct, Generic[T], frozen=True, kw_only=True):
    """What one viewer knows of an open commitment round."""

    waiting: tuple[int, ...]
    """Seats that have not committed yet."""
    committed: tuple[int, ...]
    """Seats that have committed (their choices stay hidden)."""
    own: T | None = None
    """The viewer's own committed choice, if any."""


class Sealed(msgspec.Struct, Generic[T], frozen=True, array_like=True):
    """An open round of secret commitments; ``choices`` is hidden state."""

    waiting: tuple[int, ...]
    """Seats still expected to commit, ascending."""
    choices: tuple[tuple[int, T], ...] = ()
    """``(seat, choice)`` pairs committed so far, ascending by seat."""

    @classmethod
    def open(cls, players: Iterable[int]) -> Sealed[T]:
        """A round in which each of ``players`` must commit once."""
        return cls(tuple(sorted(set(players))), ())

    @property
    def complete(self) -> bool:
        """Everyone expected has committed."""
        return not self.waiting

    def commit(self, player: int, choice: T) -> Sealed[T]:
        """The round after ``player`` commits ``choice`` (for ``evolve``).

        Raises:
            ValueError: ``player`` is not awaited (already committed, or not part of
                the round): a second choice would sit beside the first, and
                ``choice_of`` would return the older one.
        """
        if player not in self.waiting:
            msg = f"player {player} is not awaited in this secret choice (use decide_commit to refuse it)"
            raise ValueError(msg)
        waiting = tuple(p for p in self.waiting if p != player)
        choices = tuple(sorted((*self.choices, (player, choice)), key=lambda pc: pc[0]))
        return Sealed(waiting, choices)

    def choice_of(self, player: int) -> T | None:
        """``player``'s committed choice, or ``None``."""
        for seat, choice in self.choices:
            if seat == player:
                return choice
        return None

    def view_for(self, viewer: int | None) -> SealedView[T]:
        """What ``viewer`` may know: who committed, and only their own choice."""
        return SealedView(
            waiting=self.waiting,
            committed=tuple(seat for seat, _ in self.choices),
            own=None if viewer is None else self.choice_of(viewer),
        )


def decide_commit(
    sealed: Sealed[T],
    player: int,
    choice: T,
    committed: Callable[[int, T], E],
    revealed: Callable[[tuple[tuple[int, T], ...]], E],
    action: Any = None,
) -> list[E]:
    """Events for ``player`` committing ``choice``: the commitment, then the reveal if it was the last.

    Raises:
        IllegalAction: ``commit/already_committed`` or ``commit/not_expected``.
    """
    if player not in sealed.waiting:
        if sealed.choice_of(player) is not None or any(seat == player for seat, _ in sealed.choices):
            msg = f"Player {player} has already committed in this round; a commitment cannot be changed."
            raise IllegalAction(msg, code=codes.COMMIT_ALREADY_COMMITTED, player=player, action=action)
        msg = f"Player {player} is not part of this secret choice."
        raise IllegalAction(msg, code=codes.COMMIT_NOT_EXPECTED, player=player, action=action)
    events = [committed(player, choice)]
    after = sealed.commit(player, choice)
    if after.complete:
        events.append(revealed(after.choices))
    return events
