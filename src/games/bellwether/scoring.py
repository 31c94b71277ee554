"""Victory and final calculations (BW-GOAL, BW-END, GAP-21/22/23): Net Worth, rankings, the Outcome."""

from __future__ import annotations

from boardcore import Outcome
from boardcore.memo import last_state

from .board import controlled_stable, influence
from .catalog import BUILDINGS, CONSOLIDATION_INFLUENCE, CONSOLIDATION_WARDS, OFFICIALS, RESOURCE_VALUE, WARD_NAMES
from .state import Player, Result, State, Ward

_WORTH = {card_id: card.cost.value for card_id, card in BUILDINGS.items()}
_UPGRADED_WORTH = {card_id: card.cost.value + card.upgrade for card_id, card in BUILDINGS.items()}
"""Each Building card's cost value (GAP-21), plain and upgraded, worked out once: every view shows both seats' Net Worth."""


def _board_worth(state: State, player: int) -> int:
    """The cost value of the player's Factories and Tenements on the board (+ upgrade)."""
    worths = board_worths(state.wards)
    return worths[player] if player in (0, 1) else 0


@last_state
def board_worths(wards: tuple[Ward, ...]) -> tuple[int, int]:
    """Both seats' board worth in one pass, for the last Wards tuple asked: two steps in three change no Ward, so the
    next state shares the tuple, and each view shows both seats' Net Worth (its view 5.1 -> 4.7 us)."""
    worth = [0, 0]
    for ward in wards:
        for b in ward.buildings:
            if b.owner == 0 or b.owner == 1:
                worth[b.owner] += (_UPGRADED_WORTH if b.upgraded else _WORTH)[b.card]
    return worth[0], worth[1]


def net_worth_parts(state: State, player: int) -> dict[str, int]:
    """Net Worth by source (GAP-21): cash, $2 per resource, the cost value of owned Factories/Tenements
    on the board (+ upgrade) and of Building cards in hand.

    Officials, placed Infrastructure, Gangsters, Influence, control and workers count nothing (BW-END-06).
    """
    p = state.players[player]
    return {
        "cash": p.cash,
        "resources": RESOURCE_VALUE * sum(p.res),
        "Buildings on the board": _board_worth(state, player),
        "Buildings in hand": sum(_WORTH[c] for c in p.hand),
    }


def own_worth(player: Player) -> int:
    """Net Worth apart from the Buildings on the board (GAP-21): cash, resources and Building cards in hand. Apart,
    because it changes only with the player's record, and the board's part only with the Wards."""
    return player.cash + RESOURCE_VALUE * sum(player.res) + sum(map(_WORTH.__getitem__, player.hand))


def net_worth(state: State, player: int) -> int:
    """The Revolution total (BW-END-03, GAP-21): the sum of ``net_worth_parts``, added up without the dict."""
    return own_worth(state.players[player]) + _board_worth(state, player)


def ward_parts(state: State, player: int) -> dict[str, int]:
    """The non-rioting Wards the player controls, by name (1 each)."""
    return {f"Ward {WARD_NAMES[w]}": 1 for w, ward in enumerate(state.wards) if ward.controller == player and not ward.riot}


def _plural(name: str, n: int) -> str:
    if n == 1:
        return name
    return f"{n} {name[:-3] + 'men' if name.endswith('man') else name + 's'}"


def influence_parts(state: State, player: int) -> dict[str, int]:
    """Influence by source: each Official held (copies grouped) and Infrastructure built (GAP-12)."""
    p = state.players[player]
    parts = {_plural(OFFICIALS[o].name, p.officials.count(o)): OFFICIALS[o].influence * p.officials.count(o) for o in dict.fromkeys(p.officials)}
    if p.infra_influence:
        parts["Infrastructure built"] = p.infra_influence
    return parts


def standing(state: State, player: int) -> tuple[int, int, int]:
    """(non-rioting controlled Wards, Influence, Net Worth): the Consolidation tie-break order (BW-END-02)."""
    return (controlled_stable(state, player), influence(state.players[player]), net_worth(state, player))


def qualifies(state: State, player: int) -> bool:
    """At least 3 non-rioting controlled Wards and at least 10 Influence (BW-GOAL-02, BW-END-01)."""
    wards, infl, _ = standing(state, player)
    return wards >= CONSOLIDATION_WARDS and infl >= CONSOLIDATION_INFLUENCE


def best_by(keys: dict[int, tuple[int, ...]]) -> tuple[int, ...]:
    """The seats with the highest key; all of them tie for a draw (GAP-22)."""
    top = max(keys.values())
    return tuple(sorted(p for p, k in keys.items() if k == top))


