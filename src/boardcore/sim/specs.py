"""Bot specifications: the strings that name a bot and its parameters on the command line.

Grammar (whitespace is not allowed)::

    SPEC   := KIND [":" PARAM ("," PARAM)*]
    PARAM  := NAME "=" VALUE

Kinds and their parameters:

- ``random``: uniform over the legal actions (no parameters).
- ``house``: the game's own house bot (uniform random for a game without one).
- ``mc``: flat Monte Carlo (``rollouts``: random playouts per legal action, default 8).
- ``ismcts``: information-set MCTS (:class:`boardcore.ismcts.ISMCTSBot`): ``iterations``
  per decision (default 200), ``c`` the exploration constant (0.7), ``rollout``
  ``random`` or ``house`` (``random``), ``opponents`` ``search`` or ``policy`` (``search``: the
  other seats' decisions are searched in the tree; ``policy``: they play the rollout policy
  there too), ``depth`` rollout actions before the game's
  ``estimate`` scores the sampled world (unset: every rollout plays to the end; a
  game without an estimate always does), ``time`` seconds per decision instead of a
  fixed number of iterations (opt-in; its choices are not reproducible), ``search`` the
  action kinds whose decisions are searched, joined by ``+`` (unset: every decision; the
  rollout policy plays the others).

Example: ``ismcts:iterations=30,depth=8,rollout=house,opponents=policy,search=Staff+Overwork``.

``house`` takes the parameters its game's house bot declares: the attrs fields of its class
that have a default (Bellwether's ``bold``); a game whose house bot has none takes none.

Your own bot: ``MODULE:ATTR`` (``mybots:Greedy``, then ``:PARAMS`` as above), or the name
of an entry point in the ``boardcore.bots`` group (``greedy``, ``greedy:depth=3``). ``ATTR``
is a class or function called with whichever of ``game``, ``seed``, ``seat`` and ``players``
its signature names, plus the spec's parameters as keywords (values read as int, float,
``true``/``false``, else text); it returns the bot (anything with ``choose(view, legal)``).

Every kind takes ``name=SHORT``: the display name that tables and plots use instead of the
spec (it does not change the bot). Every bot is built from the match seed and its seat, so a
match replays the same whatever process runs it.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Mapping, Sequence
from importlib.metadata import entry_points
from typing import Any

import attrs

from boardcore.bots import Bot, MonteCarloBot, RandomBot
from boardcore.ismcts import OPPONENTS, ROLLOUTS, ISMCTSBot
from boardcore.strategy import strategy_of

__all__ = ["ENTRY_POINTS", "KINDS", "BotSpec", "checked_specs", "display_name", "house_params", "parse_spec"]

ENTRY_POINTS = "boardcore.bots"
"""The entry-point group where a package publishes its bots by name."""
NAME = "name"
"""The display-name parameter every kind takes."""

KINDS: Mapping[str, Mapping[str, type]] = {
    "random": {},
    "house": {},
    "mc": {"rollouts": int},
    "ismcts": {"iterations": int, "c": float, "rollout": str, "opponents": str, "depth": int, "time": float, "search": str},
}
"""Each kind's parameters and their types."""


@attrs.frozen
class BotSpec:
    """A parsed bot specification; ``str(spec)`` is its canonical text (parameters sorted by name)."""

    kind: str
    params: tuple[tuple[str, Any], ...] = ()

    def __str__(self) -> str:
        if not self.params:
            return self.kind
        return f"{self.kind}:" + ",".join(f"{name}={value}" for name, value in self.params)

    @property
    def name(self) -> str:
        """The display name: ``name=`` if given, else the spec's text."""
        return str(dict(self.params).get(NAME, self))

    def build(self, game: Any, seed: int, seat: int, players: int) -> Bot[Any, Any]:
        """The bot for ``seat`` of a match played under ``seed``.

        Raises:
            ValueError: a user bot that cannot be loaded or built, or a house parameter the game's house bot lacks.
        """
        params = {key: value for key, value in self.params if key != NAME}
        if self.kind not in KINDS:
            return _user_bot(self.kind, params, game, seed, seat, players)
        if self.kind == "house":
            return _house_bot(game, params, seed, seat)
        if self.kind == "random":
            return RandomBot.seeded(seed, seat)
        if self.kind == "mc":
            return MonteCarloBot.seeded(game, seed, seat, rollouts=params.get("rollouts", 8))
        return ISMCTSBot.seeded(
            game,
            seed,
            seat,
            players,
            iterations=params.get("iterations", 200),
            exploration=params.get("c", 0.7),
            rollout=params.get("rollout", "random"),
            opponents=params.get("opponents", "search"),
            depth=params.get("depth"),
            time_budget=params.get("time"),
            search=frozenset(params["search"].split("+")) if "search" in params else None,
        )


