"""What a field's type says about its values, read from ``msgspec.inspect`` (shared by the observation and the catalog)."""

from __future__ import annotations

from typing import Any

import msgspec.inspect as mi

__all__ = ["int_bounds", "literal_values", "plain", "split_optional"]


def plain(info: mi.Type) -> mi.Type:
    """The type under any ``msgspec.Meta`` description (``Annotated[int, Meta(ge=0, le=3, description=...)]``)."""
    while isinstance(info, mi.Metadata):
        info = info.type
    return info


def split_optional(info: mi.Type) -> tuple[mi.Type, bool]:
    """The type without ``None``, and whether ``None`` was allowed."""
    info = plain(info)
    if isinstance(info, mi.UnionType) and any(isinstance(plain(t), mi.NoneType) for t in info.types):
        rest = tuple(plain(t) for t in info.types if not isinstance(plain(t), mi.NoneType))
        return (rest[0] if len(rest) == 1 else mi.UnionType(types=rest)), True
    return info, False


def literal_values(info: mi.Type) -> tuple[Any, ...] | None:
    """The values of a ``Literal`` or of a union of ``Literal``s (in msgspec's sorted order), else ``None``."""
    info = plain(info)
    if isinstance(info, mi.LiteralType):
        return tuple(info.values)
    if isinstance(info, mi.UnionType) and all(isinstance(plain(t), mi.LiteralType) for t in info.types):
        return tuple(v for t in info.types for v in plain(t).values)  # type: ignore[attr-defined]
    return None


def int_bounds(info: mi.Type) -> tuple[int, int] | None:
    """``(lo, hi)`` of an int type with both bounds declared (``Annotated[int, msgspec.Meta(ge=0, le=55)]``), else ``None``."""
    info = plain(info)
    if not isinstance(info, mi.IntType):
        return None
    lo = info.ge if info.ge is not None else None if info.gt is None else info.gt + 1
    hi = info.le if info.le is not None else None if info.lt is None else info.lt - 1
    return None if lo is None or hi is None or lo > hi else (lo, hi)
