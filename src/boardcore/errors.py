"""One exception hierarchy for everything the engine refuses.

Every error names what was refused and why, never the hidden state behind it:
messages are shown to the player who caused them, so they must not leak.
"""

from __future__ import annotations

from typing import Any

from boardcore import codes

__all__ = [
    "BoardcoreError",
    "IllegalAction",
    "LogError",
    "RulesVersionMismatch",
    "UndoRefused",
]


class BoardcoreError(Exception):
    """Base class of every error the engine raises on purpose."""


class IllegalAction(BoardcoreError, ValueError):
    """An action the rules do not allow now; the state is unchanged.

    ``code`` is ``domain/reason`` (``"turn/not_your_turn"``, ``"action/malformed"``),
    ``clause`` the rulebook clause id when one applies.
    """

    def __init__(
        self,
        message: str,
        *,
        code: str,
        player: int | None = None,
        action: Any = None,
        clause: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.player = player
        self.action = action
        self.clause = clause

    def __repr__(self) -> str:
        return f"IllegalAction({self.message!r}, code={self.code!r}, player={self.player!r}, clause={self.clause!r})"


class UndoRefused(BoardcoreError):
    """Undo is not allowed now; ``reason`` says which barrier stands in the way."""

    def __init__(self, message: str, *, reason: str) -> None:
        super().__init__(message)
        self.message = message
        self.reason = reason


class LogError(BoardcoreError, ValueError):
    """A log that cannot be read or does not match the rules, with where it went wrong."""

    def __init__(self, message: str, *, step: int | None = None, line: int | None = None, kind: str = codes.CORRUPT) -> None:
        super().__init__(message)
        self.message = message
        self.step = step
        self.line = line
        self.kind = kind


class RulesVersionMismatch(LogError):
    """The log was written under another rules version and no upcaster bridges the gap."""

    def __init__(self, message: str, *, logged: str, current: str) -> None:
        super().__init__(message, step=None, line=1, kind=codes.RULES_VERSION_MISMATCH)
        self.logged = logged
        self.current = current
