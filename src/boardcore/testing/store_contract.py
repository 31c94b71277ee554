"""``StoreContract``: the tests every store backend must pass, shipped so a third-party backend can run them too.

Subclass it in a test module and give it two things: a ``store`` fixture that
yields a fresh, empty store, and ``reopen(store)``, which closes the store and
opens the same data again (a restart)::

    from boardcore.testing.store_contract import StoreContract

    class TestMyStore(StoreContract):
        @pytest.fixture
        def store(self, tmp_path):
            store = MyStore(tmp_path / "db")
            yield store
            store.close()

        def reopen(self, store):
            store.close()
            return MyStore(store.path)

As eventsourcing ships its recorder test cases, these run unchanged against the
memory, SQLite and PostgreSQL stores in boardcore's own suite.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest

from boardcore.log import Header, Record
from boardcore.registry import get_game
from boardcore.store.export import export_log
from boardcore.store.interface import (
    Entry,
    InvalidEntry,
    MatchExists,
    RevisionConflict,
    SeedSecret,
    StepEntry,
    Store,
    UndoEntry,
    UnknownMatch,
)
from boardcore.table import Table
from boardcore.verify import verify

__all__ = ["StoreContract", "header_for", "step_entry"]


def header_for(game: str = "tic_tac_toe", players: tuple[str, ...] = ("P1", "P2"), seed: int | None = 7) -> Header:
    """A log header for stores that are tested without playing (the store never replays it)."""
    commitment = None if seed is not None else "ab" * 32
    return Header(game=game, rules_version="1", engine_version="0", players=players, seed=seed, seed_commitment=commitment)


def step_entry(revision: int, step: int, player: int = 0, **action: Any) -> StepEntry:
    """A step entry with a made-up record (``action`` becomes the action object's fields)."""
    obj = {"type": "Made", "revision": revision, **action}
    record = Record(step=step, player=player, action=obj, events=f"e{revision}", state=f"s{revision}", chain=f"c{revision}")
    return StepEntry(revision=revision, record=record)


class StoreContract:
    """What a :class:`~boardcore.store.interface.Store` guarantees; see the module docstring for how to run it."""

    def reopen(self, store: Store) -> Store:
        """Close ``store`` and open the same data again."""
        raise NotImplementedError

    @pytest.fixture(autouse=True)
    def _close_reopened(self) -> Iterator[None]:
        self._reopened: list[Store] = []
        yield
        for store in self._reopened:
            store.close()

    def restart(self, store: Store) -> Store:
        """:meth:`reopen`, and close what it opened when the test ends."""
        reopened = self.reopen(store)
        self._reopened.append(reopened)
        return reopened

    # --- matches ------------------------------------------------------------

    def test_a_new_match_is_stored_at_revision_zero(self, store: Store) -> None:
        """create stores the header and lists the match as active at revision 0 with no steps."""
        header = header_for(players=("Ann", "Bob"))
        info = store.create("m1", header, SeedSecret(7))
        assert (info.match_id, info.game, info.players, info.status, info.revision, info.steps) == (
            "m1",
            "tic_tac_toe",
            ("Ann", "Bob"),
            "active",
            0,
            0,
        )
        assert store.info("m1") == info
        assert store.header("m1") == header
        assert store.journal("m1") == []
        assert store.secret("m1") == SeedSecret(7)

    def test_a_taken_or_malformed_id_is_refused(self, store: Store) -> None:
        """A second match with the same id is refused and the first is untouched; ids are checked."""
        store.create("m1", header_for(), SeedSecret(7))
        with pytest.raises(MatchExists):
            store.create("m1", header_for(game="kuhn_poker"), SeedSecret(8))
        assert store.header("m1").game == "tic_tac_toe"
        assert store.secret("m1") == SeedSecret(7)
        for bad in ("", "-x", "a b", "x" * 129, "é", None, 5):
            with pytest.raises(ValueError, match="match id"):
                store.create(bad, header_for(), SeedSecret(7))  # type: ignore[arg-type]
        assert [i.match_id for i in store.matches()] == ["m1"]

    def test_unknown_matches_are_reported(self, store: Store) -> None:
        """Every read and the append name an unknown match instead of answering for it."""
        for call in (
            lambda: store.info("nope"),
            lambda: store.header("nope"),
            lambda: store.journal("nope"),
            lambda: store.secret("nope"),
            lambda: store.append("nope", step_entry(1, 1), "active"),
        ):
            with pytest.raises(UnknownMatch):
                call()

    def test_matches_are_listed_by_game_and_status_oldest_first(self, store: Store) -> None:
        """matches() filters by game and by status and lists the oldest first."""
        store.create("t1", header_for("tic_tac_toe"), SeedSecret(1))
        store.create("k1", header_for("kuhn_poker"), SeedSecret(2))
        store.create("t2", header_for("tic_tac_toe"), SeedSecret(3))
        store.append("t2", step_entry(1, 1), "finished")
        assert [i.match_id for i in store.matches()] == ["t1", "k1", "t2"]
        assert [i.match_id for i in store.matches(game="tic_tac_toe")] == ["t1", "t2"]
        assert [i.match_id for i in store.matches(status="active")] == ["t1", "k1"]
        assert [i.match_id for i in store.matches(game="tic_tac_toe", status="finished")] == ["t2"]
        assert store.matches(game="bellwether") == []

    def test_newest_pages_through_matches_newest_first(self, store: Store) -> None:
        """newest() lists the newest first, by status, a page at a time after the last match of the page before."""
        for name in ("a", "b", "c", "d"):
            store.create(name, header_for("tic_tac_toe"), SeedSecret(1))
        store.append("c", step_entry(1, 1), "finished")
        order = [i.match_id for i in store.newest()]
        assert order == sorted(order, key=lambda m: (store.info(m).created, m), reverse=True) and len(order) == 4
        assert [i.match_id for i in store.newest(limit=2)] == order[:2]
        assert [i.match_id for i in store.newest(limit=2, before=order[1])] == order[2:]
        assert [i.match_id for i in store.newest(status="finished")] == ["c"]
        assert [i.match_id for i in store.newest(status="active", before=order[-1])] == []
        with pytest.raises(UnknownMatch):
            store.newest(before="nope")

    # --- the journal ---------------------------------------------------------

    def test_entries_come_back_in_revision_order(self, store: Store) -> None:
        """Steps and undos are read back exactly as appended, from any revision on."""
        store.create("m", header_for(), SeedSecret(7))
        entries: list[Entry] = [
            step_entry(1, 1, 0),
            step_entry(2, 2, 1),
            UndoEntry(revision=3, step=2, player=1, forced=False),
            step_entry(4, 2, 1, cell=3),
            UndoEntry(revision=5, step=2, player=0, forced=True),
        ]
        for entry in entries:
            info = store.append("m", entry, "active")
            assert info.revision == entry.revision
        assert store.journal("m") == entries
        for since in range(6):
            assert store.journal("m", since=since) == entries[since:]
        info = store.info("m")
        assert (info.revision, info.steps) == (5, 1)
        with pytest.raises(ValueError, match="since"):
            store.journal("m", since=-1)

    def test_the_logged_action_object_keeps_its_key_order(self, store: Store) -> None:
        """Action objects round-trip with their key order, so an exported log is byte-identical."""
        store.create("m", header_for(), SeedSecret(7))
        entry = step_entry(1, 1, zebra=1, apple=[1, 2], mango={"b": 1, "a": None})
        store.append("m", entry, "active")
        (back,) = store.journal("m")
        assert isinstance(back, StepEntry)
        assert msgspec.json.encode(back.record.action) == msgspec.json.encode(entry.record.action)

    def test_a_taken_revision_conflicts_and_changes_nothing(self, store: Store) -> None:
        """Claiming the current revision, or skipping one, is a RevisionConflict that leaves the store as it was."""
        store.create("m", header_for(), SeedSecret(7))
        store.append("m", step_entry(1, 1), "active")
        before = (store.info("m"), store.journal("m"))
        for claimed in (1, 3, 0):
            with pytest.raises(RevisionConflict) as raised:
                store.append("m", step_entry(claimed, 2, mine=True), "finished")
            assert (raised.value.claimed, raised.value.revision) == (claimed, 1)
        with pytest.raises(RevisionConflict):
            store.append("m", UndoEntry(revision=1, step=1, player=0, forced=False), "active")
        assert (store.info("m"), store.journal("m")) == before

    def test_entries_out_of_step_order_are_invalid(self, store: Store) -> None:
        """A step number that does not follow, an undo of another step, or an unknown status is refused."""
        store.create("m", header_for(), SeedSecret(7))
        with pytest.raises(InvalidEntry):
            store.append("m", UndoEntry(revision=1, step=0, player=0, forced=False), "active")
        with pytest.raises(InvalidEntry):
            store.append("m", step_entry(1, 2), "active")
        store.append("m", step_entry(1, 1), "active")
        with pytest.raises(InvalidEntry):
            store.append("m", UndoEntry(revision=2, step=2, player=0, forced=False), "active")
        with pytest.raises(InvalidEntry):
            store.append("m", step_entry(2, 2), "paused")  # type: ignore[arg-type]
        assert store.journal("m") == [step_entry(1, 1)]

    def test_threads_racing_for_revisions_get_one_winner_each(self, store: Store) -> None:
        """Threads sharing one store object: every revision has exactly one winner and every loser a RevisionConflict."""
        store.create("m", header_for(), SeedSecret(7))
        wins: list[tuple[int, int]] = []
        losses = [0]
        lock = threading.Lock()

        def write(writer: int) -> None:
            for attempt in range(25):
                info = store.info("m")
                try:
                    store.append("m", step_entry(info.revision + 1, info.steps + 1, writer=writer, attempt=attempt), "active")
                except RevisionConflict:
                    with lock:
                        losses[0] += 1
                else:
                    with lock:
                        wins.append((info.revision + 1, writer))

        threads = [threading.Thread(target=write, args=(w,)) for w in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        journal = store.journal("m")
        assert len(wins) + losses[0] == 100
        assert sorted(r for r, _ in wins) == list(range(1, len(wins) + 1)) == [e.revision for e in journal]
        assert {r: w for r, w in wins} == {e.revision: e.record.action["writer"] for e in journal if isinstance(e, StepEntry)}

    # --- secrets --------------------------------------------------------------

    def test_the_secret_seed_and_salt_are_kept_apart(self, store: Store) -> None:
        """Only secret() returns a committed seed and its salt: no listing, header, journal or repr shows them."""
        table = Table.create(get_game("kuhn_poker"), 2, commit_seed=True, store=store, match_id="poker")
        table.act(0, 0, {"type": "Pass"})
        secret = store.secret("poker")
        assert secret == SeedSecret(table.match.seed or 0, table.match.seed_salt)
        assert secret.salt is not None
        words = (str(secret.seed), secret.salt)
        public = [
            msgspec.json.encode(store.header("poker")),
            msgspec.json.encode(store.info("poker")),
            msgspec.json.encode(store.matches()),
            msgspec.json.encode(store.journal("poker")),
            export_log(store, "poker").to_jsonl(),
            repr(store).encode(),
            repr(secret).encode(),
        ]
        for payload in public:
            for word in words:
                assert word.encode() not in payload

    def test_a_full_range_seed_round_trips(self, store: Store) -> None:
        """Seeds from -2**63 to 2**64 - 1 come back exactly (wider than a signed 64-bit column)."""
        for index, seed in enumerate((2**64 - 1, -(2**63), 0)):
            store.create(f"s{index}", header_for(seed=None), SeedSecret(seed, "0" * 32))
            assert store.secret(f"s{index}") == SeedSecret(seed, "0" * 32)

    # --- restarts and tables ------------------------------------------------------

    def test_everything_survives_a_restart(self, store: Store) -> None:
        """After reopening, headers, journals, listings and secrets are all there, and appends go on."""
        store.create("m", header_for(), SeedSecret(7, None))
        entries: list[Entry] = [step_entry(1, 1), UndoEntry(revision=2, step=1, player=0, forced=True), step_entry(3, 1)]
        for entry in entries:
            store.append("m", entry, "active")
        info = store.info("m")
        store = self.restart(store)
        assert store.info("m") == info
        assert store.header("m") == header_for()
        assert store.journal("m") == entries
        assert store.secret("m") == SeedSecret(7, None)
        store.append("m", step_entry(4, 2), "finished")
        assert store.matches(status="finished")[0].revision == 4

    def test_a_table_resumes_and_exports_after_a_restart(self, store: Store) -> None:
        """A match played through a table (with undos) reopens with the same snapshots and exports its exact log."""
        rng = random.Random(5)
        for game_name, commit in (("tic_tac_toe", False), ("kuhn_poker", True)):
            table = Table.create(get_game(game_name), ["Ann", "Bob"], commit_seed=commit, store=store)
            while not table.match.is_over:
                seat = min(table.match.actors)
                table.act(seat, table.revision, rng.choice(table.match.legal_actions(seat)))
                if table.match.can_undo(seat) and rng.random() < 0.3:
                    table.undo(seat, table.revision)
            seats = (None, 0, 1)
            snapshots = [table.snapshot(seat) for seat in seats]
            jsonl, msgpack = table.match.log.to_jsonl(), table.match.log.to_msgpack()
            store = self.restart(store)
            resumed = Table.open(store, table.match_id)
            assert [resumed.snapshot(seat) for seat in seats] == snapshots
            exported = export_log(store, table.match_id)
            assert exported.to_jsonl() == jsonl
            assert exported.to_msgpack() == msgpack
            assert verify(exported, complete=True).ok
