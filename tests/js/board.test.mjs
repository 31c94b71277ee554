// What a click on the board means (static/js/board.js), over choices as the server sends them: one choice acts,
// several are offered, a piece of a pick toggles, and confirm matches only a legal set of pieces.
import assert from "node:assert/strict";
import { test } from "node:test";

import { clickable, groupByKind, headed, kindOf, onClick, pickMatch, pickPieces, toggled } from "../../src/boardcore/serve/static/js/board.js";

const choice = (type, label, targets = [], pick = false, extra = {}) => ({ action: { type, ...extra }, label, targets, pick });
const commit = (...cards) => choice("CommitTactics", `commit ${cards.length}`, cards.map((c) => `card-${c}`), true, { cards });

const LEGAL = [
  choice("Rally", "rally on space 1", ["space-0-0"]),
  choice("Rally", "rally on space 2", ["space-0-1"]),
  choice("Rally", "rally on space 2 with a Sneak", ["space-0-1", "card-A"]),
  choice("EndTurn", "end the turn"),
  commit(),
  commit("A"),
  commit("B"),
  commit("A", "B"),
];

test("one choice naming the element acts at once", () => {
  assert.deepEqual(onClick(LEGAL, "space-0-0"), { kind: "act", choice: LEGAL[0] });
});

test("several choices naming the element are offered, and only those", () => {
  assert.deepEqual(onClick(LEGAL, "space-0-1"), { kind: "offer", choices: [LEGAL[1], LEGAL[2]] });
});

test("an element nothing names does nothing", () => {
  assert.equal(onClick(LEGAL, "ward-3"), null);
});

test("a piece of a pick toggles; confirm matches exactly one legal set", () => {
  const picks = LEGAL.filter((c) => c.pick);
  assert.deepEqual(onClick(picks, "card-B"), { kind: "toggle" });
  let selected = new Set();
  assert.equal(pickMatch(picks, selected), picks[0]); // committing none is legal
  selected = toggled(picks, selected, "card-B");
  assert.equal(pickMatch(picks, selected), picks[2]);
  selected = toggled(picks, selected, "card-A");
  assert.equal(pickMatch(picks, selected), picks[3]);
  selected = toggled(picks, selected, "card-B");
  assert.deepEqual([...selected], ["card-A"]);
  assert.equal(pickMatch(picks, selected), picks[1]);
});

test("a set no choice holds enables no confirm", () => {
  const picks = [commit("A"), commit("B")];
  assert.equal(pickMatch(picks, new Set(["card-A", "card-B"])), null);
  assert.equal(pickMatch(picks, new Set()), null);
});

test("the picker lists each piece once, not every subset", () => {
  assert.deepEqual(pickPieces(LEGAL), ["card-A", "card-B"]);
});

test("every named element is clickable", () => {
  assert.deepEqual([...clickable(LEGAL)].sort(), ["card-A", "card-B", "space-0-0", "space-0-1"]);
});

test("choices are grouped by kind in the order kinds first appear", () => {
  assert.deepEqual(groupByKind(LEGAL).map(([kind, choices]) => [kind, choices.length]), [["Rally", 3], ["End turn", 1], ["Commit tactics", 4]]);
  assert.equal(kindOf(choice("PlaceMark", "x")), "Place mark");
});

test("a kind is headed only over several choices or a pick, never over one button in the game's own words", () => {
  const [rally, end, commits] = groupByKind(LEGAL).map(([, choices]) => choices);
  assert.equal(headed(rally), true);
  assert.equal(headed(end), false);
  assert.equal(headed(commits), true);
  assert.equal(headed([commit("A")]), true);
});
