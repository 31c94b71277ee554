"""Options from loose input: validators' own messages reach the user, every bad field is named."""

from __future__ import annotations

import math
from typing import Any

import attrs
import pytest

from boardcore import Match
from boardcore.options import structure_options, unstructure_options
from boardcore.registry import get_game


def _positive(instance: object, attribute: attrs.Attribute, value: int) -> None:
    if value < 1:
        raise ValueError(f"{attribute.name} must be at least 1, not {value}")


@attrs.frozen
class Options:
    round_limit: int = attrs.field(default=3, validator=_positive)
    variant: str = "standard"


def test_defaults_and_partial_input() -> None:
    """None gives the defaults; a dict overrides only what it names; instances pass through."""
    assert structure_options(Options, None) == Options()
    assert structure_options(Options, {"variant": "short"}) == Options(variant="short")
    assert structure_options(Options, Options(round_limit=5)) == Options(round_limit=5)


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ({"round_limit": 0}, "round_limit must be at least 1, not 0"),
        ({"round_limit": "many"}, "options.round_limit"),
        ({"speed": 3}, "extra fields found (speed)"),
    ],
)
def test_bad_options_are_named(raw: dict, expected: str) -> None:
    """A validator's message, a wrong type, and an unknown option each name the field."""
    with pytest.raises(ValueError, match="invalid options for Options") as refused:
        structure_options(Options, raw)
    assert expected in str(refused.value)


def test_options_unstructure_for_log_headers() -> None:
    """Options become plain data for the log header and structure back to the same record."""
    raw = unstructure_options(Options(round_limit=7))
    assert raw == {"round_limit": 7, "variant": "standard"}
    assert structure_options(Options, raw) == Options(round_limit=7)


def test_an_int_option_beyond_64_bits_is_refused_before_the_log_cannot_be_saved() -> None:
    """``max_derbies=10**30`` was accepted; the header then could not be written as msgpack (OverflowError)."""
    with pytest.raises(ValueError, match="max_derbies"):
        Match.new(get_game("peaky_blinders"), 2, 1, {"max_derbies": 10**30})


@attrs.frozen
class LooseOptions:
    speed: float = 1.0
    label: str = "x"


@pytest.mark.parametrize("raw", [{"speed": math.nan}, {"speed": math.inf}, {"label": "\ud800"}])
def test_an_option_value_the_log_cannot_carry_is_refused(raw: dict[str, Any]) -> None:
    """NaN (``--option speed=NaN``: Python's json reads it) was written as null in the header, and a lone surrogate
    could not be written at all."""
    with pytest.raises(ValueError, match="invalid options"):
        structure_options(LooseOptions, raw)


@pytest.mark.parametrize("raw", [[("round_limit", 2)], "ab", 7, ("x",)])
def test_options_that_are_not_a_mapping_are_refused(raw: object) -> None:
    """structure_options refuses anything but None, an instance or a mapping (a list of pairs was accepted)."""
    import attrs

    from boardcore.options import structure_options

    @attrs.frozen
    class Options:
        round_limit: int = 3

    with pytest.raises(ValueError, match="options"):
        structure_options(Options, raw)
