"""Mass simulation, balance reports and tournaments (the ``[sim]`` extra; Ray through ``[ray]``).

One job per module: ``specs`` (bot spec strings), ``play`` (the work function,
importable on any worker), ``executors`` and ``ray_executor`` (where matches run),
``simulate`` (seeds, batches, resume), ``results`` (CSV and Parquet), ``stats``,
``plots`` and ``report`` (the balance report), ``tournament`` (OpenSkill ratings),
``commands`` (the ``boardcore`` subcommands). This package imports none of them,
so the core command line loads without the optional dependencies.
"""

from __future__ import annotations

__all__: list[str] = []
