"""The zipai tables: every winning vector against forward enumeration and the seed-001-style
recursive splitter, the known counts of ZIPAI.md, the automaton's ranks, metadata."""

from collections import Counter
from itertools import combinations_with_replacement

import h5py
import numpy as np
import pytest

from lookup import tables
from lookup.errors import TableError
from lookup.zipai import encoding as core
from tablegen import zipai as gen
from tests.support import zipai_hands as hg
from tests.support.oracles import zipai as slow

# ZIPAI.md: winning vectors (counts <= 2) per number of cards
KNOWN_SIZES = {0: 1, 2: 20, 3: 38, 5: 666, 6: 657, 8: 9992, 9: 6684, 11: 87000, 12: 43780,
               14: 479022, 15: 191068, 17: 1716364, 18: 558934, 20: 3992588, 21: 1080182}
EXHAUSTIVE_UP_TO = 14  # every vector up to this many cards is checked; larger ones by samples


@pytest.fixture(scope="module")
def loaded():
    return tables.load("zipai")


@pytest.fixture(scope="module")
def table(loaded):
    """(counts (N, 20) uint8, values) of every vector the automaton accepts, in rank order.

    The automaton is expanded level by level (each state's symbols in increasing order, so
    the vectors come out in key order) and each vector's rank is summed along its path: the
    ranks must be 0..N-1 in that order, i.e. a minimal perfect hash onto ``values``.
    """
    trans = loaded["automaton"].reshape(-1, 9)
    nxt_all = (trans & 0xFFFFFFFF).astype(np.int32)
    off_all = trans >> 32
    states = np.array([core.START], np.int32)
    ranks = np.zeros(1, np.int64)
    digits = np.zeros((1, 0), np.uint8)
    for _ in range(core.N_NUMBERS):
        nxt = nxt_all[states]
        row, sym = np.nonzero(nxt)
        ranks = ranks[row] + off_all[states[row], sym]
        states = nxt[row, sym]
        digits = np.concatenate([digits[row], sym[:, None].astype(np.uint8)], axis=1)
    assert (states == loaded.attrs["final_state"]).all()
    values = loaded["values"]
    assert np.array_equal(ranks, np.arange(len(values)))
    counts = np.concatenate([digits // 3, digits % 3], axis=1)
    return counts, values


def test_known_vector_counts(table, loaded):
    counts, values = table
    sizes = Counter(counts.sum(axis=1, dtype=np.int64).tolist())
    assert dict(sorted(sizes.items())) == KNOWN_SIZES
    assert sizes[21] == 1_080_182  # 7 groups
    assert len(values) == sum(KNOWN_SIZES.values()) == 8_166_996 == loaded.attrs["n_vectors"]
    huxi = values & core.HUXI_MASK
    assert huxi.max() == 18  # ZIPAI.md: the best hand huxi is at most 18
    assert round(np.count_nonzero(huxi == 0) / 1e6, 2) == 4.07  # "4.07M of the 8.17M score 0"


def _lowest(v):
    return next(t for n in range(10) for t in (n, n + 10) if v[t])


def _first_moves(v, present):
    """First-move bits of v from the oracle's vector set: pair, sequence, 二七十, mixed 2+1,
    mixed 1+2 on the lowest card (lowest number, small before big), each iff it leaves a
    vector of the set."""
    t = _lowest(v)
    n, case = t % 10, t - t % 10
    units = [(t, t), (t, t + 1, t + 2) if n <= 7 else None, (case + 1, case + 6, case + 9) if n == 1 else None,
             (t, t, t + 10) if t < 10 else None, (t, t + 10, t + 10) if t < 10 else None]
    bits = 0
    for m, unit in enumerate(units):
        if unit is None:
            continue
        w = list(v)
        for x in unit:
            w[x] -= 1
        if min(w) >= 0 and tuple(w) in present:
            bits |= 1 << m
    return bits


def test_every_small_vector_matches_forward_enumeration(table):
    counts, values = table
    want = slow.forward_vectors(EXHAUSTIVE_UP_TO)
    small = counts.sum(axis=1) <= EXHAUSTIVE_UP_TO
    got = {tuple(v): int(x) for v, x in zip(counts[small].tolist(), values[small].tolist())}
    assert set(got) == set(want)  # so every other vector up to 14 cards is refused
    for v, value in got.items():
        assert value & core.HUXI_MASK == want[v], v
        if any(v):
            assert value >> core.MOVES_SHIFT == _first_moves(v, want), v
        else:
            assert value == 0


def test_every_vector_up_to_6_cards_against_the_recursive_splitter(loaded):
    """All vectors of 2, 3, 5 and 6 cards (counts <= 2), winning or not: walk and best huxi."""
    trans, final, values = loaded["automaton"], loaded.attrs["final_state"], loaded["values"]
    trans, values = memoryview(trans), memoryview(values)
    n_win = 0
    for size in (2, 3, 5, 6):
        for cards in combinations_with_replacement(range(20), size):
            v = slow.vector(cards)
            if max(v) > 2:
                continue
            rank = core.walk(trans, final, v)
            best = slow.best_huxi(v)
            assert (rank >= 0) == (best is not None), v
            if rank >= 0:
                assert values[rank] & core.HUXI_MASK == best, v
                n_win += 1
    assert n_win == KNOWN_SIZES[2] + KNOWN_SIZES[3] + KNOWN_SIZES[5] + KNOWN_SIZES[6]


def test_large_vectors_against_the_recursive_splitter(table, rng):
    counts, values = table
    large = np.flatnonzero(counts.sum(axis=1) > EXHAUSTIVE_UP_TO)
    for i in rng.choice(large, 1500, replace=False):
        v = counts[i].tolist()
        splits = slow.splits(v)
        assert splits and max(slow.split_huxi(s) for s in splits) == values[i] & core.HUXI_MASK, v


def test_vectors_outside_the_table_do_not_split(loaded, rng):
    trans, final = loaded["automaton"], loaded.attrs["final_state"]
    refused = 0
    for size in (15, 17, 18, 20, 21):
        for _ in range(400):
            v = hg.swap_one(rng, hg.winning_part(rng, size // 3, size % 3 == 2))
            rank = core.walk(trans, final, v)
            assert (rank >= 0) == bool(slow.splits(v)), v
            refused += rank < 0
    assert refused > 300


@pytest.mark.parametrize("size", [15, 17, 18, 20, 21])
def test_walk_finds_the_rank_of_sampled_vectors(table, loaded, rng, size):
    counts, _ = table
    trans, final = loaded["automaton"], loaded.attrs["final_state"]
    rows = np.flatnonzero(counts.sum(axis=1) == size)
    for i in rng.choice(rows, 200, replace=False):
        assert core.walk(trans, final, counts[i].tolist()) == i


def test_automaton_kernel_is_minimal_and_ranks_a_small_key_set(rng):
    keys = np.unique(rng.integers(0, 9 ** 10, 3000))
    trans, final = gen.build_automaton(keys)
    n_states = final + 1
    # accepted strings, in order, with their ranks: exactly the keys
    found = []

    def expand(state, key, rank, depth):
        if depth == 10:
            assert state == final
            found.append((key, rank))
            return
        for sym in range(9):
            e = int(trans[state * 9 + sym])
            if e & 0xFFFFFFFF:
                expand(e & 0xFFFFFFFF, key * 9 + sym, rank + (e >> 32), depth + 1)

    expand(core.START, 0, 0, 0)
    assert [k for k, _ in found] == keys.tolist()
    assert [r for _, r in found] == list(range(len(keys)))
    # minimal: one state per distinct (level, set of suffixes), plus the dead state
    languages = set()
    for level in range(11):
        by_prefix = {}
        for k in keys.tolist():
            by_prefix.setdefault(k // 9 ** (10 - level), set()).add(k % 9 ** (10 - level))
        languages |= {(level, frozenset(s)) for s in by_prefix.values()}
    assert n_states == len(languages) + 1


def test_generation_is_deterministic(tmp_path, loaded):
    # data/zipai.h5 was built by `make tables` from these sources (tablegen --if-needed checks)
    path = tmp_path / "zipai.h5"
    gen.build(path, progress=lambda msg: None)
    assert path.read_bytes() == loaded.path.read_bytes()


def test_metadata(loaded):
    attrs = loaded.attrs
    assert attrs["schema_version"] == tables.SCHEMA_VERSIONS["zipai"]
    assert attrs["game"] == "zipai" and attrs["encoding"] == "number_automaton_mph"
    assert attrs["generator_version"] and attrs["design"] and attrs["design_bytes"]
    assert attrs["vectors_per_size"] == " ".join(f"{s}:{n}" for s, n in KNOWN_SIZES.items())
    with h5py.File(loaded.path) as f:
        for name in attrs["datasets"].split():
            assert f[name].attrs["description"]
            assert f[name].attrs["sha256"] == tables.array_sha256(f[name][()])
    assert loaded.path.stat().st_size < 32 * 2 ** 20


def test_loaded_arrays_are_read_only(loaded):
    with pytest.raises(ValueError):
        loaded["values"][0] = 1


def test_damaged_table_is_refused(tmp_path, loaded):
    path = tmp_path / "zipai.h5"
    path.write_bytes(loaded.path.read_bytes())
    with h5py.File(path) as f:
        offset = f["automaton"].id.get_offset() + 8 * 1000
    data = bytearray(path.read_bytes())
    data[offset] ^= 0x01
    path.write_bytes(bytes(data))
    with pytest.raises(TableError, match="damaged.*make tables"):
        tables.read_verified(path, "zipai")
