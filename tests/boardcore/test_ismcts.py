"""The ISMCTS bot: legal choices, no peeking at the real state, reproducible search, availability counts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec
import pytest

from boardcore import Match, Outcome, Rng
from boardcore.bots import make_bots
from boardcore.ismcts import OPPONENTS, ISMCTSBot, _Node, rewards
from boardcore.registry import get_game
from boardcore.rng import DETERMINIZE
from boardcore.strategy import get_strategy

GAMES = [("five_wards", 2), ("peaky_blinders", 2), ("bellwether", 2), ("the_warriors", 2), ("kuhn_poker", 2), ("tic_tac_toe", 2)]


def _decision_points(name: str, players: int, seed: int, count: int) -> list[tuple[Any, int]]:
    """States (and the seat to act) where some seat has a real choice, along a house-bot game."""
    game = get_game(name)
    match = Match.new(game, players, seed)
    bots = make_bots(game, players, seed)
    points: list[tuple[Any, int]] = []
    while not match.is_over and len(points) < count:
        seat = min(match.actors)
        legal = match.legal_actions(seat)
        if len(legal) > 1 and len(match) % 3 == 0:
            points.append((match.state, seat))
        match.apply(seat, bots[seat].choose(match.view(seat), legal))
    return points


def _sampler(game: Any, state: Any, seat: int) -> Callable[[Rng], Any]:
    return lambda rng: game.determinize(state, seat, rng)


@pytest.mark.parametrize("opponents", OPPONENTS)
@pytest.mark.parametrize(("name", "players"), GAMES)
def test_choice_is_always_legal(name: str, players: int, opponents: str) -> None:
    """Whatever the samples and the opponent model, the bot answers with one of the legal actions it was given."""
    game = get_game(name)
    for state, seat in _decision_points(name, players, seed=3, count=4):
        legal = game.legal_actions(state, seat)
        bot = ISMCTSBot.seeded(game, 11, seat, players, iterations=6, rollout="house", opponents=opponents)
        assert bot.choose_sampled(game.view(state, seat), legal, _sampler(game, state, seat)) in legal
        assert bot.choose(game.view(state, seat), legal) in legal


@pytest.mark.parametrize("opponents", OPPONENTS)
@pytest.mark.parametrize(("name", "players"), GAMES)
def test_same_view_gives_same_choice(name: str, players: int, opponents: str) -> None:
    """Two real states that the seat cannot tell apart (one a determinization of the other) get the same choice."""
    game = get_game(name)
    unordered = []
    for index, (state, seat) in enumerate(_decision_points(name, players, seed=5, count=4)):
        twin = game.determinize(state, seat, Rng.from_seed(1000 + index, DETERMINIZE))
        assert game.view(twin, seat) == game.view(state, seat)
        legal = game.legal_actions(state, seat)
        probe = Rng.from_seed(77, DETERMINIZE)
        if game.determinize(state, seat, probe) != game.determinize(twin, seat, probe):
            unordered.append(index)
            continue
        choices = [
            ISMCTSBot.seeded(game, 21, seat, players, iterations=12, rollout="house", opponents=opponents).choose_sampled(
                game.view(world, seat), legal, _sampler(game, world, seat)
            )
            for world in (state, twin)
        ]
        assert choices[0] == choices[1]
    assert not unordered, (
        f"{name}.determinize is not a function of the seat's view alone (decision points {unordered}): a searching bot "
        "could undo its shuffle and read the real hidden order"
    )


def test_fixed_iterations_are_reproducible() -> None:
    """The same seed, view and samples give the same choice and the same number of iterations, run after run."""
    game = get_game("peaky_blinders")
    state, seat = _decision_points("peaky_blinders", 2, seed=8, count=1)[0]
    legal = game.legal_actions(state, seat)
    bots = [ISMCTSBot.seeded(game, 4, seat, 2, iterations=15, rollout="house") for _ in range(2)]
    choices = [bot.choose_sampled(game.view(state, seat), legal, _sampler(game, state, seat)) for bot in bots]
    assert choices[0] == choices[1]
    assert bots[0].rng == bots[1].rng
    assert bots[0].searched == bots[1].searched == 15


def test_time_budget_searches_at_least_once() -> None:
    """A time budget (opt-in, not reproducible) still runs at least one iteration per decision."""
    game = get_game("tic_tac_toe")
    match = Match.new(game, 2, 1)
    bot = ISMCTSBot.seeded(game, 1, 0, 2, time_budget=1e-9)
    state = match.state
    action = bot.choose_sampled(match.view(0), match.legal_actions(0), _sampler(game, state, 0))
    assert action in match.legal_actions(0)
    assert bot.searched >= 1


def test_selection_uses_availability_not_parent_visits() -> None:
    """UCB's exploration term counts how often a child was available, and selection makes every legal child available once more."""
    rare, common = _Node(0), _Node(0)
    rare.visits, rare.reward, rare.available = 2, 1.0, 2  # legal in only 2 of the samples so far
    common.visits, common.reward, common.available = 2, 1.2, 40
    parent = _Node(1)
    parent.children[0] = {"rare": rare, "common": common}  # seat 0's children of one node
    bot = ISMCTSBot(get_game("tic_tac_toe"), 0, 2, Rng.from_seed(1), exploration=0.7)
    child, action, new = bot._descend(parent, 0, ["rare", "common"], None)
    # rare: 0.5 + 0.7*sqrt(ln 3 / 2) = 1.019; common: 0.6 + 0.7*sqrt(ln 41 / 2) = 1.515
    assert action == "common" and child is common and not new
    assert (rare.available, common.available) == (3, 41)
    child, action, new = bot._descend(parent, 0, ["rare"], None)  # only "rare" is legal in this sample
    assert action == "rare" and not new and (rare.available, common.available) == (4, 41)


