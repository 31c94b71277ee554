"""Packaging: the sdist and wheel carry the right metadata and files, and the declared lower bounds work.

The minimum versions of the core dependencies are installed in a throwaway
virtual environment next to the built wheel, which then plays and verifies a game.
"""

from __future__ import annotations

import subprocess
import sys
import tarfile
import venv
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MINIMUMS = ["attrs==23.1.0", "cattrs==23.2.1", "msgspec==0.18.6"]
"""The lower bounds in pyproject.toml's ``dependencies``, pinned."""


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    done = subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--sdist", "--wheel", "--outdir", str(out), str(ROOT)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return out


def test_the_wheel_declares_license_urls_classifiers_and_types(dist: Path) -> None:
    """An SPDX license expression with its file, project URLs, classifiers, and py.typed for both packages."""
    (wheel,) = dist.glob("*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = Parser().parsestr(archive.read(meta_name).decode())
    assert meta["License-Expression"] == "MIT"
    assert any(n.endswith("licenses/LICENSE") for n in names)
    assert {url.split(",")[0] for url in meta.get_all("Project-URL")} >= {"Homepage", "Source", "Changelog"}
    assert "Typing :: Typed" in meta.get_all("Classifier")
    assert "boardcore/py.typed" in names and "games/py.typed" in names
    assert "Provides-Extra: testing" in str(meta)


def test_the_sdist_ships_no_tests(dist: Path) -> None:
    """The sdist holds the package, docs, license and changelog, and no test suite that could not run from it."""
    (sdist,) = dist.glob("*.tar.gz")
    with tarfile.open(sdist) as archive:
        names = [name.split("/", 1)[1] for name in archive.getnames() if "/" in name]
    assert "LICENSE" in names and "CHANGELOG.md" in names and "src/boardcore/kernel.py" in names
    assert not [n for n in names if n.startswith(("tests/", "benchmarks/"))]


def test_the_declared_minimum_versions_work(dist: Path, tmp_path: Path) -> None:
    """With attrs, cattrs and msgspec at their lower bounds, the wheel plays and verifies a game of every kind."""
    env = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env)
    python = env / "bin" / "python"
    (wheel,) = dist.glob("*.whl")
    pip = [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    done = subprocess.run([*pip, *MINIMUMS], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    done = subprocess.run([*pip, "--no-deps", str(wheel)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    script = (
        "from boardcore import Match\n"
        "from boardcore.bots import make_bots, play_out\n"
        "from boardcore.registry import get_game\n"
        "from boardcore.verify import verify\n"
        "for name, players in [('tic_tac_toe', 2), ('kuhn_poker', 2), ('five_wards', 3)]:\n"
        "    game = get_game(name)\n"
        "    match = Match.new(game, players, 7, {} if name != 'five_wards' else {'round_limit': 40})\n"
        "    play_out(match, make_bots(game, players, 7))\n"
        "    assert verify(match.log).finished, name\n"
        "    try:\n"
        "        match.apply(0, {'type': 'Nope'})\n"
        "    except ValueError as exc:\n"
        "        assert 'malformed' in exc.code or exc.code == 'game/over', exc\n"
        "from importlib.metadata import version\n"
        "print(version('msgspec'), version('attrs'), version('cattrs'))\n"
    )
    done = subprocess.run([str(python), "-c", script], capture_output=True, text=True, check=False, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.split() == ["0.18.6", "23.1.0", "23.2.1"]
