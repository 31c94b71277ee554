"""Table: a match that a server or a hot-seat UI holds, with revisions, per-seat messages and a store.

A table wraps a :class:`~boardcore.match.Match` and writes every step and every
undo to its :class:`~boardcore.store.interface.Store` as it happens. Its
**revision** starts at 0 and goes up by one on every step and every undo; it is
never reused, so a client that echoes the revision it last saw can be told
exactly what changed since (:meth:`Table.updates`), or that it must start again
from a fresh snapshot (:class:`~boardcore.messages.Resync`). Acting carries the
revision the client acted on: if the table moved on meanwhile, the action is
refused with :class:`StaleRevision` and nothing changes. Several tables (in
several processes) may hold one stored match: the store lets one writer win each
revision, and the losers catch up from it.

What a seat receives is built only from ``match.view(seat)``, its own legal
actions and their labels, ``game.redact`` and the text written from the redacted
events; never another seat's action or an unredacted event. The protocol is
specified in ``docs/serving.md``.
"""

from __future__ import annotations

import functools
import secrets
import threading
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Generic, TypeVar

from boardcore import codes
from boardcore.errors import BoardcoreError, IllegalAction, LogError, UndoRefused
from boardcore.game import Game
from boardcore.log import Header, Log, Record
from boardcore.match import Match, Step
from boardcore.messages import Choice, Resync, Snapshot, Stepped, Undone, Updates, result_of, reveal_of
from boardcore.presentation import Presentation
from boardcore.store.interface import Entry, MatchInfo, MatchRejected, RevisionConflict, SeedSecret, Status, StepEntry, Store, UndoEntry
from boardcore.store.memory import MemoryStore
from boardcore.verify import replay

__all__ = ["StaleRevision", "Table"]

S = TypeVar("S")
A = TypeVar("A")
E = TypeVar("E")
V = TypeVar("V")

_STEP = 0
_UNDO = 1


class StaleRevision(BoardcoreError):
    """The client acted on a revision the table has moved past (or never had); nothing changed.

    ``expected`` is what the client sent, ``revision`` where the table is now:
    fetch the updates since ``expected`` (or resync) and decide again.
    """

    code = codes.TABLE_STALE_REVISION

    def __init__(self, message: str, *, expected: object, revision: int) -> None:
        super().__init__(message)
        self.message = message
        self.expected = expected
        self.revision = revision


def new_match_id() -> str:
    """A fresh random match id (80 bits, hex): unguessable, and saying nothing about the match."""
    return secrets.token_hex(10)


