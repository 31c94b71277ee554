// The lobby page: create a match, take an open seat, watch, or look at finished matches.

import { api, el, tableUrl, tokens, when } from "./api.js";

const PLAYED_BY = [
  ["me", "Me (this browser)"],
  ["person", "Another person"],
  ["house", "House bot"],
  ["random", "Random bot"],
];

const form = document.getElementById("create-form");
const gameSelect = document.getElementById("game");
const playersSelect = document.getElementById("players");
const seatRows = document.getElementById("seat-rows");
const optionBox = document.getElementById("options");
const optionFields = document.getElementById("option-fields");
const createError = document.getElementById("create-error");
const gameInfo = document.getElementById("game-info");
let games = [];

function currentGame() {
  return games.find((game) => game.name === gameSelect.value);
}

const NAME = "boardcore.name";

function seatRow(seat, previous) {
  const first = localStorage.getItem(NAME) || "Player 1";
  const name = el("input", { type: "text", maxlength: "40", required: true, value: previous?.name ?? (seat === 0 ? first : `Bot ${seat + 1}`), "aria-label": `Name of seat ${seat + 1}` });
  const who = el("select", { "aria-label": `Who plays seat ${seat + 1}` }, PLAYED_BY.map(([value, label]) => el("option", { value }, label)));
  who.value = previous?.who ?? (seat === 0 ? "me" : "house");
  who.addEventListener("change", () => {
    if (who.value === "person" && /^Bot \d+$/.test(name.value)) name.value = `Player ${seat + 1}`;
    if ((who.value === "house" || who.value === "random") && /^Player \d+$/.test(name.value)) name.value = `Bot ${seat + 1}`;
  });
  return el("tr", { dataset: { seat } }, el("td", {}, String(seat + 1)), el("td", {}, name), el("td", {}, who));
}

function drawSeats() {
  const previous = [...seatRows.querySelectorAll("tr")].map((row) => ({ name: row.querySelector("input").value, who: row.querySelector("select").value }));
  seatRows.replaceChildren(...Array.from({ length: Number(playersSelect.value) }, (_, seat) => seatRow(seat, previous[seat])));
}

// The game's GameInfo in a line: who plays, how it ends, what is hidden or left to chance, how long it can last.
function describeGame(info) {
  const counts = info.players.length > 1 && info.players.at(-1) - info.players[0] === info.players.length - 1
    ? `${info.players[0]}-${info.players.at(-1)}` : info.players.join(", ");
  const parts = [`${counts} players`, info.play === "cooperative" ? "cooperative: all win or lose together" : info.play];
  if (info.score_range) parts.push(`scores ${info.score_range[0]} to ${info.score_range[1]}`);
  parts.push(info.hidden_information ? "hidden information" : "nothing hidden");
  parts.push(info.chance ? "chance" : "no chance");
  if (info.simultaneous) parts.push("simultaneous choices");
  parts.push(info.max_decisions === null ? "no set length" : `at most ${info.max_decisions} moves`);
  return parts.join(" · ");
}

function drawGame() {
  const game = currentGame();
  gameInfo.textContent = describeGame(game.info);
  const chosen = playersSelect.value;
  playersSelect.replaceChildren(...game.player_counts.map((count) => el("option", { value: count }, String(count))));
  if (game.player_counts.includes(Number(chosen))) playersSelect.value = chosen;
  drawSeats();
  optionFields.replaceChildren(
    ...game.options.map((option) =>
      el(
        "label",
        {},
        option.name.replaceAll("_", " "),
        el("input", {
          type: typeof option.default === "number" ? "number" : "text",
          name: option.name,
          value: Array.isArray(option.default) ? option.default.join(", ") : String(option.default),
          dataset: { kind: Array.isArray(option.default) ? "list" : typeof option.default, default: JSON.stringify(option.default) },
        }),
      ),
    ),
  );
  optionBox.hidden = game.options.length === 0;
}

function optionValues() {
  const options = {};
  for (const input of optionFields.querySelectorAll("input")) {
    const { kind } = input.dataset;
    const raw = input.value.trim();
    if (JSON.stringify(kind === "number" ? Number(raw) : raw) === input.dataset.default) continue;
    if (kind === "number") options[input.name] = Number(raw);
    else if (kind === "list") options[input.name] = raw === "" ? [] : raw.split(",").map((part) => part.trim()).filter(Boolean);
    else options[input.name] = raw;
  }
  return options;
}

