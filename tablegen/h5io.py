"""Writing table files: datasets with descriptions and sha256, root metadata, atomic replace."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import h5py
import numpy as np

from lookup.tables import SCHEMA_VERSIONS, array_sha256

from . import __version__


def sources_sha256(paths) -> str:
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
    space-separated names), source_sha256 and every item of ``params``. Each dataset gets its
    description and sha256. No timestamps are stored, so equal inputs give equal bytes.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + f".tmp{os.getpid()}")
    try:
        with h5py.File(tmp, "w", track_order=True) as f:
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
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()


def stored_source_sha256(path: Path) -> str | None:
    """The source_sha256 a table file was built from, or None when unreadable or absent."""
    try:
        with h5py.File(path, "r") as f:
            value = f.attrs.get("source_sha256")
            return value.decode() if isinstance(value, bytes) else value
    except Exception:
        return None
