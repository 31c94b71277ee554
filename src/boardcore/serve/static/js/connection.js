// One WebSocket to a match, kept open: it says hello (or watch), keeps the revision, the snapshot and the story,
// applies updates in revision order, and reconnects by itself with the last revision it has.

const FATAL = new Set([4401, 4404]); // the token was refused, or no such match: reconnecting cannot help
const BACKOFF = [250, 500, 1000, 2000, 3000];

export class TableConnection extends EventTarget {
  constructor({ matchId, token }) {
    super();
    this.matchId = matchId;
    this.token = token; // null: a spectator
    this.revision = null; // the last revision applied (null before the first snapshot)
    this.snapshot = null;
    this.story = []; // [{step, player, text}], the steps in play
    this.seats = [];
    this.seat = null;
    this.finished = null;
    this.status = "connecting";
    this.socket = null;
    this.attempts = 0;
    this.nextId = 1;
    this.pending = new Map();
    this.stopped = false;
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
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(`${scheme}//${location.host}/ws`);
    this.socket = socket;
    this.setStatus(this.attempts ? "reconnecting" : "connecting");
    socket.addEventListener("open", () => {
      const opening = { match_id: this.matchId, since: this.revision, pictures: true, story: true };
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
    if (this.socket?.readyState !== WebSocket.OPEN) return Promise.reject(new Error("Not connected: wait a moment and try again."));
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
        this.replace(frame.snapshot);
        break;
      case "updates":
        this.apply(frame);
        break;
      case "story":
        if (frame.revision === this.revision) {
          this.story = frame.steps;
          this.emit("story", this.story);
        }
        break;
      case "picture":
        if (frame.revision === this.revision) this.emit("picture", frame.svg);
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
        this.story = [...this.story.filter((told) => told.step < entry.step), { step: entry.step, player: entry.player, text: entry.text }];
      } else if (entry.type === "undone") {
        this.story = this.story.filter((told) => told.step < entry.step);
      }
    }
    this.snapshot = updates.snapshot;
    this.revision = updates.snapshot.revision;
    this.emit("story", this.story);
    this.emit("state", this.snapshot);
  }

  sync() {
    // A gap (it cannot happen on one ordered stream, but a client checks): ask for everything after our revision.
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify({ type: "sync", since: this.revision ?? 0 }));
  }
}
