"""A seat's view as a fixed-size vector of numbers in [0, 1], laid out from the view's type and a spec.

The layout is compiled once per game and player count: a walk over the view
Struct's type (``msgspec.inspect``) that asks the spec only where the type leaves
a field unbounded. Every column is documented (:class:`Column`), and encoding a
value that the spec does not allow is a :class:`~boardcore.rl.spec.SpecError`
rather than a silently wrong number.
"""

from __future__ import annotations

import struct
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NoReturn

import attrs
import msgspec.inspect as mi
import numpy as np
import numpy.typing as npt

from boardcore.rl.spec import Bag, Encoding, Number, OneHot, Seq, Skip, SpecError
from boardcore.rl.typeinfo import int_bounds, literal_values, plain, split_optional

__all__ = ["Column", "ObservationLayout", "Observer", "describe_values"]

Vector = npt.NDArray[np.float32]
Sparse = tuple[npt.NDArray[np.intp], npt.NDArray[np.float32]]
"""The nonzero columns of an encoded view and their values."""
Writer = Callable[[Any, list[int], list[float], int], None]
"""``write(value, columns, values, offset)``: appends the nonzero columns of ``value`` and their values."""


@attrs.frozen
class Column:
    """A run of observation columns that encode one thing, for the generated docs."""

    offset: int
    width: int
    field: str
    """Where the value comes from: a view field path (``players[1].hand``) or the adapter (``seat``)."""
    meaning: str


@attrs.frozen
class _Compiled:
    width: int
    write: Writer
    columns: tuple[Column, ...]
    """Offsets relative to this value's first column."""
    frozen: bool = True
    """Values of this type cannot change in place (frozen Structs, tuples, scalars), so an identical object reads the same."""
    leaf: tuple[Any, ...] | None = None
    """How a generated writer inlines this one-value column run: ``("bool",)``, ``("number", lo, hi, scale)``,
    ``("onehot", index)``; ``write`` still handles what the inlined fast path does not (errors, clipping)."""
    optional: _Compiled | None = None
    """The value's own columns, after the present column, for a value that may be ``None``."""
    replay: bool = False
    """Whoever writes this value replays its last columns when given the same (or an equal) value again: set on
    Structs, tuples and bags of frozen types (see :class:`_Source`); ``write`` itself never does."""


def describe_values(values: Sequence[Any]) -> str:
    """``0..55`` for a run of consecutive ints, else the values joined by commas."""
    ints = all(type(v) is int for v in values)
    if ints and len(values) > 2 and list(values) == list(range(values[0], values[0] + len(values))):
        return f"{values[0]}..{values[-1]}"
    return ", ".join('""' if v == "" else "None" if v is None else str(v) for v in values)


def _shift(columns: Sequence[Column], by: int) -> tuple[Column, ...]:
    return tuple(attrs.evolve(c, offset=c.offset + by) for c in columns)


_NOTHING = object()


