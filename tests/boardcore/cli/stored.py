"""A helper of the subcommand tests over a store."""

from __future__ import annotations

from boardcore.store import open_store


def only_match(db: str) -> str:
    """The id of the one match stored at ``db``."""
    store = open_store(db)
    (info,) = store.matches()
    store.close()
    return info.match_id
