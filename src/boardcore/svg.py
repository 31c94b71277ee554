"""Small SVG drawing helpers that every game's picture shares: the document frame, escaping, shapes, text, a palette.

Pictures are pure functions from a seat's view to an SVG document (``Presentation.picture``);
these helpers only build strings, so the same view always gives the same bytes: no
clock, no random ids, attributes in the order given, numbers written one way
(:func:`num`). Every piece of text passes through :func:`escape`, since seat names
come from users and a picture may be inlined into a web page.

Each helper returns one SVG fragment as a string; compose them with :func:`group`
and wrap the result in :func:`document`. Layout is by hand in user units (about a
pixel each): the helpers estimate text widths (:func:`text_width`) so labels can be
shortened (:func:`fit`) or wrapped (:func:`wrap`) to the space they have.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import cast

__all__ = [
    "FONT",
    "MIN_FONT",
    "PALETTE",
    "PANEL_WIDTH",
    "SEAT_COLOURS",
    "SHEET_WIDTH",
    "Sheet",
    "badge",
    "card",
    "circle",
    "document",
    "escape",
    "fit",
    "group",
    "header",
    "legend",
    "line",
    "num",
    "panel",
    "pile",
    "polygon",
    "rect",
    "seat_colour",
    "sheet",
    "text",
    "text_lines",
    "text_width",
    "token",
    "track",
    "wrap",
]

MIN_FONT = 11
"""The smallest font size a picture may use, in user units: drawn one unit to a CSS pixel, no text is smaller.

