// The replay viewer: one match, every step, from the data in this file alone (no network).
"use strict";

const data = JSON.parse(document.getElementById("replay-data").textContent);
const $ = (id) => document.getElementById(id);
const state = { step: 0, view: data.initial, pictures: null, words: null, inWords: data.pictures === null, pageBad: null, shown: null };

async function gunzipJson(base64) {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return JSON.parse(await new Response(stream).text());
}

// Each step's frame is stored as line edits against the step before (see boardcore/viewer/pictures.py).
function applyOps(before, ops) {
  const lines = before.split("\n");
  const out = [];
  let at = 0;
  for (const op of ops) {
    if (typeof op === "number") {
      for (let k = 0; k < op; k += 1) out.push(lines[at + k]);
      at += op;
    } else {
      at += op[0];
      for (const line of op[1]) out.push(line);
    }
  }
  return out.join("\n");
}

async function decodeFrames(frames) {
  if (frames === null) return null;
  const encoded = await gunzipJson(frames);
  return encoded.map((steps) => {
    let before = "";
    return steps.map((ops) => (before = applyOps(before, ops)));
  });
}

function text(id, value) {
  $(id).textContent = value;
}

function setCheck(id, ok, message) {
  const el = $(id);
  el.textContent = message;
  el.className = ok === null ? "pending" : ok ? "ok" : "bad";
}

function marks() {
  const box = $("marks");
  box.replaceChildren();
  const add = (step, cls, title) => {
    if (step === null || step === undefined || data.records === 0) return;
    const mark = document.createElement("span");
    mark.className = cls;
    mark.style.left = `${(100 * step) / data.records}%`;
    mark.title = title;
    mark.dataset.step = String(step);
    box.append(mark);
  };
  add(data.bad_step, "mark python", `Step ${data.bad_step}: ${data.verdict}`);
  if (state.pageBad) add(state.pageBad.step, "mark page", `Step ${state.pageBad.step}: ${state.pageBad.message}`);
}

function storyLines(step) {
  return data.perspectives[state.view].story[step - 1] || [];
}

function render() {
  const step = state.step;
  const view = data.perspectives[state.view];
  $("slider").value = String(step);
  text("step-label", `Step ${step} of ${data.records}`);
  const shown = step <= data.shown;
  const frames = state.inWords ? state.words : state.pictures;
  const frame = shown && frames ? frames[state.view][step] : null;
  const picture = $("picture");
  const textView = $("text-view");
  const notShown = $("not-shown");
  notShown.hidden = shown;
  if (!shown) notShown.textContent = `Step ${step} is not shown: the log is not valid from step ${data.bad_step} (${data.verdict}).`;
  if (!state.inWords) {
    picture.hidden = frame === null;
    if (frame !== null) {
      // the client's sheet display (sheet.js, inlined before this script), and what this step drew anew since the last
      if (frame !== state.shown) showPicture(picture, frame);
      const before = step > 0 ? state.pictures[state.view][step - 1] : null;
      markChanged(picture, changedTargets(before === null ? null : drawingsOf(before), drawingsOf(frame)));
      state.shown = frame;
    }
    textView.hidden = true;
  } else {
    picture.hidden = true;
    textView.hidden = frame === null;
    textView.textContent = frame || "";
  }
  picture.dataset.step = String(shown ? step : -1);
  picture.dataset.perspective = String(state.view);
  const last = $("last-action");
  last.className = shown ? "" : "bad";
  if (step === 0) last.textContent = `The game starts. ${view.name}'s view.`;
  else if (!shown) last.textContent = notShown.textContent;
  else last.textContent = `Step ${step} · ${data.players[data.actors[step - 1]]} acted: ${storyLines(step).join("; ")}`;
  const story = $("story");
  const items = story.children;
  for (let i = 0; i < items.length; i += 1) items[i].classList.toggle("current", i + 1 === step);
  const item = step > 0 ? items[step - 1] : null;
  if (item && (item.offsetTop < story.scrollTop || item.offsetTop + item.offsetHeight > story.scrollTop + story.clientHeight)) {
    story.scrollTop = item.offsetTop - story.clientHeight / 2; // the list scrolls, never the page
  }
  document.body.dataset.step = String(step);
}

