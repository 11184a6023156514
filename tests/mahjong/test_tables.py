"""The mahjong per-suit tables: every entry against the slow enumeration, sizes, metadata."""

from math import comb

import h5py
import numpy as np
import pytest

from lookup import tables
from lookup.errors import TableError
from lookup.mahjong import encoding as enc
from tablegen import mahjong as gen
from tests.support.oracles import mahjong as slow
from tests.support.oracles import mahjong_rules as rules_slow

SUITS = [("suit", enc.N_SUIT_RANKS, True), ("honor", enc.N_HONOR_KINDS, False)]
KINDS_258 = [("suit_258", enc.N_SUIT_RANKS, True, (1, 4, 7)), ("honor_258", enc.N_HONOR_KINDS, False, ())]
"""The suit kinds of the 258 pair: the pair only on rank 2, 5 or 8; no pair of honors."""
ORACLE_KINDS = {"suit": "num", "honor": "hon", "suit_258": "num258", "honor_258": "hon0"}
"""The names of the suit kinds in :func:`tests.support.oracles.mahjong_rules.suit_targets`."""


def vectors_up_to(n_ranks, max_total):
    """Number of count vectors (each 0..4) over n_ranks ranks with total <= max_total."""
    # inclusion-exclusion over ranks forced above 4
    return sum((-1) ** j * comb(n_ranks, j) * comb(max_total - 5 * j + n_ranks, n_ranks)
               for j in range(n_ranks + 1) if max_total - 5 * j >= 0)


def expected_entries(n_ranks, chows, pair_ranks=None):
    """The packed entries built from the oracle's vector sets (waits derived backwards)."""
    melds_only, with_pair = slow.split_vectors(n_ranks, chows, pair_ranks=pair_ranks)
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
    ("suit", 9, True, 2869, 18874, 405350),
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
        flags = gen.split_flags(4, chows, (1 << 4) - 1)  # a pair on any rank
        melds_only, with_pair = slow.split_vectors(4, chows)
        for key in range(enc.n_keys(4)):
            v = enc.key_to_counts(key, 4)
            want = (enc.ENTRY_MELDS if v in melds_only else 0) | (enc.ENTRY_PAIR if v in with_pair else 0)
            assert flags[key] == want, v


@pytest.mark.rebuild
def test_generation_is_deterministic(built_table):
    """A build in this process equals, byte for byte, the one `make tables` wrote to data/."""
    from tablegen.build import up_to_date

    b = tables.table_path("mahjong")
    assert up_to_date("mahjong", b) is None  # built from these sources (`make test` runs tablegen --if-needed)
    a = built_table("mahjong")
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
    tables.clear_cache()
    try:
        with pytest.raises(TableError, match="make tables"):
            mahjong.is_hu("11m")
    finally:
        tables.clear_cache()


# --- jokers, shanten costs, splits ----------------------------------------------------------

def _field(array, shift, bits):
    return (array >> shift) & ((1 << bits) - 1)


@pytest.mark.exhaustive
@pytest.mark.parametrize("name,n_ranks,chows", SUITS)
def test_joker_needs_match_the_exhaustive_search(loaded, name, n_ranks, chows):
    table = loaded[f"{name}/jokers"]
    totals = _totals(n_ranks)
    need_m = _field(table, enc.JOKER_MELDS_SHIFT, 4)
    need_p = _field(table, enc.JOKER_PAIR_SHIFT, 4)
    assert (need_m[totals > 14] == enc.NEED_NONE).all() and (need_p[totals > 14] == enc.NEED_NONE).all()
    keys = np.flatnonzero(totals <= 14)
    for key in keys:
        v = enc.key_to_counts(int(key), n_ranks)
        assert (need_m[key], need_p[key]) == slow.joker_needs(v, chows), v
    # zero jokers needed exactly when the vector splits
    hu = loaded[f"{name}/hu_ting"]
    assert np.array_equal(need_m[keys] == 0, (hu[keys] & enc.ENTRY_MELDS) != 0)
    assert np.array_equal(need_p[keys] == 0, (hu[keys] & enc.ENTRY_PAIR) != 0)


