"""The table protocol: revisions, snapshots, updates grouped by step, resync, optimistic acting, no leaks."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from boardcore import IllegalAction, UndoRefused, Waiting
from boardcore.messages import Resync, Snapshot, Stepped, Undone, Updates, message_schema, message_types
from boardcore.registry import get_game, list_games
from boardcore.store import MemoryStore, StoreUnavailable
from boardcore.table import StaleRevision, Table
from boardcore.testing import find_secrets

TTT = get_game("tic_tac_toe")
KUHN = get_game("kuhn_poker")


def mark(cell: int) -> dict[str, Any]:
    return {"type": "PlaceMark", "cell": cell}


def ttt(store: MemoryStore | None = None) -> Table[Any, Any, Any, Any]:
    return Table.create(TTT, ["Ann", "Bob"], seed=1, store=store, match_id="t")


def test_the_updates_act_returns_are_those_a_server_then_asks_for_never_stale_ones() -> None:
    """``act`` builds the acting seat's updates; asking for them again gets the very same message, and a later
    revision (an undo, a step) never gets a remembered one, even for the same seat and ``since``."""
    table = ttt()
    told = table.act(0, 0, mark(4))
    assert table.updates(0, 0) is told
    undone = table.undo(0, 1)
    assert table.updates(0, 1) is undone
    assert isinstance(table.updates(0, 0), Resync)  # the step after revision 0 was taken back
    replayed = table.act(0, 2, mark(0))
    assert table.updates(0, 2) is replayed
    assert replayed is not undone and replayed.snapshot.revision == 3 and replayed.snapshot.view != told.snapshot.view


def test_the_revision_moves_on_every_step_and_every_undo_and_is_never_reused() -> None:
    """0 when new, +1 per step, +1 per undo: after an undo the step count comes back but the revision does not."""
    table = ttt()
    seen = [table.revision]
    table.act(0, 0, mark(4))
    seen.append(table.revision)
    table.undo(0, 1)
    seen.append(table.revision)
    table.act(0, 2, mark(4))
    seen.append(table.revision)
    assert seen == [0, 1, 2, 3]
    assert len(table.match) == 1
    assert table.store.info("t").revision == 3


def test_a_snapshot_holds_what_the_seat_needs_to_draw_the_table() -> None:
    """Revision, view, actors, the seat's legal actions with labels, undo, names, outcome; none of it for others' turns."""
    table = ttt()
    table.act(0, 0, mark(4))
    bob = table.snapshot(1)
    assert (bob.match_id, bob.game, bob.players, bob.seat, bob.revision, bob.step) == ("t", "tic_tac_toe", ("Ann", "Bob"), 1, 1, 1)
    assert bob.view == table.match.view(1)
    assert bob.waiting == (Waiting(seat=1, kind="mark", ask="place a mark in an empty cell"),)
    assert [c.action.cell for c in bob.legal] == [0, 1, 2, 3, 5, 6, 7, 8]
    assert bob.legal[0].label == "place O in cell 0"
    assert (bob.can_undo, bob.outcome, bob.seed_commitment, bob.reveal) == (False, None, None, None)
    ann = table.snapshot(0)
    assert (ann.legal, ann.can_undo) == ((), True)
    spectator = table.snapshot(None)
    assert (spectator.seat, spectator.legal, spectator.can_undo) == (None, (), False)
    with pytest.raises(ValueError, match="no seat 2"):
        table.snapshot(2)


def test_a_finished_committed_match_shows_its_outcome_and_reveals_its_seed() -> None:
    """The commitment is in every snapshot from the start; the seed and salt only once the game is over."""
    table = Table.create(TTT, 2, commit_seed=True)
    first = table.snapshot(0)
    assert first.seed_commitment is not None and first.reveal is None
    for seat, cell in ((0, 0), (1, 3), (0, 1), (1, 4), (0, 2)):
        table.act(seat, table.revision, mark(cell))
    end = table.snapshot(1)
    assert end.outcome is not None and end.outcome.winners == (0,)
    assert end.waiting == () and end.legal == ()
    assert end.reveal is not None and end.reveal.seed == str(table.match.seed) and end.reveal.salt == table.match.seed_salt


def test_updates_come_one_entry_per_revision_with_the_seats_events_and_text() -> None:
    """Each step is one entry: revision, step, who acted, the seat's redacted events and its text; then the snapshot."""
    table = Table.create(KUHN, ["Ann", "Bob"], seed=5, match_id="k")
    table.act(0, 0, {"type": "Bet"})
    table.act(1, 1, {"type": "Bet"})
    updates = table.updates(1, 0)
    assert isinstance(updates, Updates)
    assert [(e.revision, e.step, e.player) for e in updates.entries if isinstance(e, Stepped)] == [(1, 1, 0), (2, 2, 1)]
    first, second = updates.entries
    assert isinstance(first, Stepped) and isinstance(second, Stepped)
    steps = table.match.steps
    assert list(second.events) == [KUHN.redact(e, 1) for e in steps[1].events]
    assert list(second.text) == table.match.step_text(2, 1)
    assert updates.snapshot == table.snapshot(1)
    assert table.updates(1, 2) == Updates(since=2, entries=(), snapshot=table.snapshot(1))


