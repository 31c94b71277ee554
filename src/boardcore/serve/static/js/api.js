// The pages' lobby API (client.js's Lobby on this server), seat tokens kept in this browser, and small DOM helpers.

import { ApiError, Lobby } from "./client.js";

export { ApiError };

export const api = new Lobby("");

// Seat tokens live only in this browser's localStorage: {match_id: {seat: token}}.
const TOKENS = "boardcore.tokens";

function readTokens() {
  try {
    return JSON.parse(localStorage.getItem(TOKENS) ?? "{}") ?? {};
  } catch {
    return {};
  }
}

export const tokens = {
  get(matchId, seat) {
    return readTokens()[matchId]?.[String(seat)] ?? null;
  },
  seats(matchId) {
    return Object.keys(readTokens()[matchId] ?? {}).map(Number).sort((a, b) => a - b);
  },
  put(matchId, seat, token) {
    const all = readTokens();
    all[matchId] = { ...(all[matchId] ?? {}), [String(seat)]: token };
    localStorage.setItem(TOKENS, JSON.stringify(all));
  },
};

export function tableUrl(matchId, seat) {
  const where = `/match/${encodeURIComponent(matchId)}`;
  return seat === null || seat === undefined ? `${where}?watch` : `${where}?seat=${seat}`;
}

// el("button", {class: "primary", onclick: f}, "Text", child...): text is always set as text, never as HTML.
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "class") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function when(seconds) {
  const ago = Math.max(0, Date.now() / 1000 - seconds);
  if (ago < 60) return "just now";
  if (ago < 3600) return `${Math.floor(ago / 60)} min ago`;
  if (ago < 86400) return `${Math.floor(ago / 3600)} h ago`;
  return new Date(seconds * 1000).toLocaleDateString();
}
