"""A Hypothesis state machine over the table: apply, undo, stale acts, catch-up, resync and restart, against a model.

The model is a plain :class:`~boardcore.match.Match` driven with the same actions
(and a list of what each revision did); each viewer (spectator and every seat)
is a client that follows the table only through its messages, keeping the story
of the steps in play. After every rule the table, the store and every client
must agree with the model.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule, run_state_machine_as_test

from boardcore import Match, UndoRefused
from boardcore.messages import Resync, Stepped, Undone, Updates
from boardcore.registry import get_game
from boardcore.store import MemoryStore, SqliteStore, Store
from boardcore.table import StaleRevision, Table

Story = list[tuple[Any, ...]]


class TableMachine(RuleBasedStateMachine):
    """Subclasses choose the game and the store."""

    game_name: ClassVar[str] = "tic_tac_toe"

    def __init__(self) -> None:
        super().__init__()
        self.game = get_game(self.game_name)
        self.store = self.open_store()
        self.seed = 11
        self.start_match()

    # --- what subclasses give --------------------------------------------------

    def open_store(self) -> Store:
        raise NotImplementedError

    def reopen_store(self) -> Store:
        raise NotImplementedError

    def teardown(self) -> None:
        self.store.close()

    # --- the model ------------------------------------------------------------

    def start_match(self) -> None:
        self.seed += 1
        self.table = Table.create(self.game, ["Ann", "Bob"], seed=self.seed, store=self.store)
        self.model = Match.new(self.game, ["Ann", "Bob"], self.seed)
        self.revision = 0
        self.step_revisions: list[int] = []
        self.undone: set[int] = set()
        """Revisions of steps that were taken back."""
        self.clients: dict[int | None, tuple[int, Story]] = {v: (0, []) for v in (None, 0, 1)}

    def expected_story(self, viewer: int | None) -> Story:
        redact = self.game.redact
        return [tuple(e for e in (redact(ev, viewer) for ev in step.events) if e is not None) for step in self.model.steps]

    def follow(self, viewer: int | None, answer: Updates[Any, Any, Any] | Resync[Any, Any]) -> None:
        """What a client does with an answer: apply each entry to its story, or start again from the snapshot."""
        revision, story = self.clients[viewer]
        if isinstance(answer, Resync):
            self.clients[viewer] = (answer.snapshot.revision, self.expected_story(viewer))
            return
        assert answer.since == revision
        story = list(story)
        expected_revision = revision
        for entry in answer.entries:
            expected_revision += 1
            assert entry.revision == expected_revision, "updates skip or repeat a revision"
            if isinstance(entry, Stepped):
                assert entry.step == len(story) + 1
                story.append(entry.events)
            else:
                assert isinstance(entry, Undone) and entry.step == len(story)
                story.pop()
        assert expected_revision == answer.snapshot.revision
        self.clients[viewer] = (expected_revision, story)

    # --- rules --------------------------------------------------------------------

    @precondition(lambda self: bool(self.model.actors))
    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        seat = data.draw(st.sampled_from(sorted(self.model.actors)), label="seat")
        action = data.draw(st.sampled_from(list(self.model.legal_actions(seat))), label="action")
        told = self.table.act(seat, self.revision, action)
        self.model.apply(seat, action)
        self.revision += 1
        self.step_revisions.append(self.revision)
        assert [e.revision for e in told.entries] == [self.revision]
        if self.clients[seat][0] == self.revision - 1:  # the acting client was up to date: the answer brings it forward
            self.follow(seat, told)

    @rule(seat=st.sampled_from([0, 1]), force=st.booleans())
    def undo(self, seat: int, force: bool) -> None:
        allowed = self.model.can_undo(seat) or (force and len(self.model) > 0)
        if not allowed:
            with pytest.raises(UndoRefused):
                self.table.undo(seat, self.revision, force=force)
            return
        self.table.undo(seat, self.revision, force=force)
        self.model.undo(seat, force=force)
        self.revision += 1
        self.undone.add(self.step_revisions.pop())

    @rule(seat=st.sampled_from([0, 1]), offset=st.sampled_from([-3, -2, -1, 1, 2]), data=st.data())
    def act_on_a_stale_revision(self, seat: int, offset: int, data: st.DataObject) -> None:
        before = (self.table.snapshot(None), self.table.snapshot(seat), self.store.info(self.table.match_id))
        legal = self.model.legal_actions(seat)
        action = data.draw(st.sampled_from(list(legal))) if legal else {"type": "Nothing"}
        with pytest.raises(StaleRevision):
            self.table.act(seat, self.revision + offset, action)
        with pytest.raises(StaleRevision):
            self.table.undo(seat, self.revision + offset, force=True)
        assert (self.table.snapshot(None), self.table.snapshot(seat), self.store.info(self.table.match_id)) == before

    @rule(viewer=st.sampled_from([None, 0, 1]))
    def catch_up(self, viewer: int | None) -> None:
        since, _ = self.clients[viewer]
        answer = self.table.updates(viewer, since)
        broken = any(r in self.undone for r in range(since + 1, self.revision + 1))
        if broken:
            assert isinstance(answer, Resync) and answer.reason == "undone"
        else:
            assert isinstance(answer, Updates)
        self.follow(viewer, answer)
        revision, story = self.clients[viewer]
        assert revision == self.revision
        assert story == self.expected_story(viewer)

    @rule(viewer=st.sampled_from([None, 0, 1]), since=st.integers(-2, 40))
    def ask_from_any_revision(self, viewer: int | None, since: int) -> None:
        answer = self.table.updates(viewer, since)
        if not 0 <= since <= self.revision:
            assert isinstance(answer, Resync) and answer.reason == "unknown_revision"
        elif any(r in self.undone for r in range(since + 1, self.revision + 1)):
            assert isinstance(answer, Resync) and answer.reason == "undone"
        else:
            assert isinstance(answer, Updates) and [e.revision for e in answer.entries] == list(range(since + 1, self.revision + 1))

    @rule()
    def restart(self) -> None:
        viewers = (None, 0, 1)
        before = [self.table.snapshot(v) for v in viewers]
        answers = [self.table.updates(v, s) for v in viewers for s in range(self.revision + 1)]
        self.store = self.reopen_store()
        self.table = Table.open(self.store, self.table.match_id)
        assert [self.table.snapshot(v) for v in viewers] == before
        assert [self.table.updates(v, s) for v in viewers for s in range(self.revision + 1)] == answers

    @rule(data=st.data())
    def another_writer_acts(self, data: st.DataObject) -> None:
        """A second table on the same store acts; this one learns of it only when a client shows a later revision."""
        if not self.model.actors:
            return
        other = Table.open(self.store, self.table.match_id)
        seat = data.draw(st.sampled_from(sorted(self.model.actors)))
        action = data.draw(st.sampled_from(list(self.model.legal_actions(seat))))
        other.act(seat, self.revision, action)
        self.model.apply(seat, action)
        self.revision += 1
        self.step_revisions.append(self.revision)

    @precondition(lambda self: self.model.is_over)
    @rule()
    def next_match(self) -> None:
        self.start_match()

    # --- invariants -------------------------------------------------------------

    @invariant()
    def table_and_store_agree_with_the_model(self) -> None:
        self.table.refresh()
        assert self.table.revision == self.revision
        info = self.store.info(self.table.match_id)
        assert (info.revision, info.steps, info.status) == (self.revision, len(self.model), "finished" if self.model.is_over else "active")
        for viewer in (None, 0, 1):
            snapshot = self.table.snapshot(viewer)
            assert snapshot.view == self.model.view(viewer)
            assert snapshot.waiting == self.model.waiting
            if viewer is not None:
                assert [c.action for c in snapshot.legal] == (list(self.model.legal_actions(viewer)) if viewer in self.model.actors else [])
                assert snapshot.can_undo == self.model.can_undo(viewer)


class MemoryTable(TableMachine):
    def open_store(self) -> Store:
        return MemoryStore()

    def reopen_store(self) -> Store:
        return self.store


class SqliteTable(TableMachine):
    directory: ClassVar[Path]

    def open_store(self) -> Store:
        self.path = self.directory / f"machine-{id(self)}-{self.seed if hasattr(self, 'seed') else 0}.sqlite3"
        self.path.unlink(missing_ok=True)
        return SqliteStore(self.path)

    def reopen_store(self) -> Store:
        self.store.close()
        return SqliteStore(self.path)


def settings_for(examples: int) -> settings:
    return settings(max_examples=examples, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow], stateful_step_count=30)


@pytest.mark.parametrize("game", ["tic_tac_toe", "kuhn_poker"])
def test_table_on_memory_store_agrees_with_the_model(game: str) -> None:
    """Many random runs over the in-memory store."""
    machine = type(f"Memory_{game}", (MemoryTable,), {"game_name": game})
    run_state_machine_as_test(machine, settings=settings_for(60))


@pytest.mark.parametrize("game", ["tic_tac_toe", "kuhn_poker"])
def test_table_on_sqlite_store_agrees_with_the_model(game: str, tmp_path: Path) -> None:
    """Fewer runs over a SQLite file (each step is an fsync), restarts reopening the file."""
    machine = type(f"Sqlite_{game}", (SqliteTable,), {"game_name": game, "directory": tmp_path})
    run_state_machine_as_test(machine, settings=settings_for(12))
