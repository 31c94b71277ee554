// The table page: the seat's picture (acted on by clicking it), its legal actions as buttons grouped by kind,
// choices of several pieces built piece by piece, undo, the story, the players, the result.

import { api, el, tokens } from "./api.js";
import { Board, groupByKind, headed, pickMatch, pickPieces } from "./board.js";
import { TableConnection } from "./connection.js";

const params = new URLSearchParams(location.search);
const matchId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const asked = params.has("seat") ? Number(params.get("seat")) : null;
// A rejoin link carries the seat's token in the fragment (#token=...), which no browser sends to a server, in a request
// or a Referer: keep it in this browser, and take it out of the address bar.
const linked = new URLSearchParams(location.hash.slice(1)).get("token");
if (asked !== null && linked) tokens.put(matchId, asked, linked);
if (location.hash) history.replaceState(null, "", location.pathname + location.search);
const token = asked === null ? null : tokens.get(matchId, asked);

const $ = (id) => document.getElementById(id);
const connection = new TableConnection({ matchId, token, pictures: true, story: true });
let title = "";
let check = null; // the log checked in this browser once the game is over: {verdict} or {error}
let publishedUrl = null; // the chain values published during play, as a file to save (made once the game is over)
let busy = false;
let offer = null; // the choices one click left open: {choices, target}

function names() {
  return connection.snapshot?.players ?? connection.seats.map((info) => info.name);
}

function nameOf(seat) {
  return names()[seat] ?? `Seat ${seat + 1}`;
}

function listNames(seats) {
  const shown = seats.map(nameOf);
  return shown.length <= 1 ? shown.join("") : `${shown.slice(0, -1).join(", ")} and ${shown.at(-1)}`;
}

function number(value) {
  return Number.isInteger(value) ? String(value) : value.toFixed(2).replace(/\.?0+$/, "");
}

function setNotice(text, kind = "") {
  const notice = $("notice");
  notice.textContent = text;
  notice.dataset.kind = kind;
}

// --- drawing -------------------------------------------------------------------------------------

function live() {
  return connection.status === "connected";
}

function waiting() {
  return connection.seats.some((info) => !info.bot && !info.claimed) && !connection.snapshot?.outcome;
}

function canAct() {
  // Connected, every seat taken, and this seat still played by its person (not handed to the house bot).
  return live() && !waiting() && !connection.seats[connection.seat ?? -1]?.bot;
}

function drawTurn(snapshot) {
  const banner = $("turn");
  // Who must decide what, in the decision's own words ("place a mark in an empty cell"), as the engine says it.
  const own = snapshot.waiting.find((w) => w.seat === snapshot.seat);
  const others = snapshot.waiting.filter((w) => w.seat !== snapshot.seat);
  const mine = own !== undefined;
  banner.dataset.mine = String(mine && canAct());
  banner.dataset.over = String(snapshot.outcome !== null);
  banner.dataset.offline = String(!live());
  let text;
  if (!live() && connection.status === "refused") text = "The server refused this seat's token. Go back to the lobby to take a seat or watch.";
  else if (!live()) text = "Disconnected from the server: reconnecting… You cannot act until the table is back.";
  else if (snapshot.outcome) text = "The game is over.";
  else if (waiting()) text = "Waiting for every seat to be taken: share the lobby, or let the house bot play the open seats (Players).";
  else if (!canAct() && snapshot.seat !== null) text = "The house bot plays your seat now; you are watching it.";
  else if (mine && others.length) text = `Your move: ${own.ask} (also waiting for ${listNames(others.map((w) => w.seat))}).`;
  else if (mine) text = `Your move: ${own.ask}.`;
  else if (others.length) text = `Waiting for ${others.map((w) => `${nameOf(w.seat)} to ${w.ask}`).join("; ")}…`;
  else text = "Waiting…";
  banner.textContent = text;
  banner.title = text;
  document.title = `${mine ? "● Your move · " : ""}${title || "boardcore"}`;
}

function actionButton(choice, extra = "") {
  const index = connection.snapshot.legal.indexOf(choice);
  return el("button", { class: `action${extra}`, disabled: busy || !canAct(), dataset: { index }, onclick: () => act(choice.action) }, choice.label);
}

// A choice of several pieces: toggles (the board's pieces, or these buttons), then one confirm for the legal set.
function drawPick(kind, choices) {
  const pieces = pickPieces(choices);
  const chosen = pickMatch(choices, board.selected);
  const toggles = pieces.map((piece) =>
    el(
      "button",
      { class: "piece", disabled: busy || !canAct(), "aria-pressed": String(board.selected.has(piece)), dataset: { target: piece }, onclick: () => board.press(piece) },
      board.name(piece),
    ),
  );
  const said = board.selected.size ? `${board.selected.size} chosen` : "none chosen";
  return el(
    "div",
    { class: "pick", dataset: { kind } },
    el("p", { class: "hint" }, `Choose on the board or here (${said}), then confirm.`),
    el("div", { class: "pieces" }, toggles),
    el(
      "button",
      { class: "action confirm", disabled: busy || !canAct() || !chosen, onclick: () => chosen && act(chosen.action) },
      chosen ? `Confirm: ${chosen.label}` : "Confirm (not a legal choice yet)",
    ),
  );
}

