"""The game contract: one frozen record of plain functions per game.

A game is a pure reducer on the turn kernel (:mod:`boardcore.kernel`): its
:class:`~boardcore.kernel.Flow` says who decides what, why an action is refused and
which events it emits (recording every random outcome in the events plus one
:class:`~boardcore.rng.RngAdvanced`); ``evolve`` folds one event into the next
state and never draws. An action goes in one of two ways, as in python-chess
(``push_san`` and ``push``): :meth:`Game.act` checks everything, ``Game.play_listed``
trusts an action taken from ``legal_actions`` and checks nothing.

Everything a player may know comes from ``view`` and from ``redact``, which is
derived from the game's one visibility table; text for a player is written only
from what ``redact`` gives that player (:meth:`boardcore.presentation.Presentation.describe`).

A ``Game`` is the rules and the facts about them, nothing else: how a game is shown
(text, picture, board ids) is its :class:`~boardcore.presentation.Presentation`, how
it is played well and measured (house bot, search hints, figures) its
:class:`~boardcore.strategy.Strategy`, and its RL encoding its
:class:`~boardcore.rl.spec.RlSpec`, each registered by the game's name in an
entry-point group of its own. ``secrets`` stays here: it is the hidden-information
contract's own test hook, read from the full state beside ``view`` and ``visibility``.
"""

from __future__ import annotations

import functools
import inspect
import typing
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Any, Generic, TypeVar

import attrs
import msgspec

from boardcore.codec import ActionCodec, action_mutability, union_members
from boardcore.gameinfo import GameInfo
from boardcore.kernel import Flow, Waiting
from boardcore.options import NoOptions, structure_options
from boardcore.rng import Rng, RngAdvanced, advance
from boardcore.visibility import NOBODY, Visibility, check_table

__all__ = [
    "Config",
    "Game",
    "Names",
    "NoOptions",
    "RngAdvanced",
    "advance",
    "make_evolve",
    "seat_names",
    "union_members",
]

S = TypeVar("S")
A = TypeVar("A")
E = TypeVar("E")
V = TypeVar("V")

Names = Sequence[str]
"""Seat names, indexed by seat, as text shows them."""


def _evolve_rng(state: Any, event: RngAdvanced) -> Any:
    return msgspec.structs.replace(state, rng=state.rng.at(event.counter))


@typing.overload
def make_evolve(event_union: Any, handlers: Mapping[type, Callable[[S, Any], S]], /) -> Callable[[S, Any], S]: ...
@typing.overload
def make_evolve(event_union: Any, /, *handlers: Callable[[S, Any], S]) -> Callable[[S, Any], S]: ...
def make_evolve(event_union: Any, /, *handlers: Any) -> Callable[[S, Any], S]:
    """One ``evolve`` dispatching on the event's type through a dict built once.

    Give the handlers themselves, ``make_evolve(Event, on_placed, on_won)``: each
    one's event parameter is annotated with its event type (or a union of several),
    which becomes its dispatch key, so mypy checks every handler against its own
    event type. A table ``{EventType: handler}`` is accepted too, for tables merged
    from several modules (``{**rally.HANDLERS, **brawl.HANDLERS}``).

    Checks at import time that every member of the union has exactly one handler;
    :class:`RngAdvanced` is handled here (states keep their RNG in ``state.rng``).
    """
    members = union_members(event_union)
    if len(handlers) == 1 and isinstance(handlers[0], Mapping):
        table: dict[type, Callable[[S, Any], S]] = dict(handlers[0])
    else:
        table = {}
        for handler in handlers:
            for event_type in _handled_types(handler):
                if event_type in table:
                    msg = f"evolve handlers mismatch: {event_type.__name__} has two handlers"
                    raise TypeError(msg)
                table[event_type] = handler
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