A picture is a sheet of panels at most :data:`PANEL_WIDTH` wide, which the browser shows at their natural
size and wraps to the viewport, so this is also the smallest text a person sees, on a desktop or a phone.
"""

PANEL_WIDTH = 340
"""The widest a panel of a sheet may be: a 390 px phone shows it at full size beside its margins."""

SHEET_WIDTH = 1060
"""How wide a standalone sheet lays its panels out (a file, an ``<img>``): three 340-unit panels a row."""

SHEET_GAP = 10
"""The space between two panels of a sheet, both ways."""

FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
"""The font stack of every picture (DejaVu Sans ships with Debian and with Chromium's usual fonts)."""

PALETTE = {
    "paper": "#f7f3ea",
    "panel": "#fffdf8",
    "ink": "#222222",
    "muted": "#6b6459",
    "line": "#b9b0a0",
    "grid": "#e4ddcf",
    "accent": "#8a5a14",
    "highlight": "#ffd54a",
    "danger": "#b3261e",
    "safe": "#2e7d32",
    "hidden": "#5b6a7d",
    "hidden_light": "#dfe5ec",
    "card": "#ffffff",
    # named colours of physical pieces (tokens, gangs), toned so white and black text both read on them
    "yellow": "#e0a800",
    "blue": "#2f6db5",
    "red": "#c0392b",
    "green": "#2e8b57",
    "purple": "#7d4ea3",
    "orange": "#d9731a",
    "teal": "#16897f",
    "black": "#333333",
    "white": "#ffffff",
}
"""The colours every picture uses, by role; games name pieces' colours from here so all pictures match."""

SEAT_COLOURS = ("#2f6db5", "#d9731a", "#2e8b57", "#c0392b", "#7d4ea3", "#16897f", "#8c6d1f", "#5b6a7d")
"""Default seat colours, seat 0 first (blue, orange, green, red, purple, teal, ochre, slate)."""

_CHAR_WIDTH = 0.6
"""Average advance of a DejaVu Sans character, in ems (a little generous, so estimates rarely fall short)."""


def seat_colour(seat: int) -> str:
    """The default colour of ``seat`` (cycling after eight seats)."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def escape(value: object, *, quote: bool = True) -> str:
    """``value`` as text that is safe in SVG content and, with ``quote``, in a quoted attribute.

    Content keeps its quotes and apostrophes (``quote=False``), so a name such as
    "Boss's Cut" reads the same in the raw SVG as on screen, for anyone scanning it.
    """
    text = value if type(value) is str else str(value)
    if "&" in text:
        text = text.replace("&", "&amp;")
    if "<" in text or ">" in text:
        text = text.replace("<", "&lt;").replace(">", "&gt;")
    if quote and ('"' in text or "'" in text):
        text = text.replace('"', "&quot;").replace("'", "&#39;")
    return text


def num(value: float) -> str:
    """A coordinate written one way: integers bare, others with at most two decimals (``12``, ``12.5``)."""
    if type(value) is int:
        return str(value)
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.2f}".rstrip("0").rstrip(".")


def text_width(content: str, size: float, *, bold: bool = False) -> float:
    """An estimate of how wide ``content`` is drawn at font ``size`` (SVG cannot measure text itself)."""
    return len(content) * size * _CHAR_WIDTH * (1.08 if bold else 1.0)


def fit(content: str, width: float, size: float, *, bold: bool = False) -> str:
    """``content`` shortened with an ellipsis so that it fits ``width`` at ``size``."""
    if text_width(content, size, bold=bold) <= width:
        return content
    keep = max(1, int(width / (size * _CHAR_WIDTH * (1.08 if bold else 1.0))) - 1)
    return content[:keep].rstrip() + "…"


def wrap(content: str, width: float, size: float, *, lines: int | None = None) -> list[str]:
    """``content`` broken at spaces into lines that fit ``width`` at ``size``; at most ``lines`` (the last ends in …)."""
    per_line = max(1, int(width / (size * _CHAR_WIDTH)))
    out: list[str] = []
    current = ""
    for word in content.split():
        candidate = f"{current} {word}" if current else word
        if len(candidate) <= per_line:
            current = candidate
            continue
        if current:
            out.append(current)
        current = word if len(word) <= per_line else word[: per_line - 1] + "…"
    if current:
        out.append(current)
    if lines is not None and len(out) > lines:
        out = out[:lines]
        out[-1] = fit(out[-1] + " …", width, size)
    return out


class _Keys(dict[str, str]):
    """Attribute names as written, each worked out once: ``class_`` → ``class``, ``_`` → ``-`` (``stroke_width`` →
    ``stroke-width``)."""

    def __missing__(self, name: str) -> str:
        key = self[name] = name.rstrip("_").replace("_", "-")
        return key


_KEYS = _Keys()


def _attributes(pairs: Iterable[tuple[str, object]]) -> str:
    """`` name="value"`` for each pair whose value is not ``None``: numbers as :func:`num` writes them, the rest escaped.

    Every element of every picture passes through here (a Peaky Blinders table is ~2,000 of them), so the usual
    value types are tested by exact type first and ``num`` is inlined; anything else takes the general path, with
    the same result.
    """
    keys = _KEYS
    out = []
    for name, value in pairs:
        if value is None:
            continue
        kind = type(value)
        if kind is str:
            shown = escape(value)
        elif kind is int:
            shown = str(value)
        elif kind is float:
            number = cast(float, value)
            shown = str(int(number)) if number.is_integer() else f"{number:.2f}".rstrip("0").rstrip(".")
        elif isinstance(value, (int, float)) and kind is not bool:
            shown = num(value)
        else:
            shown = escape(value)
        out.append(f' {keys[name]}="{shown}"')
    return "".join(out)


def _tag(name: str, attributes: dict[str, object], content: str = "") -> str:
    attrs = _attributes(attributes.items())
    return f"<{name}{attrs}>{content}</{name}>" if content else f"<{name}{attrs}/>"


def _title(tooltip: str | None) -> str:
    """A ``<title>`` child: browsers show it on hover, screen readers read it."""
    return "" if tooltip is None else f"<title>{escape(tooltip, quote=False)}</title>"


def group(*children: str, class_: str | None = None, transform: str | None = None, tooltip: str | None = None, **attributes: object) -> str:
    """``<g>`` around ``children``; ``class_`` names the part of the picture (tests and stylesheets find it by that)."""
    return _tag("g", {"class_": class_, "transform": transform, **attributes}, _title(tooltip) + "\n" + "\n".join(children) + "\n")


def rect(
    x: float,
    y: float,
    width: float,
    height: float,
    *,
    fill: str = "none",
    stroke: str | None = None,
    stroke_width: float | None = None,
    rx: float | None = None,
    dash: str | None = None,
    opacity: float | None = None,
    tooltip: str | None = None,
    **attributes: object,
) -> str:
    """A rectangle (rounded when ``rx`` is given)."""
    return _tag(
        "rect",
        {
            "x": x,
            "y": y,
            "width": width,
            "height": height,
            "rx": rx,
            "fill": fill,
            "stroke": stroke,
            "stroke_width": stroke_width,
            "stroke_dasharray": dash,
            "opacity": opacity,
            **attributes,
        },
        _title(tooltip),
    )


def circle(
    cx: float,
    cy: float,
    r: float,
    *,
    fill: str = "none",
    stroke: str | None = None,
    stroke_width: float | None = None,
    dash: str | None = None,
    tooltip: str | None = None,
    **attributes: object,
) -> str:
    """A circle."""
    return _tag(
        "circle",
        {"cx": cx, "cy": cy, "r": r, "fill": fill, "stroke": stroke, "stroke_width": stroke_width, "stroke_dasharray": dash, **attributes},
        _title(tooltip),
    )


def line(
    x1: float, y1: float, x2: float, y2: float, *, stroke: str = PALETTE["line"], stroke_width: float = 1, dash: str | None = None, **attributes: object
) -> str:
    """A straight line."""
    return _tag(
        "line",
        {"x1": x1, "y1": y1, "x2": x2, "y2": y2, "stroke": stroke, "stroke_width": stroke_width, "stroke_dasharray": dash, **attributes},
    )


def polygon(points: Sequence[tuple[float, float]], *, fill: str = "none", stroke: str | None = None, stroke_width: float | None = None, **attributes: object) -> str:
    """A closed polygon through ``points``."""
    drawn = " ".join(f"{num(x)},{num(y)}" for x, y in points)
    return _tag("polygon", {"points": drawn, "fill": fill, "stroke": stroke, "stroke_width": stroke_width, **attributes})


def text(
    x: float,
    y: float,
    content: str,
    *,
    size: float = 12,
    anchor: str | None = None,
    bold: bool = False,
    italic: bool = False,
    fill: str = PALETTE["ink"],
    width: float | None = None,
    tooltip: str | None = None,
    **attributes: object,
) -> str:
    """One line of text with its baseline at ``y``; ``width`` shortens it to fit; ``anchor`` is ``middle`` or ``end``."""
    shown = content if width is None else fit(content, width, size, bold=bold)
    if tooltip is None and shown != content:
        tooltip = content  # the whole text on hover when it had to be shortened
    return _tag(
        "text",
        {
            "x": x,
            "y": y,
            "font_size": size,
            "font_weight": "bold" if bold else None,
            "font_style": "italic" if italic else None,
            "text_anchor": anchor,
            "fill": fill,
            **attributes,
        },
        _title(tooltip) + escape(shown, quote=False),
    )


def text_lines(
    x: float, y: float, lines: Sequence[str], *, size: float = 12, leading: float = 1.25, fill: str = PALETTE["ink"], bold: bool = False, anchor: str | None = None
) -> str:
    """Several lines of text, the first baseline at ``y``, each ``leading`` ems below the last."""
    return "\n".join(text(x, y + i * size * leading, content, size=size, fill=fill, bold=bold, anchor=anchor) for i, content in enumerate(lines))


def badge(x: float, y: float, content: str, *, fill: str = PALETTE["ink"], colour: str = PALETTE["white"], size: float = 11, tooltip: str | None = None) -> str:
    """A small rounded label with its left edge at ``x`` and its middle at ``y``."""
    width = text_width(content, size, bold=True) + size
    height = size * 1.6
    return group(
        rect(x, y - height / 2, width, height, fill=fill, rx=height / 2),
        text(x + width / 2, y + size * 0.36, content, size=size, anchor="middle", bold=True, fill=colour),
        class_="badge",
        tooltip=tooltip,
    )


def token(cx: float, cy: float, r: float, colour: str, label: str | None = None, *, ring: str | None = None, tooltip: str | None = None) -> str:
    """A round playing piece, optionally lettered (``label``) and ringed (``ring``: e.g. the highlight colour)."""
    parts = []
    if ring is not None:
        parts.append(circle(cx, cy, r + 3, fill="none", stroke=ring, stroke_width=2.5))
    parts.append(circle(cx, cy, r, fill=colour, stroke=PALETTE["ink"], stroke_width=1))
    if label:
        size = max(MIN_FONT, r * (1.05 if len(label) == 1 else 0.8))  # a lettered piece wants r >= 11
        parts.append(text(cx, cy + size * 0.36, label, size=size, anchor="middle", bold=True, fill=PALETTE["white"]))
    return group(*parts, class_="token", tooltip=tooltip)


def track(
    x: float,
    y: float,
    spaces: int,
    *,
    marks: Sequence[tuple[int, str, str]] = (),
    width: float = 22,
    height: float = 22,
    labels: Sequence[str] | None = None,
    fill: str = PALETTE["card"],
    tooltip: str | None = None,
) -> str:
    """A row of ``spaces`` boxes (a score track, a meter); ``marks`` puts ``(space, colour, letter)`` pieces on them.

    Several marks on one space sit side by side; ``labels`` prints a caption under each box.
    """
    parts = []
    for i in range(spaces):
        parts.append(rect(x + i * width, y, width, height, fill=fill, stroke=PALETTE["line"]))
        if labels is not None:
            parts.append(text(x + i * width + width / 2, y + height + 12, labels[i], size=MIN_FONT, anchor="middle", fill=PALETTE["muted"]))
    by_space: dict[int, list[tuple[str, str]]] = {}
    for space, colour, letter in marks:
        by_space.setdefault(space, []).append((colour, letter))
    for space in sorted(by_space):
        pieces = by_space[space]
        r = min(width, height) / (2.6 if len(pieces) == 1 else 3.4)
        step = (width - 2 * r) / max(1, len(pieces) - 1) if len(pieces) > 1 else 0
        for k, (colour, letter) in enumerate(pieces):
            cx = x + space * width + (width / 2 if len(pieces) == 1 else r + k * step)
            parts.append(token(cx, y + height / 2, r, colour, letter))
    return group(*parts, class_="track", tooltip=tooltip)


def card(
    x: float,
    y: float,
    width: float,
    height: float,
    title: str,
    lines: Sequence[str] = (),
    *,
    fill: str = PALETTE["card"],
    band: str | None = None,
    corner: str | None = None,
    size: float = 11,
    highlight: bool = False,
    tooltip: str | None = None,
    class_: str = "card",
    **attributes: object,
) -> str:
    """A face-up card: a coloured ``band`` with its ``title``, then ``lines`` of text wrapped to the card.

    ``corner`` is a short mark in the top-right corner (a value, a number); ``highlight`` rings the card;
    ``attributes`` go on its group (``data_target`` names it for clicks).
    """
    band_height = size * 1.9
    ink = PALETTE["white"] if band is not None else PALETTE["ink"]
    parts = [
        rect(x, y, width, height, fill=fill, stroke=PALETTE["highlight"] if highlight else PALETTE["line"], stroke_width=3 if highlight else 1, rx=5)
    ]
    if band is not None:
        parts.append(rect(x + 1, y + 1, width - 2, band_height, fill=band, rx=4))
    corner_room = text_width(corner, size, bold=True) + 6 if corner else 0
    parts.append(text(x + 6, y + band_height * 0.7, title, size=size, bold=True, fill=ink, width=width - 12 - corner_room))
    if corner:
        parts.append(text(x + width - 5, y + band_height * 0.7, corner, size=size, bold=True, anchor="end", fill=ink))
    body: list[str] = []
    body_size = max(MIN_FONT, size * 0.9)
    room = int((height - band_height - 4) // (body_size * 1.3))
    for entry in lines:
        body.extend(wrap(entry, width - 10, body_size))
    if len(body) > room:
        body = body[: max(0, room)]
        if body:
            body[-1] = fit(body[-1] + " …", width - 10, body_size)
    if body:
        parts.append(text_lines(x + 5, y + band_height + size * 1.1, body, size=body_size, leading=1.3, fill=PALETTE["ink"]))
    hover = tooltip if tooltip is not None else " — ".join((title, *lines))
    return group(*parts, class_=class_, tooltip=hover, transform=None, **attributes)


def pile(x: float, y: float, width: float, height: float, label: str, count: int, *, face_down: bool = True, colour: str = PALETTE["hidden"]) -> str:
    """A stack of cards seen from above: ``count`` under its ``label`` (face-down piles are hatched)."""
    parts = []
    layers = min(3, count)
    for k in range(layers - 1, 0, -1):
        parts.append(rect(x + 2 * k, y - 2 * k, width, height, fill=PALETTE["hidden_light"] if face_down else PALETTE["card"], stroke=PALETTE["line"], rx=4))
    back = colour if face_down else PALETTE["card"]
    parts.append(rect(x, y, width, height, fill=back if count else "none", stroke=PALETTE["line"], dash=None if count else "4 3", rx=4))
    ink = PALETTE["white"] if face_down and count else PALETTE["ink"]
    parts.append(text(x + width / 2, y + height / 2 - 2, str(count), size=min(18, height * 0.38), anchor="middle", bold=True, fill=ink))
    parts.append(text(x + width / 2, y + height / 2 + 13, label, size=MIN_FONT, anchor="middle", fill=ink, width=width - 6))
    return group(*parts, class_="pile", tooltip=f"{label}: {count} card{'s' if count != 1 else ''}{' (face down)' if face_down else ''}")


def panel(x: float, y: float, width: float, height: float, heading: str, *children: str, class_: str = "panel", accent: str | None = None) -> str:
    """A framed area with a heading bar: the sections of a picture (the board, a player, the piles)."""
    bar = 22
    parts = [
        rect(x, y, width, height, fill=PALETTE["panel"], stroke=PALETTE["line"], rx=8),
        rect(x, y, width, bar, fill=accent or PALETTE["grid"], rx=8),
        rect(x, y + bar - 8, width, 8, fill=accent or PALETTE["grid"]),
        text(x + 10, y + 15.5, heading, size=12.5, bold=True, fill=PALETTE["white"] if accent else PALETTE["ink"], width=width - 20),
    ]
    return group(*parts, *children, class_=class_)


def legend(x: float, y: float, entries: Sequence[tuple[str, str]], *, columns: int = 1, column_width: float = 170, size: float = 11) -> str:
    """Colour swatches with their meaning, ``(colour, label)`` each, in ``columns`` columns."""
    rows = -(-len(entries) // columns) if entries else 0
    parts = []
    for i, (colour, label) in enumerate(entries):
        col, row = divmod(i, rows) if rows else (0, 0)
        ex, ey = x + col * column_width, y + row * size * 1.7
        parts.append(circle(ex + size / 2, ey - size * 0.35, size / 2, fill=colour, stroke=PALETTE["ink"], stroke_width=0.8))
        parts.append(text(ex + size * 1.4, ey, label, size=size, width=column_width - size * 2))
    return group(*parts, class_="legend")


def header(width: float, title: str, status: str, viewer: str, *, turn_colour: str | None = None) -> str:
    """The banner across the top: the game and where it stands, then whose turn (``status``) and who is looking."""
    parts = [
        rect(0, 0, width, 54, fill=PALETTE["ink"]),
        text(16, 23, title, size=17, bold=True, fill=PALETTE["white"], width=width * 0.55),
        text(width - 16, 23, viewer, size=12, anchor="end", fill="#e8e2d6", width=width * 0.4),
    ]
    if turn_colour is not None:
        parts.append(circle(22, 40, 6, fill=turn_colour, stroke=PALETTE["white"], stroke_width=1.2))
    parts.append(text(34 if turn_colour is not None else 16, 44, status, size=12.5, fill=PALETTE["highlight"], width=width - 50))
    return group(*parts, class_="status")


def document(width: float, height: float, *body: str, title: str, description: str | None = None, size: float | None = None) -> str:
    """A complete SVG document of ``width`` x ``height`` user units holding ``body``.

    ``title`` (and ``description``) label the picture for screen readers and
    browsers; ``size`` scales it to that many pixels wide (default: one pixel per unit).
    """
    shown_width = width if size is None else size
    shown_height = height if size is None else size * height / width
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {num(width)} {num(height)}" '
        f'width="{num(shown_width)}" height="{num(shown_height)}" role="img" '
        f'font-family="{escape(FONT)}" font-size="12">'
    )
    labels = f"<title>{escape(title, quote=False)}</title>" + (f"<desc>{escape(description, quote=False)}</desc>" if description else "")
    background = rect(0, 0, width, height, fill=PALETTE["paper"])
    return "\n".join((head + labels, background, *body, "</svg>\n"))


class Sheet:
    """One panel of a picture: its size in user units and its drawing, with (0, 0) its top-left corner.

    ``class_`` names the part of the picture it shows (tests and stylesheets find it by that).
    """

    __slots__ = ("width", "height", "body", "class_")

    def __init__(self, width: float, height: float, body: str, *, class_: str) -> None:
        if width > PANEL_WIDTH:
            raise ValueError(f"a panel is at most {PANEL_WIDTH} units wide, not {width} ({class_})")
        self.width = width
        self.height = height
        self.body = body
        self.class_ = class_


def sheet(panels: Sequence[Sheet], *, title: str, description: str | None = None, size: float | None = None) -> str:
    """A picture made of ``panels``: one SVG document whose top-level children are the panels as nested ``<svg>``.

    A standalone sheet (a file, an ``<img>``) lays them out in rows :data:`SHEET_WIDTH` wide, in order.
    The browser client (``board.js``) and the replay viewer lift each panel out into its own inline
    ``<svg class="sheet-panel">`` and let the page wrap them to the viewport at their natural size, so a
    phone stacks them and a desktop sets two or three side by side, and no text shrinks below
    :data:`MIN_FONT` CSS pixels. ``size`` scales the standalone document to that many pixels wide.
    """
    placed: list[str] = []
    x = y = row_height = 0.0
    width = 0.0
    for item in panels:
        if x > 0 and x + item.width > SHEET_WIDTH:
            x, y, row_height = 0.0, y + row_height + SHEET_GAP, 0.0
        placed.append(
            f'<svg class="sheet-panel {escape(item.class_)}" x="{num(x)}" y="{num(y)}" width="{num(item.width)}" '
            f'height="{num(item.height)}" viewBox="0 0 {num(item.width)} {num(item.height)}">\n'
            + rect(0, 0, item.width, item.height, fill=PALETTE["paper"])
            + "\n"
            + item.body
            + "\n</svg>"
        )
        width = max(width, x + item.width)
        row_height = max(row_height, item.height)
        x += item.width + SHEET_GAP
    height = y + row_height
    return document(max(width, 1.0), max(height, 1.0), *placed, title=title, description=description, size=size)
