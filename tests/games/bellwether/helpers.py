"""Bellwether scenario builders: hand-made tables, scripted Labor dice, and Labor played through the public API.

Steps, folds and refusals come from ``boardcore.testing`` (``act``, ``fold``, ``refused``);
every driver here returns ``(events, state)`` like ``act``.
"""

from __future__ import annotations

from typing import Any

import msgspec

from boardcore import IllegalAction
from boardcore.encoding import state_digest
from boardcore.testing import act, refused, rig
from games.bellwether import GAME
from games.bellwether import actions as A
from games.bellwether.actions import ChooseFirstWard, EndTurn
from games.bellwether.board import set_player, set_ward
from games.bellwether.catalog import BUILDINGS, DIE_FACES
from games.bellwether.events import Event
from games.bellwether.state import Building, Options, State

replace = msgspec.structs.replace


def new(first: int = 0, seed: int = 0, **options: Any) -> State:
    """A fresh game with a fixed first player."""
    return GAME.setup(GAME.config(2, Options(first_player=first, **options)), seed)


def bare(first: int = 0, seed: int = 0) -> State:
    """A fresh game in which nobody holds Gangsters (so contests need no commitment)."""
    state = new(first, seed)
    for p in (0, 1):
        state = player(state, p, gangsters=())
    return state


def ward(state: State, w: int, **changes: Any) -> State:
    return set_ward(state, w, replace(state.wards[w], **changes))


def player(state: State, p: int, **changes: Any) -> State:
    return set_player(state, p, replace(state.players[p], **changes))


def build(state: State, w: int, card: str, owner: int, upgraded: bool = False) -> tuple[State, int]:
    """Put a Building on the board (Infrastructure belongs to the Ward; ``owner`` is then its builder)."""
    uid = state.next_uid
    infra = BUILDINGS[card].kind == "I"
    b = Building(uid=uid, card=card, owner=-1 if infra else owner, upgraded=upgraded, builder=owner)
    state = ward(state, w, buildings=(*state.wards[w].buildings, b))
    return replace(state, next_uid=uid + 1), uid


def clear(state: State, w: int) -> State:
    """Remove every Building (the neutral Factory too) from a Ward."""
    return ward(state, w, buildings=())


def rigged(state: State, faces: tuple[int, ...]) -> State:
    """The state whose next Labor dice show ``faces`` (face codes: ``catalog.RELIEF`` ... ``catalog.STRIKE``), in order."""
    return rig(state, *(DIE_FACES.index(face) + 1 for face in faces))


def to_labor(state: State) -> tuple[list[Event], State]:
    """End the second Invest & Build turn of the round so Labor begins."""
    second = 1 - state.start_player
    return act(GAME, replace(state, phase="invest", turn=second, turns_done=1), second, EndTurn())


def labor_from(state: State, first_ward: int) -> tuple[list[Event], State]:
    """Begin Labor and (if the choice is open) pick the first Ward."""
    events, state = to_labor(state)
    if state.labor is not None and state.labor.step == "choose":
        more, state = act(GAME, state, state.start_player, ChooseFirstWard(ward=first_ward))
        events += more
    return events, state


def finish_labor(state: State, earlier: list[Event] | None = None) -> tuple[list[Event], State]:
    """Play Labor out by always taking the last legal action (finish, settle, stop), collecting the events."""
    events = list(earlier or [])
    while state.phase == "labor":
        seat = min(GAME.actors(state))
        more, state = act(GAME, state, seat, GAME.legal_actions(state, seat)[-1])
        events += more
    return events, state


def labor_through(state: State, first_ward: int) -> tuple[list[Event], State]:
    """A whole Labor from ``first_ward`` (and what follows it: Cleanup, the next round or the end)."""
    events, state = labor_from(state, first_ward)
    return finish_labor(state, events)


def names(events: list[Event]) -> list[str]:
    return [type(e).__name__ for e in events]


def of(events: list[Event], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]

