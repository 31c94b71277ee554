// The JavaScript verifier against `boardcore verify`: every case in BOARDCORE_JS_CASES (written by
// tests/serve/js_cases.py) must get Python's verdict; and the docs' worked example, digit for digit.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { canonical, chainLink, digest, genesis, parseJson, seedCommitment, verifyLog } from "../../src/boardcore/serve/static/js/verify.js";

test("parseJson keeps every digit of a seed above 2**63", () => {
  const item = parseJson('{"type":"reveal","seed":10371246044620745126,"salt":null}');
  assert.equal(item.seed, 10371246044620745126n);
  assert.equal(canonical(item), '{"salt":null,"seed":10371246044620745126,"type":"reveal"}');
  assert.equal(parseJson("9007199254740991"), 9007199254740991);
  assert.equal(parseJson("-9223372036854775808"), -9223372036854775808n);
});

test("canonical sorts keys by code point, escapes as the docs say, and keeps floats floats", () => {
  assert.equal(canonical(parseJson('{"b":1,"a":[true,null],"\\ud83d\\ude00":0,"\\uffff":0}')), '{"a":[true,null],"b":1,"\uffff":0,"\ud83d\ude00":0}');
  assert.equal(canonical("a\"\\\n\u0001/\u007f é"), '"a\\"\\\\\\n\\u0001/\u007f é"');
  assert.equal(canonical(parseJson("[100.0,1e-5,1e16,1.5e-7,0.5,2]")), "[100.0,0.00001,1e16,1.5e-7,0.5,2]");
  assert.throws(() => parseJson("[1,]"));
  assert.throws(() => parseJson("01"));
});

test("the worked example of docs/log-format.md", async () => {
  const header = parseJson('{"type":"header","format":"boardcore-log","format_version":1,"game":"tic_tac_toe","rules_version":"1","engine_version":"0.1.0","players":["P1","P2"],"options":{},"seed":3,"seed_commitment":null}');
  const start = await genesis(header);
  assert.equal(start, "cd1ae76c1bdd60ef9b649c7161be58a2");
  assert.equal(await digest('[{"cell":5,"player":0,"type":"MarkPlaced"}]'), "dffade430a1afb1039a6fe884b3220e8");
  const record = { step: 1, player: 0, action: { type: "PlaceMark", cell: 5 }, events: "dffade430a1afb1039a6fe884b3220e8", state: "f38539496cf6728287f7a83f8aa535d4" };
  assert.equal(await chainLink(start, record), "69ac3302f0a4e1605fd5359f19853ebd");
});

test("a seed commitment opens with the seed's exact decimal", async () => {
  const salt = "0123456789abcdef".repeat(2);
  const commitment = await seedCommitment(10371246044620745126n, salt);
  assert.notEqual(commitment, await seedCommitment(10371246044620745127n, salt));
  assert.equal(commitment, await seedCommitment("10371246044620745126", salt));
});

const where = process.env.BOARDCORE_JS_CASES;
const cases = where ? JSON.parse(readFileSync(where, "utf8")) : [];

test("the cases file is there (run by tests/serve/test_js_verify.py)", { skip: !where && "BOARDCORE_JS_CASES is not set" }, () => {
  assert.ok(cases.length > 50);
});

for (const item of cases) {
  test(`same verdict as boardcore verify: ${item.name}`, async () => {
    const got = await verifyLog(readFileSync(item.log), { published: item.published });
    const { ok, kind, step, line } = got;
    assert.deepEqual({ ok, kind, step, line }, item.js_expected, got.message);
    assert.equal(kind, item.expected.kind); // the kind is always Python's (HEADER_BLAMED in js_cases.py says where the place may differ)
  });
}

test("a committed log without its reveal opens with the seed and salt given, and not without them", { skip: !where && "BOARDCORE_JS_CASES is not set" }, async () => {
  const committed = cases.filter((item) => item.name.endsWith("-committed-original"));
  assert.ok(committed.length >= 3);
  for (const item of committed) {
    const lines = readFileSync(item.log, "utf8").trimEnd().split("\n");
    const reveal = parseJson(lines.pop());
    const unrevealed = `${lines.join("\n")}\n`;
    const opened = await verifyLog(unrevealed, { seed: String(reveal.seed), salt: reveal.salt });
    assert.equal(opened.ok, true, `${item.name}: ${opened.message}`);
    const shut = await verifyLog(unrevealed);
    assert.deepEqual([shut.kind, shut.line], ["seed_mismatch", 1]);
    const wrong = await verifyLog(unrevealed, { seed: String(BigInt(reveal.seed) + 1n), salt: reveal.salt });
    assert.deepEqual([wrong.kind, wrong.line], ["seed_mismatch", 1]);
  }
});
