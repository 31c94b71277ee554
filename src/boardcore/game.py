"""The game contract: one frozen record of plain functions per game.

A game is a pure reducer. ``decide`` validates an action against the state and
returns events (drawing from the state's :class:`~boardcore.rng.Rng` if it must,
and recording every outcome in the events plus one :class:`RngAdvanced`);
``evolve`` folds one event into the next state and never draws. Everything a
player may know comes from ``view`` and from ``redact``, which is derived from the
game's one visibility table.
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Generic, TypeVar

import attrs
import msgspec

from boardcore.options import NoOptions, structure_options
from boardcore.rng import Rng
from boardcore.visibility import NOBODY, Visibility, check_table

__all__ = [
    "Config",
    "Game",
    "NoOptions",
    "RngAdvanced",
    "advance",
    "make_evolve",
    "union_members",
]

S = TypeVar("S")
A = TypeVar("A")
E = TypeVar("E")
V = TypeVar("V")


class RngAdvanced(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    """The rules RNG has drawn up to ``counter``; seen by nobody.

    ``decide`` appends one whenever it drew, so that folding the events alone
    rebuilds the RNG state too, and so that undo knows randomness was revealed.
    """

    counter: int


def advance(rng: Rng) -> RngAdvanced:
    """The bookkeeping event that moves a state's RNG to ``rng``."""
    return RngAdvanced(counter=rng.counter)


def _evolve_rng(state: Any, event: RngAdvanced) -> Any:
    rng = state.rng
    return msgspec.structs.replace(state, rng=Rng(rng.seed, rng.stream, event.counter))


def union_members(union: Any) -> tuple[type, ...]:
    """The classes of a ``Union[...]`` alias (or a lone class)."""
    args = typing.get_args(union)
    return tuple(args) if args else (union,)


def make_evolve(event_union: Any, handlers: Mapping[type, Callable[[S, Any], S]]) -> Callable[[S, Any], S]:
    """One ``evolve`` dispatching on the event's type through a dict built once.

    Checks at import time that every member of the union has exactly one handler;
    :class:`RngAdvanced` is handled here (states keep their RNG in ``state.rng``).
    """
    members = union_members(event_union)
    table: dict[type, Callable[[S, Any], S]] = dict(handlers)
    if RngAdvanced in members:
        table.setdefault(RngAdvanced, _evolve_rng)
    missing = [t.__name__ for t in members if t not in table]
    extra = [t.__name__ for t in table if t not in members]
    if missing or extra:
        msg = f"evolve handlers mismatch: missing {missing}, not in the event union {extra}"
        raise TypeError(msg)

    def evolve(state: S, event: Any) -> S:
        return table[type(event)](state, event)

    evolve.handlers = table  # type: ignore[attr-defined]
    return evolve


@attrs.frozen
class Config(Generic[S]):
    """What ``setup`` needs besides the seed: the player count and the game's options."""

    players: int
    options: Any = attrs.field(factory=NoOptions)


def _no_summary(state: Any, events: Sequence[Any]) -> str:
    return ""


def _describe_default(item: Any, viewer: int | None) -> str:
    fields = ", ".join(f"{f}={getattr(item, f)!r}" for f in item.__struct_fields__)
    return f"{type(item).__name__}({fields})"


