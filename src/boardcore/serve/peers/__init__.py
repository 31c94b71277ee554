"""The server processes sharing one database: heartbeats, bot leases and presence (:mod:`boardcore.serve.cluster`).

Laid out like the store and the seat book, with one backend: PostgreSQL
(:mod:`.postgres`), the only database several processes serve together. It is
imported by the cluster, never with ``import boardcore.serve``.
"""

__all__: list[str] = []
