"""Table loading: lazy, once per process, read-only, mapped from the file, verified, shared.

This is the one table cache of every game: :func:`load` opens a game's file once, and a
:class:`TableView` holds what a game's queries build from it (memoryviews, Python lists,
scalar constants). :func:`clear_cache` drops both at once, so a process never answers from
a mix of old and new tables.

**Where.** Each game has one HDF5 file ``<game>.h5`` in :func:`data_dir`: ``$PAIBIAO_DATA``
when set, else ``data/`` of a source checkout (``make tables``), else the user's data
directory (``platformdirs.user_data_dir("paibiao")``, filled by ``paibiao tables build``).

**One check.** :func:`check` is the only reader of a table file (the runtime loader, ``python
-m tablegen --if-needed`` and ``paibiao tables verify`` call it). It refuses, with a
:class:`~lookup.errors.TableError` naming the command that rebuilds the tables: a path that
is missing or not a regular file; a file that is not HDF5, of another game or schema version;
datasets other than its ``datasets`` attribute lists; metadata that does not match the
``metadata_sha256`` root attribute (the sha256 of every other root attribute and of every
dataset's name, dtype, shape and attributes); a dataset not stored contiguously; dataset
bytes that do not match their ``sha256`` attribute.

**Shared by processes.** Datasets are not copied: the file is mapped read-only once
(``mmap``) and each dataset is a read-only numpy view of its contiguous bytes in the file,
so every process on the machine shares the same page-cache pages. Every byte is hashed once
per file, not per process: a full check writes a record (``.<game>.h5.verified`` next to the
file, else in the user cache directory) of the file's size, mtime, ctime, inode and metadata
checksum; a later load whose file still matches it checks everything but the dataset bytes.
``load(..., full=True)``, ``PAIBIAO_VERIFY=full`` and ``paibiao tables verify`` hash every
byte regardless. A rebuild writes a new file and renames it over the old one: processes that
mapped the old file keep answering from it, new loads get the new one.
"""

from __future__ import annotations

import mmap
import os
import re
import stat
import threading
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Generic, TypeVar

import numpy as np

from .checksums import (
    METADATA_ATTR,
    array_sha256,
    dataset_names,
    metadata_sha256,
    record_matches,
    stamp,
    write_record,
)
from .errors import TableError

SCHEMA_VERSIONS = {"mahjong": 7, "shisanshui": 3, "zipai": 6}
"""Schema version the runtime expects per game: a file of another version is refused (rebuild
it). Bump it when a table's layout or meaning changes."""

GAMES = tuple(SCHEMA_VERSIONS)
"""The games, in the order every listing uses: the one list the runtime, the generator, the
warm-up, the CLI and the service read."""
DATA_ENV = "PAIBIAO_DATA"
VERIFY_ENV = "PAIBIAO_VERIFY"
"""``PAIBIAO_VERIFY=full``: every load hashes every byte of the file (no verification record)."""
DATASET_ALIGNMENT = 64
"""Byte alignment of every dataset in a file the generator writes (what mapping needs)."""

_lock = threading.RLock()
_cache: dict[str, TableSet] = {}
_views: list[TableView] = []
T = TypeVar("T")


# --- where the tables live ------------------------------------------------------------------

@lru_cache(maxsize=1)
def source_checkout() -> Path | None:
    """Root of the source checkout this ``lookup`` package runs from, or None when installed.

    A checkout is a folder holding this package, ``tablegen/`` and a ``pyproject.toml`` naming
    the paibiao project.
    """
    root = Path(__file__).resolve().parent.parent
    try:
        if (root / "tablegen").is_dir() and re.search(
                r'^name\s*=\s*"paibiao"', (root / "pyproject.toml").read_text(), re.MULTILINE):
            return root
    except OSError:
        pass
    return None


def data_location() -> tuple[Path, str]:
    """(directory of the tables, where that choice came from: ``PAIBIAO_DATA``, ``source
    checkout`` or ``user data directory``)."""
    env = os.environ.get(DATA_ENV)
    if env:
        return Path(env), DATA_ENV
    root = source_checkout()
    if root is not None:
        return root / "data", "source checkout"
    import platformdirs

    return Path(platformdirs.user_data_dir("paibiao")), "user data directory"


def data_dir() -> Path:
    """Directory the tables are read from (and written to by default); see :func:`data_location`."""
    return data_location()[0]


def table_path(game: str) -> Path:
    """Path of a game's table file in :func:`data_dir`."""
    return data_dir() / f"{game}.h5"


def build_command() -> str:
    """The command that builds the tables for this install: ``make tables`` in a source
    checkout, ``paibiao tables build`` otherwise."""
    return "make tables" if source_checkout() is not None else "paibiao tables build"


def rebuild_hint() -> str:
    """The end of every table error message: how to (re)build the tables."""
    if source_checkout() is not None:
        return "run `make tables` (or `python -m tablegen`) to build them"
    return "run `paibiao tables build` to build them"


# --- the table set ------------------------------------------------------------------------------