def test_an_undo_is_an_entry_of_its_own() -> None:
    """A client one revision behind an undo is told which step went, not sent a resync."""
    table = ttt()
    table.act(0, 0, mark(4))
    table.act(1, 1, mark(0))
    told = table.undo(1, 2)
    assert told.entries == (Undone(revision=3, step=2, player=1),)
    updates = table.updates(0, 2)
    assert isinstance(updates, Updates) and updates.entries == (Undone(revision=3, step=2, player=1),)
    table.act(1, 3, mark(8))
    updates = table.updates(0, 2)
    assert isinstance(updates, Updates)
    assert [type(e).__name__ for e in updates.entries] == ["Undone", "Stepped"]
    assert [e.revision for e in updates.entries] == [3, 4]


def test_an_unknown_or_undone_revision_gets_a_resync() -> None:
    """Negative or future revisions, and revisions before a step that was later taken back, get a fresh snapshot."""
    table = ttt()
    table.act(0, 0, mark(4))
    table.act(1, 1, mark(0))
    table.undo(1, 2)
    table.act(1, 3, mark(8))
    for since, reason in ((-1, "unknown_revision"), (5, "unknown_revision"), (1, "undone")):
        answer = table.updates(0, since)
        assert answer == Resync(since=since, reason=reason, snapshot=table.snapshot(0))
    assert isinstance(table.updates(0, 0), Resync)  # step 2 applied at revision 2 was undone
    with pytest.raises(ValueError, match="since"):
        table.updates(0, "3")  # type: ignore[arg-type]


def test_a_stale_revision_is_refused_and_changes_nothing() -> None:
    """Acting or undoing on an old, future or malformed revision raises StaleRevision; match and store are untouched."""
    store = MemoryStore()
    table = ttt(store)
    table.act(0, 0, mark(4))
    before = (table.revision, len(table.match), store.journal("t"), table.snapshot(1))
    for stale in (0, 2, -1, "1", None, True):
        with pytest.raises(StaleRevision) as raised:
            table.act(1, stale, mark(0))  # type: ignore[arg-type]
        assert (raised.value.expected, raised.value.revision, raised.value.code) == (stale, 1, "table/stale_revision")
        with pytest.raises(StaleRevision):
            table.undo(0, stale)  # type: ignore[arg-type]
    assert (table.revision, len(table.match), store.journal("t"), table.snapshot(1)) == before


def test_refused_actions_and_undos_change_nothing() -> None:
    """An illegal action or a refused undo at the right revision leaves the table and the store as they were."""
    store = MemoryStore()
    table = ttt(store)
    table.act(0, 0, mark(4))
    before = (table.revision, store.journal("t"), table.snapshot(0), table.snapshot(1))
    with pytest.raises(IllegalAction, match="taken"):
        table.act(1, 1, mark(4))
    with pytest.raises(IllegalAction):
        table.act(0, 1, mark(0))
    with pytest.raises(IllegalAction):
        table.act(1, 1, {"type": "PlaceMark", "cell": "4"})
    with pytest.raises(UndoRefused):
        table.undo(1, 1)
    assert (table.revision, store.journal("t"), table.snapshot(0), table.snapshot(1)) == before


class FailingStore(MemoryStore):
    """A store whose database goes away: every append fails after the match is created."""

    def append(self, *args: Any, **kwargs: Any) -> Any:
        raise StoreUnavailable("the database is down")


def test_a_store_failure_leaves_the_table_unchanged() -> None:
    """When the store cannot take a step or an undo, the table rolls back and the error reaches the caller."""
    store = FailingStore()
    table = Table.create(TTT, 2, seed=1, store=store)
    with pytest.raises(StoreUnavailable):
        table.act(0, 0, mark(4))
    assert (table.revision, len(table.match)) == (0, 0)
    assert table.snapshot(0) == Table.open(store, table.match_id).snapshot(0)


def test_tables_sharing_a_store_refuse_the_loser_and_catch_it_up() -> None:
    """Two tables on one stored match: the one that did not see the other's step gets StaleRevision, then follows it."""
    store = MemoryStore()
    a = ttt(store)
    b = Table.open(store, "t")
    a.act(0, 0, mark(4))
    with pytest.raises(StaleRevision) as raised:
        b.act(0, 0, mark(0))
    assert raised.value.revision == 1
    assert b.revision == 1 and b.snapshot(1) == a.snapshot(1)
    b.act(1, 1, mark(0))
    assert a.refresh() == 1
    b.undo(1, 2)
    assert a.refresh() == 1
    assert [a.snapshot(s) for s in (None, 0, 1)] == [b.snapshot(s) for s in (None, 0, 1)]
    assert a.updates(0, 1) == b.updates(0, 1)


