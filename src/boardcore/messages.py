"""What a :class:`~boardcore.table.Table` sends a seat: snapshots, updates and resync answers.

Plain msgspec Structs, generic over the game's view, action and event types, so
``msgspec.json.encode`` writes them and :func:`message_schema` gives their JSON
Schema for any game (the wire protocol of a server is built on these). Every
field is built from what the seat may know: its view, its own legal actions and
their labels, its redacted events and the text written from them, who acted and
the public seed commitment. The protocol is specified in ``docs/serving.md``.
"""

from __future__ import annotations

from typing import Any, Generic, Literal, TypeVar, Union

import msgspec

from boardcore.game import Game
from boardcore.kernel import Waiting
from boardcore.log import SeedReveal
from boardcore.outcome import Outcome

__all__ = [
    "Choice",
    "Entry",
    "Result",
    "Resync",
    "Reveal",
    "ResyncReason",
    "Snapshot",
    "Stepped",
    "Undone",
    "Updates",
    "message_schema",
    "message_types",
    "result_of",
    "reveal_of",
]

A = TypeVar("A")
E = TypeVar("E")
V = TypeVar("V")


class Choice(msgspec.Struct, Generic[A], frozen=True, kw_only=True):
    """One legal action of the seat, with the label its button shows and the board elements it involves."""

    action: A
    label: str
    targets: tuple[str, ...] = ()
    """The ids of the picture's elements (their ``data-target``) this action involves: clicking one offers it."""
    pick: bool = False
    """The targets are pieces chosen together: toggle them one by one, then confirm (``Presentation.pick_kinds``)."""


class Result(msgspec.Struct, frozen=True, kw_only=True):
    """A finished game's :class:`~boardcore.outcome.Outcome`, as a message."""

    winners: tuple[int, ...]
    ranking: tuple[tuple[int, ...], ...]
    """Seats best first; tied seats share a group."""
    scores: tuple[float, ...] | None
    reason: str
    cooperative: bool
    breakdown: tuple[dict[str, float], ...] | None
    """Each seat's score by source, when the game gives one."""


class Reveal(msgspec.Struct, frozen=True, kw_only=True, tag="reveal"):
    """A committed seed and its salt, revealed once the game is over.

    The seed is a decimal string: seeds run to 2**64 - 1, and a JSON number above 2**53 is rounded by
    JavaScript's ``JSON.parse``, so a page would show (and a player would check) another seed.
    """

    seed: str
    """The seed in decimal (ASCII digits, ``-`` if negative), exactly as the commitment hashes it."""
    salt: str | None
    """The commitment's salt (``null`` only for a legacy unsalted commitment)."""


class Snapshot(msgspec.Struct, Generic[V, A], frozen=True, kw_only=True, tag="snapshot"):
    """Everything one seat needs to draw the table at ``revision``."""

    match_id: str
    game: str
    """The game's registry id."""
    players: tuple[str, ...]
    """Seat names, indexed by seat."""
    seat: int | None
    """Whose snapshot this is (``None``: a spectator)."""
    revision: int
    """Changes on every step and every undo, never reused: echo it when acting."""
    step: int
    """Steps in play (applied and not undone)."""
    view: V
    """What the seat may know now (the game's view)."""
    waiting: tuple[Waiting, ...]
    """Who must decide what now, by seat ascending, in each decision's own words (empty once the game is over)."""
    legal: tuple[Choice[A], ...]
    """The seat's legal actions with their labels (empty when it may not act)."""
    can_undo: bool
    """The seat may take back its last action now."""
    outcome: Result | None
    """The result once the game is over."""
    seed_commitment: str | None
    """The salted hash of a secret seed, published at the start (``None``: the seed is in the log header)."""
    reveal: Reveal | None
    """The committed seed and its salt, once the game is over."""


class Stepped(msgspec.Struct, Generic[E], frozen=True, kw_only=True, tag="stepped"):
    """Revision ``revision`` applied step ``step``: who acted, and what the seat saw of it."""

    revision: int
    step: int
    player: int
    """The seat that acted."""
    events: tuple[E, ...]
    """The step's events as this seat may receive them (hidden ones left out, others redacted)."""
    text: tuple[str, ...]
    """The lines this seat may read about the step, written from those events."""
    chain: str | None
    """The step's log chain value (its ``Record.chain``), published to every viewer as the game goes so each can check
    the log published at the end against it; ``None`` when the seed is public (with the seed known, the chain would let a
    seat test guesses of another seat's hidden action)."""


class Undone(msgspec.Struct, frozen=True, kw_only=True, tag="undone"):
    """Revision ``revision`` took back step ``step``: drop it (and what it showed) from the story."""

    revision: int
    step: int
    player: int
    """The seat that took it back."""


Entry = Union[Stepped[Any], Undone]
"""One revision as a seat receives it."""

ResyncReason = Literal["unknown_revision", "undone"]
"""Why updates cannot be told entry by entry: the revision was never issued (ahead of the
table, or negative), or a step after it has since been taken back."""


class Updates(msgspec.Struct, Generic[V, A, E], frozen=True, kw_only=True, tag="updates"):
    """Every revision after ``since`` in order, one entry each, then the seat's snapshot at the last one."""

    since: int
    entries: tuple[Union[Stepped[E], Undone], ...]
    """Revisions ``since + 1`` to ``snapshot.revision``, without gaps."""
    snapshot: Snapshot[V, A]


class Resync(msgspec.Struct, Generic[V, A], frozen=True, kw_only=True, tag="resync"):
    """``since`` cannot be brought forward entry by entry: start again from this snapshot."""

    since: int
    reason: ResyncReason
    snapshot: Snapshot[V, A]


def result_of(outcome: Outcome | None) -> Result | None:
    """An outcome as a :class:`Result` message (``None`` stays ``None``)."""
    if outcome is None:
        return None
    breakdown = None if outcome.breakdown is None else tuple(dict(part) for part in outcome.breakdown)
    return Result(
        winners=tuple(outcome.winners),
        ranking=tuple(tuple(group) for group in outcome.ranking),
        scores=None if outcome.scores is None else tuple(float(s) for s in outcome.scores),
        reason=outcome.reason,
        cooperative=outcome.cooperative,
        breakdown=breakdown,
    )


def reveal_of(reveal: SeedReveal | None) -> Reveal | None:
    """A log's seed reveal as a message (the seed as a decimal string); ``None`` stays ``None``."""
    return None if reveal is None else Reveal(seed=str(reveal.seed), salt=reveal.salt)


def message_types(game: Game[Any, Any, Any, Any]) -> tuple[Any, Any, Any]:
    """``Snapshot``, ``Updates`` and ``Resync`` specialised to ``game``'s view, action and event types (for decoding)."""
    view, action, event = game.view_type, game.action_type, game.event_type
    return Snapshot[view, action], Updates[view, action, event], Resync[view, action]  # type: ignore[valid-type]


def message_schema(game: Game[Any, Any, Any, Any]) -> dict[str, Any]:
    """JSON Schema of every message a table sends a seat of ``game`` (one of snapshot, updates, resync)."""
    types = message_types(game)
    (snapshot, updates, resync), components = msgspec.json.schema_components(types, ref_template="#/$defs/{name}")
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"boardcore table messages for {game.title} (rules v{game.rules_version})",
        "oneOf": [snapshot, updates, resync],
        "$defs": components,
    }