class _Compiler:
    """One walk over a view type; records which spec entries it used."""

    def __init__(self, entries: Mapping[str, Encoding]) -> None:
        self.entries = entries
        self.used: set[str] = set()

    def entry(self, path: str) -> Encoding | None:
        found = self.entries.get(path)
        if found is not None:
            self.used.add(path)
        return found

    def compile(self, info: mi.Type, path: str, name: str) -> _Compiled:
        """The columns of the value at spec path ``path`` (shown as ``name``)."""
        entry = self.entry(path)
        if isinstance(entry, Skip):
            return _Compiled(0, _skip, (Column(0, 0, name, f"not encoded: {entry.reason}"),))
        inner_info, optional = split_optional(info)
        if optional:
            return self._optional(self._value(inner_info, entry, path, name), name)
        return self._value(info, entry, path, name)

    def _value(self, info: mi.Type, entry: Encoding | None, path: str, name: str) -> _Compiled:
        info = plain(info)
        literals = literal_values(info)
        if isinstance(info, mi.StructType):
            self._refuse(entry, path, "a Struct: give entries for its fields instead")
            return self._struct(info, path, name)
        if isinstance(info, mi.BoolType):
            self._refuse(entry, path, "a bool: it is one column already")
            return _Compiled(1, _write_bool, (Column(0, 1, name, "1 if true"),), leaf=("bool",))
        if isinstance(info, mi.TupleType) and not isinstance(entry, Bag):
            self._refuse(entry, path, "a fixed-length tuple: give the entry for its items (path[])")
            return self._fixed_tuple(info, path, name)
        if isinstance(info, (mi.TupleType, mi.VarTupleType)):
            if isinstance(entry, Bag):
                return _bag(entry, name)
            if isinstance(entry, Seq) and isinstance(info, mi.VarTupleType):
                return self._seq(info.item_type, entry, path, name)
            msg = f"view field {path} is a tuple of any length: the spec needs Seq(max_len) or Bag(values) for it"
            raise SpecError(msg)
        if entry is None and literals is not None:
            return _one_hot(OneHot(literals), name)
        bounds = int_bounds(info)
        if entry is None and bounds is not None:
            return _number(Number(*bounds), name)
        if isinstance(info, (mi.IntType, mi.StrType)) or literals is not None:
            if isinstance(entry, Number) and isinstance(info, mi.IntType):
                return _number(entry, name)
            if isinstance(entry, OneHot):
                return _one_hot(entry, name)
            kind = "an int" if isinstance(info, mi.IntType) else "a string"
            allowed = "Number(lo, hi) or OneHot(values)" if isinstance(info, mi.IntType) else "OneHot(values)"
            msg = f"view field {path} is {kind}: the spec needs {allowed} for it (or Skip(reason))"
            raise SpecError(msg)
        msg = f"view field {path} has type {info!r}, which the adapter cannot encode (Skip it, with a reason)"
        raise SpecError(msg)

    def _item_path(self, path: str, index: int) -> str:
        """``path[index]`` when the spec has entries under it, else ``path[]`` (every item)."""
        exact = f"{path}[{index}]"
        if any(key == exact or key.startswith((f"{exact}.", f"{exact}[")) for key in self.entries):
            return exact
        return f"{path}[]"

    @staticmethod
    def _refuse(entry: Encoding | None, path: str, why: str) -> None:
        if entry is not None:
            msg = f"the spec's entry {entry!r} for {path} does not apply: {path} is {why}"
            raise SpecError(msg)

    def _optional(self, inner: _Compiled, name: str) -> _Compiled:
        source = _Source(name)
        source.write_optional(inner, "value", "offset", "")
        present = Column(0, 1, name, "1 if present (not None); the columns below are zeros when absent")
        columns = (present, *_shift(inner.columns, 1))
        return _Compiled(1 + inner.width, source.build(), columns, inner.frozen, optional=inner)

    def _struct(self, info: mi.StructType, path: str, name: str) -> _Compiled:
        source = _Source(name or "view")
        columns: list[Column] = []
        width = 0
        frozen = bool((typing.get_origin(info.cls) or info.cls).__struct_config__.frozen)  # a generic Struct's origin
        for field in info.fields:
            sub_path = f"{path}.{field.name}" if path else field.name
            sub_name = f"{name}.{field.name}" if name else field.name
            part = self.compile(field.type, sub_path, sub_name)
            if part.width:  # field names are Struct attributes, so identifiers
                source.write(part, f"value.{field.name}", f"offset + {width}" if width else "offset", "")
            columns += _shift(part.columns, width)
            width += part.width
            frozen = frozen and part.frozen
        return _Compiled(width, source.build(), tuple(columns), frozen, replay=frozen)

    def _fixed_tuple(self, info: mi.TupleType, path: str, name: str) -> _Compiled:
        parts: list[tuple[int, Writer]] = []
        columns: list[Column] = []
        width = 0
        source = _Source(name)
        length = len(info.item_types)
        source.lines += [f"if len(value) != {length}:", "    return checked(value, at, put, offset)"]
        frozen = True
        for index, item in enumerate(info.item_types):
            part = self.compile(item, self._item_path(path, index), f"{name}[{index}]")
            frozen = frozen and part.frozen
            parts.append((width, part.write))
            source.write(part, f"value[{index}]", f"offset + {width}" if width else "offset", "")
            columns += _shift(part.columns, width)
            width += part.width
        items = tuple(parts)

        def checked(value: Any, at: list[int], put: list[float], offset: int) -> None:
            """A tuple of the wrong length: zip(strict=True) writes the items it has, then raises its ValueError."""
            for (start, write_item), item in zip(items, value, strict=True):
                write_item(item, at, put, offset + start)

        source.names["checked"] = checked
        return _Compiled(width, source.build(), tuple(columns), frozen, replay=frozen)

    def _seq(self, item: mi.Type, entry: Seq, path: str, name: str) -> _Compiled:
        slots = [self.compile(item, self._item_path(path, index), f"{name}[{index}]") for index in range(entry.max_len)]
        step = slots[0].width
        max_len = entry.max_len
        frozen = all(slot.frozen for slot in slots)
        source = _Source(name)
        lines = source.lines
        if entry.fixed:
            columns: list[Column] = []
            for index, slot in enumerate(slots):
                columns += _shift(slot.columns, index * step)

            def wrong_length(value: Any) -> NoReturn:
                msg = f"view field {name} holds {len(value)} items, not the spec's Seq({max_len}, fixed=True)"
                raise SpecError(msg)

            source.names["refuse"] = wrong_length
            lines += [f"if len(value) != {max_len}:", "    refuse(value)"]
            for index, slot in enumerate(slots):
                source.write(slot, f"value[{index}]", f"offset + {index * step}" if index else "offset", "")
            return _Compiled(max_len * step, source.build(), tuple(columns), frozen, replay=frozen)
        if entry.top:
            columns = [Column(0, 1, name, f"height / {max_len}, at most 1 (a taller pile reads as 1)")]
            for index, slot in enumerate(slots):
                columns += [attrs.evolve(c, field=c.field.replace(f"{name}[{index}]", f"{name}[-{index + 1}]")) for c in _shift(slot.columns, 1 + index * step)]
            lines += ["height = len(value)", "if not height:", "    return", "at.append(offset)", f"put.append(min(height, {max_len}) / {max_len})"]
            for index, slot in enumerate(slots):
                if index:
                    lines += [f"if height == {index}:", "    return"]
                source.write(slot, f"value[height - {index + 1}]", f"offset + {1 + index * step}", "")
            return _Compiled(1 + max_len * step, source.build(), tuple(columns), frozen, replay=frozen)
        columns = [Column(0, 1, name, f"length / {max_len}")]
        for index, slot in enumerate(slots):
            columns += _shift(slot.columns, 1 + index * step)

        def too_long(value: Any) -> NoReturn:
            msg = f"view field {name} holds {len(value)} items, more than the spec's Seq({max_len})"
            raise SpecError(msg)

        source.names["refuse"] = too_long
        lines += ["count = len(value)", f"if count > {max_len}:", "    refuse(value)", "if not count:", "    return"]
        lines += ["at.append(offset)", f"put.append(count / {max_len})"]
        for index, slot in enumerate(slots):
            if index:
                lines += [f"if count == {index}:", "    return"]
            source.write(slot, f"value[{index}]", f"offset + {1 + index * step}", "")
        return _Compiled(1 + max_len * step, source.build(), tuple(columns), frozen, replay=frozen)


