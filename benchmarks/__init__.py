"""pytest-benchmark suite: boardcore's workloads for every registered game, and its peers side by side.

Run ``.venv/bin/python benchmarks/run.py`` for the results table (see ``docs/performance.md``);
``pytest benchmarks/`` (benchmarks disabled) runs each benchmark once as a smoke test.
"""
