"""``boardcore.store.locations``: where a store is, said to a person, never with its password."""

from __future__ import annotations

from boardcore.store.locations import DEFAULT_DB, shown_location, stored_note


def test_a_password_in_a_url_is_never_printed() -> None:
    """Locations are shown with the password masked."""
    assert shown_location("postgresql://bob:hunter2@db.example:5432/games") == "postgresql://bob:***@db.example:5432/games"
    assert shown_location("m.sqlite3") == "m.sqlite3"


def test_a_url_without_a_password_and_a_file_are_shown_as_given() -> None:
    assert shown_location("postgresql://bob@db.example/games") == "postgresql://bob@db.example/games"
    assert shown_location(DEFAULT_DB) == "boardcore.sqlite3"


def test_the_stored_note_names_the_place_without_its_password_and_the_match() -> None:
    note = stored_note("postgresql://bob:hunter2@db/games", "m-1", 7)
    assert note == "Stored in postgresql://bob:***@db/games as match m-1 (revision 7)."
    assert "hunter2" not in note
