"""The one check of table files: where they live, what is refused, mapping, verification records."""

from __future__ import annotations

import mmap
import os
import shutil
import threading

import h5py
import numpy as np
import pytest

from lookup import checksums, tables
from lookup.errors import TableError
from lookup.tables import GAMES
from tablegen.build import up_to_date
from tests.support.env import ROOT, run_python
from tests.support.table_files import copy_table, small_table


def _changed(value):
    """Another value of the same type (what a careless edit of an attribute does)."""
    if isinstance(value, (bytes, np.bytes_)):
        return bytes(value) + b"x"
    if isinstance(value, str):
        return value + "x"
    if isinstance(value, np.ndarray):
        return value + 1
    return type(value)(value + 1) if not isinstance(value, np.bool_) else not value


# --- where the tables live ---------------------------------------------------------------------

def test_data_dir_comes_from_env_then_checkout_then_user_data_dir(monkeypatch, tmp_path):
    monkeypatch.setenv(tables.DATA_ENV, str(tmp_path / "mine"))
    assert tables.data_location() == (tmp_path / "mine", tables.DATA_ENV)
    assert tables.table_path("zipai") == tmp_path / "mine" / "zipai.h5"
    monkeypatch.delenv(tables.DATA_ENV)
    assert tables.source_checkout() == ROOT
    assert tables.data_location() == (ROOT / "data", "source checkout")
    assert tables.build_command() == "make tables" and "make tables" in tables.rebuild_hint()
    monkeypatch.setattr(tables, "source_checkout", lambda: None)  # what an installed copy sees
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert tables.data_location() == (tmp_path / "xdg" / "paibiao", "user data directory")
    assert tables.build_command() == "paibiao tables build"
    with pytest.raises(TableError, match=r"not found at .*xdg/paibiao/mahjong.h5; run `paibiao tables build`"):
        tables.check(tables.table_path("mahjong"), "mahjong")


# --- every value read from the file is covered -----------------------------------------------------
# The checks that damage a fresh copy once per attribute or dataset run on small files made like
# the built ones (tests.support.table_files.small_table: the first test shows they hold every
# attribute and dataset of the real file); the real file of each game is damaged once.

@pytest.mark.parametrize("game", GAMES)
def test_the_small_file_has_what_the_built_file_has(tmp_path, game):
    small = tables.check(small_table(game, tmp_path), game)
    built = tables.load(game)
    assert set(small.attrs) == set(built.attrs)
    assert {n: (i.dtype, i.shape[1:], bool(i.nbytes)) for n, i in small.datasets.items()} == \
        {n: (i.dtype, i.shape[1:], bool(i.nbytes)) for n, i in built.datasets.items()}


