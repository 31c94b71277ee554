"""Bot spec strings: the documented grammar, canonical text and clear refusals."""

from __future__ import annotations

from importlib.metadata import EntryPoint

import pytest

from boardcore.bots import MonteCarloBot, RandomBot
from boardcore.cli._runs import SPEC_HELP
from boardcore.ismcts import ISMCTSBot
from boardcore.registry import get_game
from boardcore.sim import specs
from boardcore.sim.executors import SerialExecutor
from boardcore.sim.simulate import plan_matches, simulate
from boardcore.sim.specs import KINDS, BotSpec, checked_specs, display_name, parse_spec


def test_specs_parse_to_canonical_text() -> None:
    """Parameters are typed and sorted by name, so equal bots have equal text."""
    assert parse_spec("random") == BotSpec("random")
    spec = parse_spec("ismcts:rollout=house,iterations=200,c=0.7")
    assert spec.params == (("c", 0.7), ("iterations", 200), ("rollout", "house"))
    assert str(spec) == "ismcts:c=0.7,iterations=200,rollout=house"
    assert parse_spec(str(spec)) == spec


def test_specs_build_the_named_bot() -> None:
    """Each kind builds its bot with the given parameters; house falls back to random for a game without one."""
    five, ttt = get_game("five_wards"), get_game("tic_tac_toe")
    bot = parse_spec("ismcts:iterations=50,c=1.2,rollout=house,time=0.5").build(five, 3, 1, 2)
    assert isinstance(bot, ISMCTSBot)
    assert (bot.iterations, bot.exploration, bot.rollout, bot.time_budget, bot.seat) == (50, 1.2, "house", 0.5, 1)
    assert bot.opponents == "search"
    modelled = parse_spec("ismcts:rollout=house,opponents=policy").build(five, 3, 1, 2)
    assert isinstance(modelled, ISMCTSBot) and modelled.opponents == "policy"
    assert isinstance(parse_spec("mc:rollouts=3").build(five, 3, 0, 2), MonteCarloBot)
    assert isinstance(parse_spec("house").build(ttt, 3, 0, 2), RandomBot)
    assert type(parse_spec("house").build(five, 3, 0, 2)).__module__.startswith("games.five_wards")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("minimax", "unknown bot 'minimax'"),
        ("random:iterations=3", "has no parameter 'iterations'"),
        ("ismcts:iterations", "NAME=VALUE"),
        ("ismcts:iterations=many", "takes a int"),
        ("ismcts:iterations=0", "out of range"),
        ("ismcts:c=-1", "out of range"),
        ("ismcts:rollout=greedy", "rollout is one of random, house"),
        ("ismcts:opponents=house", "opponents is one of search, policy"),
        ("ismcts:c=1,c=2", "given twice"),
        ("ismcts:search=Staff+", "search takes action kinds joined by"),
        ("ismcts:search=Staff+Over-work", "search takes action kinds joined by"),
        ("mc:rollouts=0", "out of range"),
    ],
)
def test_bad_specs_are_refused_with_the_reason(text: str, message: str) -> None:
    """A malformed spec names what is wrong and what is allowed."""
    with pytest.raises(ValueError, match=message):
        parse_spec(text)


def test_search_kinds_are_a_sorted_set() -> None:
    """``search`` names action kinds joined by ``+``; the canonical text sorts them and drops repeats."""
    spec = parse_spec("ismcts:search=Staff+Overwork+Staff,rollout=house")
    assert str(spec) == "ismcts:rollout=house,search=Overwork+Staff"
    bot = spec.build(get_game("bellwether"), 3, 0, 2)
    assert isinstance(bot, ISMCTSBot) and bot.search == {"Overwork", "Staff"}


def test_a_spec_the_game_refuses_stops_the_run_before_any_match() -> None:
    """Kinds the game does not have are refused when the run is planned, naming the game's kinds."""
    with pytest.raises(ValueError, match="search names action kinds of bellwether, not Nope"):
        checked_specs(get_game("bellwether"), ["house", "ismcts:search=Nope"], 2)
    with pytest.raises(ValueError, match="not Nope"):
        plan_matches("bellwether", 2, 1, ["ismcts:search=Nope"])
    assert checked_specs(get_game("bellwether"), ["ismcts:search=Staff"], 2) == ["ismcts:search=Staff"]


def test_the_command_line_help_names_every_spec_parameter() -> None:
    """``--bots`` help is written by hand beside ``KINDS``; every kind and parameter must appear in it (``search=`` once did not)."""
    for kind, params in KINDS.items():
        assert kind in SPEC_HELP
        for name in params:
            assert f"{name}=" in SPEC_HELP, f"--bots help lacks {kind}'s {name}="


