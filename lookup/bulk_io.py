"""Arrays on disk for bulk jobs: ``.npy`` files, HDF5 datasets and Zarr arrays.

A location is a string: ``PATH.npy``, ``PATH.h5:/dataset`` (also ``.hdf5``; the dataset path
may omit its leading ``/``) or ``PATH.zarr`` (a Zarr array directory). :func:`read_array`
opens one as a lazy Dask array whose chunks the workers read themselves (each chunk task
holds the path, never the data); :func:`store` computes a Dask array on a distributed
cluster and writes its chunks from the client as they finish, into a temporary file,
dataset or directory that replaces the target only when every chunk is written.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from .errors import PaibiaoError

DEFAULT_CHUNK_ROWS = 1 << 20
"""Rows per chunk when neither the caller nor the input's own chunks say otherwise."""

_HDF5 = re.compile(r"^(?P<path>.+\.(?:h5|hdf5)):(?P<dataset>[^:]+)$")


class StorageError(PaibiaoError, ValueError):
    """A location bulk cannot read or write: unknown format, no such file or dataset, an
    output that exists (without ``overwrite``), input and output in one HDF5 file."""


@dataclass(frozen=True)
class Location:
    """Where an array is: ``kind`` (npy, hdf5 or zarr), the file or directory, the HDF5 dataset."""

    kind: str
    path: Path
    dataset: str = ""

    def __str__(self) -> str:
        return f"{self.path}:{self.dataset}" if self.kind == "hdf5" else str(self.path)


def location(text: str) -> Location:
    """Parse ``PATH.npy``, ``PATH.h5:/dataset`` or ``PATH.zarr`` (StorageError otherwise)."""
    match = _HDF5.match(text)
    if match:
        dataset = "/" + match["dataset"].lstrip("/")
        if dataset == "/":
            raise StorageError(f"{text}: name the dataset, as in FILE.h5:/dataset")
        return Location("hdf5", Path(match["path"]), dataset)
    path = Path(text.rstrip("/") or text)
    if path.suffix in (".h5", ".hdf5"):
        raise StorageError(f"{text}: name the dataset, as in {text}:/dataset")
    if path.suffix == ".npy":
        return Location("npy", path)
    if path.suffix == ".zarr" or (path / "zarr.json").is_file() or (path / ".zarray").is_file():
        return Location("zarr", path)
    raise StorageError(f"{text}: unknown array format; use PATH.npy, PATH.h5:/dataset or PATH.zarr")


# --- reading ---------------------------------------------------------------------------------------

class _FileRows:
    """An array in a file, read a slice at a time in whichever process asks (a Dask source).

    Pickles as its location, so the chunk tasks carry no data; each read opens the file.
    """

    def __init__(self, where: Location):
        self.where = where
        try:
            stat = where.path.stat()
            with self._open() as array:
                self.shape = tuple(array.shape)
                self.dtype = np.dtype(array.dtype)
        except FileNotFoundError:
            raise StorageError(f"{where}: no such file") from None
        except KeyError:
            raise StorageError(f"{where}: no such dataset in {where.path}") from None
        except (OSError, ValueError) as exc:
            raise StorageError(f"{where}: cannot be read ({exc})") from None
        self.ndim = len(self.shape)
        self._token = (str(where), stat.st_size, stat.st_mtime_ns, stat.st_ino)

    def _open(self) -> Any:
        if self.where.kind == "npy":
            return _Closing(np.load(self.where.path, mmap_mode="r", allow_pickle=False))
        import h5py

        h5 = h5py.File(self.where.path, "r")
        try:
            dataset = h5[self.where.dataset]
        except KeyError:
            h5.close()
            raise
        return _Closing(dataset, h5)

    def __getitem__(self, key: Any) -> np.ndarray:
        with self._open() as array:
            return np.array(array[key])  # a writable copy, the file closed behind it

    def __dask_tokenize__(self) -> Any:
        return self._token


class _Closing:
    """A context holding an opened array (and the file to close after it)."""

    def __init__(self, array: Any, file: Any = None):
        self.array, self.file = array, file

    def __enter__(self) -> Any:
        return self.array

    def __exit__(self, *exc: Any) -> None:
        if self.file is not None:
            self.file.close()  # a memory-mapped .npy closes when its last view goes


def read_array(source: str, chunk_rows: int | None = None) -> Any:
    """The array at ``source`` as a lazy Dask array, chunked along its first axis only.

    ``chunk_rows``: rows per chunk (default: a Zarr array's own row chunks, else
    :data:`DEFAULT_CHUNK_ROWS`).
    """
    import dask.array as da

    where = location(source)
    if where.kind == "zarr":
        if not where.path.exists():
            raise StorageError(f"{where}: no such Zarr array")
        array = da.from_zarr(str(where.path))
        if array.ndim == 0:
            raise StorageError(f"{where}: a scalar, not an array of rows")
        whole = {axis: -1 for axis in range(1, array.ndim)}
        return array.rechunk({0: chunk_rows, **whole} if chunk_rows else whole)
    rows = _FileRows(where)
    if rows.ndim == 0:
        raise StorageError(f"{where}: a scalar, not an array of rows")
    return da.from_array(rows, chunks=(chunk_rows or DEFAULT_CHUNK_ROWS, *rows.shape[1:]), lock=False,
                         asarray=True, fancy=False, meta=np.zeros((0,) * rows.ndim, rows.dtype))


