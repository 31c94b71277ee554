// A picture shown as a sheet (boardcore.svg.sheet): its panels lifted out of the root SVG into a wrapping row, each at
// its natural size (one unit to a CSS pixel), so no text renders below the size it was drawn at, on a phone or a
// desktop; and the elements the newest picture drew differently from the one before marked `changed` (the last
// action, seen only through this seat's own pictures). Shared by the table page (board.js imports it) and the replay
// viewer, which inlines this file as it inlines verify.js: so it imports nothing, and only the exports are its API.

/** The class an element gets when its drawing changed since the picture before (styled apart from clickable/selected). */
export const CHANGED = "changed";

/**
 * Which elements the newest picture changed: the ids in `after` whose drawing differs from the same id's in `before`,
 * or that `before` lacks. Both map an element id (`data-target`) to its drawing (its markup as first drawn); with no
 * picture before (`before` null: the first one shown), nothing is marked. Pure: a seat's own pictures in, ids out.
 */
export function changedTargets(before, after) {
  const changed = new Set();
  if (!before) return changed;
  for (const [id, drawing] of after) if (before.get(id) !== drawing) changed.add(id);
  return changed;
}

/** Each element's drawing in `root` by its `data-target` id (several elements of one id: their markups together). */
export function targetDrawings(root) {
  const drawings = new Map();
  for (const node of root.querySelectorAll("[data-target]")) {
    const id = node.getAttribute("data-target");
    drawings.set(id, (drawings.get(id) ?? "") + node.outerHTML);
  }
  return drawings;
}

/** The drawings of the picture `svg` (text), read by the HTML parser in an inert template, as the page inlines it. */
export function drawingsOf(svg) {
  const template = document.createElement("template");
  template.innerHTML = svg ?? "";
  return targetDrawings(template.content);
}

const SHARED = new Set(["defs", "style"]);
const INHERITED = ["font-family", "font-size"];

/**
 * Show the picture `svg` (text) in `frame`. A sheet's panels (the root's `svg.sheet-panel` children) are lifted into a
 * `div.sheet` that wraps them to the width it has, each without its x/y and at its own width and height; the root's
 * <title>/<desc> name the sheet for screen readers, and its <defs>/<style> stay in a hidden root so references to them
 * still resolve. A picture that is not a sheet is shown as drawn, scaled to the frame. Returns the sheet or null.
 */
export function showPicture(frame, svg) {
  frame.innerHTML = svg;
  const root = frame.querySelector("svg");
  if (!root) return null;
  const children = [...root.children];
  const panels = children.filter((child) => child.localName === "svg" && child.classList.contains("sheet-panel"));
  if (!panels.length) {
    root.removeAttribute("width");
    root.removeAttribute("height");
    root.setAttribute("preserveAspectRatio", "xMidYMin meet");
    const natural = root.viewBox?.baseVal?.width;
    if (natural) root.style.maxWidth = `${Math.round(natural * 1.25)}px`; // a small picture is not blown up to the page
    return null;
  }
  const sheet = document.createElement("div");
  sheet.className = "sheet";
  sheet.setAttribute("role", "group");
  const said = (name) => children.find((child) => child.localName === name)?.textContent?.trim();
  if (said("title")) sheet.setAttribute("aria-label", said("title"));
  if (said("desc")) sheet.setAttribute("aria-description", said("desc"));
  for (const panel of panels) {
    panel.removeAttribute("x");
    panel.removeAttribute("y");
    for (const name of INHERITED) if (root.hasAttribute(name) && !panel.hasAttribute(name)) panel.setAttribute(name, root.getAttribute(name));
    sheet.append(panel);
  }
  const shared = children.filter((child) => SHARED.has(child.localName));
  if (shared.length) {
    root.replaceChildren(...shared);
    root.setAttribute("class", "sheet-shared");
    root.setAttribute("aria-hidden", "true");
    root.setAttribute("width", "0");
    root.setAttribute("height", "0");
  } else {
    root.remove();
  }
  frame.append(sheet);
  return sheet;
}

/** Mark `changed` on the elements of `frame` whose ids are in `ids`, and on no other. */
export function markChanged(frame, ids) {
  for (const node of frame.querySelectorAll("[data-target]")) node.classList.toggle(CHANGED, ids.has(node.getAttribute("data-target")));
}
