"""Match: the convenience layer UIs and servers hold: state, history, undo, views.

A ``Match`` is the only mutable object in the engine. It keeps every state it
has passed through (states share structure, so this is cheap), which makes undo
a pop: O(1) whatever the history length.

Undo policy (computed from the events, never flagged by hand): a seat may take
back its own most recent action when no other seat has acted since and that
action neither drew randomness nor produced an event that was not public or that
revealed hidden information, and (for a committed seed) while the game is not
over: the finished game's log reveals the seed. ``force=True`` (hot-seat play)
skips the policy.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Generic, TypeVar

import attrs
import msgspec

from boardcore.errors import IllegalAction, UndoRefused
from boardcore.game import Config, Game
from boardcore.log import Log, new_salt, seed_commitment, valid_seed

__all__ = ["Match", "Step", "take_action"]

S = TypeVar("S")


class Step(msgspec.Struct, frozen=True, array_like=True, gc=False):
    """One applied action: who, what, and every event it produced (unredacted)."""

    player: int
    action: Any
    events: tuple[Any, ...]
    undoable: bool
    """The action drew no randomness and every event was public and revealed nothing."""


def take_action(game: Game[S, Any, Any, Any], state: S, player: int, action: Any) -> tuple[list[Any], S]:
    """The events of ``player``'s ``action`` and the state they fold into (nothing is kept).

    Raises:
        IllegalAction: the seat may not act now (``turn/not_your_turn``, ``game/over``), or ``decide`` refuses.
    """
    if player not in game.actors(state):
        name = type(action).__name__
        if game.outcome(state) is not None:
            msg = f"Refused {name} from player {player}: the game is over, nobody may act."
            raise IllegalAction(msg, code="game/over", player=player, action=action)
        waiting = ", ".join(map(str, sorted(game.actors(state))))
        msg = f"Refused {name} from player {player}: it is not their turn (waiting for player {waiting})."
        raise IllegalAction(msg, code="turn/not_your_turn", player=player, action=action)
    events = game.decide(state, player, action)
    return events, game.fold(state, events)


def _frozen(action: Any) -> bool:
    """The action holds nothing mutable (hashing a frozen Struct fails on a list or dict inside)."""
    try:
        hash(action)
    except TypeError:
        return False
    return True


def _player_names(players: int | Sequence[str]) -> tuple[str, ...]:
    """Seat names: ``P1, P2, ...`` for a count, else the given strings."""
    if isinstance(players, int):
        return tuple(f"P{seat + 1}" for seat in range(players))
    if isinstance(players, (str, bytes)) or not all(isinstance(name, str) for name in players):
        msg = f"players is a count or a sequence of seat names (strings), not {players!r}"
        raise ValueError(msg)
    return tuple(players)


@attrs.define(eq=False)
class Match(Generic[S]):
    """A game in progress: apply actions, undo, and read views, event streams and the log."""

    game: Game[S, Any, Any, Any]
    config: Config[S]
    seed: int = attrs.field(repr=False)
    players: tuple[str, ...]
    _states: list[S] = attrs.field(repr=False)
    _steps: list[Step] = attrs.field(repr=False, factory=list)
    seed_commitment: str | None = attrs.field(default=None, repr=False)
    seed_salt: str | None = attrs.field(default=None, repr=False)
    """The commitment's secret salt (revealed with the seed at the end); ``None`` when the seed is public."""

    def __repr__(self) -> str:
        return f"Match(game={self.game.name!r}, players={self.players!r}, steps={len(self._steps)})"

    @classmethod
    def new(
        cls,
        game: Game[S, Any, Any, Any],
        players: int | Sequence[str],
        seed: int,
        options: Any = None,
        *,
        commit_seed: bool = False,
    ) -> Match[S]:
        """Set up a new match; ``commit_seed`` logs only a salted hash of the seed until the end.

        Raises:
            ValueError: a seed outside ``-2**63 .. 2**64 - 1``, or a bad player count or options.
        """
        if not valid_seed(seed):
            msg = f"the seed must be an integer from -2**63 to 2**64 - 1, not {seed!r}"
            raise ValueError(msg)
        names = _player_names(players)
        config = game.config(len(names), options)
        state = game.setup(config, seed)
        salt = new_salt() if commit_seed else None
        commitment = seed_commitment(seed, salt) if commit_seed else None
        return cls(game, config, seed, names, [state], [], commitment, salt)

    # --- reading ---------------------------------------------------------

    @property
    def state(self) -> S:
        """The current full state (secrets included: never send it to a player)."""
        return self._states[-1]

    @property
    def initial_state(self) -> S:
        """The state right after setup."""
        return self._states[0]

    @property
    def steps(self) -> tuple[Step, ...]:
        """Every applied action so far, oldest first (a copy: use ``last_step`` in loops)."""
        return tuple(self._steps)

    @property
    def last_step(self) -> Step | None:
        """The most recent action, or ``None`` before the first."""
        return self._steps[-1] if self._steps else None

    def __len__(self) -> int:
        return len(self._steps)

    @property
    def actors(self) -> frozenset[int]:
        """Seats that may act now."""
        return self.game.actors(self._states[-1])

    @property
    def is_over(self) -> bool:
        """The game has an outcome."""
        return self.game.outcome(self._states[-1]) is not None

    @property
    def outcome(self) -> Any:
        """The :class:`~boardcore.outcome.Outcome`, or ``None`` while the game goes on."""
        return self.game.outcome(self.state)

    def _check_seat(self, player: int | None) -> None:
        """Refuse a seat number this match does not have (so no game sees one)."""
        if player is not None and (type(player) is not int or not 0 <= player < len(self.players)):
            msg = f"no seat {player!r}: this match has seats 0 to {len(self.players) - 1} (None for a spectator)"
            raise ValueError(msg)

    def legal_actions(self, player: int) -> Sequence[Any]:
        """Every action ``player`` may take now.

        Raises:
            ValueError: ``player`` is not a seat of this match.
        """
        self._check_seat(player)
        return self.game.legal_actions(self._states[-1], player)

    def view(self, player: int | None) -> Any:
        """What ``player`` (``None``: a spectator) may know now.

        Raises:
            ValueError: ``player`` is not a seat of this match.
        """
        self._check_seat(player)
        return self.game.view(self._states[-1], player)

    def events_for(self, player: int | None, since: int = 0) -> list[Any]:
        """Events of the steps after the first ``since`` as ``player`` may receive them, hidden ones left out.

        A UI that remembers ``len(match)`` from its last call passes it as ``since``
        to fetch only what happened after.

        Raises:
            ValueError: ``player`` is not a seat of this match.
        """
        self._check_seat(player)
        if type(since) is not int or since < 0:
            msg = f"since counts steps already fetched: an int of 0 or more, not {since!r}"
            raise ValueError(msg)
        redact = self.game.redact
        out = []
        for step in self._steps[since:]:
            for event in step.events:
                seen = redact(event, player)
                if seen is not None:
                    out.append(seen)
        return out

    @property
    def events(self) -> list[Any]:
        """Every event so far, unredacted (for the server and for replay)."""
        return [event for step in self._steps for event in step.events]

    # --- acting ----------------------------------------------------------

    def _coerce(self, player: int, action: Any) -> Any:
        """The action as a validated, frozen Struct of this game, or ``IllegalAction`` ``action/malformed``.

        Structs go through their builtin form too: that checks the field types (the
        constructor does not), freezes lists given where tuples belong (so a caller
        cannot rewrite a kept action, and with it the log) and refuses subclasses
        (whose tag would not replay).
        """
        if isinstance(action, msgspec.Struct):
            if not isinstance(action, self.game.action_classes):
                msg = f"Refused {type(action).__name__} from player {player}: not an action of {self.game.title}."
                raise IllegalAction(msg, code="action/malformed", player=player, action=None)
            action = msgspec.to_builtins(action)
        if isinstance(action, Mapping):
            try:
                return msgspec.convert(action, self.game.action_type)
            except (msgspec.ValidationError, TypeError, ValueError) as exc:
                tag = action.get("type", "an untagged object")
                msg = f"Refused {tag} from player {player}: not a well-formed {self.game.title} action ({exc})."
                raise IllegalAction(msg, code="action/malformed", player=player, action=None) from None
        msg = f"Refused {type(action).__name__} from player {player}: not an action of {self.game.title}."
        raise IllegalAction(msg, code="action/malformed", player=player, action=None)

    def apply(self, player: int, action: Any) -> list[Any]:
        """Validate and apply ``action`` for ``player``; returns the events as ``player`` sees them.

        ``action`` may be an action Struct or its JSON-shaped dict (``{"type": ...}``).

        Raises:
            IllegalAction: the action is malformed or not allowed now; nothing changes.
        """
        game = self.game
        if type(player) is not int or not 0 <= player < len(self.players):
            msg = f"Refused an action from player {player!r}: this match has seats 0 to {len(self.players) - 1}."
            raise IllegalAction(msg, code="player/unknown", player=None, action=None)
        if type(action) not in game.action_classes or not _frozen(action):
            action = self._coerce(player, action)
        events, state = take_action(game, self._states[-1], player, action)
        barriers = game.undo_barriers
        undoable = True
        for event in events:
            if type(event) in barriers:
                undoable = False
                break
        self._steps.append(Step(player, action, tuple(events), undoable))
        self._states.append(state)
        if undoable:  # every event is public
            return list(events)
        redact = game.redact
        return [seen for e in events if (seen := redact(e, player)) is not None]

    # --- undo ------------------------------------------------------------

    def undo_refusal(self, player: int) -> str | None:
        """Why ``player`` may not undo now (``None``: they may).

        Raises:
            ValueError: ``player`` is not a seat of this match.
        """
        if player is None or type(player) is not int or not 0 <= player < len(self.players):
            msg = f"no seat {player!r}: this match has seats 0 to {len(self.players) - 1}"
            raise ValueError(msg)
        if not self._steps:
            return "nothing to undo"
        last = self._steps[-1]
        if last.player != player:
            return "the most recent action is not yours"
        if not last.undoable:
            return "that action revealed randomness or hidden information"
        if self.seed_commitment is not None and self.is_over:
            return "the game is over and its seed was revealed"
        return None

    def can_undo(self, player: int) -> bool:
        """Whether ``player`` may take back their most recent action now.

        Raises:
            ValueError: ``player`` is not a seat of this match.
        """
        return self.undo_refusal(player) is None

    def undo(self, player: int, force: bool = False) -> list[Any]:
        """Take back the most recent action; returns its events as ``player`` saw them.

        Raises:
            UndoRefused: the undo policy forbids it (``force=True`` skips the policy,
                but there must be an action to take back).
            ValueError: ``player`` is not a seat of this match.
        """
        reason = self.undo_refusal(player)
        if reason is not None and not (force and self._steps):
            msg = f"Player {player} cannot undo: {reason}."
            raise UndoRefused(msg, reason=reason)
        self._states.pop()
        step = self._steps.pop()
        redact = self.game.redact
        return [seen for e in step.events if (seen := redact(e, player)) is not None]

    # --- logs ------------------------------------------------------------

    @property
    def log(self) -> Any:
        """The match as a verifiable :class:`~boardcore.log.Log` (digests computed now)."""
        return Log.from_match(self)