class _Source:
    """One generated writer, ``write(value, at, put, offset)``, with its parts' common paths inline.

    Why generated: a view has hundreds of fields, and a Python call per field was most of the encoding time. A bool,
    number or one-hot value is written inline on the common path (a value in range); anything else calls the part's
    own writer, which raises the same ``SpecError`` (or clips) as before. An optional part is inline too, and so is the
    replay of a remembered part (``replay``): views share structure with the state (a Ward, the Landmark row), so most
    of a view is the same objects as one step earlier, and each part always writes at the same offset, so its last
    columns can be replayed as they are. The last value is kept alive (a closure cell of the generated function), so
    ``is`` never matches a different object. Inline, that check saves a call per unchanged part (23 a Warriors view).
    """

    def __init__(self, name: str) -> None:
        self.name = name
        self.lines: list[str] = []
        self.names: dict[str, Any] = {"NOTHING": _NOTHING}
        self.cells: list[str] = []
        self.count = 0

    def write(self, part: _Compiled, value: str, here: str, indent: str) -> None:
        """Lines that write the ``value`` expression (read once, into ``v``) at column ``here``."""
        i = self.count = self.count + 1
        self.names[f"w{i}"] = part.write
        kind = part.leaf[0] if part.leaf else None
        if part.optional is not None and not kind:
            self.write_optional(part.optional, value, here, indent)
            return
        lines: list[str] = [] if value == "v" else [f"v = {value}"]
        if kind == "bool":
            lines += ["if v:", f"    at.append({here})", "    put.append(1.0)"]
        elif kind == "number":
            _, self.names[f"lo{i}"], self.names[f"hi{i}"], self.names[f"scale{i}"] = part.leaf  # type: ignore[misc]
            lines += [
                f"if not lo{i} <= v <= hi{i}:",
                f"    w{i}(v, at, put, {here})",
                f"elif v != lo{i}:",
                f"    at.append({here})",
                f"    put.append((v - lo{i}) * scale{i})",
            ]
        elif kind == "onehot":
            self.names[f"index{i}"] = part.leaf[1]  # type: ignore[index]
            lines += [f"c = index{i}.get(v)", "if c is None:", f"    w{i}(v, at, put, {here})", "else:", f"    at.append({here} + c)", "    put.append(1.0)"]
        elif part.replay:
            last, columns, values = f"last{i}", f"at{i}", f"put{i}"
            self.cells += [last, columns, values]
            lines += [
                f"if v is {last} or v == {last}:",
                f"    at.extend({columns})",
                f"    put.extend({values})",
                "else:",
                "    s = len(at)",
                f"    w{i}(v, at, put, {here})",
                f"    {last} = v",
                f"    {columns} = at[s:]",
                f"    {values} = put[s:]",
            ]
        else:
            lines.append(f"w{i}(v, at, put, {here})")
        self.lines += [indent + line for line in lines]

    def write_optional(self, inner: _Compiled, value: str, here: str, indent: str) -> None:
        """Lines that write a value that may be ``None``: a present column, then the inner value's columns."""
        read = [] if value == "v" else [f"{indent}v = {value}"]
        self.lines += [*read, f"{indent}if v is not None:", f"{indent}    at.append({here})", f"{indent}    put.append(1.0)"]
        self.write(inner, "v", f"{here} + 1", indent + "    ")

    def build(self) -> Writer:
        """The function, made by a generated factory so that the remembered values live in its closure cells (read
        faster than the items of a list)."""
        source = ["def make():"]
        source += [f"    {cell} = {'NOTHING' if cell.startswith('last') else '[]'}" for cell in self.cells]
        source.append("    def write(value, at, put, offset):")
        if self.cells:
            source.append(f"        nonlocal {', '.join(self.cells)}")
        source += [f"        {line}" for line in self.lines or ["pass"]]
        source.append("    return write")
        exec(compile("\n".join(source), f"<observation writer {self.name}>", "exec"), self.names)  # noqa: S102
        return self.names["make"]()  # type: ignore[no-any-return]


