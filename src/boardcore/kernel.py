"""The turn kernel: one per-action context and one refusal pattern, for every game.

A game on the kernel declares a :class:`Flow`:

- per kind of decision, a :class:`Decision`: per action type it accepts, one ``problem``
  check and what applying one does (``rules``), and the ``candidates`` worth checking. The legal
  list is the candidates without a problem, and ``Game.act`` raises the problem, so
  each rule is stated once (``legal`` is an optional faster generator that must
  give exactly that list; the contract suite checks it does);
- ``pending(state)``: the one question of who decides now, ``{seat: kind of decision}``
  (empty while an automatic step is next or the game is over); the kernel derives from it
  each seat's decision, the actors, and the :class:`Waiting` list every seat is shown;
- ``proceed(turn)``: one automatic step (a roll, a phase change, scoring), run after an
  action while nobody must decide and the game is not over (never after ``setup``, which
  must leave someone to decide: ``Flow.settle`` runs the steps there if a game starts with one);
- ``is_over(state)``: whether the game has ended;
- ``watch(turn)``, if the game needs one: a check after every event (a win in the
  middle of a card's effect). When the game is over after it, the turn stops at
  once (:class:`GameOver` is raised inside and caught here).

The kernel turns that into ``actors``, ``waiting``, ``legal_actions`` and the two ways a
:class:`~boardcore.game.Game` applies an action (``act``, checked, and ``play_listed``,
trusted), each giving the events and the state they fold into. A :class:`Turn` collects one
action's events and folds each as it is emitted, so every rule reads the table
the earlier events made, and nothing is folded twice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Generic, NamedTuple, TypeVar

import attrs
import msgspec

from boardcore import codes
from boardcore.errors import IllegalAction
from boardcore.rng import Rng, RngAdvanced, advance

__all__ = ["Apply", "Decision", "Flow", "GameOver", "Problem", "Refusal", "Rules", "Turn", "Waiting", "WatchedTurn", "no_problem", "not_your_turn"]

S = TypeVar("S")
A = TypeVar("A")
E = TypeVar("E")
T = TypeVar("T")


class Refusal(NamedTuple):
    """Why an action is refused: cheap to build, so ``legal_actions`` can filter with the very check ``Game.act`` uses.

    ``message`` is shown to the player who sent the action: it names the rule and
    the remedy, never hidden state.
    """

    message: str
    code: str
    """``domain/reason``, e.g. ``"board/cell_taken"``."""
    clause: str | None = None
    """The rulebook clause id, when one applies."""

    def error(self, player: int, action: Any) -> IllegalAction:
        """The typed error for ``player``'s ``action``; the message names the action, the player and the clause."""
        rule = f" [{self.clause}]" if self.clause else ""
        message = f"{type(action).__name__} by player {player} refused{rule}: {self.message}"
        return IllegalAction(message, code=self.code, player=player, action=action, clause=self.clause)


def not_your_turn(player: int, action: Any, actors: frozenset[int], over: bool, clause: str | None = None) -> IllegalAction:
    """The engine's refusal of an action from a seat that may not act now (``game/over`` once the game ended);
    ``clause`` is the rule that says who acts now (or that the game has ended)."""
    name = type(action).__name__
    if over:
        msg = f"Refused {name} from player {player}: the game is over, nobody may act."
        return IllegalAction(msg, code=codes.GAME_OVER, player=player, action=action, clause=clause)
    waiting = ", ".join(map(str, sorted(actors))) or "nobody"
    msg = f"Refused {name} from player {player}: it is not their turn (waiting for player {waiting})."
    return IllegalAction(msg, code=codes.TURN_NOT_YOUR_TURN, player=player, action=action, clause=clause)


class Waiting(msgspec.Struct, frozen=True, kw_only=True):
    """One seat the game waits for and what it must decide, in the decision's own words (what every seat is shown)."""

    seat: int
    kind: str
    """The kind of decision (a key of the flow's ``decisions``): ``"mark"``."""
    ask: str
    """What the seat is asked to do, completing "player 2 must ...": ``"place a mark"``."""


