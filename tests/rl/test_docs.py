"""The RL docs stay true: the generated reference pages are current, and docs/rl.md's examples run."""

from __future__ import annotations

import re
from pathlib import Path

from boardcore.rl import BoardcoreEnv
from boardcore.rl.docs import write_pages

ROOT = Path(__file__).resolve().parents[2]


def test_reference_pages_are_generated_from_the_specs() -> None:
    """docs/rl/<game>.md equals what `python -m boardcore.rl.docs docs/rl` writes (rerun it after changing a spec)."""
    stale = write_pages(ROOT / "docs" / "rl", check=True)
    assert not stale, f"regenerate with `python -m boardcore.rl.docs docs/rl`: {[p.name for p in stale]}"


def test_the_training_loop_and_the_spec_example_run() -> None:
    """Every ```python block of docs/rl.md runs, in order, in one namespace (the training loop plays 3 games, on the
fast path: ``rl.env`` is the checked ``BoardcoreEnv`` itself)."""
    text = (ROOT / "docs" / "rl.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert len(blocks) >= 3
    namespace: dict[str, object] = {}
    for block in blocks:
        exec(compile(block, "docs/rl.md", "exec"), namespace)
    assert set(namespace["returns"]) == {"player_0", "player_1", "player_2"}  # type: ignore[call-overload]
    env = namespace["env"]
    assert isinstance(env, BoardcoreEnv) and env.illegal_reward == -1, "the loop runs on the checked env itself, no wrapper layers"
    spec = namespace["SPEC"]
    assert BoardcoreEnv("tic_tac_toe", spec=spec).catalog.size == 11  # type: ignore[arg-type]
