"""``boardcore.codec``: what an action must be to enter a game, checked the same way whether it came as a Struct or as
a log's JSON object, and refused with ``action/malformed`` (naming the player, never echoing the action) otherwise."""

from __future__ import annotations

from typing import Any, Union

import msgspec
import pytest

from boardcore import codes
from boardcore.codec import ActionCodec, action_mutability, union_members
from boardcore.errors import IllegalAction


class Place(msgspec.Struct, frozen=True, tag="Place"):
    cell: int


class Say(msgspec.Struct, frozen=True, tag="Say"):
    words: tuple[str, ...]


class Bid(msgspec.Struct, frozen=True, tag="Bid"):
    amount: float


Action = Union[Place, Say]


class Loose(msgspec.Struct, frozen=True, tag="Loose"):
    items: list[int]
    note: dict[str, int]
    anything: Any


def test_union_members_lists_each_class_of_a_union_or_the_lone_class() -> None:
    assert union_members(Action) == (Place, Say)
    assert union_members(Place) == (Place,)


def test_mutability_names_mutable_fields_and_flags_any() -> None:
    assert action_mutability(Loose) == (["Loose.items is a list", "Loose.note is a dict"], True)
    assert action_mutability(Action) == ([], False)


def test_a_struct_and_its_json_object_check_to_the_same_action() -> None:
    codec = ActionCodec("Toy", Action, remember=True)
    assert codec.check(0, Place(cell=4)) == Place(cell=4)
    assert codec.check(1, {"type": "Say", "words": ["hi", "there"]}) == Say(words=("hi", "there"))


@pytest.mark.parametrize(
    ("action", "words"),
    [
        (Place(cell="4"), "Refused Place from player 2"),  # type: ignore[arg-type]
        ({"type": "Place", "cell": 2**70}, "not a well-formed Toy action"),
        ({"type": "Shout"}, "not a well-formed Toy action"),
        ("Place", "not an action of Toy"),
    ],
)
def test_a_malformed_action_is_refused_with_its_code_and_player(action: Any, words: str) -> None:
    codec = ActionCodec("Toy", Action, remember=False)
    with pytest.raises(IllegalAction) as caught:
        codec.check(2, action)
    assert caught.value.code == codes.ACTION_MALFORMED and caught.value.player == 2
    assert words in str(caught.value)


def test_a_float_action_cannot_carry_nan_or_infinity() -> None:
    """A log is JSON, which has no NaN: a game with float fields refuses one at the door."""
    codec = ActionCodec("Auction", Bid, remember=False)
    assert codec.check(0, Bid(amount=1.5)) == Bid(amount=1.5)
    for bad in (float("nan"), float("inf")):
        with pytest.raises(IllegalAction):
            codec.check(0, Bid(amount=bad))


def test_the_last_checked_action_is_handed_back_only_when_remembered() -> None:
    remembering, forgetting = ActionCodec("Toy", Action, remember=True), ActionCodec("Toy", Action, remember=False)
    first = remembering.check(0, {"type": "Place", "cell": 1})
    assert remembering.check(0, first) is first
    other = forgetting.check(0, {"type": "Place", "cell": 1})
    assert forgetting.check(0, other) == other