def _result(state: State, reason: str, winners: tuple[int, ...]) -> Result:
    return Result(
        reason=reason,
        winners=winners,
        net_worth=(net_worth(state, 0), net_worth(state, 1)),
        wards=(controlled_stable(state, 0), controlled_stable(state, 1)),
        influence=(influence(state.players[0]), influence(state.players[1])),
        lost=(state.players[0].lost, state.players[1].lost),
    )


def consolidation_result(state: State) -> Result | None:
    """The Consolidation winner after Labor, if anyone qualifies (ties: Wards, Influence, Net Worth, then draw)."""
    qualified = [p for p in (0, 1) if qualifies(state, p)]
    if not qualified:
        return None
    top = best_by({p: standing(state, p) for p in qualified})
    return _result(state, "consolidation", top if len(top) == 1 else ())


def revolution_result(state: State) -> Result:
    """Higher Net Worth wins; then fewer Buildings lost to Riots; then a draw (BW-END-03..05)."""
    top = best_by({p: (net_worth(state, p), -state.players[p].lost) for p in (0, 1)})
    return _result(state, "revolution", top if len(top) == 1 else ())


def limit_result(state: State) -> Result:
    """Round limit (GAP-23): rank like Consolidation; a full tie is a draw."""
    top = best_by({p: standing(state, p) for p in (0, 1)})
    return _result(state, "round limit", top if len(top) == 1 else ())


REASONS = {
    "consolidation": "Consolidation: the city is won",
    "revolution": "Revolution: every claimed Ward is in Riot",
    "round limit": "Round limit reached",
}

_PARTS = {"calm Wards controlled": ward_parts, "Influence": influence_parts, "Net Worth": net_worth_parts}


def verdict(r: Result) -> tuple[str, str]:
    """What decided the finished game: (the criterion the seats are scored by, a phrase saying so).

    Consolidation and the round limit compare calm controlled Wards, then Influence, then Net Worth
    (BW-END-02, GAP-23): the first that differs is the score. After a Revolution the score is Net
    Worth; a tie there falls to fewer Buildings lost to Riots (BW-END-04/05).
    """
    if r.reason == "revolution":
        if r.net_worth[0] != r.net_worth[1]:
            return "Net Worth", "the higher Net Worth escapes ahead"
        if r.lost[0] != r.lost[1]:
            low, high = sorted(r.lost)
            return "Net Worth", f"Net Worth tied, so fewer Buildings lost to Riots decides ({low} vs {high})"
        return "Net Worth", "Net Worth and Buildings lost to Riots both tied: a draw"
    if r.reason == "consolidation" and r.wards[0] != r.wards[1]:
        need = f"{CONSOLIDATION_WARDS}+ calm Wards and {CONSOLIDATION_INFLUENCE}+ Influence after Labor"
        return "calm Wards controlled", f"{need}; ranked by calm Wards controlled"
    names = ("calm Wards", "Influence", "Net Worth")
    columns = (r.wards, r.influence, r.net_worth)
    for i, (name, values) in enumerate(zip(names, columns)):
        if values[0] != values[1]:
            if i == 0:
                return "calm Wards controlled", "ranked by calm Wards controlled"
            return name, f"{' and '.join(names[:i])} tied, so {name} decides"
    return "calm Wards controlled", "calm Wards, Influence and Net Worth all tied: a draw"


def outcome(state: State) -> Outcome | None:
    """The Outcome once a Result is recorded: each score is the number that decided (``verdict``),
    its breakdown that number by source in words; the ranking follows the Result's full tie-break
    order, so it always names the Result's winner first; a full tie is a draw (scores still shown).
    """
    r = state.result
    if r is None:
        return None
    criterion, phrase = verdict(r)
    reason = f"{REASONS[r.reason]}; {phrase}"
    parts = [{k: float(v) for k, v in _PARTS[criterion](state, p).items() if v} for p in (0, 1)]
    scores = tuple(sum(b.values()) for b in parts)
    if not r.winners:
        return Outcome(winners=(), ranking=((0, 1),), scores=scores, reason=reason, breakdown=tuple(parts))
    key: dict[int, tuple[int, ...]]
    if r.reason == "revolution":
        key = {p: (r.net_worth[p], -r.lost[p]) for p in (0, 1)}
    else:
        key = {p: (int(p in r.winners), r.wards[p], r.influence[p], r.net_worth[p]) for p in (0, 1)}
    return Outcome.from_scores(scores, tiebreak=lambda p: key[p], reason=reason, breakdown=parts)
