"""A fixed action catalog: every action of a game spelled as a short sequence of integer tokens.

An integer means the same thing in every state, as RL libraries expect: token 0
is the explicit pass, then for each action class in the union's order its type
token and one token per value of each field (``Rally``, ``Rally.position=3``,
``Rally.card=None``). A tuple-valued field (several cards) is spelled item by
item and closed by its own end token (``CommitTactics.cards+T05``,
``CommitTactics.cards end``). An action is its type token, then each field in
declaration order; no action's spelling is the start of another's, so the
tokens chosen so far always say which actions are still possible.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import itemgetter
from typing import Any

import attrs
import msgspec.inspect as mi
import numpy as np
import numpy.typing as npt

from boardcore.game import union_members
from boardcore.rl.spec import ActionDomain, SpecError, Subset
from boardcore.rl.typeinfo import int_bounds, literal_values, plain, split_optional

__all__ = ["PASS", "ActionCatalog", "ActionSpelling"]

PASS = 0
"""The token of a seat that must act but has no legal action (and of nothing else)."""
PASS_LABEL = "<pass>"
"""Its name, bracketed so that it never reads like a game's own action (Kuhn poker has ``Pass``)."""

Mask = npt.NDArray[np.int8]
_first = itemgetter(0)

SPELLINGS_KEPT = 1 << 16
"""Spellings a catalog remembers (then it starts again): far more than the distinct actions of a game's usual play."""
MASKS_KEPT = 1 << 12
"""Masks a catalog remembers (then it starts again): far more than the sets of next tokens of a game's usual play."""


@attrs.frozen
class _Field:
    name: str
    tokens: Mapping[Any, int]
    """Token of each value (each item, for a subset field)."""
    end: int | None
    """The end token of a subset field; ``None`` for a scalar field."""


@attrs.frozen
class _Kind:
    cls: type
    token: int
    fields: tuple[_Field, ...]


def _inferred(info: mi.Type) -> tuple[Any, ...] | None:
    """Values a field's type alone bounds: a bool, a Literal or a union of them, an int with declared bounds."""
    bounds = int_bounds(info)
    if bounds is not None:
        return tuple(range(bounds[0], bounds[1] + 1))
    if isinstance(plain(info), mi.BoolType):
        return (False, True)
    return literal_values(info)


def _text(value: Any) -> str:
    return "None" if value is None else str(value)


def _summary(cls: type) -> str:
    doc = (cls.__doc__ or "").strip()
    return doc.split("\n\n")[0].replace("\n", " ")


