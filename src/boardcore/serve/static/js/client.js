// The boardcore client for any UI, in a browser or in Node 20+: the lobby's HTTP API, a table connection that keeps
// itself in sync, and the verifier that checks the game's fairness on this machine. No build step, no dependency.
// Types: client.d.ts (hand-written API) over protocol.d.ts and games/GAME.d.ts (generated from the server's schemas).
// docs/serving.md, "Build your own client", has a complete example.

export { TableConnection } from "./connection.js";
export { changedTargets } from "./sheet.js";
export { canonical, JsonFloat, parseJson, publishedFile, verifyLog } from "./verify.js";

/** A refusal from the server: `code` is one of the protocol's error codes, `status` the HTTP status. */
export class ApiError extends Error {
  constructor(code, message, status) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

/** The lobby's HTTP API at `base` ("" on the server's own pages; "http://host:port" elsewhere). */
export class Lobby {
  constructor(base = "", { fetch: fetcher = globalThis.fetch.bind(globalThis) } = {}) {
    this.base = base.replace(/\/$/, "");
    this.fetch = fetcher;
  }

  async request(method, path, body) {
    const init = { method, headers: { Accept: "application/json" } };
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    const response = await this.fetch(this.base + path, init);
    const data = await response.json().catch(() => null);
    if (!response.ok) {
      throw new ApiError(data?.code ?? "server/error", data?.message ?? `The server answered ${response.status}.`, response.status);
    }
    return data;
  }

  games() {
    return this.request("GET", "/api/games");
  }

  matches(query = "") {
    return this.request("GET", `/api/matches${query}`);
  }

  match(matchId) {
    return this.request("GET", `/api/matches/${encodeURIComponent(matchId)}`);
  }

  /** A new match (`seed`, when given, is a decimal string: seeds run to 2**64 - 1). */
  create(body) {
    return this.request("POST", "/api/matches", body);
  }

  claim(matchId, seat) {
    return this.request("POST", `/api/matches/${encodeURIComponent(matchId)}/seats/${seat}`);
  }

  /** The server plays `seat` with the house bot from now on: an open seat, the asker's own (`token`), or one away long
   * enough (the token travels in the body, never in a URL). */
  toBot(matchId, seat, token) {
    return this.request("POST", `/api/matches/${encodeURIComponent(matchId)}/seats/${seat}/bot`, { token });
  }

  /** The finished match's log as bytes, for verifyLog (never JSON.parse: its seed may be above 2**53). */
  async log(matchId) {
    const response = await this.fetch(`${this.base}/api/matches/${encodeURIComponent(matchId)}/log`);
    if (!response.ok) {
      const data = await response.json().catch(() => null);
      throw new ApiError(data?.code ?? "server/error", data?.message ?? `The server answered ${response.status}.`, response.status);
    }
    return new Uint8Array(await response.arrayBuffer());
  }

  /** The WebSocket URL of this server, for a TableConnection. */
  socketUrl() {
    const base = this.base || `${globalThis.location.protocol}//${globalThis.location.host}`;
    return `${base.replace(/^http/, "ws")}/ws`;
  }
}
