// The log verifier that runs on the player's own machine, written from docs/log-format.md: it reads a JSON Lines log
// without losing a digit of any integer, and checks what needs no rules: the structure, the genesis value, every chain
// value, the chain values published during play, and that the revealed seed and salt open the commitment. The event
// and state digests need the game's rules: `boardcore verify` checks those. No build step, no dependency: WebCrypto
// SHA-256 (browsers, and Node 20's global `crypto`).

export const MAX_LINE_BYTES = 1 << 20;
export const PUBLISHED_FORMAT = "boardcore-published-chain";
const SEED_MIN = -(2n ** 63n);
const SEED_MAX = 2n ** 64n - 1n;
const SALT = /^[0-9a-f]{32}$/;
const MAX_DEPTH = 512;
const PLAIN = /[^"\\\u0000-\u001f]*/y; // a run of string characters that need no escape
const NUMBER = /-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?/y;

/** What a JSON number with a fraction or an exponent decodes to: kept apart from integers so it re-encodes as a float. */
export class JsonFloat {
  constructor(value) {
    this.value = value;
  }
}

/** A log or frame that is not the JSON it should be: `line` when it came from a log line. */
export class LogError extends Error {
  constructor(message, { kind = "corrupt", line = null, step = null } = {}) {
    super(message);
    this.kind = kind;
    this.line = line;
    this.step = step;
  }
}

// --- lossless JSON -------------------------------------------------------------------------------

/**
 * JSON.parse, except that integers keep every digit: a safe integer is a Number, a larger one a BigInt, and a number
 * with a fraction or exponent a JsonFloat. Objects have no prototype, so no key (not even "__proto__") is special.
 */
export function parseJson(text) {
  let at = 0;
  const fail = (what) => {
    throw new SyntaxError(`${what} at character ${at + 1}`);
  };
  const space = () => {
    while (at < text.length && " \t\n\r".includes(text[at])) at += 1;
  };
  const string = () => {
    at += 1; // the opening quote
    let out = "";
    for (;;) {
      if (at >= text.length) fail("an unterminated string");
      const c = text[at];
      if (c === '"') {
        at += 1;
        return out;
      }
      if (c < " ") fail("a control character in a string");
      if (c !== "\\") {
        PLAIN.lastIndex = at;
        PLAIN.test(text);
        out += text.slice(at, PLAIN.lastIndex);
        at = PLAIN.lastIndex;
        continue;
      }
      const e = text[at + 1];
      const simple = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" }[e];
      if (simple !== undefined) {
        out += simple;
        at += 2;
      } else if (e === "u" && /^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6))) {
        out += String.fromCharCode(parseInt(text.slice(at + 2, at + 6), 16));
        at += 6;
      } else {
        fail("a bad escape");
      }
    }
  };
  const number = () => {
    NUMBER.lastIndex = at;
    const found = NUMBER.exec(text);
    if (!found) fail("a bad number");
    at += found[0].length;
    if (found[2] !== undefined || found[3] !== undefined) return new JsonFloat(Number(found[0]));
    const big = BigInt(found[0]);
    return big >= BigInt(Number.MIN_SAFE_INTEGER) && big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big;
  };
  const value = (depth) => {
    if (depth > MAX_DEPTH) fail("nesting too deep");
    space();
    const c = text[at];
    if (c === "{") {
      at += 1;
      const out = Object.create(null);
      space();
      if (text[at] === "}") {
        at += 1;
        return out;
      }
      for (;;) {
        space();
        if (text[at] !== '"') fail("an object key that is not a string");
        const key = string();
        space();
        if (text[at] !== ":") fail("a missing ':'");
        at += 1;
        out[key] = value(depth + 1);
        space();
        if (text[at] === ",") at += 1;
        else if (text[at] === "}") {
          at += 1;
          return out;
        } else fail("a missing ',' or '}'");
      }
    }
    if (c === "[") {
      at += 1;
      const out = [];
      space();
      if (text[at] === "]") {
        at += 1;
        return out;
      }
      for (;;) {
        out.push(value(depth + 1));
        space();
        if (text[at] === ",") at += 1;
        else if (text[at] === "]") {
          at += 1;
          return out;
        } else fail("a missing ',' or ']'");
      }
    }
    if (c === '"') return string();
    if (c === "-" || (c >= "0" && c <= "9")) return number();
    for (const [word, meaning] of [["true", true], ["false", false], ["null", null]]) {
      if (text.startsWith(word, at)) {
        at += word.length;
        return meaning;
      }
    }
    return fail("an unexpected character");
  };
  const result = value(0);
  space();
  if (at !== text.length) fail("text after the JSON value");
  return result;
}

