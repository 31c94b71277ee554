"""What the generic adapter cannot know about a game: the bounds of its view and action fields.

A game's view and action types say *what* each field is (an int, a card id, a
tuple of them); they do not say how large an int may grow, which card ids
exist, or how long a tuple gets. An :class:`RlSpec` says that, field by field,
so that the adapter can give every game a fixed-size observation and a fixed
action catalog; it sees the player count and the options (``Config``), which fix
sizes and limits. Fields whose type already bounds them (``bool``, ``Literal``,
fixed-length tuples, ``None`` in an optional, an int annotated with
``msgspec.Meta(ge=..., le=...)``) need no entry; an entry still overrides the type
(to narrow a card field to the cards that can be played there, or to one-hot an int).

Paths name fields from the top of the view (or of an action class): ``round``,
``players[].hand`` (every item of a tuple), ``committed[][1]`` (the second item
of every pair: an index beats ``[]``), ``turn.die`` (inside an optional Struct),
``Rally.position`` (an action field).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from boardcore.errors import BoardcoreError
from boardcore.game import Config
from boardcore.outcome import Outcome

__all__ = [
    "ActionDomain",
    "Bag",
    "Encoding",
    "Number",
    "OneHot",
    "RlSpec",
    "Seq",
    "Skip",
    "SpecError",
    "Subset",
    "WAITING",
    "scores_as_rewards",
    "win_loss_draw",
]


class SpecError(BoardcoreError, ValueError):
    """A spec does not fit its game: a field without bounds, an entry for no field, a value out of bounds."""


def _values(values: Any) -> tuple[Any, ...]:
    return tuple(values)


@attrs.frozen
class Number:
    """An int read as one column, ``(x - lo) / (hi - lo)``: counts, scores, sizes.

    A value outside ``lo..hi`` is an error (the bound is wrong), unless ``clip``:
    then it reads as the nearer bound. Clip only what the rules leave unbounded (cash).
    """

    lo: int
    hi: int
    clip: bool = False

    def __attrs_post_init__(self) -> None:
        if not self.lo < self.hi:
            msg = f"Number needs lo < hi, got {self.lo}..{self.hi}"
            raise ValueError(msg)


@attrs.frozen
class OneHot:
    """A value from a known set, one column per value (seat ids, card ids, stages)."""

    values: tuple[Any, ...] = attrs.field(converter=_values)

    def __attrs_post_init__(self) -> None:
        if len(set(self.values)) != len(self.values) or not self.values:
            msg = f"OneHot needs distinct values, got {self.values!r}"
            raise ValueError(msg)


@attrs.frozen
class Seq:
    """A tuple of at most ``max_len`` items, in order: a length column, then one block per slot.

    The items are encoded by the entry for ``path[]``; slots past the length are zeros.
    """

    max_len: int
    fixed: bool = False
    """Every view holds exactly ``max_len`` items (a board, one entry per seat): no length column."""
    top: bool = False
    """A pile whose last item is on top and whose height the rules leave unbounded: the slots hold
    its top ``max_len`` items, top first, and a taller pile's length reads as ``max_len``."""

    def __attrs_post_init__(self) -> None:
        if self.max_len < 1 or (self.fixed and self.top):
            msg = f"Seq needs max_len >= 1 and not both fixed and top, got {self!r}"
            raise ValueError(msg)


@attrs.frozen
class Bag:
    """A tuple read as a multiset of known values: one column per value, ``count / most``.

    For hands and piles, whose order carries nothing the rules use.
    """

    values: tuple[Any, ...] = attrs.field(converter=_values)
    most: int = 1
    """The most copies of one value the tuple can hold."""

    def __attrs_post_init__(self) -> None:
        if len(set(self.values)) != len(self.values) or not self.values or self.most < 1:
            msg = f"Bag needs distinct values and most >= 1, got {self.values!r}, most={self.most}"
            raise ValueError(msg)


@attrs.frozen
class Skip:
    """A field left out of the observation; ``reason`` goes into the generated docs."""

    reason: str


WAITING = Skip("who must decide what (the engine's list): the environment asks the seat that must decide, and the other fields say what about")
"""The encoding of every flow game's ``waiting`` view field (the same engine field in every game)."""

Encoding = Number | OneHot | Seq | Bag | Skip
"""How one view field becomes columns."""


@attrs.frozen
class Subset:
    """A tuple-valued action field: distinct items from ``values``, chosen one token at a time."""

    values: tuple[Any, ...] = attrs.field(converter=_values)

    def __attrs_post_init__(self) -> None:
        if len(set(self.values)) != len(self.values) or not self.values:
            msg = f"Subset needs distinct values, got {self.values!r}"
            raise ValueError(msg)


ActionDomain = Sequence[Any] | Subset
"""Every value an action field can take (a scalar field), or the items of a tuple field."""


def win_loss_draw(outcome: Outcome, players: int) -> tuple[float, ...]:
    """+1 to each winner and -1 to every other seat; 0 to all in a draw; a cooperative game: +1 or -1 to all."""
    if outcome.cooperative:
        return (1.0 if outcome.winners else -1.0,) * players
    if outcome.is_draw:
        return (0.0,) * players
    return tuple(1.0 if seat in outcome.winners else -1.0 for seat in range(players))


def scores_as_rewards(outcome: Outcome, players: int) -> tuple[float, ...]:
    """The outcome's scores as they are (chips won in a poker hand)."""
    if outcome.scores is None or len(outcome.scores) != players:
        msg = f"scores_as_rewards needs one score per seat, the outcome has {outcome.scores!r}"
        raise ValueError(msg)
    return tuple(float(score) for score in outcome.scores)


@attrs.frozen(kw_only=True)
class RlSpec:
    """The bounds the adapter needs for one game, per player count, plus its reward and truncation rules.

    Register it in the ``boardcore.rl`` entry-point group under the game's registry
    name (``five_wards = "my_package.rl:SPEC"``).
    """

    observation: Callable[[Config[Any]], Mapping[str, Encoding]]
    """``observation(config)``: an encoding for every view field the types leave unbounded."""
    actions: Callable[[Config[Any]], Mapping[str, ActionDomain]]
    """``actions(config)``: the values of every action field the types leave unbounded (``"Class.field"``)."""
    rewards: Callable[[Outcome, int], tuple[float, ...]] = win_loss_draw
    """Each seat's reward at the end, from the outcome and the player count."""
