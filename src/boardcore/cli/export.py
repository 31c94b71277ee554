"""``boardcore export``: write a stored match's log and verify it."""

from __future__ import annotations

import argparse
from pathlib import Path

from boardcore.cli._stored import add_db, existing_store
from boardcore.store import export_log
from boardcore.verify import verify

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The match id, the store and where the log goes."""
    parser.add_argument("match_id", metavar="MATCH")
    add_db(parser)
    parser.add_argument("--out", default=None, help="log path (.jsonl or .msgpack); default out/MATCH.jsonl")


def run(args: argparse.Namespace) -> int:
    """Exit 1 when the written log does not verify."""
    store = existing_store(args.db)
    try:
        log = export_log(store, args.match_id)
    finally:
        store.close()
    out = Path(args.out or f"out/{args.match_id}.jsonl")
    out.parent.mkdir(parents=True, exist_ok=True)
    log.save(out)
    verdict = verify(out)
    print(f"Log of match {args.match_id} written to {out}; verify: {verdict}")
    return 0 if verdict.ok else 1
