"""The chronicle of a finished game (``summarize``): round by round, the moves that shaped the city.

It reads only the public event stream, keeping a small public picture of its own
(who owns which Building, who controls and who riots where, each player's Influence)
so it can say "takes" or "holds", explain a tied contest and print each round's standing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import events as E
from .catalog import BUILDINGS, NEUTRAL_FACTORIES, OFFICIALS, RESOURCES, WARDS, card_name
from .scoring import REASONS
from .state import State
from .text import describe
from .text import player_name as P
from .text import ward_name as W

NARRATED = (E.StrikerSpread, E.SpreadBlocked, E.RiotEnded, E.WardBurnedOut)
"""Events told in the chronicle exactly as ``describe`` words them."""


class Chronicle:
    """Lines of the story so far, and the public facts needed to tell the next event."""

    def __init__(self, start: int) -> None:
        self.lines = ["Bellwether, 1885: a chronicle", "", f"Round 1 ({P(start)} starts)"]
        self.start = start
        self.cards = {w: NEUTRAL_FACTORIES[w] for w in range(WARDS)}
        self.owned: dict[int, int] = {}
        """uid -> Ward of each player-owned Building (a Ward left empty loses its controller, GAP-13)."""
        self.control = [-1] * WARDS
        self.riot = [False] * WARDS
        self.influence = [0, 0]
        self.yields = [[0, 0, 0, 0], [0, 0, 0, 0]]
        """Per seat: Textile, Cement, Coal and cash gained in this round's Labor."""

    def say(self, text: str) -> None:
        self.lines.append("  " + text)

    def tell(self, e: Any) -> None:
        handler = HANDLERS.get(type(e))
        if handler is not None:
            handler(self, e)
        elif isinstance(e, NARRATED):
            self.say(describe(e, None))
        if isinstance(e, (E.RiotEnded, E.WardBurnedOut)):
            self.riot[e.ward] = False

    # --- Invest & Build ---------------------------------------------------------------

    def round_started(self, e: E.RoundStarted) -> None:
        self.start = e.start_player
        self.lines.append(f"Round {e.round} ({P(e.start_player)} starts)")

    def placed(self, e: E.BuildingPlaced) -> None:
        self.cards[e.uid] = e.card
        if BUILDINGS[e.card].kind == "I":
            self.influence[e.player] += 1
        else:
            self.owned[e.uid] = e.ward
        self.say(f"{P(e.player)} places {card_name(e.card)} in {W(e.ward)}")

    def neutral_bought(self, e: E.NeutralBought) -> None:
        self.owned[e.uid] = e.ward
        self.say(f"{P(e.player)} buys the neutral {card_name(self.cards[e.uid])} of {W(e.ward)}")

    def recruited(self, e: E.OfficialRecruited) -> None:
        self.influence[e.player] += OFFICIALS[e.card].influence
        self.say(f"{P(e.player)} recruits the {card_name(e.card)}")

    def upgraded(self, e: E.BuildingUpgraded) -> None:
        self.say(f"{P(e.player)} upgrades the {card_name(self.cards[e.uid])} in {W(e.ward)}")

    def job(self, e: E.JobPlayed) -> None:
        where = f" in {W(e.ward)}" if e.ward >= 0 else ""
        self.say(f"{P(e.player)}'s {card_name(e.gangster)} goes to work{where}")

    def quelled(self, e: E.GangsterQuelled) -> None:
        self.say(f"{P(e.player)} spends a {card_name(e.gangster)} to quell a striker in {W(e.ward)}")

    # --- Labor ------------------------------------------------------------------------------

    def revealed(self, e: E.CommitmentsRevealed) -> None:
        if any(g for _, g in e.choices):
            sent = ", ".join(f"{P(p)} sends {card_name(g) if g else 'nobody'}" for p, g in e.choices)
            self.say(f"contest for {W(e.ward)}: {sent}")

    def contest_won(self, e: E.ContestWon) -> None:
        """Contested Wards always; an uncontested one only when it changes hands."""
        contested = all(t >= 0 for t in e.totals)
        before = self.control[e.ward]
        if contested or before != e.winner:
            how = f"({e.totals[0]} to {e.totals[1]}{self._tie(e)})" if contested else "unopposed"
            self.say(f"{P(e.winner)} {'holds' if before == e.winner else 'takes'} {W(e.ward)} {how}")
        self.control[e.ward] = e.winner

    def _tie(self, e: E.ContestWon) -> str:
        """Why a tied contest went the winner's way (BW-CONTEST-05)."""
        if e.totals[0] != e.totals[1]:
            return ""
        return ", tie to the starting player" if e.winner == self.start else ", tie to the Magistrate"

    def push_settled(self, e: E.PushSettled) -> None:
        if e.strikes or e.reliefs:
            self.say(f"{W(e.ward)}: {e.strikes} Strike(s), {e.reliefs} Relief(s) paid: {e.strikers} striker(s)")

    def produced(self, e: E.FactoryProduced) -> None:
        self.yields[e.player][e.resource] += e.amount
        self.yields[e.player][3] += e.cash

    def collected(self, e: E.MaterialsCollected) -> None:
        for i, n in enumerate(e.res):
            self.yields[e.player][i] += n

    # --- Unrest and Cleanup ----------------------------------------------------------------

    def ignited(self, e: E.RiotIgnited) -> None:
        self.riot[e.ward] = True
        self.say(f"RIOT in {W(e.ward)}!")

    def _gone(self, uid: int, ward: int) -> str:
        """Forget a Building; control lapses when its Ward has no player-owned Building left."""
        if self.owned.pop(uid, -1) >= 0 and ward not in self.owned.values():
            self.control[ward] = -1
        return card_name(self.cards.get(uid, "?"))

    def lost(self, e: E.BuildingLost) -> None:
        who = f"{P(e.owner)}'s" if e.owner >= 0 else "the Ward's"
        self.say(f"{who} {self._gone(e.uid, e.ward)} in {W(e.ward)} is lost to the Riot")

    def destroyed(self, e: E.BuildingDestroyed) -> None:
        self.say(f"the {self._gone(e.uid, e.ward)} in {W(e.ward)} burns")

    def cleaned_up(self, e: E.RoundCleanedUp) -> None:
        parts = []
        for p in (0, 1):
            got = [f"{n} {RESOURCES[i]}" for i, n in enumerate(self.yields[p][:3]) if n]
            got += [f"${self.yields[p][3]}"] if self.yields[p][3] else []
            parts.append(f"{P(p)} {', '.join(got) or 'nothing'}")
        self.say("Labor yields: " + "; ".join(parts))
        held = [sum(1 for w in range(WARDS) if self.control[w] == p and not self.riot[w]) for p in (0, 1)]
        self.say("Standing: " + "; ".join(f"{P(p)} Influence {self.influence[p]}, {held[p]} calm Ward(s)" for p in (0, 1)))
        self.yields = [[0, 0, 0, 0], [0, 0, 0, 0]]

    def ending(self, state: State) -> None:
        r = state.result
        if r is None:
            return
        self.lines += ["", f"The end, in round {state.round}: {REASONS[r.reason]}."]
        self.say(f"{P(r.winners[0])} wins." if r.winners else "A draw.")
        for p in (0, 1):
            self.say(
                f"{P(p)}: {r.wards[p]} calm Ward(s) controlled, Influence {r.influence[p]}, "
                f"Net Worth ${r.net_worth[p]}, {r.lost[p]} Building(s) lost to Riots"
            )


