"""Proposed engine changes, tried by monkeypatching and measured against the current code in one run.

    .venv/bin/python benchmarks/experiments.py

Nothing here changes the engine's files: each experiment patches a function or
method, times the workload with and without the patch (interleaved, best of
several tries, so the noise of a shared machine hits both), checks the results
are the same, and restores the original. ``docs/performance.md`` lists the
proposals with the gains this script printed.
"""

from __future__ import annotations

import contextlib
import random
import sys
import timeit
from collections.abc import Callable, Iterator
from functools import reduce
from pathlib import Path
from typing import Any

import msgspec

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import boardcore.verify
from benchmarks.counter_game import COUNTER
from benchmarks.workloads import bare_playouts, grow, match_playouts, record
from boardcore import IllegalAction, Match
from boardcore.game import RngAdvanced, union_members
from boardcore.registry import get_game
from games import tic_tac_toe as ttt

TTT = ttt.GAME

# --- proposed tic-tac-toe rules (src/games/tic_tac_toe.py) -------------------

LINES_THROUGH = tuple(tuple(line for line in ttt.LINES if cell in line) for cell in range(9))
PLACE = tuple(ttt.PlaceMark(cell=cell) for cell in range(9))
TO_MOVE = (frozenset((0,)), frozenset((1,)))
NO_ONE: frozenset[int] = frozenset()


def evolve_mark_placed(state: ttt.State, event: ttt.MarkPlaced) -> ttt.State:
    """As now, but only the lines through the cell, compared directly, and one slice-concat."""
    cell, seat, old = event.cell, event.player, state.board
    board = old[:cell] + (seat,) + old[cell + 1 :]
    won = False
    for a, b, c in LINES_THROUGH[cell]:
        if board[a] == seat and board[b] == seat and board[c] == seat:
            won = True
            break
    return msgspec.structs.replace(state, board=board, turn=1 - seat, winner=seat if won else None)


def actors(state: ttt.State) -> frozenset[int]:
    """As now, with the two possible answers built once."""
    return NO_ONE if state.winner is not None or ttt.EMPTY not in state.board else TO_MOVE[state.turn]


def legal_actions(state: ttt.State, player: int) -> list[ttt.PlaceMark]:
    """As now, handing out the nine ``PlaceMark`` values built once (they are frozen)."""
    if player != state.turn or state.winner is not None or ttt.EMPTY not in state.board:
        return []
    return [PLACE[cell] for cell, owner in enumerate(state.board) if owner == ttt.EMPTY]


# --- proposed Match.apply (src/boardcore/match.py) ---------------------------


class Step(msgspec.Struct, frozen=True):
    """``match.Step`` as a msgspec Struct: same fields, 5x cheaper to build than an attrs frozen class."""

    player: int
    action: Any
    events: tuple[Any, ...]
    undoable: bool


_tables: dict[int, tuple[tuple[type, ...], dict[type, bool], dict[type, bool]]] = {}


def _game_tables(game: Any) -> tuple[tuple[type, ...], dict[type, bool], dict[type, bool]]:
    """Built once per game (in the proposal: in ``Game.__attrs_post_init__``)."""
    tables = _tables.get(id(game))
    if tables is None:
        public = {t: v.public for t, v in game.visibility.items()}
        barrier = {t: t is RngAdvanced or v.undo_barrier for t, v in game.visibility.items()}
        tables = _tables[id(game)] = (union_members(game.action_type), public, barrier)
    return tables


def apply(self: Match[Any], player: int, action: Any) -> list[Any]:
    """``Match.apply`` with per-game tables built once and a fast path for public events."""
    game = self.game
    members, public, barrier = _game_tables(game)
    if not isinstance(action, members):
        action = self._coerce(player, action)
    state = self._states[-1]
    if player not in game.actors(state):
        if game.outcome(state) is not None:
            raise IllegalAction(f"The game is over; player {player} cannot act.", code="game/over", player=player, action=action)
        msg = f"Player {player} may not act now; waiting for {sorted(game.actors(state))}."
        raise IllegalAction(msg, code="turn/not_your_turn", player=player, action=action)
    events = game.decide(state, player, action)
    evolve = game.evolve
    undoable = True
    all_public = True
    for event in events:
        state = evolve(state, event)
        kind = type(event)
        if barrier[kind]:
            undoable = False
        if not public[kind]:
            all_public = False
    self._steps.append(Step(player, action, tuple(events), undoable))
    self._states.append(state)
    if all_public:
        return list(events)
    redact = game.redact
    return [seen for e in events if (seen := redact(e, player)) is not None]


from boardcore.game import Config  # noqa: E402
from boardcore.log import seed_commitment  # noqa: E402  (the proposal: a top-level import in match.py)

_NAMES: dict[int, tuple[str, ...]] = {}
_DEFAULT_CONFIG: dict[tuple[int, int], Config[Any]] = {}


def new(cls: type[Match[Any]], game: Any, players: Any, seed: int, options: Any = None, *, commit_seed: bool = False) -> Match[Any]:
    """``Match.new`` with player names and the default config built once per game and count."""
    if isinstance(players, int):
        names = _NAMES.get(players)
        if names is None:
            names = _NAMES[players] = tuple(f"P{seat + 1}" for seat in range(players))
    else:
        names = tuple(players)
    if options is None:
        key = (id(game), len(names))
        config = _DEFAULT_CONFIG.get(key)
        if config is None:
            config = _DEFAULT_CONFIG[key] = game.config(len(names))
    else:
        config = game.config(len(names), options)
    commitment = seed_commitment(seed) if commit_seed else None
    return cls(game, config, seed, names, [game.setup(config, seed)], [], commitment)