@attrs.frozen(kw_only=True)
class Game(Generic[S, A, E, V]):
    """Everything the engine needs to run one game, as plain functions.

    Seats are ints ``0..players-1``. All functions are pure: they never mutate
    their arguments, do no I/O, and read no clock or global randomness.
    """

    name: str
    """Registry id, e.g. ``"five_wards"``."""
    title: str
    """Human name, e.g. ``"5 Wards"``."""
    rules_version: str
    """Bumped whenever the same log could replay differently."""
    player_counts: tuple[int, ...]
    """Supported numbers of players."""
    action_type: Any
    """The union of action Structs (for decoding, schemas and logs)."""
    event_type: Any
    """The union of event Structs (must include :class:`RngAdvanced` if the game draws)."""
    view_type: Any
    """The Struct ``view`` returns."""
    setup: Callable[[Config[Any], int], S]
    """``setup(config, seed)``: the initial state; shuffles draw from the state's RNG."""
    actors: Callable[[S], frozenset[int]]
    """Seats that may act now (several during simultaneous choices; empty when over)."""
    legal_actions: Callable[[S, int], Sequence[A]]
    """Every legal action for the seat now, nothing else (empty if it may not act)."""
    decide: Callable[[S, int, A], list[E]]
    """Validate an action and return its events; raises :class:`~boardcore.errors.IllegalAction`."""
    evolve: Callable[[S, E], S]
    """Fold one event into the next state; total and deterministic."""
    view: Callable[[S, int | None], V]
    """What a seat (``None``: a spectator) may know, built field by field."""
    visibility: Mapping[type, Visibility]
    """Who sees each event type; ``redact`` and the undo barriers derive from it."""
    outcome: Callable[[S], Any]
    """The :class:`~boardcore.outcome.Outcome` once the game is over, else ``None``."""
    determinize: Callable[[S, int, Rng], S]
    """Resample everything hidden from the seat, consistently with its view."""
    options_type: type = NoOptions
    """attrs frozen class of options; ``Config.options`` is an instance of it."""
    describe: Callable[[Any, int | None], str] = _describe_default
    """One line of text for an action or event as the viewer may read it."""
    summarize: Callable[[S, Sequence[E]], str] = _no_summary
    """A readable summary of a finished game, from its final state and every event."""
    house_bot: Callable[[int, int], Any] | None = None
    """``house_bot(seed, seat)``: a sensible :class:`~boardcore.bots.Bot` for this game (view-only), if any."""
    action_classes: tuple[type, ...] = attrs.field(init=False, repr=False)
    """The members of ``action_type`` (derived)."""
    undo_barriers: frozenset[type] = attrs.field(init=False, repr=False)
    """Event types after which the normal undo policy refuses (derived from ``visibility``)."""
    handlers: Mapping[type, Callable[[S, Any], S]] | None = attrs.field(init=False, repr=False)
    """``make_evolve``'s dispatch table when ``evolve`` came from it (lets folds skip one call)."""

    def __attrs_post_init__(self) -> None:
        table = dict(self.visibility)
        members = union_members(self.event_type)
        if RngAdvanced in members:
            table.setdefault(RngAdvanced, NOBODY)
        check_table(members, table)
        barriers = frozenset({RngAdvanced} | {t for t, rule in table.items() if rule.undo_barrier})
        object.__setattr__(self, "visibility", table)
        object.__setattr__(self, "action_classes", union_members(self.action_type))
        object.__setattr__(self, "undo_barriers", barriers)
        object.__setattr__(self, "handlers", getattr(self.evolve, "handlers", None))

    def fold(self, state: S, events: Iterable[E]) -> S:
        """``state`` after every event in turn (what replay does with a log's events)."""
        handlers = self.handlers
        if handlers is None:
            evolve = self.evolve
            for event in events:
                state = evolve(state, event)
        else:
            for event in events:
                state = handlers[type(event)](state, event)
        return state

    def redact(self, event: E, player: int | None) -> E | None:
        """``event`` as ``player`` (``None``: a spectator) may receive it, or ``None``."""
        return self.visibility[type(event)].redact(event, player)  # type: ignore[no-any-return]

    def config(self, players: int, options: Any = None) -> Config[S]:
        """A checked :class:`Config`; ``options`` may be an instance, a dict (structured) or ``None``."""
        if players not in self.player_counts:
            msg = f"{self.title} is played by {', '.join(map(str, self.player_counts))} players, not {players}"
            raise ValueError(msg)
        return Config(players, structure_options(self.options_type, options))
