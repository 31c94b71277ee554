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
Every bot is built from the match seed and its seat, so a match replays the same whatever
process runs it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from boardcore.bots import Bot, MonteCarloBot, RandomBot
from boardcore.ismcts import OPPONENTS, ROLLOUTS, ISMCTSBot

__all__ = ["KINDS", "BotSpec", "checked_specs", "parse_spec"]

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

    def build(self, game: Any, seed: int, seat: int, players: int) -> Bot[Any, Any]:
        """The bot for ``seat`` of a match played under ``seed``."""
        params = dict(self.params)
        if self.kind == "random" or (self.kind == "house" and game.house_bot is None):
            return RandomBot.seeded(seed, seat)
        if self.kind == "house":
            return game.house_bot(seed, seat)  # type: ignore[no-any-return]
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
    kinds), so a bad spec is refused before any match runs.

    Raises:
        ValueError: a spec ``parse_spec`` refuses, or one the game's bot refuses.
    """
    specs = [parse_spec(text) for text in texts]
    for spec in specs:
        spec.build(game, 0, 0, players)
    return [str(spec) for spec in specs]


def parse_spec(text: str) -> BotSpec:
    """The :class:`BotSpec` that ``text`` names (the module docstring gives the grammar).

    Raises:
        ValueError: an unknown kind or parameter, a malformed pair or a value of the wrong type;
            the message lists what is allowed.
    """
    kind, _, rest = text.partition(":")
    if kind not in KINDS:
        msg = f"unknown bot {kind!r} in {text!r}; choose one of {', '.join(KINDS)}"
        raise ValueError(msg)
    allowed = KINDS[kind]
    params: dict[str, Any] = {}
    for pair in rest.split(",") if rest else ():
        name, sep, value = pair.partition("=")
        if not sep or not name or not value:
            msg = f"bot parameters are NAME=VALUE separated by commas; got {pair!r} in {text!r}"
            raise ValueError(msg)
        if name not in allowed:
            names = ", ".join(allowed) if allowed else "none"
            msg = f"bot {kind!r} has no parameter {name!r} (parameters: {names})"
            raise ValueError(msg)
        if name in params:
            msg = f"bot parameter {name!r} given twice in {text!r}"
            raise ValueError(msg)
        params[name] = _value(kind, name, value)
    return BotSpec(kind, tuple(sorted(params.items())))