# --- the harness -------------------------------------------------------------


@contextlib.contextmanager
def patched(*patches: tuple[Any, str, Any]) -> Iterator[None]:
    """Set ``obj.name = value`` for each patch (frozen attrs records too), then restore."""
    saved = [(obj, name, _get(obj, name)) for obj, name, _ in patches]
    try:
        for obj, name, value in patches:
            _set(obj, name, value)
        yield
    finally:
        for obj, name, value in reversed(saved):
            _set(obj, name, value)


def _get(obj: Any, name: str) -> Any:
    if isinstance(obj, dict):
        return obj[name]
    return vars(obj)[name] if isinstance(obj, type) else getattr(obj, name)


def _set(obj: Any, name: str, value: Any) -> None:
    if isinstance(obj, dict):
        obj[name] = value
    else:
        object.__setattr__(obj, name, value) if not isinstance(obj, type) else setattr(obj, name, value)


RULES = (
    (TTT.evolve.handlers, ttt.MarkPlaced, evolve_mark_placed),
    (TTT, "actors", actors),
    (TTT, "legal_actions", legal_actions),
)
APPLY = ((Match, "apply", apply),)
NEW = ((Match, "new", classmethod(new)),)


def best(function: Callable[[], Any], tries: int = 7) -> float:
    """Best seconds per call of ``function``, sized to about 20 ms per try."""
    number = max(1, int(0.02 / max(timeit.timeit(function, number=1), 1e-7)))
    return min(timeit.repeat(function, number=number, repeat=tries)) / number


def compare(label: str, workload: Callable[[], Any], patches: tuple[tuple[Any, str, Any], ...]) -> tuple[float, float]:
    """Time ``workload`` without and with ``patches``, interleaved; print and return both times."""
    expected = workload()
    with patched(*patches):
        assert workload() == expected, f"{label}: the patch changes the result"
    before, after = [], []
    for _ in range(3):
        before.append(best(workload))
        with patched(*patches):
            after.append(best(workload))
    b, a = min(before), min(after)
    print(f"{label:70s} {b * 1e6:10.1f} us -> {a * 1e6:10.1f} us   {b / a:5.2f}x")
    return b, a


def main() -> None:
    import benchmarks.peers as peers
    from benchmarks import mutable_ttt

    seeds = range(50)
    print(f"{'experiment':70s} {'now':>13s}    {'patched':>13s}   gain")
    compare("ttt fold 1 game's events, rules patch (evolve)", lambda: _fold_ttt(), RULES[:1])
    compare("ttt 50 bare playouts, rules patch (evolve, actors, legal_actions)", lambda: bare_playouts(TTT, 2, seeds), RULES)
    compare("ttt 50 Match playouts, rules patch", lambda: match_playouts(TTT, 2, seeds), RULES)
    compare("ttt 50 Match playouts, Match.apply patch", lambda: match_playouts(TTT, 2, seeds), APPLY)
    compare("ttt 50 Match playouts, Match.new patch", lambda: match_playouts(TTT, 2, seeds), NEW)
    b, a = compare("ttt 50 Match playouts, all three patches", lambda: match_playouts(TTT, 2, seeds), RULES + APPLY + NEW)
    kuhn = get_game("kuhn_poker")
    compare("kuhn 50 Match playouts, Match.apply + Match.new patches", lambda: match_playouts(kuhn, 2, seeds), APPLY + NEW)
    floor = best(lambda: mutable_ttt.playouts(seeds))
    print(f"ttt Match playouts / mutable floor: now {floor / b:.2f}x, patched {floor / a:.2f}x of the floor's speed")
    if peers.pyspiel is not None:
        cpp = best(lambda: peers.openspiel_playouts("tic_tac_toe", seeds))
        py = best(lambda: peers.openspiel_playouts("python_tic_tac_toe", seeds), tries=3)
        print(f"ttt Match playouts / OpenSpiel C++: now {cpp / b:.2f}x, patched {cpp / a:.2f}x")
        print(f"ttt Match playouts / OpenSpiel python: now {py / b:.2f}x, patched {py / a:.2f}x")
    verify_scaling()


_RECORDED = record(TTT, 2, 1)


def _fold_ttt() -> Any:
    return reduce(TTT.evolve, _RECORDED.events, _RECORDED.initial_state)


def verify_scaling() -> None:
    """``verify`` copies ``match.steps`` (a tuple of the whole history) at every step: quadratic."""

    def game_for(name: str) -> Any:
        return COUNTER if name == "counter" else get_game(name)

    fast_steps = property(lambda self: self._steps)  # the proposal: read ``match._steps[-1]`` in verify
    with patched((boardcore.verify, "get_game", game_for)):
        for length in (1_000, 10_000):
            log = grow(Match.new(COUNTER, 1, seed=0), length).log
            assert boardcore.verify.verify(log).ok
            b, a = compare(f"verify a {length:,}-step log, verify reads the last step without copying", lambda: boardcore.verify.verify(log).ok, ((Match, "steps", fast_steps),))
            print(f"    verify actions/s: now {length / b:,.0f}, patched {length / a:,.0f}")


if __name__ == "__main__":
    random.seed(0)
    main()
