"""``boardcore serve``: a reference game server (the ``[serve]`` extra: Starlette, uvicorn, websockets).

Layers, each in its own module (boardgame.io's transport / master / db split):

- ``protocol``: the wire messages (msgspec Structs) and their JSON Schema;
- ``tokens``: secret seat tokens, and the hash that is all a server keeps of them;
- ``seats``: the lobby's storage beside the event store (who plays each seat, hashed tokens);
- ``master``: one coordinator per match that serialises acts and undos and fans out each revision;
- ``bots``: the server's bots, acting for their seats through the master;
- ``hub``: every master of this process, loading matches from the store on demand;
- ``lobby``: the HTTP endpoints (games, create, list, claim a seat, download a log);
- ``transport``: one WebSocket per seat or spectator, with bounded outgoing queues;
- ``app``: the Starlette application (lobby, WebSocket, browser client under ``static/``);
- ``command``: the ``boardcore serve`` subcommand.

This package imports none of them, so the core command line loads without the
optional dependencies. The protocol is specified in ``docs/serving.md``.
"""

from __future__ import annotations

__all__: list[str] = []