class Table(Generic[S, A, E, V]):
    """One match with revisions, per-seat messages, optimistic concurrency and a store.

    Build one with :meth:`create` (a new match) or :meth:`open` (a stored one,
    replayed and verified). Every method is thread-safe.
    """

    def __init__(self, match: Match[S, A, E, V], match_id: str, store: Store) -> None:
        """Use :meth:`create` or :meth:`open`; this wraps a match already stored at revision 0."""
        self._match = match
        self._match_id = match_id
        self._store = store
        self._lock = threading.RLock()
        self._revision = 0
        self._marks: list[tuple[int, int, int]] = []
        """Per revision (index ``revision - 1``): ``(_STEP or _UNDO, step number, seat)``."""
        self._step_revisions: list[int] = []
        """The revision that applied each step in play (index ``step - 1``)."""
        self._last_told: tuple[tuple[int | None, int, int], Updates[V, A, E]] | None = None
        """The updates :meth:`_told` built last, by seat, ``since`` and revision."""

    def __repr__(self) -> str:
        return f"Table(match_id={self._match_id!r}, game={self._match.game.name!r}, revision={self._revision})"

    # --- building ----------------------------------------------------------

    @classmethod
    def create(
        cls,
        game: Game[S, A, E, V],
        players: int | Sequence[str],
        *,
        seed: int | None = None,
        options: Any = None,
        commit_seed: bool = False,
        store: Store | None = None,
        match_id: str | None = None,
        presentation: Presentation | None = None,
    ) -> Table[S, A, E, V]:
        """A new match, stored at revision 0 (``store`` defaults to a fresh :class:`MemoryStore`).

        Arguments are :meth:`Match.new <boardcore.match.Match.new>`'s (``presentation`` too: how the match is shown,
        for a game that is not installed); ``match_id`` defaults to a fresh random id.

        Raises:
            ValueError: bad players, seed, options or match id.
            MatchExists: ``match_id`` is taken in ``store``.
        """
        match = Match.new(game, players, seed, options, commit_seed=commit_seed, presentation=presentation)
        store = MemoryStore() if store is None else store
        match_id = new_match_id() if match_id is None else match_id
        assert match.seed is not None  # Match.new always has a seed
        store.create(match_id, match.header, SeedSecret(match.seed, match.seed_salt))
        return cls(match, match_id, store)

    @classmethod
    def open(
        cls, store: Store, match_id: str, *, game: Game[Any, Any, Any, Any] | None = None, presentation: Presentation | None = None
    ) -> Table[Any, Any, Any, Any]:
        """The stored match, rebuilt by replaying its whole journal (undone steps included) and verified.

        Each step must be legal and reproduce its stored record exactly (action,
        event and state digests, hash chain); each undo must be one the policy
        allowed unless it was forced. ``game`` overrides the registry lookup, and ``presentation`` the one registered
        for the game's name.

        Raises:
            UnknownMatch: no such match.
            MatchRejected: the stored rows fail verification (nothing is returned: never used silently).
        """
        header = store.header(match_id)
        secret = store.secret(match_id)
        committed = header.seed_commitment is not None
        if header.seed is not None and header.seed != secret.seed:
            raise MatchRejected(match_id, "the stored seed is not the seed in the header", kind=codes.SEED_MISMATCH)
        try:
            match = replay(
                Log(header, ()),
                seed=secret.seed if committed else None,
                salt=secret.salt if committed else None,
                game=game,
                presentation=presentation,
            )
        except LogError as exc:
            raise MatchRejected(match_id, exc.message, kind=exc.kind) from None
        table: Table[Any, Any, Any, Any] = cls(match, match_id, store)
        with table._lock:
            table._catch_up()
            info = store.info(match_id)
            while info.revision > table._revision:  # appended while we replayed, or a row ahead of its journal
                before = table._revision
                table._catch_up()
                if table._revision == before:  # the journal has nothing more: the row claims revisions it never stored
                    msg = f"the match row is at revision {info.revision}, but its journal ends at revision {before}"
                    raise MatchRejected(match_id, msg, kind=codes.CORRUPT, revision=before + 1)
                info = store.info(match_id)
            table._check_row(info, header)
        return table

    def _check_row(self, info: MatchInfo, header: Header) -> None:
        """Refuse a match row that disagrees with the journal just replayed (revision, steps, status, game, players)."""
        match_id = self._match_id
        if info.revision != self._revision:
            msg = f"the match row is at revision {info.revision}, but its journal reaches revision {self._revision}"
            raise MatchRejected(match_id, msg, kind=codes.CORRUPT)
        if info.steps != len(self._match):
            msg = f"the match row counts {info.steps} steps in play, but its journal leaves {len(self._match)}"
            raise MatchRejected(match_id, msg, kind=codes.CORRUPT)
        if info.status != self._status():
            msg = f"the store lists the match as {info.status}, but its replay is {self._status()}"
            raise MatchRejected(match_id, msg, kind=codes.STATUS_MISMATCH)
        if info.game != header.game or tuple(info.players) != tuple(header.players):
            raise MatchRejected(match_id, "the match row's game or players are not the log header's", kind=codes.CORRUPT)

    # --- reading -------------------------------------------------------------

    @property
    def match_id(self) -> str:
        """The match's id in its store."""
        return self._match_id

    @property
    def revision(self) -> int:
        """The current revision: 0 when new, +1 for every step and every undo."""
        return self._revision

    @property
    def store(self) -> Store:
        """Where every step and undo is written."""
        return self._store

    @property
    def match(self) -> Match[S, A, E, V]:
        """The match itself, for the server's own use (bots, logs): never send its state to a player, never act on it directly."""
        return self._match

    def snapshot(self, seat: int | None) -> Snapshot[V, A]:
        """What ``seat`` (``None``: a spectator) needs to draw the table now.

        Raises:
            ValueError: ``seat`` is not a seat of this match.
        """
        with self._lock:
            return self._snapshot(seat)

    def updates(self, seat: int | None, since: int) -> Updates[V, A, E] | Resync[V, A]:
        """Every revision after ``since`` as ``seat`` may see it, then its snapshot; or a :class:`Resync`.

        Resync when ``since`` was never issued (negative, or ahead of the store)
        or when a step applied after ``since`` has since been taken back. A
        ``since`` ahead of this table (another writer stored it) catches the
        table up from the store first.

        Raises:
            ValueError: ``seat`` is not a seat of this match, or ``since`` is not an int.
        """
        if type(since) is not int:
            msg = f"since is the revision the client last saw: an int, not {since!r}"
            raise ValueError(msg)
        with self._lock:
            return self._updates(seat, since)

    # --- acting --------------------------------------------------------------

    def act(self, seat: int, expected_revision: int, action: A | Mapping[str, Any]) -> Updates[V, A, E]:
        """Apply ``seat``'s ``action``, decided at ``expected_revision``; store it; return the seat's updates.

        Raises:
            StaleRevision: the match is not at ``expected_revision`` (or another writer
                stored that revision first); nothing changed. A revision ahead of this
                table catches it up from the store first.
            IllegalAction: the rules refuse the action; nothing changed.
            StoreError: the store could not take it; nothing changed.
        """
        with self._lock:
            self._check_revision(expected_revision)
            match = self._match
            match.apply(seat, action)
            record = match.records(len(match) - 1)[0]
            try:
                self._store.append(self._match_id, StepEntry(revision=self._revision + 1, record=record), self._status())
            except RevisionConflict:
                match.undo(seat, force=True)
                self._catch_up()
                raise self._stale(expected_revision) from None
            except BaseException:
                match.undo(seat, force=True)
                raise
            self._mark_step(seat)
            return self._told(seat, expected_revision)

    def undo(self, seat: int, expected_revision: int, *, force: bool = False) -> Updates[V, A, E]:
        """Take back the last step for ``seat`` (``force``: whatever the undo policy says); return the seat's updates.

        Raises:
            StaleRevision: the table is not at ``expected_revision``; nothing changed.
            UndoRefused: the undo policy forbids it (or there is nothing to undo); nothing changed.
            ValueError: ``seat`` is not a seat of this match.
            StoreError: the store could not take it; nothing changed.
        """
        with self._lock:
            self._check_revision(expected_revision)
            match = self._match
            last = match.last_step
            match.undo(seat, force=force)
            assert last is not None  # undo raised otherwise
            entry = UndoEntry(revision=self._revision + 1, step=len(match) + 1, player=seat, forced=force)
            try:
                self._store.append(self._match_id, entry, self._status())
            except RevisionConflict:
                match.apply(last.player, last.action)
                self._catch_up()
                raise self._stale(expected_revision) from None
            except BaseException:
                match.apply(last.player, last.action)
                raise
            self._mark_undo(seat, entry.step)
            return self._told(seat, expected_revision)

    def refresh(self) -> int:
        """Follow what other writers stored since this table's revision; returns how many revisions that was.

        Raises:
            MatchRejected: a stored entry fails verification (the table stays at the last good revision).
        """
        with self._lock:
            before = self._revision
            self._catch_up()
            return self._revision - before

    # --- internals -----------------------------------------------------------

    def _status(self) -> Status:
        return "finished" if self._match.is_over else "active"

    def _check_revision(self, expected: object) -> None:
        """Refuse anything but the current revision, after catching up if the client has seen a later one."""
        if type(expected) is int and expected > self._revision:
            self._catch_up()  # another writer stored it: the client is right, this table is behind
        if type(expected) is not int or expected != self._revision:
            raise self._stale(expected)

    def _stale(self, expected: object) -> StaleRevision:
        msg = f"Refused: the match is at revision {self._revision}, not {expected!r}; fetch the updates since your revision and decide again."
        return StaleRevision(msg, expected=expected, revision=self._revision)

    def _mark_step(self, seat: int) -> None:
        self._revision += 1
        self._marks.append((_STEP, len(self._match), seat))
        self._step_revisions.append(self._revision)

    def _mark_undo(self, seat: int, step: int) -> None:
        self._revision += 1
        self._marks.append((_UNDO, step, seat))
        self._step_revisions.pop()

    def _snapshot(self, seat: int | None) -> Snapshot[V, A]:
        match = self._match
        view = match.view(seat)  # checks the seat
        waiting = match.waiting
        legal: tuple[Choice[A], ...] = ()
        if seat is not None and any(w.seat == seat for w in waiting):
            shown = match.presentation
            legal = tuple(
                Choice(action=action, label=match.label(action, seat, view), targets=shown.targets_of(action, seat), pick=shown.picks(action))
                for action in match.legal_actions(seat)
            )
        return Snapshot(
            match_id=self._match_id,
            game=match.game.name,
            players=match.players,
            seat=seat,
            revision=self._revision,
            step=len(match),
            view=view,
            waiting=waiting,
            legal=legal,
            can_undo=seat is not None and match.can_undo(seat),
            outcome=result_of(match.outcome),
            seed_commitment=match.seed_commitment,
            reveal=reveal_of(match.reveal),
        )

    def _updates(self, seat: int | None, since: int) -> Updates[V, A, E] | Resync[V, A]:
        if since > self._revision:
            self._catch_up()
        if not 0 <= since <= self._revision:
            return Resync(since=since, reason="unknown_revision", snapshot=self._snapshot(seat))
        if not self._line_unbroken(since):
            return Resync(since=since, reason="undone", snapshot=self._snapshot(seat))
        return self._told(seat, since)

    def _line_unbroken(self, since: int) -> bool:
        """Every step applied after revision ``since`` is still in play."""
        step_revisions = self._step_revisions
        for revision in range(since + 1, self._revision + 1):
            kind, step, _ = self._marks[revision - 1]
            if kind == _STEP and (step > len(step_revisions) or step_revisions[step - 1] != revision):
                return False
        return True

    def _told(self, seat: int | None, since: int) -> Updates[V, A, E]:
        """The updates after ``since``, a revision whose later steps are all in play, then the snapshot.

        The last ones built are remembered by seat, ``since`` and revision (a revision is never reused, so they cannot
        go stale): a server gets the acting seat's from ``act`` and asks for them again as it sends every seat theirs.
        """
        key = (seat, since, self._revision)
        held = self._last_told
        if held is not None and held[0] == key:
            return held[1]
        updates = self._build_told(seat, since)
        self._last_told = (key, updates)
        return updates

    def _build_told(self, seat: int | None, since: int) -> Updates[V, A, E]:
        match = self._match
        snapshot = self._snapshot(seat)
        entries: list[Stepped[E] | Undone] = []
        steps: tuple[Step[A, E], ...] | None = None  # copied only when an entry is older than the last step
        records: list[Record] | None = None  # the log records, read only for a committed seed (see Stepped.chain)
        committed = match.seed_commitment is not None
        redact = match.game.redact
        for revision in range(since + 1, self._revision + 1):
            kind, step, player = self._marks[revision - 1]
            if kind == _UNDO:
                entries.append(Undone(revision=revision, step=step, player=player))
                continue
            if step == len(match):
                applied = match.last_step
            else:
                steps = match.steps if steps is None else steps
                applied = steps[step - 1]
            assert applied is not None
            events = tuple(seen for event in applied.events if (seen := redact(event, seat)) is not None)
            chain = None
            if committed:
                records = match.records() if records is None else records
                chain = records[step - 1].chain
            text = tuple(match.step_text(step, seat))
            entries.append(Stepped(revision=revision, step=step, player=player, events=events, text=text, chain=chain))
        return Updates(since=since, entries=tuple(entries), snapshot=snapshot)

    def _catch_up(self) -> None:
        """Replay, and verify, every stored entry after this table's revision."""
        self._follow(self._store.journal(self._match_id, since=self._revision))

    def _follow(self, entries: Iterable[Entry]) -> None:
        for entry in entries:
            if entry.revision != self._revision + 1:
                msg = f"the journal jumps from revision {self._revision} to {entry.revision}"
                raise MatchRejected(self._match_id, msg, kind=codes.CORRUPT, revision=entry.revision)
            if isinstance(entry, StepEntry):
                self._follow_step(entry)
            else:
                self._follow_undo(entry)

    def _follow_step(self, entry: StepEntry) -> None:
        match, stored = self._match, entry.record
        reject = functools.partial(self._rejected, entry.revision)
        if stored.step != len(match) + 1:
            raise reject(f"step {stored.step} is stored after {len(match)} steps", codes.CORRUPT)
        try:
            match.apply(stored.player, stored.action)
        except IllegalAction as exc:
            kind = codes.CORRUPT if exc.code in (codes.ACTION_MALFORMED, codes.PLAYER_UNKNOWN) else codes.ILLEGAL_ACTION
            raise reject(f"player {stored.player}'s stored action is refused: {exc.message} [{exc.code}]", kind) from None
        except Exception as exc:  # a bug in the rules must not leave a half-followed table
            raise reject(f"the rules failed on the stored action: {type(exc).__name__}: {exc}", codes.RULES_ERROR) from None
        replayed = match.records(len(match) - 1)[0]
        if replayed != stored:
            match.undo(stored.player, force=True)
            same_content = (replayed.player, replayed.action, replayed.events, replayed.state) == (
                stored.player,
                stored.action,
                stored.events,
                stored.state,
            )
            if same_content:
                raise reject(f"step {stored.step}'s chain value does not match the chain", codes.BROKEN_CHAIN)
            raise reject(f"step {stored.step} replays to other digests than the stored ones", codes.DIGEST_MISMATCH)
        self._mark_step(stored.player)

    def _follow_undo(self, entry: UndoEntry) -> None:
        match = self._match
        reject = functools.partial(self._rejected, entry.revision)
        if entry.step != len(match) or not len(match):
            raise reject(f"an undo of step {entry.step} is stored with {len(match)} steps in play", codes.CORRUPT)
        try:
            match.undo(entry.player, force=entry.forced)
        except UndoRefused as exc:
            raise reject(f"an unforced undo by player {entry.player} that the undo policy refuses: {exc.reason}", codes.ILLEGAL_ACTION) from None
        except ValueError as exc:
            raise reject(str(exc), codes.CORRUPT) from None
        self._mark_undo(entry.player, entry.step)

    def _rejected(self, revision: int, message: str, kind: str) -> MatchRejected:
        return MatchRejected(self._match_id, message, kind=kind, revision=revision)
