// One WebSocket to a match, kept open: it says hello (or watch), keeps the revision, the snapshot and the story,
// applies updates in revision order, and reconnects by itself with the last revision it has. It also records the
// fairness commitments the server publishes during play (the seed commitment, each step's chain value), checks what
// can be checked as they arrive, and verifies the final log against them: see verify.js.

import { publishedFile, verifyLog } from "./verify.js";

const HEX32 = /^[0-9a-f]{32}$/;
const FATAL = new Set([4401, 4404]); // the token was refused, or no such match: reconnecting cannot help
const BACKOFF = [250, 500, 1000, 2000, 3000];

/** A `picture_diff`'s pieces applied to the picture they edit: strings are new text, `[start, end]` copies old text. */
export function applyDiff(old, pieces) {
  return pieces.map((piece) => (typeof piece === "string" ? piece : old.slice(piece[0], piece[1]))).join("");
}

export class TableConnection extends EventTarget {
  /**
   * `url`: the server's WebSocket URL (default: this page's server); `WebSocket`: the implementation (default the
   * global one: browsers, Node 22, or Node 20 with --experimental-websocket); `pictures` and `story`: ask for them.
   */
  constructor({ matchId, token = null, url = null, WebSocket: socketClass = globalThis.WebSocket, pictures = false, story = false }) {
    super();
    this.matchId = matchId;
    this.token = token; // null: a spectator
    this.url = url ?? `${globalThis.location.protocol === "https:" ? "wss:" : "ws:"}//${globalThis.location.host}/ws`;
    this.WebSocket = socketClass;
    this.wants = { pictures, diffs: pictures, story }; // pictures come as diffs of the last one after the first
    this.picture = null; // {revision, svg}: the last picture this connection was sent (what a picture_diff edits)
    this.revision = null; // the last revision applied (null before the first snapshot)
    this.snapshot = null;
    this.story = []; // [{step, player, text, chain}], the steps in play
    this.seats = [];
    this.seat = null;
    this.finished = null;
    this.status = "connecting";
    this.socket = null;
    this.attempts = 0;
    this.nextId = 1;
    this.pending = new Map();
    this.stopped = false;
    this.commitment = undefined; // the seed commitment of the first snapshot (null: the seed is public)
    this.chains = new Map(); // step -> the chain value published for it, for the steps in play
    this.unfair = null; // the first thing the server published that cannot be right, in words
  }

  start() {
    this.open();
  }

  stop() {
    this.stopped = true;
    this.socket?.close(1000);
  }

  emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }

  setStatus(status, detail) {
    this.status = status;
    this.emit("status", { status, detail });
  }

  open() {
    const socket = new this.WebSocket(this.url);
    this.socket = socket;
    this.picture = null; // a new connection starts with a whole picture
    this.setStatus(this.attempts ? "reconnecting" : "connecting");
    socket.addEventListener("open", () => {
      const opening = { match_id: this.matchId, since: this.revision, ...this.wants };
      socket.send(JSON.stringify(this.token ? { type: "hello", token: this.token, ...opening } : { type: "watch", ...opening }));
    });
    socket.addEventListener("message", (event) => this.receive(JSON.parse(event.data)));
    socket.addEventListener("close", (event) => this.closed(socket, event));
  }

  closed(socket, event) {
    if (socket !== this.socket) return;
    for (const { reject } of this.pending.values()) reject(new Error("The connection closed before the server answered."));
    this.pending.clear();
    if (this.stopped) return;
    if (FATAL.has(event.code)) {
      this.setStatus("refused", event.reason);
      return;
    }
    const delay = event.code === 4408 ? 0 : BACKOFF[Math.min(this.attempts, BACKOFF.length - 1)];
    this.attempts += 1;
    this.setStatus("reconnecting");
    setTimeout(() => this.open(), delay + Math.random() * 100);
  }

  send(frame) {
    if (this.socket?.readyState !== this.WebSocket.OPEN) return Promise.reject(new Error("Not connected: wait a moment and try again."));
    const id = this.nextId++;
    this.socket.send(JSON.stringify({ ...frame, id }));
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
  }

  act(action) {
    return this.send({ type: "act", revision: this.revision, action });
  }

  undo() {
    return this.send({ type: "undo", revision: this.revision });
  }

  /** Resign: the game ends at once and every other seat wins (the engine's forfeit, in the log; no undo). */
  resign() {
    return this.send({ type: "resign", revision: this.revision });
  }

  receive(frame) {
    switch (frame.type) {
      case "welcome":
        this.attempts = 0;
        this.seat = frame.seat;
        this.seats = frame.seats;
        this.setStatus("connected");
        this.emit("welcome", frame);
        this.emit("seats", frame.seats);
        break;
      case "snapshot":
        this.replace(frame);
        break;
      case "resync":
        this.chains.clear(); // steps may have been taken back and played again: only what is told from here is kept
        this.replace(frame.snapshot);
        break;
      case "updates":
        this.apply(frame);
        break;
      case "story":
        if (frame.revision === this.revision) {
          this.story = frame.steps;
          for (const told of frame.steps) this.publish(told.step, told.chain);
          this.emit("story", this.story);
        }
        break;
      case "picture":
        this.picture = { revision: frame.revision, svg: frame.svg };
        if (frame.revision === this.revision) this.emit("picture", frame.svg);
        break;
      case "picture_diff":
        if (this.picture?.revision !== frame.base) {
          // Cannot happen on one ordered stream; reconnecting starts again from a whole picture.
          this.socket?.close(4000, "picture diff out of step");
          break;
        }
        this.picture = { revision: frame.revision, svg: applyDiff(this.picture.svg, frame.pieces) };
        if (frame.revision === this.revision) this.emit("picture", this.picture.svg);
        break;
      case "seats":
        this.seats = frame.seats;
        this.emit("seats", frame.seats);
        break;
      case "finished":
        this.finished = frame;
        this.emit("finished", frame);
        break;
      case "ok":
        this.settle(frame.id, (waiting) => waiting.resolve(frame));
        break;
      case "error":
        if (!this.settle(frame.id, (waiting) => waiting.reject(Object.assign(new Error(frame.message), { code: frame.code })))) {
          this.emit("problem", frame);
        }
        break;
      default:
        break;
    }
  }

  settle(id, how) {
    const waiting = id === null || id === undefined ? undefined : this.pending.get(id);
    if (!waiting) return false;
    this.pending.delete(id);
    how(waiting);
    return true;
  }

  replace(snapshot) {
    this.commit(snapshot);
    for (const step of this.chains.keys()) if (step > snapshot.step) this.chains.delete(step); // taken back meanwhile
    this.snapshot = snapshot;
    this.revision = snapshot.revision;
    this.story = []; // the story frame that follows rebuilds it
    this.emit("state", snapshot);
  }

  apply(updates) {
    if (this.revision === null || updates.since !== this.revision) {
      this.sync();
      return;
    }
    let expected = updates.since + 1;
    for (const entry of updates.entries) {
      if (entry.revision !== expected) {
        this.sync();
        return;
      }
      expected += 1;
      if (entry.type === "stepped") {
        this.story = [...this.story.filter((told) => told.step < entry.step), { step: entry.step, player: entry.player, text: entry.text, chain: entry.chain }];
        this.publish(entry.step, entry.chain);
      } else if (entry.type === "undone") {
        this.story = this.story.filter((told) => told.step < entry.step);
        for (const step of this.chains.keys()) if (step >= entry.step) this.chains.delete(step);
      }
    }
    this.commit(updates.snapshot);
    this.snapshot = updates.snapshot;
    this.revision = updates.snapshot.revision;
    this.emit("story", this.story);
    this.emit("state", this.snapshot);
  }

  sync() {
    // A gap (it cannot happen on one ordered stream, but a client checks): ask for everything after our revision.
    if (this.socket?.readyState === this.WebSocket.OPEN) this.socket.send(JSON.stringify({ type: "sync", since: this.revision ?? 0 }));
  }

  // --- fairness ----------------------------------------------------------------------------------

  /** The seed commitment never changes during a match: a snapshot with another one is the server breaking its word. */
  commit(snapshot) {
    if (this.commitment === undefined) this.commitment = snapshot.seed_commitment;
    else if (snapshot.seed_commitment !== this.commitment) this.distrust(`the seed commitment changed during play (from ${this.commitment} to ${snapshot.seed_commitment})`);
  }

  /** Record one published chain value, checked live: well formed, and never two values for a step still in play. */
  publish(step, chain) {
    if (chain === null || chain === undefined) return; // a public seed: no chain is published (docs/log-format.md)
    let problem = null;
    if (!HEX32.test(chain)) problem = `step ${step}'s published chain value is not 32 hex digits`;
    else if (this.chains.has(step) && this.chains.get(step) !== chain) problem = `step ${step} was published with two different chain values`;
    if (problem) this.distrust(problem);
    else this.chains.set(step, chain);
    this.emit("chain", { step, chain, problem });
  }

  distrust(problem) {
    this.unfair ??= problem;
    this.emit("unfair", problem);
  }

  /** The chain values published during play, as a file `boardcore verify LOG --published FILE` reads. */
  published() {
    return publishedFile(this.matchId, this.commitment ?? null, this.chains);
  }

  /**
   * Verify the final log (bytes or text, e.g. from Lobby.log) on this machine against what was published during play:
   * the verdict of verifyLog, failed with kind "published_mismatch" if something published during play was already wrong.
   */
  async verify(log) {
    const verdict = await verifyLog(log, { published: this.published() });
    if (verdict.ok && this.unfair) return { ...verdict, ok: false, kind: "published_mismatch", message: this.unfair };
    return verdict;
  }
}
