"""boardcore.svg: the shared drawing helpers escape what they are given, write numbers one way, and fit text."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from boardcore.svg import card, document, escape, fit, group, num, pile, text, text_width, token, wrap

SVG = "{http://www.w3.org/2000/svg}"


def test_escape_makes_any_text_safe_in_content_and_attributes() -> None:
    """Markup characters become entities; quotes too for attributes, while content keeps them readable."""
    assert escape('<a href="x">Tom & Jerry\'s</a>') == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;"
    assert escape('<a href="x">Tom & Jerry\'s</a>', quote=False) == "&lt;a href=\"x\"&gt;Tom &amp; Jerry's&lt;/a&gt;"


def test_numbers_are_written_one_way() -> None:
    """Integers bare, others with at most two decimals and no trailing zeros."""
    assert [num(v) for v in (3, 3.0, 2.5, 1 / 3, -0.25, 10.10)] == ["3", "3", "2.5", "0.33", "-0.25", "10.1"]


def test_fit_shortens_with_an_ellipsis_and_keeps_what_fits() -> None:
    """Text that fits is untouched; longer text ends in … and fits the width."""
    assert fit("Gasworks", 200, 12) == "Gasworks"
    short = fit("The Houses of Parliament", 80, 12)
    assert short.endswith("…") and text_width(short, 12) <= 80


def test_wrap_breaks_at_spaces_and_caps_the_lines() -> None:
    """Lines fit the width; with a cap the last line says the text goes on."""
    lines = wrap("When another Warrior in your neighborhood rolls, you may discard this", 100, 10)
    assert all(text_width(line, 10) <= 100 for line in lines) and len(lines) > 2
    assert " ".join(lines) == "When another Warrior in your neighborhood rolls, you may discard this"
    capped = wrap("one two three four five six seven eight nine ten", 40, 10, lines=2)
    assert len(capped) == 2 and capped[-1].endswith("…")


def test_shortened_text_keeps_the_whole_text_on_hover() -> None:
    """A label cut to fit carries its full wording in a <title> child."""
    root = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{text(0, 10, "Debtors Prison of the North", width=60)}</svg>')
    (element,) = root.iter(f"{SVG}text")
    assert element.find(f"{SVG}title").text == "Debtors Prison of the North"  # type: ignore[union-attr]


def test_document_is_well_formed_and_sized() -> None:
    """A document of helpers parses; ``size`` scales the width and keeps the aspect ratio."""
    body = group(card(10, 10, 120, 80, "Sneak <&>", ["Hat icon", "Ward 3"]), pile(140, 10, 60, 50, "Tactics", 22), token(250, 40, 10, "#123456", "1"), class_="x")
    svg = document(400, 200, body, title='A "quoted" title', size=200)
    root = ET.fromstring(svg)
    assert (root.get("viewBox"), root.get("width"), root.get("height")) == ("0 0 400 200", "200", "100")
    assert root[0].text == 'A "quoted" title'
    assert "Sneak <&>" in "".join(root.itertext())
