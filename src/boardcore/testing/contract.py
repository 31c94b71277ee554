"""The game contract as plain check functions, usable from pytest or anywhere.

Each ``check_*`` takes a recorded :class:`Playout` (a seeded random game, every
state kept) and raises ``AssertionError`` with a message naming the game, the
step and what broke. :class:`~boardcore.testing.suite.ContractSuite` runs them
over every registered game and player count. The hidden-information checks live
in :mod:`boardcore.testing.leaks`.
"""

from __future__ import annotations

import ast
import functools
import importlib
import importlib.util
import inspect
import json
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs
import msgspec

from boardcore import codes
from boardcore.bots import RandomBot
from boardcore.encoding import state_digest
from boardcore.errors import IllegalAction
from boardcore.game import Game
from boardcore.log import read_log
from boardcore.match import Match
from boardcore.presentation import Presentation
from boardcore.registry import get_game
from boardcore.rng import RngAdvanced
from boardcore.strategy import Strategy, strategy_of
from boardcore.verify import verify

__all__ = [
    "MAX_STEPS",
    "Playout",
    "action_pool",
    "check_determinism_across_hash_seeds",
    "check_flow_is_consistent",
    "check_fold_rebuilds_state",
    "check_illegal_actions_rejected",
    "check_info_holds",
    "check_legal_actions_accepted",
    "check_mistyped_actions_refused",
    "check_playout_terminates",
    "check_presentation_and_strategy",
    "check_replay_digests",
    "check_rules_draw_only_from_the_state_rng",
    "check_serialization_round_trips",
    "check_states_untouched",
    "check_undo_restores",
    "game_spec",
    "load_game",
    "outside_randomness",
    "playout_digest",
    "record_playout",
    "refusal",
    "rules_modules",
    "sample_indices",
]

MAX_STEPS = 50_000
"""A random playout that has not ended by then counts as a game that can stall."""


@attrs.frozen
class Playout:
    """A finished seeded random game: the match, every state, and digests taken as it went."""

    game: Game[Any, Any, Any, Any]
    players: int
    seed: int
    match: Match[Any, Any, Any, Any]
    states: tuple[Any, ...]
    """Every state, the initial one first (``states[i]`` is the state after ``i`` steps)."""
    digests: tuple[str, ...]
    """State digest after each step, index 0 the initial state, taken when each state was new."""

    @property
    def name(self) -> str:
        return f"{self.game.name} ({self.players} players, seed {self.seed})"


def record_playout(
    game: Game[Any, Any, Any, Any], players: int, seed: int, options: Any = None, *, presentation: Presentation | None = None
) -> Playout:
    """Random bots play ``game`` from ``seed`` to the end (or ``MAX_STEPS``); the match is shown with ``presentation``
    (else the one registered for the game), which the leak checks read."""
    match = Match.new(game, players, seed, options, presentation=presentation)
    bots = [RandomBot.seeded(seed, seat) for seat in range(players)]
    states = [match.state]
    digests = [state_digest(match.state)]
    for _ in range(MAX_STEPS):
        if match.is_over:
            break
        actors = match.actors
        if not actors:
            break
        seat = min(actors)
        legal = match.legal_actions(seat)
        if not legal:
            break
        match.apply(seat, bots[seat].choose(match.view(seat), legal))
        states.append(match.state)
        digests.append(state_digest(match.state))
    return Playout(game, players, seed, match, tuple(states), tuple(digests))


def sample_indices(length: int, most: int) -> list[int]:
    """At most ``most`` evenly spread indices of ``range(length)``, first and last included."""
    if length <= most:
        return list(range(length))
    return sorted({round(i * (length - 1) / (most - 1)) for i in range(most)})


def refusal(game: Game[Any, Any, Any, Any], state: Any, seat: int, action: Any) -> tuple[str, str] | None:
    """``(code, message)`` if the engine refuses ``seat``'s ``action`` in ``state``, else ``None``."""
    try:
        game.act(state, seat, action)
    except IllegalAction as exc:
        return exc.code, exc.message
    return None


# --- playing ---------------------------------------------------------------


