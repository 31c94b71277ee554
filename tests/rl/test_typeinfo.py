"""What a field's type says about its values: descriptions looked through, ``None`` split off, literal values, int bounds."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
import msgspec.inspect as mi

from boardcore.rl.typeinfo import int_bounds, literal_values, plain, split_optional


def _type(annotation: object) -> mi.Type:
    return mi.type_info(annotation)


def test_plain_looks_through_every_description() -> None:
    """``Annotated[int, Meta(...)]`` is an int under its metadata; a bare type is itself."""
    described = _type(Annotated[int, msgspec.Meta(ge=0, le=3, description="a die face")])
    assert isinstance(described, mi.Metadata) and isinstance(plain(described), mi.IntType)
    assert isinstance(plain(_type(str)), mi.StrType)


def test_split_optional_gives_the_type_without_none_and_whether_none_was_allowed() -> None:
    """``int | None`` is an int that may be missing; ``int | str | None`` keeps both other members; ``int`` alone is not optional."""
    rest, optional = split_optional(_type(int | None))
    assert isinstance(rest, mi.IntType) and optional
    rest, optional = split_optional(_type(int | str | None))
    assert isinstance(rest, mi.UnionType) and {type(t) for t in rest.types} == {mi.IntType, mi.StrType} and optional
    rest, optional = split_optional(_type(int))
    assert isinstance(rest, mi.IntType) and not optional


def test_literal_values_of_a_literal_and_of_a_union_of_literals() -> None:
    """A ``Literal``'s values in msgspec's order; a union of them joined; anything else has none."""
    assert literal_values(_type(Literal["a", "b"])) == ("a", "b")
    assert set(literal_values(_type(Literal[1, 2] | Literal[3])) or ()) == {1, 2, 3}
    assert literal_values(_type(int)) is None
    assert literal_values(_type(Literal["a"] | int)) is None


def test_int_bounds_need_both_ends_declared() -> None:
    """``ge``/``le`` are taken as they are and ``gt``/``lt`` one inside; an open end, an empty range or a non-int has none."""
    assert int_bounds(_type(Annotated[int, msgspec.Meta(ge=0, le=55)])) == (0, 55)
    assert int_bounds(_type(Annotated[int, msgspec.Meta(gt=-1, lt=2)])) == (0, 1)
    assert int_bounds(_type(Annotated[int, msgspec.Meta(ge=0)])) is None
    assert int_bounds(_type(Annotated[int, msgspec.Meta(gt=3, lt=4)])) is None
    assert int_bounds(_type(int)) is None
    assert int_bounds(_type(Annotated[float, msgspec.Meta(ge=0, le=1)])) is None
