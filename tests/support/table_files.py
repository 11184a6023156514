"""Writing test variants of table files that pass the runtime's checks (a "new" valid file)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import h5py
import numpy as np

from lookup import tables


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
        f.attrs[tables.METADATA_ATTR] = tables.metadata_sha256(f)
