"""``boardcore replay LOG --html FILE``: what the self-contained file holds, for whom, and how it marks a bad log."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from boardcore.cli import main
from boardcore.log import read_log
from boardcore.registry import get_game
from boardcore.terminal import render_view
from boardcore.testing.kit import find_secrets
from boardcore.verify import replay
from boardcore.viewer.build import embedded_data, replay_data, replay_html
from boardcore.viewer.pictures import decode_frames
from tests.viewer.logs import part_game, whole_game


def test_a_finished_log_shows_every_perspective_and_carries_the_log(tmp_path: Path) -> None:
    """A whole game: the spectator and every seat, their pictures step by step, the outcome, the verdict and the log."""
    log = whole_game(tmp_path, "tic_tac_toe", 2, 1)
    data = embedded_data(replay_html(replay_data(log)))
    match = replay(log)
    assert [p.name for p in data.perspectives] == ["Spectator", "P1", "P2"] and data.made_for is None and data.initial == 0
    assert replay_data(log, seat=1).initial == 2  # --as picks the perspective shown first
    assert data.valid and data.bad_step is None and data.shown == data.records == len(match)
    assert data.verdict.startswith("valid: 7 steps, game over")
    assert data.log == read_log(log).to_jsonl().decode() and data.seed == "1"
    assert data.outcome is not None and data.outcome.startswith("Outcome: P1 wins")
    assert data.pictures is not None
    pictures, words = decode_frames(data.pictures), decode_frames(data.words)
    for index, perspective in enumerate(data.perspectives):
        assert pictures[index] == [replay(log, step=step).picture(perspective.seat) for step in range(len(match) + 1)]
        assert words[index] == [render_view(replay(log, step=step).view(perspective.seat)) for step in range(len(match) + 1)]
        assert perspective.story == [match.step_text(step, perspective.seat) for step in range(1, len(match) + 1)]


def test_a_tampered_log_shows_the_steps_before_the_bad_one_and_marks_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Step 4 edited: steps 1-3 are shown, step 4 is marked with the verdict, and ``--html`` exits 1."""
    log = whole_game(tmp_path, "tic_tac_toe", 2, 1)
    rows = log.read_text().splitlines()
    record = json.loads(rows[4])
    taken = json.loads(rows[1])["action"]["cell"]
    record["action"]["cell"] = taken
    rows[4] = json.dumps(record)
    log.write_text("\n".join(rows) + "\n")
    out = tmp_path / "tampered.html"
    assert main(["replay", str(log), "--html", str(out)]) == 1
    assert "3 of 7 steps" in capsys.readouterr().out
    data = embedded_data(out.read_text())
    assert not data.valid and data.bad_step == 4 and data.shown == 3 and data.records == 7
    assert "invalid at step 4" in data.verdict
    assert data.pictures is not None
    assert all(len(steps) == 4 for steps in decode_frames(data.pictures))


@pytest.mark.parametrize(("name", "players", "steps"), [("kuhn_poker", 2, 1), pytest.param("five_wards", 3, 30, marks=pytest.mark.slow)])
def test_a_game_still_on_gives_only_its_seat_and_none_of_the_others_secrets(name: str, players: int, steps: int, tmp_path: Path) -> None:
    """A committed-seed game not over, made for seat 0: one perspective, no log, and not one word hidden from seat 0
    anywhere in the file or in its decoded pictures; the file made for seat 1 does show some of them (the scan sees)."""
    match = part_game(name, players, steps)
    log = tmp_path / "on.jsonl"
    match.log.save(log)
    game = get_game(name)
    assert game.secrets is not None
    hidden = game.secrets(match.state, 0)
    assert hidden
    pages = {}
    for seat in (0, 1):
        out = tmp_path / f"seat{seat}.html"
        assert main(["replay", str(log), "--html", str(out), "--as", str(seat), "--seed", str(match.seed), "--salt", str(match.seed_salt)]) == 0
        page = out.read_text()
        data = embedded_data(page)
        assert data.pictures is not None
        pages[seat] = "\n".join([page, *decode_frames(data.pictures)[0], *decode_frames(data.words)[0]])
        assert [p.name for p in data.perspectives] == [match.players[seat]] and data.made_for == match.players[seat]
        assert data.log is None and data.outcome is None and data.seed is None
        assert data.chain == [record.chain for record in match.log.records]
    assert find_secrets(pages[0], hidden) == set()
    assert find_secrets(pages[1], hidden)


def test_a_committed_seed_log_without_its_seed_cannot_be_replayed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Without ``--seed`` and ``--salt`` a game still on has nothing to show: one error line, exit 2, no file."""
    match = part_game("kuhn_poker", 2, 1)
    log = tmp_path / "on.jsonl"
    match.log.save(log)
    out = tmp_path / "x.html"
    assert main(["replay", str(log), "--html", str(out)]) == 2
    assert "seed" in capsys.readouterr().err and not out.exists()


def test_the_file_allows_only_its_own_script_and_style(tmp_path: Path) -> None:
    """The page's Content-Security-Policy names no host: its inline script and style by hash, images from data only."""
    page = replay_html(replay_data(whole_game(tmp_path, "tic_tac_toe", 2, 1)))
    policy = page.split('http-equiv="Content-Security-Policy" content="', 1)[1].split('"', 1)[0]
    assert "default-src 'none'" in policy and "http" not in policy and "'unsafe-inline'" not in policy
    assert "verifyLog" in page  # the client's verifier, inlined


@pytest.mark.slow
def test_a_whole_five_wards_four_player_game_fits_in_three_megabytes(tmp_path: Path) -> None:
    """The golden 4-player 5 Wards game played to the end (over 200 steps, 5 perspectives, 1,000+ pictures) is under 3 MB."""
    log = whole_game(tmp_path, "five_wards", 4, 2)
    page = replay_html(replay_data(log))
    data = embedded_data(page)
    assert data.records > 150 and len(data.perspectives) == 5
    assert len(page.encode("utf-8")) < 3_000_000


def test_one_seat_s_file_of_a_bad_log_says_only_where_and_what_kind(tmp_path: Path) -> None:
    """A rule's message may name what another seat played: one seat's file keeps the step and the kind only."""
    match = part_game("kuhn_poker", 2, 1)
    log = tmp_path / "on.jsonl"
    rows = match.log.to_jsonl().decode().splitlines()
    record = json.loads(rows[1])
    record["events"] = "0" * 32
    rows[1] = json.dumps(record)
    log.write_text("\n".join(rows) + "\n")
    data = replay_data(log, seat=0, seed=match.seed, salt=match.seed_salt)
    assert data.verdict == "invalid at step 1 [broken_chain]" and data.bad_step == 1 and data.shown == 0
