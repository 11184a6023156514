"""Table loading: lazy, once per process, read-only, mapped from the file, verified, shared.

This is the one table cache of every game: :func:`load` opens a game's file once, and a
:class:`TableView` holds what a game's queries build from it (memoryviews, Python lists,
scalar constants). :func:`clear_cache` drops both at once, so a process never answers from
a mix of old and new tables.

**Where.** Each game has one HDF5 file ``<game>.h5`` in :func:`data_dir`: ``$PAIBIAO_DATA``
when set, else ``data/`` of a source checkout (``make tables``), else the user's data
directory (``platformdirs.user_data_dir("paibiao")``, filled by ``paibiao tables build``).

**One check.** :func:`check` is the only reader of a table file: the runtime loader, ``python
-m tablegen --if-needed`` and ``paibiao tables verify`` all call it. It refuses (with a
:class:`~lookup.errors.TableError` naming the command that rebuilds the tables) a path that
is missing or not a regular file, a file that is not HDF5, of another game or schema
version, whose datasets differ from the ones its ``datasets`` attribute lists, whose
metadata does not match the ``metadata_sha256`` root attribute (the sha256 of every other
root attribute and of every dataset's name, dtype, shape and attributes), a dataset that is
not stored contiguously, and dataset bytes that do not match their ``sha256`` attribute.

**Shared by processes.** Datasets are not copied: the file is mapped read-only once
(``mmap``) and each dataset is a read-only numpy view of its contiguous bytes in the file,
so every process on the machine shares the same page-cache pages. Hashing every byte is
done once per file, not per process: a full check writes a small record
(``.<game>.h5.verified`` next to the file, or in the user cache directory when the data
directory is not writable) holding the file's size, mtime, ctime, inode and metadata
checksum; a later load whose file still matches the record checks everything but the
dataset bytes. ``load(..., full=True)``, ``PAIBIAO_VERIFY=full`` and ``paibiao tables
verify`` hash every byte regardless. A rebuild writes a new file and renames it over the old
one: processes that mapped the old file keep answering from it, new loads get the new one.
"""

from __future__ import annotations

import hashlib
import json
import mmap
import os
import re
import stat
import tempfile
import threading
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Generic, TypeVar

import numpy as np

from .errors import TableError

SCHEMA_VERSIONS = {"mahjong": 6, "shisanshui": 3, "zipai": 6}
"""Schema version the runtime expects per game; bump it when a table's layout or meaning changes.

Version 2: the ``metadata_sha256`` root attribute; datasets aligned to 64 bytes in the file.
Mahjong version 3: the 258-pair and three-player suit kinds, over-4 (joker) savings.
Mahjong version 4: the plain words of the suit and honor shanten entries (``*/plain_words``).
Mahjong version 5: the plain words of a numbered suit hold its rank groups' held counts.
Mahjong version 6: the rest codes of 组合龙 (``suit/rest_codes``, ``honor/rest_codes``,
``knitted/rest_lacking``).
Shisanshui version 3: the field of the ``field`` objective (``field/rows``, ``field/calibration``).
Zipai version 3: a second group set (一五十 as a group, ``automaton_yiwushi``/``values_yiwushi``)
and six first-move bits in the values.
Zipai version 4: the reverse automata (``reverse_automaton*``) for ting.
Zipai version 5: the ting automata (``ting_automaton*``), the parts one draw from winning.
Zipai version 6: the ting automata label each part with the most huxi a draw can give it
(one final state per label).
"""

GAMES = tuple(SCHEMA_VERSIONS)
DATA_ENV = "PAIBIAO_DATA"
VERIFY_ENV = "PAIBIAO_VERIFY"
"""``PAIBIAO_VERIFY=full``: every load hashes every byte of the file (no verification record)."""
METADATA_ATTR = "metadata_sha256"
"""Root attribute: sha256 of the canonical encoding of the file's other metadata."""
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


def user_cache_dir() -> Path:
    """paibiao's per-user cache directory (verification records of read-only data directories)."""
    import platformdirs

    return Path(platformdirs.user_cache_dir("paibiao"))


