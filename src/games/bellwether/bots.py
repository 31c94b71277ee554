"""The house bot: a view-only baron who builds an economy, buys Influence and guards their Wards.

It sees exactly what its seat sees (a ``View`` and its legal actions) and draws its few
random choices from its own ``BOTS`` stream, so it never shifts the game's dice. Its plan
follows the two ways to win: spread Buildings over three Wards, buy Officials towards 10
Influence, keep its own Wards calm (Relief, quelling, no reckless overwork), and, when the
rival is about to consolidate, stir up the rival's Wards instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from boardcore import Rng
from boardcore.bots import bot_rng

from . import actions as A
from .actions import Action
from .catalog import BUILDINGS, CONSOLIDATION_INFLUENCE, CONSOLIDATION_WARDS, FACTORY_CARDS, GANGSTERS, OFFICIALS, RIOT_AT
from .state import Ward
from .view import View

BUILD_ROUNDS = 5
"""Rounds spent on Factories and upgrades before the bot turns to Influence."""
MAX_FACTORIES = 6
"""The bot stops adding Factories (though not Wards) once it owns this many."""
CASH_JOBS = ("G-FIX", "G-RAC", "G-INF")
"""Jobs worth playing whenever they are open: money, or a look at the rival's hand."""


def _owns(ward: Ward, seat: int) -> bool:
    """``seat`` owns a Building in the Ward (a plain loop: the bot asks it of every Ward, on every decision)."""
    for b in ward.buildings:
        if b.owner == seat:
            return True
    return False


def _power(ward: Ward, seat: int) -> int:
    return sum(BUILDINGS[b.card].power for b in ward.buildings if b.owner == seat)


def _factories(ward: Ward, seat: int) -> int:
    count = 0
    for b in ward.buildings:
        if b.owner == seat and b.card in FACTORY_CARDS:
            count += 1
    return count