def check_playout_terminates(p: Playout) -> None:
    """A random playout ends with an outcome; nobody is left unable to act before that."""
    match = p.match
    if match.is_over:
        assert not match.actors, f"{p.name}: the game has an outcome but {sorted(match.actors)} may still act"
        for seat in range(p.players):
            assert not match.legal_actions(seat), f"{p.name}: seat {seat} has legal actions after the game ended"
        return
    actors = match.actors
    assert actors, f"{p.name}: stalled at step {len(match)}: no seat may act and there is no outcome"
    stuck = [seat for seat in actors if not match.legal_actions(seat)]
    assert not stuck, f"{p.name}: stalled at step {len(match)}: seats {stuck} must act but have no legal action"
    raise AssertionError(f"{p.name}: no outcome after {MAX_STEPS} random steps (the game can run forever)")


def _without_rng(state: Any) -> Any:
    """``state`` with its RNG blanked, to compare what the rules built apart from the stream they may draw on."""
    return msgspec.structs.replace(state, rng=None) if isinstance(state, msgspec.Struct) and hasattr(state, "rng") else state


def check_info_holds(p: Playout) -> None:
    """Every figure of the game's :class:`~boardcore.gameinfo.GameInfo` holds in the playout: the player count is
    declared, no more decisions than ``max_decisions``, scores inside ``score_range``, a cooperative outcome only for
    a cooperative game, several deciders only for a simultaneous one, no secret for a game without hidden information,
    and a game without chance builds the same state from any seed and never draws from its RNG."""
    info = p.game.info
    assert p.players in info.players, f"{p.name}: {p.players} players is not among GameInfo.players {info.players}"
    if info.max_decisions is not None:
        assert len(p.match) <= info.max_decisions, f"{p.name}: {len(p.match)} decisions, more than max_decisions {info.max_decisions}"
    outcome = p.match.outcome
    if outcome is not None and not outcome.truncated:
        assert outcome.cooperative == (info.play == "cooperative"), f"{p.name}: outcome.cooperative is {outcome.cooperative} for a {info.play} game"
        if info.result == "scores":
            assert outcome.scores is not None, f"{p.name}: a game whose result is scores ended with none"
        if outcome.scores is not None and info.score_range is not None:
            low, high = info.score_range
            wild = [score for score in outcome.scores if not low <= score <= high]
            assert not wild, f"{p.name}: scores {wild} outside score_range {info.score_range}"
    for step, state in enumerate(p.states):
        if not info.simultaneous:
            actors = p.game.actors(state)
            assert len(actors) <= 1, f"{p.name}: step {step}: seats {sorted(actors)} decide at once in a game declared not simultaneous"
        if not info.hidden_information and p.game.secrets is not None:
            hidden = [seat for seat in (None, *range(p.players)) if p.game.secrets(state, seat)]
            assert not hidden, f"{p.name}: step {step}: secrets hidden from {hidden} in a game declared without hidden information"
    if not info.chance:
        first = p.states[0]
        other = p.game.setup(p.game.config(p.players), p.seed + 1)
        assert _without_rng(other) == _without_rng(first), f"{p.name}: another seed set up another game in a game declared without chance"
        drawn = [step for step, state in enumerate(p.states) if getattr(state, "rng", None) != getattr(first, "rng", None)]
        assert not drawn, f"{p.name}: the RNG was drawn from at step {drawn[0]} in a game declared without chance"


def check_replay_digests(p: Playout) -> None:
    """The log verifies as a finished game, and replaying its actions reproduces every state digest."""
    verdict = verify(p.match.log, game=p.game)
    assert verdict.ok, f"{p.name}: its own log does not verify: {verdict}"
    assert verdict.finished == p.match.is_over, f"{p.name}: the verdict says finished={verdict.finished}, the match is_over={p.match.is_over}"
    again = Match.new(p.game, p.players, p.seed, p.match.config.options)
    for index, step in enumerate(p.match.steps, start=1):
        again.apply(step.player, step.action)
        digest = state_digest(again.state)
        assert digest == p.digests[index], f"{p.name}: replaying step {index} gives another state (nondeterministic rules?)"


