"""The terminal seat (``boardcore play GAME --human SEAT``), driven through its standard input."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest

from boardcore.bots import make_bots
from boardcore.presentation import get_presentation
from boardcore.registry import get_game
from boardcore.store import MemoryStore
from boardcore.table import Table
from boardcore.terminal import TerminalSeats, render_view, view_lines
from boardcore.testing.kit import find_secrets
from boardcore.verify import verify


def play(*args: str, answers: str) -> subprocess.CompletedProcess[str]:
    """The real command line, its stdin fed ``answers``."""
    command = [sys.executable, "-m", "boardcore.cli", "play", *args]
    return subprocess.run(command, input=answers, capture_output=True, text=True, timeout=120, check=False)


def test_a_person_plays_tic_tac_toe_to_the_end_from_stdin(tmp_path: Path) -> None:
    """Typing cell numbers plays a whole game (a taken cell is refused): turns, the grid, the story, the outcome, a valid complete log."""
    log = tmp_path / "ttt.jsonl"
    done = play("tic_tac_toe", "--human", "0", "--seed", "7", "--out", str(log), answers="".join(f"{cell}\n" * 2 for cell in range(9)))
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Tic-tac-toe: 2 players, seed 7. You play P1." in out
    assert "— P1 (seat 0): your turn —" in out and "[0] place X in cell 0" in out
    assert "1. P1 (X) takes cell 0" in out and "P2 (O) takes cell" in out
    assert "Outcome:" in out and f"Log written to {log}; verify: valid" in out
    verdict = verify(log, complete=True)
    assert verdict.ok and verdict.finished


def test_end_of_input_stops_the_game_and_keeps_a_valid_log(tmp_path: Path) -> None:
    """When stdin ends, the game stops where it is; the log so far is written and verifies."""
    log = tmp_path / "stopped.jsonl"
    done = play("five_wards", "--human", "1", "--seed", "3", "--out", str(log), answers="1\n")
    assert done.returncode == 0, done.stderr
    assert "the game is not finished" in done.stdout
    assert verify(log).ok


def test_a_seat_the_match_does_not_have_is_refused() -> None:
    """--human 5 in a two-player game exits 2 with one line saying which seats exist."""
    done = play("tic_tac_toe", "--human", "5", answers="")
    assert done.returncode == 2 and "--human takes seats from 0 to 1" in done.stderr


def seats(game: str, people: list[int], answers: str, players: int = 2, seed: int = 3) -> tuple[TerminalSeats, str, bool]:
    table = Table.create(get_game(game), players, seed=seed, store=MemoryStore())
    out = io.StringIO()
    terminal = TerminalSeats(table, people, make_bots(table.match.game, players, seed), io.StringIO(answers), out)
    finished = terminal.play()
    return terminal, out.getvalue(), finished


def test_undo_takes_back_the_persons_last_action_when_the_policy_allows() -> None:
    """In 5 Wards a person picks a die (public, undoable), types u: it is taken back, and the revision moves on."""
    terminal, out, finished = seats("five_wards", [0], "1\nu\nq\n")
    assert not finished
    assert "Taken back." in out
    assert len(terminal.match) == 0 and terminal.table.revision == 2


def test_undo_refused_says_why_and_changes_nothing() -> None:
    """Hot seat at tic-tac-toe: seat 1 cannot take back seat 0's mark; the reason is shown and the game goes on."""
    terminal, out, finished = seats("tic_tac_toe", [0, 1], "1\nu\n2\nq\n")  # cells 1 and 2
    assert "You cannot undo now: the most recent action is not yours." in out
    assert "(others, look away)" in out
    assert [step.player for step in terminal.match.steps] == [0, 1]


def test_answers_that_are_not_choices_are_explained_and_change_nothing() -> None:
    """9 (no such cell), 99, a word and an empty line are not choices: each is answered with the help, nothing is played."""
    terminal, out, _ = seats("tic_tac_toe", [0], "9\n99\nplease\n\nq\n")
    assert out.count("is not a choice") == 4
    assert len(terminal.match) == 0


def test_view_lines_name_every_field_and_changes_are_shown_alone() -> None:
    """A game without view text has its view written by field name; after a step only the lines that changed are shown again."""
    table = Table.create(get_game("tic_tac_toe"), 2, seed=1, store=MemoryStore())
    assert view_lines(table.match.view(0)) == [
        "board -1, -1, -1, -1, -1, -1, -1, -1, -1 · turn 0 · winner –",
        "waiting 1: seat 0 · kind mark · ask place a mark in an empty cell",
    ]
    assert render_view(table.match.view(0)).startswith("  board -1, -1")
    fields_only = attrs.evolve(get_presentation("five_wards"), view_text=None)
    table = Table.create(get_game("five_wards"), 2, seed=3, store=MemoryStore(), presentation=fields_only)
    out = io.StringIO()
    TerminalSeats(table, [0], make_bots(table.match.game, 2, 3), io.StringIO("1\nq\n"), out).play()
    assert "Your view (v shows it again):" in out.getvalue() and "Changed in your view:" in out.getvalue()
    assert out.getvalue().count("wards 1:") == 1  # unchanged lines are not repeated


def test_view_text_is_shown_whole_again_when_it_changed() -> None:
    """With a game's own words the view is shown whole after a step (a grid cut into changed lines says nothing)."""
    _, out, _ = seats("five_wards", [0], "1\nq\n")
    assert "Your view (v shows it again):" in out and "Your view now:" in out
    assert out.count("Landmark row:") == 2


