"""The kernels' disk cache is keyed on every module a kernel compiles in, so it cannot go stale.

The fresh-process tests build a small package of their own (a kernel, the helper it compiles
in, a module the helper imports, one imported only inside a function, one not imported), so
editing a helper and seeing the kernel answer the new way takes a second, not a game's
compile.
"""

from __future__ import annotations

import importlib
import inspect
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from lookup import jit, kernel_cache

ROOT = Path(__file__).resolve().parents[1]
LOOKUP = ROOT / "lookup"
KERNELS = sorted(
    "lookup." + p.relative_to(LOOKUP).with_suffix("").as_posix().replace("/", ".")
    for p in LOOKUP.rglob("*.py") if "kernel_decorator(__name__)" in p.read_text(encoding="utf-8"))

PACKAGE = {
    "__init__.py": "",
    "kernels.py": "from lookup.jit import kernel_decorator\n\nfrom . import helper\n\n"
                  "kernel = kernel_decorator(__name__)\n\n\n@kernel\ndef answer(x):\n    return helper.value(x)\n",
    "helper.py": "from lookup.jit import jitable\n\nfrom .consts import OFFSET\n\n\n@jitable\ndef value(x):\n"
                 "    return x + OFFSET\n\n\ndef describe():\n    from . import deep\n\n    return deep.NAME\n",
    "consts.py": "OFFSET = 10\n",
    "deep.py": "NAME = 'deep'\n",
    "unrelated.py": "X = 1\n",
}

RUN = r"""
import json
import kpkg.kernels
from lookup.warmup import count_compiles
with count_compiles() as events:
    answer = kpkg.kernels.answer(1)
print(json.dumps([answer, len(events)]))
"""


@pytest.fixture
def package(tmp_path: Path) -> Path:
    """A package ``kpkg`` in ``tmp_path`` with one kernel module; returns its folder."""
    folder = tmp_path / "kpkg"
    folder.mkdir()
    for name, text in PACKAGE.items():
        (folder / name).write_text(text)
    return folder


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))


def run(package: Path, **extra: str | None) -> tuple[int, int]:
    """(the kernel's answer for 1, how many functions it compiled) in a fresh process."""
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env["PYTHONPATH"] = os.pathsep.join([str(package.parent), str(ROOT)])
    env.update({k: v for k, v in extra.items() if v is not None})
    done = subprocess.run([sys.executable, "-c", RUN], capture_output=True, text=True, env=env, timeout=300,
                          cwd=package.parent)
    assert done.returncode == 0, done.stderr
    answer, compiled = json.loads(done.stdout)
    return answer, compiled


def cache_dirs(package: Path) -> list[Path]:
    return sorted(p for p in (package / "__pycache__").glob("kernels-*") if p.is_dir())


def test_every_kernel_module_uses_the_keyed_cache():
    assert {"lookup.mahjong", "lookup.shisanshui", "lookup.zipai"} <= {m.rpartition(".")[0] for m in KERNELS}


@pytest.mark.parametrize("module", KERNELS)
def test_the_key_covers_every_module_the_kernels_compile_in(module):
    kernels = importlib.import_module(module)
    sources = set(kernel_cache.kernel_sources(module))
    assert LOOKUP / "jit.py" in sources and Path(kernels.__file__) in sources
    for name, value in vars(kernels).items():
        home = getattr(value, "__name__", None) if isinstance(value, type(jit)) else getattr(value, "__module__", None)
        if isinstance(home, str) and home.startswith("lookup."):
            path = kernel_cache.module_file(home, LOOKUP)
            assert path in sources, f"{module}.{name} comes from {home}, which the key does not cover"


def test_every_jitable_helper_is_covered_by_some_key():
    for module in KERNELS:
        importlib.import_module(module)
    covered = set().union(*(kernel_cache.kernel_sources(m) for m in KERNELS))
    helpers = {fn.__module__ for fn, _ in jit._jitables if fn.__module__.startswith("lookup.")}
    assert helpers and all(kernel_cache.module_file(h, LOOKUP) in covered for h in helpers), helpers


