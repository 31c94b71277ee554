// The API of client.js (hand-written; the frames it carries are generated in protocol.d.ts and games/GAME.d.ts).
// A game's own types go in the generic parameters: `new TableConnection<View, Action, Event>(...)`, with
// `import type { View, Action, Event } from "boardcore-client/games/tic_tac_toe"`.

import type {
  Claimed,
  CreateMatch,
  Created,
  Finished,
  GameListing,
  MatchSummary,
  SeatInfo,
  Snapshot,
  StoryStep,
  Welcome,
  Error as ErrorFrame,
} from "./protocol.js";

/** A refusal from the server: `code` is one of the protocol's error codes (docs/serving.md). */
export declare class ApiError extends Error {
  constructor(code: string, message: string, status: number);
  readonly code: string;
  readonly status: number;
}

/** The lobby's HTTP API at `base` ("" on the server's own pages; "http://host:port" elsewhere). */
export declare class Lobby {
  constructor(base?: string, options?: { fetch?: typeof fetch });
  readonly base: string;
  games(): Promise<GameListing[]>;
  matches(query?: string): Promise<MatchSummary[]>;
  match(matchId: string): Promise<MatchSummary>;
  /** A new match; a `seed` is sent as a decimal string. */
  create(body: CreateMatch): Promise<Created>;
  claim(matchId: string, seat: number): Promise<Claimed>;
  /** Hand `seat` to the house bot (open, the asker's own, or away long enough); `token` is the asker's seat token. */
  toBot(matchId: string, seat: number, token: string): Promise<MatchSummary>;
  /** The finished match's log as bytes: give it to `verifyLog` or `TableConnection.verify`, never to `JSON.parse`. */
  log(matchId: string): Promise<Uint8Array>;
  /** The server's WebSocket URL, for a TableConnection. */
  socketUrl(): string;
}

export type Status = "connecting" | "connected" | "reconnecting" | "refused";

/** One step in play, as the story shows it (the `chain` value published for it, `null` with a public seed). */
export type Told = Pick<StoryStep, "step" | "player" | "text" | "chain">;

export interface ConnectionOptions {
  matchId: string;
  /** The seat's token from `Lobby.create` or `Lobby.claim`; `null` (default): watch as a spectator. */
  token?: string | null;
  /** The WebSocket URL (default: this page's server; `Lobby.socketUrl()` elsewhere). */
  url?: string | null;
  /** The WebSocket class (default: the global one: browsers, Node 22, Node 20 with --experimental-websocket). */
  WebSocket?: typeof WebSocket;
  /** Ask the server for a picture (SVG) after each state message. */
  pictures?: boolean;
  /** Ask the server for the story after each snapshot and resync. */
  story?: boolean;
}

export interface ConnectionEvents<View, Action> {
  status: CustomEvent<{ status: Status; detail?: string }>;
  welcome: CustomEvent<Welcome>;
  seats: CustomEvent<SeatInfo[]>;
  state: CustomEvent<Snapshot<View, Action>>;
  story: CustomEvent<Told[]>;
  picture: CustomEvent<string>;
  finished: CustomEvent<Finished>;
  problem: CustomEvent<ErrorFrame>;
  /** A chain value published during play, checked as it arrived (`problem`: what was wrong with it). */
  chain: CustomEvent<{ step: number; chain: string; problem: string | null }>;
  /** The server published something that cannot be right (the first such thing stays in `unfair`). */
  unfair: CustomEvent<string>;
}

/**
 * One WebSocket to a match, kept in sync: it applies updates in revision order, asks for a resync on a gap, and
 * reconnects by itself with the last revision it has. It records what the server publishes for fairness (the seed
 * commitment, each step's chain value) and verifies the final log against it.
 */
