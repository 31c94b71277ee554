"""Replay and verify logs: rebuild a match, or name the first step where log and rules disagree.

``verify`` never raises on a bad log: every problem becomes a :class:`Verdict`
naming the step (and line) and the kind of disagreement.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs
import msgspec

from boardcore import codes
from boardcore.encoding import events_digest, state_digest
from boardcore.errors import IllegalAction, LogError, RulesVersionMismatch
from boardcore.game import Game
from boardcore.gcpause import paused_gc
from boardcore.log import (
    FORMAT,
    FORMAT_VERSION,
    MAX_LINE_BYTES,
    MSGPACK_MAGIC,
    Header,
    Log,
    Record,
    SeedReveal,
    chain_link,
    genesis,
    iter_log,
    read_log,
    seed_commitment,
    valid_seed,
)
from boardcore.match import Match
from boardcore.outcome import Outcome
from boardcore.presentation import Presentation
from boardcore.published import PublishedChain
from boardcore.registry import get_game
from boardcore.resign import RESIGN, is_resign, resignation

__all__ = ["KINDS", "Upcaster", "Verdict", "register_upcaster", "replay", "verify"]

KINDS = tuple(codes.VERDICTS)
"""Every kind of disagreement a :class:`Verdict` may report."""

Upcaster = Callable[[dict[str, Any]], dict[str, Any]]
_UPCASTERS: dict[tuple[str, str], tuple[str, Upcaster]] = {}


def register_upcaster(game: str, from_version: str, to_version: str, upcast: Upcaster) -> None:
    """Let logs of ``game`` written under ``from_version`` replay under ``to_version``.

    ``upcast`` maps one logged action object (``{"type": ...}``) to its newer form.
    Chains of upcasters are followed until the current rules version is reached.
    """
    _UPCASTERS[(game, from_version)] = (to_version, upcast)


def _upcast_path(game: str, logged: str, current: str) -> list[Upcaster] | None:
    path: list[Upcaster] = []
    version = logged
    while version != current:
        step = _UPCASTERS.get((game, version))
        if step is None or len(path) > 100:
            return None
        version, upcast = step
        path.append(upcast)
    return path


@attrs.frozen
class Verdict:
    """``ok``, or the first bad step with its kind and a readable explanation."""

    ok: bool
    steps: int = 0
    """Records checked (all of them when ``ok``)."""
    step: int | None = None
    """The first bad step (record number, 1-based), or ``None``."""
    line: int | None = None
    """The log line (or msgpack frame) of the problem, when known."""
    kind: str | None = None
    """One of :data:`KINDS`."""
    message: str = "valid"
    upcast: bool = False
    """The log was upcast from an older rules version (its digests were not compared)."""
    finished: bool = False
    """The log reaches the end of the game (its last record leaves the game over)."""
    outcome: Outcome | None = None
    """The game's outcome when ``finished``."""

    def __str__(self) -> str:
        if self.ok:
            note = " (upcast from an older rules version; digests not compared)" if self.upcast else ""
            end = f"game over: {self.outcome.reason}" if self.finished and self.outcome is not None else "the game is not finished"
            return f"valid: {self.steps} steps, {end}{note}"
        where = f"step {self.step}" if self.step is not None else f"line {self.line}"
        return f"invalid at {where} [{self.kind}]: {self.message}"


def _load(log: Log | str | Path | bytes) -> Log:
    return log if isinstance(log, Log) else read_log(log)


def _items(log: Log | str | Path | bytes) -> Iterator[tuple[int, Header | Record | SeedReveal]]:
    """``(line, item)`` one at a time: a file or bytes is streamed, never loaded whole."""
    if isinstance(log, Log):
        yield from enumerate(log.lines(), start=1)
    elif isinstance(log, bytes):
        yield from iter_log(io.BytesIO(log))
    else:
        try:
            stream = open(log, "rb")  # noqa: SIM115 (closed below; an OSError must become a LogError)
        except OSError as exc:
            raise LogError(f"cannot open the log: {exc.strerror or exc}", line=1, kind=codes.CORRUPT) from None
        with stream:
            yield from iter_log(stream)


