"""The wire protocol of ``boardcore serve``: every frame and HTTP body a client and the server exchange.

All of it is JSON objects with a ``"type"`` tag (msgspec Structs here, plus the
table's own :class:`~boardcore.messages.Snapshot`, :class:`~boardcore.messages.Updates`
and :class:`~boardcore.messages.Resync`). Client frames forbid unknown fields, so a
frame that tries to name another seat, or anything else the protocol does not
have, is refused as a whole. :func:`wire_schema` gives the JSON Schema of every
message; ``docs/serving.md`` specifies the protocol.
"""

from __future__ import annotations

import re
from typing import Any, Literal, Union

import msgspec

from boardcore.gameinfo import GameInfo
from boardcore.messages import Resync, Snapshot, Updates

__all__ = [
    "PROTOCOL_VERSION",
    "SAFE_INTEGER",
    "Act",
    "BotKind",
    "Claimed",
    "ClientMessage",
    "CreateMatch",
    "Created",
    "Error",
    "Finished",
    "GameListing",
    "Hello",
    "MatchSummary",
    "OptionInfo",
    "Ok",
    "Picture",
    "PictureDiff",
    "Resign",
    "Ping",
    "Pong",
    "SeatInfo",
    "SeatRequest",
    "SeatToBot",
    "Seats",
    "ServerMessage",
    "Story",
    "StoryStep",
    "Sync",
    "Undo",
    "Watch",
    "Welcome",
    "wire_schema",
]

PROTOCOL_VERSION = 3
"""Sent in :class:`Welcome`; a change that an existing client could misread bumps it (2: ``snapshot.reveal.seed``
is a decimal string, so no number on the wire is above 2**53; 3: ``snapshot.waiting`` says who must decide what,
in place of ``snapshot.actors``)."""

SAFE_INTEGER = 2**53 - 1
"""The largest integer a JavaScript client reads exactly from JSON (``Number.MAX_SAFE_INTEGER``): no number the server
sends is larger; a seed, which may be, travels as a decimal string."""

_DECIMAL = re.compile(r"-?(0|[1-9][0-9]*)")

BotKind = Literal["house", "random"]
"""Who the server plays a bot seat with: the game's house bot (random where a game has none), or uniform random."""


# --- client -> server (WebSocket) ------------------------------------------------------------------


class Hello(msgspec.Struct, frozen=True, kw_only=True, tag="hello", forbid_unknown_fields=True):
    """The first frame of a seat's connection: which match, the seat's secret token, and what it already has."""

    match_id: str
    token: str | None = None
    """The token the lobby gave when the seat was claimed; the seat is read from it, never from the client."""
    since: int | None = None
    """The last revision the client has (reconnecting): the server answers with ``updates`` (or ``resync``);
    ``null``: start from a ``snapshot``."""
    pictures: bool = False
    """Send a ``picture`` (the seat's SVG) after each state message."""
    diffs: bool = False
    """With ``pictures``: after the connection's first picture, send each one as a ``picture_diff`` of the last."""
    story: bool = False
    """Send the ``story`` so far after each ``snapshot`` and ``resync``."""


class Watch(msgspec.Struct, frozen=True, kw_only=True, tag="watch", forbid_unknown_fields=True):
    """The first frame of a spectator's connection (no token: a spectator sees only what is public)."""

    match_id: str
    since: int | None = None
    pictures: bool = False
    diffs: bool = False
    story: bool = False


class Act(msgspec.Struct, frozen=True, kw_only=True, tag="act", forbid_unknown_fields=True):
    """Apply one of the seat's legal actions, decided at ``revision``."""

    revision: int
    """The revision the client decided on; refused with ``table/stale_revision`` if the match has moved on."""
    action: dict[str, Any]
    """The action as the game's JSON (an element's ``action`` from ``snapshot.legal``)."""
    id: int | None = None
    """Echoed in the ``ok`` or ``error`` answer."""


class Undo(msgspec.Struct, frozen=True, kw_only=True, tag="undo", forbid_unknown_fields=True):
    """Take back the seat's last action (when ``snapshot.can_undo``), decided at ``revision``."""

    revision: int
    id: int | None = None


class Resign(msgspec.Struct, frozen=True, kw_only=True, tag="resign", forbid_unknown_fields=True):
    """The seat resigns, decided at ``revision``: the engine's forfeit (``boardcore.Resign`` in the log) ends the game
    and every other seat wins; it cannot be taken back."""

    revision: int
    id: int | None = None


class Sync(msgspec.Struct, frozen=True, kw_only=True, tag="sync", forbid_unknown_fields=True):
    """Send again everything after revision ``since`` (a client that found a gap)."""

    since: int
    id: int | None = None


class Ping(msgspec.Struct, frozen=True, kw_only=True, tag="ping", forbid_unknown_fields=True):
    """Answered with ``pong``."""

    id: int | None = None


