"""Words for humans: a line per event as a viewer receives it, a label per action for its own seat, and the
story of the game told from a viewer's final view, the events they received and the outcome.

The engine redacts every event before ``event_text`` sees it, so a line can only
name what its viewer may know (another seat's drawn or committed cards arrive as a
count); seat names always come from ``names``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from boardcore import Names, Outcome

from . import actions as A
from . import events as E
from .board import in_ward
from .catalog import (
    GANGS,
    ICONS,
    LANDMARK_BY_ID,
    RECRUIT_BY_ID,
    RESOURCES,
    SCORING_BY_ID,
    WARDS,
    ScoringSide,
    card_name,
    scoring_side,
    tactic_name,
)
from .scoring import ward_points
from .view import View

__all__ = ["ACTION_TEXT", "EVENT_TEXT", "action_text", "event_text", "label_text", "round_lines", "side_text", "summary_text"]

SOURCE_NAMES = ("Ward tiles", "home Ward", "Ward Bosses", "Brawls", "leftovers")
BLAST_SOURCES = {"boss": "the Ward Boss space", "fresh": "this round's stack", "old": "the ones placed in earlier rounds"}
PHASES = {"brawl": "Phase 2: Brawl", "deploy": "Phase 3: Deploy and Scheme", "reset": "Phase 4: Reset", "score": "Final scoring"}


def side_text(side: ScoringSide) -> str:
    """A Scoring tile side in a few words (GAP-06)."""
    ranks = ("MOST", "2nd", "3rd")
    by_rank = " / ".join(f"{ranks[i]} {p}" for i, p in enumerate(side.points))
    if side.kind == "rank":
        return by_rank
    if side.kind == "headcount":
        return f"1 per 2 Thugs, max {side.cap}"
    if side.kind == "foothold":
        return f"1 each present, MOST +{side.points[0]}"
    if side.kind == "underdogs":
        return f"MOST {side.points[0]} / FEWEST {side.points[1]}"
    if side.kind == "landslide":
        return f"MOST scores its lead, max {side.cap}"
    return f"Ward Boss +{side.cap} / {by_rank}"


# --- words ---------------------------------------------------------------------------------------


def _and(seats: Sequence[int], names: Names) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cy``."""
    said = [names[s] for s in seats]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]


def _column(position: int) -> str:
    """A column of the board as its header reads: ``2 · Northington``."""
    return f"{position + 1} · {WARDS[position]}"


def _n(count: int, noun: str) -> str:
    """``no cards``, ``1 card``, ``2 cards``."""
    return f"no {noun}s" if count == 0 else f"{count} {noun}{'s' if count != 1 else ''}"


def _cards(cards: tuple[str, ...] | None, count: int) -> str:
    """The cards by name when the viewer may see them, else how many."""
    return _n(count, "card") if cards is None else ", ".join(tactic_name(c) for c in cards) or "no cards"


def _resources(resources: Sequence[int]) -> str:
    """``1 Power``, ``2 Mayhem``, ``1 Power and 1 Mayhem``."""
    counts = [(resources.count(r), RESOURCES[r].capitalize()) for r in range(3) if r in resources]
    return " and ".join(f"{n} {name}" for n, name in counts)


def _restock(cards: int, resources: Sequence[int]) -> str:
    """The declared Restock option (FW-RESTOCK-01) in words."""
    draw = f"draw {cards} Tactics card{'s' if cards != 1 else ''}" if cards else ""
    add = f"add {_resources(resources)}" if resources else ""
    return " and ".join(x for x in (draw, add) if x) or "nothing"


def _faces(faces: Sequence[int]) -> str:
    return ", ".join(ICONS[f] for f in faces)


def brawl_tied(e: E.BrawlResolved) -> list[int]:
    """The seats tied for the best total: in turn order when 2 rallied (the first of them leads it), else by seat."""
    best = max(e.totals)
    if e.winner >= 0 or best <= 0:
        return []
    first = e.rallied[0] if len(e.rallied) == 2 else 0
    n = len(e.totals)
    return sorted((s for s in range(n) if e.totals[s] == best), key=lambda s: (s - first) % n)