HANDLERS: dict[type, Any] = {
    E.RoundStarted: Chronicle.round_started,
    E.BuildingPlaced: Chronicle.placed,
    E.NeutralBought: Chronicle.neutral_bought,
    E.OfficialRecruited: Chronicle.recruited,
    E.BuildingUpgraded: Chronicle.upgraded,
    E.JobPlayed: Chronicle.job,
    E.GangsterQuelled: Chronicle.quelled,
    E.CommitmentsRevealed: Chronicle.revealed,
    E.ContestWon: Chronicle.contest_won,
    E.PushSettled: Chronicle.push_settled,
    E.FactoryProduced: Chronicle.produced,
    E.MaterialsCollected: Chronicle.collected,
    E.RiotIgnited: Chronicle.ignited,
    E.BuildingLost: Chronicle.lost,
    E.BuildingDestroyed: Chronicle.destroyed,
    E.RoundCleanedUp: Chronicle.cleaned_up,
}


def summarize(state: State, events: Sequence[Any]) -> str:
    """The chronicle: round by round placements, contests, strikes, Riots, standings and the final reckoning."""
    starts = [e.start_player for e in events if isinstance(e, E.RoundStarted)]
    chronicle = Chronicle(1 - starts[0] if starts else state.start_player)
    for e in events:
        chronicle.tell(e)
    chronicle.ending(state)
    return "\n".join(chronicle.lines)