ClientMessage = Union[Hello, Watch, Act, Undo, Resign, Sync, Ping]
"""Every frame a client may send."""


# --- server -> client (WebSocket) ------------------------------------------------------------------


class SeatInfo(msgspec.Struct, frozen=True, kw_only=True):
    """One seat as the lobby and every connection see it."""

    seat: int
    name: str
    bot: BotKind | None
    """The server plays this seat (``null``: a person does)."""
    claimed: bool
    """A person holds this seat's token (always ``false`` for a bot seat)."""
    online: bool
    """At least one connection of this seat is open, on this server process or another over the same database
    (always ``true`` for a bot seat)."""


class Welcome(msgspec.Struct, frozen=True, kw_only=True, tag="welcome"):
    """The answer to ``hello`` or ``watch``: who the connection is, and the seats."""

    protocol: int
    match_id: str
    game: str
    title: str
    seat: int | None
    """The connection's seat (``null``: a spectator)."""
    seats: tuple[SeatInfo, ...]
    max_frame: int
    """The largest client frame accepted, in bytes."""
    queue_limit: int
    """Frames the server holds for a connection that reads too slowly before it closes it (code 4408)."""


class StoryStep(msgspec.Struct, frozen=True, kw_only=True):
    """One step in play, as the viewer may read it."""

    step: int
    player: int
    text: tuple[str, ...]
    chain: str | None
    """The step's log chain value, as in a ``stepped`` entry (``null`` when the seed is public)."""


class Story(msgspec.Struct, frozen=True, kw_only=True, tag="story"):
    """Every step in play at ``revision``, in words: what ``updates`` entries build on from then on."""

    revision: int
    steps: tuple[StoryStep, ...]


class Picture(msgspec.Struct, frozen=True, kw_only=True, tag="picture"):
    """The viewer's picture at ``revision`` (an SVG document drawn from its view alone)."""

    revision: int
    svg: str


class PictureDiff(msgspec.Struct, frozen=True, kw_only=True, tag="picture_diff"):
    """The viewer's picture at ``revision`` as edits of the picture this connection was sent for ``base``.

    Sent instead of ``picture`` to a connection that asked for ``diffs``, once it holds a picture: the new SVG is
    the pieces joined, each a string (new text) or ``[start, end]`` (the old SVG's text from ``start`` to ``end``,
    in UTF-16 code units as JavaScript's ``slice`` counts). An unchanged picture is one copy of the whole."""

    revision: int
    base: int
    """The revision of the picture the pieces edit: the last ``picture`` or ``picture_diff`` this connection got."""
    pieces: tuple[str | tuple[int, int], ...]


class Seats(msgspec.Struct, frozen=True, kw_only=True, tag="seats"):
    """The seats changed (claimed, or a connection came or went)."""

    seats: tuple[SeatInfo, ...]


class Finished(msgspec.Struct, frozen=True, kw_only=True, tag="finished"):
    """The game is over: the server's verification of its whole log, and where to download it."""

    revision: int
    valid: bool
    verdict: str
    """``boardcore verify --complete`` of the exported log, in words."""
    log: str
    """The path of the log (JSON Lines) on this server."""


class Ok(msgspec.Struct, frozen=True, kw_only=True, tag="ok"):
    """An ``act`` or ``undo`` was applied and stored as ``revision`` (sent after that revision's ``updates``)."""

    id: int | None
    revision: int


class Pong(msgspec.Struct, frozen=True, kw_only=True, tag="pong"):
    """The answer to ``ping``."""

    id: int | None


class Error(msgspec.Struct, frozen=True, kw_only=True, tag="error"):
    """A refusal: nothing changed. Also the body of every HTTP error."""

    code: str
    """One of :data:`boardcore.codes.SERVER` or :data:`boardcore.codes.ENGINE`, or a game's own ``domain/reason`` code for an action its rules refuse."""
    message: str
    """One sentence for a person: what was refused and what to do."""
    id: int | None = None
    """The ``id`` of the frame refused, when it had one."""
    revision: int | None = None
    """The match's revision now, for refusals of ``act``, ``undo`` and ``sync``."""


ServerMessage = Union[Welcome, Snapshot[Any, Any], Updates[Any, Any, Any], Resync[Any, Any], Story, Picture, PictureDiff, Seats, Finished, Ok, Pong, Error]
"""Every frame the server sends (``snapshot``, ``updates`` and ``resync`` are the table's, in ``docs/serving.md``)."""


# --- HTTP lobby ----------------------------------------------------------------------------------


class OptionInfo(msgspec.Struct, frozen=True, kw_only=True):
    """One option of a game, with its default as JSON."""

    name: str
    default: Any


