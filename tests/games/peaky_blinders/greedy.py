"""A test-only greedy bot: one-step lookahead on mission progress, so whole games reach a mission win."""

from __future__ import annotations

from typing import Any

from games.peaky_blinders import GAME
from games.peaky_blinders import catalog as C
from games.peaky_blinders.actions import PassPlacement, PlaceHenchman, RevealMission
from games.peaky_blinders.flow import cash, value
from games.peaky_blinders.state import State

from .helpers import fold

HELPS = {
    "horsepower": ("M10",),
    "members": ("M05",),
    "leadership": ("M07",),
    "strength": ("M08",),
    "weapons": ("M02", "M04"),
    "suspicion": ("M11",),
    "charisma": ("M08",),
    "rum": ("M01", "M04"),
    "cash": ("M06", "C"),
    "intellect": ("M08", "M11"),
    "car": ("M03", "M04"),
}


def progress(state: State, seat: int, code: str) -> float:
    p = state.players[seat]
    r = p.res
    table = {
        "M01": value(r, "rum") / 8,
        "M02": value(r, "weapons") / 8,
        "M03": value(r, "car") / 8,
        "M04": sum(min(value(r, m), 3) for m in C.MATERIALS) / 9,
        "M05": r[C.MEMBERS] / 10,
        "M06": cash(r) / 25,
        "M07": r[C.LEADERSHIP] / 5,
        "M08": sum(min(r[C.ITEM[h]], 3) for h in C.HENCHMEN) / 9,
        "M09": float(p.derby_wins > 0),
        "M10": r[C.HORSEPOWER] / 6,
        "M11": (min(r[C.ITEM["intellect"]], 4) / 4 + (r[C.SUSPICION] == 1)) / 2,
    }
    return min(table[code], 1.0)


def score(state: State, seat: int) -> float:
    if state.phase == "over":
        return 1000.0 if state.winner == seat else -1000.0
    p = state.players[seat]
    total = sum(1.0 if p.done[i] else progress(state, seat, p.missions[i]) for i in (0, 1))
    zone = C.control_zone(p.missions[2])
    total += 1.5 * state.markers[zone][seat] / 4
    return total + 0.02 * min(cash(p.res), 8) - 0.05 * p.res[C.SUSPICION]


def need(state: State, seat: int) -> set[str]:
    p = state.players[seat]
    wanted = {p.missions[i] for i in (0, 1) if not p.done[i]}
    return wanted | {"C"}


def choose(state: State, seat: int) -> Any:
    legal = GAME.legal_actions(state, seat)
    if isinstance(legal[0], RevealMission):
        return legal[0]
    if any(isinstance(a, PlaceHenchman) for a in legal):
        wanted = need(state, seat)
        best, best_value = None, -1.0
        for a in legal:
            if isinstance(a, PassPlacement):
                continue
            row = C.SPACES[a.space][0]
            reward = C.LOCATIONS[state.zone][row].reward
            helps = len(set(HELPS.get(reward, ())) & wanted) + (0.2 if reward in ("card", "conflict") else 0.0)
            if helps > best_value:
                best, best_value = a, helps
        return best
    base = score(state, seat)
    best, best_value = legal[0], float("-inf")
    for a in legal:
        after = fold(state, GAME.decide(state, seat, a))
        gain = score(after, seat) - base
        if gain > best_value + 1e-9:
            best, best_value = a, gain
    return best