@dataclass(frozen=True)
class DatasetInfo:
    """What the file says about one dataset: its shape, dtype, size in bytes, offset in the
    file, stored sha256 and description."""

    name: str
    shape: tuple[int, ...]
    dtype: str
    nbytes: int
    offset: int
    sha256: str
    description: str


class TableSet:
    """The verified, read-only datasets of one game's table file.

    ``tables[name]`` is a read-only numpy array (a view of the mapped file);
    ``tables.attrs`` the file's root attributes; ``tables.datasets`` what the file says about
    each dataset; ``tables.verified`` is ``"full"`` when every byte was hashed by this
    process, ``"record"`` when a verification record of the same file made that unnecessary.
    """

    def __init__(self, game: str, path: Path, arrays: dict[str, np.ndarray], attrs: dict[str, Any],
                 datasets: Mapping[str, DatasetInfo] | None = None, verified: str = "full",
                 file_stat: os.stat_result | None = None):
        self.game = game
        self.path = path
        self._arrays = arrays
        self.attrs = MappingProxyType(attrs)
        self.datasets = MappingProxyType(dict(datasets or {}))
        self.verified = verified
        self.stat = file_stat

    def __getitem__(self, name: str) -> np.ndarray:
        try:
            return self._arrays[name]
        except KeyError:
            raise TableError(f"{self.path}: no dataset {name!r}; {rebuild_hint()}") from None

    def __contains__(self, name: str) -> bool:
        return name in self._arrays

    def names(self) -> list[str]:
        return sorted(self._arrays)


def load(game: str, required: Iterable[str] = (), *, full: bool = False) -> TableSet:
    """Load and check ``<data_dir>/<game>.h5`` once; later calls return the same object.

    ``required`` names datasets the caller needs; any missing one is refused. ``full`` (or
    ``PAIBIAO_VERIFY=full``) hashes every byte even when a verification record matches; it
    applies when the tables are not loaded yet.
    """
    tables = _cache.get(game)
    if tables is None:
        with _lock:
            tables = _cache.get(game)
            if tables is None:
                tables = check(table_path(game), game, full=full or os.environ.get(VERIFY_ENV) == "full")
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
    """Forget loaded tables and every view built from them (the next query reloads and checks).

    Arrays handed out before stay valid: they keep their mapping of the file they came from.
    """
    with _lock:
        _cache.clear()
        for view in _views:
            view.value = None


# --- the one check ----------------------------------------------------------------------------

def read_verified(path: Path, game: str) -> TableSet:
    """:func:`check` with every byte hashed (no verification record is trusted)."""
    return check(path, game, full=True)


def check(path: Path | str, game: str, *, full: bool = True, source_sha256: str | None = None) -> TableSet:
    """Open, check and map one table file; the only reader of table files.

    Refuses (``TableError``) what the module docstring lists. ``full`` hashes every dataset
    byte; otherwise that is skipped when a verification record matches the file. A full check
    that passes writes the record. ``source_sha256``, when given, must equal the file's
    ``source_sha256`` attribute (``tablegen --if-needed`` passes its generator's).
    """
    path = Path(path)
    if game not in SCHEMA_VERSIONS:
        raise TableError(f"unknown game {game!r}; the games are {', '.join(GAMES)}")
    _stat_regular(path, game)  # before opening: a directory or a named pipe must not be opened
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise TableError(f"{path} cannot be read ({exc.strerror}); {rebuild_hint()}") from None
    with os.fdopen(fd, "rb") as fh:
        fstat = os.fstat(fh.fileno())
        if not stat.S_ISREG(fstat.st_mode):  # replaced between the stat and the open
            raise TableError(f"{path} is not a regular file; remove it and {rebuild_hint()}")
        if fstat.st_size == 0:
            raise TableError(f"{path} cannot be read (empty file); {rebuild_hint()}")
        mapping = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
        return _check_open(path, game, fh, mapping, fstat, full, source_sha256)


def _stat_regular(path: Path, game: str) -> os.stat_result:
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise TableError(f"{game} tables not found at {path}; {rebuild_hint()}") from None
    except OSError as exc:
        raise TableError(f"{path} cannot be read ({exc.strerror}); {rebuild_hint()}") from None
    if not stat.S_ISREG(st.st_mode):
        kind = "a directory" if stat.S_ISDIR(st.st_mode) else "not a regular file"
        raise TableError(f"{path} is {kind}, not {game} tables; remove it and {rebuild_hint()}")
    return st


