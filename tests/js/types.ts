// tsc --strict over the client's declarations as a UI in TypeScript uses them (tests/serve/test_typescript.py):
// the package's exports resolve, every game's declarations compile, and the unions discriminate on `type`.
import { changedTargets, Lobby, TableConnection, verifyLog, type Verdict } from "boardcore-client";
import type { ClientFrame, ProtocolVersion, ServerFrame } from "boardcore-client/protocol";
import type * as FiveWards from "boardcore-client/games/five_wards";
import type * as Bellwether from "boardcore-client/games/bellwether";
import type * as Kuhn from "boardcore-client/games/kuhn_poker";
import type * as Peaky from "boardcore-client/games/peaky_blinders";
import type * as Warriors from "boardcore-client/games/the_warriors";
import type { Action, Event, ServerFrame as TicTacToeFrame, View } from "boardcore-client/games/tic_tac_toe";

const version: ProtocolVersion = 3;

export async function play(base: string): Promise<Verdict> {
  const lobby = new Lobby(base);
  const created = await lobby.create({ game: "tic_tac_toe", seats: [{ name: "Ann" }, { name: "Bot", bot: "random" }], claim: 0 });
  const table = new TableConnection<View, Action, Event>({ matchId: created.match.match_id, token: created.token, url: lobby.socketUrl() });
  table.addEventListener("state", ({ detail }) => {
    const board: number[] = detail.view.board; // the view is the game's, not unknown
    const mine = detail.legal[0];
    if (mine && board.length === 9 && detail.outcome === null) void table.act(mine.action);
  });
  table.addEventListener("chain", ({ detail }) => detail.problem?.toUpperCase());
  table.start();
  return verifyLog(await lobby.log(created.match.match_id), { published: table.published() });
}

export function describe(frame: TicTacToeFrame): string {
  switch (frame.type) {
    case "snapshot":
      return `revision ${frame.revision}, winner ${frame.view.winner ?? "none"}, seed ${frame.reveal?.seed ?? "committed"}`;
    case "updates":
      return frame.entries.map((entry) => (entry.type === "stepped" ? entry.events.map((e) => `cell ${e.cell}`).join() : `undone ${entry.step}`)).join("; ");
    case "error":
      return `${frame.code}: ${frame.message}`;
    default:
      return frame.type;
  }
}

export function sends(): ClientFrame[] {
  const act: Action = { type: "PlaceMark", cell: 4 };
  return [{ type: "hello", match_id: "m", token: "t", since: null }, { type: "act", revision: 3, action: { ...act } }];
}

export function names(f: FiveWards.Action, b: Bellwether.Action, k: Kuhn.Event, p: Peaky.View, w: Warriors.Snapshot, any: ServerFrame): string[] {
  return [f.type, b.type, k.type, typeof p, w.game, any.type, String(version)];
}

export function lastAction(before: Map<string, string> | null, after: Map<string, string>): string[] {
  return [...changedTargets(before, after)].sort();
}
