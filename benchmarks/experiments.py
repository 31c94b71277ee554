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

import boardcore.match
import boardcore.verify
from benchmarks.counter_game import COUNTER
from benchmarks.workloads import bare_playouts, bytes_per_step, grow, match_playouts, record
from boardcore import Match
from boardcore.game import Config
from boardcore.log import seed_commitment
from boardcore.registry import get_game, list_games
from games import tic_tac_toe as ttt

TTT = ttt.GAME
Patch = tuple[Any, Any, Any]
"""(object, attribute or dict key, new value)."""

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


_LEGAL: dict[tuple[int, ...], tuple[ttt.PlaceMark, ...]] = {}


def legal_actions_memo(state: ttt.State, player: int) -> list[ttt.PlaceMark]:
    """Optional: legal moves memoised by board (states are values, so this is safe; 5,478 boards at most)."""
    if player != state.turn or state.winner is not None:
        return []
    legal = _LEGAL.get(state.board)
    if legal is None:
        legal = _LEGAL[state.board] = tuple(PLACE[cell] for cell, owner in enumerate(state.board) if owner == ttt.EMPTY)
    return list(legal)


# --- proposed Match.new (src/boardcore/match.py) -----------------------------

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


def match_actors(self: Match[Any]) -> frozenset[int]:
    """``Match.actors`` reading ``self._states[-1]`` instead of going through the ``state`` property."""
    return self.game.actors(self._states[-1])


def match_legal_actions(self: Match[Any], player: int) -> Any:
    """``Match.legal_actions`` reading ``self._states[-1]`` directly."""
    return self.game.legal_actions(self._states[-1], player)


# --- proposed gc=False records (src/boardcore/match.py Step; games' frozen state records) --------


class StepNoGC(msgspec.Struct, frozen=True, array_like=True, gc=False):
    """``match.Step`` untracked by the cycle collector (frozen, so it cannot be part of a cycle): 16 B less."""

    player: int
    action: Any
    events: tuple[Any, ...]
    undoable: bool


class StateNoGC(ttt.State, frozen=True, gc=False):
    """Tic-tac-toe's ``State`` untracked by the cycle collector."""


def setup_no_gc(config: Any, seed: int) -> ttt.State:
    """Tic-tac-toe's setup returning the untracked state (``replace`` keeps the type)."""
    return StateNoGC(rng=ttt.Rng.from_seed(seed))


# --- the harness -------------------------------------------------------------


@contextlib.contextmanager
def patched(*patches: Patch) -> Iterator[None]:
    """Set ``obj.name = value`` for each patch (frozen attrs records too), then restore."""
    saved = [(obj, name, _get(obj, name)) for obj, name, _ in patches]
    try:
        for obj, name, value in patches:
            _set(obj, name, value)
        yield
    finally:
        for obj, name, value in reversed(saved):
            _set(obj, name, value)


def _get(obj: Any, name: Any) -> Any:
    if isinstance(obj, dict):
        return obj[name]
    return vars(obj)[name] if isinstance(obj, type) else getattr(obj, name)


def _set(obj: Any, name: Any, value: Any) -> None:
    if isinstance(obj, dict):
        obj[name] = value
    elif isinstance(obj, type):
        setattr(obj, name, value)
    else:
        object.__setattr__(obj, name, value)  # frozen attrs records such as Game


RULES = (
    (getattr(TTT.evolve, "handlers"), ttt.MarkPlaced, evolve_mark_placed),  # noqa: B009
    (TTT, "actors", actors),
    (TTT, "legal_actions", legal_actions),
)
NEW = ((Match, "new", classmethod(new)),)
MEMO = ((TTT, "legal_actions", legal_actions_memo),)
NO_GC_STEP = ((boardcore.match, "Step", StepNoGC),)
NO_GC_TTT = ((TTT, "setup", setup_no_gc),)
READS = ((Match, "actors", property(match_actors)), (Match, "legal_actions", match_legal_actions))


def best(function: Callable[[], Any], tries: int = 7) -> float:
    """Best seconds per call of ``function``, sized to about 20 ms per try."""
    number = max(1, int(0.02 / max(timeit.timeit(function, number=1), 1e-7)))
    return min(timeit.repeat(function, number=number, repeat=tries)) / number


def compare(label: str, workload: Callable[[], Any], patches: tuple[Patch, ...]) -> tuple[float, float]:
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
    b, a = compare("ttt fold 1 game's events, rules patch (evolve)", lambda: _fold_ttt(), RULES[:1])
    events = len(_RECORDED.events)
    print(f"    ttt fold events/s: now {events / b:,.0f}, patched {events / a:,.0f}")
    compare("ttt 50 bare playouts, rules patch (evolve, actors, legal_actions)", lambda: bare_playouts(TTT, 2, seeds), RULES)
    compare("ttt 50 Match playouts, rules patch", lambda: match_playouts(TTT, 2, seeds), RULES)
    compare("ttt 50 Match playouts, Match.new patch", lambda: match_playouts(TTT, 2, seeds), NEW)
    compare("ttt 50 Match playouts, rules + Match.new patches", lambda: match_playouts(TTT, 2, seeds), RULES + NEW)
    compare("ttt 50 Match playouts, Match.actors/legal_actions read patch", lambda: match_playouts(TTT, 2, seeds), READS)
    b, a = compare("ttt 50 Match playouts, rules + Match.new + reads patches", lambda: match_playouts(TTT, 2, seeds), RULES + NEW + READS)
    compare("ttt 50 Match playouts, rules + Match.new + legal_actions memoised", lambda: match_playouts(TTT, 2, seeds), RULES + NEW + MEMO)
    kuhn = get_game("kuhn_poker")
    compare("kuhn 50 Match playouts, Match.new patch", lambda: match_playouts(kuhn, 2, seeds), NEW)
    floor = best(lambda: mutable_ttt.playouts(seeds))
    print(f"ttt Match playouts / mutable floor: now {floor / b:.2f}x, patched {floor / a:.2f}x of the floor's speed")
    if peers.pyspiel is not None:
        cpp = best(lambda: peers.openspiel_playouts("tic_tac_toe", seeds))
        py = best(lambda: peers.openspiel_playouts("python_tic_tac_toe", seeds), tries=3)
        print(f"ttt Match playouts / OpenSpiel C++: now {cpp / b:.2f}x, patched {cpp / a:.2f}x")
        print(f"ttt Match playouts / OpenSpiel python: now {py / b:.2f}x, patched {py / a:.2f}x")
    verify_scaling()
    memory()


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


def memory() -> None:
    """Bytes kept per history step (``workloads.bytes_per_step``, seeds 1-3) with untracked records."""
    print("memory per step, seeds 1-3:   now -> Step(gc=False) -> also tic-tac-toe State(gc=False)")
    for name in list_games():
        try:
            game = get_game(name)
        except Exception:
            continue
        for players in game.player_counts:
            sizes = []
            try:
                for patches in ((), NO_GC_STEP, NO_GC_STEP + NO_GC_TTT):
                    with patched(*patches):
                        sizes.append(sum(bytes_per_step(game, players, seed)[0] for seed in (1, 2, 3)) / 3)
            except Exception as exc:  # a game still being written
                print(f"    {name} ({players}p): skipped, {type(exc).__name__}: {exc}")
                continue
            print(f"    {name} ({players}p): " + " -> ".join(f"{size:.0f} B" for size in sizes))
    compare("ttt 50 Match playouts, Step and State gc=False", lambda: match_playouts(TTT, 2, range(50)), NO_GC_STEP + NO_GC_TTT)


if __name__ == "__main__":
    random.seed(0)
    main()