async function create(event) {
  event.preventDefault();
  createError.textContent = "";
  const rows = [...seatRows.querySelectorAll("tr")].map((row) => ({ name: row.querySelector("input").value.trim(), who: row.querySelector("select").value }));
  const mine = rows.flatMap((row, seat) => (row.who === "me" ? [seat] : []));
  if (mine.length) localStorage.setItem(NAME, rows[mine[0]].name);
  const body = {
    game: gameSelect.value,
    seats: rows.map((row) => (row.who === "house" || row.who === "random" ? { name: row.name, bot: row.who } : { name: row.name })),
    options: optionValues(),
    commit_seed: document.getElementById("commit-seed").checked,
    claim: mine.length ? mine[0] : null,
  };
  const button = document.getElementById("create");
  button.disabled = true;
  try {
    const created = await api.create(body);
    const matchId = created.match.match_id;
    if (created.token) tokens.put(matchId, created.seat, created.token);
    for (const seat of mine.slice(1)) {
      const claimed = await api.claim(matchId, seat);
      tokens.put(matchId, seat, claimed.token);
    }
    location.href = tableUrl(matchId, mine.length ? mine[0] : null);
  } catch (error) {
    createError.textContent = error.message;
    button.disabled = false;
  }
}

async function take(match, seat) {
  try {
    const claimed = await api.claim(match.match_id, seat);
    tokens.put(match.match_id, seat, claimed.token);
    location.href = tableUrl(match.match_id, seat);
  } catch (error) {
    alert(error.message);
    refresh();
  }
}

function seatLine(match, info) {
  const held = tokens.get(match.match_id, info.seat);
  let state;
  if (info.bot) state = el("span", { class: "tag bot" }, `${info.bot} bot`);
  else if (held) state = el("a", { class: "button small", href: tableUrl(match.match_id, info.seat) }, "Play (yours)");
  else if (!info.claimed && match.status === "active") state = el("button", { class: "small primary", onclick: () => take(match, info.seat) }, "Take this seat");
  else state = el("span", { class: `tag ${info.online ? "online" : ""}` }, info.claimed ? (info.online ? "playing" : "away") : "open");
  return el("li", {}, el("span", { class: "seat-name" }, info.name), state);
}

function matchCard(match) {
  const finished = match.status === "finished";
  const links = [el("a", { class: "button small", href: tableUrl(match.match_id, null) }, finished ? "See the end" : "Watch")];
  if (finished) links.push(el("a", { class: "button small", href: `/api/matches/${match.match_id}/log`, download: "" }, "Download log"));
  const mine = tokens.seats(match.match_id)[0];
  if (finished || mine !== undefined) {
    const seat = finished ? "" : `&seat=${mine}`;
    links.push(el("a", { class: "button small", href: `/replay?match=${encodeURIComponent(match.match_id)}${seat}` }, finished ? "Replay" : "Replay (your seat)"));
  }
  return el(
    "li",
    { class: "match-card", dataset: { matchId: match.match_id } },
    el("div", { class: "match-head" }, el("strong", {}, match.title), el("span", { class: "muted" }, ` · ${match.steps} steps · ${when(match.updated)}`)),
    el("ul", { class: "seat-list" }, match.seats.map((info) => seatLine(match, info))),
    el("div", { class: "match-links" }, links),
  );
}

function fill(list, matches, empty) {
  list.replaceChildren(...(matches.length ? matches.map(matchCard) : [el("li", { class: "muted empty" }, empty)]));
}

async function refresh() {
  try {
    const [open, active, finished] = await Promise.all([api.matches("?status=active&open=true"), api.matches("?status=active"), api.matches("?status=finished")]);
    const openIds = new Set(open.map((match) => match.match_id));
    fill(document.getElementById("open-matches"), open, "No seats are open. Create a match above.");
    fill(document.getElementById("live-matches"), active.filter((match) => !openIds.has(match.match_id)), "Nothing is being played right now.");
    fill(document.getElementById("finished-matches"), finished.slice(0, 20), "No finished matches yet.");
  } catch (error) {
    console.warn("lobby refresh failed:", error.message);
  }
}

async function start() {
  games = await api.games();
  gameSelect.replaceChildren(...games.map((game) => el("option", { value: game.name }, game.title)));
  gameSelect.value = games.some((game) => game.name === "five_wards") ? "five_wards" : games[0].name;
  gameSelect.addEventListener("change", drawGame);
  playersSelect.addEventListener("change", drawSeats);
  form.addEventListener("submit", create);
  drawGame();
  await refresh();
  setInterval(refresh, 4000);
}

start();