def house_params(game: Any) -> dict[str, type]:
    """The parameters of ``game``'s house bot: the attrs fields of its class that have a default, with their types."""
    house = getattr(strategy_of(game).house_bot, "__self__", None)
    if not isinstance(house, type) or not attrs.has(house):
        return {}
    found = {}
    for field in attrs.fields(house):
        if field.default is attrs.NOTHING or field.name.startswith("_"):
            continue
        kind = field.type if isinstance(field.type, type) else _TYPES.get(str(field.type))
        if kind is not None:
            found[field.name] = kind
    return found


_TYPES: Mapping[str, type] = {"bool": bool, "int": int, "float": float, "str": str}


def _house_bot(game: Any, params: Mapping[str, str], seed: int, seat: int) -> Bot[Any, Any]:
    house = strategy_of(game).house_bot
    if house is None:
        if params:
            msg = f"{game.name} has no house bot (house plays uniformly at random), so house takes no parameters"
            raise ValueError(msg)
        return RandomBot.seeded(seed, seat)
    bot = house(seed, seat)
    if not params:
        return bot  # type: ignore[no-any-return]
    allowed = house_params(game)
    values: dict[str, Any] = {}
    for key, text in params.items():
        if key not in allowed:
            names = ", ".join(allowed) or "none"
            msg = f"{game.name}'s house bot has no parameter {key!r} (parameters: {names})"
            raise ValueError(msg)
        value = _literal(text)
        wanted = allowed[key]
        if type(value) is not wanted and not (wanted is float and type(value) is int):
            msg = f"{game.name}'s house bot: {key} takes a {wanted.__name__}, not {text!r}"
            raise ValueError(msg)
        values[key] = float(text) if wanted is float else value
    return attrs.evolve(bot, **values)


def _literal(text: str) -> Any:
    """A user parameter's value: an int, a float, ``true``/``false``, else the text itself."""
    for read in (int, float):
        try:
            return read(text)
        except ValueError:
            pass
    return {"true": True, "false": False}.get(text, text)


def _load(kind: str) -> Callable[..., Any]:
    """The object a user kind names: ``MODULE:ATTR``, or an entry point of ``boardcore.bots``."""
    module, sep, attr = kind.partition(":")
    if not sep:
        found = [point for point in entry_points(group=ENTRY_POINTS) if point.name == kind]
        if not found:
            msg = f"unknown bot {kind!r}; choose one of {', '.join(KINDS)}, MODULE:CLASS, or an entry point of {ENTRY_POINTS}"
            raise ValueError(msg)
        loaded: Callable[..., Any] = found[0].load()
        return loaded
    try:
        target: Any = importlib.import_module(module)
    except ImportError as exc:
        msg = f"bot {kind!r}: cannot import {module!r} ({exc}); is it on PYTHONPATH (on every worker)?"
        raise ValueError(msg) from None
    for part in attr.split("."):
        if not hasattr(target, part):
            msg = f"bot {kind!r}: {module!r} has no {attr!r}"
            raise ValueError(msg)
        target = getattr(target, part)
    if not callable(target):
        msg = f"bot {kind!r}: {attr} is not a class or function"
        raise ValueError(msg)
    return target  # type: ignore[no-any-return]


CONTEXT = ("game", "seed", "seat", "players")
"""What a user bot's class or function may take besides its parameters, by these names."""


def _user_bot(kind: str, params: Mapping[str, str], game: Any, seed: int, seat: int, players: int) -> Bot[Any, Any]:
    maker = _load(kind)
    try:
        accepted: Mapping[str, Any] = inspect.signature(maker).parameters
    except (TypeError, ValueError):
        accepted = {}
    context = {"game": game, "seed": seed, "seat": seat, "players": players}
    arguments = {key: value for key, value in context.items() if key in accepted}
    clash = sorted(set(params) & set(CONTEXT))
    if clash:
        msg = f"bot {kind!r}: {', '.join(clash)} are given by the simulation, not as parameters"
        raise ValueError(msg)
    arguments.update({key: _literal(text) for key, text in params.items()})
    try:
        bot = maker(**arguments)
    except TypeError as exc:
        msg = f"bot {kind!r} could not be built with {sorted(arguments)}: {exc}"
        raise ValueError(msg) from None
    if not callable(getattr(bot, "choose", None)):
        msg = f"bot {kind!r} returned {type(bot).__name__}, which has no choose(view, legal) method"
        raise ValueError(msg)
    return bot  # type: ignore[no-any-return]


def display_name(text: str) -> str:
    """The display name of a spec's text (its ``name=`` if any), read without loading the bot."""
    head, _, rest = text.rpartition(":")
    if head and "=" in rest:
        for pair in rest.split(","):
            key, sep, value = pair.partition("=")
            if sep and key == NAME:
                return value
    return text