export declare class TableConnection<View = unknown, Action = unknown, Event = unknown> extends EventTarget {
  constructor(options: ConnectionOptions);
  readonly matchId: string;
  readonly token: string | null;
  readonly url: string;
  /** The last revision applied: send it with each action (`null` before the first snapshot). */
  readonly revision: number | null;
  readonly snapshot: Snapshot<View, Action> | null;
  readonly story: Told[];
  readonly seats: SeatInfo[];
  readonly seat: number | null;
  readonly finished: Finished | null;
  readonly status: Status;
  /** The seed commitment of the first snapshot (`null`: the seed is public; `undefined`: no snapshot yet). */
  readonly commitment: string | null | undefined;
  /** Step -> the chain value published for it, for the steps in play. */
  readonly chains: ReadonlyMap<number, string>;
  /** The first thing the server published that cannot be right, or `null`. */
  readonly unfair: string | null;
  /** Open the socket (and keep it open until `stop`). */
  start(): void;
  stop(): void;
  /** Apply one of the seat's legal actions at the current revision; resolves with the server's `ok`. */
  act(action: Action): Promise<{ type: "ok"; id: number | null; revision: number }>;
  /** Take back the seat's last action (when `snapshot.can_undo`). */
  undo(): Promise<{ type: "ok"; id: number | null; revision: number }>;
  /** Resign: the game ends and every other seat wins (the engine's forfeit, logged as `boardcore.Resign`; no undo). */
  resign(): Promise<{ type: "ok"; id: number | null; revision: number }>;
  /** The chain values published during play, as a file `boardcore verify LOG --published FILE` reads. */
  published(): PublishedFile;
  /** Verify the final log on this machine against what was published during play. */
  verify(log: Uint8Array | ArrayBuffer | string): Promise<Verdict>;
  addEventListener<K extends keyof ConnectionEvents<View, Action>>(
    type: K,
    listener: (event: ConnectionEvents<View, Action>[K]) => void,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions): void;
}

/** The last action's elements: the ids (`data-target`) whose drawing (markup) in `after` differs from the same id's in
 * `before`, or that `before` lacks; nothing when there is no picture before. Compare a seat's own consecutive pictures
 * (docs/serving.md, "The last action"). */
export declare function changedTargets(before: ReadonlyMap<string, string> | null, after: ReadonlyMap<string, string>): Set<string>;

/** The kinds of `boardcore verify`'s verdicts that a verifier without the rules can reach. */
export type VerdictKind = "corrupt" | "truncated" | "broken_chain" | "seed_mismatch" | "unsupported_format" | "published_mismatch";

/** verifyLog's answer: `ok`, or the first bad step (or line) with its kind; `checked` says what was checked, in words. */
export interface Verdict {
  ok: boolean;
  /** Records checked. */
  steps: number;
  step: number | null;
  line: number | null;
  kind: VerdictKind | null;
  message: string;
  checked: string[];
}

/** What a client saves of the chain values published during play (docs/log-format.md, "Published chain values"). */
export interface PublishedFile {
  format: "boardcore-published-chain";
  format_version: 1;
  match_id: string | null;
  seed_commitment: string | null;
  steps: { step: number; chain: string }[];
}

export interface VerifyOptions {
  /** The chain values published during play, as a file's text or object. */
  published?: PublishedFile | string | null;
  /** A committed seed (decimal string or bigint) and its salt, for a log that does not reveal them. */
  seed?: string | bigint | null;
  salt?: string | null;
}

/**
 * Check a JSON Lines log without the rules: its structure, genesis, every chain value, the published chain values,
 * and that the revealed seed and salt open the commitment. Never throws for a bad log.
 */
export declare function verifyLog(log: Uint8Array | ArrayBuffer | string, options?: VerifyOptions): Promise<Verdict>;

export declare function publishedFile(matchId: string | null, seedCommitment: string | null, chains: ReadonlyMap<number, string>): PublishedFile;

/** A JSON float as parseJson reads it (kept apart from integers, so it re-encodes as a float). */
export declare class JsonFloat {
  constructor(value: number);
  readonly value: number;
}

/** A JSON value as parseJson reads it: integers above 2**53 as bigint, numbers with a fraction or exponent as JsonFloat. */
export type Lossless = null | boolean | number | bigint | string | JsonFloat | Lossless[] | { [key: string]: Lossless };

/** JSON.parse that keeps every digit of every integer. */
export declare function parseJson(text: string): Lossless;

/** The canonical JSON of docs/log-format.md (sorted keys, raw UTF-8, integers in full). */
export declare function canonical(value: Lossless): string;
