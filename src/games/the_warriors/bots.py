"""The house bot: plays a Warrior sensibly from what that player sees (a ``View`` and the
legal actions), never from the state.

How it plays, in short:
- Fights: cover a needed Weapon spot with a Weapon whenever it can; otherwise play enough
  cards to make the needed Number spot likely (keeping reaction cards and Throw Hands for
  later), re-roll low dice, add +1s only when they reach a needed spot, cover the most
  valuable spot the dice allow, and cover anything rather than be knocked out.
- City: rest when the hand runs low; otherwise weigh each move by progress, the space's
  action, the Bopper reveals it costs (with the Threats it already has) and Fight tokens
  (taken only with a good hand and company); rest before the last move to Coney Island.
- Challenges: always fight (running costs more and more Reputation with every Bottle).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import attrs

from boardcore import Rng
from boardcore.bots import bot_rng

from . import actions as A
from . import catalog as cat
from .actions import Action
from .phases.fight_turn import SPOTS, spots
from .state import Fight
from .view import View

_REACTIONS = frozenset({cat.PLUS_ONE_FROM_HAND_OTHER, cat.REROLL_FROM_HAND_OTHER, cat.HOLD_THE_LINE, cat.REROLL_FROM_HAND_OWN})
_DICE_FOR = {2: 1, 3: 2, 4: 2, 5: 3, 6: 4}
"""Dice the bot wants to roll for a Number spot of each value (before its +1s)."""


# --- reading a fight ---------------------------------------------------------------------


def spot_worth(f: Fight, index: int) -> int:
    """How much covering spot ``index`` brings the win closer: 3 a Gang spot, 2 a Reputation
    spot still needed, 1 another tile spot still needed, 0 no help."""
    return _worths(f.gang, f.location, f.covered, f.need_loc, f.need_rep)[index]


@lru_cache(maxsize=1024)
def _worths(gang: int, location: int, covered: tuple[int, ...], need_loc: int, need_rep: int) -> tuple[int, ...]:
    """``spot_worth`` of every spot, from the fight's tiles, its covered spots and what it needs: remembered, since
    the bot weighs each spot of a fight again at every choice until one more is covered."""
    tile = SPOTS[gang, location]
    on_tile = [i for i in covered if i >= 2]
    reps = sum(1 for i in on_tile if tile[i].rep)
    reps_missing = max(0, need_rep - reps)
    free = 1 if need_loc - len(on_tile) - reps_missing > 0 else 0
    return tuple(3 if i < 2 else 2 if spot.rep and reps_missing else free for i, spot in enumerate(tile))


def needed_numbers(f: Fight) -> list[int]:
    """Values of the uncovered Number spots that help, lowest first."""
    tile = spots(f)
    return sorted(tile[i].value for i in range(len(tile)) if i not in f.covered and tile[i].weapon < 0 and spot_worth(f, i) > 0)


def card_keep_value(card_id: int, view: View) -> int:
    """How much the bot wants to keep a card in hand (lowest is discarded or removed first)."""
    c = cat.card(card_id)
    if c.ability == cat.PLUS_ONE_FROM_HAND_OWN:
        return 3
    if c.ability in _REACTIONS:
        return 4
    if c.ability == cat.WEAPON_CARD:
        mine = view.seats[view.me].weapons if view.me is not None else ()
        return 5 if any(cat.weapon_type(w) in (c.weapon, cat.MOLOTOV) for w in mine) else 2
    if c.ability == cat.BOOMBOX:
        return 4
    return 3 if c.ability in (cat.PLUS_ONE_POWER, cat.REROLL_POWER, cat.SHOWBOAT) else 2


# --- the bot ------------------------------------------------------------------------------


@attrs.define
class HouseBot:
    """A sensible Warrior. Its only randomness (ties) comes from its own BOTS stream."""

    seat: int
    rng: Rng

    @classmethod
    def seeded(cls, seed: int, seat: int) -> HouseBot:
        """The house bot of ``seat`` in a game seeded with ``seed`` (``STRATEGY.house_bot``)."""
        return cls(seat, bot_rng(seed, seat))

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """One of ``legal``, chosen from ``view`` alone by the decision the engine says this seat faces.

        Raises:
            KeyError: a kind of decision the bot was never taught (a new decision needs a line in ``CHOOSERS``).
        """
        if len(legal) == 1:
            return legal[0]
        kind = next(w.kind for w in view.waiting if w.seat == self.seat)
        if kind not in CHOOSERS:
            msg = f"The Warriors' house bot has no chooser for the {kind!r} decision"
            raise KeyError(msg)
        chooser = CHOOSERS[kind]
        choice: Action | None = chooser(self, view, legal) if chooser is not None else None
        if choice is not None and choice in legal:
            return choice
        fallback, self.rng = self.rng.choice(list(legal))
        return fallback

    # --- fight ----------------------------------------------------------------------------

    def _gang_target(self, view: View, legal: Sequence[Any]) -> Any:
        """The Warrior with the biggest hand takes the gang's discard."""
        return max(legal, key=lambda a: (view.seats[a.target].hand_size, -a.target))

    def _gang_discard(self, view: View, legal: Sequence[Any]) -> Any:
        return min(legal, key=lambda a: card_keep_value(a.card, view))

    def _jumped(self, view: View, legal: Sequence[Any]) -> Any:
        return self._gang_discard(view, legal)

    def _lookout(self, view: View, legal: Sequence[Any]) -> Any:
        threat = view.lookout_card >= 0 and cat.bopper_kind(view.lookout_card) != cat.COAST_IS_CLEAR
        return A.KeepLookout(bottom=threat)

    def _play(self, view: View, legal: Sequence[Any]) -> Any:
        f = view.fight
        assert f is not None
        covers = [a for a in legal if isinstance(a, A.CoverSpot) and spot_worth(f, a.spot) > 0]
        if covers:
            return max(covers, key=lambda a: (spot_worth(f, a.spot), a.weapon < 0))
        plays = [a for a in legal if isinstance(a, A.PlayCard)]
        wild = self._wild_play(view, f, plays)
        if wild is not None:
            return wild
        targets = needed_numbers(f)
        if targets:
            want = min(_DICE_FOR.get(targets[0], 3), 2 if f.gang == cat.FURIES else 5)
            if f.dice_total < want:
                play = self._best_play(view, f, plays)
                if play is not None:
                    return play
        if any(isinstance(a, A.Roll) for a in legal):
            return A.Roll()
        play = self._best_play(view, f, plays, desperate=True)
        return play if play is not None else A.GiveUp()

    def _wild_play(self, view: View, f: Fight, plays: list[A.PlayCard]) -> A.PlayCard | None:
        """An Any Weapon card with a Weapon, when a needed Weapon spot cannot be covered otherwise."""
        tile = spots(f)
        wanted = [i for i, s in enumerate(tile) if s.weapon >= 0 and i not in f.covered and spot_worth(f, i) > 0]
        if not wanted or f.wild:
            return None
        wilds = [a for a in plays if a.weapon >= 0 and cat.card(a.card).ability == cat.ANY_WEAPON]
        return min(wilds, key=lambda a: cat.weapon_type(a.weapon) == cat.MOLOTOV, default=None)

    def _best_play(self, view: View, f: Fight, plays: list[A.PlayCard], desperate: bool = False) -> A.PlayCard | None:
        """The card to add to this turn's roll: two dice for one card first, then cards whose
        ability helps, keeping reaction cards and Throw Hands in hand unless ``desperate``."""

        def rank(a: A.PlayCard) -> tuple[int, int]:
            c = cat.card(a.card)
            if c.ability == cat.WEAPON_CARD and a.weapon >= 0:
                return (0, cat.weapon_type(a.weapon) == cat.MOLOTOV)
            if c.ability == cat.ANY_WEAPON and a.weapon >= 0:
                return (9, 0)  # a wild cover is only worth a Weapon when a Weapon spot needs it
            if c.ability in (cat.PLUS_ONE_POWER, cat.REROLL_POWER, cat.SHOWBOAT, cat.BOOMBOX):
                return (1, 0)
            if a.pick >= 0 or c.ability in (cat.STREETWISE, cat.TAG_THE_WALL, cat.SECOND_WIND, cat.PATCH_UP, cat.LOYAL, cat.LOOKOUT):
                return (2, a.pick < 0)
            if c.ability in (cat.WEAPON_CARD, cat.ANY_WEAPON, cat.PLAIN):
                return (3, 0)
            if c.ability == cat.PLUS_ONE_FROM_HAND_OWN:
                return (5, 0)
            return (6, 0)

        usable = [a for a in plays if rank(a)[0] < 9 and (desperate or rank(a)[0] < 5)]
        if not usable and not f.dice_total:
            usable = [a for a in plays if rank(a)[0] < 9]
        return min(usable, key=rank, default=None)

    def _reroll(self, view: View, legal: Sequence[Any]) -> Any:
        f = view.fight
        assert f is not None
        targets = needed_numbers(f)
        best = max(f.dice, default=0)
        satisfied = not targets or best >= targets[-1] or (view.me != f.current and best >= targets[0])
        rerolls = [a for a in legal if isinstance(a, A.Reroll)]
        if not satisfied and rerolls:
            free = [a for a in rerolls if a.card in f.powers]
            pick = free or rerolls
            low = min(range(len(f.dice)), key=lambda d: f.dice[d])
            for a in pick:
                if a.die in (-1, low):
                    return a
        return A.KeepDice() if view.me == f.current else A.LetItGo()

    def _boost(self, view: View, legal: Sequence[Any]) -> Any:
        f = view.fight
        assert f is not None
        boosts = [a for a in legal if isinstance(a, A.Boost)]
        covers = [a for a in legal if isinstance(a, A.CoverSpot)]
        if view.me != f.current:
            return self._help_roller(f, boosts)
        top = max(range(len(f.dice)), key=lambda d: f.dice[d]) if f.dice else -1
        useful = [a for a in covers if spot_worth(f, a.spot) > 0]
        if top >= 0:
            free = [a for a in boosts if a.card in f.powers and a.die == top]
            spent = [a for a in boosts if a.card not in f.powers and a.die == top]
            numbers = needed_numbers(f)
            reachable_now = [v for v in numbers if v <= f.dice[top]]
            if free and any(v > f.dice[top] for v in numbers):
                return free[0]
            if spent and not reachable_now and any(v <= f.dice[top] + len(spent) for v in numbers):
                return min(spent, key=lambda a: card_keep_value(a.card, view))
        if useful:
            return max(useful, key=lambda a: (spot_worth(f, a.spot), self._spot_value(f, a.spot), a.weapon < 0))
        if covers:
            return min(covers, key=lambda a: a.weapon >= 0)
        return A.GiveUp()

    @staticmethod
    def _spot_value(f: Fight, index: int) -> int:
        return spots(f)[index].value

    def _help_roller(self, f: Fight, boosts: list[A.Boost]) -> Any:
        """Another Warrior's +1 from hand, only when it lets the roller reach a needed spot."""
        if boosts and f.dice:
            top = max(range(len(f.dice)), key=lambda d: f.dice[d])
            numbers = needed_numbers(f)
            if numbers and f.dice[top] < numbers[0] <= f.dice[top] + 1:
                return next((a for a in boosts if a.die == top), A.LetItGo())
        return A.LetItGo()

    def _ko(self, view: View, legal: Sequence[Any]) -> Any:
        held = [a for a in legal if isinstance(a, A.HoldTheLine)]
        if held:
            return held[0]
        removes = [a for a in legal if isinstance(a, A.RemoveCard)]
        if removes:
            return min(removes, key=lambda a: card_keep_value(a.card, view))
        return A.LetItGo()

    # --- City ---------------------------------------------------------------------------

    def _move(self, view: View, legal: Sequence[Any]) -> Any:
        me = view.me
        assert me is not None
        seat = view.seats[me]
        hand, pile = len(view.hand), len(seat.discard)
        moves = [a for a in legal if isinstance(a, A.Move)]
        if pile and (hand <= 3 or (hand <= 5 and pile >= 3)):
            return A.Rest()
        if pile >= 2 and any(a.space == cat.CONEY_SPACE for a in moves):
            return A.Rest()
        if not moves:
            return A.Rest()
        return max(moves, key=lambda a: self._move_value(view, a.space))

    def _move_value(self, view: View, space: int) -> float:
        me = view.me
        assert me is not None
        seat = view.seats[me]
        here = cat.SPACES[seat.position]
        there = cat.SPACES[space]
        value = float(there.row - here.row)
        if space == cat.CONEY_SPACE:
            return value + 3
        token = space in view.tokens
        reveals = 0 if token else {cat.THREATENING: 2, cat.SUBWAY: 0}.get(there.kind, 1)
        threat_share = self._threat_share(view)
        have = len(seat.threats)
        expected = reveals * threat_share
        if have + expected >= 2.5 or (have == 2 and reveals):
            value -= 3 * min(1.0, expected + (0.5 if have == 2 else 0))
        else:
            value -= expected
        if token:
            company = sum(1 for q, s in enumerate(view.seats) if q != me and q not in view.arrived and cat.SPACES[s.position].hood == there.hood)
            strong = len(view.hand) >= 6
            value += 1.0 if strong and company else -1.5 if strong else -3
        if there.action == cat.WEAPON_ICON and view.weapon_row:
            value += 2.0 if len(seat.weapons) < 2 else 0.3
        elif there.action == cat.WAR_ICON and view.war_row:
            value += 1.2
        elif there.action == cat.DISCARD_ICON and seat.discard:
            value += 0.8
        return value

    @staticmethod
    def _threat_share(view: View) -> float:
        """The share of Threats in the Bopper deck, counted from public cards."""
        if not view.bopper_deck_size:
            return 0.5
        out_front = sum(len(s.threats) for s in view.seats)
        threats_left = 12 - out_front
        return max(0.0, min(1.0, threats_left / view.bopper_deck_size))

    def _return(self, view: View, legal: Sequence[Any]) -> Any:
        return max(legal, key=lambda a: card_keep_value(a.card, view))

    def _war_row(self, view: View, legal: Sequence[Any]) -> Any:
        return max(legal, key=lambda a: card_keep_value(view.war_row[a.index], view))

    def _weapon_row(self, view: View, legal: Sequence[Any]) -> Any:
        me = view.me
        assert me is not None
        mine = {cat.weapon_type(w) for w in view.seats[me].weapons}

        def worth(a: A.TakeWeapon) -> int:
            kind = cat.weapon_type(view.weapon_row[a.index])
            return 3 if kind == cat.MOLOTOV else 1 if kind in mine else 2

        return max(legal, key=worth)

    def _weapon_limit(self, view: View, legal: Sequence[Any]) -> Any:
        """Keep a Weapon matching our cards, and a different second one."""
        return self._drop_weapon(view, legal)

    def _fuzz(self, view: View, legal: Sequence[Any]) -> Any:
        return self._drop_weapon(view, legal)

    def _drop_weapon(self, view: View, legal: Sequence[Any]) -> Any:
        me = view.me
        assert me is not None
        own = cat.WARRIORS[view.seats[me].warrior].weapon
        kinds = [cat.weapon_type(a.weapon) for a in legal]

        def keep(a: A.RemoveWeapon) -> int:
            kind = cat.weapon_type(a.weapon)
            return (3 if kind == own else 2 if kind == cat.MOLOTOV else 1) - (kinds.count(kind) > 1) - (a.weapon in view.spent_weapons)

        return min(legal, key=keep)

    def _challenge(self, view: View, legal: Sequence[Any]) -> Any:
        return A.StandAndFight()


CHOOSERS: dict[str, Any] = {
    "first_fight": None,  # where the first fight starts is the scenario's: any choice will do
    "gang_target": HouseBot._gang_target,
    "gang_discard": HouseBot._gang_discard,
    "jumped": HouseBot._jumped,
    "lookout": HouseBot._lookout,
    "play": HouseBot._play,
    "reroll": HouseBot._reroll,
    "reroll_reaction": HouseBot._reroll,  # a reaction is judged as the roll it answers
    "boost": HouseBot._boost,
    "boost_reaction": HouseBot._boost,
    "ko": HouseBot._ko,
    "ko_reaction": HouseBot._ko,
    "move": HouseBot._move,
    "return": HouseBot._return,
    "war_row": HouseBot._war_row,
    "weapon_row": HouseBot._weapon_row,
    "weapon_limit": HouseBot._weapon_limit,
    "fuzz": HouseBot._fuzz,
    "challenge": HouseBot._challenge,
}
"""The bot's chooser for each kind of decision (``None``: a random legal action); a missing kind fails loudly."""

