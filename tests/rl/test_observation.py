"""The observation layout: what each encoding writes, and the spec mistakes it refuses."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
import numpy as np
import pytest

from boardcore.rl import Bag, Number, ObservationLayout, OneHot, Seq, Skip, SpecError
from tests.rl.cases import CASES
from tests.rl.test_pettingzoo_env import episode


class Inner(msgspec.Struct, frozen=True):
    size: int
    flag: bool


class Sample(msgspec.Struct, frozen=True):
    count: int
    stage: Literal["setup", "play"]
    card: str | None
    hand: tuple[str, ...]
    seats: tuple[int, ...]
    pile: tuple[int, ...]
    pair: tuple[int, str]
    inner: Inner | None
    note: str


ENTRIES = {
    "count": Number(2, 6),
    "card": OneHot(("a", "b")),
    "hand": Bag(("a", "b", "c"), most=2),
    "seats": Seq(2),
    "seats[]": OneHot((0, 1)),
    "pile": Seq(2, top=True),
    "pile[]": Number(0, 10, clip=True),
    "pair[0]": Number(0, 4),
    "pair[1]": OneHot(("x", "y")),
    "inner.size": Number(0, 8),
    "note": Skip("free text"),
}


def sample(**changes: object) -> Sample:
    base = {"count": 4, "stage": "play", "card": "b", "hand": ("c", "a", "c"), "seats": (1,), "pile": (3, 12, 5),
            "pair": (1, "y"), "inner": Inner(2, True), "note": "hello"}  # fmt: skip
    return Sample(**{**base, **changes})  # type: ignore[arg-type]


def test_each_encoding_writes_the_documented_columns() -> None:
    """Number scales, OneHot and Literal pick a column, Optional adds a presence column, Bag counts, Seq keeps order
    with a length column, Seq(top=True) reads a pile from its top and clips, per-index entries apply, Skip writes nothing."""
    layout = ObservationLayout(Sample, ENTRIES)
    expected = [
        0.5,  # count: (4 - 2) / 4
        1, 0,  # stage: play (a Literal's columns follow msgspec's sorted order: play, setup)
        1, 0, 1,  # card: present, b
        0.5, 0, 1,  # hand: a once, b never, c twice (most 2)
        0.5, 0, 1, 0, 0,  # seats: length 1/2, seat 1, empty slot
        1, 0.5, 1,  # pile: height 3 reads as 2/2; top first: 5, then 12 clipped to 10
        0.25, 0, 1,  # pair: 1 / 4, y
        1, 0.25, 1,  # inner: present, size 2 / 8, flag
    ]
    assert layout.size == len(expected)
    assert layout.encode(sample()).tolist() == pytest.approx(expected)
    assert layout.encode(sample(card=None, inner=None, seats=(), pile=())).tolist()[3:6] == [0, 0, 0]


def test_the_columns_are_documented_without_gaps() -> None:
    """Every column belongs to exactly one documented run, in order; skipped fields are listed with their reason."""
    layout = ObservationLayout(Sample, ENTRIES)
    covered = [c for c in layout.columns if c.width]
    assert [c.offset for c in covered] == [sum(x.width for x in covered[:i]) for i in range(len(covered))]
    assert sum(c.width for c in covered) == layout.size
    assert any(c.field == "note" and "free text" in c.meaning for c in layout.columns)


@pytest.mark.parametrize(
    ("entries", "message"),
    [
        ({k: v for k, v in ENTRIES.items() if k != "count"}, "count is an int"),
        ({k: v for k, v in ENTRIES.items() if k != "note"}, "note is a string"),
        ({k: v for k, v in ENTRIES.items() if k != "hand"}, "hand is a tuple of any length"),
        ({**ENTRIES, "inner": Number(0, 1)}, "inner is a Struct"),
        ({**ENTRIES, "counts": Number(0, 1)}, "no field of Sample: counts"),
        ({**ENTRIES, "pair": Number(0, 1)}, "fixed-length tuple"),
    ],
)
def test_a_spec_that_does_not_fit_the_view_is_refused(entries: dict[str, object], message: str) -> None:
    """Missing bounds, entries for Structs or for no field are SpecErrors naming the field, at construction."""
    with pytest.raises(SpecError, match=message):
        ObservationLayout(Sample, entries)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"count": 7}, "outside the spec's Number"),
        ({"card": "z"}, "not one of the spec's OneHot values"),
        ({"hand": ("a", "a", "a")}, "more than the spec's most=2"),
        ({"hand": ("q",)}, "not one of the spec's Bag values"),
        ({"seats": (0, 1, 0)}, "more than the spec's Seq"),
    ],
)
def test_a_value_outside_the_spec_is_an_error_not_a_wrong_number(changes: dict[str, object], message: str) -> None:
    """A view value the spec does not allow raises SpecError (unless the entry clips)."""
    layout = ObservationLayout(Sample, ENTRIES)
    with pytest.raises(SpecError, match=message):
        layout.encode(sample(**changes))


@pytest.mark.parametrize(("name", "players"), CASES)
def test_every_game_layout_is_contiguous_and_in_bounds(name: str, players: int) -> None:
    """Each game's documented columns tile the observation; every recorded observation is in [0, 1] and float32."""
    run = episode(name, players)
    covered = [c for c in run.env.observer.columns if c.width]
    assert [c.offset for c in covered] == [sum(x.width for x in covered[:i]) for i in range(len(covered))]
    assert sum(c.width for c in covered) == run.env.observer.size
    for token in run.tokens:
        for vector in token.observations:
            assert vector.dtype == np.float32 and vector.min() >= 0.0 and vector.max() <= 1.0


class Bounded(msgspec.Struct, frozen=True):
    size: Annotated[int, msgspec.Meta(ge=0, le=8, description="a size")]
    seat: Annotated[int, msgspec.Meta(ge=0, le=3)] | None


def test_declared_int_ranges_need_no_spec_entry() -> None:
    """A view int annotated with msgspec.Meta bounds reads as Number(lo, hi) without an entry; an entry overrides it."""
    assert ObservationLayout(Bounded, {}).encode(Bounded(size=2, seat=3)).tolist() == [0.25, 1.0, 1.0]
    one_hot = ObservationLayout(Bounded, {"seat": OneHot(range(4))})
    assert one_hot.encode(Bounded(size=8, seat=1)).tolist() == [1.0, 1.0, 0.0, 1.0, 0.0, 0.0]
