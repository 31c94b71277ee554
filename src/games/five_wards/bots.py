"""The house bot: a plain-minded gang boss that plays from its own view only.

It rallies wherever a card is closest to filling (and to a bonus space), keeps a
couple of resources for Recruiting and Blasts, Restocks when a Rally would be
poor or impossible, commits its matching cards to a Brawl it can win, deploys to
the Ward where its Thugs count most (Ward Boss takeovers, its home Ward, Wards
it can lead), Blasts rivals who lead it and Bolsters an old Thug onto a Ward
Boss space. Every choice is a score over the legal actions; ties are broken by
its own RNG on the ``BOTS`` stream, so it never shifts the game's draws.

Rallying more than uniform random bots do is what lets bot games reach the real
final round: random bots Restock on most turns, drain their bags into resources
and stop filling cards (see the docs, design decision 25).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, NamedTuple

import attrs

from boardcore import Rng
from boardcore.bots import bot_rng

from .actions import (
    Action,
    Blast,
    BlastPick,
    Bolster,
    BribeInspector,
    CommitTactics,
    DeployThugs,
    DiscardTactic,
    EndDeploy,
    EndTurn,
    PlayLoadedDice,
    Rally,
    Restock,
    SelectDie,
    ShakedownRoll,
)
from .catalog import ALL, BRAWL_BY_ID, FACES, FIRST, GANGS, LANDMARK_BY_ID, LAST, MAYHEM, SNEAK, TACTIC_BY_ID, WILD
from .phases.rally import RESTOCK_OPTIONS
from .state import NOBODY, Slot, WardState
from .view import View

__all__ = ["HouseBot", "rally_value"]

RESOURCE_RESERVE = 2
"""Resources the bot likes to hold for Recruiting and Schemes before it stops restocking them."""


def _mine(ward: WardState, seat: int) -> int:
    return ward.old[seat] + ward.fresh[seat] + (ward.boss_height if ward.boss == seat else 0)


def _fresh_stack(ward: WardState, seat: int) -> int:
    """``seat``'s current-round stack in the Ward (on the Boss space or not)."""
    return ward.boss_height if ward.boss == seat and ward.boss_fresh else ward.fresh[seat]


class Standing(NamedTuple):
    """One seat's standing in one Ward, as the house bot weighs deployments and Blasts there."""

    mine: int
    """The seat's Thugs in the Ward."""
    rivals: int
    """The most Thugs any rival has there (0 without rivals)."""
    leaders: int
    """Rivals with at least as many Thugs as the seat."""
    fresh: int
    """The seat's current-round stack there."""


@lru_cache(maxsize=4096)
def standing(ward: WardState, me: int, players: int) -> Standing:
    """``me``'s ``Standing`` in ``ward``; remembered, as every Ward is weighed once per legal deployment or Blast."""
    mine = _mine(ward, me)
    others = [_mine(ward, s) for s in range(players) if s != me]
    return Standing(mine, max(others, default=0), sum(1 for n in others if n >= mine), _fresh_stack(ward, me))


@lru_cache(maxsize=4096)
def rally_value(slot: Slot, seat: int, placed: int) -> float:
    """How good it is to put ``placed`` Thugs on empty spaces of the Landmark in ``slot`` (remembered: slots are
    frozen values). Which empty spaces they take changes neither the count left empty nor who else holds the card,
    so the count is the key: a Rally's one or two Thugs and a die's best Rally share it (keyed by the spaces, it
    was 74 misses in a search's first decision, a tenth of that decision's memo misses)."""
    assert slot.card is not None
    card = LANDMARK_BY_ID[slot.card]
    empty = slot.spaces.count(NOBODY) - placed
    value = 1.0 + 1.0 / (empty + 1) + 0.5 * slot.spaces.count(seat)
    if empty == 0:
        value += 2.0  # the card fills and deploys this round
    if slot.bonus == NOBODY:
        if card.bonus == FIRST and not slot.touched:
            value += 2.0
        elif card.bonus == LAST and empty == 0:
            value += 2.0
        elif card.bonus == ALL and all(s in (seat, NOBODY) for s in slot.spaces):
            value += 2.0 if empty == 0 else 0.5
    return value


_NO_RALLY = (0.0,) * len(FACES)
"""By face: no plain Rally at all (a Rally is always worth more than 0)."""


@lru_cache(maxsize=4096)
def _slot_rallies(slot: Slot, seat: int) -> tuple[float, ...]:
    """By face: the best plain Rally onto one empty space of the Landmark in ``slot`` (0 where none shows it).

    Remembered by slot and seat: a Rally changes one card of the row, so most of a row was scored before (slots
    are frozen values, and the scores depend on nothing else). Every one-Thug Rally onto the card scores the same
    (``rally_value``), so it is asked once per slot, not once per empty space."""
    assert slot.card is not None
    empty = [space for space, owner in enumerate(slot.spaces) if owner == NOBODY]
    if not empty:
        return _NO_RALLY
    icons = LANDMARK_BY_ID[slot.card].spaces
    value = rally_value(slot, seat, 1)
    best = list(_NO_RALLY)
    for space in empty:
        best[icons[space]] = value
    return tuple(best)


