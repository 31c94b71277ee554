"""The gaps a new game author hit (issue 29), each closed: a shadowing ``games`` folder is named, a setup that leaves
an automatic step is refused naming ``setup``, ``make_evolve`` keys handlers by their annotations, ``secrets()``
must give names, rules may not draw outside the state's RNG, the suite runs the hash-seed check, leaks name a field."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import attrs
import msgspec
import pytest

from boardcore import IllegalAction, Match, Waiting, make_evolve
from boardcore.registry import get_game
from boardcore.testing import ContractSuite, contract, leaks
from boardcore.testing.kit import assert_no_secrets, field_paths, secret_words
from tests.boardcore import toy_draw as toy
from tests.boardcore import toy_random
from tests.boardcore.testing.test_contract import HASH_SEED_DEPENDENT

ROOT = Path(__file__).resolve().parents[2]


def test_a_games_folder_in_the_working_directory_is_named_when_it_shadows_the_bundled_games(tmp_path: Path) -> None:
    """get_game of a bundled game, run beside the user's own ``games`` package, says which folder shadows it."""
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "__init__.py").write_text("")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run(
        [sys.executable, "-c", "from boardcore.registry import get_game; get_game('tic_tac_toe')"],
        cwd=tmp_path, env=env, capture_output=True, text=True, check=False,
    )
    assert done.returncode != 0
    assert "ModuleNotFoundError" in done.stderr
    assert str(tmp_path / "games") in done.stderr and "shadows" in done.stderr and "rename yours" in done.stderr


def _everyone_stopped(config: Any, seed: int) -> toy.State:
    state = toy.setup(config, seed)
    return msgspec.structs.replace(state, stopped=(True,) * config.players)


def test_a_setup_that_leaves_an_automatic_step_is_refused_naming_setup() -> None:
    """A setup after which only ``proceed`` could move the game on is refused when the match is built, not later."""
    game = attrs.evolve(toy.GAME, setup=_everyone_stopped)
    with pytest.raises(TypeError, match=r"setup\(config, seed\).*automatic steps .* run only after an action"):
        Match.new(game, 2, seed=1)


def test_a_setup_that_runs_its_automatic_steps_itself_starts() -> None:
    """The remedy the refusal names, ``FLOW.settle`` at the end of setup, gives a match that starts (and is over)."""
    flow = toy.GAME.flow
    assert flow is not None
    game = attrs.evolve(toy.GAME, setup=lambda config, seed: flow.settle(_everyone_stopped(config, seed))[1])
    assert Match.new(game, 2, seed=1).is_over


class _Placed(msgspec.Struct, frozen=True, tag=True):
    cell: int


class _Won(msgspec.Struct, frozen=True, tag=True):
    seat: int


class _Count(msgspec.Struct, frozen=True):
    marks: int = 0
    winner: int = -1


def _on_placed(state: _Count, event: _Placed) -> _Count:
    return msgspec.structs.replace(state, marks=state.marks + 1)


def _on_won(state: _Count, event: _Won) -> _Count:
    return msgspec.structs.replace(state, winner=event.seat)


def test_make_evolve_keys_each_handler_by_its_event_annotation() -> None:
    """``make_evolve(Event, f, g)`` dispatches on each handler's annotated event type."""
    evolve = make_evolve(_Placed | _Won, _on_placed, _on_won)
    assert evolve(evolve(_Count(), _Placed(cell=4)), _Won(seat=1)) == _Count(marks=1, winner=1)


def test_make_evolve_refuses_unannotated_duplicate_and_missing_handlers() -> None:
    """A handler without an event annotation, two for one type, or none for a member is a TypeError at import time."""
    with pytest.raises(TypeError, match="annotated by its event type"):
        make_evolve(_Placed, lambda state, event: state)
    with pytest.raises(TypeError, match="_Placed has two handlers"):
        make_evolve(_Placed | _Won, _on_placed, _on_placed, _on_won)
    with pytest.raises(TypeError, match=r"missing \['_Won'\]"):
        make_evolve(_Placed | _Won, _on_placed)


def test_secrets_must_be_names_not_numbers() -> None:
    """Bare numbers (which match every count and seat in a view) and non-strings are refused, saying why."""
    game = toy.GAME
    assert secret_words(game, ["C3", "Ace of spades"]) == {"C3", "Ace of spades"}
    with pytest.raises(TypeError, match="bare number '3'"):
        secret_words(game, ["3"])
    with pytest.raises(TypeError, match="not int 3"):
        secret_words(game, [3])
    with pytest.raises(TypeError, match="bare number"):
        assert_no_secrets(game, toy.setup(game.config(2), 1), 0, words=["7"])