def _brawl_line(e: E.BrawlResolved, names: Names) -> str:
    """Who won or tied a Brawl, who rallied, and the card's fate (FW-BRAWL-07/09/10, GAP-10)."""
    best = max(e.totals)
    stays = "the Brawl stays for the next Phase 2"
    if e.winner >= 0:
        if not e.rallied:
            return f"{names[e.winner]} wins with {best} but has no Thug left to rally, so {stays}"
        got = f"rallies {_n(len(e.rallied), 'Thug')}"
        return f"{names[e.winner]} wins with {best}, {got} and collects the card after deploying it"
    tied = brawl_tied(e)
    if not tied:
        return f"nobody has the icon, so nobody rallies and {stays}"
    if not e.rallied:
        who = "neither of them" if len(tied) == 2 else "neither of the first 2 in turn order"
        return f"{_and(tied, names)} tie at {best} but {who} has a Thug left to rally, so {stays}"
    if len(e.rallied) == 1:
        rally = f"only {names[e.rallied[0]]} has a Thug left to rally"
    else:
        rally = f"{_and(e.rallied, names)} rally 1 Thug each"
    if len(tied) > 2:
        rally = "turn order picks the first 2: " + rally
    return f"{_and(tied, names)} tie at {best}; {rally}; the card is discarded after deploying, not collected"


# --- events, as the viewer receives them ------------------------------------------------------------

EventText = Callable[[Any, Names], str]


def _recruit_tile(e: E.RecruitReplaced, names: Names) -> str:
    t = RECRUIT_BY_ID[e.tile]
    return f"{WARDS[e.ward]} gets a new Recruiting tile: pay 1 {RESOURCES[t.resource].capitalize()} to turn {_n(t.n, 'Thug')} into {t.m}"


def _rerolled(e: E.DiceRerolled, names: Names) -> str:
    if not e.before:
        return f"{names[e.player]} rerolls no dice"
    return f"{names[e.player]} rerolls {_faces(e.before)} -> {_faces(e.after)}"


def _inspector(e: E.InspectorMoved, names: Names) -> str:
    card = f" ({tactic_name(e.card)})" if e.card else " (no card to draw: he stays)"
    return f"the Inspector moves to {WARDS[e.ward]}{card}"


def _arrests(e: E.ThugsArrested, names: Names) -> str:
    arrested = ", ".join(f"{names[s]} {n}" for s, n in enumerate(e.arrests) if n)
    return f"Coppers in {WARDS[e.ward]} arrest {arrested or 'nobody'}"


def _brawl_opened(e: E.BrawlOpened, names: Names) -> str:
    waiting = ", ".join(names[s] for s in e.waiting) or "nobody"
    return f"Brawl at {_column(e.position)}: {waiting} may commit cards"


def _brawl_resolved(e: E.BrawlResolved, names: Names) -> str:
    totals = ", ".join(f"{names[s]} {t}" for s, t in enumerate(e.totals))
    return f"Brawl at {_column(e.position)}: {_brawl_line(e, names)} (totals: {totals})"


def _revealed(e: E.BrawlRevealed, names: Names) -> str:
    return "revealed: " + ("; ".join(f"{names[s]} {_cards(c, len(c))}" for s, c in e.choices) or "nothing")


