"""A testing kit for scenario tests, through the public API (ours and any third party's).

- :func:`scenario`: a :class:`~boardcore.match.Match` that starts from a state you built.
- :func:`rig`: script the next random draws (dice faces, shuffle orders, choices) instead of searching seeds.
- :func:`settle`: run a game's automatic steps from a built state, as the engine would after an action.
- :func:`act`, :func:`fold`, :func:`refused`: one checked step, a fold of events, an expected refusal.
- :func:`find_secrets` and :func:`assert_no_secrets`: the secret scanner every game's leak tests share.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Sequence
from typing import Any, TypeVar

import msgspec

from boardcore.errors import IllegalAction
from boardcore.game import Game
from boardcore.match import Match
from boardcore.rng import Rng

__all__ = [
    "RiggedRng",
    "act",
    "assert_no_secrets",
    "find_secrets",
    "fold",
    "refused",
    "rig",
    "scenario",
    "settle",
]

S = TypeVar("S")
A = TypeVar("A")
E = TypeVar("E")
V = TypeVar("V")
T = TypeVar("T")


def scenario(game: Game[S, A, E, V], state: S, players: int | Sequence[str], options: Any = None) -> Match[S, A, E, V]:
    """A match that starts from ``state`` (see :meth:`Match.from_state`): apply, undo, views and text work; no log."""
    return Match.from_state(game, state, players, options)


def act(game: Game[S, A, E, V], state: S, seat: int, action: Any) -> tuple[list[E], S]:
    """``seat``'s checked ``action`` from ``state``: its events and the state after (automatic steps included)."""
    return game.act(state, seat, action)


def fold(game: Game[S, A, E, V], state: S, events: Iterable[E]) -> S:
    """``state`` after ``events`` (no rules run: what replay does)."""
    return game.fold(state, events)


def settle(game: Game[S, A, E, V], state: S) -> tuple[list[E], S]:
    """Run the automatic steps from a built ``state`` until someone must decide or the game ends.

    Raises:
        TypeError: ``game`` is not on the turn kernel (it has no flow).
    """
    if game.flow is None:
        msg = f"{game.name} has no flow: only games on the turn kernel have automatic steps to run"
        raise TypeError(msg)
    return game.flow.settle(state)


def refused(game: Game[S, A, E, V], state: S, seat: int, action: Any, code: str | None = None) -> IllegalAction:
    """The error ``seat``'s ``action`` is refused with (asserting it is refused, with ``code`` if given)."""
    try:
        game.act(state, seat, action)
    except IllegalAction as exc:
        assert code is None or exc.code == code, f"refused with {exc.code!r}, expected {code!r}: {exc}"
        return exc
    raise AssertionError(f"{action!r} by seat {seat} was accepted, expected a refusal")