def check_fold_rebuilds_state(p: Playout) -> None:
    """Folding the recorded events alone (no RNG, no rules) rebuilds every state exactly."""
    state = p.states[0]
    evolve = p.game.evolve
    for index, step in enumerate(p.match.steps, start=1):
        for event in step.events:
            state = evolve(state, event)
        assert state == p.states[index], f"{p.name}: folding the events of step {index} does not rebuild the state"


def check_states_untouched(p: Playout) -> None:
    """No state was mutated after it was made (digests taken at the time still match)."""
    for index, state in enumerate(p.states):
        assert state_digest(state) == p.digests[index], f"{p.name}: the state after step {index} was mutated later"


def check_undo_restores(p: Playout, most: int = 40) -> None:
    """Undo (forced) restores the exact previous state, and the step can be re-applied."""
    replayed = Match.new(p.game, p.players, p.seed, p.match.config.options)
    check = set(sample_indices(len(p.match.steps), most))
    for index, step in enumerate(p.match.steps):
        if index in check:
            before = replayed.state
            replayed.apply(step.player, step.action)
            if replayed.can_undo(step.player):
                assert all(
                    type(e) is not RngAdvanced and not p.game.visibility[type(e)].undo_barrier for e in replayed.steps[-1].events
                ), f"{p.name}: step {index + 1} undoable despite revealing randomness or hidden information"
            replayed.undo(step.player, force=True)
            assert replayed.state is before or replayed.state == before, f"{p.name}: undo of step {index + 1} did not restore the state"
        replayed.apply(step.player, step.action)
    assert state_digest(replayed.state) == p.digests[-1], f"{p.name}: apply/undo/apply diverged from the playout"


# --- legality ----------------------------------------------------------------


def check_legal_actions_accepted(p: Playout, states: int = 30, per_state: int = 25) -> None:
    """Every listed legal action is well typed and accepted (sampled states, sampled actions); non-actors list none."""
    game = p.game
    for index in sample_indices(len(p.states) - 1, states):
        state = p.states[index]
        for seat in sorted(game.actors(state)):
            legal = list(game.legal_actions(state, seat))
            assert legal, f"{p.name}: seat {seat} may act at step {index} but lists no legal action"
            for action in [legal[i] for i in sample_indices(len(legal), per_state)]:
                try:
                    checked = game.check_action(seat, action)
                    game.act(state, seat, action)
                except IllegalAction as exc:
                    raise AssertionError(f"{p.name}: step {index}: listed legal action {action!r} for seat {seat} was refused: {exc}") from None
                assert checked == action and msgspec.json.encode(checked) == msgspec.json.encode(action), (
                    f"{p.name}: step {index}: listed legal action {action!r} is not well typed (it reads back as {checked!r})"
                )
        for seat in range(p.players):
            if seat not in game.actors(state):
                assert not game.legal_actions(state, seat), f"{p.name}: step {index}: seat {seat} is not an actor but has legal actions"


def check_presentation_and_strategy(p: Playout, states: int = 12, strategy: Strategy | None = None) -> None:
    """The game's presentation (the playout's match's) and ``strategy`` (else the registered one) fit its rules: pick
    kinds name its actions; every legal action has a label and targets that are ids; the house bot picks a legal
    action from the seat's view; ``search_moves`` keeps a non-empty part of the legal actions; ``estimate`` gives
    each seat a share from 0 to 1 before the end; ``metrics`` of the finished match are numbers, a tuple one per seat.

    Catches: a record registered for another game, or one whose functions answer outside what their consumers read.
    """
    game, shown, names = p.game, p.match.presentation, p.match.players
    played = strategy_of(game, strategy)
    shown.check(game)
    for index in sample_indices(len(p.states), states):
        state, where = p.states[index], f"{p.name}: step {index}"
        for seat in sorted(game.actors(state)):
            view, legal = game.view(state, seat), list(game.legal_actions(state, seat))
            for action in legal:
                label = shown.label(action, seat, names, view)
                assert isinstance(label, str) and label.strip(), f"{where}: {action!r} has no label for seat {seat}"
                targets = shown.targets_of(action, seat)
                assert type(targets) is tuple and all(isinstance(t, str) and t for t in targets), f"{where}: the targets of {action!r} are {targets!r}"
            if played.house_bot is not None and legal:
                chosen = played.house_bot(p.seed, seat).choose(view, legal)
                assert chosen in legal, f"{where}: the house bot of seat {seat} chose {chosen!r}, which is not legal"
            if played.search_moves is not None and legal:
                kept = played.search_moves(view, seat, legal)
                assert kept and all(action in legal for action in kept), f"{where}: search_moves kept {list(kept)!r} of the legal actions"
        if played.estimate is not None and game.outcome(state) is None:
            shares = played.estimate(state)
            assert len(shares) == p.players and all(0.0 <= s <= 1.0 for s in shares), f"{where}: the estimate is {shares!r}"
    if played.metrics is not None and p.match.is_over:
        for name, value in played.metrics(p.match.state, p.match.events).items():
            ok = len(value) == p.players and all(isinstance(v, int | float) for v in value) if isinstance(value, tuple) else isinstance(value, int | float)
            assert ok, f"{p.name}: the metric {name!r} is {value!r}, not a number or one number per seat"


