"""Information-set Monte Carlo tree search: a strong bot that sees only its view and samples.

Single-observer ISMCTS (Cowling, Powley & Whitehouse, "Information Set Monte Carlo
Tree Search", IEEE TCIAIG 4(2), 2012): one tree over the bot's information set.
Every iteration plays in a *determinization* (``sample(rng)``, which is the game's
``determinize`` of the real state for the bot's seat: it agrees with the bot's view
and reveals nothing it could not know), walks the tree restricted to the actions
legal in that sample, adds one node, finishes the game with a rollout policy and
credits each node with the result of the seat that took its action.

Worlds are paired across the root's actions (common random numbers): the n-th
visit of every root action plays in the same n-th sampled world, with the same
dice and the same rollout seeds. Root actions are then compared on the same luck,
so a difference in their means is more their own than the dice's.

Rollouts may stop early: with ``depth`` set, a rollout plays at most that many
actions of its policy and then asks the game's ``estimate`` (each seat's expected
share of the win from an unfinished state, :attr:`boardcore.strategy.Strategy.estimate`)
to score the sampled world. That makes an iteration 10-20 times cheaper in the
long board games, where a rollout to the end costs hundreds of actions. A game
without an estimate is always played to the end.

Worlds met again: where ``sample`` gives a state object it gave before in this
decision (Kuhn poker's ``determinize`` builds each deal of a state once, so a search
meets two worlds thousands of times), each step of a walk in it is remembered: the
next state and its next decision are looked up, not played again. States are
immutable and the rules pure, so the tree is the very one a fresh walk would grow;
a game whose every sample is new pays one lookup per world. What a decision held
is dropped once it is made.

Actions legal only in some determinizations (they hinge on hidden cards) are
handled with *availability counts*: a child's UCB term uses how often it was
available, not how often its parent was visited. Nodes are keyed by seat, then by
action (``children[seat][action]``); actions are frozen msgspec Structs, so they hash.

Opponent model (``opponents="policy"``, opt-in): plain SO-ISMCTS makes every
seat's decisions tree nodes, and with a small budget a rival's node is mostly
expanded once, by a uniformly drawn action, so the bot's moves are judged against a
rival who plays one random move and then the rollout policy. With the opponent
model the other seats play the rollout policy inside the tree too (the house bot,
given their view of the sampled world), so the tree holds only the bot's own
decisions, multi-step turns included, and each of them expands the policy's choice
first. Against the house bot that is an exact model of the rival's plan (with its
hidden hand and temperament sampled); in Bellwether it took the search from 36 to 58
wins in 100 games against the house bot (docs/simulation.md gives the figures).

Searched decisions (``search``, opt-in): a set of action kinds (the actions' type
names, as in their JSON ``type``). The bot then searches only the decisions that
offer one of those kinds and plays its rollout policy's move at the others (one
policy bot for the whole game, so a house bot keeps one temperament). At a searched
decision the bot compares only the actions of those kinds and the policy's own
moves (what it would play here, and what it would play if those kinds were not on
offer): the search decides the searched kinds and leaves the policy's other choices
to it, so its iterations are not spread over moves it was not asked to judge. A small
search pays where a decision's consequences show within a few actions, and can
cost where they do not: in Bellwether it wins the Labor decisions (where workers
go, how far to push) and loses the Invest & Build turns, whose shopping an
8-action horizon cannot judge (docs/simulation.md gives the figures).

Pruned moves: a game may declare ``search_moves(view, seat, legal)``, the actions a
search compares at a decision (moves no sound plan makes left out: in Peaky Blinders,
marker purchases that neither build the seat's control zone nor block a rival's).
The bot applies it at the decision being made; inside the tree every legal action
stays open.

Reproducibility: in the default mode (a fixed number of iterations) every choice
is a pure function of the seed, the view, the legal actions and the samples; a
``time_budget`` in seconds is an opt-in that reads the clock, so its choices vary
from run to run and machine to machine.

Rewards: a cooperative game pays every seat 1 for a team win and 0 for a loss;
otherwise the winners share 1 (a two-seat draw pays 0.5 each; a game that ends
with no winner pays each seat ``1/players``). A rollout cut short at ``depth``
gets the game's estimate instead, clamped to ``[0, 1]`` per seat. A rollout that
passes ``max_rollout_steps`` without an outcome is scored as that no-winner
result: a safety cap, not an evaluation (every shipped game ends well before it).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from boardcore.bots import Bot, bot_rng
from boardcore.gcpause import paused_gc
from boardcore.outcome import Outcome
from boardcore.rng import BOTS, DETERMINIZE, Rng
from boardcore.strategy import Strategy, strategy_of

__all__ = ["OPPONENTS", "ROLLOUTS", "ISMCTSBot", "rewards"]

ROLLOUTS = ("random", "house")
"""Rollout policies: uniform over the legal actions, or the game's house bot (random where it has none)."""
OPPONENTS = ("search", "policy")
"""How the tree treats the other seats' decisions: searched like the bot's own, or played by the rollout policy."""
SAMPLES_HELD = 64
"""How many of a decision's sampled states are held to tell a recurring world (Kuhn poker's two deals) from a new one."""
MOVES_HELD = 65_536
"""Remembered steps held at most (then forgotten at once): a bound on a search's memory, far above Kuhn poker's few dozen."""