def kuhn_seeds(mine: int) -> tuple[int, int]:
    """Two seeds that deal seat 0 card ``mine`` and seat 1 two different cards."""
    found: dict[int, int] = {}
    seed = 0
    while len(found) < 2:
        seed += 1
        hands = KUHN.setup(KUHN.config(2), seed).hands
        if hands[0] == mine:
            found.setdefault(hands[1], seed)
    first, second = found.values()
    return first, second


@pytest.mark.parametrize("actions", [["Pass", "Bet", "Pass"], ["Bet", "Pass"], ["Pass", "Bet"]])
def test_messages_to_a_seat_depend_only_on_what_it_may_know(actions: list[str]) -> None:
    """Kuhn poker dealt two ways that differ only in the opponent's card: every byte sent to seat 0 is the same."""
    sent: list[list[bytes]] = []
    for seed in kuhn_seeds(mine=1):
        table = Table.create(KUHN, ["Ann", "Bob"], seed=seed, match_id="k")
        out = [msgspec.json.encode(table.snapshot(0))]
        for kind in actions:
            seat = min(table.match.actors)
            told = table.act(seat, table.revision, {"type": kind})
            if seat == 0:
                out.append(msgspec.json.encode(told))
            out.append(msgspec.json.encode(table.updates(0, table.revision - 1)))
            out.append(msgspec.json.encode(table.updates(0, 0)))
            if table.match.can_undo(seat):
                undone = table.undo(seat, table.revision)
                if seat == 0:
                    out.append(msgspec.json.encode(undone))
                out.append(msgspec.json.encode(table.updates(0, table.revision - 1)))
                table.act(seat, table.revision, {"type": kind})
        sent.append(out)
    assert sent[0] == sent[1]


def test_no_message_names_a_hidden_card() -> None:
    """Every message to each seat of Kuhn poker games, scanned for the names of the cards hidden from it."""
    for seed in range(1, 13):
        table = Table.create(KUHN, ["Ann", "Bob"], seed=seed)
        while not table.match.is_over:
            seat = min(table.match.actors)
            legal = table.snapshot(seat).legal
            table.act(seat, table.revision, legal[seed % len(legal)].action)
            for viewer in (None, 0, 1):
                hidden = KUHN.secrets(table.match.state, viewer) if KUHN.secrets else ()
                payload = msgspec.json.encode([table.updates(viewer, 0), table.snapshot(viewer)])
                assert not find_secrets(payload, hidden), (seed, viewer)


@pytest.mark.parametrize("name", list_games())
def test_every_message_has_a_json_schema_and_decodes_back(name: str) -> None:
    """Each game's snapshot, updates and resync messages have a JSON Schema and decode from their own JSON."""
    game = get_game(name)
    schema = message_schema(game)
    assert {"Snapshot", "Stepped", "Undone"} <= {key.split("_")[0] for key in schema["$defs"]}
    snapshot_type, updates_type, resync_type = message_types(game)
    table = Table.create(game, game.player_counts[0], seed=3)
    while len(table.match) < 3 and table.match.actors:
        seat = min(table.match.actors)
        table.act(seat, table.revision, table.match.legal_actions(seat)[0])
    for seat in (None, 0):
        snapshot = table.snapshot(seat)
        assert msgspec.json.decode(msgspec.json.encode(snapshot), type=snapshot_type) == snapshot
        updates = table.updates(seat, 0)
        assert msgspec.json.decode(msgspec.json.encode(updates), type=updates_type) == updates
        resync = table.updates(seat, 99)
        assert msgspec.json.decode(msgspec.json.encode(resync), type=resync_type) == resync
    assert isinstance(snapshot, Snapshot)


class LostAckStore(MemoryStore):
    """A store whose next append commits but whose answer is lost (the connection dropped after the commit)."""

    lose_next = False

    def append(self, *args: Any, **kwargs: Any) -> Any:
        info = super().append(*args, **kwargs)
        if self.lose_next:
            self.lose_next = False
            raise StoreUnavailable("the connection dropped")
        return info


def test_an_append_whose_answer_was_lost_is_settled_by_the_next_write() -> None:
    """The table rolls back an append it could not confirm; its next write conflicts and it follows the store."""
    store = LostAckStore()
    table = ttt(store)
    store.lose_next = True
    with pytest.raises(StoreUnavailable):
        table.act(0, 0, mark(4))
    assert (table.revision, len(table.match)) == (0, 0)
    assert store.info("t").revision == 1  # it had committed
    with pytest.raises(StaleRevision):
        table.act(0, 0, mark(0))
    assert table.revision == 1 and table.snapshot(None) == Table.open(store, "t").snapshot(None)
    assert table.match.view(None).board[4] == 0
