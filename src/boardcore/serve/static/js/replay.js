// The replay page: a match's replay (?match=ID, with &seat=N for a seat's own before the end) or an uploaded log's,
// shown in a frame exactly as `boardcore replay LOG --html` writes it, with a link to save that file.
import { tokens } from "./api.js";

const $ = (id) => document.getElementById(id);
let shown = null;

function status(message, bad = false) {
  $("status").textContent = message;
  $("status").classList.toggle("error", bad);
}

async function show(response, name) {
  if (!response.ok) {
    const error = await response.json().catch(() => null);
    status(error?.message ?? `The server answered ${response.status}.`, true);
    document.body.dataset.error = error?.code ?? "server/error";
    return;
  }
  const page = await response.text();
  if (shown) URL.revokeObjectURL(shown);
  shown = URL.createObjectURL(new Blob([page], { type: "text/html" }));
  const frame = $("viewer");
  frame.src = shown;
  frame.hidden = false;
  const save = $("save");
  save.href = shown;
  save.download = name;
  save.hidden = false;
  status("");
  delete document.body.dataset.error;
  document.body.dataset.loaded = name;
}

async function fromMatch(matchId, seat) {
  const headers = {};
  const token = seat === null ? null : tokens.get(matchId, seat);
  if (token) headers.Authorization = `Bearer ${token}`;
  status("Replaying the match…");
  $("title").textContent = `Replay of match ${matchId}`;
  await show(await fetch(`/api/matches/${encodeURIComponent(matchId)}/replay`, { headers }), `replay-${matchId}.html`);
}

async function fromFile(file) {
  status(`Replaying ${file.name}…`);
  const response = await fetch("/api/replays", { method: "POST", body: file, headers: { "Content-Type": "application/octet-stream" } });
  await show(response, `${file.name.replace(/\.[^.]*$/, "")}-replay.html`);
}

$("log-file").addEventListener("change", (event) => {
  const file = event.target.files[0];
  if (file) fromFile(file).catch((error) => status(`The upload failed: ${error}`, true));
});

const query = new URLSearchParams(location.search);
if (query.has("match")) {
  const seat = query.has("seat") ? Number(query.get("seat")) : null;
  fromMatch(query.get("match"), seat).catch((error) => status(`The replay failed: ${error}`, true));
}
