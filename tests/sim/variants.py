"""Two result sets of one game under two option sets, for the comparison tests (the library's and the command's)."""

from __future__ import annotations

from pathlib import Path

from boardcore.sim.executors import SerialExecutor
from boardcore.sim.simulate import simulate


def bellwether_variants(base: Path) -> tuple[Path, Path]:
    """Bellwether with its 12-round limit (A) and with 4 rounds (B), the same 10 seeds and bots, written under ``base``."""
    for name, options in (("twelve", None), ("four", {"max_rounds": 4})):
        simulate("bellwether", 2, 10, ["house", "random"], SerialExecutor(), base / name, seed=5, rotate=True, options=options)
    return base / "twelve", base / "four"