def _handled_types(handler: Callable[..., Any]) -> tuple[type, ...]:
    """The event types a handler takes: the annotation of its second parameter (a class or a union of classes)."""
    name = getattr(handler, "__name__", repr(handler))
    try:
        params = list(inspect.signature(handler).parameters)
        hints = typing.get_type_hints(handler)
    except (TypeError, ValueError, NameError) as exc:
        msg = f"evolve handler {name}: its event parameter's annotation cannot be read ({exc})"
        raise TypeError(msg) from None
    if len(params) != 2 or params[1] not in hints:
        msg = f"evolve handler {name} must take (state, event) with the event parameter annotated by its event type"
        raise TypeError(msg)
    found = union_members(hints[params[1]])
    if not all(isinstance(t, type) for t in found):
        msg = f"evolve handler {name}: the event parameter's annotation must be event classes, not {hints[params[1]]!r}"
        raise TypeError(msg)
    return found


@functools.cache
def seat_names(players: int) -> tuple[str, ...]:
    """The default names of ``players`` seats: ``("P1", "P2", ...)`` (built once per count)."""
    return tuple(f"P{seat + 1}" for seat in range(players))


@attrs.frozen
class Config(Generic[S]):
    """What ``setup`` needs besides the seed: the player count and the game's options."""

    players: int
    options: Any = attrs.field(factory=NoOptions)


def _filling_waiting(raw: Callable[[Any, int | None, tuple[Waiting, ...]], Any], flow: Flow[Any, Any, Any]) -> Callable[[Any, int | None], Any]:
    """A flow game's ``view`` handed the engine's list of who must decide what as it builds the view, so every seat's
    view (and the picture drawn from it) shows the same list, no game derives it again, and no view is copied."""
    waiting = flow.waiting

    def view(state: Any, seat: int | None) -> Any:
        return raw(state, seat, waiting(state))

    view.__wrapped__ = raw  # type: ignore[attr-defined]  # inspect.unwrap finds the game's own, and tools its module
    return view