HEADER_KEYS = ("type", "format", "format_version", "game", "rules_version", "engine_version", "players", "options", "seed", "seed_commitment")
"""Every key a written header has (``null`` values included): the genesis hashes all ten, so none may be missing."""


def _check_header_keys(log: Log | str | Path | bytes) -> None:
    """Refuse a written header that lacks a key (decoding alone would fill in its default and call the log valid).

    Raises:
        LogError: ``corrupt``, naming the first missing key.
    """
    if isinstance(log, Log):
        return  # built in memory: every field is there
    if isinstance(log, bytes):
        head = log[: MAX_LINE_BYTES + 16]
    else:
        with open(log, "rb") as stream:
            head = stream.read(MAX_LINE_BYTES + 16)
    try:
        if head.startswith(MSGPACK_MAGIC):
            start = len(MSGPACK_MAGIC)
            size = int.from_bytes(head[start : start + 4], "big")
            raw = msgspec.msgpack.decode(head[start + 4 : start + 4 + size])
        else:
            raw = msgspec.json.decode(next(line for line in head.splitlines() if line.strip()))
    except (msgspec.DecodeError, StopIteration):
        return  # the typed reading already accepted this header: nothing more to learn here
    missing = [key for key in HEADER_KEYS if not isinstance(raw, dict) or key not in raw]
    if missing:
        raise LogError(f"the header has no {missing[0]!r} field (a header holds all of {', '.join(HEADER_KEYS)})", line=1, kind=codes.CORRUPT)


def _revealed(log: Log | str | Path | bytes) -> tuple[int, SeedReveal] | None:
    """The reveal on a log's last line and its line number, if any (a streaming pre-pass)."""
    found = None
    for line, item in _items(log):
        if isinstance(item, SeedReveal):
            found = line, item
    return found


def _game_for(header: Header, game: Game[Any, Any, Any, Any] | None) -> tuple[Game[Any, Any, Any, Any], list[Upcaster]]:
    """The game the header names, and the upcasters from its rules version to the current one."""
    if header.format != FORMAT or header.format_version != FORMAT_VERSION:
        msg = f"this is a {header.format!r} log, version {header.format_version}; this engine reads {FORMAT!r} version {FORMAT_VERSION}"
        raise LogError(msg, line=1, kind=codes.UNSUPPORTED_FORMAT)
    if game is None:
        try:
            game = get_game(header.game)
        except KeyError as exc:
            raise LogError(str(exc.args[0]), line=1, kind=codes.UNKNOWN_GAME) from None
        except Exception as exc:  # a registered game that fails to load
            raise LogError(f"the game {header.game!r} cannot be loaded: {type(exc).__name__}: {exc}", line=1, kind=codes.UNKNOWN_GAME) from None
    elif game.name != header.game:
        raise LogError(f"the log is a game of {header.game}, not {game.name}", line=1, kind=codes.UNKNOWN_GAME)
    if header.rules_version == game.rules_version:
        return game, []
    path = _upcast_path(header.game, header.rules_version, game.rules_version)
    if path is None:
        msg = (
            f"the log was written under {header.game} rules version {header.rules_version}, "
            f"this engine runs {game.rules_version}, and no upcaster is registered"
        )
        raise RulesVersionMismatch(msg, logged=header.rules_version, current=game.rules_version)
    return game, path


