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
    if isinstance(action, ListDiscard):
        return toy.problem(state, seat, toy.Discard(card=action.cards[0]))
    return toy.problem(state, seat, action)


def _list_turn(turn: Any, seat: int, action: Any) -> None:
    toy.take_turn(turn, seat, toy.Discard(card=action.cards[0]) if isinstance(action, ListDiscard) else action)


def _list_actions_game() -> Game[Any, Any, Any, Any]:
    return attrs.evolve(
        SOUND,
        action_type=Union[toy.Draw, ListDiscard, toy.Roll, toy.Stop],
        flow=toy.flow(
            decisions={
                "turn": _turn(
                    actions=(toy.Draw, ListDiscard, toy.Roll, toy.Stop),
                    candidates=lambda state, seat: (toy.Draw(), toy.Roll(), toy.Stop(), *(ListDiscard(cards=[c]) for c in range(toy.CARDS))),
                    problem=_list_problem,
                    apply=_list_turn,
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