EVENT_TEXT: dict[type, EventText] = {
    E.DiceRolled: lambda e, names: f"{names[e.starter]} rolls: {_faces(e.faces)}",
    E.DieSelected: lambda e, names: f"{names[e.player]} takes a {ICONS[e.face]} die",
    E.TacticPlayed: lambda e, names: f"{names[e.player]} plays {tactic_name(e.card)}",
    E.ShakedownBegan: lambda e, names: f"{names[e.player]} starts a Shakedown",
    E.ShakedownPicked: lambda e, names: f"{names[e.player]} picks a {ICONS[e.face]} die to reroll",
    E.DiceRerolled: _rerolled,
    E.DieTurned: lambda e, names: f"{names[e.player]} turns the die to {ICONS[e.face]}",
    E.DiceSwapped: lambda e, names: f"{names[e.player]} swaps a {ICONS[e.gave]} die for {names[e.rival]}'s {ICONS[e.got]}",
    E.ThugMoved: lambda e, names: f"{names[e.player]} moves a Thug from {_column(e.from_position)} to {_column(e.to_position)}",
    E.ThugRallied: lambda e, names: (
        f"{names[e.player]} rallies a Thug to {'the bonus space' if e.bonus else f'space {e.space + 1}'} of {_column(e.position)}"
    ),
    E.Restocked: lambda e, names: f"{names[e.player]} restocks: {_restock(e.cards, e.resources)}",
    E.TacticsDrawn: lambda e, names: f"{names[e.player]} draws {_cards(e.cards, e.count)}",
    E.TacticsReshuffled: lambda e, names: f"the Tactics discard pile is reshuffled into a new draw pile of {e.count}",
    E.TacticDiscarded: lambda e, names: f"{names[e.player]} discards {tactic_name(e.card)}",
    E.Acted: lambda e, names: f"{names[e.player]} has taken their action",
    E.TurnEnded: lambda e, names: f"{names[e.player]}'s turn ends",
    E.CopperPlaced: lambda e, names: f"a Copper takes the bonus space of {_column(e.position)}",
    E.PhaseBegan: lambda e, names: PHASES[e.phase],
    E.StartPassed: lambda e, names: f"{names[e.player]} takes the Starting Player marker" + (" (Phase 1 repeats)" if e.repeat else ""),
    E.BrawlOpened: _brawl_opened,
    E.TacticsCommitted: lambda e, names: f"{names[e.player]} commits {_cards(e.cards, e.count)} face down",
    E.BrawlRevealed: _revealed,
    E.BrawlResolved: _brawl_resolved,
    E.DeployQueued: lambda e, names: "cards deploy from " + (", ".join(_column(p) for p in e.positions) or "nowhere"),
    E.CardDeployBegan: lambda e, names: f"deploying from {_column(e.position)}",
    E.CopperDeployed: lambda e, names: f"a Copper goes down to {WARDS[e.ward]}",
    E.StepBegan: lambda e, names: f"{names[e.player]} takes up {_n(e.thugs, 'Thug')} from {_column(e.position)} to deploy",
    E.ThugsDeployed: lambda e, names: f"{names[e.player]} deploys {e.count} to {WARDS[e.ward]}" + (f" (+{e.added} recruited)" if e.added else ""),
    E.BossTaken: lambda e, names: f"{names[e.player]} becomes Ward Boss of {WARDS[e.ward]} with {e.height}",
    E.ThugsReturned: lambda e, names: f"{names[e.player]}'s {_n(e.count, 'blocked Thug')} go back to the bag",
    E.Bolstered: lambda e, names: f"{names[e.player]} Bolsters a Thug from {WARDS[e.from_ward]} to {WARDS[e.to_ward]}",
    E.InspectorBribed: lambda e, names: f"{names[e.player]} Bribes the Inspector",
    E.CopperBribed: lambda e, names: f"{names[e.player]} Bribes a Copper from {WARDS[e.from_ward]} to {WARDS[e.to_ward]}",
    E.Blasted: lambda e, names: f"{names[e.player]} Blasts {WARDS[e.ward]}",
    E.ThugBlasted: lambda e, names: f"{names[e.player]} loses a Thug from {BLAST_SOURCES[e.source]} in {WARDS[e.ward]}",
    E.StepEnded: lambda e, names: f"{names[e.player]} is done with this card",
    E.CardDeployed: lambda e, names: (
        f"{_column(e.position)} is deployed" + (f"; {names[e.collector]} collects the Brawl" if e.collector >= 0 else "")
    ),
    E.LandmarkReplaced: lambda e, names: f"{_column(e.position)}: {card_name(e.card) if e.card else 'no card left'}",
    E.RecruitReshuffled: lambda e, names: f"the used Recruiting tiles become a new stack of {e.count}",
    E.RecruitReplaced: _recruit_tile,
    E.InspectorMoved: _inspector,
    E.RoundEnded: lambda e, names: f"round {e.round} ends",
    E.FinalRoundBegan: lambda e, names: "the final round begins" if e.reason == "deck" else "the safety limit ends the game",
    E.LeftoverDrawn: lambda e, names: f"{_column(e.position)}: {card_name(e.card)} (leftover deck)",
    E.ThugsArrested: _arrests,
    E.GameScored: lambda e, names: "final scores: " + ", ".join(f"{names[s]} {sum(r)}" for s, r in enumerate(e.scores)),
}
"""One line per event type a player may receive (every type but the RNG bookkeeping, which nobody receives)."""


def event_text(event: E.Event, viewer: int | None, names: Names) -> str:
    """One line for ``event`` as ``viewer`` received it (the engine redacted it first)."""
    return EVENT_TEXT[type(event)](event, names)


# --- a seat's own actions (its buttons) ------------------------------------------------------------


def _rally(a: A.Rally, seat: int, names: Names) -> str:
    extra = f" with {tactic_name(a.card)}" if a.card else ""
    second = f" and space {a.second_space + 1}" if a.second_space is not None else ""
    return f"rally to space {a.space + 1} of {_column(a.position)}{second}{extra}"