def rewards(outcome: Outcome, players: int) -> tuple[float, ...]:
    """Each seat's reward in ``[0, 1]`` for a finished game (the module docstring says how)."""
    if outcome.cooperative:
        won = 1.0 if outcome.winners else 0.0
        return (won,) * players
    winners = outcome.winners
    if not winners:
        return (1.0 / players,) * players
    share = 1.0 / len(winners)
    return tuple(share if seat in winners else 0.0 for seat in range(players))


class _Node:
    """One node of the tree: the action that led here, its statistics and its children."""

    __slots__ = ("actor", "available", "children", "reward", "visits")

    def __init__(self, actor: int) -> None:
        self.actor = actor
        """The seat whose action led to this node; its rewards are credited here."""
        self.visits = 0
        self.available = 0
        """How many times this node's action was legal when its parent was walked through."""
        self.reward = 0.0
        self.children: dict[int, dict[Any, _Node]] = {}
        """By the seat that acts, then by its action."""


class _World:
    """One sampled world of a decision: the seed its samples and rollouts are drawn from, and its state while some root action has yet to play in it."""

    __slots__ = ("recurs", "state", "visitors", "word")

    def __init__(self, word: int, visitors: int) -> None:
        self.word = word
        self.state: Any = None
        self.visitors = visitors
        """Root actions yet to play in this world (each plays in it once: its n-th visit is in world n)."""
        self.recurs = False
        """Its state is one ``sample`` gave before in this decision: its walks' moves are remembered."""


