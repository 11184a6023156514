"""The mahjong per-suit tables: every entry against the slow enumeration, sizes, metadata."""

from math import comb

import h5py
import numpy as np
import pytest

from lookup import encoding as enc
from lookup import tables
from lookup.errors import TableError
from oracles import mahjong as slow
from tablegen import mahjong as gen

SUITS = [("suit", enc.N_SUIT_RANKS, True), ("honor", enc.N_HONOR_KINDS, False)]


def vectors_up_to(n_ranks, max_total):
    """Number of count vectors (each 0..4) over n_ranks ranks with total <= max_total."""
    # inclusion-exclusion over ranks forced above 4
    return sum((-1) ** j * comb(n_ranks, j) * comb(max_total - 5 * j + n_ranks, n_ranks)
               for j in range(n_ranks + 1) if max_total - 5 * j >= 0)


def expected_entries(n_ranks, chows):
    """The packed entries built from the oracle's vector sets (waits derived backwards)."""
    melds_only, with_pair = slow.split_vectors(n_ranks, chows)
    entries = ((_totals(n_ranks) << enc.TOTAL_SHIFT) | (enc.CLASS_NEITHER << enc.CLASS_SHIFT)).astype(np.uint32)
    for flag, shift, vectors in ((enc.ENTRY_MELDS, enc.WAIT_MELDS_SHIFT, melds_only),
                                 (enc.ENTRY_PAIR, enc.WAIT_PAIR_SHIFT, with_pair)):
        cls = enc.CLASS_MELDS if flag == enc.ENTRY_MELDS else enc.CLASS_PAIR
        for v in vectors:
            key = enc.suit_key(v)
            entries[key] = (entries[key] & ~np.uint32(7 << enc.CLASS_SHIFT)) | flag | (cls << enc.CLASS_SHIFT)
            for r in range(n_ranks):  # v minus one tile r waits on r
                if v[r]:
                    w = list(v)
                    w[r] -= 1
                    entries[enc.suit_key(w)] |= 1 << (shift + r)
    return entries


@pytest.fixture(scope="module")
def loaded():
    return tables.load("mahjong")


@pytest.mark.parametrize("name,n_ranks,chows", SUITS)
def test_every_entry_matches_the_slow_enumeration(loaded, name, n_ranks, chows):
    table = loaded[f"{name}/hu_ting"]
    expected = expected_entries(n_ranks, chows)
    assert table.shape == expected.shape == (enc.n_keys(n_ranks),)
    diff = np.flatnonzero(table != expected)
    assert diff.size == 0, [(enc.key_to_counts(int(k), n_ranks), hex(table[k]), hex(expected[k]))
                            for k in diff[:5]]


@pytest.mark.parametrize("name,n_ranks,chows,melds,pairs,vectors", [
    ("suit", 9, True, 2869, 18874, 405350),   # SPEC §5
    ("honor", 7, False, 99, 399, 43130),
])
def test_known_sizes(loaded, name, n_ranks, chows, melds, pairs, vectors):
    table = loaded[f"{name}/hu_ting"]
    assert np.count_nonzero(table & enc.ENTRY_MELDS) == melds
    assert np.count_nonzero(table & enc.ENTRY_PAIR) == pairs
    melds_only, with_pair = slow.split_vectors(n_ranks, chows)
    assert (len(melds_only), len(with_pair)) == (melds, pairs)
    assert vectors_up_to(n_ranks, enc.MAX_HAND_TILES) == vectors
    assert np.count_nonzero(_totals(n_ranks) <= enc.MAX_HAND_TILES) == vectors


def _totals(n_ranks):
    """Tile total of every key, by brute force over all count vectors (key order)."""
    grids = np.meshgrid(*[np.arange(5)] * n_ranks, indexing="ij")
    return sum(grids).transpose().ravel()  # first rank varies fastest, as in the base-5 key


def test_vectors_over_14_tiles_hold_only_their_total(loaded):
    for name, n_ranks, _ in SUITS:
        table = loaded[f"{name}/hu_ting"]
        over = _totals(n_ranks) > enc.MAX_HAND_TILES
        assert not (table[over] & ((1 << enc.TOTAL_SHIFT) - 1)).any()
        assert (table[over] >> enc.CLASS_SHIFT == enc.CLASS_NEITHER).all()
        assert np.array_equal((table >> enc.TOTAL_SHIFT) & 0xFF, _totals(n_ranks))


