"""Every picture in tests/svg/golden/ still comes out the same, byte for byte, from its stored view.

When the drawing changes on purpose, review the pictures and regenerate them with
``python -m tests.svg.regenerate``; when a view type or the rules changed, with
``python -m tests.svg.regenerate --views`` (see ``tests/svg/regenerate.py``).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.svg.cases import CASES, GOLDEN, VIEWS, Case, draw, golden_path, stored_views, views_path, who

ROOT = Path(__file__).resolve().parents[2]
PICTURES = [(case, viewer) for case in CASES for viewer in case.viewers]


@pytest.mark.parametrize(("case", "viewer"), PICTURES, ids=[f"{case.name}-{who(viewer)}" for case, viewer in PICTURES])
def test_picture_matches_its_golden(case: Case, viewer: int | None) -> None:
    """Drawing the stored view gives the recorded SVG (else: review the change, then regenerate)."""
    fresh = draw(case, viewer, stored_views(case)[viewer])
    recorded = golden_path(case, viewer).read_text(encoding="utf-8")
    if fresh != recorded:
        old, new = recorded.splitlines(), fresh.splitlines()
        line = next((i for i, (a, b) in enumerate(zip(old, new)) if a != b), min(len(old), len(new)))
        got = new[line] if line < len(new) else "<end of file>"
        want = old[line] if line < len(old) else "<end of file>"
        pytest.fail(
            f"{golden_path(case, viewer).name} differs at line {line + 1}:\n  recorded: {want[:300]}\n  now:      {got[:300]}\n"
            "regenerate with: python -m tests.svg.regenerate"
        )


def test_every_stored_file_belongs_to_a_case() -> None:
    """No stale views or pictures linger after a case is renamed or dropped."""
    wanted = {golden_path(case, viewer).name for case, viewer in PICTURES}
    assert {p.name for p in GOLDEN.glob("*.svg")} == wanted
    assert {p.name for p in VIEWS.glob("*.json")} == {views_path(case).name for case in CASES}


def test_pictures_do_not_depend_on_hash_seeds() -> None:
    """A fresh interpreter with another PYTHONHASHSEED draws every golden picture identically (no set or dict order leaks in)."""
    script = (
        "from tests.svg.cases import CASES, draw, golden_path, stored_views\n"
        "bad = [golden_path(c, v).name for c in CASES for v, view in stored_views(c).items()"
        " if draw(c, v, view) != golden_path(c, v).read_text(encoding='utf-8')]\n"
        "print(' '.join(bad))\n"
    )
    env = {**os.environ, "PYTHONHASHSEED": "271828"}
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == ""