def test_rewards_follow_the_outcome() -> None:
    """Winners share 1; a draw with no winner pays 1/players; a cooperative result pays every seat alike."""
    assert rewards(Outcome.from_scores([3, 1, 3]), 3) == (0.5, 0.0, 0.5)
    assert rewards(Outcome.draw(2), 2) == (0.5, 0.5)
    assert rewards(Outcome.team(3, won=True, reason="escaped"), 3) == (1.0, 1.0, 1.0)
    assert rewards(Outcome.team(2, won=False, reason="caught"), 2) == (0.0, 0.0)


def test_bad_parameters_are_refused() -> None:
    """Unknown rollout policies and out-of-range budgets are refused when the bot is made."""
    game = get_game("tic_tac_toe")
    with pytest.raises(ValueError, match="rollout"):
        ISMCTSBot.seeded(game, 1, 0, 2, rollout="greedy")
    with pytest.raises(ValueError, match="iterations"):
        ISMCTSBot.seeded(game, 1, 0, 2, iterations=0)
    with pytest.raises(ValueError, match="time_budget"):
        ISMCTSBot.seeded(game, 1, 0, 2, time_budget=0)
    with pytest.raises(ValueError, match="opponent model 'house'; choose one of search, policy"):
        ISMCTSBot.seeded(game, 1, 0, 2, opponents="house")


@pytest.mark.parametrize(("name", "players"), GAMES[:4])
def test_a_search_without_evidence_plays_the_house_move(name: str, players: int) -> None:
    """With house rollouts the house bot's own choice is expanded first and wins ties: one iteration plays it."""
    game = get_game(name)
    for state, seat in _decision_points(name, players, seed=9, count=3):
        legal = game.legal_actions(state, seat)
        view = game.view(state, seat)
        bot = ISMCTSBot.seeded(game, 13, seat, players, iterations=1, rollout="house")
        word, _ = bot.rng.next_word()  # the rollout policies of this decision are seeded from the bot's next word
        assert get_strategy(game.name).house_bot is not None
        expected = get_strategy(game.name).house_bot(word, seat).choose(view, legal)
        assert bot.choose_sampled(view, legal, _sampler(game, state, seat)) == expected


