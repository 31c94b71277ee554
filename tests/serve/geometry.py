"""What makes a page unreadable, measured from the DOM and SVG geometry Chromium computed (not judged by eye).

:func:`problems` runs :data:`MEASURE` in the page and returns one line per fault, empty when there is none:

- a visible SVG ``<text>`` rendered below :data:`MIN_PX` CSS pixels (its computed font size times the scale of its
  ``getScreenCTM()``);
- a ``<text>`` whose box (``getBBox``, mapped into its panel's user space) leaves the panel's ``viewBox`` by more than
  one unit (a sheet panel, or the root of a picture that is not a sheet);
- a panel shown narrower than drawn (it had to shrink: its text shrank with it) or outside the picture's frame;
- the page scrolling sideways (``scrollWidth`` over ``innerWidth``);
- an element of the page (a button, a label, a card) whose content is wider than its box, where it is cut
  (``overflow`` hidden or clip) or spills over (``visible``); scrolling boxes (``auto``/``scroll``) are meant to scroll.

Used by ``tests/serve/test_readable_table.py`` and by ``python -m tests.serve.screenshots``, which prints them.
"""

from __future__ import annotations

from playwright.sync_api import Page

from boardcore.svg import MIN_FONT

MIN_PX = MIN_FONT
"""The smallest text a person may be shown, in CSS pixels (issue 27: 11 px at 1440x900 and at 390x844)."""

MEASURE = """([minPx, frameSelector]) => {
  const found = [];
  const say = (node) => (node.textContent || "").trim().slice(0, 40);
  const frame = document.querySelector(frameSelector);
  const frameBox = frame ? frame.getBoundingClientRect() : null;
  const visible = (node) => {
    const box = node.getBoundingClientRect();
    if (!box.width && !box.height) return false;
    for (let at = node; at && at.nodeType === 1; at = at.parentElement) {
      const style = getComputedStyle(at);
      if (style.display === "none" || style.visibility === "hidden" || style.opacity === "0") return false;
    }
    return true;
  };
  const panelOf = (node) => {
    let root = node.closest("svg.sheet-panel") || node.ownerSVGElement;
    while (!root?.classList.contains("sheet-panel") && root?.ownerSVGElement) root = root.ownerSVGElement; // not a sheet: the root
    return root;
  };
  for (const panel of document.querySelectorAll("svg.sheet-panel")) {
    const drawn = panel.width.baseVal.value;
    const box = panel.getBoundingClientRect();
    if (box.width < drawn - 0.5) found.push(`panel ${panel.getAttribute("class")} shown ${box.width.toFixed(1)} px wide, drawn ${drawn}`);
    if (frameBox && (box.left < frameBox.left - 0.5 || box.right > frameBox.right + 0.5 || box.top < frameBox.top - 0.5)) {
      found.push(`panel ${panel.getAttribute("class")} lies outside the picture's frame`);
    }
  }
  for (const text of document.querySelectorAll("svg text")) {
    if (!visible(text)) continue;
    const ctm = text.getScreenCTM();
    const scale = Math.min(Math.hypot(ctm.a, ctm.b), Math.hypot(ctm.c, ctm.d));
    const px = parseFloat(getComputedStyle(text).fontSize) * scale;
    if (px < minPx - 0.01) found.push(`text ${JSON.stringify(say(text))} renders at ${px.toFixed(2)} px`);
    const panel = panelOf(text);
    if (!panel || !panel.viewBox.baseVal) continue;
    const view = panel.viewBox.baseVal;
    const into = panel.getScreenCTM().inverse().multiply(ctm); // the text's user space to the panel's
    const b = text.getBBox();
    const corners = [[b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height], [b.x + b.width, b.y + b.height]].map(([x, y]) => {
      const p = new DOMPoint(x, y).matrixTransform(into);
      return [p.x, p.y];
    });
    const xs = corners.map((c) => c[0]), ys = corners.map((c) => c[1]);
    const [left, right, top, bottom] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    if (left < view.x - 1 || top < view.y - 1 || right > view.x + view.width + 1 || bottom > view.y + view.height + 1) {
      found.push(`text ${JSON.stringify(say(text))} leaves its panel ${panel.getAttribute("class") || "(root)"}: ` +
        `${left.toFixed(0)},${top.toFixed(0)} to ${right.toFixed(0)},${bottom.toFixed(0)} in 0,0 to ${view.width},${view.height}`);
    }
  }
  const page = document.documentElement;
  if (page.scrollWidth > window.innerWidth) found.push(`the page scrolls sideways: ${page.scrollWidth} px wide in a ${window.innerWidth} px window`);
  for (const node of document.body.querySelectorAll("*")) {
    if (!(node instanceof HTMLElement) || !node.clientWidth || !visible(node)) continue;
    const style = getComputedStyle(node);
    if (style.overflowX === "auto" || style.overflowX === "scroll") continue;
    if (node.scrollWidth > node.clientWidth + 1) {
      const what = `${node.localName}${node.id ? "#" + node.id : ""}${node.className && typeof node.className === "string" ? "." + node.className.trim().split(/\\s+/).join(".") : ""}`;
      const how = style.overflowX === "visible" ? "spills out of" : "is cut by";
      found.push(`${what}: content ${node.scrollWidth} px ${how} its ${node.clientWidth} px box (${JSON.stringify(say(node))})`);
    }
  }
  return found;
}"""
"""The measurements, in the page: ``[minPx, frameSelector]`` in, the faults found out."""


def problems(page: Page, frame: str = "#picture-frame") -> list[str]:
    """Every fault :data:`MEASURE` finds in ``page`` now; ``frame`` is the element the picture must stay inside."""
    found: list[str] = page.evaluate(MEASURE, [MIN_PX, frame])
    return found