def _vagrant(a: A.PlayVagrant, seat: int, names: Names) -> str:
    return (
        f"play Vagrant: move a Thug from {_column(a.from_position)}, space {a.from_space + 1} "
        f"to {_column(a.to_position)}, space {a.to_space + 1}"
    )


ACTION_TEXT: dict[type, Callable[[Any, int, Names], str]] = {
    A.SelectDie: lambda a, seat, names: f"select a {ICONS[a.face]} die",
    A.Rally: _rally,
    A.Restock: lambda a, seat, names: f"restock: {_restock(a.cards, a.resources)}",
    A.DiscardTactic: lambda a, seat, names: f"discard {tactic_name(a.card)}",
    A.PlayShakedown: lambda a, seat, names: "play Shakedown",
    A.ShakedownPick: lambda a, seat, names: f"pick a {ICONS[a.face]} die to reroll",
    A.ShakedownRoll: lambda a, seat, names: "reroll the picked dice",
    A.PlayLoadedDice: lambda a, seat, names: f"play Loaded Dice: turn the die to {ICONS[a.face]}",
    A.PlaySwitcheroo: lambda a, seat, names: f"play Switcheroo with {names[a.rival]}'s die {a.die + 1}",
    A.PlayVagrant: _vagrant,
    A.EndTurn: lambda a, seat, names: "end the turn",
    A.CommitTactics: lambda a, seat, names: f"commit {_n(len(a.cards), 'card')} face down" if a.cards else "commit no cards",
    A.DeployThugs: lambda a, seat, names: f"deploy {a.count} to {WARDS[a.ward]}" + (f", recruiting {a.recruits}x" if a.recruits else ""),
    A.Bolster: lambda a, seat, names: (
        f"Bolster: move a {'new ' if a.from_fresh else 'earlier '}Thug {WARDS[a.from_ward]} -> {WARDS[a.to_ward]}"
        + (" (as a new Thug)" if a.to_fresh else "")
    ),
    A.BribeInspector: lambda a, seat, names: "Bribe the Inspector",
    A.BribeCopper: lambda a, seat, names: f"Bribe: move a Copper {WARDS[a.from_ward]} -> {WARDS[a.to_ward]}",
    A.Blast: lambda a, seat, names: f"Blast {WARDS[a.ward]}",
    A.BlastPick: lambda a, seat, names: f"blast a Thug from {BLAST_SOURCES[a.source]}",
    A.EndDeploy: lambda a, seat, names: "finish deploying from this card",
}
"""One label per action type; the test suite checks every member of the action union has one."""


def action_text(action: A.Action, seat: int, names: Names) -> str:
    """A label for ``seat``'s own action (for its buttons)."""
    return ACTION_TEXT[type(action)](action, seat, names)


def _drawn_space(view: View, position: int, space: int) -> str:
    """A die space as the picture draws it: its icon on the named Landmark of a numbered column."""
    card = view.row[position].card
    if card is None or card not in LANDMARK_BY_ID:
        return f"space {space + 1} of {_column(position)}"
    landmark = LANDMARK_BY_ID[card]
    icon = ICONS[landmark.spaces[space]].capitalize() if space < len(landmark.spaces) else "bonus"
    return f"the {icon} space of {landmark.name} ({_column(position)})"


def label_text(action: A.Action, view: View, seat: int, names: Names) -> str:
    """The label with the seat's view: die spaces by their icon and Landmark, as drawn (no space numbers)."""
    if isinstance(action, A.Rally):
        second = f" and {_drawn_space(view, action.position, action.second_space)}" if action.second_space is not None else ""
        extra = f" with {tactic_name(action.card)}" if action.card else ""
        return f"rally to {_drawn_space(view, action.position, action.space)}{second}{extra}"
    if isinstance(action, A.PlayVagrant):
        moved = _drawn_space(view, action.from_position, action.from_space)
        return f"play Vagrant: move a Thug from {moved} to {_drawn_space(view, action.to_position, action.to_space)}"
    return action_text(action, seat, names)


# --- the story of the game ---------------------------------------------------------------------------

SCHEME_NAMES: dict[type, str] = {E.Bolstered: "Bolster", E.InspectorBribed: "Bribe", E.CopperBribed: "Bribe", E.Blasted: "Blast"}


