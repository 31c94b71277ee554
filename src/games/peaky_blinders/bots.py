"""The house bot: a view-only heuristic player that chases its own three missions.

It places henchmen where the rewards serve its unfinished missions (and attacks
rivals who hold spaces of its control-mission zone), buys control markers for that
zone, swaps markers only there, bails out, plays every conflict card, sells every
material it has no use for in its market visit (then ends it), and otherwise passes. It never exchanges
denominations (payments break value-5 cards by themselves). Ties are broken with its
own seeded RNG stream.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import attrs

from boardcore import Rng
from boardcore.bots import bot_rng

from . import catalog as C
from .actions import (
    Action,
    BailOut,
    BuyMarker,
    ChooseDefender,
    ChooseOption,
    DeclineFortune,
    DeclineSwap,
    EndTurn,
    Pass,
    PlaceHenchman,
    PlayCard,
    RevealMission,
    SellMaterial,
    SwapMarker,
    UseFortune,
)
from .view import PlayerView, View

__all__ = ["HELPS", "HouseBot"]

HELPS = {
    "horsepower": ("M10", "M09"),
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
"""Which missions (``"C"``: the money for control markers) a location's reward feeds."""


T = TypeVar("T")


def _tokens(p: PlayerView, name: str) -> int:
    return int(getattr(p.holdings, name))


@attrs.define
class HouseBot:
    """A mission-chasing bot for one seat."""

    seat: int
    rng: Rng

    @classmethod
    def seeded(cls, seed: int, seat: int) -> HouseBot:
        """The house bot of ``seat`` in a game seeded ``seed`` (``Strategy.house_bot``)."""
        return cls(seat, bot_rng(seed, seat))

    def _pick(self, options: Sequence[T]) -> T:
        choice, self.rng = self.rng.choice(options)
        return choice

    def _best(self, scored: list[tuple[float, Action]]) -> Action:
        top = max(s for s, _ in scored)
        return self._pick([a for s, a in scored if s == top])

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """One of ``legal`` for this seat's view, by the decision the engine says the seat faces.

        Raises:
            KeyError: a kind of decision the bot was never taught.
        """
        kind = next(w.kind for w in view.waiting if w.seat == self.seat)
        me = view.players[self.seat]
        wanted = {me.missions[i] for i in (0, 1) if not me.done[i]} | {"C"}
        if kind == "reveal":
            return RevealMission(slot=0)
        if kind == "fortune":
            return self._fortune(view, me, legal)
        if kind == "place":
            return self._place(view, me, wanted, legal)
        if kind == "defender":
            defenders = [a for a in legal if isinstance(a, ChooseDefender)]
            return min(defenders, key=lambda a: (_tokens(view.players[a.defender], "members"), a.defender))
        if kind == "swap":
            return self._swap(view, me, legal)
        if kind == "choice":
            return self._option(view, me, wanted, legal)
        if kind == "turn":
            return self._turn(me, wanted, legal)
        msg = f"Peaky Blinders' house bot has no chooser for the {kind!r} decision"
        raise KeyError(msg)

    def _fortune(self, view: View, me: PlayerView, legal: Sequence[Action]) -> Action:
        if UseFortune() not in legal:
            return DeclineFortune()
        roll = next(r for r in view.rolls if r.open)
        if view.phase == "action" and view.conflict is None and view.round.current >= 0:
            henchman = view.round.current % 3
            total = roll.die + _tokens(me, C.HENCHMEN[henchman])
            crosses = total in (5, 9) if henchman != 1 else total == 5
            return UseFortune() if crosses else DeclineFortune()
        return UseFortune() if _tokens(me, "fortune") >= 2 else DeclineFortune()

    def _place(self, view: View, me: PlayerView, wanted: set[str], legal: Sequence[Action]) -> Action:
        rivals = any(c for s, c in enumerate(view.markers[view.zone]) if s != self.seat)
        scored: list[tuple[float, Action]] = []
        for a in legal:
            if not isinstance(a, PlaceHenchman):
                continue
            row = C.SPACES[a.space][0]
            reward = C.LOCATIONS[view.zone][row].reward
            if reward == "conflict":
                if view.zone == C.control_zone(me.missions[2]) and rivals:
                    value = 1.5  # win back a space of the control-mission zone
                else:
                    value = 0.3 if rivals and _tokens(me, "members") < 4 else 0.8
            elif reward == "card":
                value = 0.6
            else:
                value = 0.2 + len(set(HELPS[reward]) & wanted)
            if a.henchman == "strength":
                value *= 1.3 if _tokens(me, "suspicion") < 7 or reward == "suspicion" else 0.3
            scored.append((value - 0.01 * a.space, a))
        return self._best(scored) if scored else legal[-1]

    def _option(self, view: View, me: PlayerView, wanted: set[str], legal: Sequence[Action]) -> Action:
        names = [a.option for a in legal if isinstance(a, ChooseOption)]
        if names[0] in C.MATERIALS:
            need: dict[str, int] = {m: sum(1 for code in wanted if code in HELPS[m]) for m in C.MATERIALS}
            return ChooseOption(option=max(names, key=lambda m: (need[m], -_tokens(me, C.ONE_ITEM[m]))))
        play = view.play
        assert play is not None
        if play.target >= 0:
            target = view.players[play.target]
            return ChooseOption(option=max(names, key=lambda h: _tokens(target, h)))
        return ChooseOption(option=min(names, key=lambda h: _tokens(me, h)))

    def _swap(self, view: View, me: PlayerView, legal: Sequence[Action]) -> Action:
        """Take over a rival's marker only in the control-mission zone, never with a marker from there."""
        zone = C.control_zone(me.missions[2])
        swaps = [a for a in legal if isinstance(a, SwapMarker) and a.from_zone != zone]
        return swaps[0] if swaps and view.zone == zone else DeclineSwap()

    def _turn(self, me: PlayerView, wanted: set[str], legal: Sequence[Action]) -> Action:
        zone = C.control_zone(me.missions[2])
        markers = [a for a in legal if isinstance(a, BuyMarker) and a.zone == zone and a.from_zone != zone]
        if markers:
            return markers[0]
        for a in legal:
            if isinstance(a, BailOut):
                return a
        cards = [a for a in legal if isinstance(a, PlayCard)]
        if cards:
            return self._pick(cards)
        spare = [a for a in legal if isinstance(a, SellMaterial) and not set(HELPS[a.material]) & wanted]
        if spare:
            return spare[0]
        return EndTurn() if EndTurn() in legal else Pass()

