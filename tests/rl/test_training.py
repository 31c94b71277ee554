"""docs/rl.md's MaskablePPO run works as written: a few thousand steps on tic-tac-toe learn something."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytest.importorskip("sb3_contrib")
torch = pytest.importorskip("torch")


@pytest.mark.slow
def test_the_documented_maskable_ppo_run_beats_random_play() -> None:
    """The ```py block of docs/rl.md trains 4,000 steps; the agent then wins more games than a masked-random one."""
    text = (ROOT / "docs" / "rl.md").read_text(encoding="utf-8")
    (block,) = re.findall(r"```py\n(.*?)```", text, flags=re.S)
    torch.set_num_threads(1)
    namespace: dict[str, object] = {"__name__": "docs_rl"}
    exec(compile(block, "docs/rl.md", "exec"), namespace)
    trained, masked_random = namespace["trained"], namespace["masked_random"]
    assert isinstance(trained, int) and isinstance(masked_random, int)
    assert trained > masked_random + 20, (trained, masked_random)