def test_editing_any_module_a_kernel_imports_changes_its_key(package):
    def key() -> str:
        kernel_cache._imports.cache_clear()
        return kernel_cache.cache_key("kpkg.kernels", package)

    first = key()
    assert [p.name for p in kernel_cache.kernel_sources("kpkg.kernels", package)] == [
        "consts.py", "deep.py", "helper.py", "kernels.py"]
    edit(package / "unrelated.py", "X = 1", "X = 2")
    assert key() == first
    seen = {first}
    for name, old, new in [("consts.py", "10", "20"), ("deep.py", "'deep'", "'deeper'"),
                           ("helper.py", "x + OFFSET", "OFFSET + x"), ("kernels.py", "(x)\n", "(x) \n")]:
        edit(package / name, old, new)
        assert key() not in seen, f"editing {name} left the key unchanged"
        seen.add(key())


def test_the_key_is_the_same_in_every_process():
    code = ("import json, importlib\nfrom lookup import kernel_cache\n"
            f"print(json.dumps([kernel_cache.cache_key(m) for m in {KERNELS!r}]))")
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONHASHSEED="random")
    keys = [json.loads(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                                      check=True, cwd=ROOT).stdout) for _ in range(2)]
    assert keys[0] == keys[1] == [kernel_cache.cache_key(m) for m in KERNELS]
    assert all(re.fullmatch("[0-9a-f]{64}", k) for k in keys[0])


def test_an_edited_helper_is_compiled_again_not_loaded_stale(package):
    assert run(package)[0] == 11 and run(package) == (11, 0)  # compiled, then loaded from the disk cache
    edit(package / "consts.py", "10", "20")  # the kernel's own file is unchanged
    answer, compiled = run(package)
    assert answer == 21 and compiled > 0
    assert run(package) == (21, 0)
    assert len(cache_dirs(package)) == 2


def test_a_damaged_cache_file_is_compiled_over(package):
    run(package)
    (folder,) = cache_dirs(package)
    files = list(folder.iterdir())
    assert any(p.suffix == ".nbi" for p in files) and any(p.suffix == ".nbc" for p in files)
    for path in files:
        path.write_bytes(b"not a cache file")
    answer, compiled = run(package)
    assert answer == 11 and compiled > 0
    assert run(package) == (11, 0)


def test_old_cache_directories_do_not_pile_up(package):
    legacy = package / "__pycache__" / "kernels.answer-9.py311.nbi"  # Numba's own layout
    legacy.parent.mkdir()
    legacy.write_bytes(b"")
    for offset in range(11, 11 + kernel_cache.KEEP + 2):
        edit(package / "consts.py", f"OFFSET = {offset - 1}", f"OFFSET = {offset}")
        assert run(package)[0] == offset + 1
    assert len(cache_dirs(package)) == kernel_cache.KEEP
    current = kernel_cache.cache_key("kpkg.kernels", package)[:kernel_cache.KEY_DIGITS]
    assert package / "__pycache__" / f"kernels-{current}" in cache_dirs(package)
    assert not legacy.exists()


def test_numba_cache_dir_is_honoured(package, tmp_path):
    elsewhere = tmp_path / "numba-cache"
    assert run(package, NUMBA_CACHE_DIR=str(elsewhere))[0] == 11
    assert not cache_dirs(package)
    assert list((elsewhere / "paibiao").glob("kpkg.kernels-*/*.nbi"))
    assert run(package, NUMBA_CACHE_DIR=str(elsewhere)) == (11, 0)


# --- Numba's private cache API ----------------------------------------------------------------------

LOCATOR_SIGNATURES = {"ensure_cache_path": "(self)", "get_cache_path": "(self)", "get_source_stamp": "(self)",
                      "get_disambiguator": "(self)", "from_function": "(py_func, py_file)"}
"""The methods of Numba's ``_CacheLocator`` that KernelLocator defines or calls, as they were
(``from_function`` a classmethod, so without ``cls``)."""