def _skip(value: Any, at: list[int], put: list[float], offset: int) -> None:
    """A skipped field writes nothing (it has no columns)."""


def _write_bool(value: Any, at: list[int], put: list[float], offset: int) -> None:
    if value:
        at.append(offset)
        put.append(1.0)


def _number(entry: Number, name: str) -> _Compiled:
    lo, hi, clip = entry.lo, entry.hi, entry.clip
    scale = 1.0 / (hi - lo)

    def write(value: Any, at: list[int], put: list[float], offset: int) -> None:
        if not lo <= value <= hi:
            if not clip:
                msg = f"view field {name} is {value}, outside the spec's Number({lo}, {hi})"
                raise SpecError(msg)
            value = lo if value < lo else hi
        if value != lo:
            at.append(offset)
            put.append((value - lo) * scale)

    scaled = f"x / {hi}" if lo == 0 else f"(x - {lo}) / {hi - lo}"
    meaning = f"{scaled}, x in {lo}..{hi}" + (" (a value beyond reads as the nearer bound)" if clip else "")
    return _Compiled(1, write, (Column(0, 1, name, meaning),), leaf=("number", lo, hi, scale))


def _one_hot(entry: OneHot, name: str) -> _Compiled:
    index = {value: i for i, value in enumerate(entry.values)}

    def write(value: Any, at: list[int], put: list[float], offset: int) -> None:
        column = index.get(value)
        if column is None:
            msg = f"view field {name} is {value!r}, not one of the spec's OneHot values"
            raise SpecError(msg)
        at.append(offset + column)
        put.append(1.0)

    meaning = f"one-hot: {describe_values(entry.values)}"
    return _Compiled(len(entry.values), write, (Column(0, len(entry.values), name, meaning),), leaf=("onehot", index))


def _refuse_item(name: str, item: Any) -> NoReturn:
    msg = f"view field {name} holds {item!r}, not one of the spec's Bag values"
    raise SpecError(msg)


def _bag(entry: Bag, name: str) -> _Compiled:
    index = {value: i for i, value in enumerate(entry.values)}
    most = entry.most
    column_of = index.get
    once = 1 / most

    def write(value: Any, at: list[int], put: list[float], offset: int) -> None:
        """Items that are all different (most hands and piles) go straight out, one column each (no counting: a
        5-card hand 650 -> 390 ns); anything else is counted."""
        if len(set(value)) == len(value):
            for item in value:
                column = column_of(item)
                if column is None:
                    _refuse_item(name, item)
                at.append(offset + column)
                put.append(once)
            return
        write_counted(value, at, put, offset)

    def write_counted(value: Any, at: list[int], put: list[float], offset: int) -> None:
        counts: dict[int, int] = {}
        for item in value:
            column = index.get(item)
            if column is None:
                _refuse_item(name, item)
            counts[column] = counts.get(column, 0) + 1
        for column, count in counts.items():
            if count > most:
                msg = f"view field {name} holds {count} of {entry.values[column]!r}, more than the spec's most={most}"
                raise SpecError(msg)
            at.append(offset + column)
            put.append(count / most)

    meaning = f"count / {most} of each: {describe_values(entry.values)}"
    return _Compiled(len(entry.values), write, (Column(0, len(entry.values), name, meaning),), replay=True)