class ActionCatalog:
    """Every token of one game's actions (for one player count), and the spelling of each action.

    Raises:
        SpecError: at construction, a field the spec gives no values for, or an entry that names no field.
    """

    def __init__(self, action_type: Any, domains: Mapping[str, ActionDomain]) -> None:
        labels = [PASS_LABEL]
        meanings = ["the seat must act but has no legal action: let the next seat act"]
        kinds: dict[type, _Kind] = {}
        used: set[str] = set()
        for cls in union_members(action_type):
            token = len(labels)
            labels.append(cls.__name__)
            meanings.append(_summary(cls))
            fields = []
            for field in mi.type_info(cls).fields:  # type: ignore[attr-defined]
                key = f"{cls.__name__}.{field.name}"
                entry = domains.get(key)
                if entry is not None:
                    used.add(key)
                fields.append(self._field(key, field.type, entry, labels, meanings))
            kinds[cls] = _Kind(cls, token, tuple(fields))
        unused = sorted(set(domains) - used)
        if unused:
            msg = f"the spec has action domains for no action field: {', '.join(unused)}"
            raise SpecError(msg)
        self.labels: tuple[str, ...] = tuple(labels)
        """The name of each token, by id."""
        self.meanings: tuple[str, ...] = tuple(meanings)
        self.size = len(labels)
        self._kinds = kinds
        self._by_token = {kind.token: kind for kind in kinds.values()}
        self._spelled: dict[Any, tuple[int, ...]] = {}
        """Spellings already made, by action (actions are frozen Structs): a legal list is mostly the same actions as
        at the last decision, and a dict lookup is a tenth of spelling one again."""
        self._masks: dict[frozenset[int], Mask] = {}
        """Masks already made, by the tokens they allow (read-only arrays, so every decision may share one)."""

    @staticmethod
    def _field(key: str, info: mi.Type, entry: ActionDomain | None, labels: list[str], meanings: list[str]) -> _Field:
        inner, optional = split_optional(info)
        name = key.split(".", 1)[1]
        if isinstance(entry, Subset):
            if not isinstance(inner, (mi.VarTupleType, mi.TupleType)) or optional:
                msg = f"action field {key} is not a tuple: give its values as a plain sequence, not Subset"
                raise SpecError(msg)
            tokens = {}
            for value in entry.values:
                tokens[value] = len(labels)
                labels.append(f"{key}+{_text(value)}")
                meanings.append(f"add {_text(value)} to {name}")
            end = len(labels)
            labels.append(f"{key} end")
            meanings.append(f"{name} is complete")
            return _Field(name, tokens, end)
        if entry is not None:
            values = tuple(entry)
        else:
            found = _inferred(inner)
            if found is None:
                kind = "a tuple: the spec needs Subset(values)" if isinstance(inner, (mi.VarTupleType, mi.TupleType)) else "unbounded"
                msg = f"action field {key} is {kind}; give its values in the spec's actions"
                raise SpecError(msg)
            values = found
        if optional and None not in values:
            values = (*values, None)
        if len(set(values)) != len(values):
            msg = f"the values of action field {key} repeat: {values!r}"
            raise SpecError(msg)
        tokens = {}
        for value in values:
            tokens[value] = len(labels)
            labels.append(f"{key}={_text(value)}")
            meanings.append(f"{name} = {_text(value)}")
        return _Field(name, tokens, None)

    def tokenize(self, action: Any) -> tuple[int, ...]:
        """The tokens that spell ``action``.

        Raises:
            SpecError: a field value the catalog has no token for (the spec's domain is too small).
        """
        spelled = self._spelled.get(action)
        if spelled is None:
            spelled = self._spell(action)
            if len(self._spelled) >= SPELLINGS_KEPT:
                self._spelled.clear()
            self._spelled[action] = spelled
        return spelled

    def mask_of(self, tokens: frozenset[int]) -> Mask:
        """The read-only mask with a 1 at each of ``tokens``, built once per set of tokens: decisions offer the same few
        sets again and again (a lookup is 0.3 us, building one 0.9 us). Over ``bytes``, so no one can make it writable."""
        mask = self._masks.get(tokens)
        if mask is None:
            flags = bytearray(self.size)  # set byte by byte, then viewed as int8: no index list for numpy to convert
            for token in tokens:
                flags[token] = 1
            mask = np.frombuffer(bytes(flags), dtype=np.int8)
            if len(self._masks) >= MASKS_KEPT:
                self._masks.clear()
            self._masks[tokens] = mask
        return mask

    def spellings(self, actions: Sequence[Any]) -> tuple[tuple[int, ...], ...]:
        """The tokens of each action: one ``dict.get`` each when all were spelled before (the usual legal list), without
        a ``tokenize`` call per action (a third of an ``ActionSpelling``'s set-up)."""
        found = tuple(map(self._spelled.get, actions))
        if None in found:
            return tuple(map(self.tokenize, actions))
        return found  # type: ignore[return-value]  # no None left

    def _spell(self, action: Any) -> tuple[int, ...]:
        kind = self._kinds[type(action)]
        out = [kind.token]
        for field in kind.fields:
            value = getattr(action, field.name)
            if field.end is None:
                token = field.tokens.get(value)
                if token is None:
                    msg = f"{type(action).__name__}.{field.name}={value!r} has no token: widen the spec's domain"
                    raise SpecError(msg)
                out.append(token)
                continue
            if len(set(value)) != len(value):
                msg = f"{type(action).__name__}.{field.name}={value!r} repeats an item; a Subset field holds each once"
                raise SpecError(msg)
            for item in value:
                token = field.tokens.get(item)
                if token is None:
                    msg = f"{type(action).__name__}.{field.name} item {item!r} has no token: widen the spec's domain"
                    raise SpecError(msg)
                out.append(token)
            out.append(field.end)
        return tuple(out)

    def decode(self, tokens: Sequence[int]) -> Any:
        """The action a complete token sequence spells.

        Raises:
            ValueError: the tokens spell no action (wrong order, missing or extra tokens).
        """
        if not tokens or tokens[0] not in self._by_token:
            msg = f"an action starts with an action type token, not {list(tokens[:1])}"
            raise ValueError(msg)
        kind = self._by_token[tokens[0]]
        values: dict[str, Any] = {}
        at = 1
        for field in kind.fields:
            reverse = {token: value for value, token in field.tokens.items()}
            if field.end is None:
                if at >= len(tokens) or tokens[at] not in reverse:
                    msg = f"{kind.cls.__name__} needs a {field.name} token at position {at}"
                    raise ValueError(msg)
                values[field.name] = reverse[tokens[at]]
                at += 1
                continue
            items = []
            while at < len(tokens) and tokens[at] in reverse:
                items.append(reverse[tokens[at]])
                at += 1
            if at >= len(tokens) or tokens[at] != field.end:
                msg = f"{kind.cls.__name__}.{field.name} must be closed by its end token"
                raise ValueError(msg)
            values[field.name] = tuple(items)
            at += 1
        if at != len(tokens):
            msg = f"{len(tokens) - at} token(s) left over after a complete {kind.cls.__name__}"
            raise ValueError(msg)
        return kind.cls(**values)


