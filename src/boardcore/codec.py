"""The action codec: an action (a Struct, or its JSON object) checked field by field into a frozen Struct of the game.

Every action from outside the engine goes through one :class:`ActionCodec` per game
(``Game.check_action``) before any rule sees it, so no rule meets a wrongly typed
action and a kept action always replays; :func:`action_mutability` says at game
construction whether an action type could hold something mutable.
"""

from __future__ import annotations

import typing
from collections.abc import Mapping
from typing import Any

import msgspec
import msgspec.inspect
import msgspec.inspect as mi

from boardcore import codes
from boardcore.errors import IllegalAction

__all__ = ["ActionCodec", "action_mutability", "union_members"]


def union_members(union: Any) -> tuple[type, ...]:
    """The classes of a ``Union[...]`` alias (or a lone class)."""
    args = typing.get_args(union)
    return tuple(args) if args else (union,)


def action_mutability(action_type: Any) -> tuple[list[str], bool]:
    """Where an action type could hold something mutable: fields that are lists, dicts, sets, bytearrays or
    unfrozen Structs (refused), and whether any field is ``Any`` (which could hold anything)."""
    refused: list[str] = []
    loose = False
    seen: set[type] = set()

    def walk(info: Any, where: str) -> None:
        nonlocal loose
        if isinstance(info, mi.StructType):
            if info.cls in seen:
                return
            seen.add(info.cls)
            if not info.cls.__struct_config__.frozen:
                refused.append(f"{where or info.cls.__name__} is not a frozen Struct")
            for field in info.fields:
                walk(field.type, f"{info.cls.__name__}.{field.name}")
        elif isinstance(info, (mi.ListType, mi.DictType, mi.SetType, mi.ByteArrayType)):
            refused.append(f"{where} is a {type(info).__name__[:-4].lower()}")
        elif isinstance(info, mi.AnyType):
            loose = True
        for child in ("types", "item_types"):
            for item in getattr(info, child, ()) or ():
                walk(item, where)
        for child in ("item_type", "key_type", "value_type"):
            item = getattr(info, child, None)
            if item is not None:
                walk(item, where)

    walk(mi.type_info(action_type), "")
    return refused, loose


class ActionCodec:
    """Validates actions through msgspec types built once per game (well under a microsecond a call).

    A Struct, or a JSON object, goes through msgpack and back: that checks every
    field's type however deeply the action was built (a Struct inside a dict
    included), freezes lists into tuples, and refuses what a log cannot carry (an
    int beyond 64 bits, a string that is not UTF-8). A game with float fields also
    sends the action through JSON, which cannot carry NaN or infinities.
    """

    __slots__ = ("_classes", "_decoder", "_encoder", "_json", "_last", "_remember", "_title")

    def __init__(self, title: str, action_type: Any, *, remember: bool) -> None:
        self._title = title
        self._remember = remember
        self._last: Any = _NEVER
        """The action this codec checked last (kept only for a game whose actions are immutable): handing it back
        costs nothing."""
        self._classes = frozenset(union_members(action_type))
        self._encoder = msgspec.msgpack.Encoder()
        self._decoder = msgspec.msgpack.Decoder(action_type)
        self._json = msgspec.json.Decoder(action_type) if _has_float(msgspec.inspect.type_info(action_type)) else None

    def _round_trip(self, action: Any) -> Any:
        checked = self._decoder.decode(self._encoder.encode(action))
        if self._json is not None:
            self._json.decode(_JSON.encode(checked))  # NaN and infinities encode as null, which no float field takes
        return checked

    def check(self, player: int, action: Any) -> Any:
        if action is self._last:  # checked a moment ago (a replay decodes, then applies): immutable, so still good
            return action
        if type(action) in self._classes:
            try:
                checked = self._round_trip(action)
                if self._remember:
                    self._last = checked
                return checked
            except _MALFORMED as exc:
                msg = f"Refused {type(action).__name__} from player {player}: {exc}."
                raise IllegalAction(msg, code=codes.ACTION_MALFORMED, player=player, action=None) from None
        if type(action) is dict or isinstance(action, Mapping):  # a log's actions are plain dicts: skip the ABC check
            try:
                checked = self._round_trip(action if type(action) is dict else dict(action))
                if self._remember:
                    self._last = checked
                return checked
            except _MALFORMED as exc:
                tag = action.get("type", "an untagged object")
                msg = f"Refused {tag!s:.60} from player {player}: not a well-formed {self._title} action ({exc})."
                raise IllegalAction(msg, code=codes.ACTION_MALFORMED, player=player, action=None) from None
        msg = f"Refused {type(action).__name__} from player {player}: not an action of {self._title}."
        raise IllegalAction(msg, code=codes.ACTION_MALFORMED, player=player, action=None)


_NEVER = object()
"""What a codec remembers before its first check: no action is this object."""
_MALFORMED = (msgspec.DecodeError, msgspec.EncodeError, TypeError, ValueError, OverflowError, RecursionError)
"""What msgspec raises for an action it cannot carry: a wrong type, an unencodable value, a value that contains itself."""
_JSON = msgspec.json.Encoder()


def _has_float(info: msgspec.inspect.Type, seen: set[type] | None = None) -> bool:
    """Some field, however deeply nested, may hold a float."""
    seen = set() if seen is None else seen
    if isinstance(info, msgspec.inspect.FloatType):
        return True
    if isinstance(info, msgspec.inspect.StructType):
        if info.cls in seen:
            return False
        seen.add(info.cls)
        return any(_has_float(field.type, seen) for field in info.fields)
    if isinstance(info, msgspec.inspect.UnionType):
        return any(_has_float(member, seen) for member in info.types)
    if isinstance(info, msgspec.inspect.TupleType):
        return any(_has_float(item, seen) for item in info.item_types)
    if isinstance(info, msgspec.inspect.DictType):
        return _has_float(info.key_type, seen) or _has_float(info.value_type, seen)
    if isinstance(info, (msgspec.inspect.ListType, msgspec.inspect.VarTupleType, msgspec.inspect.SetType, msgspec.inspect.FrozenSetType)):
        return _has_float(info.item_type, seen)
    return False