def _check_open(path: Path, game: str, fh: Any, mapping: mmap.mmap, fstat: os.stat_result, full: bool,
                source_sha256: str | None) -> TableSet:
    import h5py  # imported here: only table loading needs it

    hint = rebuild_hint()
    try:
        with h5py.File(fh, "r") as f:
            attrs = {k: _plain(v) for k, v in f.attrs.items()}
            expected = SCHEMA_VERSIONS[game]
            found = attrs.get("schema_version")
            if attrs.get("game") != game or found != expected:
                raise TableError(
                    f"{path} is stale: schema version {found!r} of game {attrs.get('game')!r}, "
                    f"this paibiao needs version {expected} of {game!r}; {hint}")
            if source_sha256 is not None and attrs.get("source_sha256") != source_sha256:
                raise TableError(f"{path} is stale: built by other generator sources; {hint}")
            names = dataset_names(f)
            listed = attrs.get("datasets")
            if not isinstance(listed, str):
                raise TableError(f"{path} is damaged: no list of datasets; {hint}")
            for name in listed.split():
                if name not in names:
                    raise TableError(f"{path}: dataset {name!r} is missing; {hint}")
            for name in names:
                if name not in listed.split():
                    raise TableError(f"{path} is damaged: dataset {name!r} is not listed; {hint}")
            digest = metadata_sha256(f)
            if attrs.get(METADATA_ATTR) != digest:
                raise TableError(f"{path} is damaged: its metadata does not match {METADATA_ATTR}; {hint}")
            infos = {name: _dataset_info(path, f[name], fstat.st_size, hint) for name in names}
    except TableError:
        raise
    except Exception as exc:  # unreadable HDF5 (truncated, not HDF5, ...)
        raise TableError(f"{path} cannot be read ({exc}); {hint}") from exc

    arrays = {name: _view(mapping, info) for name, info in infos.items()}
    record = stamp(game, fstat, digest)
    verified = "full"
    if full or not record_matches(path, record):
        for name, array in arrays.items():
            if array_sha256(array) != infos[name].sha256:
                raise TableError(f"{path}: dataset {name!r} is damaged (checksum mismatch); {hint}")
        write_record(path, record)
    else:
        verified = "record"
    return TableSet(game, path, arrays, attrs, infos, verified, fstat)


def _dataset_info(path: Path, dset: Any, file_size: int, hint: str) -> DatasetInfo:
    import h5py

    name = dset.name.lstrip("/")
    dtype = dset.dtype
    plist = dset.id.get_create_plist()
    offset = dset.id.get_offset()
    nbytes = int(dset.size) * dtype.itemsize
    if dtype.kind not in "biuf" or dtype.byteorder == ">":
        raise TableError(f"{path}: dataset {name!r} has an unsupported dtype {dtype}; {hint}")
    if plist.get_layout() != h5py.h5d.CONTIGUOUS or plist.get_nfilters() or \
            (nbytes and (offset is None or dset.id.get_storage_size() != nbytes)):
        raise TableError(f"{path}: dataset {name!r} is not stored contiguously; {hint}")
    if nbytes and offset + nbytes > file_size:
        raise TableError(f"{path}: dataset {name!r} is damaged (past the end of the file); {hint}")
    sha = dset.attrs.get("sha256")
    if sha is None:
        raise TableError(f"{path}: dataset {name!r} is damaged (no checksum); {hint}")
    return DatasetInfo(name, tuple(int(n) for n in dset.shape), dtype.str, nbytes, int(offset or 0),
                       str(_plain(sha)), str(_plain(dset.attrs.get("description", ""))))


def _view(mapping: mmap.mmap, info: DatasetInfo) -> np.ndarray:
    """A read-only array of the dataset's bytes in the mapping (copied when misaligned)."""
    dtype = np.dtype(info.dtype)
    count = info.nbytes // dtype.itemsize
    if count == 0:
        array = np.empty(info.shape, dtype)
    else:
        array = np.frombuffer(mapping, dtype, count, info.offset).reshape(info.shape)
        if info.offset % dtype.alignment:  # files of schema 2 are aligned; never seen in practice
            array = array.copy()
    array.flags.writeable = False
    return array


def _plain(value: Any) -> Any:
    """HDF5 attribute value as a plain Python value."""
    if isinstance(value, bytes):
        return value.decode()
    if isinstance(value, np.generic):
        return value.item()
    return value


# --- describing a file ------------------------------------------------------------------------

def table_info(game: str) -> dict[str, Any]:
    """What ``paibiao tables info --json`` prints for one game (the quick check runs first;
    a file that fails it gives ``{"game", "path", "error"}``)."""
    import datetime

    path = table_path(game)
    try:
        ts = check(path, game, full=False)
    except TableError as exc:
        return {"game": game, "path": str(path), "error": str(exc)}
    st = ts.stat
    assert st is not None
    return {
        "game": game,
        "path": str(path),
        "schema_version": ts.attrs["schema_version"],
        "generator_version": ts.attrs.get("generator_version"),
        "encoding": ts.attrs.get("encoding"),
        "file_bytes": st.st_size,
        "built": datetime.datetime.fromtimestamp(st.st_mtime).astimezone().isoformat(timespec="seconds"),
        "checked": "every byte hashed" if ts.verified == "full" else "metadata checked, bytes by an earlier full check",
        "source_sha256": ts.attrs.get("source_sha256"),
        METADATA_ATTR: ts.attrs.get(METADATA_ATTR),
        "datasets": [{"name": d.name, "shape": list(d.shape), "dtype": str(ts[d.name].dtype), "bytes": d.nbytes,
                      "sha256": d.sha256, "description": d.description} for d in ts.datasets.values()],
    }