# --- checksums --------------------------------------------------------------------------------

def array_sha256(array: np.ndarray) -> str:
    """sha256 (hex) of an array's bytes in C order."""
    return hashlib.sha256(np.ascontiguousarray(array).data).hexdigest()


def _canonical(value: Any) -> Any:
    """A JSON-able form of an HDF5 attribute value that keeps its type, for checksums."""
    if isinstance(value, str):
        return ["str", value]
    if isinstance(value, (bytes, np.bytes_)):
        return ["bytes", bytes(value).hex()]
    if isinstance(value, np.ndarray):
        data = value.tolist() if value.dtype.kind in "OUS" else array_sha256(value)
        return ["array", value.dtype.str, list(value.shape), _canonical_list(data)]
    if isinstance(value, np.generic):
        return ["scalar", value.dtype.str, _canonical(value.item())]
    if isinstance(value, (bool, int)):
        return [type(value).__name__, int(value)]
    if isinstance(value, float):
        return ["float", repr(value)]
    return ["repr", repr(value)]


def _canonical_list(data: Any) -> Any:
    if isinstance(data, list):
        return [_canonical_list(x) for x in data]
    return data if isinstance(data, str) else _canonical(data)


def metadata_sha256(h5file: Any) -> str:
    """sha256 of an open HDF5 file's metadata: every root attribute but ``metadata_sha256``
    (name and typed value), and every dataset's name, dtype, shape and attributes.

    The generator stores it as the ``metadata_sha256`` root attribute; :func:`check` compares.
    """
    items: list[Any] = [["attr", name, _canonical(h5file.attrs[name])]
                        for name in sorted(h5file.attrs) if name != METADATA_ATTR]
    for name in _dataset_names(h5file):
        dset = h5file[name]
        items.append(["dataset", name, dset.dtype.str, list(dset.shape),
                      [[key, _canonical(dset.attrs[key])] for key in sorted(dset.attrs)]])
    text = json.dumps(items, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def _dataset_names(h5file: Any) -> list[str]:
    import h5py

    names: list[str] = []
    h5file.visititems(lambda name, obj: names.append(name) if isinstance(obj, h5py.Dataset) else None)
    return sorted(names)


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
            names = _dataset_names(f)
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
    stamp = _stamp(game, fstat, digest)
    verified = "full"
    if full or not _record_matches(path, stamp):
        for name, array in arrays.items():
            if array_sha256(array) != infos[name].sha256:
                raise TableError(f"{path}: dataset {name!r} is damaged (checksum mismatch); {hint}")
        _write_record(path, stamp)
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


# --- verification records ---------------------------------------------------------------------

def _stamp(game: str, st: os.stat_result, digest: str) -> dict[str, Any]:
    return {"game": game, "size": st.st_size, "mtime_ns": st.st_mtime_ns, "ctime_ns": st.st_ctime_ns,
            "inode": st.st_ino, "device": st.st_dev, METADATA_ATTR: digest}


def record_paths(path: Path) -> tuple[Path, Path]:
    """Where the verification record of a table file may be: next to it, or in the user cache."""
    path = Path(path)
    key = hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:32]
    return path.with_name(f".{path.name}.verified"), user_cache_dir() / "verified" / f"{key}.json"


def _record_matches(path: Path, stamp: dict[str, Any]) -> bool:
    for record in record_paths(path):
        try:
            if json.loads(record.read_text()) == stamp:
                return True
        except (OSError, ValueError):
            continue
    return False


def _write_record(path: Path, stamp: dict[str, Any]) -> Path | None:
    """Write the record next to the file, else in the user cache; None when neither is writable."""
    text = json.dumps(stamp, sort_keys=True)
    for record in record_paths(path):
        try:
            record.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=record.name + ".", dir=record.parent)
            try:
                os.fchmod(fd, 0o644)  # readable by every user's workers
                with os.fdopen(fd, "w") as out:
                    out.write(text)
                os.replace(tmp, record)
            finally:
                if os.path.exists(tmp):
                    os.unlink(tmp)
            return record
        except OSError:
            continue
    return None
