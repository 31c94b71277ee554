"""``boardcore resume``: replay and verify a stored match, then let bots play it to the end."""

from __future__ import annotations

import argparse

from boardcore.bots import BOT_KINDS, make_bots
from boardcore.cli._stored import add_db, existing_store, play_bots
from boardcore.outcome import outcome_text
from boardcore.store import MatchRejected
from boardcore.table import Table

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The match id, the store, and which bots finish it."""
    parser.add_argument("match_id", metavar="MATCH")
    add_db(parser)
    parser.add_argument("--bots", choices=BOT_KINDS, default="house", help="house: the game's own bot (default); random: uniform")


def run(args: argparse.Namespace) -> int:
    """Exit 1 when the stored match does not replay and verify (``Not resumed: ...``)."""
    store = existing_store(args.db)
    try:
        try:
            table = Table.open(store, args.match_id)
        except MatchRejected as exc:
            print(f"Not resumed: {exc}")
            return 1
        match = table.match
        print(f"Match {table.match_id} ({match.game.title}) replayed and verified: {len(match)} steps, revision {table.revision}.")
        acted = play_bots(table, make_bots(match.game, len(match.players), match.seed or 1, args.bots))
    finally:
        store.close()
    print(f"Bots took {acted} actions; the match is stored at revision {table.revision}.")
    print()
    print(outcome_text(match.outcome, match.players))
    return 0
