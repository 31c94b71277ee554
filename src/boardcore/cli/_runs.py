"""What ``simulate``, ``report``, ``compare`` and ``tournament`` share: loading the ``[sim]`` extra, where matches run.

Only argparse and the core are imported here: the implementations need the
``[sim]`` extra (matplotlib, openskill, tqdm; pyarrow for Parquet, CSV is always written) and, for ``--executor ray``,
the ``[ray]`` extra, so they are imported when a command runs. Without the extra
the rest of the command line still works and these commands say what to install.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from types import ModuleType
from typing import Any

__all__ = ["SPEC_HELP", "add_run_options", "executor", "interrupted", "load"]

SIM_EXTRA = frozenset({"pyarrow", "matplotlib", "openskill", "tqdm"})

SPEC_HELP = (
    "bot specs: random, house[:PARAM=VALUE (its house bot's own, e.g. bold=true)], mc[:rollouts=N], "
    "ismcts[:iterations=N,c=X,rollout=random|house,opponents=search|policy,depth=N,time=SECONDS,search=KIND+KIND], "
    "your own MODULE:CLASS[:PARAM=VALUE,...] or an entry point of boardcore.bots; any spec takes name=SHORT (its name in tables and plots)"
)


def load(name: str) -> ModuleType:
    """Import an implementation module, turning a missing optional dependency into a clear error."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and exc.name.split(".")[0] in SIM_EXTRA:
            msg = f"this command needs the [sim] extra (pip install 'boardcore[sim]'): {exc.name} is not installed"
            raise ValueError(msg) from exc
        raise


def executor(args: argparse.Namespace) -> Any:
    """The executor ``--executor``, ``--workers`` and ``--address`` ask for (a context manager)."""
    return load("boardcore.sim.executors").open_executor(args.executor, args.workers, args.address)


def interrupted(out: str) -> int:
    """Ctrl-C: the finished matches are in the journal; say how to go on (exit status 130, as shells do)."""
    print(f"interrupted: finished matches are kept in {out}/matches.csv; rerun the same command to resume", file=sys.stderr)
    return 130


def add_run_options(parser: argparse.ArgumentParser) -> None:
    """Seeds, executor, workers, cluster address, game options and progress: the flags of every command that plays matches."""
    parser.add_argument("--seed", type=int, default=1, help="seed of the first match; match i plays seed + i (default 1)")
    parser.add_argument("--executor", choices=("serial", "process", "ray"), default="process", help="where matches run (default: process)")
    parser.add_argument("--workers", type=int, default=None, help="worker processes (default: every CPU); for ray, CPUs of a local cluster")
    parser.add_argument("--address", default=None, help="join an existing Ray cluster (e.g. auto, ray://head:10001); needs --executor ray")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option (repeatable)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