_BRAWL_ICON = {card: brawl.icon for card, brawl in BRAWL_BY_ID.items()}
"""Each Brawl card's icon."""


class RowReading(NamedTuple):
    """What the house bot reads off a row of cards for one seat."""

    best: tuple[float, ...]
    """By face: the best plain Rally (no Tactics card) a die showing it allows (0 when it allows none)."""
    icons: tuple[int, ...]
    """The icons of the Brawl cards in the row."""
    select: tuple[float, ...]
    """By face: the score of selecting a die showing it (its best Rally, more when a Brawl wants the icon)."""


@lru_cache(maxsize=1024)
def read_row(row: tuple[Slot, ...], seat: int) -> RowReading:
    """The row's reading for ``seat``, remembered by row (every decision of a draft reads the same few rows)."""
    icons, cards = [], [_NO_RALLY]
    for slot in row:
        card = slot.card
        if card is not None:
            icon = _BRAWL_ICON.get(card)
            if icon is None:
                cards.append(_slot_rallies(slot, seat))
            else:
                icons.append(icon)
    best = tuple(map(max, *cards)) if len(cards) > 1 else _NO_RALLY
    if not icons:  # no Brawl wants an icon: selecting is worth the best Rally
        return RowReading(best, (), best)
    return RowReading(best, tuple(icons), tuple([best[face] + 1.5 if face in icons else best[face] for face in FACES]))


@lru_cache(maxsize=1024)
def restock_values(resources: tuple[int, int, int], short_hand: bool) -> dict[Restock, float]:
    """The score of each declarable Restock for a Gang holding ``resources`` (``short_hand``: fewer than 2 cards
    in hand). Remembered, all 10 at once: every draft offers them all, over a few hundred (resources, hand) pairs
    (the dict is shared: read it only)."""
    need_resources = sum(resources) < RESOURCE_RESERVE
    out = {}
    for action, cards, taken, mayhem in _RESTOCK_TERMS:
        value = 1.0 if need_resources else 0.5
        value += 0.6 * cards if short_hand else -0.3 * cards
        if not need_resources and cards == 0:
            value -= 0.5
        # spread the resources: prefer the ones the bot has fewest of
        value -= 0.1 * sum([resources[r] for r in taken])
        out[action] = value + mayhem
    return out


_RESTOCK_TERMS = tuple((action, action.cards, action.resources, 0.2 if MAYHEM in action.resources else 0.0) for action in RESTOCK_OPTIONS)
"""Per Restock: its cards, its resources and its Mayhem bonus, read once (``Restock.resources`` builds a tuple on
every read: ``restock_values`` took 9 us a miss with them, a search's first decision misses it a dozen times)."""