function drawOffer() {
  if (!offer) return null;
  const name = board.name(offer.target);
  return el(
    "div",
    { class: "offer", id: "offer", role: "dialog", "aria-label": `Actions for ${name}` },
    el("p", { class: "hint" }, `${name}: choose one`),
    offer.choices.map((choice) => actionButton(choice, " offered")),
    el("button", { class: "cancel", onclick: () => { offer = null; drawActions(connection.snapshot); } }, "Cancel"),
  );
}

function drawActions(snapshot) {
  const box = $("actions");
  const spectator = snapshot.seat === null;
  $("actions-title").textContent = spectator ? "Watching" : "Your actions";
  if (offer && !offer.choices.every((choice) => snapshot.legal.includes(choice))) offer = null;
  if (spectator) {
    box.replaceChildren(el("p", { class: "muted" }, "Spectators see only what is public."));
  } else if (!snapshot.legal.length) {
    box.replaceChildren(el("p", { class: "muted" }, snapshot.outcome ? "Nothing left to do." : "Nothing to do until it is your move."));
  } else {
    const groups = groupByKind(snapshot.legal).map(([kind, choices]) =>
      el(
        "section",
        { class: "action-group", dataset: { kind } },
        headed(choices) ? el("h3", {}, kind) : null,
        choices.some((choice) => choice.pick) ? drawPick(kind, choices) : el("div", { class: "group-buttons" }, choices.map((choice) => actionButton(choice))),
      ),
    );
    box.replaceChildren(...[drawOffer(), ...groups].filter(Boolean));
  }
  board.update(spectator ? [] : snapshot.legal, !busy && !spectator && canAct());
  const undo = $("undo");
  undo.hidden = !snapshot.can_undo;
  undo.disabled = busy || !canAct();
  const resign = $("resign");
  resign.hidden = spectator || snapshot.outcome !== null || !canAct();
  resign.disabled = busy;
}

function drawRejoin() {
  const box = $("rejoin");
  box.hidden = !token;
  if (!token) return;
  const link = `${location.origin}${location.pathname}?seat=${asked}#token=${encodeURIComponent(token)}`;
  const copy = el("button", { class: "copy", type: "button" }, "Copy");
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(link);
      copy.textContent = "Copied";
    } catch {
      copy.textContent = "Select the link and copy it";
    }
  });
  box.replaceChildren(
    el("a", { id: "rejoin-link", href: link, rel: "noreferrer" }, "Your seat's rejoin link"),
    copy,
    el("p", { class: "hint" }, "Keep it to come back to this seat from any browser; it is your seat's key, so share it with nobody."),
  );
}

function drawResult(snapshot) {
  const outcome = snapshot.outcome;
  $("result").hidden = !outcome;
  if (!outcome) return;
  let head;
  if (outcome.cooperative) head = outcome.winners.length ? "Everyone wins" : "Everyone loses";
  else if (!outcome.winners.length) head = "A draw";
  else if (outcome.winners.length > 1) head = `${listNames(outcome.winners)} share the win`;
  else head = snapshot.seat !== null && outcome.winners[0] === snapshot.seat ? "You win!" : `${nameOf(outcome.winners[0])} wins`;
  $("result-head").replaceChildren(el("strong", {}, head), el("span", { class: "muted" }, ` (${outcome.reason})`));
  const rows = [];
  outcome.ranking.forEach((group, index) => {
    for (const seat of group) {
      const parts = outcome.breakdown ? Object.entries(outcome.breakdown[seat]).filter(([, v]) => v).map(([k, v]) => `${k} ${number(v)}`) : [];
      rows.push(
        el(
          "tr",
          { class: outcome.winners.includes(seat) ? "winner" : "" },
          el("td", {}, `${index + 1}.`),
          el("td", {}, nameOf(seat)),
          el("td", { class: "score" }, outcome.scores ? number(outcome.scores[seat]) : ""),
          el("td", { class: "muted" }, parts.join(", ")),
        ),
      );
    }
  });
  $("ranking").replaceChildren(...rows);
}

