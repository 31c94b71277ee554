"""Setup (rulebook "Setup"; clauses FW-SETUP-01..16, GAP-08) and the game's options."""

from __future__ import annotations

import attrs

from boardcore import Config, Rng

from .board import empty_slot
from .catalog import (
    BRAWLS,
    COPPERS,
    DICE_BY_PLAYERS,
    FACES,
    GANGS,
    LANDMARKS,
    RECRUIT_TILES,
    SCORING_TILES,
    STARTING_HAND,
    TACTIC_BY_ID,
    TACTICS,
    THUGS_PER_GANG,
)
from .state import Player, SelectionTurn, State, Supply, WardState

__all__ = ["Options", "setup"]


def _gang_list(value: object) -> tuple[str, ...]:
    """Gang names as typed on a command line (``"forty fiends, gorilla gang"``) or as a list, spelled as on the boards."""
    items = value.split(",") if isinstance(value, str) else value
    if not isinstance(items, (list, tuple)):
        raise TypeError(f"gangs must be a comma-separated string or a list of names, not {value!r}")
    by_folded = {g.name.casefold(): g.name for g in GANGS}
    names = (" ".join(str(item).split()) for item in items)
    return tuple(by_folded.get(name.casefold(), name) for name in names if name)


def _known_distinct_gangs(instance: object, attribute: object, value: tuple[str, ...]) -> None:
    known = [g.name for g in GANGS]
    unknown = [v for v in value if v not in known]
    if unknown:
        raise ValueError(f"unknown gang {unknown[0]!r}; the Gangs are {', '.join(known)}")
    if len(set(value)) != len(value):
        raise ValueError(f"each Gang may be chosen once; got {', '.join(value)}")


@attrs.frozen
class Options:
    """Options of 5 Wards."""

    gangs: str | tuple[str, ...] = attrs.field(default=(), converter=_gang_list, validator=_known_distinct_gangs)
    """Gang boards chosen in turn order from the starting player (FW-SETUP-04), e.g.
    ``"Forty Fiends, Gorilla Gang"`` (case does not matter); empty: dealt at random.
    Always a tuple once built (the ``str`` in the type lets the options parser pass a
    command-line string through to the converter)."""
    round_limit: int = attrs.field(default=40, validator=attrs.validators.in_(range(1, 1001)))
    """Safety limit, not a rule: once this many Phase 1s have been played, the game is scored
    before another would begin, so that no sequence of choices can go on forever."""


def setup(config: Config[State], seed: int) -> State:
    """The board after the rulebook's 7 setup steps (every shuffle from the state's RNG)."""
    n = config.players
    options: Options = config.options if isinstance(config.options, Options) else Options()
    chosen = tuple(options.gangs)  # always a tuple: see Options.gangs
    if chosen and len(chosen) != n:
        raise ValueError(f"the gangs option names {len(chosen)} Gang(s) for {n} players; name one per player")
    rng = Rng.from_seed(seed)
    start, rng = rng.below(n)  # GAP-08
    # FW-SETUP-02: 5 of the 9 Scoring tiles, one per Ward
    scoring, rng = rng.sample([t.id for t in SCORING_TILES], 5)
    # FW-SETUP-04: Gang boards in turn order from the starting player
    if chosen:
        picked = tuple(next(i for i, g in enumerate(GANGS) if g.name == name) for name in chosen)
    else:
        picked, rng = rng.sample(range(len(GANGS)), n)
    gang_of = [0] * n
    for i, gang in enumerate(picked):
        gang_of[(start + i) % n] = gang
    # FW-SETUP-06..09: 13 Landmarks + 5 Brawls; the rest is the leftover deck
    landmarks, rng = rng.shuffle([c.id for c in LANDMARKS])
    brawls, rng = rng.shuffle([c.id for c in BRAWLS])
    deck, rng = rng.shuffle((*landmarks[:13], *brawls[:5]))
    leftover, rng = rng.shuffle((*landmarks[13:], *brawls[5:]))
    # FW-SETUP-10: 4 Tactics each
    tactics, rng = rng.shuffle([t.id for t in TACTICS])
    hands = [tactics[i * STARTING_HAND : (i + 1) * STARTING_HAND] for i in range(n)]
    tactics = tactics[n * STARTING_HAND :]
    # FW-SETUP-12..14: Recruiting tiles, then the Inspector from a face-up Tactics card
    tiles, rng = rng.shuffle([t.id for t in RECRUIT_TILES])
    inspector_card, tactics = tactics[0], tactics[1:]
    # FW-SETUP-05: 1 of each resource from the bag
    players = tuple(
        Player(gang=gang_of[s], bag=THUGS_PER_GANG - 3, resources=(1, 1, 1), hand=tuple(hands[s])) for s in range(n)
    )
    ward = WardState(old=(0,) * n, fresh=(0,) * n)
    # FW-SETUP-15, FW-P1-01: the dice in play, rolled by the starting player
    rolled, rng = rng.dice(DICE_BY_PLAYERS[n], 6)
    return State(
        players=players,
        start=start,
        stage="draft",
        pool=tuple(sorted(FACES[f - 1] for f in rolled)),
        turn=SelectionTurn(player=start),
        phase1_count=1,
        row=tuple(empty_slot(c) for c in deck[:5]),
        supply=Supply(
            landmark_deck=tuple(deck[5:]),
            leftover_deck=tuple(leftover),
            recruit_stack=tuple(tiles[5:]),
            tiles=tuple(tiles[:5]),
            scoring=tuple(scoring),
            coppers=COPPERS,
            dice_count=DICE_BY_PLAYERS[n],
            round_limit=options.round_limit,
        ),
        inspector=TACTIC_BY_ID[inspector_card].ward - 1,
        wards=(ward,) * 5,
        tactics_deck=tuple(tactics),
        discard=(inspector_card,),
        rng=rng,
    )