@pytest.mark.parametrize("game", GAMES)
def test_the_built_file_damaged_is_refused(tmp_path, game):
    """A byte of the largest dataset flipped, then an attribute changed, in a copy of the real file."""
    path = copy_table(game, tmp_path)
    info = max(tables.check(path, game).datasets.values(), key=lambda i: i.nbytes)  # writes the record
    before = os.stat(path)
    _flip_byte(path, info.offset + info.nbytes // 2)
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    for full in (False, True):
        with pytest.raises(TableError, match=f"{info.name}.*damaged"):
            tables.check(path, game, full=full)
    assert up_to_date(game, path) is not None
    _flip_byte(path, info.offset + info.nbytes // 2)  # flipped back: the file passes again
    assert tables.check(path, game).verified == "full"
    with h5py.File(path, "a") as f:
        f.attrs["encoding"] = _changed(f.attrs["encoding"])
    for full in (False, True):
        with pytest.raises(TableError, match="make tables"):
            tables.check(path, game, full=full)


@pytest.mark.parametrize("game", GAMES)
def test_every_root_attribute_changed_or_deleted_is_refused(tmp_path, game):
    original = small_table(game, tmp_path / "original")
    with h5py.File(original, "r") as f:
        names = list(f.attrs)
    assert tables.METADATA_ATTR in names and "datasets" in names
    for i, name in enumerate(names):
        for action in ("change", "delete"):
            path = tmp_path / f"{i}-{action}" / f"{game}.h5"
            path.parent.mkdir()
            shutil.copyfile(original, path)
            with h5py.File(path, "a") as f:
                if action == "change":
                    f.attrs[name] = _changed(f.attrs[name])
                else:
                    del f.attrs[name]
            for full in (False, True):
                with pytest.raises(TableError, match="make tables"):
                    tables.check(path, game, full=full)
            assert up_to_date(game, path) is not None, (name, action)  # so --if-needed rebuilds


def test_zipai_final_state_edit_is_refused_by_the_cli(tmp_path):
    """An edited final_state (28410) is a damaged file, not a hand that does not win: the
    command refuses it on one line (it once printed `no hu`)."""
    path = copy_table("zipai", tmp_path)
    with h5py.File(path, "a") as f:
        f.attrs["final_state"] = 28410
    code = "from lookup.cli import main; raise SystemExit(main(['zipai', 'hu', '二七十二七十贰柒拾']))"
    done = run_python(code, PAIBIAO_DATA=str(tmp_path))
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "damaged" in done.stderr and "Traceback" not in done.stderr
    with h5py.File(path, "a") as f:
        del f.attrs["final_state"]
    done = run_python(code, PAIBIAO_DATA=str(tmp_path))
    assert done.returncode == 1 and "KeyError" not in done.stderr and "damaged" in done.stderr


def test_datasets_must_match_their_list_both_ways(tmp_path):
    path = small_table("mahjong", tmp_path / "a")
    with h5py.File(path, "a") as f:  # the dataset and its name both removed
        del f["suit/split_keys"]
        f.attrs["datasets"] = " ".join(n for n in f.attrs["datasets"].split() if n != "suit/split_keys")
    with pytest.raises(TableError, match="damaged"):
        tables.check(path, "mahjong", full=False)
    assert up_to_date("mahjong", path) is not None
    path = copy_table("shisanshui", tmp_path / "b")
    with h5py.File(path, "a") as f:
        f["extra"] = np.zeros(3, np.uint8)
    with pytest.raises(TableError, match="'extra' is not listed"):
        tables.check(path, "shisanshui")
    path = copy_table("shisanshui", tmp_path / "c")
    with h5py.File(path, "a") as f:
        del f["rank3"]
    with pytest.raises(TableError, match="'rank3' is missing"):
        tables.check(path, "shisanshui")


def test_generator_sources_are_compared_when_given(tmp_path):
    path = copy_table("shisanshui", tmp_path)
    assert up_to_date("shisanshui", path) is None
    with pytest.raises(TableError, match="stale: built by other generator sources"):
        tables.check(path, "shisanshui", source_sha256="0" * 64)


def _flip_byte(path, offset):
    with open(path, "r+b") as f:
        f.seek(offset)
        byte = f.read(1)[0]
        f.seek(offset)
        f.write(bytes([byte ^ 0x10]))


@pytest.mark.parametrize("game", GAMES)
def test_a_damaged_byte_in_any_dataset_is_refused_even_after_a_record(tmp_path, game):
    original = small_table(game, tmp_path / "original")
    infos = tables.check(original, game).datasets
    for i, info in enumerate(infos.values()):
        path = tmp_path / str(i) / f"{game}.h5"
        path.parent.mkdir()
        shutil.copyfile(original, path)
        assert tables.check(path, game).verified == "full"  # writes the record
        assert tables.check(path, game, full=False).verified == "record"
        before = os.stat(path)
        _flip_byte(path, info.offset + info.nbytes // 2)
        os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))  # same size and mtime: ctime moved
        with pytest.raises(TableError, match=f"{info.name}.*damaged"):
            tables.check(path, game, full=False)
        with pytest.raises(TableError, match="damaged"):
            tables.check(path, game, full=True)
        assert up_to_date(game, path) is not None, info.name  # so --if-needed rebuilds


@pytest.mark.parametrize("game", GAMES)
def test_any_dataset_deleted_or_emptied_is_refused(tmp_path, game):
    """Each dataset in turn deleted (its name still listed) or replaced by an empty one."""
    original = small_table(game, tmp_path / "original")
    names = list(tables.check(original, game).datasets)
    for i, name in enumerate(names):
        for action in ("delete", "empty"):
            path = tmp_path / f"{i}-{action}" / f"{game}.h5"
            path.parent.mkdir()
            shutil.copyfile(original, path)
            with h5py.File(path, "a") as f:
                dtype = f[name].dtype
                del f[name]
                if action == "empty":
                    f[name] = np.zeros(0, dtype)
            for full in (False, True):
                with pytest.raises(TableError, match="damaged|missing"):
                    tables.check(path, game, full=full)
            assert up_to_date(game, path) is not None, (name, action)


# --- mapping and records -------------------------------------------------------------------------

def test_datasets_are_read_only_views_of_one_mapping(tmp_path):
    path = copy_table("zipai", tmp_path)
    ts = tables.check(path, "zipai")
    bases = set()
    for name in ts.names():
        array = ts[name]
        assert not array.flags.writeable and array.flags.c_contiguous and array.flags.aligned
        with pytest.raises(ValueError):
            array[0] = 0
        base = array
        while isinstance(base, np.ndarray):
            base = base.base
        base = base.obj if isinstance(base, memoryview) else base
        assert isinstance(base, mmap.mmap)
        bases.add(id(base))
        with h5py.File(path, "r") as f:
            assert np.array_equal(array, f[name][()])
    assert len(bases) == 1
    maps = open("/proc/self/maps").read() if os.path.exists("/proc/self/maps") else str(path)
    assert str(path) in maps


def test_a_full_check_records_itself_and_later_loads_skip_hashing(tmp_path, monkeypatch):
    path = copy_table("shisanshui", tmp_path)
    assert tables.check(path, "shisanshui", full=False).verified == "full"
    next_to, _ = checksums.record_paths(path)
    assert next_to.is_file() and next_to.name == ".shisanshui.h5.verified"
    assert tables.check(path, "shisanshui", full=False).verified == "record"
    assert tables.check(path, "shisanshui", full=True).verified == "full"
    shutil.copyfile(tables.table_path("shisanshui"), tmp_path / "new.h5")
    os.replace(tmp_path / "new.h5", path)  # a rebuild: another inode
    assert tables.check(path, "shisanshui", full=False).verified == "full"
    monkeypatch.setenv(tables.DATA_ENV, str(tmp_path))
    monkeypatch.setenv(tables.VERIFY_ENV, "full")
    tables.clear_cache()
    try:
        assert tables.load("shisanshui").verified == "full"
        tables.clear_cache()
        monkeypatch.delenv(tables.VERIFY_ENV)
        assert tables.load("shisanshui").verified == "record"
        tables.clear_cache()
        assert tables.load("shisanshui", full=True).verified == "full"
    finally:
        tables.clear_cache()


def test_the_record_goes_to_the_user_cache_when_the_data_dir_refuses_it(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    path = copy_table("shisanshui", tmp_path / "data")
    next_to, in_cache = checksums.record_paths(path)
    next_to.mkdir()  # cannot be replaced by a file
    assert tables.check(path, "shisanshui", full=False).verified == "full"
    assert in_cache.is_file() and in_cache.is_relative_to(tmp_path / "cache" / "paibiao")
    assert tables.check(path, "shisanshui", full=False).verified == "record"


# --- paths that are not table files ----------------------------------------------------------------

def test_non_regular_paths_are_refused_without_opening(tmp_path):
    (tmp_path / "mahjong.h5").mkdir()
    with pytest.raises(TableError, match="is a directory"):
        tables.check(tmp_path / "mahjong.h5", "mahjong")
    fifo = tmp_path / "zipai.h5"
    os.mkfifo(fifo)
    outcome: list[object] = []
    worker = threading.Thread(target=lambda: outcome.append(pytest.raises(TableError, tables.check, fifo, "zipai")),
                              daemon=True)
    worker.start()
    worker.join(30)
    assert outcome and "not a regular file" in str(outcome[0].value)  # type: ignore[attr-defined]
    (tmp_path / "shisanshui.h5").write_bytes(b"")
    with pytest.raises(TableError, match="empty"):
        tables.check(tmp_path / "shisanshui.h5", "shisanshui")
    (tmp_path / "shisanshui.h5").write_bytes(b"not hdf5" * 100)
    with pytest.raises(TableError, match="cannot be read"):
        tables.check(tmp_path / "shisanshui.h5", "shisanshui")
    with pytest.raises(TableError, match="unknown game"):
        tables.check(tmp_path / "shisanshui.h5", "poker")


# --- clear_cache ----------------------------------------------------------------------------------

def test_clear_cache_rebuilds_views_from_the_new_files(tmp_path, monkeypatch):
    views = {game: tables.TableView(game, lambda ts: ts) for game in GAMES}
    for game in GAMES:
        small_table(game, tmp_path / "one")
    tables.clear_cache()
    try:
        monkeypatch.setenv(tables.DATA_ENV, str(tmp_path / "one"))
        first = {game: view.get() for game, view in views.items()}
        assert all(ts.path.parent == tmp_path / "one" for ts in first.values())
        for game in GAMES:  # replace every file (a new inode), then clear
            os.replace(small_table(game, tmp_path / "new"), tmp_path / "one" / f"{game}.h5")
        assert all(views[game].get() is first[game] for game in GAMES)  # cached until cleared
        tables.clear_cache()
        for game, view in views.items():
            second = view.get()
            assert second is not first[game] and second is tables.load(game)
            assert second.stat.st_ino != first[game].stat.st_ino  # type: ignore[union-attr]
            assert np.array_equal(first[game][second.names()[0]], second[second.names()[0]])  # old views live on
    finally:
        tables.clear_cache()


def _every_query_kind():
    from lookup.warmup import QUERIES

    return [(game, kind, call) for game in GAMES for kind, call in QUERIES[game]()]


def test_after_clear_cache_no_query_answers_from_the_old_files(tmp_path, monkeypatch):
    """After replacing all three files and clearing, every query kind reads the new
    files. The new files here are refused (a changed schema version), so a query that still
    answers is answering from the old tables. Query kinds that read no table at all (they
    answer with no table file present) are left out."""
    calls = _every_query_kind()
    for _, _, call in calls:
        call()  # every query kind has loaded and built what it uses
    monkeypatch.setenv(tables.DATA_ENV, str(tmp_path / "empty"))
    tables.clear_cache()
    tableless = []
    for game, kind, call in calls:
        try:
            call()
            tableless.append(f"{game} {kind}")
        except TableError:
            pass
    assert len(tableless) < len(calls) // 4, tableless  # nearly every kind reads tables
    monkeypatch.undo()
    tables.clear_cache()
    for _, _, call in calls:
        call()  # loaded again from the built tables
    for game in GAMES:
        path = small_table(game, tmp_path)
        with h5py.File(path, "a") as f:
            f.attrs["schema_version"] = 0
    monkeypatch.setenv(tables.DATA_ENV, str(tmp_path))
    tables.clear_cache()
    try:
        answered = []
        for game, kind, call in calls:
            if f"{game} {kind}" in tableless:
                continue
            try:
                call()
            except TableError:
                continue
            answered.append(f"{game} {kind}")
        assert not answered, f"answered from the old tables after clear_cache: {', '.join(answered)}"
    finally:
        monkeypatch.undo()
        tables.clear_cache()