@attrs.define
class HouseBot:
    """Greedy over hand-written scores; see the module docstring."""

    seat: int
    rng: Rng
    _legal: Sequence[Action] = attrs.field(default=(), init=False)
    """The legal list being decided on (a Bribe's score asks whether any Ward is open)."""
    _reading: RowReading | None = attrs.field(default=None, init=False)
    """``read_row`` of the view being decided on (looked up at most once per decision)."""
    _restocks: dict[Restock, float] | None = attrs.field(default=None, init=False)
    """``restock_values`` of the view being decided on (looked up at most once per decision)."""

    @classmethod
    def seeded(cls, seed: int, seat: int) -> HouseBot:
        """The bot for ``seat`` in the game played from ``seed``."""
        return cls(seat, bot_rng(seed, seat))

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """The legal action with the best score (ties broken at random).

        Each action's scorer is one dict lookup by its type (``_SCORERS``), not a chain of ``isinstance`` checks:
        this runs for every legal action of every house-bot decision, and most of a search's time is in them."""
        self._legal, self._reading, self._restocks = legal, None, None
        scorers, unscored = _SCORERS, HouseBot._unscored
        scores = [scorers.get(type(a), unscored)(self, view, a) for a in legal]
        best = max(scores)
        # no tie (most decisions): the one index found without listing the tied ones; the draw among one is still made
        top = [scores.index(best)] if scores.count(best) == 1 else [i for i, score in enumerate(scores) if score == best]
        pick, self.rng = self.rng.choice(top)
        return legal[pick]

    # --- scores ------------------------------------------------------------------

    def _unscored(self, view: View, action: Action) -> float:
        """Other Tactics cards and Bribe (b): left alone."""
        return -1.0

    def _neutral(self, view: View, action: Action) -> float:
        """Ending a turn or a deployment, rolling a Shakedown: neither sought nor avoided."""
        return 0.0

    def _read(self, view: View) -> RowReading:
        """``read_row`` of the view's row (see ``_reading``)."""
        if self._reading is None:
            self._reading = read_row(view.row, self.seat)
        return self._reading

    def _select_die_score(self, view: View, action: SelectDie) -> float:
        return self._read(view).select[action.face]

    def _loaded_dice_score(self, view: View, action: PlayLoadedDice) -> float:
        """Only when the die cannot Rally at all and the new face can."""
        assert view.turn is not None
        best = self._read(view).best
        current = best[view.players[self.seat].dice[view.turn.die]]
        return best[action.face] - 1.0 if current == 0 else -1.0

    def _rally_score(self, view: View, action: Rally) -> float:
        slot = view.row[action.position]
        value = rally_value(slot, self.seat, 1 if action.second_space is None else 2)
        if action.card is not None:
            value -= 1.5 if TACTIC_BY_ID[action.card].ability == SNEAK else 0.5  # a card spent is a point's third
        return value

    def _restock_score(self, view: View, action: Restock) -> float:
        if self._restocks is None:
            player = view.players[self.seat]
            self._restocks = restock_values(player.resources, player.hand_size < 2)
        return self._restocks[action]

    def _discard_score(self, view: View, action: DiscardTactic) -> float:
        """Discard what is worth least to keep: a wild card most, then one matching a Brawl in the row."""
        icon = TACTIC_BY_ID[action.card].icon
        return -(2.0 if icon == WILD else (1.0 if icon in self._read(view).icons else 0.0))

    def _commit_score(self, view: View, action: CommitTactics) -> float:
        assert view.brawl != NOBODY
        slot = view.row[view.brawl]
        assert slot.card is not None
        icon = BRAWL_BY_ID[slot.card].icon
        mine = view.players[self.seat].dice.count(icon)
        matching = [c for c in action.cards if TACTIC_BY_ID[c].icon in (icon, WILD)]
        if len(matching) != len(action.cards):
            return -1.0  # no bluffing
        rivals = max(p.dice.count(icon) for s, p in enumerate(view.players) if s != self.seat)
        total = mine + len(matching)
        if total == 0:
            return 0.0 if not action.cards else -1.0
        # enough to beat the rivals' dice (plus a margin for their cards), without wasting cards
        wins = total > rivals + 1
        return (3.0 if wins else 0.5) - 0.4 * len(matching)

    def _deploy_score(self, view: View, action: DeployThugs) -> float:
        me = self.seat
        ward = view.wards[action.ward]
        arriving = action.count + action.recruits  # at least 1 per trigger
        mine, rivals, _, fresh = standing(ward, me, len(view.players))
        value = 0.3 * action.count + 0.8 * action.recruits
        if ward.boss != me and fresh + arriving > ward.boss_height:
            value += 3.0
        if mine <= rivals < mine + arriving:
            value += 2.0  # takes the lead
        if GANGS[view.players[me].gang].home == action.ward:
            value += 1.5
        if ward.boss != me:
            value -= 0.7 * ward.coppers
        return value

    def _bolster_score(self, view: View, action: Bolster) -> float:
        """Only to take a Ward Boss space with an older Thug from a Ward the bot does not boss."""
        me = self.seat
        src, dst = view.wards[action.from_ward], view.wards[action.to_ward]
        takes = action.to_fresh and dst.boss != me and _fresh_stack(dst, me) + 1 > dst.boss_height > 0
        if not takes or action.from_fresh or src.boss == me:
            return -1.0
        return 1.5

    def _blast_score(self, view: View, action: Blast) -> float:
        me = self.seat
        ward = view.wards[action.ward]
        _, _, leaders, fresh = standing(ward, me, len(view.players))
        value = 1.0 * leaders
        if ward.boss not in (me, NOBODY) and ward.boss_height <= fresh + 1:
            value += 1.5
        return value - 0.8

    def _blast_pick_score(self, view: View, action: BlastPick) -> float:
        return _BLAST_PICK[action.source]

    def _bribe_score(self, view: View, action: BribeInspector) -> float:
        """Worth it only when the Inspector blocks every Ward the card reaches (no deployment is legal)."""
        return -1.0 if any(isinstance(a, DeployThugs) for a in self._legal) else 0.5


_BLAST_PICK = {"boss": 2.0, "fresh": 1.0, "old": 0.0}
"""Where a Blast takes its Thug from, best first."""

_SCORERS: dict[type, Callable[[HouseBot, View, Any], float]] = {
    SelectDie: HouseBot._select_die_score,
    Rally: HouseBot._rally_score,
    Restock: HouseBot._restock_score,
    PlayLoadedDice: HouseBot._loaded_dice_score,
    DiscardTactic: HouseBot._discard_score,
    EndTurn: HouseBot._neutral,
    ShakedownRoll: HouseBot._neutral,
    CommitTactics: HouseBot._commit_score,
    DeployThugs: HouseBot._deploy_score,
    Blast: HouseBot._blast_score,
    Bolster: HouseBot._bolster_score,
    BlastPick: HouseBot._blast_pick_score,
    BribeInspector: HouseBot._bribe_score,
    EndDeploy: HouseBot._neutral,
}
"""The house bot's score for each kind of action it considers (``HouseBot.choose``); any other kind scores -1."""