def _round_text(final: bool, repeats: int, brawls: list[str], bosses: list[str], deployed: int, schemes: list[str]) -> str:
    parts = ["final round"] if final else []
    if repeats:
        parts.append(f"Phase 1 repeated {repeats}x")
    if brawls:
        parts.append("Brawls: " + ", then ".join(brawls))
    parts.append(f"{_n(deployed, 'card')} deployed" if deployed else "nothing deployed")
    if bosses:
        parts.append("new Ward Bosses: " + ", ".join(bosses))
    if schemes:
        parts.append("Schemes: " + ", ".join(f"{name} x{schemes.count(name)}" for name in sorted(set(schemes))))
    return "; ".join(parts)


def _brawl_summary(e: E.BrawlResolved, names: Names) -> str:
    """A Brawl in a few words for the round line: winner, or every tied Gang, who rallied and the card's fate."""
    if e.winner >= 0:
        return f"{names[e.winner]} won" if e.rallied else f"{names[e.winner]} won (no Thug left to rally, the Brawl stays)"
    tied = brawl_tied(e)
    if not tied:
        return "nobody had the icon (the Brawl stays)"
    if not e.rallied:
        return f"{_and(tied, names)} tied at {max(e.totals)} (no Thug left to rally, the Brawl stays)"
    if list(e.rallied) == tied:
        rally = "1 Thug each"
    else:
        rally = f"{_and(e.rallied, names)} rallied 1 Thug each" if len(e.rallied) > 1 else f"only {names[e.rallied[0]]} rallied"
    return f"{_and(tied, names)} tied at {max(e.totals)} ({rally}, card discarded)"


def round_lines(events: Sequence[E.Event], names: Names) -> list[str]:
    """One line per round (equal quiet rounds merged): repeats, Brawls, cards deployed, Ward Boss takeovers, Schemes.

    Every event it reads is public, so every viewer gets the same lines.
    """
    runs: list[tuple[int, int, str]] = []  # (first round, last round, what happened)
    number, final, repeats, deployed = 1, False, 0, 0
    brawls: list[str] = []
    bosses: list[str] = []
    schemes: list[str] = []

    def close() -> None:
        text = _round_text(final, repeats, brawls, bosses, deployed, schemes)
        if runs and runs[-1][2] == text and runs[-1][1] == number - 1:
            runs[-1] = (runs[-1][0], number, text)
        else:
            runs.append((number, number, text))

    for e in events:
        kind = type(e)
        if kind not in _TOLD:
            continue
        if isinstance(e, E.StartPassed):
            repeats += e.repeat
        elif isinstance(e, E.BrawlResolved):
            brawls.append(_brawl_summary(e, names))
        elif kind is E.CardDeployed:
            deployed += 1
        elif isinstance(e, E.BossTaken):
            bosses.append(f"{names[e.player]} in {WARDS[e.ward]} ({e.height})")
        elif kind in SCHEME_NAMES:
            schemes.append(SCHEME_NAMES[kind])
        elif kind is E.FinalRoundBegan:
            final = True
        elif kind is E.RoundEnded:
            close()
            number, repeats, deployed = number + 1, 0, 0
            brawls, bosses, schemes = [], [], []
        elif kind is E.GameScored:
            close()
    return [f"  {f'Round {a}' if a == b else f'Rounds {a}-{b}'}: {text}" for a, b, text in runs]


_TOLD = frozenset({E.StartPassed, E.BrawlResolved, E.CardDeployed, E.BossTaken, E.FinalRoundBegan, E.RoundEnded, E.GameScored, *SCHEME_NAMES})
"""The events the round lines read (a game has thousands of others)."""
_FEATS = frozenset({E.BrawlResolved, E.BossTaken, E.ThugsDeployed, *SCHEME_NAMES})


def _feats(events: Sequence[E.Event], n: int) -> tuple[list[int], list[int], list[int], list[int]]:
    """Per seat: Brawls won, Ward Boss takeovers, Thugs recruited, Schemes executed (all public events)."""
    brawls_won, takeovers, recruited, schemes = [0] * n, [0] * n, [0] * n, [0] * n
    for e in events:
        if type(e) not in _FEATS:
            continue
        if isinstance(e, E.BrawlResolved):
            if e.winner >= 0 and e.rallied:
                brawls_won[e.winner] += 1
        elif isinstance(e, E.BossTaken):
            takeovers[e.player] += 1
        elif isinstance(e, E.ThugsDeployed):
            recruited[e.player] += e.added
        elif isinstance(e, (E.Bolstered, E.InspectorBribed, E.CopperBribed, E.Blasted)):
            schemes[e.player] += 1
    return brawls_won, takeovers, recruited, schemes