@attrs.frozen(kw_only=True)
class Game(Generic[S, A, E, V]):
    """Everything the engine needs to run one game, as plain functions.

    Seats are ints ``0..players-1``. All functions are pure: they never mutate
    their arguments, do no I/O, and read no clock or global randomness. The
    ``flow`` is the rules; ``actors``, ``legal_actions``, ``evolve`` and the two
    ways in (:meth:`act`, ``play_listed``) are derived from it.
    """

    name: str
    """Registry id, e.g. ``"five_wards"``."""
    title: str
    """Human name, e.g. ``"5 Wards"``."""
    rules_version: str
    """Bumped whenever the same log could replay differently."""
    info: GameInfo
    """The rulebook's facts about the game as a whole (players, kind of play, chance, secrecy, length)."""
    action_type: Any
    """The union of action Structs (for decoding, schemas and logs)."""
    event_type: Any
    """The union of event Structs (must include :class:`RngAdvanced` if the game draws)."""
    view_type: Any
    """The Struct ``view`` returns."""
    setup: Callable[[Config[Any], int], S]
    """``setup(config, seed)``: the initial state; shuffles draw from the state's RNG."""
    _view: Callable[[S, int | None, tuple[Waiting, ...]], V] = attrs.field(alias="view", repr=False)
    """``view(state, seat, waiting)``: what a seat (``None``: a spectator) may know, built field by field. The view
    declares ``waiting: tuple[Waiting, ...] = ()`` and sets it to ``waiting``, the engine's list of who must decide
    what (:meth:`waiting`), handed in so no game derives it again."""
    visibility: Mapping[type, Visibility]
    """Who sees each event type, declared for every type; ``redact`` and the undo barriers derive from it."""
    outcome: Callable[[S], Any]
    """The :class:`~boardcore.outcome.Outcome` once the game is over, else ``None``."""
    determinize: Callable[[S, int, Rng], S]
    """Resample everything hidden from the seat, consistently with its view (and replace the RNG)."""
    flow: Flow[S, A, E]
    """The game's decisions, automatic steps and end on the turn kernel: the rules (the only way to give them)."""
    options_type: type = NoOptions
    """attrs frozen class of options; ``Config.options`` is an instance of it."""
    secrets: Callable[[S, int | None], Collection[str]] | None = None
    """Words (card ids, names) hidden from the viewer now; the contract suite scans every outward channel for them."""
    codes: Mapping[str, str] = attrs.field(factory=dict)
    """The game's own refusal codes (``domain/reason``), each with its one-line meaning: every code its rules give, in
    domains of its own (the engine's and the server's are in :mod:`boardcore.codes`; ``tests/boardcore/test_codes.py``)."""
    actors: Callable[[S], frozenset[int]] = attrs.field(init=False, repr=False)
    """Seats that may act now (several during simultaneous choices; empty when over) (derived from the flow)."""
    legal_actions: Callable[[S, int], Sequence[A]] = attrs.field(init=False, repr=False)
    """Every legal action for the seat now, nothing else (empty if it may not act) (derived from the flow)."""
    next_decision: Callable[[S], tuple[int, Sequence[A]] | None] = attrs.field(init=False, repr=False)
    """The lowest seat facing a decision and its legal actions, or ``None`` once the game is over (derived from the
    flow): what a search or simulation playing on asks after each step, in one call."""
    evolve: Callable[[S, E], S] = attrs.field(init=False, repr=False)
    """Fold one event into the next state; total and deterministic (the flow's)."""
    play_listed: Callable[[S, int, A], tuple[list[E], S]] = attrs.field(init=False, repr=False)
    """``play_listed(state, seat, action)``: the trusted way in, the events of an action taken from
    ``legal_actions(state, seat)`` and the state they fold into, with no check at all (derived from the flow).

    Warning:
        Nothing is checked: not the action's types, not whose turn it is, not the rules. An action that is not an
        element of ``legal_actions(state, seat)`` for this very state gives a state the rules never allow, and a log
        that does not verify. Searches and simulations that pick from the legal list use it; anything that comes
        from a person, a wire or a file goes through :meth:`act`."""
    action_classes: tuple[type, ...] = attrs.field(init=False, repr=False)
    """The members of ``action_type`` (derived)."""
    undo_barriers: frozenset[type] = attrs.field(init=False, repr=False)
    """Event types after which the normal undo policy refuses (derived from ``visibility``)."""
    handlers: Mapping[type, Callable[[S, Any], S]] = attrs.field(init=False, repr=False)
    """``evolve``'s dispatch table by event type, from :func:`make_evolve` (lets folds skip one call) (the flow's)."""
    check_action: Callable[[int, Any], A] = attrs.field(init=False, repr=False)
    """``check_action(player, action)``: ``action`` (a Struct of this game, or its JSON object) as a freshly
    validated, frozen Struct (derived: the game's action codec, called directly as it runs for every action).

    Every field's type is checked however the action was built (a bool is not an int, a list becomes a tuple), so
    no rule ever sees a wrongly typed action and the log always replays. Raises
    :class:`~boardcore.errors.IllegalAction` ``action/malformed``, naming the action and the bad field."""
    loose_actions: bool = attrs.field(init=False, repr=False)
    """Some action field is typed ``Any``, so an action could hold a mutable value (derived; ``Match`` then never
    trusts a listed action without checking it again)."""
    _checked: Callable[[S, int, A], tuple[list[E], S]] = attrs.field(init=False, repr=False)
    """The flow's checks of whose turn it is and of the rules, then the effects (:meth:`act` after the codec)."""
    _codec: ActionCodec = attrs.field(init=False, repr=False)
    _default_configs: dict[int, Config[S]] = attrs.field(init=False, repr=False, factory=dict)
    view: Callable[[S, int | None], V] = attrs.field(init=False, repr=False)
    """``view(state, seat)``: the game's view of ``state`` for ``seat`` (``None``: a spectator), who must decide what
    included (derived: the game's ``view`` handed the flow's ``waiting``)."""
    player_counts: tuple[int, ...] = attrs.field(init=False, repr=False)
    """Supported numbers of players (``info.players``, said once there)."""

    def __attrs_post_init__(self) -> None:
        flow = self.flow
        object.__setattr__(self, "player_counts", self.info.players)
        if not isinstance(flow, Flow):
            msg = f"{self.name}: the rules are a boardcore.kernel.Flow, not {type(flow).__name__}"
            raise TypeError(msg)
        object.__setattr__(self, "actors", flow.actors)
        object.__setattr__(self, "legal_actions", flow.legal_actions)
        object.__setattr__(self, "next_decision", flow.next_decision)
        object.__setattr__(self, "evolve", flow.evolve)
        object.__setattr__(self, "handlers", flow.handlers)
        object.__setattr__(self, "play_listed", flow._play_listed)
        object.__setattr__(self, "_checked", flow._play)
        if "waiting" not in getattr(self.view_type, "__struct_fields__", ()):
            msg = f"{self.name}: a game's view declares `waiting: tuple[Waiting, ...] = ()`, which the engine hands to `view`"
            raise TypeError(msg)
        object.__setattr__(self, "view", _filling_waiting(self._view, flow))
        table = dict(self.visibility)
        members = union_members(self.event_type)
        if RngAdvanced in members:
            table.setdefault(RngAdvanced, NOBODY)
        check_table(members, table)
        barriers = frozenset({RngAdvanced} | {t for t, rule in table.items() if rule.undo_barrier})
        object.__setattr__(self, "visibility", table)
        object.__setattr__(self, "action_classes", union_members(self.action_type))
        object.__setattr__(self, "undo_barriers", barriers)
        refused, loose = action_mutability(self.action_type)
        if refused:
            msg = f"{self.name}: actions must be immutable values (a kept action is part of the log): {'; '.join(refused)}"
            raise TypeError(msg)
        object.__setattr__(self, "loose_actions", loose)
        object.__setattr__(self, "_codec", ActionCodec(self.title, self.action_type, remember=not loose))
        object.__setattr__(self, "check_action", self._codec.check)
        object.__setattr__(self, "_default_configs", {n: Config(n, structure_options(self.options_type, None)) for n in self.player_counts})

    # --- acting ----------------------------------------------------------

    def waiting(self, state: S) -> tuple[Waiting, ...]:
        """Who must decide what now, by seat, in each decision's own words (what every seat is shown)."""
        return self.flow.waiting(state)

    def act(self, state: S, player: int, action: Any) -> tuple[list[E], S]:
        """The checked way in: the events of ``player``'s ``action`` and the state they fold into (nothing is kept).

        Checks the action's types (a Struct of this game or its JSON object, see :attr:`check_action`), then whose
        turn it is and whether the game is over, then the game's own rules. For an action taken from
        ``legal_actions(state, player)`` itself, ``play_listed`` skips every check (and is trusted).

        Raises:
            IllegalAction: ``action/malformed``, ``turn/not_your_turn``, ``game/over``, or the game's refusal.
        """
        return self._checked(state, player, self.check_action(player, action))

    def fold(self, state: S, events: Iterable[E]) -> S:
        """``state`` after every event in turn (what replay does with a log's events)."""
        handlers = self.handlers
        for event in events:
            state = handlers[type(event)](state, event)
        return state

    # --- what a seat may know ----------------------------------------------

    def redact(self, event: E, player: int | None) -> E | None:
        """``event`` as ``player`` (``None``: a spectator) may receive it, or ``None``."""
        return self.visibility[type(event)].redact(event, player)  # type: ignore[no-any-return]

    def config(self, players: int, options: Any = None) -> Config[S]:
        """A checked :class:`Config`; ``options`` may be an instance, a dict (structured) or ``None``.

        Raises:
            ValueError: an unsupported player count, or bad options (each named).
        """
        if (options is None or (type(options) is dict and not options)) and type(players) is int:  # a log header's {}
            config = self._default_configs.get(players)
            if config is not None:  # Configs are immutable: the default one per player count is built once
                return config
        if type(players) is not int or players not in self.player_counts:
            msg = f"{self.title} is played by {', '.join(map(str, self.player_counts))} players, not {players!r}"
            raise ValueError(msg)
        return Config(players, structure_options(self.options_type, options))