def check_flow_is_consistent(p: Playout, states: int = 40) -> None:
    """On the turn kernel: ``pending`` names seats of the match and declared kinds of decision, nobody once the game
    is over, ``next_decision`` is the lowest pending seat and its legal list, and every ``legal=`` generator gives exactly its decision's candidates without a problem, in the same order."""
    flow = p.game.flow
    for index in sample_indices(len(p.states), states):
        state = p.states[index]
        pending = flow.pending(state)
        assert not (pending and flow.is_over(state)), f"{p.name}: step {index}: the game is over but {dict(pending)} must decide"
        first = min(pending, default=None)
        expected = None if first is None else (first, p.game.legal_actions(state, first))
        assert p.game.next_decision(state) == expected, f"{p.name}: step {index}: next_decision disagrees with actors and legal_actions"
        for seat, kind in pending.items():
            assert seat in range(p.players), f"{p.name}: step {index}: pending names seat {seat} of {p.players}"
            assert kind in flow.decisions, f"{p.name}: step {index}: pending names {kind!r}, which is no decision of the flow"
            decision = flow.decisions[kind]
            if decision.legal is not None:
                filtered = [a for a in decision.candidates(state, seat) if decision.problem(state, seat, a) is None]
                assert decision.legal(state, seat) == filtered, (
                    f"{p.name}: step {index}: the {kind!r} decision's legal generator disagrees with its candidates and problem for seat {seat}"
                )


def action_pool(p: Playout, most: int = 400) -> list[Any]:
    """Distinct actions taken during the playout (candidates for actions that are illegal elsewhere)."""
    pool: list[Any] = []
    seen: set[bytes] = set()
    for step in p.match.steps:
        key = msgspec.json.encode(step.action)
        if key not in seen:
            seen.add(key)
            pool.append(step.action)
            if len(pool) >= most:
                break
    return pool


def _neighbours(game: Game[Any, Any, Any, Any], action: Any, most: int = 8) -> list[Any]:
    """Actions one small edit away from ``action`` (an int field +-1, a flag flipped, a tuple one item longer or shorter).

    An action that ``legal_actions`` never lists can never be taken in a random
    playout, so it is missing from the pool; its neighbours often are that action.
    """
    raw = msgspec.to_builtins(action)
    if not isinstance(raw, dict):
        return []
    variants: list[dict[str, Any]] = []
    for key, value in raw.items():
        if key == "type":
            continue
        if isinstance(value, bool):
            variants.append({**raw, key: not value})
        elif isinstance(value, int):
            variants += [{**raw, key: value - 1}, {**raw, key: value + 1}]
        elif isinstance(value, (list, tuple)):
            value = list(value)
            if value:
                variants += [{**raw, key: value[:-1]}, {**raw, key: [*value, value[0]]}]
                if isinstance(value[0], int) and not isinstance(value[0], bool):
                    variants += [{**raw, key: [value[0] + 1, *value[1:]]}, {**raw, key: [value[0] - 1, *value[1:]]}]
    out = []
    for variant in variants:
        try:
            out.append(game.check_action(0, variant))
        except IllegalAction:
            continue
        if len(out) >= most:
            break
    return out