def test_root_actions_are_compared_on_the_same_worlds() -> None:
    """Common random numbers: the n-th visit of every root action plays in the n-th sampled world.

    Each world is sampled once and shared by the root actions that play in it. The first
    visit of each root action is its expansion, so the first ``len(legal)`` iterations
    sample world 0 alone; afterwards no more distinct worlds are drawn than the most
    visited root action has visits.
    """
    game = get_game("five_wards")
    state, seat = next((s, a) for s, a in _decision_points("five_wards", 2, seed=4, count=6) if len(game.legal_actions(s, a)) >= 3)
    legal = game.legal_actions(state, seat)
    seeds: list[Any] = []

    def sample(rng: Rng) -> Any:
        seeds.append(rng)
        return game.determinize(state, seat, rng)

    view = game.view(state, seat)
    ISMCTSBot.seeded(game, 3, seat, 2, iterations=len(legal), rollout="house", depth=4).choose_sampled(view, legal, sample)
    assert len(seeds) == 1
    seeds.clear()
    ISMCTSBot.seeded(game, 3, seat, 2, iterations=4 * len(legal), rollout="house", depth=4).choose_sampled(view, legal, sample)
    assert len(set(seeds)) == len(seeds)
    assert 1 < len(seeds) <= 4 * len(legal) - len(legal) + 1


def test_depth_scores_the_cut_rollout_with_the_estimate() -> None:
    """With ``depth`` the rollout stops after that many actions and the game's estimate (clamped) is the reward."""
    game = get_game("five_wards")
    state, seat = _decision_points("five_wards", 2, seed=2, count=3)[-1]
    bot = ISMCTSBot.seeded(game, 1, seat, 2, depth=0)
    assert get_strategy(game.name).estimate is not None
    assert bot._roll_out(state, game.next_decision(state), [None, None], Rng.from_seed(1)) == get_strategy(game.name).estimate(state)
    assert all(0.0 <= share <= 1.0 for share in get_strategy(game.name).estimate(state))


def test_a_game_without_an_estimate_is_rolled_out_to_the_end() -> None:
    """``depth`` is ignored where the game has no estimate: the reward is a finished game's."""
    game = get_game("tic_tac_toe")
    assert get_strategy(game.name).estimate is None
    bot = ISMCTSBot.seeded(game, 1, 0, 2, depth=0)
    start = Match.new(game, 2, 1).state
    result = bot._roll_out(start, game.next_decision(start), [None, None], Rng.from_seed(5))
    assert result in {(1.0, 0.0), (0.0, 1.0), (0.5, 0.5)}


def test_a_negative_depth_is_refused() -> None:
    with pytest.raises(ValueError, match="depth"):
        ISMCTSBot.seeded(get_game("five_wards"), 1, 0, 2, depth=-1)


def _grown_tree(game: Any, state: Any, seat: int, **params: Any) -> list[tuple[Any, _Node]]:
    """Every node below the root, with its action, after 40 iterations of a bot built with ``params`` at ``seat``'s choice in ``state``."""
    legal = game.legal_actions(state, seat)
    bot = ISMCTSBot.seeded(game, 5, seat, 2, **params)
    root = _Node(seat)
    worlds: list[int] = []
    for _ in range(40):
        bot._iterate(root, legal, _sampler(game, state, seat), worlds, None)
    nodes: list[tuple[Any, _Node]] = []
    todo = [root]
    while todo:
        for by_action in todo.pop().children.values():
            for action, child in by_action.items():
                nodes.append((action, child))
                todo.append(child)
    return nodes


def _tree_actors(game: Any, state: Any, seat: int, opponents: str, rollout: str) -> set[int]:
    """The seats whose decisions became nodes below the root."""
    return {node.actor for _, node in _grown_tree(game, state, seat, rollout=rollout, opponents=opponents)}


