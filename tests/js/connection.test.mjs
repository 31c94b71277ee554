// TableConnection's fairness record, over a fake WebSocket: what it keeps of the published chain values through
// updates, undo and resync, and what it flags live (a changed seed commitment, two values for one step in play).
import assert from "node:assert/strict";
import { test } from "node:test";

import { TableConnection } from "../../src/boardcore/serve/static/js/client.js";
import { applyDiff } from "../../src/boardcore/serve/static/js/connection.js";

class FakeSocket extends EventTarget {
  static OPEN = 1;
  static last = null;
  constructor(url) {
    super();
    this.url = url;
    this.readyState = 1;
    this.sent = [];
    FakeSocket.last = this;
    queueMicrotask(() => this.dispatchEvent(new Event("open")));
  }
  send(text) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = 3;
  }
  deliver(frame) {
    this.dispatchEvent(Object.assign(new Event("message"), { data: JSON.stringify(frame) }));
  }
}

const C = "c".repeat(64);
const hex = (n) => n.toString(16).padStart(32, "0");
const snapshot = (revision, step, commitment = C) => ({ type: "snapshot", revision, step, seed_commitment: commitment, reveal: null, legal: [], waiting: [] });
const stepped = (revision, step, chain = hex(step)) => ({ type: "stepped", revision, step, player: 0, events: [], text: [], chain });
const updates = (since, entries, step) => ({ type: "updates", since, entries, snapshot: snapshot(since + entries.length, step) });

async function opened() {
  const table = new TableConnection({ matchId: "m", token: "t", url: "ws://example/ws", WebSocket: FakeSocket });
  const problems = [];
  table.addEventListener("unfair", ({ detail }) => problems.push(detail));
  table.start();
  await new Promise((done) => setTimeout(done, 0));
  const socket = FakeSocket.last;
  assert.deepEqual(socket.sent[0], { type: "hello", token: "t", match_id: "m", since: null, pictures: false, diffs: false, story: false });
  return { table, socket, problems };
}

test("each published chain value is kept by step; an undo drops it, and a replayed step keeps its new value", async () => {
  const { table, socket, problems } = await opened();
  socket.deliver(snapshot(0, 0));
  socket.deliver(updates(0, [stepped(1, 1), stepped(2, 2)], 2));
  socket.deliver(updates(2, [{ type: "undone", revision: 3, step: 2, player: 0 }, stepped(4, 2, hex(99))], 2));
  assert.deepEqual([...table.chains], [[1, hex(1)], [2, hex(99)]]);
  assert.deepEqual(table.published(), { format: "boardcore-published-chain", format_version: 1, match_id: "m", seed_commitment: C, steps: [{ step: 1, chain: hex(1) }, { step: 2, chain: hex(99) }] });
  assert.deepEqual(problems, []);
  assert.equal(table.unfair, null);
});

test("two values for a step still in play, a malformed value, and a changed commitment are each flagged as they arrive", async () => {
  const { table, socket, problems } = await opened();
  socket.deliver(snapshot(0, 0));
  socket.deliver(updates(0, [stepped(1, 1)], 1));
  socket.deliver({ type: "story", revision: 1, steps: [{ step: 1, player: 0, text: [], chain: hex(7) }] });
  socket.deliver(updates(1, [stepped(2, 2, "not hex")], 2));
  socket.deliver({ ...updates(2, [stepped(3, 3)], 3), snapshot: snapshot(3, 3, "d".repeat(64)) });
  assert.equal(problems.length, 3);
  assert.match(problems[0], /step 1 was published with two different chain values/);
  assert.match(problems[1], /step 2's published chain value is not 32 hex digits/);
  assert.match(problems[2], /seed commitment changed/);
  assert.equal(table.unfair, problems[0]);
  const verdict = await table.verify("");
  assert.equal(verdict.ok, false);
});

test("a resync forgets the values it cannot vouch for, and the story that follows tells them again", async () => {
  const { table, socket, problems } = await opened();
  socket.deliver(snapshot(0, 0));
  socket.deliver(updates(0, [stepped(1, 1), stepped(2, 2)], 2));
  socket.deliver({ type: "resync", since: 2, reason: "undone", snapshot: snapshot(5, 2) });
  assert.equal(table.chains.size, 0);
  socket.deliver({ type: "story", revision: 5, steps: [{ step: 1, player: 0, text: [], chain: hex(1) }, { step: 2, player: 0, text: [], chain: hex(42) }] });
  assert.deepEqual([...table.chains], [[1, hex(1)], [2, hex(42)]]);
  assert.deepEqual(problems, []);
});

test("with a public seed nothing is published and nothing is flagged", async () => {
  const { table, socket, problems } = await opened();
  socket.deliver(snapshot(0, 0, null));
  socket.deliver({ ...updates(0, [stepped(1, 1, null)], 1), snapshot: snapshot(1, 1, null) });
  assert.equal(table.chains.size, 0);
  assert.equal(table.published().seed_commitment, null);
  assert.deepEqual(problems, []);
});

test("pictures come whole, then as diffs of the last: each is rebuilt exactly, and one out of step reconnects", async () => {
  const table = new TableConnection({ matchId: "m", token: "t", url: "ws://example/ws", WebSocket: FakeSocket, pictures: true });
  const drawn = [];
  table.addEventListener("picture", ({ detail }) => drawn.push(detail));
  table.start();
  await new Promise((done) => setTimeout(done, 0));
  const socket = FakeSocket.last;
  assert.equal(socket.sent[0].diffs, true);
  const first = '<svg><text>Round 1 · P1 🂡</text><rect x="1"/></svg>';
  socket.deliver(snapshot(0, 0));
  socket.deliver({ type: "picture", revision: 0, svg: first });
  socket.deliver(updates(0, [stepped(1, 1)], 1));
  // "🂡" is two UTF-16 code units: offsets count as JavaScript's slice does
  const tail = first.indexOf("<rect");
  socket.deliver({ type: "picture_diff", revision: 1, base: 0, pieces: [first.slice(0, 11), "Round 2", [18, tail], "<circle/>", [first.indexOf("</svg>"), first.length]] });
  socket.deliver(updates(1, [stepped(2, 2)], 2));
  const second = '<svg><text>Round 2 · P1 🂡</text><circle/></svg>';
  socket.deliver({ type: "picture_diff", revision: 2, base: 1, pieces: [[0, second.length]] }); // unchanged: one copy
  assert.deepEqual(drawn, [first, second, second]);
  assert.equal(socket.readyState, 1);
  socket.deliver({ type: "picture_diff", revision: 3, base: 1, pieces: [[0, 5]] });
  assert.equal(socket.readyState, 3); // closed: the connection opens again and gets a whole picture
  assert.equal(drawn.length, 3);
});

test("applyDiff joins new text and copies of the old picture", () => {
  assert.equal(applyDiff("abcdef", ["x", [2, 4], "y", [0, 1]]), "xcdya");
  assert.equal(applyDiff("same", [[0, 4]]), "same");
});