function fillStory() {
  const story = $("story");
  story.replaceChildren();
  for (let step = 1; step <= data.records; step += 1) {
    const li = document.createElement("li");
    li.value = step;
    if (step <= data.shown) {
      for (const line of storyLines(step)) li.append(Object.assign(document.createElement("div"), { textContent: line }));
    } else {
      li.textContent = step === data.bad_step ? `Not valid: ${data.verdict}` : "(after an invalid step: not shown)";
      li.className = "bad";
    }
    li.addEventListener("click", () => go(step));
    story.append(li);
  }
}

function go(step) {
  state.step = Math.max(0, Math.min(data.records, step));
  render();
}

function setup() {
  const who = data.players.join(", ");
  text("players", data.made_for ? `${who} · made for ${data.made_for}: only what ${data.made_for} could see` : who);
  setCheck("verdict", data.valid, data.verdict);
  text("seed", data.seed !== null ? data.seed : data.seed_commitment ? `committed (${data.seed_commitment}), not revealed` : "–");
  text("outcome", data.outcome || (data.made_for ? "The game is not over." : "The game did not finish."));
  const select = $("perspective");
  data.perspectives.forEach((p, index) => select.append(new Option(p.name, String(index))));
  select.value = String(data.initial);
  select.addEventListener("change", () => {
    state.view = Number(select.value);
    select.blur(); // the arrow keys step through the match again, not through this list
    fillStory();
    render();
  });
  const toggle = $("words");
  toggle.hidden = data.pictures === null;
  toggle.addEventListener("click", () => {
    state.inWords = !state.inWords;
    toggle.textContent = state.inWords ? "Picture" : "In words";
    render();
  });
  const slider = $("slider");
  slider.max = String(data.records);
  slider.addEventListener("input", () => go(Number(slider.value)));
  $("first").addEventListener("click", () => go(0));
  $("prev").addEventListener("click", () => go(state.step - 1));
  $("next").addEventListener("click", () => go(state.step + 1));
  $("last").addEventListener("click", () => go(data.records));
  document.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLSelectElement) return;
    const moves = { ArrowRight: 1, ArrowLeft: -1, PageDown: 10, PageUp: -10 };
    if (event.key in moves) go(state.step + moves[event.key]);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(data.records);
    else return;
    event.preventDefault();
  });
  fillStory();
  marks();
}

// The chain and the seed commitment, checked here with WebCrypto by verifyLog (the client's verify.js, inlined before this script).
async function pageCheck() {
  if (data.log === null) {
    const count = data.chain ? data.chain.length : 0;
    setCheck("page-verdict", null, data.chain
      ? `not possible before the end: the log holds other seats' secrets. This file keeps the ${count} chain values published so far; save them and hold the final log to them (boardcore verify LOG --published FILE).`
      : "not possible before the end: the log holds other seats' secrets.");
    if (data.chain) saveChain();
    document.body.dataset.pageCheck = "later";
    return;
  }
  const result = await verifyLog(data.log);
  $("page-verdict").title = result.checked.join("; ");
  if (result.ok) {
    const seed = data.seed_commitment ? " and the revealed seed opens the seed commitment" : "";
    setCheck("page-verdict", true, `valid: the hash chain of all ${result.steps} steps holds${seed}.`);
  } else {
    state.pageBad = { step: result.step ?? null, message: result.message };
    setCheck("page-verdict", false, `invalid at ${result.step ? `step ${result.step}` : `line ${result.line}`} [${result.kind}]: ${result.message}`);
    marks();
  }
  document.body.dataset.pageCheck = result.ok ? "ok" : `bad:${result.step ?? ""}`;
}

// A boardcore-published-chain file of the chain values this file holds (publishedFile is verify.js's).
function saveChain() {
  const chains = new Map(data.chain.map((chain, index) => [index + 1, chain]));
  const file = JSON.stringify(publishedFile(null, data.seed_commitment, chains));
  const link = Object.assign(document.createElement("a"), {
    id: "save-chain",
    href: URL.createObjectURL(new Blob([file], { type: "application/json" })),
    download: `${data.game}-published-chain.json`,
    textContent: "Save the chain values",
  });
  $("page-check").append(" ", link);
}

async function main() {
  setup();
  render();
  state.pictures = await decodeFrames(data.pictures);
  state.words = await decodeFrames(data.words);
  render();
  globalThis.boardcoreReplay = { go, picture: () => state.pictures?.[state.view][state.step] ?? null, shown: () => state.shown, words: () => state.words[state.view][state.step], data };
  document.body.dataset.ready = "yes";
  try {
    await pageCheck();
  } catch (error) {
    setCheck("page-verdict", false, `the check failed: ${error}`);
    document.body.dataset.pageCheck = "error";
  }
}

main();