@attrs.define(on_setattr=attrs.setters.NO_OP)  # the search sets ``rng`` once per world: no hook to run on it
class ISMCTSBot:
    """A searching bot (``boardcore.bots.SamplingBot``): SO-ISMCTS with availability counts.

    ``iterations`` per decision (the reproducible default), or ``time_budget``
    seconds per decision when set (opt-in, not reproducible). ``exploration`` is
    the UCB constant. ``rollout`` is ``"random"`` or ``"house"`` (the game's
    house bot, given each seat's view of the sampled state). ``opponents`` is
    ``"search"`` (every seat's decisions are tree nodes, each chosen by UCB for its
    own seat) or ``"policy"`` (the other seats play the rollout policy inside the tree
    as well, so the tree holds only this bot's decisions). ``depth``: rollout
    actions before the game's ``estimate`` scores the sampled world (``None``, or a
    game without an estimate: play to the end). ``search``: the action kinds whose
    decisions are searched (``None``: every decision); the rollout policy plays the
    others. ``strategy``: the game's house bot, estimate and search pruning (the one
    registered for the game's name unless given).
    """

    game: Any
    seat: int
    players: int
    rng: Rng
    iterations: int = 200
    exploration: float = 0.7
    rollout: str = "random"
    opponents: str = "search"
    time_budget: float | None = None
    depth: int | None = None
    max_rollout_steps: int = 10_000
    search: frozenset[str] | None = attrs.field(default=None, converter=attrs.converters.optional(frozenset))
    strategy: Strategy = attrs.field(kw_only=True, default=attrs.Factory(lambda self: strategy_of(self.game), takes_self=True), repr=False)
    decisions: int = attrs.field(default=0, init=False)
    """Decisions searched so far (choices with a single legal action are not searched)."""
    searched: int = attrs.field(default=0, init=False)
    """Iterations run so far, over every decision."""
    _own: Bot[Any, Any] | None = attrs.field(default=None, init=False)
    """The rollout policy's bot for this seat's unsearched decisions, made at the first one (``None`` before, or when random)."""
    _plain: bool = attrs.field(init=False, repr=False)
    """Every rollout policy is uniform random (no house bots to seed per world)."""
    _nobody: list[Bot[Any, Any] | None] = attrs.field(init=False, repr=False)
    """One ``None`` per seat: the random policies (never changed, so one list serves every iteration)."""
    _rewarded: dict[int, tuple[Outcome, tuple[float, ...]]] = attrs.field(factory=dict, init=False, repr=False)
    """:meth:`_rewards` by the outcome's id (with the outcome itself, so an id is never taken for another's)."""
    _sampled: dict[int, Any] = attrs.field(factory=dict, init=False, repr=False)
    """The last few states ``sample`` gave in this decision, by id (held, so an id is never taken for another's)."""
    _moves: dict[tuple[int, Any], tuple[Any, Any, Any]] = attrs.field(factory=dict, init=False, repr=False)
    """Walks in recurring worlds: ``(id(state), action)`` to ``(state, next state, its next decision)``."""

    def __attrs_post_init__(self) -> None:
        self._nobody = [None] * self.players
        self._plain = self.rollout == "random" or self.strategy.house_bot is None
        if self.rollout not in ROLLOUTS:
            msg = f"unknown rollout policy {self.rollout!r}; choose one of {', '.join(ROLLOUTS)}"
            raise ValueError(msg)
        if self.opponents not in OPPONENTS:
            msg = f"unknown opponent model {self.opponents!r}; choose one of {', '.join(OPPONENTS)}"
            raise ValueError(msg)
        if self.iterations < 1:
            msg = f"iterations must be at least 1, not {self.iterations}"
            raise ValueError(msg)
        if self.time_budget is not None and not self.time_budget > 0:
            msg = f"time_budget is a positive number of seconds, not {self.time_budget}"
            raise ValueError(msg)
        if self.depth is not None and self.depth < 0:
            msg = f"depth is a number of rollout actions, 0 or more, not {self.depth}"
            raise ValueError(msg)
        if not self.exploration >= 0:
            msg = f"the exploration constant must be 0 or more, not {self.exploration}"
            raise ValueError(msg)
        if self.search is not None:
            kinds = {cls.__name__ for cls in self.game.action_classes}
            unknown = sorted(self.search - kinds)
            if unknown or not self.search:
                msg = f"search names action kinds of {self.game.name}, not {', '.join(unknown) or 'none'}; its kinds: {', '.join(sorted(kinds))}"
                raise ValueError(msg)

    @classmethod
    def seeded(cls, game: Any, seed: int, seat: int, players: int, **params: Any) -> ISMCTSBot:
        """A bot for ``seat`` whose choices depend only on ``seed``, ``seat`` and what it is shown."""
        return cls(game, seat, players, bot_rng(seed, seat, DETERMINIZE), **params)

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        """Without a sampler there is nothing to search: play as the rollout policy would.

        The policy is one bot for the whole game, seeded from the bot's stream at its first use.
        """
        if len(legal) == 1:
            return legal[0]
        house = self.strategy.house_bot
        if self._own is None and self.rollout == "house" and house is not None:
            word, self.rng = self.rng.next_word()
            self._own = house(word, self.seat)
        if self._own is None:
            action, self.rng = self.rng.choice(legal)
            return action
        return self._own.choose(view, legal)

    def searches(self, legal: Sequence[Any]) -> bool:
        """Whether a decision among ``legal`` is searched: it offers one of the ``search`` kinds (every decision without it)."""
        return self.search is None or any(type(action).__name__ in self.search for action in legal)

    def choose_sampled(self, view: Any, legal: Sequence[Any], sample: Callable[[Rng], Any]) -> Any:
        """The root action visited most often after the search.

        Ties go to the rollout policy's own choice (with house rollouts: what the
        house bot would play from this view, which is also expanded first), then to
        the better mean, then to ``legal`` order. So a search that learned nothing,
        e.g. every rollout lost, plays the house move rather than the first legal one.
        """
        if len(legal) == 1:
            return legal[0]
        if not self.searches(legal):
            return self.choose(view, legal)
        root = _Node(self.seat)
        policy = self._policies()[self.seat]
        prior = None if policy is None else policy.choose(view, legal)
        candidates = self.candidates(view, legal, policy, prior)
        if len(candidates) == 1:
            return candidates[0]
        worlds: list[_World] = []
        deadline = None if self.time_budget is None else time.perf_counter() + self.time_budget
        runs = 0
        with paused_gc():  # a search makes no cycles: full collections would only rescan the growing tree (gcpause)
            while (runs < self.iterations) if deadline is None else (runs == 0 or time.perf_counter() < deadline):
                self._iterate(root, candidates, sample, worlds, prior)
                runs += 1
        self._sampled.clear()  # this decision's states, held no longer
        self._moves.clear()
        self.decisions += 1
        self.searched += runs
        best, best_key = candidates[0], (-1, False, -1.0)
        mine = root.children.get(self.seat, {})
        for action in candidates:
            child = mine.get(action)
            if child is None:
                continue
            key = (child.visits, action == prior, child.reward / child.visits)
            if key > best_key:
                best, best_key = action, key
        return best

    def candidates(self, view: Any, legal: Sequence[Any], policy: Bot[Any, Any] | None, prior: Any) -> list[Any]:
        """The actions compared at a searched decision (the module docstring says which), in ``legal`` order.

        The game's ``search_moves`` prunes first; with ``search`` kinds and a rollout
        policy, only those kinds and the policy's own moves (``prior``, and its choice
        among the other kinds) stay.
        """
        prune = self.strategy.search_moves
        pruned = legal if prune is None else prune(view, self.seat, legal)
        if self.search is None or policy is None:
            return list(pruned)
        others = [action for action in legal if type(action).__name__ not in self.search]
        own = {prior, policy.choose(view, others)} if others else {prior}
        return [action for action in pruned if type(action).__name__ in self.search or action in own] or list(pruned)

    def _policies(self, word: int | None = None) -> list[Bot[Any, Any] | None]:
        """Rollout bots per seat (``None``: uniform random), seeded from ``word`` or else the bot's next word."""
        house = self.strategy.house_bot
        if self.rollout == "random" or house is None:
            return self._nobody
        if word is None:
            word, self.rng = self.rng.next_word()
        return [house(word, seat) for seat in range(self.players)]

    def _world(self, worlds: list[_World], index: int, sample: Callable[[Rng], Any], visitors: int) -> _World:
        """Sampled world number ``index`` of this decision: its seed drawn from the bot's stream and its state
        sampled when first needed, the state kept until each of the ``visitors`` root actions has played in it."""
        while len(worlds) <= index:
            word, self.rng = self.rng.next_word()
            worlds.append(_World(word, visitors))
        world = worlds[index]
        if world.state is None:
            state = world.state = sample(Rng.from_seed(world.word, DETERMINIZE))
            met = self._sampled
            world.recurs = met.get(id(state)) is state
            if not world.recurs:
                if len(met) >= SAMPLES_HELD:  # a game whose every sample is new (most): hold only the last few
                    met.clear()
                met[id(state)] = state
        return world

    def _step(self, state: Any, seat: int, action: Any, moves: dict[tuple[int, Any], tuple[Any, Any, Any]] | None) -> tuple[Any, Any]:
        """The state after ``seat`` plays ``action`` and its ``next_decision``, remembered in ``moves`` when given.

        States are immutable and ``play_listed`` and ``next_decision`` pure, so a remembered step is the step itself:
        the tree is the same, only cheaper to walk in a world met before (a held state's id is never another's).
        """
        if moves is not None:
            known = moves.get((id(state), action))
            if known is not None:
                return known[1], known[2]
        game = self.game
        _, after = game.play_listed(state, seat, action)
        upcoming = game.next_decision(after)
        if moves is not None:
            if len(moves) >= MOVES_HELD:
                moves.clear()
            moves[id(state), action] = (state, after, upcoming)
        return after, upcoming

    def _descend(self, node: _Node, seat: int, legal: Sequence[Any], first: Any) -> tuple[_Node, Any, bool]:
        """The child of ``node`` to walk into and its action, and whether it is new.

        Every known child among ``legal`` becomes available once more. While some of
        ``legal`` has no child yet, one of them gets one (``first`` if it is among them,
        else a random one); after that, the child maximising UCB1 over availability.
        One pass over ``legal`` does both (it is most of the tree's time).
        """
        children = node.children.get(seat)
        if children is None:
            children = node.children[seat] = {}
        c = self.exploration
        sqrt, log = math.sqrt, math.log
        untried: list[Any] | None = None
        best_child: _Node | None = None
        best_action = None
        best_value = -math.inf
        for action in legal:
            child = children.get(action)
            if child is None:
                if untried is None:
                    untried = [action]
                else:
                    untried.append(action)
                continue
            child.available += 1
            if untried is None:
                visits = child.visits
                value = child.reward / visits + c * sqrt(log(child.available) / visits)
                if value > best_value:
                    best_child, best_action, best_value = child, action, value
        if untried is None:
            assert best_child is not None
            return best_child, best_action, False
        if first in untried:
            action = first
        else:
            action, self.rng = self.rng.choice(untried)
        child = _Node(seat)
        child.available = 1
        children[action] = child
        return child, action, True

    def _iterate(self, root: _Node, legal: Sequence[Any], sample: Callable[[Rng], Any], worlds: list[_World], prior: Any) -> None:
        """One iteration: pick the root action, sample its world, walk on, expand one node, roll out, back up.

        The root action is picked first (the root's legal actions are the bot's own,
        the same in every sample: ``determinize`` keeps what the seat knows), so that
        the n-th visit of every root action is played in the same n-th sampled world:
        its hidden cards, its dice (the sample's rules RNG) and its rollout policies'
        seeds. Root actions are thus compared on the same luck. ``prior`` (the house
        policy's own choice from the bot's view, or ``None``) is expanded first. Below
        the root, legal actions come from the sample and every step is
        ``game.play_listed``, the kernel's path for listed actions. With the opponent
        model, other seats (and the bot's own forced moves) are played by the rollout
        policies without nodes, and the bot's nodes expand their policy's choice first.
        The bot's own unsearched decisions (``search``) are its policy's, without nodes, in either model.
        """
        game = self.game
        step = self._step
        seat = self.seat
        node, action, expanded = self._descend(root, seat, legal, prior)
        index = node.visits
        sampled = worlds[index] if index < len(worlds) else None
        if sampled is None or sampled.state is None:
            sampled = self._world(worlds, index, sample, len(legal))
        world, state = sampled.word, sampled.state
        moves = self._moves if sampled.recurs else None
        sampled.visitors -= 1
        if not sampled.visitors:
            sampled.state = None  # every root action has played in it
        policies = self._nobody if self._plain else self._policies(world)
        luck: Rng | None = None  # this world's stream for the rollout policies, made when first needed (most Kuhn iterations never do)
        path = [root, node]
        state, upcoming = step(state, seat, action, moves)
        modelled = self.opponents == "policy"
        me, every = self.seat, self.search is None
        while upcoming is not None and not expanded:
            seat, here = upcoming
            if modelled and (seat != me or len(here) == 1) or seat == me and not every and not self.searches(here):
                if luck is None:
                    luck = Rng.from_seed(world, BOTS)
                action, luck = self._policy_action(state, seat, here, policies, luck)
                state, upcoming = step(state, seat, action, moves)
                continue
            policy = policies[seat] if modelled else None
            first = None if policy is None else policy.choose(game.view(state, seat), here)
            node, action, expanded = self._descend(node, seat, here, first)
            state, upcoming = step(state, seat, action, moves)
            path.append(node)
        if upcoming is None:
            result = self._rewards(game.outcome(state))
        else:
            result = self._roll_out(state, upcoming, policies, Rng.from_seed(world, BOTS) if luck is None else luck)
        for visited in path:
            visited.visits += 1
            visited.reward += result[visited.actor]

    def _roll_out(
        self, state: Any, upcoming: tuple[int, Sequence[Any]] | None, policies: list[Bot[Any, Any] | None], luck: Rng
    ) -> tuple[float, ...]:
        """Each seat's reward after playing on from ``state`` (whose ``next_decision`` is ``upcoming``) with the
        rollout policy: to the end, or ``depth`` actions then the estimate."""
        game = self.game
        next_decision, play = game.next_decision, game.play_listed
        estimate = self.strategy.estimate
        depth = self.depth if estimate is not None and self.depth is not None else self.max_rollout_steps
        for left in range(depth, 0, -1):
            if upcoming is None:
                return self._rewards(game.outcome(state))
            seat, legal = upcoming
            action, luck = self._policy_action(state, seat, legal, policies, luck)
            _, state = play(state, seat, action)
            if left > 1:  # the state the rollout stops on is only scored: its legal list would go unused
                upcoming = next_decision(state)
        outcome = game.outcome(state)
        if outcome is not None:
            return self._rewards(outcome)
        if estimate is None or self.depth is None:
            return self._rewards(None)  # past the safety cap
        return tuple(min(1.0, max(0.0, float(share))) for share in estimate(state))

    def _policy_action(
        self, state: Any, seat: int, legal: Sequence[Any], policies: list[Bot[Any, Any] | None], luck: Rng
    ) -> tuple[Any, Rng]:
        """What ``seat``'s rollout policy plays in ``state`` (its only action, a uniform draw from ``luck``, or its bot's choice)."""
        policy = policies[seat]
        if len(legal) == 1:
            return legal[0], luck
        if policy is None:
            return luck.choice(legal)
        return policy.choose(self.game.view(state, seat), legal), luck

    def _rewards(self, outcome: Outcome | None) -> tuple[float, ...]:
        """:func:`rewards` of ``outcome``, remembered per outcome object (games that build each outcome once, like
        Kuhn poker's 30, score it once; outcomes are frozen, so a remembered result is never stale)."""
        if outcome is None:
            return (1.0 / self.players,) * self.players
        memo = self._rewarded
        known = memo.get(id(outcome))
        if known is not None and known[0] is outcome:
            return known[1]
        result = rewards(outcome, self.players)
        if len(memo) >= 256:
            memo.clear()
        memo[id(outcome)] = (outcome, result)  # the outcome is kept, so its id is not reused meanwhile
        return result
