"""Where a store is, said to a person: the default file, a URL without its password, the line after a stored match.

``--db`` takes a SQLite file path (the default store, ``boardcore.sqlite3`` in the
current directory) or a ``postgresql://`` URL. These helpers import nothing above
the store: the commands that use them live in :mod:`boardcore.cli` (``table``
imports ``store``, so ``store`` importing ``table`` would be a loop).
"""

from __future__ import annotations

import urllib.parse

from boardcore.store import is_postgres_url

__all__ = ["DEFAULT_DB", "shown_location", "stored_note"]

DEFAULT_DB = "boardcore.sqlite3"
"""The store ``matches``, ``resume``, ``export`` and ``serve`` use when no ``--db`` is given."""


def shown_location(location: str) -> str:
    """``location`` fit to print: a URL loses its password (``postgresql://user:***@host/db``)."""
    if not is_postgres_url(location):
        return location
    parts = urllib.parse.urlsplit(location)
    if parts.password is None:
        return location
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urllib.parse.urlunsplit(parts._replace(netloc=netloc))


def stored_note(location: str, match_id: str, revision: int) -> str:
    """The line ``play --db`` ends with: where the match went, under which id."""
    return f"Stored in {shown_location(location)} as match {match_id} (revision {revision})."