class GameListing(msgspec.Struct, frozen=True, kw_only=True):
    """A game the server can host (``GET /api/games``)."""

    name: str
    title: str
    player_counts: tuple[int, ...]
    house_bot: bool
    """The game has a house bot (else a ``house`` seat plays uniformly at random)."""
    options: tuple[OptionInfo, ...]
    info: GameInfo
    """The game's own :class:`~boardcore.gameinfo.GameInfo` as it declares it (player counts, competitive or
    cooperative, result kind, score range, chance, hidden information, simultaneous decisions, maximum length), so a
    lobby can show what kind of game it is before a match is made."""


class SeatRequest(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One seat of a new match: its name, and ``bot`` for a seat the server plays."""

    name: str
    bot: BotKind | None = None


class CreateMatch(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """``POST /api/matches``: a new match."""

    game: str
    seats: tuple[SeatRequest, ...]
    """One per player, in seat order (the number of players is its length)."""
    options: dict[str, Any] = {}
    """The game's options (``GET /api/games`` lists them); omitted ones take their defaults."""
    commit_seed: bool = True
    """Publish only a salted hash of a secret random seed, and reveal the seed when the game is over."""
    seed: str | int | None = None
    """A public seed instead (only with ``commit_seed: false``; ``null``: 64 random bits), as a decimal string (a JSON
    integer is accepted too, but a JavaScript client must send a seed above 2**53 as a string to send it exactly)."""
    claim: int | None = None
    """Claim this seat for the creator: the answer carries its token."""

    def seed_number(self) -> int | None:
        """The seed as an integer.

        Raises:
            ValueError: a string that is not a decimal integer (ASCII digits, ``-`` if negative, no leading zeros).
        """
        if isinstance(self.seed, str):
            if not _DECIMAL.fullmatch(self.seed):
                msg = f"the seed must be a decimal integer, not {self.seed!r}"
                raise ValueError(msg)
            return int(self.seed)
        return self.seed


class SeatToBot(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """``POST /api/matches/{match_id}/seats/{seat}/bot``: a person of the match hands a seat to the house bot."""

    token: str
    """The asking person's own seat token (in the body, never in a URL, so no log holds it)."""


class MatchSummary(msgspec.Struct, frozen=True, kw_only=True):
    """A match as the lobby lists it (public: no seed, no token)."""

    match_id: str
    game: str
    title: str
    status: Literal["active", "finished"]
    revision: int
    steps: int
    created: float
    """Unix seconds."""
    updated: float
    seats: tuple[SeatInfo, ...]
    open: bool
    """The match is active and a person's seat is still unclaimed."""
    seed_commitment: str | None
    damaged: str | None = None
    """The kind of damage found when the match was loaded (its row, journal or digests disagree): it is not served."""


class Created(msgspec.Struct, frozen=True, kw_only=True):
    """The answer to ``POST /api/matches``: the match, and the claimed seat's token when ``claim`` was given."""

    match: MatchSummary
    seat: int | None
    token: str | None
    """Shown once, never stored: keep it to connect as that seat."""


class Claimed(msgspec.Struct, frozen=True, kw_only=True):
    """The answer to ``POST /api/matches/{match_id}/seats/{seat}``: the seat's secret token."""

    match_id: str
    seat: int
    token: str
    """Shown once, never stored: keep it to connect as that seat."""
def wire_schema() -> dict[str, Any]:
    """JSON Schema of every frame and HTTP body (views, actions and events are each game's: ``boardcore schema GAME``)."""
    roots: list[Any] = [ClientMessage, ServerMessage, CreateMatch, Created, Claimed, MatchSummary, GameListing, SeatToBot]
    (client, server, create, created, claimed, summary, game, to_bot), components = msgspec.json.schema_components(
        roots, ref_template="#/$defs/{name}"
    )
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"boardcore serve wire protocol, version {PROTOCOL_VERSION}",
        "description": "WebSocket frames both ways, and the HTTP lobby's bodies. A game's view, action and event types "
        "are left open here: `boardcore schema GAME` gives them.",
        "properties": {
            "client_frame": client,
            "server_frame": server,
            "create_match": create,
            "created": created,
            "claimed": claimed,
            "match_summary": summary,
            "game_listing": game,
            "seat_to_bot": to_bot,
        },
        "$defs": components,
    }
    return _plain_names(schema)


def _plain_names(schema: dict[str, Any]) -> dict[str, Any]:
    """``Snapshot`` for msgspec's ``Snapshot_Any__Any_``: the generic messages are named as the protocol names them."""
    text = msgspec.json.encode(schema).decode()
    for name in list(schema["$defs"]):
        plain = name.split("_", 1)[0]
        if plain != name:
            assert plain not in schema["$defs"], plain
            text = text.replace(f'"{name}"', f'"{plain}"').replace(f'"#/$defs/{name}"', f'"#/$defs/{plain}"')
    tidy: dict[str, Any] = msgspec.json.decode(text)
    return tidy
