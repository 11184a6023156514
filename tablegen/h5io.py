"""Writing table files: datasets with descriptions and sha256, checksummed root metadata,
datasets aligned for mapping, atomic replace, and clean-up of stale temporary files."""

from __future__ import annotations

import hashlib
import os
import re
import stat
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import h5py
import numpy as np

from lookup.checksums import METADATA_ATTR, array_sha256, metadata_sha256
from lookup.errors import TableError
from lookup.tables import DATASET_ALIGNMENT, SCHEMA_VERSIONS

from . import __version__

_TMP_SUFFIX = re.compile(r"\.tmp(\d+)$")


def sources_sha256(paths: Iterable[Path | str]) -> str:
    """sha256 over the bytes of the given source files (their generator's identity)."""
    h = hashlib.sha256()
    for p in sorted(Path(p) for p in paths):
        h.update(p.name.encode())
        h.update(p.read_bytes())
    return h.hexdigest()


def write_table_file(path: Path, game: str, datasets: dict, params: dict, encoding: str,
                     source_sha256: str) -> None:
    """Write ``datasets`` (name -> (array, description)) to ``path`` atomically.

    Root attributes: schema_version, generator_version, game, encoding, datasets (the
    space-separated names), source_sha256, every item of ``params``, and last
    ``metadata_sha256`` over all of them and the datasets' names, dtypes, shapes and
    attributes. Each dataset is contiguous, aligned to 64 bytes in the file (so it can be
    mapped), and gets its description and sha256. No timestamps are stored, so equal inputs
    give equal bytes. The file is written to ``<path>.tmp<pid>`` and renamed over ``path``;
    a directory at ``path`` is refused, any other non-regular file replaced.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    refuse_directory(path)
    remove_stale_temporaries(path)
    tmp = path.with_name(path.name + f".tmp{os.getpid()}")
    try:
        with h5py.File(tmp, "w", track_order=True, alignment_threshold=1,
                       alignment_interval=DATASET_ALIGNMENT) as f:
            f.attrs["schema_version"] = SCHEMA_VERSIONS[game]
            f.attrs["generator_version"] = __version__
            f.attrs["game"] = game
            f.attrs["encoding"] = encoding
            f.attrs["datasets"] = " ".join(datasets)
            f.attrs["source_sha256"] = source_sha256
            for key, value in params.items():
                f.attrs[key] = value
            for name, (array, description) in datasets.items():
                array = np.ascontiguousarray(array)
                if array.dtype.byteorder == ">":
                    raise ValueError(f"{name}: store little-endian arrays")
                dset = f.create_dataset(name, data=array, track_times=False)
                dset.attrs["description"] = description
                dset.attrs["sha256"] = array_sha256(array)
            f.attrs[METADATA_ATTR] = metadata_sha256(f)
        refuse_directory(path)
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()


def refuse_directory(path: Path) -> None:
    """Raise a TableError when a directory stands where a table file goes (never removed)."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return
    if stat.S_ISDIR(st.st_mode):
        raise TableError(f"{path} is a directory; remove it (or choose another data directory) "
                         "and build the tables again")


def remove_stale_temporaries(path: Path, echo: Callable[[str], Any] | None = None) -> list[Path]:
    """Delete ``<path>.tmp<pid>`` files whose writing process is gone (a build killed midway)."""
    removed = []
    for tmp in Path(path).parent.glob(Path(path).name + ".tmp*"):
        match = _TMP_SUFFIX.search(tmp.name)
        if match is None or _process_alive(int(match.group(1))):
            continue
        try:
            if stat.S_ISDIR(os.lstat(tmp).st_mode):
                continue
            tmp.unlink()
        except OSError:
            continue
        removed.append(tmp)
        if echo is not None:
            echo(f"removed {tmp}, left by a build that did not finish")
    return removed


def _process_alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's live process
    except (OSError, OverflowError):
        return False
    return True