def test_a_users_bot_is_loaded_by_module_and_class() -> None:
    """``MODULE:CLASS[:PARAMS]`` builds the class with the seat it asks for and the parameters as typed keywords."""
    spec = parse_spec("tests.sim.userbots:FirstLegal:offset=2,name=first")
    assert spec.kind == "tests.sim.userbots:FirstLegal" and spec.name == "first"
    assert str(spec) == "tests.sim.userbots:FirstLegal:name=first,offset=2" and parse_spec(str(spec)) == spec
    bot = spec.build(get_game("tic_tac_toe"), 5, 1, 2)
    assert (bot.seat, bot.offset) == (1, 2)  # type: ignore[attr-defined]
    function = parse_spec("tests.sim.userbots:last_legal").build(get_game("tic_tac_toe"), 5, 1, 2)
    assert function.offset == -1  # type: ignore[attr-defined]


def test_a_users_bot_may_come_from_an_entry_point(monkeypatch: pytest.MonkeyPatch) -> None:
    """A name in the ``boardcore.bots`` entry-point group is a kind, with parameters like any other."""
    point = EntryPoint(name="first", value="tests.sim.userbots:FirstLegal", group=specs.ENTRY_POINTS)
    monkeypatch.setattr(specs, "entry_points", lambda group: [point] if group == specs.ENTRY_POINTS else [])
    spec = parse_spec("first:offset=1")
    assert spec.kind == "first" and str(spec) == "first:offset=1"
    assert checked_specs(get_game("tic_tac_toe"), ["first:offset=1", "first"], 2) == ["first:offset=1", "first"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("tests.sim.nowhere:Bot", "cannot import 'tests.sim.nowhere'"),
        ("tests.sim.userbots:Missing", "has no 'Missing'"),
        ("tests.sim.userbots:NoChoose", "has no choose"),
        ("tests.sim.userbots:FirstLegal:depth=3", "could not be built"),
        ("tests.sim.userbots:FirstLegal:seat=3", "given by the simulation"),
        ("house:bold=true", "house bot has no parameter 'bold'"),
        ("house:bold=maybe", "takes a bool"),
    ],
)
def test_a_bot_that_cannot_be_built_is_refused_before_any_match(text: str, message: str) -> None:
    """A user bot that does not load or build, and a house parameter the house bot lacks, are clear errors."""
    game = get_game("five_wards" if "bold=true" in text else "bellwether")
    with pytest.raises(ValueError, match=message):
        checked_specs(game, [text], 2)


def test_house_bots_take_their_own_parameters() -> None:
    """Bellwether's house bot has a temperament: ``house:bold=true`` fixes it, and the rest of the bot is the seed's."""
    bellwether = get_game("bellwether")
    assert checked_specs(bellwether, ["house:bold=true"], 2) == ["house:bold=true"]
    for seed in range(6):
        bold = parse_spec("house:bold=true").build(bellwether, seed, 0, 2)
        plain = parse_spec("house").build(bellwether, seed, 0, 2)
        assert bold.bold and bold.rng == plain.rng  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="takes no parameters"):
        checked_specs(get_game("tic_tac_toe"), ["house:bold=true"], 2)


def test_display_names_are_short_and_read_without_loading_the_bot() -> None:
    """``name=`` is the spec's display name; without it the display name is the spec itself."""
    assert display_name("ismcts:iterations=30,name=big") == "big"
    assert display_name("ismcts:iterations=30") == "ismcts:iterations=30"
    assert display_name("not.installed:Bot:name=mine") == "mine"
    assert parse_spec("random:name=r").name == "r" and str(parse_spec("random:name=r")) == "random:name=r"
    with pytest.raises(ValueError, match="display name"):
        parse_spec("random:name=a;b")


def test_a_simulation_runs_a_users_bot_and_records_its_spec() -> None:
    """A user bot plays through ``simulate`` (rotated), the records keep its canonical spec, and it replays the same."""
    bots = ["tests.sim.userbots:FirstLegal:name=first", "random"]
    records = simulate("tic_tac_toe", 2, 4, bots, SerialExecutor(), rotate=True, seed=3)
    assert [r.bots for r in records][:2] == [("tests.sim.userbots:FirstLegal:name=first", "random"), ("random", "tests.sim.userbots:FirstLegal:name=first")]
    assert records == simulate("tic_tac_toe", 2, 4, bots, SerialExecutor(), rotate=True, seed=3)