@pytest.mark.parametrize("rollout", ["house", "random"])
@pytest.mark.parametrize("name", ["bellwether", "peaky_blinders"])
def test_the_opponent_model_keeps_only_the_bots_own_decisions_in_the_tree(name: str, rollout: str) -> None:
    """With ``opponents="policy"`` the rival plays its rollout policy inside the tree: no node is the rival's.

    Plain SO-ISMCTS (``"search"``) on the same decision grows rival nodes, so the check can fail.
    """
    game = get_game(name)
    state, seat = _decision_points(name, 2, seed=6, count=2)[-1]
    assert _tree_actors(game, state, seat, "policy", rollout) == {seat}
    assert 1 - seat in _tree_actors(game, state, seat, "search", rollout)


LABOR_ALLOCATION = frozenset({"Staff", "Overwork", "FinishAllocation"})
"""Bellwether's worker-allocation action kinds, the decisions searched in the ``search`` tests."""


def _split_by_search(name: str, kinds: frozenset[str]) -> tuple[list[tuple[Any, int]], list[tuple[Any, int]]]:
    """Decision points along a house-bot game that offer one of ``kinds``, and those that do not."""
    game = get_game(name)
    offered: list[tuple[Any, int]] = []
    other: list[tuple[Any, int]] = []
    for state, seat in _decision_points(name, 2, seed=3, count=40):
        searched = any(type(action).__name__ in kinds for action in game.legal_actions(state, seat))
        (offered if searched else other).append((state, seat))
    return offered, other


def test_only_decisions_offering_a_search_kind_are_searched() -> None:
    """With ``search``, a decision offering none of its kinds is the rollout policy's move, unsearched.

    The policy is one house bot for the whole game (seeded from the bot's next word at
    its first use), so every unsearched decision is played by the same bot; a decision
    offering a searched kind runs the iterations.
    """
    game = get_game("bellwether")
    assert get_strategy(game.name).house_bot is not None
    offered, other = _split_by_search("bellwether", LABOR_ALLOCATION)
    seat = other[0][1]
    mine = [state for state, actor in other if actor == seat]
    assert offered and len(mine) >= 2
    bot = ISMCTSBot.seeded(game, 13, seat, 2, iterations=20, depth=8, rollout="house", opponents="policy", search=LABOR_ALLOCATION)
    word, _ = bot.rng.next_word()
    policy = get_strategy(game.name).house_bot(word, seat)
    for state in mine:
        legal = game.legal_actions(state, seat)
        view = game.view(state, seat)
        assert bot.choose_sampled(view, legal, _sampler(game, state, seat)) == policy.choose(view, legal)
    assert (bot.decisions, bot.searched) == (0, 0)
    state, seat = offered[0]
    searching = ISMCTSBot.seeded(game, 13, seat, 2, iterations=20, depth=8, rollout="house", opponents="policy", search=LABOR_ALLOCATION)
    choice = searching.choose_sampled(game.view(state, seat), game.legal_actions(state, seat), _sampler(game, state, seat))
    assert choice in game.legal_actions(state, seat)
    assert (searching.decisions, searching.searched) == (1, 20)


def _tree_kinds(game: Any, state: Any, seat: int, search: frozenset[str] | None) -> set[str]:
    """The kinds of action on the nodes below the root (opponent model, house rollouts, ``depth=8``)."""
    tree = _grown_tree(game, state, seat, depth=8, rollout="house", opponents="policy", search=search)
    return {type(action).__name__ for action, _ in tree}


def test_unsearched_decisions_have_no_nodes_inside_the_tree() -> None:
    """Inside the tree too, the bot's own decisions offering no ``search`` kind are its policy's, without nodes.

    Without ``search`` the same decision's tree holds nodes of other kinds (the Push that follows), so the check can fail.
    """
    game = get_game("bellwether")
    offered, _ = _split_by_search("bellwether", LABOR_ALLOCATION)
    state, seat = offered[0]
    assert _tree_kinds(game, state, seat, LABOR_ALLOCATION) <= LABOR_ALLOCATION
    assert _tree_kinds(game, state, seat, None) - LABOR_ALLOCATION


def test_search_kinds_must_be_the_games() -> None:
    """An unknown or empty set of kinds is refused, with the game's kinds in the message."""
    game = get_game("bellwether")
    with pytest.raises(ValueError, match=r"not Stafff; its kinds: .*FinishAllocation"):
        ISMCTSBot.seeded(game, 1, 0, 2, search={"Stafff", "Overwork"})
    with pytest.raises(ValueError, match="not none"):
        ISMCTSBot.seeded(game, 1, 0, 2, search=frozenset())