function drawPlayers() {
  const snapshot = connection.snapshot;
  const actors = new Set((snapshot?.waiting ?? []).map((w) => w.seat));
  const items = connection.seats.map((info) => {
    const kind = info.bot ? `${info.bot} bot` : info.claimed ? (info.online ? "online" : "away") : "seat open";
    return el(
      "li",
      { class: actors.has(info.seat) ? "to-move" : "", dataset: { seat: info.seat, online: String(info.online) } },
      el("span", { class: "dot", "aria-hidden": "true" }),
      el("span", { class: "player-name" }, info.name, info.seat === connection.seat ? " (you)" : ""),
      el("span", { class: "tag" }, kind),
      ...botButton(info, snapshot),
    );
  });
  redrawChanged($("players"), items);
  $("invite").hidden = !connection.seats.some((info) => !info.bot && !info.claimed) || snapshot?.outcome !== null;
}

function redrawChanged(list, items) {
  // Replace only the items whose drawing changed. The list is redrawn after every move (the bots' too), and a
  // button swapped for its copy between a press and its release loses the click, so "Leave" could do nothing.
  const old = [...list.children];
  if (old.length !== items.length) {
    list.replaceChildren(...items);
    return;
  }
  items.forEach((item, k) => {
    if (old[k].outerHTML !== item.outerHTML) list.replaceChild(item, old[k]);
  });
}

function botButton(info, snapshot) {
  // A person of the match may hand an open seat, an away one, or their own to the house bot (the server checks the time).
  if (!token || info.bot || snapshot?.outcome || (info.claimed && info.online && info.seat !== connection.seat)) return [];
  const own = info.seat === connection.seat;
  const label = own ? "Leave: the house bot plays on" : "Let the house bot play";
  const click = async () => {
    if (own && !confirm("Leave the table? The house bot plays your seat from now on; you can still watch.")) return;
    try {
      await api.toBot(matchId, info.seat, token);
      setNotice("");
    } catch (error) {
      setNotice(error.message, "error");
    }
  };
  return [el("button", { class: "to-bot", type: "button", dataset: { seat: info.seat }, onclick: click }, label)];
}

function drawStory() {
  const list = $("story");
  const atEnd = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  // One line per player action; what followed of itself (draws, scoring, the next phase) folded beneath it.
  list.replaceChildren(
    ...connection.story.map((told) => {
      const [head, ...rest] = told.text.length ? told.text : [`${nameOf(told.player)} acts.`];
      const text = rest.length
        ? el(
            "details",
            { class: "story-text" },
            el("summary", {}, head),
            el("div", { class: "consequences" }, rest.map((line) => el("div", {}, line))), // not <li>: one item per step
          )
        : el("span", { class: "story-text" }, head);
      return el("li", { dataset: { step: told.step } }, el("span", { class: "story-step" }, String(told.step)), text);
    }),
  );
  if (atEnd) list.scrollTop = list.scrollHeight;
}

function drawFairness() {
  const snapshot = connection.snapshot;
  if (!snapshot) return;
  const rows = [];
  if (snapshot.seed_commitment) {
    rows.push(el("dt", {}, "Seed commitment"), el("dd", { class: "hash", title: snapshot.seed_commitment }, snapshot.seed_commitment));
    rows.push(el("dd", { class: "muted" }, "The server chose every shuffle and roll before the game began and published this hash of them."));
    const live = connection.unfair
      ? el("dd", { class: "invalid", id: "live-check", dataset: { ok: "false" } }, `✗ ${connection.unfair}`)
      : el("dd", { class: "muted", id: "live-check", dataset: { ok: "true", chains: connection.chains.size } }, `${connection.chains.size} chain values recorded in your browser as the server published them; each is checked against the final log.`);
    rows.push(el("dt", {}, "Published during play"), live);
  } else {
    rows.push(el("dt", {}, "Seed"), el("dd", { class: "muted" }, "public: written in the log from the start"));
  }
  if (snapshot.reveal) {
    rows.push(el("dt", {}, "Revealed seed"), el("dd", { class: "hash", id: "revealed-seed" }, snapshot.reveal.seed));
    rows.push(el("dt", {}, "Salt"), el("dd", { class: "hash", id: "revealed-salt" }, snapshot.reveal.salt ?? ""));
  }
  const finished = connection.finished;
  if (finished) {
    rows.push(el("dt", {}, "Checked in your browser"), drawCheck());
    rows.push(el("dd", { class: "muted" }, "Not checked here: that each action was legal and produced the logged events and state (that needs the game's rules)."));
    rows.push(el("dt", {}, "The server's own verification"), el("dd", { class: finished.valid ? "valid" : "invalid", id: "verdict" }, finished.verdict));
    rows.push(
      el("dd", {}, el("a", { href: finished.log, download: "" }, "Download the log"), el("span", { class: "muted" }, " — check the rules too: "), el("code", {}, "boardcore verify LOG --complete")),
    );
    if (connection.chains.size) {
      publishedUrl ??= URL.createObjectURL(new Blob([JSON.stringify(connection.published())], { type: "application/json" }));
      rows.push(
        el(
          "dd",
          {},
          el("a", { href: publishedUrl, download: `published-${matchId}.json`, id: "published-file" }, "Save the chain values shown during play"),
          el("span", { class: "muted" }, " — and hold the log to them: "),
          el("code", {}, "boardcore verify LOG --published FILE"),
        ),
      );
    }
  }
  $("fairness").replaceChildren(...rows);
}

