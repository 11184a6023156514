"""Where Numba caches the compiled kernels on disk, in a directory named by their sources.

Numba keys its disk cache on the file that defines a kernel, not on the modules whose
functions and constants the kernel compiles in. So each kernel module gets a **key**: the
sha256 of its own source and of every module of its package it imports, transitively
(:func:`kernel_sources` reads the import statements of the source files, those inside
functions too). Its kernels are cached in a directory named by the first 16 hex digits of
the key: editing any of those files gives a new directory, so a stale kernel is never
loaded, with nothing kept by hand.

The directory is ``<NUMBA_CACHE_DIR>/paibiao/<module>-<key>`` when ``NUMBA_CACHE_DIR`` is
set, else ``__pycache__/<file stem>-<key>`` next to the kernel module, else (a package
folder that is not writable) ``<user cache dir>/kernels/<module>-<key>``
(``platformdirs.user_cache_dir("paibiao")``). Creating one removes all but the
:data:`KEEP` - 1 most recently written directories of the same module. A cache file that
cannot be read is ignored (the kernel is compiled again and the file rewritten).

The locator and the cache build on Numba's private cache API (:data:`NUMBA_API`): importing this
module under a Numba that has moved it raises RuntimeError naming that Numba and paibiao's pin.
"""

from __future__ import annotations

import ast
import hashlib
import re
import shutil
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from numba.core import caching

NUMBA_PIN = "numba>=0.59,<0.69"
"""The Numba releases paibiao supports (its pin in pyproject.toml): those whose private cache
API, :data:`NUMBA_API`, this module was checked against."""

LOCATOR_METHODS = ("from_function", "get_cache_path", "get_source_stamp", "get_disambiguator")
"""The methods of Numba's ``_CacheLocator`` that :class:`KernelLocator` defines: its abstract ones
and the factory Numba calls."""

NUMBA_API = (*(f"_CacheLocator.{name}" for name in ("ensure_cache_path", *LOCATOR_METHODS)),
             "FunctionCache._impl_class._locator_classes", "FunctionCache.load_overload",
             "FunctionCache.save_overload", "FunctionCache.flush")
"""What this module uses of ``numba.core.caching``, a private API that may move in any release."""


def numba_api_moved() -> list[str]:
    """What the installed Numba has moved of :data:`NUMBA_API`: each name it lacks, and each
    abstract method of its ``_CacheLocator`` that :class:`KernelLocator` does not define."""
    moved = []
    for path in NUMBA_API:
        found: Any = caching
        for part in path.split("."):
            found = getattr(found, part, None)
        if found is None:
            moved.append(f"no {path}")
    abstract = getattr(getattr(caching, "_CacheLocator", None), "__abstractmethods__", ())
    return moved + [f"_CacheLocator.{name} is a new abstract method"
                    for name in sorted(set(abstract) - set(LOCATOR_METHODS))]


if numba_api_moved():
    import numba

    raise RuntimeError(f"numba {numba.__version__} has moved the private cache API lookup.kernel_cache builds on "
                       f"(numba.core.caching: {'; '.join(numba_api_moved())}); paibiao supports {NUMBA_PIN}")

KEEP = 3
"""Cache directories kept per kernel module: the current one and the two written last."""

KEY_DIGITS = 16
"""Hex digits of the key in a cache directory's name."""

_keys: dict[str, str] = {}
"""Kernel module name -> its key, for the modules :func:`enable` has seen."""


def _package_root(module: str) -> Path:
    """The folder of the top-level package of ``module`` (imported already)."""
    top = sys.modules[module.partition(".")[0]]
    return Path(top.__file__ or "").resolve().parent


def module_file(name: str, root: Path) -> Path | None:
    """The source file of module ``name`` of the package whose folder is ``root``, or None."""
    parts = name.split(".")[1:]
    base = root.joinpath(*parts)
    for path in ([base.with_suffix(".py")] if parts else []) + [base / "__init__.py"]:
        if path.is_file():
            return path
    return None


_IMPORT = re.compile(r"^[ \t]*(?:from[ \t]+[\w.]+[ \t]+import[ \t]*(?:\([^)]*\)|[^\n]*)|import[ \t]+[^\n]*)",
                     re.MULTILINE)
"""A line that starts an import statement, at any indentation (a parenthesized name list may
span lines). Parsing only these is much quicker than parsing the whole file."""


@cache
def _imports(path: Path, mtime_ns: int, size: int) -> tuple[tuple[int, str | None, tuple[str, ...]], ...]:
    """(level, module, names) of every import statement of a source file, at module level or
    in a function; ``import a.b`` is (0, None, ("a.b",)). Memoized on the file's mtime and size.

    The lines :data:`_IMPORT` finds are parsed alone; when one does not parse (a comment with a
    parenthesis in a name list, a line continued by a backslash) the whole file is parsed. An
    import written in a docstring may be counted too (a needless file in the key, never a
    missing one)."""
    text = path.read_text(encoding="utf-8")
    try:
        nodes: list[ast.AST] = [node for match in _IMPORT.finditer(text)
                                for node in ast.parse(match.group().strip()).body]
    except SyntaxError:
        nodes = list(ast.walk(ast.parse(text, str(path))))
    found: list[tuple[int, str | None, tuple[str, ...]]] = []
    for node in nodes:
        if isinstance(node, ast.Import):
            found.append((0, None, tuple(alias.name for alias in node.names)))
        elif isinstance(node, ast.ImportFrom):
            found.append((node.level, node.module or "", tuple(alias.name for alias in node.names)))
    return tuple(found)