def _seed_for(header: Header, given: int | None, salt: str | None, revealed: SeedReveal | None, reveal_line: int = 1) -> int:
    """The real seed: the header's, or a given/revealed one (with its salt) that matches the commitment.

    A revealed seed that does not open the commitment is blamed on the reveal's line.
    """
    if (header.seed is None) == (header.seed_commitment is None):
        raise LogError("the header must carry exactly one of seed and seed_commitment", line=1, kind=codes.CORRUPT)
    if header.seed is not None:
        if not valid_seed(header.seed):
            raise LogError("the header's seed is outside -2**63 .. 2**64 - 1", line=1, kind=codes.CORRUPT)
        if given is not None and given != header.seed:
            raise LogError(f"the given seed {given} is not the seed {header.seed} in the header", line=1, kind=codes.SEED_MISMATCH)
        return header.seed
    blame = 1
    if given is None and revealed is not None:
        given, salt, blame = revealed.seed, revealed.salt, reveal_line
    if given is None:
        raise LogError("the seed is committed but not revealed; pass it (and its salt) to verify", line=1, kind=codes.SEED_MISMATCH)
    try:
        matches = valid_seed(given) and header.seed_commitment == seed_commitment(given, salt)
    except ValueError:
        matches = False
    if not matches:
        what = "the revealed seed" if blame != 1 else "the seed"
        raise LogError(f"{what} (with its salt) does not match the header's seed commitment", line=blame, kind=codes.SEED_MISMATCH)
    return given


def _start(
    log: Log, seed: int | None, salt: str | None, game: Game[Any, Any, Any, Any] | None, presentation: Presentation | None = None
) -> tuple[Match[Any, Any, Any, Any], list[Upcaster]]:
    """The match at step 0 for the log's header (seed from the header, the reveal or ``seed``), shown with
    ``presentation`` (else the game's registered one)."""
    header = log.header
    game, upcasters = _game_for(header, game)
    real_seed = _seed_for(header, seed, salt, log.reveal, len(log.records) + 2)
    real_salt = log.reveal.salt if header.seed is None and log.reveal is not None and seed is None else salt
    try:
        if upcasters:  # the replay runs under newer rules: its records are the new rules' own
            match = Match.new(game, header.players, real_seed, header.options, presentation=presentation)
            if header.seed is None:
                match.seed_commitment, match.seed_salt = header.seed_commitment, real_salt
        else:  # the replay continues the log's own header, so its records chain exactly as the log's
            match = Match.from_header(game, header, real_seed, real_salt, presentation=presentation)
    except ValueError as exc:
        raise LogError(f"the header cannot start a game: {exc}", line=1, kind=codes.CORRUPT) from None
    return match, upcasters


def _decode_action(game: Game[Any, Any, Any, Any], player: int, raw: dict[str, Any], upcasters: list[Upcaster]) -> Any:
    if is_resign(raw):  # the engine's own action: no game's upcaster or codec applies to it
        return RESIGN
    for upcast in upcasters:
        raw = upcast(raw)
    return game.check_action(player, raw)


