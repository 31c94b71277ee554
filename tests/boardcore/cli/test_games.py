"""``boardcore games``: every registered game, and with ``--info`` its GameInfo."""

from __future__ import annotations

import pytest

from boardcore.cli import main
from boardcore.registry import get_game


def test_games_info_prints_every_figure(capsys: pytest.CaptureFixture[str]) -> None:
    """``boardcore games --info`` lists each game's record under its line; plain ``games`` does not."""
    assert main(["games", "--info"]) == 0
    out = capsys.readouterr().out
    block = out[out.index("tic_tac_toe") :].split("\n")[:9]
    assert [line.strip() for line in block[1:]] == get_game("tic_tac_toe").info.lines()
    assert block[5].strip() == "chance: no" and block[8].strip() == "max decisions: 9"
    assert "unbounded (the game ends only when a player completes all three missions" in out
    assert main(["games"]) == 0
    assert "max decisions" not in capsys.readouterr().out
