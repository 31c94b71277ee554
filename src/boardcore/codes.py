"""Every code boardcore gives, each with a one-line meaning: the one place to look a code up, and to spell it.

Four kinds, one table each (``docs/codes.md`` is generated from them by
``python -m boardcore.codes_doc``, and a test keeps it in step):

- :data:`ENGINE`: the ``IllegalAction`` codes the engine raises itself, whatever the game.
- :data:`SERVER`: the error codes of the server's frames and HTTP answers; :data:`CLOSE` its WebSocket close codes.
- :data:`VERDICTS`: the kinds of a log's :class:`~boardcore.verify.Verdict` (``LogError.kind``), and
  :data:`STORED` the further kinds of a stored match refused on load (``MatchRejected.kind``).

A game's own rule codes (``domain/reason``, e.g. ``board/cell_taken``) stay with
its rules, as constants of the game's own (a split game's ``codes.py``) tabled in
the ``CODES`` passed as ``Game.codes``: a game is installed apart from the engine,
and the engine never imports a game, so it reads each game's table through the
game record (``docs/codes.md`` lists every registered game's). A code's domain says which part owns it: a game never uses
a domain of the engine's or the server's (``action``, ``turn``, ``game``, ...).
Code is written with the constants below, never with a literal (``tests/boardcore/test_codes.py``).
This module imports nothing, so every layer may use it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

__all__ = [
    "ACTION_MALFORMED",
    "ACTION_WRONG_STEP",
    "AUTH_BAD_TOKEN",
    "AUTH_MISSING_TOKEN",
    "BROKEN_CHAIN",
    "CLOSE",
    "COMMIT_ALREADY_COMMITTED",
    "COMMIT_NOT_EXPECTED",
    "CORRUPT",
    "DIGEST_MISMATCH",
    "ENGINE",
    "ENGINE_VERSION_MISMATCH",
    "FRAME_INVALID",
    "FRAME_MALFORMED",
    "FRAME_TOO_DEEP",
    "FRAME_TOO_LARGE",
    "FRAME_UNKNOWN_TYPE",
    "GAME_OVER",
    "GAME_UNKNOWN",
    "HELLO_REPEATED",
    "HELLO_REQUIRED",
    "HELLO_TIMEOUT",
    "ILLEGAL_ACTION",
    "LOAD_TIMEOUT",
    "LOG_CORRUPT",
    "LOG_NOT_FINISHED",
    "LOG_TOO_LARGE",
    "MATCH_INVALID",
    "MATCH_RATE_LIMITED",
    "MATCH_REJECTED",
    "MATCH_TOO_MANY_OPEN",
    "MATCH_UNKNOWN",
    "MATCH_WAITING",
    "PLAYER_UNKNOWN",
    "PUBLISHED_MISMATCH",
    "REQUEST_BAD_HOST",
    "REQUEST_BAD_ORIGIN",
    "REQUEST_CONTENT_TYPE",
    "REQUEST_INVALID",
    "REQUEST_TIMEOUT",
    "REQUEST_TOO_LARGE",
    "RESERVED_DOMAINS",
    "RL_ILLEGAL_TOKEN",
    "RULES_ERROR",
    "RULES_VERSION_MISMATCH",
    "SEAT_BOT",
    "SEAT_PRESENT",
    "SEAT_SPECTATOR",
    "SEAT_TAKEN",
    "SEAT_UNKNOWN",
    "SEED_MISMATCH",
    "SERVER",
    "SERVER_BUSY",
    "SERVER_ERROR",
    "STATUS_MISMATCH",
    "STORED",
    "STORE_UNAVAILABLE",
    "TABLE_STALE_REVISION",
    "TRUNCATED",
    "TURN_NOT_YOUR_TURN",
    "UNDO_REFUSED",
    "UNFINISHED",
    "UNKNOWN_GAME",
    "UNSUPPORTED_FORMAT",
    "VERDICTS",
]

# --- engine ---------------------------------------------------------------------------------------

ACTION_MALFORMED: Final = "action/malformed"
ACTION_WRONG_STEP: Final = "action/wrong_step"
TURN_NOT_YOUR_TURN: Final = "turn/not_your_turn"
GAME_OVER: Final = "game/over"
PLAYER_UNKNOWN: Final = "player/unknown"
COMMIT_ALREADY_COMMITTED: Final = "commit/already_committed"
COMMIT_NOT_EXPECTED: Final = "commit/not_expected"
RL_ILLEGAL_TOKEN: Final = "rl/illegal_token"

ENGINE: Mapping[str, str] = {
    ACTION_MALFORMED: "not an action of this game: another game's or a subclass's, a field of the wrong type, or JSON that does not decode",
    ACTION_WRONG_STEP: "an action of another kind than the decision the seat faces now asks for",
    TURN_NOT_YOUR_TURN: "the seat is not among those who must decide now",
    GAME_OVER: "the game is over: nobody may act, resign or undo",
    PLAYER_UNKNOWN: "no such seat in this match",
    COMMIT_ALREADY_COMMITTED: "the seat has already committed its secret choice this round; a commitment cannot be changed",
    COMMIT_NOT_EXPECTED: "the seat is not part of the secret choice being made",
    RL_ILLEGAL_TOKEN: "an RL agent's token is not a token id, or not in its action mask now",
}
"""The codes of the ``IllegalAction`` errors the engine raises itself, for every game."""


# --- server ---------------------------------------------------------------------------------------

FRAME_MALFORMED: Final = "frame/malformed"
FRAME_TOO_LARGE: Final = "frame/too_large"
FRAME_UNKNOWN_TYPE: Final = "frame/unknown_type"
FRAME_INVALID: Final = "frame/invalid"
HELLO_REQUIRED: Final = "hello/required"
HELLO_REPEATED: Final = "hello/repeated"
HELLO_TIMEOUT: Final = "hello/timeout"
AUTH_MISSING_TOKEN: Final = "auth/missing_token"
AUTH_BAD_TOKEN: Final = "auth/bad_token"
MATCH_UNKNOWN: Final = "match/unknown"
MATCH_REJECTED: Final = "match/rejected"
SEAT_SPECTATOR: Final = "seat/spectator"
TABLE_STALE_REVISION: Final = "table/stale_revision"
UNDO_REFUSED: Final = "undo/refused"
STORE_UNAVAILABLE: Final = "store/unavailable"
SERVER_ERROR: Final = "server/error"
REQUEST_INVALID: Final = "request/invalid"
REQUEST_TOO_LARGE: Final = "request/too_large"
GAME_UNKNOWN: Final = "game/unknown"
MATCH_INVALID: Final = "match/invalid"
SEAT_UNKNOWN: Final = "seat/unknown"
SEAT_BOT: Final = "seat/bot"
SEAT_TAKEN: Final = "seat/taken"
SEAT_PRESENT: Final = "seat/present"
MATCH_WAITING: Final = "match/waiting"
LOG_NOT_FINISHED: Final = "log/not_finished"
FRAME_TOO_DEEP: Final = "frame/too_deep"
REQUEST_BAD_HOST: Final = "request/bad_host"
REQUEST_BAD_ORIGIN: Final = "request/bad_origin"
REQUEST_CONTENT_TYPE: Final = "request/content_type"
REQUEST_TIMEOUT: Final = "request/timeout"
MATCH_RATE_LIMITED: Final = "match/rate_limited"
MATCH_TOO_MANY_OPEN: Final = "match/too_many_open"
SERVER_BUSY: Final = "server/busy"
LOG_TOO_LARGE: Final = "log/too_large"
LOG_CORRUPT: Final = "log/corrupt"

SERVER: Mapping[str, str] = {
    FRAME_MALFORMED: "the frame is not a JSON object",
    FRAME_TOO_LARGE: "the frame is longer than max_frame bytes",
    FRAME_UNKNOWN_TYPE: "the frame's type is not one a client may send",
    FRAME_INVALID: "a known type with a missing, unknown or mistyped field",
    HELLO_REQUIRED: "the first frame of a connection must be hello or watch (the connection is closed)",
    HELLO_REPEATED: "hello or watch after the first frame",
    HELLO_TIMEOUT: "no hello or watch within the server's time limit (the connection is closed)",
    AUTH_MISSING_TOKEN: "a hello without a token (the connection is closed)",
    AUTH_BAD_TOKEN: "the token is not a token of a seat of this match (the connection is closed)",
    MATCH_UNKNOWN: "no match with this id is served here",
    MATCH_REJECTED: "the stored match fails verification, so it is not served",
    SEAT_SPECTATOR: "a spectator may not act or undo",
    TABLE_STALE_REVISION: "the match is not at the revision the client decided on: read the updates and decide again",
    UNDO_REFUSED: "the undo policy forbids taking that action back (the message says why)",
    STORE_UNAVAILABLE: "the store could not take the write; nothing changed, try again",
    SERVER_ERROR: "the server failed; nothing changed",
    REQUEST_INVALID: "an HTTP body or query that is not what the endpoint takes",
    REQUEST_TOO_LARGE: "an HTTP body over the limit",
    GAME_UNKNOWN: "no such game on this server",
    MATCH_INVALID: "the match cannot be set up as asked (players, options or seed)",
    SEAT_UNKNOWN: "no such seat in this match",
    SEAT_BOT: "the server plays that seat",
    SEAT_TAKEN: "someone already holds that seat's token",
    SEAT_PRESENT: "the seat's person is connected, or has been away for less than the server's away time",
    MATCH_WAITING: "a person's seat is still open: nobody acts until it is taken or handed to the house bot",
    LOG_NOT_FINISHED: "the log is downloadable once the game is over",
    FRAME_TOO_DEEP: "a frame or body nests arrays and objects deeper than the limit (32)",
    REQUEST_BAD_HOST: "the Host header names no host this server answers to (421)",
    REQUEST_BAD_ORIGIN: "a write or WebSocket from another site's page, not an allowed origin (403)",
    REQUEST_CONTENT_TYPE: "a request body that is not sent as application/json (415)",
    REQUEST_TIMEOUT: "a request body that did not arrive in time (408)",
    MATCH_RATE_LIMITED: "this address created matches faster than the server allows (429, Retry-After)",
    MATCH_TOO_MANY_OPEN: "this address has as many unfinished matches as the server allows (429)",
    SERVER_BUSY: "the server holds as many connections as it allows, in all or from this address (503, Retry-After)",
    LOG_TOO_LARGE: "a log to replay over the limit",
    LOG_CORRUPT: "a log to replay that cannot be read, or cannot be replayed at all (its header or its seed)",
}
"""Every error code the server itself sends; an action the rules refuse keeps its own code
(one of :data:`ENGINE`, or the game's)."""


CLOSE: Mapping[int, str] = {
    1012: "the server is restarting or shutting down (uvicorn's close): reconnect with the last revision",
    4400: "no hello or watch first, or none in time",
    4401: "the token was missing or refused",
    4404: "no such match",
    4408: "the connection read too slowly and its queue overflowed: reconnect with the last revision",
    1008: "the handshake came from a foreign Origin or named a foreign Host (answered 403 before it opened)",
    1011: "the server failed on this connection (logged in one line): reconnect",
    1013: "the store is unavailable: reconnect in a moment",
}
"""WebSocket close codes the server uses (1009 and 1011 also come from the WebSocket library: a frame over its hard size
limit, and a keepalive ping left unanswered)."""


# --- verdict kinds --------------------------------------------------------------------------------

UNFINISHED: Final = "unfinished"
ILLEGAL_ACTION: Final = "illegal_action"
DIGEST_MISMATCH: Final = "digest_mismatch"
BROKEN_CHAIN: Final = "broken_chain"
SEED_MISMATCH: Final = "seed_mismatch"
RULES_VERSION_MISMATCH: Final = "rules_version_mismatch"
CORRUPT: Final = "corrupt"
TRUNCATED: Final = "truncated"
UNKNOWN_GAME: Final = "unknown_game"
RULES_ERROR: Final = "rules_error"
UNSUPPORTED_FORMAT: Final = "unsupported_format"
PUBLISHED_MISMATCH: Final = "published_mismatch"

VERDICTS: Mapping[str, str] = {
    UNFINISHED: "with complete=True: the log stops before the end of the game",
    ILLEGAL_ACTION: "the rules refuse a logged action (the message names the rule and its code)",
    DIGEST_MISMATCH: "the events or the resulting state differ from the recorded digest",
    BROKEN_CHAIN: "the hash chain does not match (an edited record or header)",
    SEED_MISMATCH: "the seed and salt do not open the commitment, the seed is missing, or it differs from the header's",
    RULES_VERSION_MISMATCH: "written under other rules and no upcaster is registered",
    CORRUPT: "the log cannot be read or cannot start the game (a bad line, header, step number, action or seat)",
    TRUNCATED: "a msgpack frame cut short, or an empty log",
    UNKNOWN_GAME: "the game is not registered, fails to load, or is not the game asked for",
    RULES_ERROR: "the rules themselves failed in setup or on an action (a bug in the game)",
    UNSUPPORTED_FORMAT: "the header's format is not boardcore-log version 1",
    PUBLISHED_MISMATCH: "a chain value or the seed commitment is not the one published during play, or the log stops before a published step",
}
"""Every kind of disagreement a log's :class:`~boardcore.verify.Verdict` may report."""


# --- stored matches -------------------------------------------------------------------------------

STATUS_MISMATCH: Final = "status_mismatch"
ENGINE_VERSION_MISMATCH: Final = "engine_version_mismatch"
LOAD_TIMEOUT: Final = "load_timeout"

STORED: Mapping[str, str] = {
    STATUS_MISMATCH: "the stored status (active or finished) is not what replaying the journal gives",
    ENGINE_VERSION_MISMATCH: "the match was stored by another engine version than this server's",
    LOAD_TIMEOUT: "replaying the stored match took longer than the server's load timeout",
}
"""The kinds a stored match refused on load may have besides :data:`VERDICTS` (``MatchRejected.kind``)."""


RESERVED_DOMAINS: frozenset[str] = frozenset(code.split("/", 1)[0] for code in (*ENGINE, *SERVER))
"""The domains of the engine's and the server's codes: a game's codes use domains of their own."""