def _wards_at_the_end(view: View, names: Names) -> list[str]:
    """Each Ward's tile, Boss, Coppers, Thugs and the points it gave, as the view shows them after the arrests."""
    n = len(view.players)
    counts = [[in_ward(ward, s) for s in range(n)] for ward in view.wards]
    points = ward_points(view.wards, view.scoring, counts)
    lines = []
    for w, ward in enumerate(view.wards):
        tile = SCORING_BY_ID[view.scoring[w]]
        boss = f"Boss {names[ward.boss]} ({ward.boss_height})" if ward.boss >= 0 else "no Boss"
        cops = f", {_n(ward.coppers, 'Copper')}" if ward.coppers else ""
        present = ", ".join(f"{names[s]} {counts[w][s]}" for s in range(n))
        scored = ", ".join(f"{names[s]} +{pts}" for s, pts in enumerate(points[w]) if pts) or "nobody"
        lines.append(f"  {WARDS[w]:12} [{tile.name}: {side_text(scoring_side(tile.id, n))}] {boss}{cops}")
        lines.append(f"  {'':12} Thugs: {present}; points: {scored}")
    return lines


def _final_score(view: View, outcome: Outcome, gangs: list[str]) -> list[str]:
    """The score per source, best first, and who won and why."""
    scores = view.scores
    assert scores is not None
    n = len(scores)
    thugs = view.map_thugs or (0,) * n
    lines = ["", "Final score (" + " + ".join(SOURCE_NAMES) + "):"]
    for s in sorted(range(n), key=lambda s: (-sum(scores[s]), -thugs[s], s)):
        row = scores[s]
        lines.append(f"  {gangs[s]:28} {sum(row):3} = {' + '.join(str(x) for x in row)}   ({thugs[s]} Thugs on the map)")
    top = outcome.winners
    best = sum(scores[top[0]])
    most = thugs[top[0]]
    level = [s for s in range(n) if sum(scores[s]) == best]
    verdict = " and ".join(gangs[s] for s in top)
    if len(top) > 1:
        verdict += f" share the win ({best} points and {most} Thugs on the map each)"
    elif len(level) > 1:
        runner = max(thugs[s] for s in level if s not in top)
        verdict += f" wins the tie on {best} points with more Thugs on the map ({most} to {runner})"
    else:
        verdict += " wins"
    return [*lines, "", f"{verdict}!"]


def summary_text(view: View, events: Sequence[E.Event], outcome: Outcome | None, names: Names) -> str:
    """The story for one viewer: round by round, the Wards, each Gang's feats and the score per source.

    Told from the viewer's final view, the events they received and the outcome,
    so it can name nothing they may not know (cards left in other hands included).
    """
    n = len(view.players)
    gangs = [f"{names[s]} {GANGS[p.gang].name}" for s, p in enumerate(view.players)]
    phases = "Phase 1 once" if view.phase1_count == 1 else f"Phase 1 {view.phase1_count} times"
    lines = [f"5 Wards, {n} players: {_n(view.round, 'round')}, {phases}."]
    if view.final:
        lines.append("The Landmark deck ran out and the final round was played.")
    elif outcome is not None:
        lines.append(f"The game was stopped by the safety limit of {view.round_limit} Phase 1s before the Landmark deck ran out.")
    else:
        lines.append("The game is still going on.")
    lines.append("Gangs: " + "; ".join(f"{gangs[s]} (home {WARDS[GANGS[p.gang].home]})" for s, p in enumerate(view.players)))
    story = round_lines(events, names)
    if story:
        lines += ["", "Round by round:"]
        if len(story) > 14:
            story = [*story[:12], f"  ... {_n(len(story) - 13, 'more line')} ...", story[-1]]
        lines += story
    lines += ["", "The Wards at the end (after the Coppers' arrests), with the points each scored:" if outcome else "The Wards now:"]
    lines += _wards_at_the_end(view, names)
    brawls_won, takeovers, recruited, schemes = _feats(events, n)
    lines += ["", "Along the way:"]
    for s in range(n):
        lines.append(
            f"  {gangs[s]}: {_n(brawls_won[s], 'Brawl')} won, {_n(takeovers[s], 'Ward Boss takeover')}, "
            f"{_n(recruited[s], 'Thug')} recruited, {_n(schemes[s], 'Scheme')}"
        )
    if outcome is not None and view.scores is not None:
        lines += _final_score(view, outcome, gangs)
    return "\n".join(lines)