class RiggedRng(Rng, frozen=True, array_like=True):
    """An :class:`~boardcore.rng.Rng` whose draws at counters ``start, start + 1, ...`` come from ``script``.

    Each scripted value answers one draw, whatever its kind: a face for ``die``
    or ``randint``, an index for ``below``, the chosen item for ``choice``, the
    whole new order for ``shuffle``, the drawn items for ``sample``; ``dice``
    takes one value per die. Each is checked against the draw it answers. Once
    the script runs out, draws are the seed's own again.
    """

    script: tuple[Any, ...] = ()
    start: int = 0

    def _scripted(self) -> tuple[bool, Any]:
        index = self.counter - self.start
        if 0 <= index < len(self.script):
            return True, self.script[index]
        return False, None

    def _next(self) -> RiggedRng:
        return RiggedRng(self.seed, self.stream, self.counter + 1, self.script, self.start)

    def _plain(self) -> Rng:
        return Rng(self.seed, self.stream, self.counter)

    def at(self, counter: int) -> Rng:
        """Keep the script across turns (the engine folds draw counts back in through this)."""
        return RiggedRng(self.seed, self.stream, counter, self.script, self.start)

    def below(self, n: int) -> tuple[int, Rng]:
        found, value = self._scripted()
        if not found:
            return self._plain().below(n)
        assert type(value) is int and 0 <= value < n, f"rigged draw {value!r} is not an index below {n}"
        return value, self._next()

    def randint(self, low: int, high: int) -> tuple[int, Rng]:
        found, value = self._scripted()
        if not found:
            return self._plain().randint(low, high)
        assert type(value) is int and low <= value <= high, f"rigged draw {value!r} is not in {low}..{high}"
        return value, self._next()

    def die(self, sides: int = 6) -> tuple[int, Rng]:
        return self.randint(1, sides)

    def choice(self, items: Sequence[T]) -> tuple[T, Rng]:
        found, value = self._scripted()
        if not found:
            return self._plain().choice(items)
        assert value in items, f"rigged choice {value!r} is not one of {list(items)!r}"
        return value, self._next()

    def shuffle(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        found, value = self._scripted()
        if not found:
            return self._plain().shuffle(items)
        order = tuple(value)
        assert sorted(map(repr, order)) == sorted(map(repr, items)), f"rigged shuffle {order!r} is not an order of {list(items)!r}"
        return order, self._next()

    def sample(self, items: Sequence[T], k: int) -> tuple[tuple[T, ...], Rng]:
        found, value = self._scripted()
        if not found:
            return self._plain().sample(items, k)
        drawn = tuple(value)
        pool = list(items)
        for item in drawn:
            assert item in pool, f"rigged sample {drawn!r} is not {k} distinct items of {list(items)!r}"
            pool.remove(item)
        assert len(drawn) == k, f"rigged sample {drawn!r} does not hold {k} items"
        return drawn, self._next()


def rig(state: S, *draws: Any) -> S:
    """``state`` whose next random draws give ``draws`` in order (see :class:`RiggedRng`).

    >>> # the next two dice roll 6 and 1, then the next shuffle gives (2, 0, 1)
    >>> # state = rig(state, 6, 1, (2, 0, 1))
    """
    rng: Rng = state.rng  # type: ignore[attr-defined]
    rigged = RiggedRng(rng.seed, rng.stream, rng.counter, tuple(draws), rng.counter)
    return msgspec.structs.replace(state, rng=rigged)  # type: ignore[type-var]


def find_secrets(payload: str | bytes, words: Collection[str]) -> set[str]:
    """Which of ``words`` appear in ``payload`` as whole words (ids and names, not parts of longer ones)."""
    text = payload.decode("utf-8", "replace") if isinstance(payload, bytes) else payload
    present = [word for word in words if word and word in text]  # a substring test first: most words are absent
    if not present:
        return set()
    pattern = "|".join(re.escape(word) for word in sorted(present, key=len, reverse=True))
    found = {match.group(0) for match in re.finditer(rf"(?<![\w-])(?:{pattern})(?![\w-])", text)}
    for word in present:  # a word inside a longer one that matched first ("Sneak" in "Sneak (hat)")
        if word not in found and re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text):
            found.add(word)
    return found


def assert_no_secrets(
    game: Game[S, A, E, V],
    state: S,
    viewer: int | None,
    *,
    words: Collection[str] | None = None,
    events: Iterable[E] = (),
    messages: Iterable[str] = (),
    names: Sequence[str] | None = None,
) -> None:
    """Nothing hidden from ``viewer`` reaches them: not in their view (JSON and repr), the events they receive
    (JSON and text), their legal actions (JSON and labels), nor ``messages`` they were shown.

    ``words`` are the hidden ids and names (default: ``game.secrets(state, viewer)``).
    """
    if words is None:
        if game.secrets is None:
            msg = f"{game.name} declares no secrets(state, viewer): pass the hidden words"
            raise TypeError(msg)
        words = game.secrets(state, viewer)
    words = set(words)
    if not words:
        return
    where = "a spectator" if viewer is None else f"seat {viewer}"

    def check(what: str, payload: str | bytes) -> None:
        found = find_secrets(payload, words)
        assert not found, f"{game.name}: {what} shows {where} what is hidden from them: {sorted(found)}"

    view = game.view(state, viewer)
    check("the view", msgspec.json.encode(view))
    check("the view's repr", repr(view))
    for event in events:
        seen = game.redact(event, viewer)
        if seen is not None:
            check(f"a {type(seen).__name__} event", msgspec.json.encode(seen))
            check(f"the text of a {type(seen).__name__} event", game.describe(event, viewer, names) or "")
    if viewer is not None:
        for action in game.legal_actions(state, viewer):
            check("a legal action", msgspec.json.encode(action))
            check("a legal action's label", game.label(action, viewer, names))
            check("a legal action's label", game.label(action, viewer, names, view))
    for message in messages:
        check("a message", message)