NOBODY_PENDING: Mapping[int, str] = {}
"""``pending`` when nobody must decide (one shared empty mapping)."""


class GameOver(Exception):
    """Raised by :meth:`Turn.emit` once an event ended the game: nothing more happens in this turn."""


class Turn(Generic[S, E]):
    """The events of one action so far, the state they fold into, and the rules RNG as drawn so far.

    Draws come from ``rng`` (the state's RNG at the start of the turn); the
    bookkeeping :class:`~boardcore.game.RngAdvanced` event is added by
    :meth:`record_draws` (call it where the game's log has always put it) or, at
    the latest, when the turn finishes. A flow with a watch makes its turns
    :class:`WatchedTurn` s instead (this class has no per-event check to skip).
    """

    __slots__ = ("_flow", "_handlers", "events", "player", "rng", "state")

    def __init__(self, flow: Flow[S, Any, E], state: S, player: int | None) -> None:
        self.state = state
        """The table after every event emitted so far."""
        self.player = player
        """The seat whose action started the turn (``None`` for automatic steps alone)."""
        self.events: list[E] = []
        self.rng: Rng = state.rng  # type: ignore[attr-defined]
        self._flow = flow
        self._handlers = flow.handlers

    # --- events ----------------------------------------------------------

    def emit(self, *events: E) -> None:
        """Record and fold each event in turn (a game with a watch gets :meth:`WatchedTurn.emit`)."""
        handlers = self._handlers
        for event in events:
            self.events.append(event)
            self.state = handlers[type(event)](self.state, event)

    @property
    def over(self) -> bool:
        """The game has ended (only seen by code that catches :class:`GameOver` itself)."""
        return self._flow.is_over(self.state)

    def record_draws(self, always: bool = False) -> None:
        """Emit the RNG bookkeeping event if anything was drawn since the state's RNG was last recorded
        (``always``: even when nothing was, for a game whose logs have always had one there)."""
        if always or self.rng != self.state.rng:  # type: ignore[attr-defined]
            self.emit(advance(self.rng))  # type: ignore[arg-type]

    # --- draws (from the rules RNG; every outcome must then appear in an event) --

    def below(self, n: int) -> int:
        """Uniform integer in ``[0, n)``."""
        value, self.rng = self.rng.below(n)
        return value

    def randint(self, low: int, high: int) -> int:
        """Uniform integer in ``[low, high]``."""
        value, self.rng = self.rng.randint(low, high)
        return value

    def die(self, sides: int = 6) -> int:
        """One roll of a ``sides``-sided die, 1..sides."""
        value, self.rng = self.rng.die(sides)
        return value

    def dice(self, count: int, sides: int = 6) -> tuple[int, ...]:
        """``count`` rolls in roll order."""
        values, self.rng = self.rng.dice(count, sides)
        return values

    def choice(self, items: Sequence[T]) -> T:
        """One element, uniformly."""
        value, self.rng = self.rng.choice(items)
        return value

    def shuffle(self, items: Sequence[T]) -> tuple[T, ...]:
        """A uniformly shuffled copy."""
        values, self.rng = self.rng.shuffle(items)
        return values

    def sample(self, items: Sequence[T], k: int) -> tuple[T, ...]:
        """``k`` distinct elements in draw order."""
        values, self.rng = self.rng.sample(items, k)
        return values

    # --- the end ---------------------------------------------------------

    def finish(self) -> tuple[list[E], S]:
        """The events (with the RNG bookkeeping if still due) and the state they fold into."""
        if self.rng is not self.state.rng and self.rng != self.state.rng:  # type: ignore[attr-defined]
            event = advance(self.rng)
            self.events.append(event)  # type: ignore[arg-type]
            self.state = self._handlers[RngAdvanced](self.state, event)
        return self.events, self.state


