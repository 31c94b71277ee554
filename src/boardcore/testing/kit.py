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
from boardcore.presentation import DEFAULT_NAMES, Presentation, presentation_of
from boardcore.rng import Rng

__all__ = [
    "RiggedRng",
    "act",
    "assert_no_secrets",
    "check_events",
    "field_paths",
    "find_secrets",
    "fold",
    "refused",
    "rig",
    "scenario",
    "secret_words",
    "settle",
]

S = TypeVar("S")
A = TypeVar("A")
E = TypeVar("E")
V = TypeVar("V")
T = TypeVar("T")


def scenario(
    game: Game[S, A, E, V], state: S, players: int | Sequence[str], options: Any = None, *, presentation: Presentation | None = None
) -> Match[S, A, E, V]:
    """A match that starts from ``state`` (see :meth:`Match.from_state`): apply, undo, views and text (``presentation``'s,
    else the game's registered one) work; no log."""
    return Match.from_state(game, state, players, options, presentation=presentation)


def act(game: Game[S, A, E, V], state: S, seat: int, action: Any) -> tuple[list[E], S]:
    """``seat``'s checked ``action`` from ``state``: its events and the state after (automatic steps included)."""
    return game.act(state, seat, action)


def fold(game: Game[S, A, E, V], state: S, events: Iterable[E]) -> S:
    """``state`` after ``events`` (no rules run: what replay does)."""
    return game.fold(state, events)


def settle(game: Game[S, A, E, V], state: S) -> tuple[list[E], S]:
    """Run the automatic steps from a built ``state`` until someone must decide or the game ends."""
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

    Build one with :func:`rig` (from a state's RNG), or directly:
    ``RiggedRng(seed, stream=RULES, counter=0, script=(6, (2, 0, 1)), start=0)``:
    the :class:`~boardcore.rng.Rng` fields, then the scripted values and the
    counter of the first draw they answer (``start == counter``: the next draw).
    """

    script: tuple[Any, ...] = ()
    """The values that answer the draws at counters ``start, start + 1, ...``, in order."""
    start: int = 0
    """The counter of the first scripted draw."""

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

    def dice(self, count: int, sides: int = 6) -> tuple[tuple[int, ...], Rng]:
        """Roll by roll through ``die``, one scripted value per die (``Rng.dice`` draws its words itself)."""
        return self._dice_by_die(count, sides)

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
    presentation: Presentation | None = None,
) -> None:
    """Nothing hidden from ``viewer`` reaches them: not in their view (JSON, repr and words), the events they receive
    (JSON and text), their legal actions (JSON and labels), nor ``messages`` they were shown. A failure names the
    field that leaked (``view.hands[1][0]``, ``CardDrawn.card``). The words are ``presentation``'s (else the one
    registered for the game).

    ``words`` are the hidden ids and names (default: ``game.secrets(state, viewer)``): names such as ``"T17"`` or
    ``"Ace of spades"``, never bare numbers, which would match every count and seat number (a ``TypeError``).
    """
    if words is None:
        if game.secrets is None:
            msg = f"{game.name} declares no secrets(state, viewer): pass the hidden words"
            raise TypeError(msg)
        words = game.secrets(state, viewer)
    hidden = secret_words(game, words)
    if not hidden:
        return
    where = "a spectator" if viewer is None else f"seat {viewer}"
    view = game.view(state, viewer)
    _check(game, where, hidden, "the view", msgspec.json.encode(view), view, "view")
    _check(game, where, hidden, "the view's repr", repr(view))
    shown = presentation_of(game, presentation)
    if shown.view_text is not None:
        _check(game, where, hidden, "the view text", shown.view_text(view, viewer, DEFAULT_NAMES if names is None else names))
    check_events(game, viewer, hidden, events, names, shown)
    if viewer is not None:
        for action in game.legal_actions(state, viewer):
            _check(game, where, hidden, "a legal action", msgspec.json.encode(action), action, type(action).__name__)
            _check(game, where, hidden, "a legal action's label", shown.label(action, viewer, names))
            _check(game, where, hidden, "a legal action's label", shown.label(action, viewer, names, view))
    for message in messages:
        _check(game, where, hidden, "a message", message)


def check_events(
    game: Game[S, A, E, V],
    viewer: int | None,
    words: Collection[str],
    events: Iterable[E],
    names: Sequence[str] | None,
    presentation: Presentation | None = None,
) -> None:
    """None of ``events``, as ``viewer`` receives them (JSON and ``presentation``'s text, else the registered one's),
    names any of ``words``."""
    hidden = secret_words(game, words)
    if not hidden:
        return
    shown = presentation_of(game, presentation)
    where = "a spectator" if viewer is None else f"seat {viewer}"
    for event in events:
        seen = game.redact(event, viewer)
        if seen is not None:
            name = type(seen).__name__
            _check(game, where, hidden, f"a {name} event", msgspec.json.encode(seen), seen, name)
            _check(game, where, hidden, f"the text of a {name} event", shown.describe(game, event, viewer, names) or "")


def secret_words(game: Game[Any, Any, Any, Any], words: Iterable[Any]) -> set[str]:
    """``words`` as a set, refusing what cannot be scanned for: a non-string, or a bare number (``"3"`` matches
    every 3 in a view: a count, a seat, a score), which would report leaks that are not there."""
    hidden = set(words)
    for word in hidden:
        if type(word) is not str:
            msg = f"{game.name}: secrets() must return names (strings such as 'T17'), not {type(word).__name__} {word!r}"
            raise TypeError(msg)
        if word.strip("-").isdigit():
            msg = (
                f"{game.name}: secrets() returned the bare number {word!r}: a number matches every count, seat and score "
                "in a view; return names (card ids such as 'T17', or names such as 'Ace of spades')"
            )
            raise TypeError(msg)
    return hidden


def _check(game: Game[Any, Any, Any, Any], where: str, words: set[str], what: str, payload: str | bytes, value: Any = None, root: str = "") -> None:
    found = find_secrets(payload, words)
    if found:
        paths = field_paths(value, found, root) if value is not None else []
        at = f" (at {', '.join(paths)})" if paths else ""
        raise AssertionError(f"{game.name}: {what} shows {where} what is hidden from them: {sorted(found)}{at}")


def field_paths(value: Any, words: Collection[str], root: str = "") -> list[str]:
    """Where in ``value`` (a Struct, or what msgspec encodes) any of ``words`` appears: ``root.field[index]...``."""
    paths: list[str] = []

    def walk(item: Any, path: str) -> None:
        if isinstance(item, dict):
            for key, inner in item.items():
                if find_secrets(str(key), words):
                    paths.append(f"{path} (a key)")
                walk(inner, f"{path}.{key}")
        elif isinstance(item, (list, tuple)):
            for index, inner in enumerate(item):
                walk(inner, f"{path}[{index}]")
        elif item is not None and find_secrets(str(item), words):
            paths.append(path)

    walk(msgspec.to_builtins(value), root)
    return paths
