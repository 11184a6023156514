"""Checksums of a table file: of an array's bytes, of the file's metadata, and the records
that say every byte of a file was hashed (so a later load checks the metadata only)."""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

import numpy as np

METADATA_ATTR = "metadata_sha256"
"""Root attribute: sha256 of the canonical encoding of the file's other metadata."""


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

    The generator stores it as the ``metadata_sha256`` root attribute; ``tables.check`` compares.
    """
    items: list[Any] = [["attr", name, _canonical(h5file.attrs[name])]
                        for name in sorted(h5file.attrs) if name != METADATA_ATTR]
    for name in dataset_names(h5file):
        dset = h5file[name]
        items.append(["dataset", name, dset.dtype.str, list(dset.shape),
                      [[key, _canonical(dset.attrs[key])] for key in sorted(dset.attrs)]])
    text = json.dumps(items, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def dataset_names(h5file: Any) -> list[str]:
    """The names of every dataset of an open HDF5 file, sorted."""
    import h5py

    names: list[str] = []
    h5file.visititems(lambda name, obj: names.append(name) if isinstance(obj, h5py.Dataset) else None)
    return sorted(names)


# --- verification records ---------------------------------------------------------------------

def stamp(game: str, st: os.stat_result, digest: str) -> dict[str, Any]:
    """What a verification record holds: the file's identity, size, times and metadata checksum."""
    return {"game": game, "size": st.st_size, "mtime_ns": st.st_mtime_ns, "ctime_ns": st.st_ctime_ns,
            "inode": st.st_ino, "device": st.st_dev, METADATA_ATTR: digest}


def record_paths(path: Path) -> tuple[Path, Path]:
    """Where the verification record of a table file may be: next to it, or in the user cache."""
    path = Path(path)
    key = hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:32]
    return path.with_name(f".{path.name}.verified"), user_cache_dir() / "verified" / f"{key}.json"


def record_matches(path: Path, stamp: dict[str, Any]) -> bool:
    for record in record_paths(path):
        try:
            if json.loads(record.read_text()) == stamp:
                return True
        except (OSError, ValueError):
            continue
    return False


def write_record(path: Path, stamp: dict[str, Any]) -> Path | None:
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
