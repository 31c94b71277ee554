"""``boardcore verify``: check a log, exit 0 when it is valid and 1 when it is not."""

from __future__ import annotations

import argparse
import sys

from boardcore.published import read_published
from boardcore.verify import verify

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The log, and what opens or checks it: a committed seed, completeness, published chain values."""
    parser.add_argument("log")
    parser.add_argument("--seed", type=int, default=None, help="the secret seed of a committed-seed log")
    parser.add_argument("--salt", default=None, help="the secret salt of that seed's commitment")
    parser.add_argument("--complete", action="store_true", help="a log that stops before the end of the game is invalid")
    parser.add_argument(
        "--published", default=None, metavar="FILE", help="chain values recorded during play (a client's boardcore-published-chain file): the log must hold each"
    )


def run(args: argparse.Namespace) -> int:
    """Print the verdict."""
    with open(args.log, "rb"):  # a path that cannot be opened is a usage error (exit 2), not a verdict
        pass
    try:
        published = None if args.published is None else read_published(args.published)
    except ValueError as exc:
        print(f"boardcore verify: {exc}", file=sys.stderr)
        return 2
    verdict = verify(args.log, seed=args.seed, salt=args.salt, complete=args.complete, published=published)
    print(verdict)
    return 0 if verdict.ok else 1