@pytest.mark.parametrize("name,n_ranks,chows", SUITS)
def test_joker_wait_masks(loaded, name, n_ranks, chows):
    table = loaded[f"{name}/jokers"]
    totals = _totals(n_ranks)
    for shift, wshift in ((enc.JOKER_MELDS_SHIFT, enc.JOKER_WAIT_MELDS_SHIFT),
                          (enc.JOKER_PAIR_SHIFT, enc.JOKER_WAIT_PAIR_SHIFT)):
        need = _field(table, shift, 4).astype(np.int64)
        waits = _field(table, wshift, n_ranks)
        for r in range(n_ranks):
            digit = (np.arange(table.size) // enc.COUNT_BASE ** r) % enc.COUNT_BASE
            ok = (totals < 14) & (digit < 4)
            keys = np.flatnonzero(ok)
            after = need[keys + enc.COUNT_BASE ** r]
            lowers = after == need[keys] - 1
            assert np.array_equal((waits[keys] >> r) & 1, lowers)
            assert np.all(lowers | (after == need[keys] + 2))  # the only other step
            assert not ((waits[~ok] >> r) & 1).any()


def _shanten_twin(n_ranks, chows, pair_ranks=None):
    """Exhaustive per-class costs by a level-by-level numpy sweep (twin of shanten_costs)."""
    melds_only, with_pair = slow.split_vectors(n_ranks, chows, pair_ranks=pair_ranks)
    size = enc.n_keys(n_ranks)
    keys = np.arange(size)
    digits = np.stack([(keys // enc.COUNT_BASE ** r) % enc.COUNT_BASE for r in range(n_ranks)], axis=1)
    totals = digits.sum(axis=1)
    out = {}
    for m in range(enc.MAX_MELDS + 1):
        for p in (0, 1):
            cost = np.zeros(size, np.int64)
            targets = [w for w in (with_pair if p else melds_only) if sum(w) == 3 * m + 2 * p]
            target = np.zeros(size, bool)
            target[[enc.suit_key(w) for w in targets]] = True
            inside = target.copy()  # some target fits inside the vector
            for t in range(1, totals.max() + 1):
                level = np.flatnonzero(totals == t)
                for r in range(n_ranks):
                    has = level[digits[level, r] > 0]
                    inside[has] |= inside[has - enc.COUNT_BASE ** r]
            for t in range(totals.max(), -1, -1):  # lacking = 1 + best after adding a tile
                level = np.flatnonzero((totals == t) & ~inside)
                best = np.full(level.size, 99)
                for r in range(n_ranks):
                    room = digits[level, r] < 4
                    best[room] = np.minimum(best[room], cost[level[room] + enc.COUNT_BASE ** r])
                cost[level] = best + 1
            out[m, p] = cost
    return out


@pytest.mark.exhaustive
@pytest.mark.parametrize("name,n_ranks,chows", SUITS)
def test_shanten_costs_match_the_twin_everywhere(loaded, name, n_ranks, chows):
    table = loaded[f"{name}/shanten"]
    for (m, p), cost in _shanten_twin(n_ranks, chows).items():
        assert np.array_equal(_field(table, enc.shanten_shift(m, p), 4), cost), (m, p)


@pytest.mark.exhaustive
@pytest.mark.parametrize("name,n_ranks,chows", SUITS)
def test_shanten_costs_match_the_definition_on_a_sample(loaded, rng, name, n_ranks, chows):
    table = loaded[f"{name}/shanten"]
    targets = slow.targets_by_class(n_ranks, chows)
    totals = _totals(n_ranks)
    sample = rng.choice(np.flatnonzero(totals <= 14), 150, replace=False)
    for key in sample:
        v = enc.key_to_counts(int(key), n_ranks)
        for (m, p), ws in targets.items():
            assert _field(table[key], enc.shanten_shift(m, p), 4) == slow.lacking(v, ws), (v, m, p)


@pytest.mark.parametrize("name,n_ranks,chows", SUITS)
def test_every_split_of_every_vector(loaded, name, n_ranks, chows):
    keys, start, rows = (loaded[f"{name}/{d}"] for d in ("split_keys", "split_start", "splits"))
    hu = loaded[f"{name}/hu_ting"]
    assert np.array_equal(keys, np.flatnonzero(hu & (enc.ENTRY_MELDS | enc.ENTRY_PAIR)))
    assert start[0] == 0 and start[-1] == len(rows) and np.all(np.diff(start) > 0)
    for i, key in enumerate(keys):
        got = set()
        for pair, *codes in rows[start[i]:start[i + 1]].tolist():
            melds = tuple(sorted(("pong", c) if c < n_ranks else ("chow", c - n_ranks)
                                 for c in codes if c != enc.NO_MELD))
            got.add((None if pair == enc.NO_MELD else pair, melds))
        assert len(got) == start[i + 1] - start[i]  # each split once
        assert got == slow.splits_of(enc.key_to_counts(int(key), n_ranks), chows)


# --- the 258-pair kinds and the over-4 savings -----------------------------------------------

@pytest.mark.exhaustive
@pytest.mark.parametrize("name,n_ranks,chows,pair_ranks", KINDS_258)
def test_258_kinds_match_the_slow_enumeration_everywhere(loaded, name, n_ranks, chows, pair_ranks):
    table = loaded[f"{name}/hu_ting"]
    expected = expected_entries(n_ranks, chows, pair_ranks)
    diff = np.flatnonzero(table != expected)
    assert diff.size == 0, [(enc.key_to_counts(int(k), n_ranks), hex(table[k]), hex(expected[k]))
                            for k in diff[:5]]
    shanten = loaded[f"{name}/shanten"]
    for (m, p), cost in _shanten_twin(n_ranks, chows, pair_ranks).items():  # no target (no pair): the cap
        assert np.array_equal(_field(shanten, enc.shanten_shift(m, p), 4), np.minimum(cost, enc.COST_MASK)), (m, p)
    jokers = loaded[f"{name}/jokers"]  # zero jokers needed exactly when the vector splits
    keys = np.flatnonzero(_totals(n_ranks) <= 14)
    assert np.array_equal(_field(jokers[keys], enc.JOKER_PAIR_SHIFT, 4) == 0, (table[keys] & enc.ENTRY_PAIR) != 0)


@pytest.mark.parametrize("name", list(ORACLE_KINDS))
def test_over4_savings_match_the_definition_on_a_sample(loaded, rng, name):
    """Per class, the fewest copies over 4 (read by jokers) that lower a vector's cost by one and
    by two, against the oracle's targets with capped places; no vector outside the list saves."""
    n_ranks = enc.N_SUIT_RANKS if name.startswith("suit") else enc.N_HONOR_KINDS
    keys, values = loaded[f"{name}/over4_keys"], loaded[f"{name}/over4"]
    flagged = np.flatnonzero((loaded[f"{name}/shanten"] & np.uint64(enc.OVER4_FLAG)) != 0)
    assert np.array_equal(keys, flagged) and np.all(np.diff(keys.astype(np.int64)) > 0)
    totals = _totals(n_ranks)
    listed = rng.choice(len(keys), 40, replace=False)
    others = rng.choice(np.setdiff1d(np.flatnonzero(totals <= 14), keys), 40, replace=False)
    for key, value in [(int(keys[i]), int(values[i])) for i in listed] + [(int(k), 0) for k in others]:
        v = enc.key_to_counts(key, n_ranks)
        for m in range(enc.MAX_MELDS + 1):
            for p in (0, 1):
                cost = rules_slow.suit_cost(v, [enc.MAX_COPIES] * n_ranks, ORACLE_KINDS[name], m, p, enc.MAX_JOKERS)
                shift = enc.OVER4_BITS * enc.MAX_SAVING * (2 * m + p)
                t1, t2 = (value >> shift) & 7, (value >> (shift + enc.OVER4_BITS)) & 7
                want1 = next((e for e in range(1, len(cost)) if cost[e] <= cost[0] - 1), 0)
                want2 = next((e for e in range(1, len(cost)) if cost[e] <= cost[0] - 2), 0)
                assert (t1, t2) == (want1, want2) and min(cost) >= cost[0] - enc.MAX_SAVING, (v, m, p)
