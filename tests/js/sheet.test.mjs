// The last action marked (static/js/sheet.js): an element is `changed` when its drawing differs from the same id's in
// the picture before, or is new; computed from the seat's own two pictures only.
import assert from "node:assert/strict";
import { test } from "node:test";

import { changedTargets } from "../../src/boardcore/serve/static/js/sheet.js";

const drawings = (entries) => new Map(Object.entries(entries));
const BEFORE = drawings({ "cell-0": '<g data-target="cell-0"><rect></rect></g>', "cell-1": '<g data-target="cell-1"><rect></rect></g>', "card-A": "<g>A</g>" });

test("an element drawn differently is changed; one drawn the same is not", () => {
  const after = drawings({ ...Object.fromEntries(BEFORE), "cell-1": '<g data-target="cell-1"><rect></rect><g class="mark">O</g></g>' });
  assert.deepEqual([...changedTargets(BEFORE, after)], ["cell-1"]);
});

test("an id the picture before lacked counts as changed; one that went away marks nothing", () => {
  const after = drawings({ "cell-0": BEFORE.get("cell-0"), "card-B": "<g>B</g>" });
  assert.deepEqual([...changedTargets(BEFORE, after)], ["card-B"]);
});

test("the first picture shown marks nothing, and the same picture again marks nothing", () => {
  assert.equal(changedTargets(null, BEFORE).size, 0);
  assert.equal(changedTargets(BEFORE, new Map(BEFORE)).size, 0);
});

test("a change in one attribute of the element (a fill, a class) is a change", () => {
  const after = drawings({ ...Object.fromEntries(BEFORE), "cell-0": '<g data-target="cell-0"><rect fill="#ffd54a"></rect></g>' });
  assert.deepEqual([...changedTargets(BEFORE, after)], ["cell-0"]);
});