def _value(kind: str, name: str, text: str) -> Any:
    """``text`` as the parameter's type, checked against its range."""
    wanted = KINDS[kind][name]
    if name == "search":
        names = sorted(set(text.split("+")))
        if not all(part.isidentifier() for part in names):
            msg = f"bot {kind!r}: search takes action kinds joined by '+' (e.g. Staff+Overwork), not {text!r}"
            raise ValueError(msg)
        return "+".join(names)
    try:
        value = wanted(text)
    except ValueError:
        msg = f"bot {kind!r}: {name} takes a {wanted.__name__}, not {text!r}"
        raise ValueError(msg) from None
    choices = _CHOICES.get(name)
    if choices is not None and value not in choices:
        msg = f"bot {kind!r}: {name} is one of {', '.join(choices)}, not {text!r}"
        raise ValueError(msg)
    too_small = name in ("iterations", "rollouts") and value < 1 or name == "depth" and value < 0
    if too_small or name == "time" and not value > 0 or name == "c" and not value >= 0:
        msg = f"bot {kind!r}: {name}={text} is out of range ({_RANGES[name]})"
        raise ValueError(msg)
    return value


_CHOICES = {"rollout": ROLLOUTS, "opponents": OPPONENTS}
"""The parameters that take one of a fixed set of words."""
_RANGES = {"iterations": "1 or more", "rollouts": "1 or more", "depth": "0 or more", "time": "seconds, more than 0", "c": "0 or more"}


def checked_specs(game: Any, texts: Sequence[str], players: int) -> list[str]:
    """The canonical text of each spec in ``texts``, once each has built a bot for ``game`` (a ``Game``).

    Building one bot checks what only the game can (that ``search`` names its action
    kinds), so a bad spec is refused before any match runs. ``house`` for a game without a
    house bot comes back as ``random``, the bot that plays.

    Raises:
        ValueError: a spec ``parse_spec`` refuses, or one the game's bot refuses.
    """
    specs = [parse_spec(text) for text in texts]
    for spec in specs:
        spec.build(game, 0, 0, players)
    return [str(_plain(spec, game)) for spec in specs]


def _plain(spec: BotSpec, game: Any) -> BotSpec:
    """``house`` is ``random`` for a game without a house bot; results and reports say which bot really played."""
    if spec.kind == "house" and strategy_of(game).house_bot is None:
        return BotSpec("random", tuple(pair for pair in spec.params if pair[0] == NAME))
    return spec


def _split(text: str) -> tuple[str, str]:
    """The kind and the parameter text of a spec (a user kind keeps its ``MODULE:ATTR``)."""
    head, sep, rest = text.partition(":")
    if head in KINDS or not sep:
        return head, rest
    attr, sep2, params = rest.partition(":")
    if "=" in attr:
        return head, rest  # an entry-point name with parameters
    return f"{head}:{attr}", params


def parse_spec(text: str) -> BotSpec:
    """The :class:`BotSpec` that ``text`` names (the module docstring gives the grammar).

    A user kind (``MODULE:ATTR`` or an entry point) and ``house`` keep their parameters as text;
    the bot is loaded and the values are checked when it is built (:func:`checked_specs`).

    Raises:
        ValueError: an unknown kind or parameter, a malformed pair or a value of the wrong type;
            the message lists what is allowed.
    """
    kind, rest = _split(text)
    builtin = kind in KINDS
    if not kind or not all(part.isidentifier() for part in kind.replace(":", ".").split(".")):
        msg = f"unknown bot {kind!r} in {text!r}; choose one of {', '.join(KINDS)}, MODULE:CLASS, or an entry point of {ENTRY_POINTS}"
        raise ValueError(msg)
    if not builtin and ":" not in kind and not any(point.name == kind for point in entry_points(group=ENTRY_POINTS)):
        msg = f"unknown bot {kind!r}; choose one of {', '.join(KINDS)}, MODULE:CLASS, or an entry point of {ENTRY_POINTS}"
        raise ValueError(msg)
    allowed = KINDS.get(kind, {})
    params: dict[str, Any] = {}
    for pair in rest.split(",") if rest else ():
        name, sep, value = pair.partition("=")
        if not sep or not name or not value:
            msg = f"bot parameters are NAME=VALUE separated by commas; got {pair!r} in {text!r}"
            raise ValueError(msg)
        if name in params:
            msg = f"bot parameter {name!r} given twice in {text!r}"
            raise ValueError(msg)
        if name == NAME:
            if not all(ch.isalnum() or ch in "-_.+" for ch in value):
                msg = f"a display name is letters, digits and - _ . + only, not {value!r}"
                raise ValueError(msg)
            params[name] = value
        elif not builtin or kind == "house":
            if not name.isidentifier():
                msg = f"bot {kind!r}: parameter names are identifiers, not {name!r}"
                raise ValueError(msg)
            params[name] = value
        elif name not in allowed:
            names = ", ".join([*allowed, NAME])
            msg = f"bot {kind!r} has no parameter {name!r} (parameters: {names})"
            raise ValueError(msg)
        else:
            params[name] = _value(kind, name, value)
    return BotSpec(kind, tuple(sorted(params.items())))
