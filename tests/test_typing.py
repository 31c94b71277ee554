"""The public API is typed end to end: mypy catches a consumer's attribute typos on views, outcomes,
actions, events, logs and bots (each deliberate typo in the script below must be reported on its line)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CONSUMER = '''\
from boardcore import Match
from boardcore.bots import make_bots, play_out
from games.kuhn_poker import GAME as KUHN
from games.tic_tac_toe import GAME

match = Match.new(GAME, ["Ann", "Bob"], seed=1)
view = match.view(0)
print(view.board)
print(view.board_typo)  # TYPO
legal = match.legal_actions(0)
print(legal[0].cell)
print(legal[0].no_such_field)  # TYPO
events = match.apply(0, legal[0])
print(events[0].cell)
print(events[0].celll)  # TYPO
outcome = match.outcome
if outcome is not None:
    print(outcome.winners)
    print(outcome.winnerz)  # TYPO
print(match.log.records)
print(match.log.recordz)  # TYPO
step = match.last_step
if step is not None:
    print(step.action.cell)
    print(step.action.cel)  # TYPO
bot = make_bots(GAME, 2, 1)[0]
print(bot.choose(view, legal).cell)
print(bot.choose(view, legal).cellz)  # TYPO
result = play_out(match, make_bots(GAME, 2, 1))
print(result.scorez)  # TYPO
poker = Match.new(KUHN, 2, seed=5)
print(poker.view(1).card)
print(poker.view(1).cards)  # TYPO
'''


def test_mypy_reports_every_typo_of_a_consumer(tmp_path: Path) -> None:
    """mypy --strict on a consumer script reports exactly the lines marked TYPO, and nothing else."""
    script = tmp_path / "consumer.py"
    script.write_text(CONSUMER)
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir", str(tmp_path / ".mypy"), str(script)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    reported = {int(m.group(1)) for m in re.finditer(r"consumer\.py:(\d+): error", done.stdout)}
    marked = {number for number, line in enumerate(CONSUMER.splitlines(), start=1) if line.endswith("# TYPO")}
    assert reported == marked, f"mypy reported lines {sorted(reported)}, typos are on {sorted(marked)}:\n{done.stdout}"


TUTORIAL_EVOLVE = '''\
from __future__ import annotations

import msgspec

from boardcore import RngAdvanced, make_evolve


class State(msgspec.Struct, frozen=True):
    marks: int = 0
    winner: int = -1


class MarkPlaced(msgspec.Struct, frozen=True, tag=True):
    cell: int


class GameWon(msgspec.Struct, frozen=True, tag=True):
    seat: int


Event = MarkPlaced | GameWon | RngAdvanced


def evolve_mark_placed(state: State, event: MarkPlaced) -> State:
    return msgspec.structs.replace(state, marks=state.marks + event.cell)


def evolve_game_won(state: State, event: GameWon) -> State:
    return msgspec.structs.replace(state, winner=event.seat)


def evolve_game_won_typo(state: State, event: GameWon) -> State:
    return msgspec.structs.replace(state, winner=event.cell)  # TYPO


evolve = make_evolve(Event, evolve_mark_placed, evolve_game_won)
after: State = evolve(State(), MarkPlaced(cell=4))
count: int = evolve(State(), MarkPlaced(cell=4))  # TYPO
'''


def test_make_evolve_with_several_handlers_passes_mypy_strict_and_keeps_types(tmp_path: Path) -> None:
    """The tutorial's ``make_evolve(Event, f, g)`` passes ``mypy --strict``; each handler is checked against its own
    event type, and ``evolve`` returns the state type (only the lines marked TYPO are errors)."""
    script = tmp_path / "rules.py"
    script.write_text(TUTORIAL_EVOLVE)
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir", str(tmp_path / ".mypy"), str(script)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    reported = {int(m.group(1)) for m in re.finditer(r"rules\.py:(\d+): error", done.stdout)}
    marked = {number for number, line in enumerate(TUTORIAL_EVOLVE.splitlines(), start=1) if line.endswith("# TYPO")}
    assert reported == marked, f"mypy reported lines {sorted(reported)}, typos are on {sorted(marked)}:\n{done.stdout}"