def verify(
    log: Log | str | Path | bytes,
    seed: int | None = None,
    *,
    salt: str | None = None,
    game: Game[Any, Any, Any, Any] | None = None,
    complete: bool = False,
    published: PublishedChain | None = None,
) -> Verdict:
    """Check a log against the rules: chain, legality and every digest, step by step.

    Files and bytes are streamed: memory stays flat however long the log, and the
    first bad step is found before anything after it is read. ``game`` overrides
    the registry lookup (for games that are not registered). ``seed`` and ``salt``
    open a committed seed that was not revealed. The verdict says whether the log
    reaches the end of the game; ``complete=True`` makes a log that stops before
    the end invalid (kind ``unfinished``), which is what a dispute over a finished
    game should ask for. ``published`` holds the log to the chain values a client
    was shown during play (kind ``published_mismatch`` at the first that differs).
    Never raises for a bad log (or an unreadable file, or rules that crash);
    returns a :class:`Verdict` instead.
    """
    checked = 0
    expected = published.chains() if published is not None else {}
    try:
        items = _items(log)
        first = next(items, None)
        if first is None or not isinstance(first[1], Header):
            raise LogError("the log does not start with a header", line=1, kind=codes.CORRUPT if first else codes.TRUNCATED)
        header = first[1]
        _check_header_keys(log)
        rules, upcasters = _game_for(header, game)
        revealed = _revealed(log) if header.seed is None and seed is None else None
        try:
            real_seed = _seed_for(header, seed, salt, revealed[1] if revealed else None, revealed[0] if revealed else 1)
        except LogError as exc:  # the reveal does not open the commitment: blame the header if it is the one that changed
            if revealed is not None and exc.line == revealed[0] and not _chains_from(header, next(items, None)):
                msg = "the header was altered: the reveal does not open its seed commitment, and the first record does not chain from it"
                raise LogError(msg, line=1, kind=codes.BROKEN_CHAIN) from None
            raise
        if published is not None and published.seed_commitment is not None and published.seed_commitment != header.seed_commitment:
            raise LogError("the header's seed commitment is not the one published when the game began", line=1, kind=codes.PUBLISHED_MISMATCH)
        try:
            config = rules.config(len(header.players), header.options)
        except ValueError as exc:
            raise LogError(f"the header cannot start a game: {exc}", line=1, kind=codes.CORRUPT) from None
        try:
            state = rules.setup(config, real_seed)
        except Exception as exc:  # a bug in the rules must not crash the dispute tool
            raise LogError(f"the rules' setup failed: {type(exc).__name__}: {exc}", line=1, kind=codes.RULES_ERROR) from None
        try:
            chain = genesis(header)
        except (TypeError, ValueError) as exc:
            raise LogError(f"the header cannot be encoded: {exc}", line=1, kind=codes.CORRUPT) from None
        ended = False
        resigned: int | None = None
        for line, item in items:
            if ended or isinstance(item, Header):
                raise LogError(f"line {line}: nothing may follow the seed reveal, and only one header", line=line, kind=codes.CORRUPT)
            if isinstance(item, SeedReveal):
                _check_reveal(header, item, real_seed, line)
                if rules.outcome(state) is None and resigned is None:
                    msg = f"line {line}: the seed is revealed before the game is over (a reveal ends a finished game's log)"
                    raise LogError(msg, step=None, line=line, kind=codes.CORRUPT)
                ended = True
                continue
            if resigned is not None:
                message = f"the game ended when {header.players[resigned]} resigned at step {checked}: nothing may follow"
                return Verdict(ok=False, steps=checked, step=checked + 1, line=line, kind=codes.ILLEGAL_ACTION, message=message)
            failure = _check_record(rules, upcasters, header, item, checked + 1, chain, state)
            if isinstance(failure, tuple):
                kind, message = failure
                if kind == "header_altered":
                    follower = next(items, None)
                    if follower is not None and _links(item, follower[1]):
                        return Verdict(ok=False, steps=0, step=None, line=1, kind=codes.BROKEN_CHAIN, message="the header was altered: the first record does not chain from it")
                    kind = codes.BROKEN_CHAIN
                    message = "this record's chain value was altered (its content replays to its digests)"
                    if follower is None:
                        message = "this record's chain value, or the header it chains from, was altered (its content replays to its digests)"
                return Verdict(ok=False, steps=checked, step=checked + 1, line=line, kind=kind, message=message)
            state = failure
            if item.chain != expected.get(checked + 1, item.chain):
                message = f"step {checked + 1}'s chain value is not the one published during play"
                return Verdict(ok=False, steps=checked, step=checked + 1, line=line, kind=codes.PUBLISHED_MISMATCH, message=message)
            chain = item.chain
            checked += 1
            if is_resign(item.action):
                resigned = item.player
        beyond = [step for step in expected if step > checked]
        if beyond:
            message = f"step {min(beyond)} was published during play but the log stops at step {checked}"
            return Verdict(ok=False, steps=checked, step=min(beyond), kind=codes.PUBLISHED_MISMATCH, message=message)
        result = rules.outcome(state) if resigned is None else resignation(header.players, resigned)
    except LogError as exc:
        return Verdict(ok=False, steps=checked, step=exc.step, line=exc.line, kind=exc.kind, message=exc.message)
    except Exception as exc:  # last resort: verify never raises
        message = f"verification failed unexpectedly: {type(exc).__name__}: {exc}"
        return Verdict(ok=False, steps=checked, kind=codes.RULES_ERROR, message=message)
    if complete and result is None:
        message = f"the log stops after step {checked}, before the end of the game"
        return Verdict(ok=False, steps=checked, step=None, line=checked + 2, kind=codes.UNFINISHED, message=message)
    return Verdict(ok=True, steps=checked, upcast=bool(upcasters), finished=result is not None, outcome=result)


