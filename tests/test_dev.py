"""dev.py and the test tiers: the demo installs the package alone and needs no extra; the test command runs in
parallel and installs the test extras and tools; ``--quick`` leaves out the slow tier."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import tomllib
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests import conftest

ROOT = Path(__file__).resolve().parent.parent

EXTRAS = ("pyarrow", "ray", "playwright", "numpy", "matplotlib", "pettingzoo", "gymnasium", "psycopg", "starlette",
          "uvicorn", "websockets", "openskill", "tqdm", "hypothesis", "pytest", "eventsourcing", "httpx2")
"""Top-level modules of every extra and dev tool: none may be needed by ``boardcore play``."""


def _dev() -> ModuleType:
    spec = importlib.util.spec_from_file_location("dev", ROOT / "dev.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_test_command_runs_in_parallel_and_quick_leaves_out_the_slow_tier() -> None:
    """``dev.py test`` spreads tests over the cores by xdist group; ``--quick`` adds ``-m "not slow"``; an explicit
    ``-n`` (or ``-p no:xdist``) is the caller's choice."""
    dev = _dev()
    assert dev.pytest_args([]) == ["-n", "auto", "--dist=loadgroup", "--durations=15"]
    assert dev.pytest_args(["--quick", "tests/games"]) == ["-n", "auto", "--dist=loadgroup", "-m", "not slow", "tests/games"]
    assert dev.pytest_args(["-n", "0", "-x"]) == ["--durations=15", "-n", "0", "-x"]
    assert dev.pytest_args(["-p", "no:xdist", "--quick"]) == ["-m", "not slow", "-p", "no:xdist"]


def test_the_demo_installs_the_package_alone_and_the_tests_add_their_extras_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The demo's pip install names no extra; the first test run installs the test extras and the ``test`` group,
    and neither installs again until pyproject.toml changes."""
    dev = _dev()
    calls: list[list[str]] = []
    monkeypatch.setattr(dev, "VENV", tmp_path)
    monkeypatch.setattr(dev, "BIN", tmp_path)
    monkeypatch.setattr(dev, "STAMP", tmp_path / "stamp")
    (tmp_path / "python").write_text("")
    monkeypatch.setattr(dev.subprocess, "run", lambda args, **kw: calls.append(list(args)))
    dev.ensure_env("demo")
    dev.ensure_env("demo")
    assert len(calls) == 1 and calls[0][-2:] == ["-e", str(ROOT)]
    dev.ensure_env("test")
    dev.ensure_env("test")
    dev.ensure_env("demo")
    assert len(calls) == 2
    assert f"{ROOT}[{dev.TEST_EXTRAS}]" in calls[1] and any(arg.startswith("pytest-xdist") for arg in calls[1])
    assert not any(arg.startswith(("playwright", "open-spiel")) for arg in calls[0])


def test_the_published_extras_hold_no_development_tools() -> None:
    """Browser drivers, peer engines and linters are dependency groups, not extras a user of the wheel could pull."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    published = " ".join(req for reqs in project["project"]["optional-dependencies"].values() for req in reqs)
    for tool in ("playwright", "open-spiel", "mypy", "ruff", "pytest-benchmark", "pytest-xdist"):
        assert tool not in published, f"{tool} is in a published extra"
    assert {"test", "peers"} <= set(project["dependency-groups"])


BLOCK_EXTRAS = """
import sys
from importlib.abc import MetaPathFinder

class NotInstalled(MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {blocked!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
        return None

sys.meta_path.insert(0, NotInstalled())
from boardcore.cli import main
sys.exit(main(["play", "five_wards", "--players", "4", "--out", {out!r}]))
"""


def test_the_demo_needs_no_extra(tmp_path: Path) -> None:
    """``boardcore play`` (what ``dev.py demo`` runs) plays and verifies a game with every extra missing."""
    code = BLOCK_EXTRAS.format(blocked=set(EXTRAS), out=str(tmp_path / "demo.jsonl"))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "verify: valid" in done.stdout


def test_every_slow_entry_names_an_existing_test_file() -> None:
    """A renamed test file would silently leave the slow tier: each entry of tests/conftest.py's lists must exist."""
    entries: list[Any] = [*conftest.SLOW, *conftest.GROUPS]
    for entry in entries:
        assert (ROOT / entry.partition("::")[0]).is_file(), f"{entry} is in tests/conftest.py but not in the tree"


def test_every_test_started_first_exists_and_is_slow() -> None:
    """The start order names real tests (a renamed one would quietly start last again), all of them in the slow tier."""
    for entry in conftest.FIRST:
        path, _, name = entry.partition("::")
        assert (ROOT / path).is_file(), f"{entry} is in tests/conftest.py's FIRST but not in the tree"
        assert not name or f"def {name.partition('[')[0]}(" in (ROOT / path).read_text(encoding="utf-8"), f"{entry}: no such test"
        marked_in_module = "pytestmark = pytest.mark.slow" in (ROOT / path).read_text(encoding="utf-8")
        assert entry.startswith(conftest.SLOW) or marked_in_module, f"{entry} starts first but is not in the slow tier"


def test_the_longest_tests_are_handed_out_first_and_the_rest_keep_their_order() -> None:
    """Collection order is xdist's hand-out order: the FIRST tests lead, in FIRST's order; every other test keeps its place."""

    class Item:
        def __init__(self, nodeid: str) -> None:
            self.nodeid = nodeid

        def add_marker(self, marker: Any) -> None:
            pass

    names = ["tests/a.py::test_one", conftest.FIRST[2], "tests/b.py::test_two", conftest.FIRST[0] + "[x]", "tests/a.py::test_three"]
    items: list[Any] = [Item(name) for name in names]
    conftest.pytest_collection_modifyitems(items)
    assert [item.nodeid for item in items] == [names[3], names[1], names[0], names[2], names[4]]


def test_the_server_tests_are_one_unit_of_work_for_xdist() -> None:
    """``--dist loadgroup`` hands each GROUPS file's tests to one worker (the scope), every other test on its own."""
    scheduler = object.__new__(conftest.GroupScheduling)  # the scope function reads nothing the constructor sets
    for path, group in conftest.GROUPS.items():
        assert scheduler._split_scope(f"{path}::test_something[sqlite]") == group
    assert scheduler._split_scope("tests/test_dev.py::test_x") == "tests/test_dev.py::test_x"
    assert scheduler._split_scope("tests/test_dev.py::test_x@mine") == "mine"  # an xdist_group name, as xdist reads it
