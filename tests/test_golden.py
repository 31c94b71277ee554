"""Every golden playthrough in tests/golden/ still comes out the same, byte for byte."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardcore.testing.golden import parse_header, playthrough_text

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.txt"))


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_playthrough_unchanged(path: Path) -> None:
    """Regenerating the playthrough gives the recorded text (else: review the diff, then regenerate)."""
    recorded = path.read_text(encoding="utf-8")
    game, players, seed, steps = parse_header(recorded)
    fresh = playthrough_text(game, players, seed, steps)
    if fresh != recorded:
        old, new = recorded.splitlines(), fresh.splitlines()
        line = next((i for i, (a, b) in enumerate(zip(old, new)) if a != b), min(len(old), len(new)))
        got = new[line] if line < len(new) else "<end of file>"
        want = old[line] if line < len(old) else "<end of file>"
        pytest.fail(
            f"{path.name} differs at line {line + 1}:\n  recorded: {want[:300]}\n  now:      {got[:300]}\n"
            f"regenerate with: python -m boardcore.testing.golden {game} --players {players} --seed {seed}"
            + (f" --steps {steps}" if steps is not None else "")
        )
