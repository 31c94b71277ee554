"""Structuring user-supplied options (CLI flags, JSON) into a game's options record.

Options are ``attrs`` frozen classes (validators give readable errors); cattrs
turns loose input (a dict of strings from the command line, JSON) into them and
reports every bad field at once.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import attrs
import cattrs

__all__ = ["NoOptions", "structure_options", "unstructure_options"]

_converter = cattrs.Converter(forbid_extra_keys=True)


def _exactly(kind: type, words: str) -> Any:
    """A structure hook that takes a value of exactly ``kind`` and converts nothing (2.7 is not an int, true is not 1)."""

    def hook(value: Any, _: Any) -> Any:
        if type(value) is kind:
            return value
        raise ValueError(f"expected {words}, not {value!r}")

    return hook


def _whole(value: Any, _: Any) -> int:
    """An int a log header can carry (msgpack holds -2**63 .. 2**64 - 1)."""
    if type(value) is not int:
        raise ValueError(f"expected a whole number, not {value!r}")
    if not -(2**63) <= value <= 2**64 - 1:
        raise ValueError(f"expected a whole number from -2**63 to 2**64 - 1 (what a log can carry), not {value}")
    return value


def _text(value: Any, _: Any) -> str:
    """A string a log header can carry (UTF-8: no lone surrogates)."""
    if type(value) is not str:
        raise ValueError(f"expected a string, not {value!r}")
    try:
        value.encode()
    except UnicodeEncodeError:
        raise ValueError(f"expected text a log can carry, not {value!a}") from None
    return value


def _number(value: Any, _: Any) -> float:
    """A finite number (JSON, and so the log header, has no NaN or infinity)."""
    try:
        number = float(value) if type(value) in (int, float) else math.nan
    except OverflowError:
        number = math.inf
    if math.isfinite(number):
        return number
    raise ValueError(f"expected a finite number, not {value!r}")


_converter.register_structure_hook(int, _whole)
_converter.register_structure_hook(str, _text)
_converter.register_structure_hook(bool, _exactly(bool, "true or false"))
_converter.register_structure_hook(float, _number)


@attrs.frozen
class NoOptions:
    """Options of a game that has none."""


def _explain(exc: BaseException, type_: Any) -> str:
    """A validator's own message when it gave one; cattrs' generic wording otherwise."""
    if isinstance(exc, ValueError) and not isinstance(exc, cattrs.BaseValidationError) and exc.args:
        first = exc.args[0]  # attrs validators pass (message, attribute, ...): the message alone is for people
        if isinstance(first, str) and first:
            return first
    if isinstance(exc, (TypeError, AttributeError)):
        return f"a value of the wrong type ({exc})"
    return cattrs.v.format_exception(exc, type_)


def structure_options(options_type: type, raw: Any) -> Any:
    """``raw`` (``None``, a mapping, or an instance) as an ``options_type``.

    Raises:
        ValueError: unknown options or bad values, each named.
    """
    if raw is None:
        return options_type()
    if isinstance(raw, options_type):
        return raw
    if not isinstance(raw, Mapping):
        msg = f"invalid options for {options_type.__name__}: expected a mapping of option names to values, not {type(raw).__name__}"
        raise ValueError(msg)
    try:
        return _converter.structure(dict(raw), options_type)
    except (cattrs.BaseValidationError, ValueError, TypeError, AttributeError) as exc:
        if isinstance(exc, cattrs.BaseValidationError):
            detail = "; ".join(cattrs.transform_error(exc, path="options", format_exception=_explain))
        else:
            detail = str(exc)
        msg = f"invalid options for {options_type.__name__}: {detail}"
        raise ValueError(msg) from None


def unstructure_options(options: Any) -> dict[str, Any]:
    """The options as plain JSON-able data (for log headers)."""
    return _converter.unstructure(options)  # type: ignore[no-any-return]