def test_a_searched_decision_compares_its_kinds_and_the_policys_own_moves() -> None:
    """With ``search``, the root compares the searched kinds the game's ``search_moves`` leaves, the policy's move,
    and the policy's move among the other kinds; the decision's other moves are not compared.
    """
    game = get_game("peaky_blinders")
    offered, _ = _split_by_search("peaky_blinders", frozenset({"BuyMarker"}))
    state, seat = next(
        (state, seat) for state, seat in offered if len({type(action).__name__ for action in game.legal_actions(state, seat)}) >= 3
    )
    view, legal = game.view(state, seat), game.legal_actions(state, seat)
    bot = ISMCTSBot.seeded(game, 5, seat, 2, iterations=10, depth=0, rollout="house", opponents="policy", search={"BuyMarker"})
    policy, twin = get_strategy(game.name).house_bot(9, seat), get_strategy(game.name).house_bot(9, seat)
    prior = policy.choose(view, legal)
    compared = bot.candidates(view, legal, policy, prior)
    others = [action for action in legal if type(action).__name__ != "BuyMarker"]
    own = {twin.choose(view, legal), twin.choose(view, others)}
    markers = [action for action in get_strategy(game.name).search_moves(view, seat, legal) if type(action).__name__ == "BuyMarker"]
    assert set(compared) == set(markers) | own
    assert set(legal) - set(compared)  # some moves were left to the policy, so the check can fail
    assert bot.choose_sampled(view, legal, _sampler(game, state, seat)) in compared


def _tree(root: _Node) -> list[tuple[int, str, int, int, float]]:
    """Every node's seat, action, visits, availability and reward, depth first in insertion order."""
    nodes: list[tuple[int, str, int, int, float]] = []
    todo = [root]
    while todo:
        for by_action in todo.pop().children.values():
            for action, child in by_action.items():
                nodes.append((child.actor, repr(action), child.visits, child.available, child.reward))
                todo.append(child)
    return nodes


@pytest.mark.parametrize("history", ["", "p", "b", "pb"])
def test_a_world_met_before_is_walked_from_remembered_moves_to_the_same_tree(history: str) -> None:
    """Kuhn poker's ``determinize`` gives equal deals as one object; walks in such a world are looked up, not
    played again, and the tree is node for node the one grown where every world is a new object."""
    game = get_game("kuhn_poker")
    match = Match.new(game, 2, 7)
    for letter in history:
        match.apply(min(match.actors), {"type": "Pass" if letter == "p" else "Bet"})
    state, seat = match.state, min(match.actors)
    legal = game.legal_actions(state, seat)
    sample = _sampler(game, state, seat)
    assert sample(Rng.from_seed(1)) is sample(Rng.from_seed(1))

    def grow(sampler: Callable[[Rng], Any]) -> tuple[ISMCTSBot, _Node]:
        bot, root, worlds = ISMCTSBot.seeded(game, 3, seat, 2), _Node(seat), []
        for _ in range(300):
            bot._iterate(root, legal, sampler, worlds, None)
        return bot, root

    remembered, tree = grow(sample)
    played, fresh_tree = grow(lambda rng: msgspec.structs.replace(sample(rng)))  # a new object every time
    assert remembered._moves and not played._moves
    assert _tree(tree) == _tree(fresh_tree)
    assert remembered.rng == played.rng


def test_a_decision_holds_no_state_once_chosen() -> None:
    """The sampled states and the remembered moves are this decision's: dropped when it is made."""
    game = get_game("kuhn_poker")
    state = Match.new(game, 2, 7).state
    bot = ISMCTSBot.seeded(game, 3, 0, 2, iterations=50)
    bot.choose_sampled(game.view(state, 0), game.legal_actions(state, 0), _sampler(game, state, 0))
    assert bot.searched == 50
    assert not bot._moves and not bot._sampled