# One well-formed instance of every action type (legal or not depending on the moment).
SAMPLES = [
    A.BuyResource(resource=0), A.SellResource(resource=1), A.BuyConstruction(slot=0), A.RecruitOfficial(slot=0),
    A.HireGangster(), A.Upgrade(uid=0), A.BuyNeutral(ward=0), A.Place(card="F-TW", ward=0),
    A.PlayJob(gangster="G-FIX"), A.Quell(gangster="G-BRU", ward=0), A.EndTurn(), A.ChooseFirstWard(ward=0),
    A.Commit(gangster=""), A.Staff(uid=0), A.Overwork(uid=0), A.FinishAllocation(), A.Reroll(die=0),
    A.CancelStrike(die=0), A.PayRelief(die=0), A.SettlePush(), A.RollRecovery(), A.StopRecovery(),
    A.ChooseLoss(uid=0), A.PoliceBlock(block=True),
]

# Out-of-range, unknown or wrongly typed ids for every action type that has fields.
MALFORMED = [
    A.BuyResource(resource=3), A.BuyResource(resource=-1), A.BuyResource(resource="Coal"), A.BuyResource(resource=True),
    A.SellResource(resource=7), A.SellResource(resource=None),
    A.BuyConstruction(slot=4), A.BuyConstruction(slot=-1), A.BuyConstruction(slot="0"),
    A.RecruitOfficial(slot=3), A.RecruitOfficial(slot=1.5),
    A.Upgrade(uid=-1), A.Upgrade(uid="F-TW"),
    A.BuyNeutral(ward=4), A.BuyNeutral(ward=-1), A.BuyNeutral(ward=(0,)),
    A.Place(card="F-XX", ward=0), A.Place(card="O-MAY", ward=0), A.Place(card="F-TW", ward=4), A.Place(card=3, ward=0),
    A.PlayJob(gangster="G-XX"), A.PlayJob(gangster="G-BRU", ward=4), A.PlayJob(gangster="G-BRU", ward=-2),
    A.PlayJob(gangster="G-ARS", ward=0, target=-5), A.PlayJob(gangster=None),
    A.Quell(gangster="F-TW", ward=0), A.Quell(gangster="G-BRU", ward=-1),
    A.ChooseFirstWard(ward=4), A.ChooseFirstWard(ward="I"),
    A.Commit(gangster="G-XX"), A.Commit(gangster=None),
    A.Staff(uid=-1), A.Overwork(uid="x"), A.Reroll(die=-1), A.CancelStrike(die="0"), A.PayRelief(die=-3),
    A.ChooseLoss(uid=-1), A.PoliceBlock(block="yes"), A.PoliceBlock(block=1), A.Staff(uid=2.0), A.Upgrade(uid=2**70 * -1),
]


def refusal(state, seat, action) -> IllegalAction:
    """The refusal of ``action`` through the engine's one checked entry point; also checks it is typed and changes nothing."""
    digest = state_digest(state)
    exc = refused(GAME, state, seat, action)
    assert exc.code and "/" in exc.code, exc
    assert state_digest(state) == digest
    return exc


def names_action_and_rule(exc: IllegalAction, action) -> None:
    """The message names the action's type and, for a rule's refusal, cites the rule's clause."""
    assert type(action).__name__ in exc.message, exc.message
    if exc.code not in ("action/malformed", "turn/not_your_turn", "game/over"):
        assert exc.clause and exc.clause.startswith("BW-") and f"[{exc.clause}]" in exc.message, exc.message


def open_contest(p0_gangsters=("G-HEA", "G-BRU"), p1_gangsters=("G-FIX",)):
    state = clear(player(player(bare(first=0), 0, gangsters=p0_gangsters), 1, gangsters=p1_gangsters), 0)
    state, _ = build(state, 0, "F-CP", 0)
    state, _ = build(state, 0, "F-CK", 1)
    _, state = labor_from(state, 0)
    assert state.labor.step == "commit"
    return state