class WatchedTurn(Turn[S, E]):
    """A turn of a flow with a watch: the watch runs after every event, and the turn stops once the game is over."""

    __slots__ = ("_watching",)

    def __init__(self, flow: Flow[S, Any, E], state: S, player: int | None) -> None:
        super().__init__(flow, state, player)
        self._watching = False

    def emit(self, *events: E) -> None:
        """Record and fold each event in turn, running the watch after each (not inside itself).

        Raises:
            GameOver: the watch found the game over (the kernel catches it: nothing after it happens).
        """
        handlers, flow = self._handlers, self._flow
        watch = flow.watch
        assert watch is not None
        for event in events:
            self.events.append(event)
            self.state = handlers[type(event)](self.state, event)
            if not self._watching:
                self._watching = True
                try:
                    watch(self)
                finally:
                    self._watching = False
                if flow.is_over(self.state):
                    raise GameOver


Problem = Callable[[S, int, Any], Refusal | None]
"""Why an action of one type is refused now (``None``: it is not): the one statement of its rule."""
Apply = Callable[[Turn[S, Any], int, Any], None]
"""What an action of one type does: the events it emits into the turn (its problem was checked)."""
Rules = Mapping[type, tuple[Problem[S], Apply[S]]]
"""Each accepted action type's ``(problem, apply)``: a :class:`Decision`'s ``rules``."""


def no_problem(state: Any, seat: int, action: Any) -> Refusal | None:
    """The problem of an action that is open whenever its decision is (passing, declining, ending a turn)."""
    return None


@attrs.frozen(kw_only=True)
class Decision(Generic[S, A]):
    """One kind of decision: per accepted action type, why it is refused and what it does, side by side.

    Every decision is declared the same way, with one or many action types: ``rules`` maps each type to its
    ``(problem, apply)`` pair, and the kernel dispatches on the action's type (a dict lookup, no ``isinstance``
    chain). ``gate`` states a refusal shared by every type (a choice still pending), checked first.
    """

    rules: Rules[S]
    """Each accepted action type's ``(problem, apply)``: the one statement of its rules (anything else is
    ``action/wrong_step``)."""
    candidates: Callable[[S, int], Iterable[A]]
    """Every action worth checking for the seat (a superset of the legal ones)."""
    ask: str
    """What the seat is asked to do, completing "player 2 must ...": ``"place a mark"``."""
    clause: str | None = None
    """The rulebook clause that asks for this decision."""
    gate: Callable[[S, int, A], Refusal | None] | None = None
    """A refusal every action type shares, checked before the type's own problem (``None``: there is none)."""
    legal: Callable[[S, int], list[A]] | None = None
    """A decision's legal list is its candidates filtered by its problem (``None``: the kernel filters). A game may
    give a faster generator of exactly that list, in the same order, only when it is built from the same
    predicates the problem calls (no rule condition written twice), with its measured reason in its docstring;
    the contract suite checks it equals the filtered candidates."""
    actions: tuple[type, ...] = attrs.field(init=False)
    """The accepted action types (derived from ``rules``)."""
    problem: Callable[[S, int, A], Refusal | None] = attrs.field(init=False, repr=False)
    """Why this action is refused now, or ``None``: the gate, then its type's problem (derived)."""
    apply: Callable[[Turn[S, Any], int, A], None] = attrs.field(init=False, repr=False)
    """Emit the action's events into the turn, by its type (derived; the action has no problem)."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "actions", tuple(self.rules))
        object.__setattr__(self, "problem", _dispatch_problem(self))
        object.__setattr__(self, "apply", _dispatch_apply(self.rules))


def _dispatch_problem(decision: Decision[S, A]) -> Callable[[S, int, A], Refusal | None]:
    """One check for the decision: its gate, then the problem of the action's own type (one problem shared by every
    type and no gate: that problem itself, no dispatch)."""
    problems = {kind: problem for kind, (problem, _) in decision.rules.items()}
    gate, ask, clause = decision.gate, decision.ask, decision.clause

    def wrong_step(state: S, seat: int, action: A) -> Refusal | None:
        return Refusal(f"player {seat} must {ask} now.", codes.ACTION_WRONG_STEP, clause)

    shared = set(problems.values())
    if gate is None and len(shared) == 1:  # one problem for every type: that problem itself (``Flow.play`` checked the type)
        return next(iter(shared))

    if gate is None:

        def by_type(state: S, seat: int, action: A) -> Refusal | None:
            check = problems.get(type(action))
            if check is None:  # a type this decision does not accept (or a subclass of one), sent straight to ``problem``
                return wrong_step(state, seat, action)
            return check(state, seat, action)

        return by_type

    def gated(state: S, seat: int, action: A) -> Refusal | None:
        check = problems.get(type(action))
        if check is None:
            return wrong_step(state, seat, action)
        return gate(state, seat, action) or check(state, seat, action)

    return gated


def _dispatch_apply(rules: Rules[S]) -> Callable[[Turn[S, Any], int, Any], None]:
    """The action's effect, by its type (one type: that effect itself, no lookup)."""
    applies = {kind: apply for kind, (_, apply) in rules.items()}
    if len(applies) == 1:
        return next(iter(applies.values()))

    def apply(turn: Turn[S, Any], seat: int, action: Any) -> None:
        applies[type(action)](turn, seat, action)

    return apply