// --- canonical encoding and digests --------------------------------------------------------------

const SURROGATE = /[\ud800-\udfff]/;

function byCodePoint(a, b) {
  if (!SURROGATE.test(a) && !SURROGATE.test(b)) return a < b ? -1 : a > b ? 1 : 0; // UTF-16 order is code point order
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i += 1) {
    const d = x[i].codePointAt(0) - y[i].codePointAt(0);
    if (d) return d;
  }
  return x.length - y.length;
}

const ESCAPES = { '"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r" };

function canonicalString(text) {
  return `"${text.replace(/["\\\u0000-\u001f]/g, (c) => ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)}"`;
}

function canonicalFloat(x) {
  if (!Number.isFinite(x)) return "null";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const [mantissa, exponent] = x.toExponential().split("e"); // the shortest digits that round-trip
  const power = Number(exponent);
  if (Math.abs(x) >= 1e-5 && Math.abs(x) < 1e16) {
    const plain = x.toFixed(Math.max(1, (mantissa.split(".")[1] ?? "").length - power));
    return plain;
  }
  return `${mantissa}e${power}`;
}

/** The canonical JSON text of a value read by parseJson (docs/log-format.md, "Canonical encoding"). */
export function canonical(value) {
  if (value === null) return "null";
  if (value === true) return "true";
  if (value === false) return "false";
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "number") return Number.isInteger(value) ? String(value) : canonicalFloat(value);
  if (value instanceof JsonFloat) return canonicalFloat(value.value);
  if (typeof value === "string") return canonicalString(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  const keys = Object.keys(value).sort(byCodePoint);
  return `{${keys.map((key) => `${canonicalString(key)}:${canonical(value[key])}`).join(",")}}`;
}

const utf8 = new TextEncoder();

async function sha256Hex(text) {
  const hash = await crypto.subtle.digest("SHA-256", utf8.encode(text));
  return Array.from(new Uint8Array(hash), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** D(x): the first 16 bytes of SHA-256 of x's UTF-8, as 32 lowercase hex digits. */
export async function digest(text) {
  return (await sha256Hex(text)).slice(0, 32);
}

/** The header's canonical form as the chain hashes it: every one of its ten keys, defaults filled in. */
function fullHeader(header) {
  const full = Object.create(null);
  Object.assign(full, { format: "boardcore-log", format_version: 1, options: Object.create(null), seed: null, seed_commitment: null }, header);
  return full;
}

export async function genesis(header) {
  return digest(canonical(fullHeader(header)));
}

export async function chainLink(previous, record) {
  return digest(previous + canonical([record.step, record.player, record.action, record.events, record.state]));
}

/** The commitment a seed and salt open: SHA-256 of "boardcore-seed-v2:SALT:SEED" (or the legacy unsalted form). */
export async function seedCommitment(seed, salt) {
  const decimal = BigInt(seed).toString();
  return sha256Hex(salt === null || salt === undefined ? `boardcore-seed:${decimal}` : `boardcore-seed-v2:${salt}:${decimal}`);
}

// --- reading a log -------------------------------------------------------------------------------

const isInt = (x) => (typeof x === "number" && Number.isInteger(x)) || typeof x === "bigint";
const isStr = (x) => typeof x === "string";
const isObj = (x) => x !== null && typeof x === "object" && !Array.isArray(x) && !(x instanceof JsonFloat);
const orNull = (check) => (x) => x === null || check(x);
const FIELDS = {
  header: {
    required: { game: isStr, rules_version: isStr, engine_version: isStr, players: (x) => Array.isArray(x) && x.every(isStr) },
    optional: { format: isStr, format_version: isInt, options: isObj, seed: orNull(isInt), seed_commitment: orNull(isStr) },
  },
  action: { required: { step: isInt, player: isInt, action: isObj, events: isStr, state: isStr, chain: isStr }, optional: {} },
  reveal: { required: { seed: isInt }, optional: { salt: orNull(isStr) } },
};

/** One line's item, checked field by field as boardcore's reader checks it (unknown fields refused). */
function readItem(text, line) {
  let item;
  try {
    item = parseJson(text);
  } catch (error) {
    throw new LogError(`line ${line} is not valid JSON: ${error.message}`, { line });
  }
  const spec = isObj(item) ? FIELDS[item.type] : undefined;
  if (!spec) throw new LogError(`line ${line} is not a header, action or reveal`, { line });
  for (const [name, value] of Object.entries(item)) {
    const check = name === "type" ? isStr : (spec.required[name] ?? spec.optional[name]);
    if (!check) throw new LogError(`line ${line} has an unknown field ${JSON.stringify(name)}`, { line });
    if (!check(value)) throw new LogError(`line ${line}: the field ${JSON.stringify(name)} has the wrong type`, { line });
  }
  for (const name of Object.keys(spec.required)) {
    if (!(name in item)) throw new LogError(`line ${line} lacks the field ${JSON.stringify(name)}`, { line });
  }
  return item;
}

/** The log's non-blank lines as {line, text, bytes}, the lines numbered from 1 as in `boardcore verify`. */
function splitLines(bytes) {
  const lines = [];
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }); // a BOM stays, and is refused as Python does
  let start = 0;
  let number = 0;
  while (start < bytes.length) {
    const newline = bytes.indexOf(0x0a, start);
    const end = newline < 0 ? bytes.length : newline;
    number += 1;
    if (end - start > MAX_LINE_BYTES) lines.push({ line: number, error: new LogError(`line ${number} is longer than ${MAX_LINE_BYTES} bytes, the most a log line may hold`, { line: number }) });
    else {
      let text = null;
      try {
        text = decoder.decode(bytes.subarray(start, end));
      } catch {
        lines.push({ line: number, error: new LogError(`line ${number} is not UTF-8`, { line: number }) });
      }
      if (text !== null && text.replace(/[ \t\r\n\v\f]/g, "") !== "") lines.push({ line: number, text });
    }
    start = end + 1;
  }
  return lines;
}

function asBytes(log) {
  if (typeof log === "string") return utf8.encode(log);
  if (log instanceof Uint8Array) return log;
  if (log instanceof ArrayBuffer) return new Uint8Array(log);
  throw new TypeError("a log is a string, a Uint8Array or an ArrayBuffer");
}

/** Lines read one at a time: the first bad line throws only when it is reached, as the streaming Python reader does. */
function* items(lines) {
  for (const entry of lines) {
    if (!entry.error && !entry.item) {
      try {
        entry.item = readItem(entry.text, entry.line); // read once, whether by the reveal's pre-pass or the checks
      } catch (error) {
        entry.error = error;
      }
    }
    if (entry.error) throw entry.error;
    yield { line: entry.line, item: entry.item };
  }
}

// --- published chain values ----------------------------------------------------------------------

/**
 * What a client saves of the chain values published during play (docs/log-format.md, "Published chain values"):
 * `{"format": "boardcore-published-chain", "format_version": 1, "match_id", "seed_commitment", "steps": [{"step", "chain"}]}`.
 */
export function publishedFile(matchId, seedCommitment, chains) {
  const steps = [...chains.entries()].sort(([a], [b]) => a - b).map(([step, chain]) => ({ step, chain }));
  return { format: PUBLISHED_FORMAT, format_version: 1, match_id: matchId, seed_commitment: seedCommitment, steps };
}

function readPublished(published) {
  if (published === null || published === undefined) return null;
  const file = typeof published === "string" ? parseJson(published) : published;
  if (!isObj(file) || file.format !== PUBLISHED_FORMAT || file.format_version !== 1 || !Array.isArray(file.steps)) {
    throw new TypeError(`published chain values must be a ${PUBLISHED_FORMAT} file, version 1`);
  }
  const chains = new Map();
  for (const entry of file.steps) {
    if (!isObj(entry) || !isInt(entry.step) || !isStr(entry.chain)) throw new TypeError("each published step is {step, chain}");
    chains.set(Number(entry.step), entry.chain);
  }
  return { commitment: file.seed_commitment ?? null, chains };
}

// --- the verifier --------------------------------------------------------------------------------

function verdict(steps, checked, failure) {
  if (!failure) return { ok: true, steps, step: null, line: null, kind: null, message: "valid", checked };
  return { ok: false, steps, step: failure.step ?? null, line: failure.line ?? null, kind: failure.kind, message: failure.message, checked };
}

function fail(kind, message, { line = null, step = null } = {}) {
  throw new LogError(message, { kind, line, step });
}

function validSeed(seed) {
  return isInt(seed) && BigInt(seed) >= SEED_MIN && BigInt(seed) <= SEED_MAX;
}

async function opens(commitment, seed, salt) {
  if (!validSeed(seed) || (salt !== null && salt !== undefined && !SALT.test(salt))) return false;
  return commitment === (await seedCommitment(seed, salt));
}

/**
 * Check a JSON Lines log without the rules. Never throws for a bad log: returns a verdict
 * `{ok, steps, step, line, kind, message, checked}` whose kind is one of `boardcore verify`'s (or `published_mismatch`),
 * naming the first bad step or line, and `checked` lists in words what was checked.
 *
 * Options: `published` (a published-chain file, as text or object) to compare with the final log; `seed` and `salt`
 * to open a commitment the log does not reveal.
 */
export async function verifyLog(log, { published = null, seed = null, salt = null } = {}) {
  let steps = 0;
  const checked = [];
  if (seed !== null && !/^-?(0|[1-9][0-9]*)$/.test(String(seed))) throw new TypeError(`a seed is a decimal integer, not ${seed}`);
  seed = seed === null ? null : BigInt(seed);
  try {
    const expected = readPublished(published);
    const lines = splitLines(asBytes(log));
    const stream = items(lines);
    const first = stream.next();
    if (first.done || first.value.item.type !== "header") {
      fail(first.done ? "truncated" : "corrupt", "the log does not start with a header", { line: 1 });
    }
    const header = first.value.item;
    if ((header.format ?? "boardcore-log") !== "boardcore-log" || (header.format_version ?? 1) !== 1) {
      fail("unsupported_format", `this is a ${JSON.stringify(header.format)} log, version ${header.format_version}; this verifier reads "boardcore-log" version 1`, { line: 1 });
    }
    const committed = (header.seed ?? null) === null;
    const chainOf = await genesis(header);
    let realSeed;
    if (committed === ((header.seed_commitment ?? null) === null)) fail("corrupt", "the header must carry exactly one of seed and seed_commitment", { line: 1 });
    if (!committed) {
      if (!validSeed(header.seed)) fail("corrupt", "the header's seed is outside -2**63 .. 2**64 - 1", { line: 1 });
      if (seed !== null && BigInt(seed) !== BigInt(header.seed)) fail("seed_mismatch", `the given seed ${seed} is not the seed ${header.seed} in the header`, { line: 1 });
      realSeed = header.seed;
    } else {
      let revealed = null;
      if (seed === null) for (const entry of items(lines)) if (entry.item.type === "reveal") revealed = entry; // a pre-pass, as Python's
      const [given, givenSalt, blame] = seed !== null ? [seed, salt, 1] : revealed ? [revealed.item.seed, revealed.item.salt ?? null, revealed.line] : [null, null, 1];
      if (given === null) fail("seed_mismatch", "the seed is committed but not revealed; pass it (and its salt) to verify", { line: 1 });
      if (!(await opens(header.seed_commitment, given, givenSalt))) {
        const next = lines.length > 1 && !lines[1].error ? (lines[1].item ?? safeItem(lines[1])) : null;
        if (revealed && next?.type === "action" && (await chainLink(chainOf, next)) !== next.chain) {
          fail("broken_chain", "the header was altered: the reveal does not open its seed commitment, and the first record does not chain from it", { line: 1 });
        }
        fail("seed_mismatch", `${blame === 1 ? "the seed" : "the revealed seed"} (with its salt) does not match the header's seed commitment`, { line: blame });
      }
      realSeed = given;
      checked.push(`the revealed seed ${BigInt(given)} and its salt open the seed commitment`);
    }
    if (expected?.commitment !== null && expected?.commitment !== undefined && expected.commitment !== (header.seed_commitment ?? null)) {
      fail("published_mismatch", "the header's seed commitment is not the one published when the game began", { line: 1 });
    }
    checked.push(`the genesis value (the digest of the header) is ${chainOf}`);
    let chain = chainOf;
    let ended = false;
    const records = [];
    for (const { line, item } of stream) {
      if (ended || item.type === "header") fail("corrupt", `line ${line}: nothing may follow the seed reveal, and only one header`, { line });
      if (item.type === "reveal") {
        if (!committed) fail("corrupt", `line ${line}: a seed reveal in a log whose seed is public`, { line });
        if (BigInt(item.seed) !== BigInt(realSeed) || !(await opens(header.seed_commitment, item.seed, item.salt ?? null))) {
          fail("seed_mismatch", `line ${line}: the revealed seed is not the seed that matches the commitment`, { line });
        }
        ended = true;
        continue;
      }
      records.push({ line, item });
      const number = steps + 1;
      const where = { line, step: number };
      if (BigInt(item.step) !== BigInt(number)) fail("corrupt", `record says step ${item.step}, expected ${number} (a record is missing or out of order)`, where);
      const link = await chainLink(chain, item);
      if (!(item.player >= 0 && item.player < header.players.length)) fail("corrupt", `player ${item.player} is not a seat of this game`, where);
      if (link !== item.chain) await brokenChain(number, item, stream, where);
      if (expected?.chains.has(number) && expected.chains.get(number) !== item.chain) {
        fail("published_mismatch", `step ${number}'s chain value is not the one published during play`, where);
      }
      chain = item.chain;
      steps = number;
    }
    const beyond = [...(expected?.chains.keys() ?? [])].filter((step) => step > steps);
    if (beyond.length) {
      const step = Math.min(...beyond);
      fail("published_mismatch", `step ${step} was published during play but the log stops at step ${steps}`, { step });
    }
    checked.push(`the chain value of each of the ${steps} steps`);
    if (expected) checked.push(`the ${expected.chains.size} chain values published during play`);
    return verdict(steps, checked, null);
  } catch (error) {
    if (error instanceof LogError) return verdict(steps, checked, error);
    if (error instanceof TypeError) throw error; // a caller's mistake (the published file), not the log's
    return verdict(steps, checked, { kind: "corrupt", message: `verification failed unexpectedly: ${error}` });
  }
}

function safeItem(entry) {
  try {
    return readItem(entry.text, entry.line);
  } catch {
    return null;
  }
}

/**
 * A record's chain value does not follow. At step 1 the record after it tells whether the header changed: if that
 * record chains from this one's logged value, this value is the original, so what it no longer follows is the header.
 */
async function brokenChain(number, item, stream, where) {
  if (number === 1) {
    let follower = null;
    try {
      const next = stream.next();
      follower = next.done ? null : next.value.item;
    } catch {
      follower = null;
    }
    if (follower?.type === "action" && (await chainLink(item.chain, follower)) === follower.chain) {
      fail("broken_chain", "the header was altered: the first record does not chain from it", { line: 1 });
    }
    fail("broken_chain", "the hash chain does not match: this record (or the header it chains from) was altered", where);
  }
  fail("broken_chain", "the hash chain does not match: this record was altered", where);
}