@attrs.define
class HouseBot:
    """One seat's baron."""

    seat: int
    rng: Rng
    bold: bool = False
    """A bold baron overworks one die further and hires Gangsters for muscle."""

    @classmethod
    def seeded(cls, seed: int, seat: int) -> HouseBot:
        """The bot for ``seat``; its first draw from the BOTS stream sets its temperament."""
        temper, rng = bot_rng(seed, seat).below(2)
        return cls(seat, rng, bold=temper == 1)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """Take the decision the engine says this seat faces to its part of the bot (a Riot's, Labor's, or Invest
        & Build's); when that part has no preference, take the last legal action, which always means "enough":
        end the turn, finish, settle or stop.

        Raises:
            KeyError: a kind of decision the bot was never taught.
        """
        if len(legal) == 1:
            return legal[0]
        kind = next(w.kind for w in view.waiting if w.seat == self.seat)
        if kind not in PARTS:
            msg = f"Bellwether's house bot has no chooser for the {kind!r} decision"
            raise KeyError(msg)
        by: dict[type, list[Any]] = {}
        for action in legal:
            by.setdefault(type(action), []).append(action)
        chosen: Action | None = PARTS[kind](self, view, by)
        return legal[-1] if chosen is None else chosen

    def _coin(self, p: float) -> bool:
        n, self.rng = self.rng.below(1000)
        return n < p * 1000

    # --- Riots -----------------------------------------------------------------------------

    def _unrest(self, view: View, by: dict[type, list[Any]]) -> Any:
        if A.PoliceBlock in by:
            return A.PoliceBlock(block=True)
        if A.ChooseLoss in by:
            ward = view.wards[view.riots[0].ward]
            cards = {b.uid: b for b in ward.buildings}
            # Infrastructure first (it belongs to the Ward and its Influence is permanent), then the cheapest.
            return min(by[A.ChooseLoss], key=lambda a: (cards[a.uid].owner >= 0, BUILDINGS[cards[a.uid].card].cost.value))
        return None

    # --- Labor -------------------------------------------------------------------------------

    def _labor(self, view: View, by: dict[type, list[Any]]) -> Any:
        me = self.seat
        if A.ChooseFirstWard in by:
            # Resolve the calmest Ward first: its growth is safe before any spread can reach it.
            return min(by[A.ChooseFirstWard], key=lambda a: (view.wards[a.ward].strikers, a.ward))
        if A.Commit in by:
            return self._commit(view, by[A.Commit])
        labor = view.labor
        if A.Staff in by:
            ward = view.wards[labor.order[labor.pos]] if labor else None
            mine = [a for a in by[A.Staff] if ward and any(b.uid == a.uid and b.owner == me for b in ward.buildings)]
            return (mine or by[A.Staff])[0]
        if A.FinishAllocation in by:
            return self._overwork(view, by)
        if A.CancelStrike in by:
            return by[A.CancelStrike][0]
        if A.PayRelief in by:
            return by[A.PayRelief][0]
        if A.SettlePush in by:
            return A.SettlePush()
        if A.RollRecovery in by:
            return A.RollRecovery()
        if A.StopRecovery in by:
            return A.StopRecovery()
        return None

    def _overwork(self, view: View, by: dict[type, list[Any]]) -> Any:
        """Push my own Factories while the strike track leaves room for every die to come up Strike
        (a bold baron allows one die more, trusting Relief and luck)."""
        labor = view.labor
        assert labor is not None
        ward = view.wards[labor.order[labor.pos]]
        owners = {b.uid: b.owner for b in ward.buildings}
        staffing = {b.uid: BUILDINGS[b.card].staffing for b in ward.buildings}
        dice = sum(n - staffing[uid] for uid, n in labor.staffed)
        room = RIOT_AT - 1 - ward.strikers + (1 if self.bold else 0)
        mine = [a for a in by.get(A.Overwork, []) if owners.get(a.uid) == self.seat]
        if mine and dice < room and view.players[self.seat].cash >= 2:
            return mine[0]
        return A.FinishAllocation()

    def _commit(self, view: View, options: list[Any]) -> Any:
        """Commit the weakest Gangster that wins a close contest; keep them when the contest is decided anyway."""
        assert view.labor is not None
        me, rival = self.seat, 1 - self.seat
        w = view.labor.order[view.labor.pos]
        ward = view.wards[w]
        mine = _power(ward, me) + view.players[me].influence + ward.heavy[me]
        theirs = _power(ward, rival) + view.players[rival].influence + ward.heavy[rival]
        they = view.players[rival]
        known = [GANGSTERS[g].muscle for g in they.known_gangsters]
        threat = 0 if they.gangster_count == 0 else max(known) if len(known) == they.gangster_count else 4
        tie_mine = view.start_player == me
        muscles = sorted((GANGSTERS[a.gangster].muscle, a.gangster) for a in options if a.gangster)
        margin = mine - theirs
        if margin > threat or (margin == threat and tie_mine):
            return A.Commit(gangster="")
        for muscle, g in muscles:
            if margin + muscle > threat or (margin + muscle == threat and tie_mine):
                return A.Commit(gangster=g)
        if muscles and margin + muscles[-1][0] >= 0 and self._coin(0.5):
            return A.Commit(gangster=muscles[-1][1])  # a gamble: the rival may hold back
        return A.Commit(gangster="")

    # --- Invest & Build ------------------------------------------------------------------------

    def _invest(self, view: View, by: dict[type, list[Any]]) -> Any:
        if A.EndTurn not in by:
            return None
        me, rival = self.seat, 1 - self.seat
        p = view.players[me]
        wards = view.wards
        threatened = self._rival_threatens(view)
        # 1. Calm my own Wards before they riot.
        for a in by.get(A.PlayJob, []):
            if a.gangster == "G-PEA" and _owns(wards[a.ward], me) and wards[a.ward].strikers >= 1:
                return a
        quells = [a for a in by.get(A.Quell, []) if _owns(wards[a.ward], me) and wards[a.ward].strikers >= RIOT_AT - 1]
        if quells:
            return min(quells, key=lambda a: (GANGSTERS[a.gangster].muscle, a.gangster))
        # 2. Money and information.
        for a in by.get(A.PlayJob, []):
            if a.gangster in CASH_JOBS and not (a.gangster == "G-RAC" and view.players[rival].cash == 0):
                return a
        # 3. Stop a rival who is about to consolidate: riot or unsettle their Wards.
        if threatened:
            hits = [
                a for a in by.get(A.PlayJob, [])
                if a.gangster in ("G-BRU", "G-AGI")
                and wards[a.target if a.gangster == "G-AGI" else a.ward].controller == rival
                and not _owns(wards[a.target if a.gangster == "G-AGI" else a.ward], me)
            ]
            if hits:
                return max(hits, key=lambda a: wards[a.target if a.gangster == "G-AGI" else a.ward].strikers)
        for a in by.get(A.PlayJob, []):
            if a.gangster == "G-AGI" and _owns(wards[a.ward], me) and not _owns(wards[a.target], me):
                return a  # push my strikers onto the rival
            if a.gangster == "G-ARS" and _owns(wards[a.ward], me):
                return a  # burn the rival's Tenement where we compete
        # 4. Place a Building from hand.
        if A.Place in by:
            return max(by[A.Place], key=lambda a: self._placement_value(view, a))
        # 5. Early rounds grow the economy; later rounds buy Influence (the road to Consolidation).
        growing = view.round <= BUILD_ROUNDS
        factories = sum(_factories(w, me) for w in wards)
        present = sum(1 for w in wards if _owns(w, me))
        if not growing and A.RecruitOfficial in by:
            return max(by[A.RecruitOfficial], key=lambda a: (OFFICIALS[view.official_market[a.slot]].influence, -a.slot))
        # 6. Spread out: a neutral Factory in a Ward I do not stand in yet (or any, while growing).
        for a in by.get(A.BuyNeutral, []):
            if not _owns(wards[a.ward], me) and present <= CONSOLIDATION_WARDS:
                return a
        if growing:
            ups = [a for a in by.get(A.Upgrade, []) if self._is_factory(view, a.uid)]
            if ups:
                return ups[0]
            if not p.hand and factories < MAX_FACTORIES:
                buy = self._construction(view, by.get(A.BuyConstruction, []))
                if buy is not None:
                    return buy
            if by.get(A.BuyNeutral) and factories < MAX_FACTORIES:
                return by[A.BuyNeutral][0]
        # 7. Enough Influence but too few Wards: add Ward Power where the rival holds me off.
        held = sum(1 for w in wards if w.controller == me and not w.riot)
        if p.influence >= CONSOLIDATION_INFLUENCE and held < CONSOLIDATION_WARDS:
            heavies = [a for a in by.get(A.PlayJob, []) if a.gangster == "G-HEA" and wards[a.ward].controller == rival and _owns(wards[a.ward], me)]
            if heavies:
                return heavies[0]
            if not p.hand:
                cards = [a for a in by.get(A.BuyConstruction, []) if BUILDINGS[view.construction_market[a.slot]].kind != "I"]
                if cards:
                    return min(cards, key=lambda a: BUILDINGS[view.construction_market[a.slot]].cost.value)
        if A.RecruitOfficial in by:
            return max(by[A.RecruitOfficial], key=lambda a: (OFFICIALS[view.official_market[a.slot]].influence, -a.slot))
        # 8. A bold baron keeps a Gangster in hand for the contests to come.
        if self.bold and A.HireGangster in by and p.gangster_count == 0 and p.cash >= 6:
            return A.HireGangster()
        # 9. Turn resources into cash.
        sells = by.get(A.SellResource, [])
        if sells:
            return max(sells, key=lambda a: p.res[a.resource])
        return A.EndTurn()

    def _rival_threatens(self, view: View) -> bool:
        """The rival holds enough calm Wards and leads in Influence: time to stir up their Wards."""
        rival = 1 - self.seat
        them = view.players[rival]
        held = sum(1 for w in view.wards if w.controller == rival and not w.riot)
        return held >= CONSOLIDATION_WARDS - 1 and them.influence >= view.players[self.seat].influence + 2

    def _is_factory(self, view: View, uid: int) -> bool:
        return any(b.uid == uid and b.card in FACTORY_CARDS for w in view.wards for b in w.buildings)

    def _placement_value(self, view: View, a: A.Place) -> tuple[int, int, int]:
        """New Wards first (three are needed), then Influence (Infrastructure), then contested Wards."""
        me, rival = self.seat, 1 - self.seat
        ward = view.wards[a.ward]
        kind = BUILDINGS[a.card].kind
        new_ward = kind == "F" and not _owns(ward, me)
        contested = _owns(ward, rival)
        return (
            2 if new_ward else 1 if kind == "I" else 0,
            (0 if contested == new_ward else 1) - ward.strikers,
            -a.ward,
        )

    def _construction(self, view: View, buys: list[Any]) -> Any:
        """A cheap Factory while some calm Ward still lacks one of mine; else Infrastructure (for its
        Influence) when I own a Factory in a calm Ward to place it next to."""
        me = self.seat
        missing = any(not _owns(w, me) and not w.riot for w in view.wards)
        best = None
        for a in buys:
            card = BUILDINGS[view.construction_market[a.slot]]
            if card.kind == "F" and missing and card.cost.cash <= 2:
                return a
            if card.kind == "I" and any(_factories(w, me) and not w.riot for w in view.wards):
                best = best or a
        return best


PARTS = {
    "police": HouseBot._unrest,
    "loss": HouseBot._unrest,
    "first_ward": HouseBot._labor,
    "commit": HouseBot._labor,
    "allocate": HouseBot._labor,
    "push": HouseBot._labor,
    "recover": HouseBot._labor,
    "invest": HouseBot._invest,
}
"""The part of the bot that answers each kind of decision; a missing kind fails loudly."""