def check_illegal_actions_rejected(p: Playout, states: int = 30, per_state: int = 20) -> None:
    """Actions that are not listed, from seats that may not act, or malformed, raise IllegalAction and change nothing."""
    game = p.game
    pool = action_pool(p)
    near: list[Any] = []
    for action in pool[:50]:
        near += [a for a in _neighbours(game, action) if a not in pool and a not in near]
    for index in sample_indices(len(p.states) - 1, states):
        match = Match.from_state(game, p.states[index], p.match.players, p.match.config.options)
        state = match.state
        digest = state_digest(state)
        for seat in range(p.players):
            legal = game.legal_actions(state, seat)
            candidates = [a for a in pool if a not in legal][:per_state]
            candidates += [a for a in near if a not in legal][:per_state]
            candidates += [12345, {"type": "NoSuchAction"}]
            if seat not in game.actors(state) and pool:
                candidates.append(pool[index % len(pool)])
            for action in candidates:
                try:
                    match.apply(seat, action)
                except IllegalAction as exc:
                    assert exc.code and "/" in exc.code, f"{p.name}: IllegalAction without a domain/reason code: {exc!r}"
                    listed = not game.codes or exc.code in codes.ENGINE or exc.code in game.codes
                    assert listed, f"{p.name}: refused with {exc.code!r}, neither the engine's code nor one of Game.codes"
                    continue
                raise AssertionError(f"{p.name}: step {index}: seat {seat}'s unlisted action {action!r} was accepted (legal_actions incomplete, or a problem check too lax)")
            assert state_digest(match.state) == digest and len(match) == 0, f"{p.name}: a refused action changed the state"


_WRONG = {int: (True, 1.5, "1"), bool: (1, "true"), str: (1, True), tuple: ("x", 1), list: ("x", 1)}
"""Values of the wrong type for a field of each kind (a bool is not an int; a string is not a tuple)."""


def _mistyped(game: Game[Any, Any, Any, Any], action: Any) -> list[Any]:
    """Python-built copies of ``action`` with one field of the wrong type (msgspec does not check on construction)."""
    out = []
    for field in action.__struct_fields__:
        value = getattr(action, field)
        for kind, wrongs in _WRONG.items():
            if type(value) is kind:
                for wrong in wrongs:
                    out.append(msgspec.structs.replace(action, **{field: wrong}))
                break
    return out


def check_mistyped_actions_refused(p: Playout, states: int = 10) -> None:
    """An action built in Python with a field of the wrong type (``True`` for an int) is refused as malformed,
    whoever sends it and whenever, so it can never reach the rules or the log."""
    game = p.game
    pool = action_pool(p, most=60)
    for index in sample_indices(len(p.states) - 1, states):
        state = p.states[index]
        for seat in sorted(game.actors(state)):
            for action in game.legal_actions(state, seat)[:20]:
                for bad in _mistyped(game, action):
                    code = (refusal(game, state, seat, bad) or ("accepted",))[0]
                    assert code == codes.ACTION_MALFORMED, (
                        f"{p.name}: step {index}: {bad!r} (a field of the wrong type) was {code!r} for seat {seat}, not refused as "
                        "action/malformed: declare the field's exact type in the action Struct so the engine refuses it"
                    )
    for action in pool[:20]:
        for bad in _mistyped(game, action):
            try:
                game.check_action(0, bad)
            except IllegalAction as exc:
                assert exc.code == codes.ACTION_MALFORMED
                continue
            raise AssertionError(f"{p.name}: {bad!r} passes the action type check: declare the field's exact type")


# --- encodings ---------------------------------------------------------------


def _round_trip(value: Any, kind: Any, what: str, name: str) -> None:
    encoded = msgspec.json.encode(value)
    decoded = msgspec.json.decode(encoded, type=kind)
    assert decoded == value, f"{name}: {what} does not survive a JSON round trip"
    packed = msgspec.msgpack.encode(value)
    assert msgspec.msgpack.decode(packed, type=kind) == value, f"{name}: {what} does not survive a msgpack round trip"