def _check_reveal(header: Header, reveal: SeedReveal, seed: int, line: int) -> None:
    """A reveal belongs only to a committed-seed log, and must reveal the seed the game was played from."""
    if header.seed is not None:
        raise LogError(f"line {line}: a seed reveal in a log whose seed is public", line=line, kind=codes.CORRUPT)
    try:
        opens = header.seed_commitment == seed_commitment(reveal.seed, reveal.salt)
    except ValueError:
        opens = False
    if reveal.seed != seed or not opens:
        raise LogError(f"line {line}: the revealed seed is not the seed that matches the commitment", line=line, kind=codes.SEED_MISMATCH)


def _check_record(
    game: Game[Any, Any, Any, Any],
    upcasters: list[Upcaster],
    header: Header,
    record: Record,
    number: int,
    chain: str,
    state: Any,
) -> Any:
    """The state after a good record, or ``(kind, message)`` for the first thing wrong with it."""
    if record.step != number:
        return codes.CORRUPT, f"record says step {record.step}, expected {number} (a record is missing or out of order)"
    try:
        link = chain_link(chain, record.step, record.player, record.action, record.events, record.state)
    except (TypeError, ValueError) as exc:  # e.g. a msgpack extension type or a non-string key
        return codes.CORRUPT, f"the record cannot be encoded canonically: {exc}"
    if not 0 <= record.player < len(header.players):
        return codes.CORRUPT, f"player {record.player} is not a seat of this game"
    try:
        action = _decode_action(game, record.player, record.action, upcasters)
    except IllegalAction as exc:
        return codes.CORRUPT, f"the action cannot be read: {exc.message}"
    except Exception as exc:  # a failing upcaster
        return codes.CORRUPT, f"the action cannot be read: {type(exc).__name__}: {exc}"
    if link != record.chain:
        return _broken_chain(game, record, number, state, action, upcasters)
    try:
        if action is RESIGN:
            if game.outcome(state) is not None:
                return codes.ILLEGAL_ACTION, f"player {record.player} resigns from a game that is already over"
            events: list[Any] = []  # a resignation produces no events and leaves the state as it was
        else:
            events, state = game.act(state, record.player, action)  # the codec hands back the action it just decoded
    except IllegalAction as exc:
        return codes.ILLEGAL_ACTION, f"player {record.player}'s {type(action).__name__} is illegal: {exc.message} [{exc.code}]"
    except Exception as exc:  # a bug in the rules must not crash the dispute tool
        return codes.RULES_ERROR, f"the rules failed on player {record.player}'s {type(action).__name__}: {type(exc).__name__}: {exc}"
    if not upcasters:
        if events_digest(events) != record.events:
            return codes.DIGEST_MISMATCH, "the events this action produces differ from the logged digest"
        if state_digest(state) != record.state:
            return codes.DIGEST_MISMATCH, "the state after this action differs from the logged digest"
    return state


def _broken_chain(game: Game[Any, Any, Any, Any], record: Record, number: int, state: Any, action: Any, upcasters: list[Upcaster]) -> tuple[str, str]:
    """Name what was altered when a record's chain value does not match.

    If the record's own action still produces its logged digests, its content is
    genuine: its chain value was edited or, for the first record, maybe the header
    it chains from (``header_altered``: the caller looks at the next record, which
    chains from this record's chain value only if that value is the original).
    """
    genuine = False
    if not upcasters:
        try:
            events, after = game.act(state, record.player, action)
            genuine = events_digest(events) == record.events and state_digest(after) == record.state
        except Exception:  # an illegal or crashing action: the content is what changed
            genuine = False
    if genuine and number == 1:
        return "header_altered", ""
    if genuine:
        return codes.BROKEN_CHAIN, "this record's chain value was altered (its content replays to its digests)"
    where = "this record (or the header it chains from)" if number == 1 else "this record"
    return codes.BROKEN_CHAIN, f"the hash chain does not match: {where} was altered"


