"""Building 5 Wards scenario states (shared by the scenario tests); acting on them goes through ``boardcore.testing.kit``."""

from __future__ import annotations

import re
from typing import Any

import msgspec
from msgspec.structs import replace

from boardcore import IllegalAction
from boardcore.testing.kit import act, find_secrets, settle
from boardcore.testing.kit import refused as kit_refused
from boardcore.tuples import put
from games.five_wards import GAME
from games.five_wards.actions import EndTurn
from games.five_wards.board import empty_slot, in_ward
from games.five_wards.catalog import CLUB, FIST, HAT
from games.five_wards.state import NOBODY, Player, SelectionTurn, Slot, State, WardState

W1, W2, W3, W4, W5 = range(5)
"""Westchester, Northington, Centerville, Southtown, Eastwick (0-based)."""
A, B, C, D, E = range(5)


SUPPLY = {"landmark_deck", "leftover_deck", "recruit_stack", "recruit_used", "tiles", "scoring", "coppers", "dice_count", "round_limit"}


def supplied(state: State, **changes: Any) -> State:
    """``state`` with fields of its ``Supply`` changed."""
    return replace(state, supply=replace(state.supply, **changes))


def new(players: int = 4, seed: int = 0, **changes: Any) -> State:
    """A freshly set-up game with ``changes`` applied to the state (``Supply`` fields included)."""
    state = GAME.setup(GAME.config(players), seed)
    supply = {k: v for k, v in changes.items() if k in SUPPLY}
    rest = {k: v for k, v in changes.items() if k not in SUPPLY}
    if supply:
        state = supplied(state, **supply)
    return replace(state, **rest) if rest else state


def slot(card: str, spaces: tuple[int, ...] | None = None, bonus: int = NOBODY, **kw: Any) -> Slot:
    """A card in the row with the given occupants (default: empty)."""
    base = empty_slot(card)
    if spaces is not None:
        base = replace(base, spaces=spaces, touched=any(s != NOBODY for s in spaces) or bonus != NOBODY)
    return replace(base, bonus=bonus, **kw)


def row(*cards: Slot | str) -> tuple[Slot, ...]:
    return tuple(c if isinstance(c, Slot) else slot(c) for c in cards)


def ward(n: int, old: dict[int, int] | None = None, fresh: dict[int, int] | None = None, **kw: Any) -> WardState:
    o = tuple((old or {}).get(s, 0) for s in range(n))
    f = tuple((fresh or {}).get(s, 0) for s in range(n))
    return WardState(old=o, fresh=f, **kw)


def with_ward(state: State, index: int, w: WardState) -> State:
    return replace(state, wards=put(state.wards, index, w))


def with_player(state: State, seat: int, **changes: Any) -> State:
    return replace(state, players=put(state.players, seat, replace(state.players[seat], **changes)))


def drafting(state: State, seat: int, pool: tuple[int, ...] | None = None, pick: int | None = None) -> State:
    """The state with ``seat`` at the start of a Phase 1 selection turn."""
    order = list(range(len(state.players)))
    order = order[state.start :] + order[: state.start]
    snake = order + order[::-1]
    if pick is None:
        pick = snake.index(seat)
    changes: dict[str, Any] = {"stage": "draft", "turn": SelectionTurn(player=seat), "pick": pick}
    if pool is not None:
        changes["pool"] = tuple(sorted(pool))
    return replace(state, **changes)


def draft_done(state: State) -> State:
    """``state`` just after the last selection of Phase 1 (the end of Phase 1 is due)."""
    return replace(state, stage="draft", turn=None, pick=2 * len(state.players))


def finish_draft(state: State) -> State:
    """Run the end of Phase 1 (every selection made) up to the next decision."""
    return settle(GAME, draft_done(state))[1]


def brawls_done(state: State) -> State:
    """``state`` just after the last Brawl of Phase 2 (Phase 3 is due)."""
    return replace(state, stage="brawl", turn=None, sealed=None, brawl=len(state.row) - 1)


def deploying(state: State) -> State:
    """Enter Phase 3 from ``state`` (Brawls already resolved) and run to the first decision."""
    return settle(GAME, brawls_done(state))[1]


def players_with(state: State, **changes: Any) -> tuple[Player, ...]:
    return tuple(replace(p, **changes) for p in state.players)


def names(events: list[Any]) -> list[str]:
    return [type(e).__name__ for e in events]


