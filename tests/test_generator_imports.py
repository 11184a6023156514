"""The generator loads of each game's runtime only the table contract the two share, and each
game's package imports its public names on first use, as the objects their submodules define.

The import checks run in fresh processes: what a process has loaded is what they look at.
"""

from __future__ import annotations

import ast
import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("mahjong", "shisanshui", "zipai")

SHARED = {"mahjong": ("encoding",), "shisanshui": ("encoding",), "zipai": ("encoding", "units")}
"""The modules of each game's runtime the generator (``tablegen.<game>``) imports: the layout of
its tables."""

SERVING = ("lookup.warmup", "lookup.batching", "lookup.bulk", "lookup.bulk_io", "lookup.service", "lookup.cli",
           "lookup.adapters")
"""The layers above the games, which the generator never needs."""


def loaded_after(code: str) -> list[str]:
    """The modules in ``sys.modules`` after a fresh process runs ``code``."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"],
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def needless(loaded: list[str], game: str) -> list[str]:
    """The modules of ``loaded`` the generator of ``game`` does not need: any module of a game's
    runtime but the package and its :data:`SHARED` modules, and any module of :data:`SERVING`."""
    needed = {f"lookup.{game}", *(f"lookup.{game}.{name}" for name in SHARED[game])}
    return [m for m in loaded if m not in needed and (m.split(".")[:2] in (["lookup", g] for g in GAMES)
                                                      or any(m == s or m.startswith(s + ".") for s in SERVING))]


def test_needless_names_what_the_generator_does_not_need():
    loaded = ["lookup", "lookup.jit", "lookup.tables", "lookup.mahjong", "lookup.mahjong.encoding", "tablegen",
              "lookup.mahjong.scoring", "lookup.mahjong.scoring.chinese.detectors", "lookup.zipai", "lookup.warmup",
              "lookup.cli.serve", "lookup.mahjongs"]
    assert needless(loaded, "mahjong") == ["lookup.mahjong.scoring", "lookup.mahjong.scoring.chinese.detectors",
                                           "lookup.zipai", "lookup.warmup", "lookup.cli.serve"]


@pytest.mark.parametrize("game", GAMES)
def test_the_generator_loads_only_the_table_contract_of_the_runtime(game):
    loaded = loaded_after(f"import tablegen.{game}")
    assert f"lookup.{game}.encoding" in loaded
    extra = needless(loaded, game)
    assert not extra, f"importing tablegen.{game} loads runtime modules the generator does not need: {', '.join(extra)}"


def static_exports(game: str) -> dict[str, str]:
    """Public name -> defining submodule, from the ``if TYPE_CHECKING:`` imports of the game's
    ``__init__`` (what mypy and IDEs see)."""
    tree = ast.parse((ROOT / "lookup" / game / "__init__.py").read_text(encoding="utf-8"))
    blocks = [node for node in tree.body if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"]
    assert len(blocks) == 1, f"lookup/{game}/__init__.py has no one `if TYPE_CHECKING:` block"
    (block,) = blocks
    return {alias.name: node.module for node in block.body if isinstance(node, ast.ImportFrom) and node.module
            for alias in node.names}


@pytest.mark.parametrize("game", GAMES)
def test_every_public_name_is_the_object_its_submodule_defines(game):
    package = importlib.import_module(f"lookup.{game}")
    exports = static_exports(game)
    assert sorted(exports) == sorted(package.__all__), "the TYPE_CHECKING imports and __all__ differ"
    for name, submodule in exports.items():
        defined = getattr(importlib.import_module(f"lookup.{game}.{submodule}"), name)
        assert getattr(package, name) is defined, f"lookup.{game}.{name} is not lookup.{game}.{submodule}.{name}"
    assert set(package.__all__) <= set(dir(package))
    with pytest.raises(AttributeError, match="no attribute 'no_such_name'"):
        package.no_such_name  # noqa: B018


@pytest.mark.parametrize("game", GAMES)
def test_importing_a_package_loads_none_of_its_submodules(game):
    """Nor does a submodule imported first hide a public name of the same name (mahjong's
    ``shanten``); a submodule is an attribute of its package once asked for (``mahjong.tiles``)."""
    shadowed = sorted(name for name in static_exports(game) if (ROOT / "lookup" / game / f"{name}.py").is_file())
    code = (f"import importlib, sys\nimport lookup.{game} as package\n"
            f"assert not [m for m in sys.modules if m.startswith('lookup.{game}.')], sorted(sys.modules)\n"
            f"modules = [importlib.import_module('lookup.{game}.' + name) for name in {shadowed!r}]\n"
            f"for name, module in zip({shadowed!r}, modules):\n"
            f"    assert getattr(package, name) is getattr(module, name), name\n"
            f"assert package.rules is sys.modules['lookup.{game}.rules']\n")
    loaded = loaded_after(code)
    assert not [m for m in loaded if m.startswith("lookup.") and m.split(".")[1] in set(GAMES) - {game}]
    if game == "mahjong":
        assert shadowed == ["decompositions", "shanten"]