def test_keys_round_trip():
    for v in [(0,) * 9, (4,) * 9, (1, 2, 3, 4, 0, 1, 2, 3, 4), (3, 0, 0, 0, 0, 0, 2)]:
        assert enc.key_to_counts(enc.suit_key(v), len(v)) == v
    assert enc.suit_key((0, 1)) == enc.COUNT_BASE


def test_kernel_agrees_with_a_python_dp_on_small_suits():
    # the kernels take n_ranks: a 4-rank suit with chows is small enough for the recursive checker
    for chows in (True, False):
        flags = gen.split_flags(4, chows)
        melds_only, with_pair = slow.split_vectors(4, chows)
        for key in range(enc.n_keys(4)):
            v = enc.key_to_counts(key, 4)
            want = (enc.ENTRY_MELDS if v in melds_only else 0) | (enc.ENTRY_PAIR if v in with_pair else 0)
            assert flags[key] == want, v


def test_generation_is_deterministic(tmp_path):
    a, b = tmp_path / "a.h5", tmp_path / "b.h5"
    gen.build(a, progress=lambda msg: None)
    gen.build(b, progress=lambda msg: None)
    with h5py.File(a) as fa, h5py.File(b) as fb:
        assert sorted(fa) == sorted(fb)
        for group in fa:
            for name in fa[group]:
                x, y = fa[group][name], fb[group][name]
                assert x.attrs["sha256"] == y.attrs["sha256"]
                assert np.array_equal(x[()], y[()])
    assert a.read_bytes() == b.read_bytes()


def test_metadata(loaded):
    attrs = loaded.attrs
    assert attrs["schema_version"] == tables.SCHEMA_VERSIONS["mahjong"]
    assert attrs["game"] == "mahjong" and attrs["encoding"] == "dense_base5"
    assert attrs["max_suit_tiles"] == enc.MAX_HAND_TILES
    assert attrs["generator_version"]
    with h5py.File(loaded.path) as f:
        for name in attrs["datasets"].split():
            assert f[name].attrs["description"]
            assert f[name].attrs["sha256"] == tables.array_sha256(f[name][()])


def test_loaded_arrays_are_read_only(loaded):
    with pytest.raises(ValueError):
        loaded["suit/hu_ting"][0] = 1


@pytest.fixture
def copy_of_tables(tmp_path, loaded):
    path = tmp_path / "mahjong.h5"
    path.write_bytes(loaded.path.read_bytes())
    return path


def test_damaged_dataset_is_refused(copy_of_tables):
    with h5py.File(copy_of_tables) as f:
        dset = f["suit/hu_ting"]
        offset = dset.id.get_offset() + 4 * 1000
    data = bytearray(copy_of_tables.read_bytes())
    data[offset] ^= 0x40
    copy_of_tables.write_bytes(bytes(data))
    with pytest.raises(TableError, match="damaged.*make tables"):
        tables.read_verified(copy_of_tables, "mahjong")


def test_stale_schema_is_refused(copy_of_tables):
    with h5py.File(copy_of_tables, "r+") as f:
        f.attrs["schema_version"] = tables.SCHEMA_VERSIONS["mahjong"] - 1
    with pytest.raises(TableError, match="stale.*make tables"):
        tables.read_verified(copy_of_tables, "mahjong")


def test_missing_dataset_is_refused(copy_of_tables):
    with h5py.File(copy_of_tables, "r+") as f:
        del f["honor/hu_ting"]
    with pytest.raises(TableError, match="missing.*make tables"):
        tables.read_verified(copy_of_tables, "mahjong")


def test_missing_and_truncated_files_are_refused(tmp_path, copy_of_tables):
    with pytest.raises(TableError, match="not found.*make tables"):
        tables.read_verified(tmp_path / "nothing.h5", "mahjong")
    data = copy_of_tables.read_bytes()
    copy_of_tables.write_bytes(data[: len(data) // 2])
    with pytest.raises(TableError, match="make tables"):
        tables.read_verified(copy_of_tables, "mahjong")


def test_runtime_refuses_a_damaged_data_dir(tmp_path, monkeypatch, copy_of_tables):
    """The public query path (not only read_verified) refuses and never answers."""
    from lookup import mahjong

    with h5py.File(copy_of_tables, "r+") as f:
        f.attrs["schema_version"] = 0
    monkeypatch.setenv(tables.DATA_ENV, str(tmp_path))
    monkeypatch.setattr(mahjong, "_entries", None)
    tables.clear_cache()
    try:
        with pytest.raises(TableError, match="make tables"):
            mahjong.is_hu("11m")
    finally:
        tables.clear_cache()