def check_serialization_round_trips(p: Playout, states: int = 12) -> None:
    """States, views, actions, events and the log survive JSON and msgpack round trips."""
    game = p.game
    for index in sample_indices(len(p.states), states):
        state = p.states[index]
        _round_trip(state, type(state), f"the state after step {index}", p.name)
        for seat in [None, *range(p.players)]:
            _round_trip(game.view(state, seat), game.view_type, f"seat {seat}'s view after step {index}", p.name)
    for step in p.match.steps[:500]:
        _round_trip(step.action, game.action_type, f"action {step.action!r}", p.name)
        for event in step.events:
            _round_trip(event, game.event_type, f"event {type(event).__name__}", p.name)
    log = p.match.log
    assert read_log(log.to_jsonl()) == log, f"{p.name}: the JSON Lines log does not round-trip"
    assert read_log(log.to_msgpack()) == log, f"{p.name}: the msgpack log does not round-trip"


# --- where randomness comes from -------------------------------------------------

OUTSIDE_RANDOMNESS = {"random": "random", "secrets": "secrets", "uuid": "uuid", "numpy.random": "numpy.random"}
"""Modules whose draws break replay: a log replays in any language only from the state's RNG (docs/rng.md)."""

_RULES_FIELDS = ("setup", "view", "outcome", "determinize", "secrets")


def rules_modules(game: Game[Any, Any, Any, Any]) -> list[str]:
    """The game's rules modules: those defining its rule functions (flow, decisions and evolve handlers included),
    and the modules of the same package they import, transitively. Engine modules (``boardcore``) are not counted."""
    functions: list[Any] = [inspect.unwrap(getattr(game, field)) for field in _RULES_FIELDS]
    functions.extend(game.handlers.values())
    flow = game.flow
    functions.extend([flow.pending, flow.is_over, flow.proceed, flow.watch])
    for decision in flow.decisions.values():
        functions.extend([decision.candidates, decision.gate, decision.legal])
        functions.extend(fn for rule in decision.rules.values() for fn in rule)
    roots = {getattr(fn, "__module__", None) for fn in functions if fn is not None}
    found: list[str] = []
    todo = sorted(name for name in roots if isinstance(name, str) and name.split(".")[0] != "boardcore")
    while todo:
        name = todo.pop()
        if name in found:
            continue
        found.append(name)
        tree = _module_tree(name)
        if tree is None:
            continue
        package = name.split(".")[0]
        todo.extend(m for m in _imported(tree, name) if m.split(".")[0] == package and m not in found and _module_tree(m) is not None)
    return sorted(found)


@functools.cache
def _module_tree(name: str) -> ast.Module | None:
    """The parsed source of module ``name``, or ``None`` when it has no Python source (or is not a module); parsed
    once per process (a suite asks for each game and player count)."""
    module = sys.modules.get(name)
    path = getattr(module, "__file__", None)
    if path is None:
        try:
            spec = importlib.util.find_spec(name)
        except (ImportError, ValueError):
            return None
        path = spec.origin if spec is not None else None
    if path is None or not str(path).endswith(".py"):
        return None
    return ast.parse(Path(path).read_text(encoding="utf-8"), filename=str(path))


def _imported(tree: ast.Module, name: str) -> list[str]:
    """Every module ``tree`` (module ``name``) imports, anywhere in it, with relative imports resolved."""
    module = sys.modules.get(name)
    package = name if getattr(module, "__path__", None) is not None else name.rpartition(".")[0]
    out: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = importlib.util.resolve_name("." * node.level + base, package) if package else base
            out.append(base)
            out.extend(f"{base}.{alias.name}" for alias in node.names)
    return out


@functools.cache
def outside_randomness(name: str) -> tuple[str, ...]:
    """``"line N: import random"`` for each draw outside the state's RNG that module ``name`` could make."""
    tree = _module_tree(name)
    if tree is None:
        return ()
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            used = [a.name for a in node.names if a.name in OUTSIDE_RANDOMNESS or a.name.startswith("numpy.random.")]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            base = node.module or ""
            used = [base] if base in OUTSIDE_RANDOMNESS or base.startswith("numpy.random.") else []
            used += [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in ("numpy.random", "os.urandom")]
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and (node.value.id, node.attr) == ("os", "urandom"):
            used = ["os.urandom"]
        else:
            continue
        found.extend(f"line {node.lineno}: {what}" for what in used)
    return tuple(found)


