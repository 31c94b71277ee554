"""Match: the convenience layer UIs and servers hold: state, history, undo, views, text, the log.

A ``Match`` is the only mutable object in the engine. It keeps every state it
has passed through (states share structure, so this is cheap), which makes undo
a pop: O(1) whatever the history length. Its log is built as it goes: each
step's record is hashed once, so saving after every action costs O(new steps).

Undo policy (computed from the events, never flagged by hand): a seat may take
back its own most recent action when no other seat has acted since and that
action neither drew randomness nor produced an event that was not public or that
revealed hidden information, and while the game is not over: the end of a
match is final (a finished game's log may already be published, and with a
committed seed it reveals the seed). ``force=True`` (hot-seat play) skips the
policy.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Any, Generic, TypeGuard, TypeVar

import attrs
import msgspec

from boardcore import codes
from boardcore.errors import IllegalAction, UndoRefused
from boardcore.game import Config, Game, seat_names
from boardcore.kernel import Waiting
from boardcore.log import (
    FORMAT,
    FORMAT_VERSION,
    Header,
    Log,
    Record,
    SeedReveal,
    genesis,
    new_salt,
    record_for,
    seed_commitment,
    valid_seed,
)
from boardcore.options import unstructure_options
from boardcore.outcome import Outcome
from boardcore.presentation import Presentation, presentation_of
from boardcore.resign import RESIGN, Resign, is_resign, resignation
from boardcore.version import __version__

__all__ = ["MIN_COMMITTED_SEED", "Match", "Step"]

S = TypeVar("S")
A = TypeVar("A")
E = TypeVar("E")
V = TypeVar("V")

MIN_COMMITTED_SEED = 2**48
"""A committed seed closer than this to 0, modulo 2**64, is refused: a player could find it by trying seeds
against the log's first state digest (a seed of 31337 was found that way in 12 s). Seeds count modulo
2**64, so ``2**64 - 5`` deals exactly as ``-5`` and is refused like it."""


def _guessable(seed: int) -> bool:
    """``seed`` is within :data:`MIN_COMMITTED_SEED` of 0, modulo 2**64 (where the RNG takes it)."""
    return min(seed % 2**64, -seed % 2**64) < MIN_COMMITTED_SEED


class Step(msgspec.Struct, Generic[A, E], frozen=True, array_like=True, gc=False):
    """One applied action: who, what, and every event it produced (unredacted: for the server only)."""

    player: int
    action: A
    events: tuple[E, ...]
    undoable: bool
    """The action drew no randomness and every event was public and revealed nothing."""


def _is_listed(listed: tuple[Any, ...], action: Any) -> bool:
    """``action`` is itself (the very object, not an equal one) an element of ``listed``.

    ``index`` finds it in C (identity first, then equality); the element found must then be the object itself, so
    an equal but different object (``cell=True`` for ``cell=1``) is not listed. An equality that raises (an action
    built by hand around a strange value) counts as not listed: the full check then refuses it.
    """
    try:
        return listed[listed.index(action)] is action
    except Exception:  # noqa: BLE001 (ValueError: not there; anything else: a field's own __eq__ failed)
        return False


def _text_sequence(players: Any) -> TypeGuard[Sequence[str]]:
    """``players`` is a sequence of strings (a log header's tuple skips the slower ABC check)."""
    if type(players) is not tuple and (isinstance(players, (str, bytes)) or not isinstance(players, Sequence)):
        return False
    return all(isinstance(name, str) for name in players)


def _player_names(players: int | Sequence[str]) -> tuple[str, ...]:
    """Seat names: ``P1, P2, ...`` for a count, else the given strings."""
    if type(players) is int:
        return seat_names(players)
    if not _text_sequence(players):
        msg = f"players is a count or a sequence of seat names (strings), not {players!r}"
        raise ValueError(msg)
    for name in players:
        try:
            name.encode()
        except UnicodeEncodeError:
            msg = f"seat names must be text a log can carry, not {name!a} (a lone surrogate)"
            raise ValueError(msg) from None
    return tuple(players)


def _check_start(game: Game[Any, Any, Any, Any], state: Any) -> None:
    """A match never starts where nobody may act and the game is not over: that is a bug in ``setup``, said here
    rather than as a stall (or a stray error) steps later.

    Raises:
        TypeError: ``setup`` returned such a state (the message says why automatic steps did not run).
    """
    if game.actors(state) or game.outcome(state) is not None:
        return
    msg = f"{game.name}: setup(config, seed) returned a state in which nobody may act and the game is not over"
    if game.flow.automatic:
        msg += (
            ": automatic steps (the flow's proceed) run only after an action, never after setup; end setup with "
            "`state = FLOW.settle(state)[1]` to run them there, or leave a seat facing a decision"
        )
    else:
        msg += ": setup must leave at least one seat facing a decision"
    raise TypeError(msg)


def _fresh_seed() -> int:
    """A seed of 64 random bits, large enough to commit to."""
    while True:
        seed = secrets.randbits(64)
        if not _guessable(seed):
            return seed


@attrs.define(eq=False)
class Match(Generic[S, A, E, V]):
    """A game in progress: apply actions, undo, and read views, event streams, text and the log."""

    game: Game[S, A, E, V]
    config: Config[S]
    seed: int | None = attrs.field(repr=False)
    """The seed the match was set up from (``None`` for a match started from a built state)."""
    players: tuple[str, ...]
    _states: list[S] = attrs.field(repr=False)
    _steps: list[Step[A, E]] = attrs.field(repr=False, factory=list)
    seed_commitment: str | None = attrs.field(default=None, repr=False)
    seed_salt: str | None = attrs.field(default=None, repr=False)
    """The commitment's secret salt (revealed with the seed at the end); ``None`` when the seed is public."""
    _records: list[Record] = attrs.field(repr=False, factory=list)
    """Log records of the first ``len(_records)`` steps, each hashed once."""
    _header: Header | None = attrs.field(default=None, repr=False)
    _offered: tuple[Any, int, tuple[A, ...]] | None = attrs.field(default=None, repr=False, init=False)
    """The last legal list handed out: (the state it was for, the seat, a private copy of the actions, the kind
    of decision they answer on the turn kernel)."""
    _presentation: Presentation | None = attrs.field(default=None, kw_only=True, repr=False, alias="presentation")
    """How the game is shown, when given; else found on first use (a match that is only played never loads it)."""

    def __attrs_post_init__(self) -> None:
        if self._presentation is not None:
            self._presentation.check(self.game)

    def __repr__(self) -> str:
        return f"Match(game={self.game.name!r}, players={self.players!r}, steps={len(self._steps)})"

    @classmethod
    def new(
        cls,
        game: Game[S, A, E, V],
        players: int | Sequence[str],
        seed: int | None = None,
        options: Any = None,
        *,
        commit_seed: bool = False,
        presentation: Presentation | None = None,
    ) -> Match[S, A, E, V]:
        """Set up a new match; ``commit_seed`` logs only a salted hash of the seed until the end; ``presentation``:
        how the match is shown, for a game that is not installed (else the one registered for the game's name).

        ``seed=None`` draws 64 random bits (what a committed seed should be: the
        seed is the game's every shuffle and roll).

        Raises:
            ValueError: a seed outside ``-2**63 .. 2**64 - 1``, a committed seed small enough to
                guess (see :data:`MIN_COMMITTED_SEED`), or a bad player count or options.
        """
        if seed is None:
            seed = _fresh_seed()
        if not valid_seed(seed):
            msg = f"the seed must be an integer from -2**63 to 2**64 - 1, not {seed!r}"
            raise ValueError(msg)
        if commit_seed and _guessable(seed):
            msg = (
                f"a committed seed must be unguessable, and {seed} is small enough to find by trying seeds "
                f"against the log's digests (seeds count modulo 2**64); pass seed=None to draw 64 random bits"
            )
            raise ValueError(msg)
        if type(players) is int:  # the count is checked before any names are made for it
            config = game.config(players, options)
            names = seat_names(players)
        else:
            names = _player_names(players)
            config = game.config(len(names), options)
        state = game.setup(config, seed)
        _check_start(game, state)
        salt = new_salt() if commit_seed else None
        commitment = seed_commitment(seed, salt) if commit_seed else None
        return cls(game, config, seed, names, [state], [], commitment, salt, presentation=presentation)

    @classmethod
    def from_header(
        cls, game: Game[S, A, E, V], header: Header, seed: int, salt: str | None = None, *, presentation: Presentation | None = None
    ) -> Match[S, A, E, V]:
        """The match a log with this ``header`` starts: to replay the log, or to play on after a restart (shown with
        ``presentation``, as :meth:`new`).

        The header is kept exactly (engine version included), so the records the
        match makes chain exactly as the log's did, whichever engine wrote it.
        ``seed`` (and ``salt``, for a committed seed) must be the header's.

        Raises:
            ValueError: the header is of another log format, game or rules version, carries both or neither of a seed
                and a commitment, or the seed (and salt) is not its seed.
        """
        if header.format != FORMAT or header.format_version != FORMAT_VERSION:
            msg = f"the header is of a {header.format!r} log, version {header.format_version}; this engine writes {FORMAT!r} version {FORMAT_VERSION}"
            raise ValueError(msg)
        if (header.seed is None) == (header.seed_commitment is None):
            msg = "the header must carry exactly one of seed and seed_commitment"
            raise ValueError(msg)
        if header.game != game.name or header.rules_version != game.rules_version:
            msg = f"the header is of {header.game} rules {header.rules_version}, not {game.name} rules {game.rules_version}"
            raise ValueError(msg)
        if header.seed is not None and header.seed != seed:
            raise ValueError(f"the seed {seed} is not the header's seed")
        if header.seed is None and header.seed_commitment != seed_commitment(seed, salt):
            raise ValueError("the seed (with its salt) does not open the header's commitment")
        match = cls.new(game, header.players, seed, header.options, presentation=presentation)
        if header.seed is None:
            match.seed_commitment, match.seed_salt = header.seed_commitment, salt
        match._header = header
        return match

    @classmethod
    def from_state(
        cls,
        game: Game[S, A, E, V],
        state: S,
        players: int | Sequence[str],
        options: Any = None,
        *,
        presentation: Presentation | None = None,
    ) -> Match[S, A, E, V]:
        """A match starting from a state built by hand (for scenarios, tests and puzzles), shown with ``presentation``
        (as :meth:`new`).

        It plays, undoes and redacts like any match, but has no seed to replay
        from, so it has no verifiable log.

        Raises:
            ValueError: a bad player count or options.
        """
        config = game.config(players if type(players) is int else len(_player_names(players)), options)
        return cls(game, config, None, _player_names(players), [state], [], presentation=presentation)

    # --- reading ---------------------------------------------------------

    @property
    def state(self) -> S:
        """The current full state (secrets included: never send it to a player)."""
        return self._states[-1]

    @property
    def initial_state(self) -> S:
        """The state the match started from."""
        return self._states[0]

    def step_at(self, step: int) -> Step[A, E]:
        """The ``step``-th applied action (1-based), unredacted (server side).

        Raises:
            IndexError: no such step.
        """
        if type(step) is not int or not 1 <= step <= len(self._steps):
            raise IndexError(f"no step {step!r}: this match has steps 1 to {len(self._steps)}")
        return self._steps[step - 1]

    def state_at(self, step: int) -> S:
        """The full state after the first ``step`` actions (0: the initial state).

        Raises:
            IndexError: no such step.
        """
        if type(step) is not int or not 0 <= step < len(self._states):
            raise IndexError(f"no step {step!r}: this match has steps 0 to {len(self._steps)}")
        return self._states[step]

    @property
    def steps(self) -> tuple[Step[A, E], ...]:
        """Every applied action so far, oldest first (a copy: use ``last_step`` in loops)."""
        return tuple(self._steps)

    @property
    def last_step(self) -> Step[A, E] | None:
        """The most recent action, or ``None`` before the first."""
        return self._steps[-1] if self._steps else None

    def __len__(self) -> int:
        return len(self._steps)

    @property
    def resigned(self) -> int | None:
        """The seat that resigned (the last step, since nothing follows a resignation), or ``None``."""
        last = self._steps[-1] if self._steps else None
        return last.player if last is not None and isinstance(last.action, Resign) else None

    @property
    def actors(self) -> frozenset[int]:
        """Seats that may act now."""
        return frozenset() if self.resigned is not None else self.game.actors(self._states[-1])

    @property
    def waiting(self) -> tuple[Waiting, ...]:
        """Who must decide what now, by seat, in each decision's own words (nobody after a resignation)."""
        return () if self.resigned is not None else self.game.waiting(self._states[-1])

    @property
    def is_over(self) -> bool:
        """The game has an outcome."""
        return self.resigned is not None or self.game.outcome(self._states[-1]) is not None

    @property
    def outcome(self) -> Outcome | None:
        """The :class:`~boardcore.outcome.Outcome`, or ``None`` while the game goes on."""
        resigned = self.resigned
        if resigned is not None:
            return resignation(self.players, resigned)
        return self.game.outcome(self._states[-1])  # type: ignore[no-any-return]

    def _check_seat(self, player: int | None, spectator: bool = True) -> None:
        """Refuse a seat number this match does not have (so no game sees one); ``None`` only where spectators may ask."""
        if player is None and spectator:
            return
        if type(player) is not int or not 0 <= player < len(self.players):
            also = " (None for a spectator)" if spectator else ""
            msg = f"no seat {player!r}: this match has seats 0 to {len(self.players) - 1}{also}"
            raise ValueError(msg)

    def legal_actions(self, player: int) -> Sequence[A]:
        """Every action ``player`` may take now.

        Raises:
            ValueError: ``player`` is not a seat of this match.
        """
        if type(player) is not int or not 0 <= player < len(self.players):
            self._check_seat(player, spectator=False)
        if self.resigned is not None:
            return ()
        state = self._states[-1]
        legal = self.game.legal_actions(state, player)
        self._offered = (state, player, tuple(legal))
        return legal

    def view(self, player: int | None) -> V:
        """What ``player`` (``None``: a spectator) may know now.

        Raises:
            ValueError: ``player`` is not a seat of this match.
        """
        self._check_seat(player)
        return self.game.view(self._states[-1], player)

    def events_for(self, player: int | None, since: int = 0) -> list[E]:
        """Events of the steps after the first ``since`` as ``player`` may receive them, hidden ones left out.

        Raises:
            ValueError: ``player`` is not a seat of this match, or ``since`` is not a step count.
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
    def events(self) -> list[E]:
        """Every event so far, unredacted (for the server and for replay)."""
        return [event for step in self._steps for event in step.events]

    # --- text ------------------------------------------------------------

    @property
    def presentation(self) -> Presentation:
        """How the match is shown (its text and picture): the one it was given, else the one registered for the game's
        name (:data:`~boardcore.presentation.PLAIN` when there is none), looked up the first time it is needed."""
        found = self._presentation
        if found is None:
            found = self._presentation = presentation_of(self.game)
        return found

    def describe(self, event: E, viewer: int | None) -> str | None:
        """One line for ``event`` as ``viewer`` may read it (redacted first; seat names used), or ``None``.

        Raises:
            ValueError: ``viewer`` is not a seat of this match.
            TypeError: ``event`` is not an event of this game.
        """
        self._check_seat(viewer)
        return self.presentation.describe(self.game, event, viewer, self.players)

    def step_text(self, step: int, viewer: int | None) -> list[str]:
        """The lines ``viewer`` may read about step ``step`` (1-based), from the events they received.

        Raises:
            ValueError: ``viewer`` is not a seat of this match.
            IndexError: no such step.
        """
        self._check_seat(viewer)
        if type(step) is not int or not 1 <= step <= len(self._steps):
            raise IndexError(f"no step {step!r}: this match has steps 1 to {len(self._steps)}")
        told = self._steps[step - 1]
        if isinstance(told.action, Resign):
            return [f"{self.players[told.player]} resigns."]
        describe, game = self.presentation.describe, self.game
        before = game.view(self._states[step - 1], viewer) if self.presentation.story_text is not None else None
        lines = (describe(game, event, viewer, self.players, before) for event in told.events)
        return [line for line in lines if line]

    def label(self, action: A, seat: int, view: V | None = None) -> str:
        """One line for ``seat``'s own action (for its buttons), written with its ``view`` (taken now when not given);
        never show it to another seat.

        Raises:
            ValueError: ``seat`` is not a seat of this match.
        """
        self._check_seat(seat, spectator=False)
        if view is None and self.presentation.label_text is not None:
            view = self.game.view(self._states[-1], seat)
        return self.presentation.label(action, seat, self.players, view)

    def summary(self, viewer: int | None) -> str:
        """The story of the match so far as ``viewer`` may read it.

        Raises:
            ValueError: ``viewer`` is not a seat of this match.
        """
        self._check_seat(viewer)
        story = self.presentation.summarize(self.game, self._states[-1], self.events, viewer, self.players)
        resigned = self.resigned
        if resigned is None:
            return story
        return f"{story.rstrip()}\n{self.players[resigned]} resigned.".lstrip("\n")

    def picture(self, viewer: int | None) -> str:
        """``viewer``'s view now as an SVG document (drawn from the view alone, so it shows nothing more).

        Raises:
            ValueError: ``viewer`` is not a seat of this match.
            TypeError: the game draws no pictures.
        """
        self._check_seat(viewer)
        picture = self.presentation.picture
        if picture is None:
            msg = f"{self.game.title} draws no pictures"
            raise TypeError(msg)
        return picture(self.game.view(self._states[-1], viewer), viewer, self.players)

    # --- acting ----------------------------------------------------------

    def apply(self, player: int, action: A | Mapping[str, Any]) -> list[E]:
        """Validate and apply ``action`` for ``player``; returns the events as ``player`` sees them.

        ``action`` may be an action Struct or its JSON-shaped dict (``{"type": ...}``);
        either way every field's type is checked before any rule sees it. An action that is
        itself an element of the list ``legal_actions`` last returned for this seat and state
        (the same object, not an equal one) skips the checks that list already passed.

        Raises:
            IllegalAction: the action is malformed or not allowed now; nothing changes.
        """
        game = self.game
        if type(player) is not int or not 0 <= player < len(self.players):
            msg = f"Refused an action from player {player!r}: this match has seats 0 to {len(self.players) - 1}."
            raise IllegalAction(msg, code=codes.PLAYER_UNKNOWN, player=None, action=None)
        before = self._states[-1]
        if self.resigned is not None:
            msg = f"Refused: the game is over ({self.players[self.resigned]} resigned)."
            raise IllegalAction(msg, code=codes.GAME_OVER, player=player, action=None)
        if is_resign(action):
            if self.game.outcome(before) is not None:
                raise IllegalAction("Refused a resignation: the game is already over.", code=codes.GAME_OVER, player=player, action=None)
            self._steps.append(Step(player, RESIGN, (), False))  # type: ignore[arg-type]  # an engine action, not the game's
            self._states.append(before)
            return []
        offered = self._offered
        if offered is not None and offered[0] is before and offered[1] == player and not game.loose_actions and _is_listed(offered[2], action):
            checked: A = action  # type: ignore[assignment]  # the very object the game listed: its checks passed
            events, state = game.play_listed(before, player, checked)
        else:
            checked = game.check_action(player, action)
            events, state = game.act(before, player, checked)  # the codec hands back the action it checked last
        barriers = game.undo_barriers  # most steps have one event: a set lookup, not a map over them
        undoable = type(events[0]) not in barriers if len(events) == 1 else barriers.isdisjoint(map(type, events))
        self._steps.append(Step(player, checked, tuple(events), undoable))
        self._states.append(state)
        if undoable:  # every event is public
            return events
        redact = game.redact
        return [seen for e in events if (seen := redact(e, player)) is not None]

    # --- undo ------------------------------------------------------------

    def undo_refusal(self, player: int) -> str | None:
        """Why ``player`` may not undo now (``None``: they may).

        Raises:
            ValueError: ``player`` is not a seat of this match.
        """
        self._check_seat(player, spectator=False)
        if not self._steps:
            return "nothing to undo"
        last = self._steps[-1]
        if isinstance(last.action, Resign):
            return "a resignation ends the game and cannot be taken back"
        if last.player != player:
            return "the most recent action is not yours"
        if not last.undoable:
            return "that action revealed randomness or hidden information"
        if self.is_over:
            return "the game is over: its end is final"
        return None

    def can_undo(self, player: int) -> bool:
        """Whether ``player`` may take back their most recent action now.

        Raises:
            ValueError: ``player`` is not a seat of this match.
        """
        return self.undo_refusal(player) is None

    def undo(self, player: int, force: bool = False) -> list[E]:
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
        del self._records[len(self._steps) :]
        redact = self.game.redact
        return [seen for e in step.events if (seen := redact(e, player)) is not None]

    # --- logs ------------------------------------------------------------

    @property
    def header(self) -> Header:
        """The log header: game, rules version, seats, options and the seed (or its commitment).

        Raises:
            ValueError: the match started from a built state, so it has no seed to replay from.
        """
        if self._header is None:
            if self.seed is None:
                msg = "this match started from a built state (Match.from_state): it has no seed, so no verifiable log"
                raise ValueError(msg)
            game = self.game
            committed = self.seed_commitment is not None
            self._header = Header(
                game=game.name,
                rules_version=game.rules_version,
                engine_version=__version__,
                players=self.players,
                options=unstructure_options(self.config.options),
                seed=None if committed else self.seed,
                seed_commitment=self.seed_commitment,
            )
        return self._header

    def records(self, since: int = 0) -> list[Record]:
        """Log records of the steps after the first ``since`` (each step is hashed once, when first asked for).

        Raises:
            ValueError: the match started from a built state (see :attr:`header`).
        """
        header = self.header
        records, states = self._records, self._states
        chain = records[-1].chain if records else genesis(header)
        for index in range(len(records), len(self._steps)):
            step = self._steps[index]
            record = record_for(chain, index + 1, step.player, step.action, step.events, states[index + 1])
            records.append(record)
            chain = record.chain
        return records[since:]

    @property
    def reveal(self) -> SeedReveal | None:
        """The seed reveal that ends a committed-seed log, once the game is over."""
        if self.seed_commitment is None or self.seed is None or not self.is_over:
            return None
        return SeedReveal(seed=self.seed, salt=self.seed_salt)

    @property
    def log(self) -> Log:
        """The match as a verifiable :class:`~boardcore.log.Log` (new steps are hashed; earlier ones are kept).

        Raises:
            ValueError: the match started from a built state (see :attr:`header`).
        """
        return Log(self.header, tuple(self.records()), self.reveal)