function drawCheck() {
  if (!check) return el("dd", { class: "muted", id: "browser-check", dataset: { state: "checking" } }, "checking…");
  if (check.error) return el("dd", { class: "invalid", id: "browser-check", dataset: { state: "error" } }, `could not check: ${check.error}`);
  const verdict = check.verdict;
  if (verdict.ok) {
    return el("dd", { class: "valid", id: "browser-check", dataset: { state: "valid" } }, "✓ valid", el("ul", { class: "checked" }, verdict.checked.map((what) => el("li", {}, what))));
  }
  const where = verdict.step !== null ? `step ${verdict.step}` : `line ${verdict.line}`;
  return el("dd", { class: "invalid", id: "browser-check", dataset: { state: "invalid", kind: verdict.kind } }, `✗ ${where} [${verdict.kind}]: ${verdict.message}`);
}

async function checkLog() {
  try {
    check = { verdict: await connection.verify(await api.log(matchId)) };
  } catch (error) {
    check = { error: error.message };
  }
  drawFairness();
}

const board = new Board($("picture"), {
  onAct: (action) => act(action),
  onOffer: (choices, target) => {
    offer = { choices, target };
    drawActions(connection.snapshot);
    $("offer")?.querySelector("button")?.focus();
  },
  onChange: () => drawActions(connection.snapshot),
});

function drawPicture(svg) {
  board.draw(svg, connection.revision);
}

function drawState(snapshot) {
  drawTurn(snapshot);
  drawActions(snapshot);
  drawResult(snapshot);
  drawPlayers();
  drawFairness();
  document.body.dataset.revision = String(snapshot.revision);
}

// --- acting --------------------------------------------------------------------------------------

async function run(request) {
  busy = true;
  setNotice("");
  drawActions(connection.snapshot);
  try {
    await request();
  } catch (error) {
    const stale = error.code === "table/stale_revision";
    setNotice(stale ? "The table moved on before your action arrived: look again and choose." : error.message, "error");
  } finally {
    busy = false;
    if (connection.snapshot) drawActions(connection.snapshot);
  }
}

function act(action) {
  offer = null;
  board.selected = new Set();
  run(() => connection.act(action));
}

$("undo").addEventListener("click", () => {
  const last = connection.story.at(-1); // the step about to be taken back, as this seat read it
  const what = last?.text?.[0] ?? "your last action";
  run(async () => {
    await connection.undo();
    setNotice(`Taken back: ${what}.`, "info");
  });
});
$("resign").addEventListener("click", () => {
  if (confirm("Resign? The game ends now and every other player wins; it cannot be taken back.")) run(() => connection.resign());
});

// --- wiring --------------------------------------------------------------------------------------

connection.addEventListener("status", ({ detail }) => {
  const status = $("status");
  status.dataset.status = detail.status;
  status.textContent = { connected: "live", connecting: "connecting", reconnecting: "reconnecting…", refused: "refused" }[detail.status] ?? detail.status;
  document.body.dataset.connection = detail.status;
  if (connection.snapshot) {
    drawTurn(connection.snapshot);
    drawActions(connection.snapshot);
  } else if (detail.status === "refused") {
    $("turn").textContent = "The server refused this seat's token. Go back to the lobby to take a seat or watch.";
  }
});
connection.addEventListener("welcome", ({ detail }) => {
  title = detail.title;
  $("title").textContent = detail.title;
  $("title").title = `match ${detail.match_id}`;
  $("who").textContent = detail.seat === null ? "watching" : `you are ${detail.seats[detail.seat].name}`;
});
connection.addEventListener("seats", () => {
  drawPlayers();
  if (connection.snapshot) {
    drawTurn(connection.snapshot);
    drawActions(connection.snapshot);
  }
});
connection.addEventListener("state", ({ detail }) => drawState(detail));
connection.addEventListener("story", drawStory);
connection.addEventListener("picture", ({ detail }) => drawPicture(detail));
connection.addEventListener("finished", () => {
  drawFairness();
  if (!check) checkLog();
});
connection.addEventListener("chain", drawFairness);
connection.addEventListener("unfair", drawFairness);
connection.addEventListener("problem", ({ detail }) => setNotice(detail.message, "error"));

if (asked !== null && !token) {
  setNotice(`This browser holds no token for seat ${asked + 1} of this match, so you are watching. Take a seat in the lobby to play.`, "error");
}
drawRejoin();
window.boardcore = { connection };
connection.start();
