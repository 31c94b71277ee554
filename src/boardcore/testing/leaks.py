"""Hidden-information checks: nothing reaches a seat (or a spectator) that the rules hide from it.

The method is TAG's: ``determinize(state, seat, rng)`` builds another world that
seat cannot tell from the real one. Everything the seat is given (its view, who
may act, its legal actions, the refusals it may provoke, its text) must be the
same in both worlds; and one step later, as long as the seat still cannot tell
the worlds apart, the events it received must be the same too. A spectator knows
less than any seat, so it must not tell apart any seat's worlds.

Each check names the mistake it catches; ``docs/hidden-information.md`` lists them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from boardcore.errors import IllegalAction
from boardcore.game import Game, union_members
from boardcore.rng import DETERMINIZE, Rng, RngAdvanced
from boardcore.testing.contract import Playout, action_pool, refusal, sample_indices
from boardcore.testing.kit import assert_no_secrets, check_events, find_secrets

__all__ = [
    "check_determinize_reads_only_the_view",
    "check_determinize_resamples",
    "check_event_streams",
    "check_redacted_events_in_union",
    "check_seats_see_only_their_own",
    "check_spectators_see_nothing_private",
    "world",
]


def world(p: Playout, index: int, seat: int, salt: int = 0) -> Any:
    """The state after ``index`` steps, determinized for ``seat`` (a seeded sample, the same every run)."""
    rng = Rng.from_seed(p.seed * 7919 + index * 31 + seat * 3 + salt * 1_000_003, DETERMINIZE)
    return p.game.determinize(p.states[index], seat, rng)


def _seen(game: Game[Any, Any, Any, Any], events: Sequence[Any], viewer: int | None) -> list[Any]:
    return [e for e in (game.redact(event, viewer) for event in events) if e is not None]


def _events_before(p: Playout) -> list[list[Any]]:
    """``out[i]``: every event of the first ``i`` steps (for summaries at step ``i``)."""
    out: list[list[Any]] = [[]]
    for step in p.match.steps:
        out.append([*out[-1], *step.events])
    return out


def check_seats_see_only_their_own(p: Playout, states: int = 40) -> None:
    """A seat's view, who may act, its legal actions (and their labels), the refusals it can provoke, its
    summary and the outcome are the same in every world it cannot tell apart; ``determinize`` replaces the RNG and,
    while the game draws again, derives the new one from its rng argument (once nothing is left to draw, a fixed RNG
    is as good: Kuhn poker's worlds share one, so equal deals are one object); nothing the game lists in ``secrets`` appears in any of it.

    Catches: a view that shows a hidden card; legal actions or turn order that depend on hidden cards; a refusal
    message that names who holds a card; a summary or an outcome that tells what stayed hidden; a kept or fixed RNG.
    """
    game, shown = p.game, p.match.presentation
    names = p.match.players
    pool = action_pool(p, most=60)
    history = _events_before(p)
    for index in sample_indices(len(p.states), states):
        state = p.states[index]
        over = game.outcome(state) is not None
        for seat in range(p.players):
            twin = world(p, index, seat)
            where = f"{p.name}: step {index}: seat {seat}"
            assert type(twin) is type(state), f"{p.name}: determinize returned a {type(twin).__name__}"
            assert game.view(twin, seat) == game.view(state, seat), f"{where}'s view changes under determinize: it shows something hidden from them"
            assert game.actors(twin) == game.actors(state), (
                f"{where}: who may act depends on something hidden from them (give every seat that might hold the card a turn, or make it public)"
            )
            legal = list(game.legal_actions(state, seat))
            assert list(game.legal_actions(twin, seat)) == legal, f"{where}'s legal actions depend on something hidden from them"
            for action in pool[index % 5 :: 5]:
                real = refusal(game, state, seat, action)
                assert refusal(game, twin, seat, action) == real, (
                    f"{where}: the refusal of {action!r} depends on something hidden from them: {real}"
                )
            summary = shown.summarize(game, state, history[index], seat, names)
            assert shown.summarize(game, twin, history[index], seat, names) == summary, f"{where}'s summary depends on something hidden from them"
            outcome = game.outcome(state)
            assert game.outcome(twin) == outcome, f"{where}: the outcome (shown to everyone) depends on something hidden from them"
            if game.secrets is not None:
                assert_no_secrets(game, state, seat, messages=[summary], names=names, presentation=shown)
                if index:
                    step_events = _before_any_reveal(game, p.match.steps[index - 1].events)
                    hidden = _hidden_throughout(game, p.states[index - 1], state, seat)
                    check_events(game, seat, hidden, step_events, names, shown)
                told = find_secrets(repr(outcome), game.secrets(state, seat)) if outcome is not None else set()
                assert not told, f"{where}: the outcome (shown to everyone) names what is hidden from them: {sorted(told)}"
            if not over:
                other = world(p, index, seat, salt=1)
                drawn_later = any(later.rng != state.rng for later in p.states[index + 1 :])
                assert other.rng != twin.rng or not drawn_later, (
                    f"{where}: determinize ignores its rng argument (two rngs give the same RNG) while draws remain: derive "
                    "the new RNG, and every resampled secret, from it"
                )
                assert twin.rng.seed != state.rng.seed, (
                    f"{where}: determinize kept the real RNG: replace state.rng with one derived from its rng argument; its seed "
                    "would let a search bot recompute every shuffle and future draw"
                )


def check_event_streams(p: Playout, steps: int = 40) -> None:
    """A seat's events are a function of what it may see: replay a step in another world the seat cannot tell
    from the real one (with the real RNG, so that public dice fall the same in both); if it still cannot tell the
    worlds apart afterwards, it must have received the same events (and read the same text) up to the first event
    that rightly shows it something new (a reveal, or an event only some seats see and it is one of), and the
    same number of events when neither world reached one. Draw steps included: a card drawn from a resampled deck
    differs between the worlds, so an event that shows it to the wrong seat differs too. A step after which the
    seat can tell the worlds apart must not be undoable (undo would let it see and unsee).

    Catches: a drawn card (or any secret) in an event that others receive in full (a public draw, a visibility
    that defaults to public), a redacted form that keeps the secret, text that knows more than its event, a public
    event that only some worlds emit, an undoable action that shows something hidden (a reveal declared PUBLIC).
    """
    game = p.game
    all_steps = p.match.steps
    for index in sample_indices(len(all_steps), steps):
        step = all_steps[index]
        before, after = index, index + 1
        for viewer in [None, *range(p.players)]:
            seat = viewer if viewer is not None else index % p.players
            twin = msgspec.structs.replace(world(p, before, seat, salt=2), rng=p.states[before].rng)
            try:
                events, twin_after = game.act(twin, step.player, step.action)
            except IllegalAction:
                continue  # the action hinged on something hidden from this seat: nothing to compare
            who = "a spectator" if viewer is None else f"seat {viewer}"
            if game.view(twin_after, viewer) != game.view(p.states[after], viewer):
                assert not (step.undoable and game.undo_barriers.isdisjoint(map(type, events))), (
                    f"{p.name}: step {after}: seat {step.player}'s {type(step.action).__name__} shows {who} something hidden "
                    "from it (its view differs in a world it could not tell from the real one), yet the action is undoable "
                    "(every event PUBLIC, nothing drawn): undo would let it be seen and unseen; declare the event that shows "
                    "it REVEAL"
                )
                continue  # the step showed this viewer something new: its events may rightly differ
            (real_events, real_cut), (other_events, other_cut) = _until_shown(game, step.events, viewer), _until_shown(game, events, viewer)
            real, other = _seen(game, real_events, viewer), _seen(game, other_events, viewer)
            real_text, other_text = _text(p, real_events, viewer), _text(p, other_events, viewer)
            if real_cut or other_cut:  # one world reached a reveal (or the viewer's own event) first: compare up to it
                shown = min(len(real), len(other))
                real, other, real_text, other_text = real[:shown], other[:shown], real_text[:shown], other_text[:shown]
            assert other == real, (
                f"{p.name}: step {after}: {who} receives different events in worlds it cannot tell apart: it is told "
                f"something hidden from it ({_first_difference(real, other)})"
            )
            assert other_text == real_text, f"{p.name}: step {after}: the text {who} reads depends on something hidden from it"


def _before_any_reveal(game: Game[Any, Any, Any, Any], events: Sequence[Any]) -> Sequence[Any]:
    """``events`` up to the first reveal: what follows may name cards the reveal made public, which the same step
    can hide again (a reshuffle), so today's secrets do not apply to it."""
    for index, event in enumerate(events):
        if game.visibility[type(event)].reveals:
            return events[:index]
    return events


def _hidden_throughout(game: Game[Any, Any, Any, Any], before: Any, after: Any, seat: int) -> set[str]:
    """What is hidden from ``seat`` both before a step and after it: the words its events may not name. A card
    the seat knew before (its own, committed then reshuffled in the same step) or learns by the step (a draw) is
    not one of them."""
    assert game.secrets is not None
    return set(game.secrets(before, seat)) & set(game.secrets(after, seat))


def _until_shown(game: Game[Any, Any, Any, Any], events: Sequence[Any], viewer: int | None) -> tuple[Sequence[Any], bool]:
    """``events`` up to the first one that rightly shows ``viewer`` something new (a reveal, or a private event of
    theirs), and whether there was one."""
    for index, event in enumerate(events):
        rule = game.visibility[type(event)]
        if rule.reveals or (not rule.public and viewer is not None and rule.sees(event, viewer)):
            return events[:index], True
    return events, False


def _text(p: Playout, events: Sequence[Any], viewer: int | None) -> list[str]:
    lines = (p.match.presentation.describe(p.game, event, viewer, p.match.players) for event in events)
    return [line for line in lines if line is not None]


def _first_difference(real: list[Any], other: list[Any]) -> str:
    for a, b in zip(real, other):
        if a != b:
            return f"{type(a).__name__}: {a!r} vs {b!r}"
    return f"{len(real)} events vs {len(other)}"


def check_spectators_see_nothing_private(p: Playout, states: int = 40) -> None:
    """A spectator knows less than any seat: its view is the same in every seat's worlds, and holds no RNG.

    Catches: a spectator view that shows a player's hand (or anything only one seat may know).
    """
    game = p.game
    for index in sample_indices(len(p.states), states):
        state = p.states[index]
        spectator = game.view(state, None)
        assert b'"rng"' not in msgspec.json.encode(spectator), f"{p.name}: the spectator view carries the RNG"
        for seat in range(p.players):
            assert game.view(world(p, index, seat, salt=3), None) == spectator, (
                f"{p.name}: step {index}: the spectator's view changes in a world seat {seat} cannot tell from the real one: "
                "spectators are shown something private"
            )
        if game.secrets is not None:
            assert_no_secrets(game, state, None, names=p.match.players, presentation=p.match.presentation)


def _has_hidden_information(p: Playout) -> bool:
    """Some event reached some seat redacted or not at all, or the game declares secrets."""
    game = p.game
    for step in p.match.steps:
        for event in step.events:
            if type(event) is RngAdvanced:
                continue
            for viewer in [None, *range(p.players)]:
                if game.redact(event, viewer) != event:
                    return True
    if game.secrets is not None:
        return any(game.secrets(p.states[i], s) for i in sample_indices(len(p.states), 10) for s in range(p.players))
    return False


def check_determinize_resamples(p: Playout, states: int = 40) -> None:
    """Where a game hides anything, ``determinize`` actually draws other worlds (not only another RNG).

    Catches: an inert determinize, which lets a search bot that samples worlds read every secret.
    """
    if not _has_hidden_information(p):
        return
    for index in sample_indices(len(p.states), states):
        state = p.states[index]
        for seat in range(p.players):
            for salt in range(3):
                twin = world(p, index, seat, salt=10 + salt)
                if msgspec.structs.replace(twin, rng=state.rng) != state:
                    return
    raise AssertionError(
        f"{p.name}: the game hides information, but determinize never changed anything but the RNG: it must resample "
        "everything hidden from the seat (other hands, deck order) consistently with the seat's view"
    )


def check_determinize_reads_only_the_view(p: Playout, states: int = 40) -> None:
    """``determinize(state, seat, rng)`` depends only on what the seat may know (and ``rng``): two worlds the seat
    cannot tell apart give the very same sample for the same ``rng``.

    Catches: a determinize that reshuffles the hidden cards starting from their real order. Its samples look
    uniform, but a search bot knows the ``rng`` it passed, so it can undo the shuffle and read the real order
    (sort what is hidden, then shuffle).
    """
    game = p.game
    for index in sample_indices(len(p.states), states):
        state = p.states[index]
        for seat in range(p.players):
            twin = world(p, index, seat, salt=5)
            probe = Rng.from_seed(p.seed * 104_729 + index * 17 + seat, DETERMINIZE)
            assert game.determinize(twin, seat, probe) == game.determinize(state, seat, probe), (
                f"{p.name}: step {index}: determinize for seat {seat} gives another sample from a world the seat cannot tell "
                "from the real one: it starts from the real hidden order, which a bot that knows its rng can recover; "
                "sort what is hidden before shuffling it"
            )


def check_redacted_events_in_union(p: Playout, steps: int = 500) -> None:
    """Every event as any viewer receives it is a member of the game's event union, decodes with it, and is
    defined in the game's JSON Schema (``boardcore schema``), so a client can read every event it is sent.

    Catches: a redacted form of a class outside the event union.
    """
    game = p.game
    members = union_members(game.event_type)
    (_,), defs = msgspec.json.schema_components([game.event_type], ref_template="#/$defs/{name}")
    decoder = msgspec.json.Decoder(game.event_type)
    for number, step in enumerate(p.match.steps[:steps], start=1):
        for viewer in [None, *range(p.players)]:
            for seen in _seen(game, step.events, viewer):
                name = type(seen).__name__
                assert type(seen) in members, f"{p.name}: step {number}: a redacted {name} is not in the event union"
                assert name in defs, f"{p.name}: step {number}: {name} is missing from the game's JSON Schema"
                assert decoder.decode(msgspec.json.encode(seen)) == seen, f"{p.name}: step {number}: a redacted {name} does not decode"
