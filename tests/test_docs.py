"""The docs stay true: the tutorial shows the real tic-tac-toe source, and the README's examples run."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_tutorial_includes_the_real_tic_tac_toe_source() -> None:
    """docs/writing-a-game.md ends with src/games/tic_tac_toe.py and its presentation module, unchanged."""
    tutorial = (ROOT / "docs" / "writing-a-game.md").read_text(encoding="utf-8")
    for name in ("tic_tac_toe.py", "tic_tac_toe_presentation.py"):
        source = (ROOT / "src" / "games" / name).read_text(encoding="utf-8")
        assert f"```python\n{source}```" in tutorial, f"regenerate the tutorial's last blocks from {name}"


def _run_pycon_blocks(name: str) -> int:
    """Run every ```pycon block of the document ``name`` as a doctest; the number of blocks."""
    text = (ROOT / name).read_text(encoding="utf-8")
    blocks = re.findall(r"```pycon\n(.*?)```", text, flags=re.S)
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    for index, block in enumerate(blocks):
        test = parser.get_doctest(block, {}, f"{name} block {index + 1}", name, 0)
        runner.run(test)
    assert runner.failures == 0, f"{runner.failures} example(s) of {name} failed"
    return len(blocks)


def test_readme_examples_run() -> None:
    """Every ```pycon block of the README runs as a doctest."""
    assert _run_pycon_blocks("README.md"), "the README should show the API in a pycon block"


def test_tutorial_examples_run() -> None:
    """The tutorial's examples (redacted-event patterns, Sealed, RiggedRng) run as doctests."""
    assert _run_pycon_blocks("docs/writing-a-game.md") >= 3


def test_readme_starts_with_the_two_commands() -> None:
    """The README opens with exactly two commands, the demo and the whole suite, names the quick tier, and .ci/run
    calls the whole suite."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    first_block = re.search(r"```(?:sh|bash)?\n(.*?)```", readme, flags=re.S)
    assert first_block is not None
    commands = [line for line in first_block.group(1).splitlines() if line.strip() and not line.startswith("#")]
    assert commands == ["python3 dev.py demo", "python3 dev.py test"]
    assert "python3 dev.py test --quick" in readme
    assert "python3 dev.py test" in (ROOT / ".ci" / "run").read_text()