class Watching(io.StringIO):
    """Standard input that, each time the person is asked, scans what was written since for the seat's secrets."""

    def __init__(self, answers: str, written: io.StringIO) -> None:
        super().__init__(answers)
        self.written = written
        self.checked = 0
        self.terminal: TerminalSeats | None = None
        self.scans = 0

    def readline(self, size: int | None = -1) -> str:
        assert self.terminal is not None
        text = self.written.getvalue()
        new, self.checked = text[self.checked :], len(text)
        match = self.terminal.match
        hidden = match.game.secrets(match.state, 0)  # type: ignore[misc]
        leaked = find_secrets(new, hidden)
        assert not leaked, f"the terminal showed seat 0 {sorted(leaked)}"
        self.scans += bool(hidden)
        return super().readline(size if size is not None else -1)


@pytest.mark.parametrize("game", ["kuhn_poker", "five_wards", "peaky_blinders", "the_warriors", "bellwether"])
def test_the_terminal_shows_a_seat_nothing_hidden_from_it(game: str) -> None:
    """Everything written before each prompt is scanned for Game.secrets of seat 0 at that moment."""
    table = Table.create(get_game(game), 2, seed=5, store=MemoryStore())
    out = io.StringIO()
    answers: Any = Watching("1\n" * 60 + "s\nv\nq\n", out)
    terminal = TerminalSeats(table, [0], make_bots(table.match.game, 2, 5), answers, out)
    answers.terminal = terminal
    terminal.play()
    assert answers.scans > 0


def test_tic_tac_toe_is_drawn_as_a_grid_and_a_cell_is_chosen_by_its_drawn_number() -> None:
    """The view is a 3x3 grid numbering the free cells as the picture does; typing 4 marks cell 4, not the 4th action."""
    terminal, out, _ = seats("tic_tac_toe", [0], "4\nq\n", seed=1)
    assert " 0 | 1 | 2\n  ---+---+---\n   3 | 4 | 5" in out
    assert "[4] place X in cell 4" in out and "Your choice (0 1 2 3 4 5 6 7 8, v, s, r, q, ?)" in out
    assert terminal.match.steps[0].action.cell == 4
    assert re.search(r"   3 \| X \| [5O]\n", out)
    assert "board -1" not in out


def test_kuhn_poker_names_cards_by_their_letters_and_the_betting_in_the_pictures_words() -> None:
    """The seat's card reads J, Q or K (never ``card 1``), and the betting as checks/bets/calls/folds."""
    for seed in range(6):
        _, out, _ = seats("kuhn_poker", [0], "v\nq\n", seed=seed)
        table = Table.create(get_game("kuhn_poker"), 2, seed=seed, store=MemoryStore())
        card = "JQK"[table.match.view(0).card]
        assert f"Your card: {card}." in out
        assert "card 0" not in out and "card 1" not in out and "card 2" not in out and "history" not in out


RAW_IDS = {
    "five_wards": r"\b[TLBSR]\d+\b",  # Tactics, Landmark, Brawl, Scoring, Recruiting ids
    "bellwether": r"\b[FTIOG]-[A-Z]{2,3}\b|#\d",  # card ids, Building uids
    "peaky_blinders": r"\b(M\d\d|C\d|[A-Z]{3}-\d\d)\b",  # mission and conflict card codes
    "the_warriors": r"\bS\d\d\b",  # space ids
    "kuhn_poker": r"\bcard \d\b",
    "tic_tac_toe": r"-1",
}


@pytest.mark.parametrize("game", sorted(RAW_IDS))
def test_view_text_names_things_never_raw_ids_and_hides_what_the_seat_may_not_know(game: str) -> None:
    """Over a random game, every seat's view text at every step has no card/tile ids, no -1 sentinels, and none of its secrets."""
    import random  # the test's own choices, not the rules'

    from boardcore.match import Match

    rules, view_text = get_game(game), get_presentation(game).view_text
    assert view_text is not None
    players = rules.player_counts[-1] if len(rules.player_counts) == 1 else 3
    match = Match.new(rules, players, seed=11)
    rng = random.Random(4)
    for _ in range(300):
        if match.is_over:
            break
        for seat in range(players):
            words = view_text(match.view(seat), seat, match.players)
            assert not re.search(RAW_IDS[game], words), words
            assert "None" not in words and not re.search(r"(^|[,:] )-1\b", words, re.M)  # no empty-space sentinels
            hidden = rules.secrets(match.state, seat) if rules.secrets else ()
            assert not find_secrets(words, hidden)
        actor = min(match.actors)
        match.apply(actor, rng.choice(list(match.legal_actions(actor))))


def test_r_resigns_and_the_game_ends_with_a_valid_log(tmp_path: Path) -> None:
    """Typing r at the terminal resigns: the game is over at once, the others win, and the written log verifies."""
    log = tmp_path / "resigned.jsonl"
    done = play("five_wards", "--human", "0", "--seed", "3", "--out", str(log), answers="1\nr\n")
    assert done.returncode == 0, done.stderr
    assert "P1 resigns." in done.stdout and "P1 resigned" in done.stdout
    verdict = verify(log, complete=True)
    assert verdict.ok and verdict.finished and verdict.outcome is not None and verdict.outcome.winners == (1,)