CACHE_SIGNATURES = {"__init__": "(self, py_func)", "load_overload": "(self, sig, target_context)",
                    "save_overload": "(self, sig, data)", "flush": "(self)"}
"""The methods of Numba's ``FunctionCache`` that KernelCache overrides or calls, as they were."""


def numba_moved(what: str) -> str:
    import numba

    return (f"numba {numba.__version__} has moved the private cache API lookup.kernel_cache builds on: {what} "
            f"(paibiao pins {kernel_cache.NUMBA_PIN})")


def changed_signatures(owner: type, expected: dict[str, str]) -> list[str]:
    found = {name: str(inspect.signature(getattr(owner, name))) for name in expected if hasattr(owner, name)}
    return [f"{owner.__name__}.{name}{found[name]}, was {name}{sig}" for name, sig in expected.items()
            if name in found and found[name] != sig]


def test_numba_has_the_private_cache_api_the_kernel_cache_builds_on():
    from numba import njit
    from numba.core import caching

    assert not kernel_cache.numba_api_moved(), numba_moved("; ".join(kernel_cache.numba_api_moved()))
    locator, impl = caching._CacheLocator, caching.FunctionCache._impl_class
    moved = changed_signatures(locator, LOCATOR_SIGNATURES) + changed_signatures(caching.FunctionCache,
                                                                                 CACHE_SIGNATURES)
    moved += changed_signatures(impl, {"__init__": "(self, py_func)"})
    if not isinstance(inspect.getattr_static(locator, "from_function"), classmethod):
        moved.append("_CacheLocator.from_function is no classmethod")
    if not (isinstance(impl._locator_classes, list) and all(issubclass(c, locator) for c in impl._locator_classes)):
        moved.append(f"{impl.__name__}._locator_classes is no list of _CacheLocator classes")
    if not isinstance(getattr(impl, "locator", None), property):
        moved.append(f"{impl.__name__}.locator is no property")
    dispatcher = njit(lambda x: x)
    if not (hasattr(dispatcher, "enable_caching") and hasattr(dispatcher, "_cache")):
        moved.append("a dispatcher has no enable_caching or _cache")
    assert not moved, numba_moved("; ".join(moved))
    defined = {name for name in vars(kernel_cache.KernelLocator) if not name.startswith("_")}
    assert defined == set(kernel_cache.LOCATOR_METHODS) >= set(locator.__abstractmethods__), defined


@pytest.mark.parametrize("module", KERNELS)
def test_numba_locates_each_kernels_cache_with_the_kernel_locator(module):
    kernels = importlib.import_module(module)
    key = kernel_cache.cache_key(module)
    dispatchers = {name: value for name, value in vars(kernels).items()
                   if getattr(getattr(value, "py_func", None), "__module__", None) == module}
    assert dispatchers
    for name, dispatcher in dispatchers.items():
        assert isinstance(dispatcher._cache, kernel_cache.KernelCache), f"{module}.{name} is not cached on disk"
        locator = dispatcher._cache._impl.locator
        assert type(locator) is kernel_cache.KernelLocator, numba_moved(
            f"the cache of {module}.{name} is located by {type(locator).__name__}, not KernelLocator")
        assert locator.get_source_stamp() == key
        assert dispatcher._cache.cache_path == locator.get_cache_path()
        assert Path(locator.get_cache_path()).name.endswith(key[:kernel_cache.KEY_DIGITS])


def test_the_numba_pin_is_the_one_the_api_was_checked_against():
    import numba
    from packaging.specifiers import SpecifierSet

    pin = kernel_cache.NUMBA_PIN
    assert f'"{pin}"' in (ROOT / "pyproject.toml").read_text(), f"pyproject.toml does not pin {pin}"
    assert numba.__version__ in SpecifierSet(pin.removeprefix("numba")), (
        f"numba {numba.__version__} is outside paibiao's pin {pin}: once the tests of its private cache API pass, "
        "move the pin in pyproject.toml and kernel_cache.NUMBA_PIN")