def _lister(decision: Decision[S, A]) -> Callable[[S, int], list[A]]:
    """The decision's legal list as one call: its ``legal`` generator, or its candidates filtered by its problem."""
    if decision.legal is not None:
        return decision.legal
    candidates, problem = decision.candidates, decision.problem

    def legal(state: S, seat: int) -> list[A]:
        return [action for action in candidates(state, seat) if problem(state, seat, action) is None]

    return legal


def _no_step(turn: Turn[Any, Any]) -> None:
    msg = "nobody may act, the game is not over, and the game declares no automatic steps"
    raise AssertionError(msg)


@attrs.frozen(kw_only=True)
class Flow(Generic[S, A, E]):
    """A game's decisions, who faces them, the automatic steps between them, and the end."""

    evolve: Callable[[S, E], S]
    """The game's ``evolve``, made by :func:`~boardcore.game.make_evolve` (its dispatch table is used directly)."""
    decisions: Mapping[str, Decision[S, Any]]
    """Every kind of decision, by name."""
    pending: Callable[[S], Mapping[int, str]]
    """Who must decide now and the kind of decision each faces, ``{seat: kind}`` (empty when an automatic step is
    next or the game is over): the one statement of whose turn it is, from which everything else is derived."""
    is_over: Callable[[S], bool]
    """The game has ended (asked between automatic steps, and after every event in a game with a watch)."""
    proceed: Callable[[Turn[S, E]], None] = _no_step
    """One automatic step; called while nobody faces a decision and the game is not over. It must emit."""
    watch: Callable[[Turn[S, E]], None] | None = None
    """Called after every emitted event (e.g. a win check that may end the game at once); may emit. When the
    game is over after it, the turn stops at once."""
    end_clause: str | None = None
    """The rulebook clause that ends the game (cited when an action comes after the end)."""
    max_automatic_steps: int = 100_000
    """A turn whose automatic steps run longer than this is a bug in the game (an assertion)."""
    handlers: Mapping[type, Callable[[S, Any], S]] = attrs.field(init=False, repr=False)
    turn: type[Turn[S, E]] = attrs.field(init=False, repr=False)
    """The class of this flow's turns: :class:`WatchedTurn` with a watch, else the plain :class:`Turn` (derived)."""
    appliers: Mapping[str, Callable[[Turn[S, Any], int, Any], None]] = attrs.field(init=False, repr=False)
    """Each decision's ``apply`` by kind, looked up once per action (derived)."""
    automatic: bool = attrs.field(init=False, repr=False)
    """The flow declares automatic steps (derived: a turn without them skips the loop that runs them)."""
    listers: Mapping[str, Callable[[S, int], list[Any]]] = attrs.field(init=False, repr=False)
    """Each decision's legal list by kind: its ``legal``, or its candidates without a problem (derived)."""
    _alone: dict[int, frozenset[int]] = attrs.field(init=False, repr=False, eq=False)
    """Each seat alone as the actors, built once."""
    _said: dict[tuple[int, str], Waiting] = attrs.field(init=False, repr=False, eq=False)
    """Each seat's :class:`Waiting` for each kind met so far (they are immutable: built once, shared by every view)."""
    _last: list[tuple[Any, Mapping[int, str]]] = attrs.field(init=False, repr=False, eq=False)
    """The last state asked about and its answer: the kernel asks again about the state a turn ended on when the
    next action comes (states are immutable, and the one held here cannot be freed, so identity is safe)."""
    _told: list[tuple[Any, tuple[Waiting, ...]]] = attrs.field(init=False, repr=False, eq=False)
    """The last state :meth:`waiting` answered for and its answer: a table shows every seat (and the spectators)
    the same state, each view asking again (one list swap, like ``_last``)."""

    def __attrs_post_init__(self) -> None:
        handlers = getattr(self.evolve, "handlers", None)
        if handlers is None:
            msg = "a Flow's evolve must come from boardcore.make_evolve (the kernel folds through its table)"
            raise TypeError(msg)
        object.__setattr__(self, "handlers", handlers)
        object.__setattr__(self, "turn", Turn if self.watch is None else WatchedTurn)
        object.__setattr__(self, "appliers", {kind: decision.apply for kind, decision in self.decisions.items()})
        object.__setattr__(self, "automatic", self.proceed is not _no_step)
        object.__setattr__(self, "listers", {kind: _lister(decision) for kind, decision in self.decisions.items()})
        object.__setattr__(self, "_last", [(None, NOBODY_PENDING)])
        object.__setattr__(self, "_told", [(None, ())])
        object.__setattr__(self, "_said", {})
        object.__setattr__(self, "_alone", {})

    def _asked(self, state: S) -> Mapping[int, str]:
        """``pending(state)``, asked once for the state met last (one list swap, safe between threads)."""
        last = self._last[0]
        if last[0] is state:
            return last[1]
        now = self.pending(state)
        self._last[0] = (state, now)
        return now

    def decision(self, state: S, seat: int) -> str | None:
        """The kind of decision ``seat`` faces now, or ``None`` when it may not act."""
        return self._asked(state).get(seat)

    def actors(self, state: S) -> frozenset[int]:
        """The seats facing a decision now (one seat alone: a set built once per seat)."""
        pending = self._asked(state)
        if len(pending) != 1:
            return frozenset(pending)
        for seat in pending:
            alone = self._alone.get(seat)
            if alone is None:
                alone = self._alone.setdefault(seat, frozenset((seat,)))
            return alone
        raise AssertionError  # unreachable: one seat was pending

    def waiting(self, state: S) -> tuple[Waiting, ...]:
        """Who must decide what now, by seat, in each decision's own words."""
        told = self._told[0]
        if told[0] is state:
            return told[1]
        said, pending = self._said, self._asked(state)
        if len(pending) == 1:  # the common case: one seat decides
            ((seat, kind),) = pending.items()
            one = said.get((seat, kind))
            answer: tuple[Waiting, ...] = (one,) if one is not None else (self._say(seat, kind),)
        else:
            answer = tuple(said.get((seat, kind)) or self._say(seat, kind) for seat, kind in sorted(pending.items()))
        self._told[0] = (state, answer)
        return answer

    def _say(self, seat: int, kind: str) -> Waiting:
        """The :class:`Waiting` of ``seat`` facing ``kind``, built once."""
        return self._said.setdefault((seat, kind), Waiting(seat=seat, kind=kind, ask=self.decisions[kind].ask))

    def legal_actions(self, state: S, seat: int) -> list[A]:
        """Every action ``seat`` may take now: its decision's candidates that have no problem."""
        kind = self.decision(state, seat)
        if kind is None:
            return []
        return self.listers[kind](state, seat)

    def next_decision(self, state: S) -> tuple[int, list[A]] | None:
        """The lowest seat facing a decision and its legal actions, or ``None`` once nobody faces one (the game is
        over). One question where a search playing on would ask ``outcome``, ``actors`` and ``legal_actions``."""
        pending = self._asked(state)
        if not pending:
            return None
        seat = min(pending)
        return seat, self.listers[pending[seat]](state, seat)

    def _play(self, state: S, seat: int, action: A) -> tuple[list[E], S]:
        """The rules' half of :meth:`~boardcore.game.Game.act` (the action's types are already checked): whose turn
        it is, the decision's kind, its problem, then the effects and the automatic steps after them.

        Raises:
            IllegalAction: the seat faces no decision, the action is of the wrong kind, or its problem.
        """
        kind = self._asked(state).get(seat)
        if kind is None:
            raise self._not_your_turn(state, seat, action)
        decision = self.decisions[kind]
        if not isinstance(action, decision.actions):
            raise Refusal(f"player {seat} must {decision.ask} now.", codes.ACTION_WRONG_STEP, decision.clause).error(seat, action)
        problem = decision.problem(state, seat, action)
        if problem is not None:
            raise problem.error(seat, action)
        return self._apply(state, seat, kind, action)

    def _not_your_turn(self, state: S, seat: int, action: A) -> IllegalAction:
        """The refusal for a seat that faces no decision, citing the rule that says who does (or that the game ended)."""
        pending = self._asked(state)
        if self.is_over(state):
            return not_your_turn(seat, action, frozenset(pending), True, self.end_clause)
        clause = next((self.decisions[pending[waiting]].clause for waiting in sorted(pending)), None)
        return not_your_turn(seat, action, frozenset(pending), False, clause)

    def _apply(self, state: S, seat: int, kind: str, action: A) -> tuple[list[E], S]:
        """The effects of ``seat``'s legal ``action`` at its ``kind`` of decision, then the automatic steps."""
        turn = self.turn(self, state, seat)
        try:
            self.appliers[kind](turn, seat, action)
            if self.automatic:
                self._run(turn)
        except GameOver:
            pass
        if turn.rng is turn.state.rng:  # type: ignore[attr-defined]  # nothing drawn (the common case): no call to finish
            return turn.events, turn.state
        return turn.finish()

    def _play_listed(self, state: S, seat: int, action: A) -> tuple[list[E], S]:
        """:meth:`~boardcore.game.Game.play_listed`: only the effects of an action known to be legal (no check)."""
        kind = self._asked(state).get(seat)
        assert kind is not None, "a listed action of a seat that may not act"
        turn = self.turn(self, state, seat)  # _apply inlined: searches play every step through here
        try:
            self.appliers[kind](turn, seat, action)
            if self.automatic:
                self._run(turn)
        except GameOver:
            pass
        if turn.rng is turn.state.rng:  # type: ignore[attr-defined]  # nothing drawn (the common case): no call to finish
            return turn.events, turn.state
        return turn.finish()

    def settle(self, state: S) -> tuple[list[E], S]:
        """Run the automatic steps from ``state`` until someone must decide or the game ends."""
        turn = self.turn(self, state, None)
        try:
            if self.automatic:
                self._run(turn)
        except GameOver:
            pass
        return turn.finish()

    def _run(self, turn: Turn[S, E]) -> None:
        pending, is_over, proceed = self._asked, self.is_over, self.proceed
        for _ in range(self.max_automatic_steps):
            state = turn.state
            if pending(state) or is_over(state):
                return
            emitted = len(turn.events)
            proceed(turn)
            assert len(turn.events) > emitted, "an automatic step emitted nothing: the game would never move on"
        raise AssertionError(f"more than {self.max_automatic_steps} automatic steps in one turn")