def imported_modules(name: str, root: Path) -> set[str]:
    """The modules of ``name``'s top-level package that module ``name`` imports, anywhere in
    its source. ``from . import x`` counts the submodule ``x``, not the package's ``__init__``."""
    path = module_file(name, root)
    if path is None:
        return set()
    top = name.partition(".")[0]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    stat = path.stat()
    for level, module, names in _imports(path, stat.st_mtime_ns, stat.st_size):
        if module is None:  # import a.b
            found.update(names)
            continue
        if level:
            parts = package.split(".")
            base = ".".join(parts[:len(parts) - level + 1] + ([module] if module else []))
        else:
            base = module
        full = [f"{base}.{n}" for n in names]
        submodules = [n for n in full if module_file(n, root) is not None]
        found.update(submodules)
        if module or len(submodules) < len(full):
            found.add(base)
    return {n for n in found if (n == top or n.startswith(top + ".")) and module_file(n, root) is not None}


def kernel_sources(module: str, root: Path | None = None) -> list[Path]:
    """The source files a kernel module's key covers: its own and every module of its package
    it imports, transitively; sorted."""
    root = _package_root(module) if root is None else root
    seen, todo = {module}, [module]
    while todo:
        for name in imported_modules(todo.pop(), root):
            if name not in seen:
                seen.add(name)
                todo.append(name)
    return sorted(p for p in (module_file(n, root) for n in seen) if p is not None)


def cache_key(module: str, root: Path | None = None) -> str:
    """sha256 (hex) over the :func:`kernel_sources` of ``module``: each file's path relative to
    the package folder, then its bytes."""
    root = _package_root(module) if root is None else root
    h = hashlib.sha256()
    for path in kernel_sources(module, root):
        data = path.read_bytes()
        h.update(f"{path.relative_to(root).as_posix()}\0{len(data)}\0".encode())
        h.update(data)
    return h.hexdigest()


def cache_dirs(module: str, key: str, source: Path) -> list[Path]:
    """Where the kernels of ``module`` (defined in file ``source``) may be cached, in order of
    preference (see the module docstring)."""
    import platformdirs
    from numba.core import config

    short = key[:KEY_DIGITS]
    numba_dir = getattr(config, "CACHE_DIR", "")  # NUMBA_CACHE_DIR
    dirs = [Path(numba_dir) / "paibiao" / f"{module}-{short}"] if numba_dir else []
    return dirs + [source.parent / "__pycache__" / f"{source.stem}-{short}",
                   Path(platformdirs.user_cache_dir("paibiao")) / "kernels" / f"{module}-{short}"]


def prune(current: Path, keep: int = KEEP) -> None:
    """Remove the sibling cache directories of ``current`` (same name but the key) except the
    ``keep`` - 1 most recently written, and in a ``__pycache__`` the module's files of Numba's
    own cache layout (``<stem>.<function>-<line>.pyXY.nbi``/``.nbc``)."""
    prefix = current.name[:-KEY_DIGITS]
    pattern = re.compile(re.escape(prefix) + f"[0-9a-f]{{{KEY_DIGITS}}}")
    try:
        siblings = [p for p in current.parent.iterdir()
                    if p != current and p.is_dir() and pattern.fullmatch(p.name)]
        siblings.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return
    for old in siblings[keep - 1:]:
        shutil.rmtree(old, ignore_errors=True)
    if current.parent.name == "__pycache__":  # files Numba's own cache wrote for this module before
        for legacy in current.parent.glob(f"{prefix[:-1]}.*.nb[ic]"):
            legacy.unlink(missing_ok=True)


class KernelLocator(caching._CacheLocator):
    """Numba cache locator of a kernel module's functions: the first writable of
    :func:`cache_dirs`; the key is the source stamp Numba checks on load."""

    def __init__(self, path: Path, key: str, lineno: int) -> None:
        self._path, self._key, self._lineno = path, key, lineno

    def get_cache_path(self) -> str:
        return str(self._path)

    def get_source_stamp(self) -> str:
        return self._key

    def get_disambiguator(self) -> str:
        return str(self._lineno)

    @classmethod
    def from_function(cls, py_func: Callable, py_file: str) -> KernelLocator | None:
        key = _keys.get(py_func.__module__)
        if key is None:
            return None
        for path in cache_dirs(py_func.__module__, key, Path(py_file)):
            locator = cls(path, key, py_func.__code__.co_firstlineno)
            new = not path.is_dir()
            try:
                locator.ensure_cache_path()
            except OSError:
                continue
            if new:
                prune(path)
            return locator
        return None


class KernelCache(caching.FunctionCache):
    """Numba's function cache, located by :class:`KernelLocator`; a cache file that cannot be
    read or written is treated as missing (the kernel compiles as if uncached)."""

    _impl_class = type("KernelCacheImpl", (caching.FunctionCache._impl_class,),  # type: ignore[assignment]
                       {"_locator_classes": [KernelLocator]})

    def load_overload(self, sig: Any, target_context: Any) -> Any:
        try:
            return super().load_overload(sig, target_context)
        except Exception:
            return None

    def save_overload(self, sig: Any, data: Any) -> None:
        try:
            super().save_overload(sig, data)
        except Exception:
            try:  # an unreadable index: start it afresh, then save again
                self.flush()
                super().save_overload(sig, data)
            except Exception:
                pass


def enable(dispatcher: Any, module: str) -> Any:
    """Give a Numba dispatcher of kernel module ``module`` its disk cache; returns it (without a
    cache when no directory is writable)."""
    if module not in _keys:
        _keys[module] = cache_key(module)
    if hasattr(dispatcher, "enable_caching"):  # not with NUMBA_DISABLE_JIT
        try:
            dispatcher._cache = KernelCache(dispatcher.py_func)
        except RuntimeError:  # no locator: compiled in every process
            pass
    return dispatcher

