"""Game: the rules record checks every action however it was built, and refuses action types that could change after listing."""

from __future__ import annotations

import math
from typing import Any, Union

import attrs
import msgspec
import pytest

from boardcore import Game, Match, make_evolve
from boardcore.errors import IllegalAction
from games.tic_tac_toe import GAME as TTT
from games.tic_tac_toe import PlaceMark
from tests.boardcore import toy_draw as toy
from tests.boardcore.toy_draw import GAME as SOUND


def _turn(**changes: Any) -> Any:
    return attrs.evolve(toy.flow().decisions["turn"], **changes)


class Inner(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    card: int


class Wrapped(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    inner: Inner


class Named(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    name: str


class Priced(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    price: float


RICH = attrs.evolve(SOUND, action_type=Union[toy.Draw, Wrapped, Named, Priced])
"""High Draw with action types a third-party game may well have: a nested Struct, a free string, a float."""


def _malformed(game: Any, action: Any) -> None:
    with pytest.raises(IllegalAction) as refused:
        game.check_action(0, action)
    assert refused.value.code == "action/malformed"


def test_a_python_built_struct_nested_in_a_json_object_is_type_checked() -> None:
    """``{"type": "Wrapped", "inner": Inner(card=True)}`` reached the rules (and the log) unchecked: msgspec.convert
    passes a Struct instance through without validating its fields."""
    _malformed(RICH, {"type": "Wrapped", "inner": Inner(card=True)})
    assert RICH.check_action(0, {"type": "Wrapped", "inner": Inner(card=3)}) == Wrapped(inner=Inner(card=3))


def test_an_int_no_log_can_carry_is_malformed_as_json_as_it_is_as_a_struct() -> None:
    """A Struct with an int beyond 64 bits was refused, the same action as a JSON object was accepted (and then could
    not be saved as msgpack)."""
    _malformed(RICH, Wrapped(inner=Inner(card=2**70)))
    _malformed(RICH, {"type": "Wrapped", "inner": {"card": 2**70}})


def test_a_lone_surrogate_in_a_string_field_is_malformed() -> None:
    """A JSON object parsed by Python's json module may hold a lone surrogate; it was accepted, and the log (UTF-8)
    could not be written."""
    _malformed(RICH, {"type": "Named", "name": "\ud800"})
    _malformed(RICH, Named(name="\ud800"))


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
def test_a_float_field_that_json_cannot_carry_is_malformed(value: float) -> None:
    """NaN and infinities were accepted; the JSON log writes them as null, so the match's own log failed to verify."""
    _malformed(RICH, Priced(price=value))
    _malformed(RICH, {"type": "Priced", "price": value})
    assert RICH.check_action(0, {"type": "Priced", "price": 2.5}) == Priced(price=2.5)


def test_an_action_that_contains_itself_is_malformed_not_a_recursion_error() -> None:
    """A Python-built action holding a list that contains itself raised RecursionError out of ``Match.apply``."""
    loop: list[Any] = []
    loop.append(loop)
    match = Match.new(TTT, 2, 1)
    with pytest.raises(IllegalAction) as refused:
        match.apply(0, PlaceMark(cell=loop))  # type: ignore[arg-type]
    assert refused.value.code == "action/malformed" and len(match) == 0


class ListDiscard(msgspec.Struct, frozen=True, tag="Discard", kw_only=True, forbid_unknown_fields=True):
    cards: list[int]


def _list_problem(state: toy.State, seat: int, action: Any) -> Any:
    return toy.discard_problem(state, seat, toy.Discard(card=action.cards[0]))


def _list_turn(turn: Any, seat: int, action: Any) -> None:
    toy.discard(turn, seat, toy.Discard(card=action.cards[0]))


def _list_actions_game() -> Game[Any, Any, Any, Any]:
    return attrs.evolve(
        SOUND,
        action_type=Union[toy.Draw, ListDiscard, toy.Roll, toy.Stop],
        flow=toy.flow(
            decisions={
                "turn": _turn(
                    rules={**{t: r for t, r in toy.RULES.items() if t is not toy.Discard}, ListDiscard: (_list_problem, _list_turn)},
                    candidates=lambda state, seat: (toy.Draw(), toy.Roll(), toy.Stop(), *(ListDiscard(cards=[c]) for c in range(toy.CARDS))),
                )
            }
        ),
    )


def test_action_types_that_could_be_changed_after_listing_are_refused_when_the_game_is_built() -> None:
    """Match.apply trusts the very object it listed, so action types must be immutable: a list field is refused when the
    Game is built (a field typed Any makes the game's actions "loose", and Match then checks every action again)."""
    with pytest.raises(TypeError, match="actions must be immutable values.*ListDiscard.cards is a list"):
        _list_actions_game()


def test_a_variant_with_another_flow_can_be_made_with_attrs_evolve() -> None:
    """The kit's way to build a variant of a game (``attrs.evolve``) fails as soon as the new flow folds differently."""
    evolve = make_evolve(toy.Event, dict(toy.HANDLERS))
    variant = attrs.evolve(SOUND, flow=toy.flow(evolve=evolve))
    assert variant.evolve is evolve


# --- the Game record's own behaviour ------------------------------------------------------------------------------


def test_act_is_the_checked_path_malformed_then_turn_then_rules() -> None:
    """``act`` checks the action's types, then whose turn it is, then the rules, and folds the events it returns."""
    state = TTT.setup(TTT.config(2), 1)
    events, after = TTT.act(state, 0, {"type": "PlaceMark", "cell": 4})
    assert [type(e).__name__ for e in events] == ["MarkPlaced"] and TTT.fold(state, events) == after
    codes = []
    for seat, action in ((0, {"type": "PlaceMark", "cell": 9}), (0, PlaceMark(cell=0)), (1, PlaceMark(cell=4))):
        with pytest.raises(IllegalAction) as refused:
            TTT.act(after, seat, action)
        codes.append(refused.value.code)
    assert codes == ["action/malformed", "turn/not_your_turn", "board/cell_taken"]


def test_fold_replays_events_into_the_state_play_reached() -> None:
    """Folding a playout's events from the start state gives the state the plays reached, step by step."""
    state = start = TTT.setup(TTT.config(2), 1)
    every = []
    for seat, cell in ((0, 0), (1, 4), (0, 8)):
        events, state = TTT.act(state, seat, PlaceMark(cell=cell))
        every.extend(events)
    assert TTT.fold(start, every) == state and TTT.fold(state, []) is state


def test_redact_follows_the_visibility_table() -> None:
    """A drawn card reaches its drawer in full, everyone else (spectators too) as "a card"."""
    drawn = toy.CardDrawn(player=1, card=7)
    assert SOUND.redact(drawn, 1) == drawn
    assert SOUND.redact(drawn, 0) == SOUND.redact(drawn, None) == toy.CardDrawn(player=1, card=None)


def test_the_rng_bookkeeping_is_seen_by_nobody_and_every_hidden_or_revealing_event_is_an_undo_barrier() -> None:
    """RngAdvanced defaults to NOBODY; undo barriers are the events not public or that reveal, and the RNG's."""
    from boardcore.rng import RngAdvanced

    assert SOUND.redact(RngAdvanced(counter=3), 0) is None
    assert SOUND.undo_barriers == frozenset({RngAdvanced, toy.CardDrawn, toy.CardDiscarded, toy.HandsShown})


def test_a_game_whose_visibility_table_misses_an_event_is_refused_when_built() -> None:
    """Every event type is declared once: a missing declaration is a TypeError naming it, at import time."""
    table = {k: v for k, v in toy.VISIBILITY.items() if k is not toy.Stopped}
    with pytest.raises(TypeError, match=r"missing \['Stopped'\]"):
        attrs.evolve(SOUND, visibility=table)


@pytest.mark.parametrize("players", [1, 3, "2", True])
def test_config_refuses_a_player_count_the_game_is_not_played_by(players: Any) -> None:
    """``config`` names the supported counts and the refused one; the default config per count is built once."""
    with pytest.raises(ValueError, match=f"Tic-tac-toe is played by 2 players, not {players!r}"):
        TTT.config(players)
    assert TTT.config(2) is TTT.config(2, {}) and TTT.config(2).players == 2


def test_make_evolve_refuses_two_handlers_for_one_event_and_a_handler_outside_the_union() -> None:
    """The dispatch table covers the event union exactly, checked when the evolve is made."""

    def placed(state: Any, e: toy.CardDrawn) -> Any:
        return state

    with pytest.raises(TypeError, match="CardDrawn has two handlers"):
        make_evolve(toy.CardDrawn, placed, placed)
    with pytest.raises(TypeError, match="evolve handlers mismatch: missing"):
        make_evolve(toy.Event, placed)
    with pytest.raises(TypeError, match="not in the event union"):
        make_evolve(toy.LuckRolled, {toy.LuckRolled: placed, toy.CardDrawn: placed})


def test_default_seat_names_are_built_once_per_count() -> None:
    """A match without names calls its seats P1, P2, ...; the tuple for a count is built once."""
    from boardcore.game import seat_names

    assert seat_names(3) == ("P1", "P2", "P3") and seat_names(3) is seat_names(3)