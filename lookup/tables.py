"""Table loading: lazy, once per process, read-only, verified, shared by threads.

This is the one table cache of every game: :func:`load` reads and verifies a game's file
once, and a :class:`TableView` holds what a game's queries build from it (memoryviews,
Python lists, scalar constants). :func:`clear_cache` drops both at once, so a process never
answers from a mix of old and new tables.

Each game has one HDF5 file ``data/<game>.h5`` written by ``python -m tablegen``. Its root
attributes hold ``schema_version``, ``generator_version``, ``game``, ``encoding`` and the
parameters it was built with; each dataset has a ``description`` and the ``sha256`` of its
bytes (C order, the stored little-endian dtype). A file that is missing, of another schema
version, short of a dataset, or whose bytes do not match their checksum is refused with a
:class:`~lookup.errors.TableError` that says to run ``make tables``.

The directory is ``$PAIBIAO_DATA`` when set, else ``data/`` at the repository root.
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections.abc import Callable
from pathlib import Path
from types import MappingProxyType
from typing import Generic, TypeVar

import numpy as np

from .errors import TableError

SCHEMA_VERSIONS = {"mahjong": 1, "shisanshui": 1, "zipai": 1}
"""Schema version the runtime expects per game; bump it when a table's layout or meaning changes."""

DATA_ENV = "PAIBIAO_DATA"
_REBUILD_HINT = "run `make tables` (or `python -m tablegen`) to build them"

_lock = threading.RLock()
_cache: dict[str, TableSet] = {}
_views: list[TableView] = []
T = TypeVar("T")


def data_dir() -> Path:
    """Directory the tables are read from (and written to by default)."""
    env = os.environ.get(DATA_ENV)
    return Path(env) if env else Path(__file__).resolve().parent.parent / "data"


def table_path(game: str) -> Path:
    return data_dir() / f"{game}.h5"


def array_sha256(array: np.ndarray) -> str:
    """sha256 (hex) of an array's bytes in C order."""
    return hashlib.sha256(np.ascontiguousarray(array).data).hexdigest()


class TableSet:
    """The verified, read-only datasets of one game's table file.

    ``tables[name]`` is a read-only numpy array; ``tables.attrs`` the file's root attributes.
    """

    def __init__(self, game: str, path: Path, arrays: dict, attrs: dict):
        self.game = game
        self.path = path
        self._arrays = arrays
        self.attrs = MappingProxyType(attrs)

    def __getitem__(self, name: str) -> np.ndarray:
        try:
            return self._arrays[name]
        except KeyError:
            raise TableError(f"{self.path}: no dataset {name!r}; {_REBUILD_HINT}") from None

    def __contains__(self, name: str) -> bool:
        return name in self._arrays

    def names(self) -> list[str]:
        return sorted(self._arrays)


def load(game: str, required=()) -> TableSet:
    """Load and verify ``data/<game>.h5`` once; later calls return the same object.

    ``required`` names datasets the caller needs; any missing one is refused.
    """
    tables = _cache.get(game)
    if tables is None:
        with _lock:
            tables = _cache.get(game)
            if tables is None:
                tables = read_verified(table_path(game), game)
                _cache[game] = tables
    for name in required:
        tables[name]
    return tables


class TableView(Generic[T]):
    """What a game's queries build from its tables (``build(tables)``), built once on first use.

    ``view.get()`` returns it, loading and verifying the tables first when needed; hot paths
    read ``view.value or view.get()``. Built under the loader's lock, dropped by
    :func:`clear_cache` together with the tables it came from.
    """

    def __init__(self, game: str, build: Callable[[TableSet], T]):
        self.game = game
        self._build = build
        self.value: T | None = None
        with _lock:
            _views.append(self)

    def get(self) -> T:
        value = self.value
        if value is None:
            with _lock:
                value = self.value
                if value is None:
                    value = self._build(load(self.game))
                    self.value = value
        return value


def clear_cache() -> None:
    """Forget loaded tables and every view built from them (the next query reloads and re-verifies)."""
    with _lock:
        _cache.clear()
        for view in _views:
            view.value = None


def read_verified(path: Path, game: str) -> TableSet:
    """Read every dataset of a table file and verify schema version and checksums."""
    import h5py  # imported here: only table loading needs it

    path = Path(path)
    if not path.is_file():
        raise TableError(f"{game} tables not found at {path}; {_REBUILD_HINT}")
    expected = SCHEMA_VERSIONS[game]
    try:
        with h5py.File(path, "r") as f:
            attrs = {k: _plain(v) for k, v in f.attrs.items()}
            found = attrs.get("schema_version")
            if attrs.get("game") != game or found != expected:
                raise TableError(
                    f"{path} is stale: schema version {found!r} of game {attrs.get('game')!r}, "
                    f"this paibiao needs version {expected} of {game!r}; {_REBUILD_HINT}")
            arrays = {}
            names = []
            f.visititems(lambda name, obj: names.append(name) if isinstance(obj, h5py.Dataset) else None)
            for name in names:
                dset = f[name]
                want = dset.attrs.get("sha256")
                array = dset[()]
                if want is None or array_sha256(array) != _plain(want):
                    raise TableError(f"{path}: dataset {name!r} is damaged (checksum mismatch); {_REBUILD_HINT}")
                array.flags.writeable = False
                arrays[name] = array
            for name in attrs.get("datasets", "").split():
                if name not in arrays:
                    raise TableError(f"{path}: dataset {name!r} is missing; {_REBUILD_HINT}")
    except TableError:
        raise
    except Exception as exc:  # unreadable HDF5 (truncated, not HDF5, ...)
        raise TableError(f"{path} cannot be read ({exc}); {_REBUILD_HINT}") from exc
    return TableSet(game, path, arrays, attrs)


def _plain(value):
    """HDF5 attribute value as a plain Python value."""
    if isinstance(value, bytes):
        return value.decode()
    if isinstance(value, np.generic):
        return value.item()
    return value