def check_rules_draw_only_from_the_state_rng(game: Game[Any, Any, Any, Any]) -> None:
    """No rules module imports ``random`` (or ``secrets``, ``uuid``, ``numpy.random``, ``os.urandom``).

    Catches: a setup that shuffles with ``random.Random(seed)``. It is deterministic in CPython, so every other
    check passes, but the log's promise is replay in any language from the state's RNG alone (docs/rng.md).
    """
    problems = [f"{name} ({where})" for name in rules_modules(game) for where in outside_randomness(name)]
    assert not problems, (
        f"{game.name}: rules modules draw outside the state's RNG: {'; '.join(problems)}. Draw only from the state's "
        "rng (Rng.from_seed(seed) in setup, turn.die()/shuffle()/... in the rules), so that a log replays in any language"
    )


# --- determinism across processes ------------------------------------------------


def load_game(spec: str) -> Game[Any, Any, Any, Any]:
    """A registered game by id, or any game by ``module:attribute`` (for games that are not registered)."""
    if ":" not in spec:
        return get_game(spec)
    module, _, attribute = spec.partition(":")
    game = getattr(importlib.import_module(module), attribute)
    assert isinstance(game, Game), f"{spec} is not a boardcore Game"
    return game


def game_spec(game: Game[Any, Any, Any, Any]) -> str:
    """How a fresh process finds ``game`` (for :func:`load_game`): its registry id when the registry gives this very
    game, else ``module:attribute`` of a module-level name bound to it.

    Raises:
        AssertionError: no module holds the game at module level (a game built inside a function).
    """
    try:
        if get_game(game.name) is game:
            return game.name
    except Exception:  # not registered, or registered under another game: look for it in the modules
        pass
    first = getattr(game.setup, "__module__", None)
    modules = sorted(sys.modules.items(), key=lambda item: item[0] != first)
    for name, module in modules:
        for attribute, value in list(vars(module).items()) if module is not None else ():
            if value is game and not attribute.startswith("__"):
                return f"{name}:{attribute}"
    msg = f"{game.name}: the game is not a module-level name of any module, so a fresh process cannot load it (define it at module level)"
    raise AssertionError(msg)


def playout_digest(game: str, players: int, seed: int) -> str:
    """Final state digest of a seeded random playout of ``game`` (an id or ``module:attribute``)."""
    return record_playout(load_game(game), players, seed).digests[-1]


def check_determinism_across_hash_seeds(cases: Sequence[tuple[str, int, int]]) -> None:
    """The same seeds give identical digests in processes with different ``PYTHONHASHSEED``.

    Each case is ``(game, players, seed)`` with ``game`` an id or ``module:attribute``.
    """
    script = (
        "import json, sys\n"
        "from boardcore.testing.contract import playout_digest\n"
        "cases = json.loads(sys.argv[1])\n"
        "print(json.dumps([playout_digest(g, n, s) for g, n, s in cases]))\n"
    )
    results = []
    mine = [entry for entry in sys.path if entry and not entry.startswith((sys.prefix, sys.base_prefix)) and os.path.isdir(entry)]
    path = os.pathsep.join(p for p in (os.getcwd(), os.environ.get("PYTHONPATH", ""), *mine) if p)
    for hash_seed in ("0", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": path}
        done = subprocess.run(
            [sys.executable, "-c", script, json.dumps(list(cases))], env=env, capture_output=True, text=True, check=False
        )
        assert done.returncode == 0, f"playout subprocess failed: {done.stderr[-2000:]}"
        results.append(json.loads(done.stdout))
    for case, first, second in zip(cases, results[0], results[1], strict=True):
        assert first == second, f"{case}: digests differ between PYTHONHASHSEED=0 and 12345 (iteration over a set or dict of strings?)"