_INDEX = "l" if struct.calcsize("l") == np.dtype(np.intp).itemsize else "q"
"""The ``struct`` code of a C integer as wide as ``np.intp``."""
_PACKS: dict[int, tuple[Callable[..., bytes], Callable[..., bytes]]] = {}


def _packs(count: int) -> tuple[Callable[..., bytes], Callable[..., bytes]]:
    """The packers of ``count`` columns and ``count`` values, made once per count: ``struct`` packs a list of Python
    numbers into the bytes of an array faster than ``np.fromiter`` converts it (both arrays of a Warriors view, 76
    columns: 3.9 -> 1.5 us; a 5 Wards view, 131: 4.2 -> 3.5 us), with the same float32 rounding (a C cast)."""
    packs = _PACKS[count] = (struct.Struct(f"{count}{_INDEX}").pack, struct.Struct(f"{count}f").pack)
    return packs


class ObservationLayout:
    """The columns of one view type under one spec: ``encode(view)`` gives the vector.

    Raises:
        SpecError: at construction, a field the spec leaves unbounded or an entry that names no field.
    """

    def __init__(self, view_type: Any, entries: Mapping[str, Encoding]) -> None:
        compiler = _Compiler(entries)
        compiled = compiler.compile(mi.type_info(view_type), "", "")
        unused = sorted(set(entries) - compiler.used)
        if unused:
            msg = f"the spec has entries for no field of {getattr(view_type, '__name__', view_type)}: {', '.join(unused)}"
            raise SpecError(msg)
        self.size = compiled.width
        self.columns = compiled.columns
        self._write: Writer = compiled.write  # not remembered: the whole view is new at every step

    def encode(self, view: Any) -> Vector:
        """The view as ``size`` float32 numbers in [0, 1].

        Raises:
            SpecError: a value outside the spec's bounds.
        """
        out = np.zeros(self.size, dtype=np.float32)
        columns, values = self.sparse(view)
        out[columns] = values
        return out

    def sparse(self, view: Any) -> Sparse:
        """The view's nonzero columns and their values (read-only arrays): ``encode`` without the zeros, so an
        observation can put them straight into its own vector. Always written at offset 0: the remembered parts replay
        their columns as written.

        Raises:
            SpecError: a value outside the spec's bounds.
        """
        columns: list[int] = []
        values: list[float] = []
        self._write(view, columns, values, 0)
        packs = _PACKS.get(len(columns)) or _packs(len(columns))
        return np.frombuffer(packs[0](*columns), np.intp), np.frombuffer(packs[1](*values), np.float32)


class Observer:
    """The whole observation vector of one seat: who it is, whether it acts, its view, its action so far.

    ``[seat one-hot | acting | view | tokens chosen so far]``; the last block lets an
    agent tell the sub-steps of one combinatorial action apart.
    """

    def __init__(self, layout: ObservationLayout, players: int, tokens: Sequence[str]) -> None:
        self.layout = layout
        self.players = players
        self.view_start = players + 1
        self.prefix_start = self.view_start + layout.size
        self.size = self.prefix_start + len(tokens)
        header = [
            Column(0, players, "seat", f"one-hot: the observing seat, 0..{players - 1}"),
            Column(players, 1, "acting", "1 if this seat is the one to choose now"),
        ]
        view = _shift(layout.columns, self.view_start)
        prefix = [Column(self.prefix_start, len(tokens), "chosen", "1 for each catalog token already chosen in the action being built")]
        self.columns: tuple[Column, ...] = (*header, *view, *prefix)

    def assemble(self, seat: int, view: Sparse, acting: bool, prefix: Sequence[int]) -> Vector:
        """One observation from the seat's view (``layout.sparse``) and the tokens it chose so far."""
        out = np.zeros(self.size, dtype=np.float32)
        out[seat] = 1.0
        if acting:
            out[self.players] = 1.0
        columns, values = view
        out[self.view_start : self.prefix_start][columns] = values  # a slice is a view: this writes into out
        for token in prefix:
            out[self.prefix_start + token] = 1.0
        return out
