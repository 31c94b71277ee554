"""``boardcore.rl``'s spec needs only the core; its environment parts need the ``[rl]`` extra and say so.

The extra is installed here, so each check runs in a fresh interpreter whose import
system refuses numpy, Gymnasium and PettingZoo (a meta-path finder placed first), as
an installation without the extra would.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

from boardcore import rl
from boardcore.rl import list_specs, pettingzoo_env

BLOCK = textwrap.dedent(
    """
    import sys
    from importlib.abc import MetaPathFinder

    class Refuse(MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in {"numpy", "gymnasium", "pettingzoo"}:
                raise ModuleNotFoundError(f"No module named {name!r}", name=name)
            return None

    sys.meta_path.insert(0, Refuse())
    """
)


def run_blocked(code: str) -> subprocess.CompletedProcess[str]:
    """``code`` run after the block, in a fresh interpreter; stdout holds what it prints."""
    return subprocess.run([sys.executable, "-c", BLOCK + textwrap.dedent(code)], capture_output=True, text=True, timeout=120, check=False)


def test_every_games_spec_loads_without_the_extra() -> None:
    """Each registered game's RL spec, and the ``boardcore.rl`` names that describe specs, import with the extra refused."""
    done = run_blocked(
        f"""
        import boardcore.rl
        from boardcore.rl import RlSpec, get_spec, scores_as_rewards
        for name in {list_specs()!r}:
            assert isinstance(get_spec(name), RlSpec), name
        print(sorted(m for m in sys.modules if m.split(".")[0] in {{"numpy", "gymnasium", "pettingzoo"}}))
        """
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_environment_parts_name_the_extra_without_it() -> None:
    """``rl.env`` and ``from boardcore.rl import BoardcoreEnv`` raise ``ImportError`` saying to install ``boardcore[rl]``."""
    done = run_blocked(
        """
        from boardcore import rl
        for use in (lambda: rl.env, lambda: rl.single_agent, lambda: rl.ActionSpelling):
            try:
                use()
            except ImportError as exc:
                print(exc)
            else:
                raise SystemExit("no ImportError")
        try:
            from boardcore.rl import BoardcoreEnv
        except ImportError as exc:
            print(exc)
        """
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 4
    for line in lines:
        assert "needs the [rl] extra (pip install 'boardcore[rl]')" in line


def test_spec_imports_no_part_of_the_extra_even_when_installed() -> None:
    """Importing a spec does not load numpy, Gymnasium or PettingZoo when they are installed: a game's spec costs only itself."""
    code = "import sys, boardcore.rl.spec, boardcore.rl; print(sorted(m for m in ('numpy', 'gymnasium', 'pettingzoo') if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert done.stdout.strip() == "[]"


def test_environment_parts_load_with_the_extra() -> None:
    """With the extra, the lazily imported names are the classes and functions of their modules."""
    assert rl.env is pettingzoo_env.env
    assert rl.BoardcoreEnv is pettingzoo_env.BoardcoreEnv
