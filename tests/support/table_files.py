"""Table files for tests: copies of the built files, small files of the same make, and
variants that pass the runtime's checks (a "new" valid file)."""

from __future__ import annotations

import shutil
from collections.abc import Mapping
from pathlib import Path

import h5py
import numpy as np

from lookup import checksums, tables

SMALL_ROWS = 8
"""Rows kept of each dataset in a :func:`small_table` (along its first axis)."""


def copy_table(game: str, directory: Path) -> Path:
    """A copy of the built ``<game>.h5`` in ``directory`` (no verification record). Up to
    128 MB: for what needs the real file; damage tests take a :func:`small_table`."""
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{game}.h5"
    shutil.copyfile(tables.table_path(game), path)
    return path


def copy_tables(directory: Path) -> Path:
    """Copies of every built table file in ``directory``; returns it."""
    for game in tables.GAMES:
        copy_table(game, directory)
    return directory


def small_table(game: str, directory: Path) -> Path:
    """``directory/<game>.h5``: a table file of a few kilobytes that :func:`lookup.tables.check`
    accepts as ``game``'s, made like the built one: the same root attributes (the metadata
    checksum recomputed), the same datasets with their dtypes and descriptions, written by the
    generator's writer, each cut to its first :data:`SMALL_ROWS` rows. What the checks do with
    every attribute and dataset of a real file they do with it; the queries cannot use it."""
    from tablegen.h5io import write_table_file

    standard = {"schema_version", "generator_version", "game", "encoding", "datasets", "source_sha256",
                checksums.METADATA_ATTR}
    with h5py.File(tables.table_path(game), "r") as f:
        attrs = dict(f.attrs)
        datasets = {name: (f[name][:SMALL_ROWS] if f[name].ndim else f[name][()], f[name].attrs["description"])
                    for name in attrs["datasets"].split()}
    params = {k: v for k, v in attrs.items() if k not in standard}
    path = directory / f"{game}.h5"
    write_table_file(path, game, datasets, params, attrs["encoding"], attrs["source_sha256"])
    with h5py.File(path, "r") as small:
        assert sorted(small.attrs) == sorted(attrs), "the small file keeps every attribute"
    return path


def small_tables(directory: Path) -> Path:
    """A :func:`small_table` of every game in ``directory``; returns it."""
    for game in tables.GAMES:
        small_table(game, directory)
    return directory


def rewrite_datasets(path: Path, arrays: Mapping[str, np.ndarray]) -> None:
    """Give datasets of a table file new contents, with their checksums and the file's
    metadata checksum updated, so :func:`lookup.tables.check` accepts the file.

    A dataset of the same shape and dtype is overwritten in place; another is recreated
    (contiguous, keeping its description).
    """
    with h5py.File(path, "r+") as f:
        for name, array in arrays.items():
            array = np.ascontiguousarray(array)
            if f[name].shape == array.shape and f[name].dtype == array.dtype:
                f[name][...] = array
            else:
                description = f[name].attrs["description"]
                del f[name]
                f.create_dataset(name, data=array, track_times=False)
                f[name].attrs["description"] = description
            f[name].attrs["sha256"] = tables.array_sha256(array)
        f.attrs[checksums.METADATA_ATTR] = checksums.metadata_sha256(f)