def of(events: list[Any], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def count_in(state: State, w: int, seat: int) -> int:
    return in_ward(state.wards[w], seat)


def end_turn(state: State, seat: int) -> State:
    """End ``seat``'s Phase 1 turn if it is waiting only on an optional Vagrant (``EndTurn``)."""
    if state.turn is not None and state.turn.player == seat and state.turn.acted:
        _, state = act(GAME, state, seat, EndTurn())
    return state

LANDMARK_IDS = ("L02", "L19", "L22", "L28", "L12")
"""Gasworks (FIRST), Bath House (LAST), Brewery (ALL), Clock Tower (ALL), Lodging House (LAST)."""

CODE = re.compile(r"[a-z]+/[a-z_]+")


def secrets(state: State, seat: int | None) -> frozenset[str]:
    """Every card and tile id hidden from ``seat`` (section 2 of the checklist), and the names text gives them."""
    assert GAME.secrets is not None
    return frozenset(GAME.secrets(state, seat))


def fields_of(action: Any) -> set[str]:
    """Every string a player typed into an action (they know what they typed)."""
    out: set[str] = set()
    for value in msgspec.structs.asdict(action).values():
        if isinstance(value, str):
            out.add(value)
        elif isinstance(value, (tuple, list)):
            out |= {v for v in value if isinstance(v, str)}
    return out


ENGINE_CODES = {"action/malformed", "turn/not_your_turn", "game/over"}
"""Refusals the engine makes before any rule of the game runs: they name no clause."""


def refused_cleanly(state: State, seat: int, action: Any, code: str | None = None, clause: str | None = None) -> IllegalAction:
    """The engine refuses ``action`` cleanly: a code, the action and (for a rule) the clause named, nothing hidden named."""
    err = kit_refused(GAME, state, seat, action, code=code)
    assert CODE.fullmatch(err.code), err.code
    assert type(action).__name__ in err.message, err.message
    if err.code not in ENGINE_CODES:
        assert err.clause is not None and err.clause in err.message, err.message
        assert re.fullmatch(r"(FW-[A-Z0-9]+-\d\d|GAP-\d\d)", err.clause)
    if clause is not None:
        assert err.clause == clause
    assert not find_secrets(err.message, secrets(state, seat) - fields_of(action)), err.message
    return err


HANDS = {A: ("T01", "T02", "T04", "T10"), B: ("T03", "T05", "T31", "T32"), C: ("T11", "T12"), D: ("T13",)}
"""A holds one card of each Phase 1 ability but Sneak and Reinforcements (Loaded Dice, Vagrant, Shakedown, Switcheroo)."""


def full_hands(state: State, hands: dict[int, tuple[str, ...]] = HANDS) -> State:
    """Seats get ``hands``; every other Tactics card (the setup Inspector card too) goes to the draw pile."""
    taken = {c for h in hands.values() for c in h}
    pool = (*state.tactics_deck, *(c for p in state.players for c in p.hand), *state.discard)
    state = replace(state, tactics_deck=tuple(c for c in pool if c not in taken), discard=())
    for seat in range(len(state.players)):
        state = with_player(state, seat, hand=hands.get(seat, ()))
    return state


def scenario_draft() -> State:
    """A at the start of a Phase 1 turn (start A, 4 players, A's last pick), B holding a CLUB die."""
    s = full_hands(new(4, 0, row=row(*LANDMARK_IDS), start=A))
    s = with_player(s, B, dice=(CLUB,))
    return drafting(s, A, pool=(HAT, FIST, FIST), pick=7)


def scenario_brawl(hands: dict[int, tuple[str, ...]] = HANDS) -> State:
    """Phase 2: a HAT Brawl in position 1, B (start) to commit first."""
    s = full_hands(new(4, 0, row=row("B1", *LANDMARK_IDS[1:]), start=B), hands)
    return finish_draft(s)


def scenario_deploy() -> State:
    """Phase 3: A deploys 3 Thugs from Gasworks (down only) in Westchester; rivals in Centerville."""
    s = new(4, 0, row=row(slot("L08", (A, A, A)), *LANDMARK_IDS[1:]), start=A, inspector=W5)
    s = with_ward(s, W3, ward(4, old={B: 2, C: 1}))
    s = with_ward(s, W2, ward(4, coppers=1))
    return deploying(full_hands(s))