def test_the_contract_suite_refuses_rules_that_import_random() -> None:
    """A setup shuffling with ``random`` fails the suite's check, which names the module and the line."""
    with pytest.raises(AssertionError, match=r"tests\.boardcore\.toy_random \(line \d+: random\)"):
        contract.check_rules_draw_only_from_the_state_rng(toy_random.GAME)
    contract.check_rules_draw_only_from_the_state_rng(toy.GAME)
    assert "tests.boardcore.toy_draw" in contract.rules_modules(toy_random.GAME)


@pytest.mark.slow
def test_the_suite_runs_the_hash_seed_check_by_default() -> None:
    """``class TestMyGame(ContractSuite)`` includes the PYTHONHASHSEED check, and it catches a set-iterating setup."""

    class TestHashSeed(ContractSuite):
        games = [HASH_SEED_DEPENDENT]

    request: Any = SimpleNamespace(config=None)
    with pytest.raises(AssertionError, match="PYTHONHASHSEED"):
        TestHashSeed().test_same_digests_under_two_hash_seeds(request)
    assert contract.game_spec(HASH_SEED_DEPENDENT) == "tests.boardcore.testing.test_contract:HASH_SEED_DEPENDENT"
    assert contract.game_spec(get_game("tic_tac_toe")) == "tic_tac_toe"


class _Leaky(msgspec.Struct, frozen=True):
    hands: tuple[tuple[str, ...], ...]
    waiting: tuple[Waiting, ...] = ()


def _every_hand(state: toy.State, seat: int | None, waiting: tuple[Waiting, ...]) -> _Leaky:
    return _Leaky(hands=tuple(tuple(toy.name(card) for card in hand) for hand in state.hands), waiting=waiting)


def test_a_leak_names_the_field_path() -> None:
    """A leak failure says where the secret sits (``view.hands[1][0]``), not only which word leaked."""
    leaky = attrs.evolve(toy.GAME, view=_every_hand, view_type=_Leaky)
    state = toy.setup(toy.GAME.config(2), 1)
    other = toy.name(state.hands[1][0])
    with pytest.raises(AssertionError, match=rf"the view shows seat 0 what is hidden from them: \['{other}'\] \(at view\.hands\[1\]\[0\]\)"):
        assert_no_secrets(leaky, state, 0)
    assert field_paths({"seats": [{"hand": [other]}]}, [other], "view") == ["view.seats[0].hand[0]"]


def test_a_seats_own_card_committed_then_reshuffled_in_one_step_is_no_leak() -> None:
    """Regression (5 Wards, 4 players, seed 9003, step 740): seat 3 commits its own T17, which is revealed and
    reshuffled in the same step; its commit event names a card it knew, though the state after hides it."""
    p = contract.record_playout(get_game("five_wards"), 4, 9003)
    assert "T17" in p.game.secrets(p.states[740], 3) and "T17" not in p.game.secrets(p.states[739], 3)
    cut = attrs.evolve(p, states=p.states[:741], digests=p.digests[:741])
    leaks.check_seats_see_only_their_own(cut, states=2)  # samples steps 0 and 740


def test_a_game_takes_its_rules_only_as_a_flow() -> None:
    """A ``Game`` built with anything but a ``Flow`` as its rules is refused at construction, naming ``Flow``."""
    ttt = get_game("tic_tac_toe")
    with pytest.raises(TypeError, match=r"tic_tac_toe: the rules are a boardcore\.kernel\.Flow, not SimpleNamespace"):
        attrs.evolve(ttt, flow=SimpleNamespace(actors=ttt.actors, evolve=ttt.evolve))


def test_act_checks_what_play_listed_trusts_and_both_give_the_same_step() -> None:
    """The checked way in refuses a malformed action, a seat out of turn and a broken rule; for an action taken from
    the legal list, the trusted way gives the very events and state the checked way gives (every step of a game)."""
    game = get_game("tic_tac_toe")
    place = game.action_classes[0]
    state = game.setup(game.config(2), 1)
    with pytest.raises(IllegalAction) as malformed:
        game.act(state, 0, {"type": "PlaceMark", "cell": "4"})
    assert malformed.value.code == "action/malformed"
    _, after = game.act(state, 0, place(cell=4))
    for seat, action, code in ((0, place(cell=0), "turn/not_your_turn"), (1, place(cell=4), "board/cell_taken")):
        with pytest.raises(IllegalAction) as refused:
            game.act(after, seat, action)
        assert refused.value.code == code
    steps = 0
    while seats := game.actors(state):
        seat = min(seats)
        action = game.legal_actions(state, seat)[-1]
        checked, trusted = game.act(state, seat, action), game.play_listed(state, seat, action)
        assert checked == trusted
        state = trusted[1]
        steps += 1
    assert steps >= 5 and game.outcome(state) is not None