class ActionSpelling:
    """One seat's legal actions now, narrowed one token at a time until one action is spelled.

    Tokens that are the only possible continuation are filled in at once, the
    first token of an action included (tic-tac-toe's ``PlaceMark`` before the
    cell), so an agent only ever chooses between at least two tokens, except a
    seat with a single legal action: it is still asked once, with that action's
    first token (every rules action costs at least one step). ``start`` is the
    prefix filled in before the agent chose anything.
    """

    def __init__(self, catalog: ActionCatalog, legal: Sequence[Any]) -> None:
        self.catalog = catalog
        self.actions = tuple(legal)
        self.sequences = catalog.spellings(self.actions)
        self.prefix: tuple[int, ...] = ()
        self._live: Sequence[int] = range(len(self.actions))  # every action, as a range: no list to build (a list once narrowed)
        self._mask: Mask | None = None
        firsts = self._firsts = frozenset(map(_first, self.sequences))
        if len(firsts) == 1 and len(set(self.sequences)) > 1:  # one first token, two or more actions: something is forced
            self._fill_forced()
        self.start = self.prefix

    def mask(self) -> Mask:
        """1 for each token that can come next (only ``PASS`` when there is no legal action); read-only."""
        if self._mask is None:
            if not self.actions:
                following = frozenset((PASS,))
            elif not self.prefix:  # nothing chosen yet: every action is live, and its first tokens were collected
                following = self._firsts
            else:
                depth, sequences = len(self.prefix), self.sequences
                tokens = set()
                for i in self._live:  # a loop, not a comprehension (as in _extend)
                    tokens.add(sequences[i][depth])
                following = frozenset(tokens)
            self._mask = self.catalog.mask_of(following)
        return self._mask

    def choose(self, token: int) -> Any | None:
        """Add ``token`` (checked against the mask beforehand) and any forced tokens; the action once spelled."""
        self._extend(token)
        live = self._live
        if len(live) == 1:  # one action left: the rest of its tokens are forced, added at once (not one loop a token)
            self.prefix = self.sequences[live[0]]
            return self.actions[live[0]]
        return self._fill_forced()

    def _fill_forced(self) -> Any | None:
        """Add tokens while only one can come next; the action once spelled (``None`` while a choice remains)."""
        sequences = self.sequences
        while True:
            depth = len(self.prefix)
            following = set()
            for i in self._live:  # one loop, not two comprehensions (as in _extend)
                sequence = sequences[i]
                if len(sequence) == depth:  # the first live action spelled out
                    return self.actions[i]
                following.add(sequence[depth])
            if len(following) != 1:
                return None
            self._extend(following.pop())

    def _extend(self, token: int) -> None:
        depth, sequences = len(self.prefix), self.sequences
        live = []
        for i in self._live:  # plain loops here, not comprehensions (each a call of its own in Python 3.11): a decision's
            # set-up and choices 3.6 -> 2.8 us (Warriors), 2.8 -> 2.1 us (Bellwether); the lists are a handful of actions
            if sequences[i][depth] == token:
                live.append(i)
        self._live = live
        self.prefix = (*self.prefix, token)
        self._mask = None