# --- writing ---------------------------------------------------------------------------------------

class _Output:
    """A target being written: ``write`` rows, then ``commit`` (replace the target) or ``abort``."""

    def __init__(self, where: Location, dtype: np.dtype, shape: tuple[int, ...], chunk_rows: int,
                 overwrite: bool):
        self.where = where
        try:
            self._create(dtype, shape, chunk_rows, overwrite)
        except OSError as exc:
            raise StorageError(f"{where} cannot be written ({exc})") from None

    def _create(self, dtype: np.dtype, shape: tuple[int, ...], chunk_rows: int, overwrite: bool) -> None:
        where = self.where
        self.tmp = where.path.with_name(f".{where.path.name}.tmp{os.getpid()}")
        if where.kind == "hdf5":
            import h5py

            self.created = not where.path.exists()
            self.file = h5py.File(where.path, "a")
            if where.dataset in self.file and not overwrite:
                self.file.close()
                raise StorageError(f"{where} exists; choose another dataset or overwrite it")
            self.name = f"{where.dataset}.tmp{os.getpid()}"
            if self.name in self.file:
                del self.file[self.name]
            self.array: Any = self.file.create_dataset(self.name, shape, dtype)
            return
        if where.path.exists() and not overwrite:
            raise StorageError(f"{where} exists; choose another path or overwrite it")
        self._remove(self.tmp)
        if where.kind == "npy":
            self.array = np.lib.format.open_memmap(self.tmp, mode="w+", dtype=dtype, shape=shape)
        else:
            import zarr

            self.array = zarr.open_array(str(self.tmp), mode="w", shape=shape, dtype=dtype,
                                         chunks=(max(1, chunk_rows), *shape[1:]))

    @staticmethod
    def _remove(path: Path) -> None:
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        elif path.exists() or path.is_symlink():
            path.unlink()

    def write(self, start: int, block: np.ndarray) -> None:
        self.array[start:start + len(block)] = block

    def commit(self) -> None:
        if self.where.kind == "hdf5":
            if self.where.dataset in self.file:
                del self.file[self.where.dataset]
            self.file.move(self.name, self.where.dataset)
            self.file.close()
            return
        if self.where.kind == "npy":
            self.array.flush()
            del self.array
        elif self.where.path.is_dir():
            shutil.rmtree(self.where.path)
        os.replace(self.tmp, self.where.path)

    def abort(self) -> None:
        if self.where.kind == "hdf5":
            if self.name in self.file:
                del self.file[self.name]
            empty = len(self.file) == 0
            self.file.close()
            if self.created and empty:
                self.where.path.unlink()
            return
        del self.array
        self._remove(self.tmp)


def store(array: Any, target: str, *, client: Any = None, overwrite: bool = False,
          progress: Callable[[int], Any] | None = None) -> Location:
    """Compute ``array`` on ``client`` (default: the active distributed client) and write it
    to ``target``, chunk by chunk as they finish; returns where it was written.

    ``progress(rows)`` is called with the number of rows written so far. A chunk's error
    (a bad row) stops the job: the chunks after it are cancelled, the ones before it finish,
    and the error of the lowest bad row is raised; nothing is left at ``target`` (an existing
    target stays as it was).
    """
    import dask.array as da
    from distributed import as_completed, default_client

    client = client or default_client()
    where = location(target)
    array = da.asarray(array)
    if array.ndim == 0:
        raise StorageError(f"{where}: bulk stores arrays of rows, not a scalar")
    array = array.rechunk({axis: -1 for axis in range(1, array.ndim)})
    starts = np.concatenate([[0], np.cumsum(array.chunks[0])]).astype(int).tolist()
    output = _Output(where, array.dtype, array.shape, max(array.chunks[0], default=1), overwrite)
    blocks = list(array.to_delayed().ravel())
    try:
        futures = client.compute(blocks)
        index = {future.key: i for i, future in enumerate(futures)}
        failed: dict[int, BaseException] = {}
        done = 0
        for future in as_completed(futures):
            i = index[future.key]
            if failed and i > min(failed):
                future.cancel()
                continue
            if future.status == "cancelled":
                continue
            if future.status == "error":
                failed[i] = future.exception()
                for j, other in enumerate(futures):
                    if j > i:
                        other.cancel()
                continue
            if failed:  # below a failed chunk: wait for it (it may hold a lower bad row)
                future.release()
                continue
            block = future.result()
            future.release()
            output.write(starts[i], block)
            done += len(block)
            if progress is not None:
                progress(done)
        if failed:
            raise failed[min(failed)]
    except BaseException:
        output.abort()
        raise
    output.commit()
    return where