def _chains_from(header: Header, first: tuple[int, Any] | None) -> bool:
    """The log's first record chains from ``header`` (``True`` when there is no record to tell)."""
    if first is None or not isinstance(first[1], Record):
        return True
    record = first[1]
    try:
        return chain_link(genesis(header), record.step, record.player, record.action, record.events, record.state) == record.chain
    except (TypeError, ValueError):
        return True


def _links(record: Record, follower: Any) -> bool:
    """``follower`` is a record whose chain value follows from ``record``'s."""
    if not isinstance(follower, Record):
        return False
    try:
        return chain_link(record.chain, follower.step, follower.player, follower.action, follower.events, follower.state) == follower.chain
    except (TypeError, ValueError):
        return False


PAUSE_GC_FROM = 256
"""Steps from which ``replay`` pauses the cyclic collector: below, a replay is over before a full collection would
come, and pausing costs a few percent of a tic-tac-toe replay."""


def replay(
    log: Log | str | Path | bytes,
    step: int | None = None,
    seed: int | None = None,
    *,
    salt: str | None = None,
    game: Game[Any, Any, Any, Any] | None = None,
    presentation: Presentation | None = None,
) -> Match[Any, Any, Any, Any]:
    """The match rebuilt from a log's actions, up to ``step`` (default: all of them).

    ``seed`` and ``salt`` open a committed seed that was not revealed; ``game`` (a game that is not installed) replaces
    the registry's, and ``presentation`` is how the match is shown (else the one registered for the game's name).

    Raises:
        ValueError: ``step`` is negative.
        LogError: the log cannot be read or an action is illegal (with its step).
        RulesVersionMismatch: no upcaster bridges the log's rules version.
    """
    if step is not None and (type(step) is not int or step < 0):
        msg = f"the step to replay to must be 0 or more, not {step!r}"
        raise ValueError(msg)
    log = _load(log)
    if step is not None and step > len(log.records):
        msg = f"the log has {len(log.records)} steps; there is no step {step}"
        raise ValueError(msg)
    match, upcasters = _start(log, seed, salt, game, presentation)
    records = log.records if step is None else log.records[:step]
    if len(records) < PAUSE_GC_FROM:
        _apply_records(match, records, upcasters)
    else:
        with paused_gc():  # the match keeps every state: full collections would rescan them all (gcpause says why)
            _apply_records(match, records, upcasters)
    return match


def _apply_records(match: Match[Any, Any, Any, Any], records: Sequence[Record], upcasters: list[Upcaster]) -> None:
    """Apply each logged action in order; the first that cannot be read or applied is reported with its step."""
    seats = len(match.players)
    for number, record in enumerate(records, start=1):
        if record.step != number:
            raise _replay_error(number, f"the record says step {record.step}", codes.CORRUPT)
        if not 0 <= record.player < seats:
            raise _replay_error(number, f"player {record.player} is not a seat of this game", codes.CORRUPT)
        try:
            action = _decode_action(match.game, record.player, record.action, upcasters)
        except IllegalAction as exc:
            raise _replay_error(number, f"the action cannot be read: {exc.message}", codes.CORRUPT) from None
        except Exception as exc:  # a failing upcaster
            raise _replay_error(number, f"the action cannot be read: {exc}", codes.CORRUPT) from None
        try:
            match.apply(record.player, action)
        except IllegalAction as exc:
            raise _replay_error(number, exc.message, codes.ILLEGAL_ACTION) from None


def _replay_error(number: int, message: str, kind: str) -> LogError:
    """The error for step ``number`` (its record is on line ``number + 1``), built only when a step fails."""
    return LogError(f"step {number}: {message}", step=number, line=number + 1, kind=kind)
