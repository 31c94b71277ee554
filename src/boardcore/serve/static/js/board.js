// Acting on the board: the seat's legal choices matched to the picture's elements by their ids (each choice's
// `targets`, each element's `data-target`). The rules for what a click means are pure functions over the choices
// (tested under node); `Board` applies them to an inline SVG, shown as a sheet of panels (sheet.js) with the elements
// the last picture changed marked.

import { changedTargets, drawingsOf, markChanged, showPicture } from "./sheet.js";

/** The kind of a choice: its action's tag, as a few words ("CommitTactics" → "Commit tactics"). */
export function kindOf(choice) {
  const tag = String(choice.action?.type ?? "Other");
  const words = tag.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The choices grouped by kind, in the order each kind first appears: [[kind, choices], ...]. */
export function groupByKind(legal) {
  const groups = new Map();
  for (const choice of legal) {
    const kind = kindOf(choice);
    if (!groups.has(kind)) groups.set(kind, []);
    groups.get(kind).push(choice);
  }
  return [...groups];
}

/** A group's kind is worth a heading only when it gathers several choices or a pick: a lone button's label says it
 * all, in the game's words (a Kuhn poker "fold" is not headed by its action tag, "Pass"). */
export function headed(choices) {
  return choices.length > 1 || choices.some((choice) => choice.pick);
}

/** Every element id some choice names, so the page can mark what is clickable. */
export function clickable(legal) {
  return new Set(legal.flatMap((choice) => choice.targets ?? []));
}

/** What a click on the element `target` means: {kind: "act", choice} | {kind: "offer", choices} | {kind: "toggle"} | null.
 * A piece of a pick (cards chosen together) toggles; one choice naming the element acts; several are offered. */
export function onClick(legal, target) {
  const direct = legal.filter((choice) => !choice.pick && (choice.targets ?? []).includes(target));
  const piece = legal.some((choice) => choice.pick && (choice.targets ?? []).includes(target));
  if (piece && !direct.length) return { kind: "toggle" };
  if (direct.length === 1 && !piece) return { kind: "act", choice: direct[0] };
  if (direct.length) return { kind: "offer", choices: direct };
  return null;
}

/** The pieces of the pick choices, in the order they first appear in them (each piece once). */
export function pickPieces(legal) {
  const seen = new Set();
  for (const choice of legal) if (choice.pick) for (const target of choice.targets) seen.add(target);
  return [...seen];
}

/** The pick choice whose pieces are exactly `selected` (a Set of ids), or null: confirm is enabled only then. */
export function pickMatch(legal, selected) {
  for (const choice of legal) {
    if (!choice.pick || choice.targets.length !== selected.size) continue;
    if (choice.targets.every((target) => selected.has(target))) return choice;
  }
  return null;
}

/** `selected` with `target` toggled, keeping only pieces the current choices still offer. */
export function toggled(legal, selected, target) {
  const next = new Set([...selected].filter((piece) => pickPieces(legal).includes(piece)));
  if (next.has(target)) next.delete(target);
  else next.add(target);
  return next;
}

const escapeId = (id) => (globalThis.CSS?.escape ? CSS.escape(id) : id.replace(/["\\]/g, "\\$&"));

/** The element's own words for itself: its <title> (what hover shows), else its id. */
export function pieceName(root, target) {
  const node = root?.querySelector(`[data-target="${escapeId(target)}"]`);
  const title = node && [...node.children].find((child) => child.tagName.toLowerCase() === "title");
  return title?.textContent?.trim() || target;
}

/** An inline SVG picture whose elements named by the choices are highlighted and act on a click. */
export class Board {
  constructor(frame, { onAct, onOffer, onChange }) {
    this.frame = frame;
    this.legal = [];
    this.svg = null;
    this.drawings = null; // each element's drawing in the picture shown, by id: the next picture is compared with it
    this.changed = new Set();
    this.selected = new Set();
    this.enabled = true;
    this.onAct = onAct;
    this.onOffer = onOffer;
    this.onChange = onChange;
    frame.addEventListener("click", (event) => this.click(event));
    frame.addEventListener("keydown", (event) => {
      if ((event.key === "Enter" || event.key === " ") && event.target?.dataset?.target) {
        event.preventDefault();
        this.click(event);
      }
    });
  }

  /** Draw a new picture (an SVG document as text, escaped by the server's drawing helpers); the elements it draws
   * differently from the picture before are marked `changed`. */
  draw(svg, revision) {
    this.frame.dataset.revision = String(revision);
    if (svg === this.svg) return; // the same picture: keep its elements (a click under way still lands)
    const drawings = drawingsOf(svg);
    this.changed = changedTargets(this.drawings, drawings);
    this.drawings = drawings;
    this.svg = svg;
    showPicture(this.frame, svg);
    markChanged(this.frame, this.changed);
    this.mark();
  }

  /** The seat's legal choices now (an empty list while it may not act). */
  update(legal, enabled) {
    this.legal = legal;
    this.enabled = enabled;
    this.selected = new Set([...this.selected].filter((piece) => pickPieces(legal).includes(piece)));
    this.mark();
  }

  /** Mark the clickable elements, and the pieces of a pick that are selected. */
  mark() {
    const live = this.enabled ? clickable(this.legal) : new Set();
    for (const node of this.frame.querySelectorAll("[data-target]")) {
      const on = live.has(node.dataset.target);
      node.classList.toggle("clickable", on);
      node.classList.toggle("selected", on && this.selected.has(node.dataset.target));
      if (on) {
        node.setAttribute("tabindex", "0");
        node.setAttribute("role", "button");
      } else {
        node.removeAttribute("tabindex");
        node.removeAttribute("role");
      }
    }
  }

  click(event) {
    const node = event.target.closest?.("[data-target]");
    if (!node || !this.enabled || !node.classList.contains("clickable")) return;
    this.press(node.dataset.target);
  }

  /** What pressing the element `target` does (a click, a key, or the picker's toggle). */
  press(target) {
    const meaning = onClick(this.legal, target);
    if (!meaning) return;
    if (meaning.kind === "act") this.onAct(meaning.choice.action);
    else if (meaning.kind === "offer") this.onOffer(meaning.choices, target);
    else {
      this.selected = toggled(this.legal, this.selected, target);
      this.mark();
      this.onChange();
    }
  }

  /** The name a piece has in the picture. */
  name(target) {
    return pieceName(this.frame, target);
  }
}
