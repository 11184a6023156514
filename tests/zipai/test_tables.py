"""The zipai tables of both group sets (plain, and yiwushi: 一五十 / 壹伍拾 as groups): every
winning vector against forward enumeration and the recursive splitter of the oracle, the known
counts (the plain set's, and the yiwushi ones against an independent count), the automaton's ranks,
the published 衡阳十胡卡 huxi table, metadata."""

import re
from collections import Counter
from itertools import combinations_with_replacement
from pathlib import Path

import h5py
import numpy as np
import pytest

from lookup import tables
from lookup.errors import TableError
from lookup.zipai import encoding as core
from lookup.zipai import units
from tablegen import zipai as gen
from tablegen.zipai_automata import TING_CHECK_STRIDE, build_automaton, parts_one_draw_from_winning, ting_misses
from tablegen.zipai_vectors import winning_vectors
from tests.support import zipai_hands as hg
from tests.support.oracles import zipai as slow

# winning vectors (counts <= 2) per number of cards, plain group set
KNOWN_SIZES = {0: 1, 2: 20, 3: 38, 5: 666, 6: 657, 8: 9992, 9: 6684, 11: 87000, 12: 43780,
               14: 479022, 15: 191068, 17: 1716364, 18: 558934, 20: 3992588, 21: 1080182}
EXHAUSTIVE_UP_TO = 14  # every vector up to this many cards is checked; larger ones by samples
GROUP_SETS = core.GROUP_SETS


@pytest.fixture(scope="module")
def loaded():
    return tables.load("zipai")


def _arrays(loaded, group_set):
    """(automaton, final state, values) of a group set as stored."""
    automaton, values = core.datasets_of(group_set)
    return loaded[automaton], int(loaded.attrs[core.final_state_attr(group_set)]), loaded[values]


@pytest.fixture(scope="module", params=GROUP_SETS)
def table(loaded, request):
    """(counts (N, 20) uint8, values) of every vector the automaton accepts, in rank order.

    The automaton is expanded level by level (each state's symbols in increasing order, so
    the vectors come out in key order) and each vector's rank is summed along its path: the
    ranks must be 0..N-1 in that order, i.e. a minimal perfect hash onto ``values``.
    """
    group_set = request.param
    automaton, final, values = _arrays(loaded, group_set)
    trans = automaton.reshape(-1, 9)
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
    assert (states == final).all()
    assert np.array_equal(ranks, np.arange(len(values)))
    counts = np.concatenate([digits // 3, digits % 3], axis=1)
    return counts, values, group_set


def test_known_vector_counts(table, loaded):
    counts, values, group_set = table
    sizes = dict(sorted(Counter(counts.sum(axis=1, dtype=np.int64).tolist()).items()))
    suffix = "" if group_set == "plain" else "_" + group_set
    assert len(values) == loaded.attrs["n_vectors" + suffix] == sum(sizes.values())
    huxi = values & core.HUXI_MASK
    if group_set == "plain":
        assert sizes == KNOWN_SIZES
        assert sizes[21] == 1_080_182  # 7 groups
        assert len(values) == 8_166_996
        assert huxi.max() == 18  # the best part huxi is at most 18
        assert round(np.count_nonzero(huxi == 0) / 1e6, 2) == 4.07  # "4.07M of the 8.17M score 0"
    else:
        assert sizes == gen.KNOWN_SIZES_YIWUSHI and len(values) == 11_124_700
        assert huxi.max() == 27  # 一二三 二七十 一五十 and their big forms: 3 * 3 + 3 * 6


@pytest.mark.exhaustive
def test_known_counts_against_an_independent_count():
    """The per-size counts the generator checks, counted by the oracle's per-number carries (no
    table, no enumeration): the known ones of the plain set and of the set with 一五十."""
    assert slow.count_winning_vectors(yiwushi=False) == KNOWN_SIZES == gen.KNOWN_SIZES
    assert slow.count_winning_vectors(yiwushi=True) == gen.KNOWN_SIZES_YIWUSHI


def _lowest(v):
    return next(t for n in range(10) for t in (n, n + 10) if v[t])


def _first_moves(v, present, yiwushi):
    """First-move bits of v from the oracle's vector set: pair, sequence, 二七十, mixed 2+1,
    mixed 1+2, 一五十 (yiwushi only) on the lowest card (lowest number, small before big), each
    iff it leaves a vector of the set."""
    t = _lowest(v)
    n, case = t % 10, t - t % 10
    units = [(t, t), (t, t + 1, t + 2) if n <= 7 else None, (case + 1, case + 6, case + 9) if n == 1 else None,
             (t, t, t + 10) if t < 10 else None, (t, t + 10, t + 10) if t < 10 else None,
             (case, case + 4, case + 9) if n == 0 and yiwushi else None]
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


@pytest.mark.exhaustive
def test_every_small_vector_matches_forward_enumeration(table):
    counts, values, group_set = table
    yiwushi = group_set == "yiwushi"
    want = slow.forward_vectors(EXHAUSTIVE_UP_TO, yiwushi)
    small = counts.sum(axis=1) <= EXHAUSTIVE_UP_TO
    got = {tuple(v): int(x) for v, x in zip(counts[small].tolist(), values[small].tolist())}
    assert set(got) == set(want)  # so every other vector up to 14 cards is refused
    for v, value in got.items():
        assert value & core.HUXI_MASK == want[v], v
        if any(v):
            assert value >> core.MOVES_SHIFT == _first_moves(v, want, yiwushi), v
        else:
            assert value == 0


@pytest.mark.exhaustive
@pytest.mark.parametrize("group_set", GROUP_SETS)
def test_every_vector_up_to_6_cards_against_the_recursive_splitter(loaded, group_set):
    """All vectors of 2, 3, 5 and 6 cards (counts <= 2), winning or not: walk and best huxi."""
    trans, final, values = _arrays(loaded, group_set)
    trans, values = memoryview(trans), memoryview(values)
    yiwushi = group_set == "yiwushi"
    known = gen.KNOWN_SIZES_YIWUSHI if yiwushi else KNOWN_SIZES
    n_win = 0
    for size in (2, 3, 5, 6):
        for cards in combinations_with_replacement(range(20), size):
            v = slow.vector(cards)
            if max(v) > 2:
                continue
            rank = core.walk(trans, final, v)
            best = slow.best_huxi(v, yiwushi)
            assert (rank >= 0) == (best is not None), v
            if rank >= 0:
                assert values[rank] & core.HUXI_MASK == best, v
                n_win += 1
    assert n_win == known[2] + known[3] + known[5] + known[6]


def test_large_vectors_against_the_recursive_splitter(table, rng):
    counts, values, group_set = table
    large = np.flatnonzero(counts.sum(axis=1) > EXHAUSTIVE_UP_TO)
    for i in rng.choice(large, 1500, replace=False):
        v = counts[i].tolist()
        splits = slow.splits(v, group_set == "yiwushi")
        assert splits and max(slow.split_huxi(s) for s in splits) == values[i] & core.HUXI_MASK, v


@pytest.mark.parametrize("group_set", GROUP_SETS)
def test_vectors_outside_the_table_do_not_split(loaded, rng, group_set):
    trans, final, _ = _arrays(loaded, group_set)
    refused = 0
    for size in (15, 17, 18, 20, 21):
        for _ in range(400):
            v = hg.swap_one(rng, hg.winning_part(rng, size // 3, size % 3 == 2))
            rank = core.walk(trans, final, v)
            assert (rank >= 0) == bool(slow.splits(v, group_set == "yiwushi")), v
            refused += rank < 0
    assert refused > 300


@pytest.mark.parametrize("size", [15, 17, 18, 20, 21])
def test_walk_finds_the_rank_of_sampled_vectors(table, loaded, rng, size):
    counts, _, group_set = table
    trans, final, _ = _arrays(loaded, group_set)
    rows = np.flatnonzero(counts.sum(axis=1) == size)
    for i in rng.choice(rows, 200, replace=False):
        assert core.walk(trans, final, counts[i].tolist()) == i


@pytest.mark.parametrize("n_labels", [1, 4])
def test_automaton_kernel_is_minimal_and_ranks_a_small_key_set(rng, n_labels):
    keys = np.unique(rng.integers(0, 9 ** 10, 3000))
    labels = rng.integers(0, n_labels, len(keys))
    trans, final = build_automaton(keys, labels)
    n_states = final + 1
    label_of = dict(zip(keys.tolist(), labels.tolist()))
    # accepted strings, in order, with their ranks: exactly the keys, each in its label's final state
    found = []

    def expand(state, key, rank, depth):
        if depth == 10:
            assert state == final - label_of[key]
            found.append((key, rank))
            return
        for sym in range(9):
            e = int(trans[state * 9 + sym])
            if e & 0xFFFFFFFF:
                expand(e & 0xFFFFFFFF, key * 9 + sym, rank + (e >> 32), depth + 1)

    expand(core.START, 0, 0, 0)
    assert [k for k, _ in found] == keys.tolist()
    assert [r for _, r in found] == list(range(len(keys)))
    # minimal: one state per distinct (level, labelled set of suffixes), plus the dead state
    languages = set()
    for level in range(11):
        by_prefix = {}
        for k in keys.tolist():
            by_prefix.setdefault(k // 9 ** (10 - level), set()).add((k % 9 ** (10 - level), label_of[k]))
        languages |= {(level, frozenset(s)) for s in by_prefix.values()}
    assert len(set(labels.tolist())) == n_labels
    assert n_states == len(languages) + 1


@pytest.mark.rebuild
def test_generation_is_deterministic(built_table, loaded):
    """A build in this process equals, byte for byte, the one `make tables` wrote to data/."""
    from tablegen.build import up_to_date

    assert up_to_date("zipai", loaded.path) is None  # built from these sources (`make test` runs tablegen --if-needed)
    assert built_table("zipai").read_bytes() == loaded.path.read_bytes()


def test_metadata(loaded):
    attrs = loaded.attrs
    assert attrs["schema_version"] == tables.SCHEMA_VERSIONS["zipai"]
    assert attrs["game"] == "zipai" and attrs["encoding"] == "number_automaton_mph"
    assert attrs["generator_version"] and attrs["design"] and attrs["design_bytes"]
    assert attrs["vectors_per_size"] == " ".join(f"{s}:{n}" for s, n in KNOWN_SIZES.items())
    assert attrs["vectors_per_size_yiwushi"] == " ".join(f"{s}:{n}" for s, n in gen.KNOWN_SIZES_YIWUSHI.items())
    assert attrs["datasets"].split() == list(core.DATASETS) and attrs["design_bytes_yiwushi"]
    with h5py.File(loaded.path) as f:
        for name in attrs["datasets"].split():
            assert f[name].attrs["description"]
            assert f[name].attrs["sha256"] == tables.array_sha256(f[name][()])
    # two group sets: 17.5 + 27 MiB, reverse automata 0.8 + 3 MiB, ting automata 19.6 + 54.4 MiB
    assert loaded.path.stat().st_size < 124 * 2 ** 20


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


# --- the published 衡阳十胡卡 huxi table -----------------------------------------------------------

PUBLISHED = Path(__file__).with_name("vectors") / "q_algorithm_hengyang_10huka_tbl_huxi.lua"
"""yuanfengyun/q_algorithm, phz/phzlib_lua_hengyang_10huka/tbl_huxi.lua (commit 06f10899dca3),
kept verbatim: a Lua table of 120 hand parts, each {[card] = count, ..., ["huxi"] = best huxi},
cards 1..10 small 一..十 and 11..20 big 壹..拾."""


def published_entries() -> list[tuple[int, list[int], int]]:
    """(entry number, 20 counts, best huxi) of each entry of the published table."""
    text = PUBLISHED.read_text(encoding="utf-8").strip()
    assert text.startswith("return {") and text.endswith("}")
    entries = []
    for number, body in re.findall(r"\[(\d+)\]=\{([^{}]*)\}", text):
        counts, huxi = [0] * 20, None
        for key, value in re.findall(r'\[("huxi"|\d+)\]=(\d+),', body):
            if key == '"huxi"':
                huxi = int(value)
            else:
                counts[int(key) - 1] += int(value)
        assert huxi is not None and re.sub(r'\[("huxi"|\d+)\]=\d+,', "", body) == ""  # nothing unread
        entries.append((int(number), counts, huxi))
    assert [n for n, _, _ in entries] == list(range(1, 121))
    return entries


def test_published_hengyang_shihuka_table(loaded):
    """Every entry's best huxi is the yiwushi table's; without 一五十 exactly the 85 entries the
    published table names differ, each one whose best split (the oracle's) holds an 一五十 or 壹伍拾."""
    yiwushi, plain = (_arrays(loaded, g) for g in ("yiwushi", "plain"))
    differ = 0
    for number, counts, huxi in published_entries():
        rank = core.walk(yiwushi[0], yiwushi[1], counts)
        assert rank >= 0 and yiwushi[2][rank] & core.HUXI_MASK == huxi, number
        assert slow.best_huxi(counts, yiwushi=True) == huxi, number
        plain_rank = core.walk(plain[0], plain[1], counts)
        plain_huxi = None if plain_rank < 0 else int(plain[2][plain_rank] & core.HUXI_MASK)
        if plain_huxi != huxi:
            differ += 1
            best = [s for s in slow.splits(counts, yiwushi=True) if slow.split_huxi(s) == huxi]
            assert all({(0, 4, 9), (10, 14, 19)} & set(s) for s in best), number
    assert differ == 85


def one_draw_best(part, trans, final, values, limit) -> int:
    """The ting automaton's label of a part, by its definition: the most huxi one more card can
    give a part of a size ting takes, placed so that the part wins (``walk`` on the group set's
    automaton, best huxi from ``values``): unchanged (a 提 or 跑 made outside, at most
    units.MAX_UPGRADE_HUXI more), joining, making a held pair a 偎 (its huxi more), or as a free
    third copy with a unit of the set (or its pair) taken off (the unit's huxi more); NO_WIN
    when no way wins."""
    size = sum(part)
    if size % core.GROUP_SIZE == 0 or size >= core.MAX_PART:
        return core.NO_WIN

    def best_huxi(counts) -> int:
        rank = core.walk(trans, final, counts)
        return core.NO_WIN if rank < 0 else int(values[rank] & core.HUXI_MASK)

    found = [core.NO_WIN]
    unchanged = best_huxi(part)
    if unchanged >= 0:
        found.append(unchanged + units.MAX_UPGRADE_HUXI)
    for t in range(core.N_CARDS):
        drawn = list(part)
        pair = part[t] == core.MAX_PART_COPIES
        drawn[t] = 0 if pair else part[t] + 1  # a 偎 taken out, or the card joining
        huxi = best_huxi(drawn)
        if huxi >= 0:
            found.append(huxi + (units.WEI_HUXI[t // core.N_NUMBERS] if pair else 0))
        if not pair:
            continue
        for u in range(units.N_UNITS):
            if t not in units.UNIT_CARDS[u] or limit <= u < units.PAIR_UNIT:
                continue
            drawn = list(part)
            drawn[t] += 1
            huxi = best_huxi(drawn) if units.add_unit(drawn, u, -1) else core.NO_WIN
            if huxi >= 0:
                found.append(huxi + units.UNIT_HUXI[u])
    return max(found)


def _ting_tables(loaded, group_set):
    """(ting automaton, its final state, automaton, final state, values, group limit) of a group set."""
    trans, final, values = _arrays(loaded, group_set)
    ting = loaded[core.ting_dataset_of(group_set)]
    ting_final = int(loaded.attrs[core.ting_final_attr(group_set)])
    return ting, ting_final, trans, final, values, units.group_limit(group_set == "yiwushi")


@pytest.mark.exhaustive
@pytest.mark.parametrize("group_set", GROUP_SETS)
def test_ting_automaton_is_its_definition_on_every_small_part(loaded, group_set):
    """Every part of 1..5 cards (counts <= 2): accepted exactly when one draw can make it win,
    and labelled with the most huxi a draw gives it."""
    ting, ting_final, trans, final, values, limit = _ting_tables(loaded, group_set)
    accepted = 0
    labels = Counter()
    for size in range(1, 6):
        for cards in combinations_with_replacement(range(core.N_CARDS), size):
            part = [0] * core.N_CARDS
            for t in cards:
                part[t] += 1
            if max(part) > 2:
                continue
            got = core.ting_best(ting, ting_final, part)
            assert got == one_draw_best(part, trans, final, values, limit), part
            accepted += got >= 0
            labels[got] += 1
    assert accepted > 1000 and len(labels) >= 5


@pytest.mark.exhaustive
@pytest.mark.parametrize("group_set", GROUP_SETS)
def test_ting_automaton_takes_every_part_one_draw_from_winning_to_its_label(loaded, group_set):
    """Every part the generator finds one draw from a winning vector (the build checks one in
    TING_CHECK_STRIDE): the stored ting automaton accepts it with the best huxi a draw gives it."""
    ting, ting_final, *_ = _ting_tables(loaded, group_set)
    keys, huxi, _ = winning_vectors(group_set == "yiwushi", progress=lambda *_: None)
    parts, labels = parts_one_draw_from_winning(keys, huxi, group_set == "yiwushi")
    assert len(parts) > TING_CHECK_STRIDE * 1000 and len(np.unique(labels)) >= 5
    assert ting_misses(parts, labels, np.ascontiguousarray(ting), ting_final) == 0


@pytest.mark.parametrize("group_set", GROUP_SETS)
def test_ting_automaton_is_its_definition_on_sampled_parts(loaded, rng, group_set):
    """Parts of 7..20 cards near winning (a winning part with a card taken off, or swapped as
    well) and random ones: accepted exactly when one draw can make them win, and labelled with
    the most huxi a draw gives them."""
    ting, ting_final, trans, final, values, limit = _ting_tables(loaded, group_set)
    yiwushi = group_set == "yiwushi"
    seen, labels = Counter(), Counter()
    for size in (7, 8, 10, 11, 13, 14, 16, 17, 19, 20):
        for _ in range(150):
            w = hg.winning_part(rng, (size + 1) // 3, (size + 1) % 3 == 2, yiwushi)  # one card more
            part = hg.minus_one(rng, w)
            kind = int(rng.integers(3))
            if kind == 1:
                part = hg.swap_one(rng, part)
            elif kind == 2:
                part = hg.random_cards(rng, size)
                if max(part) > 2:
                    continue
            got = core.ting_best(ting, ting_final, part)
            assert got == one_draw_best(part, trans, final, values, limit), part
            seen[got >= 0] += 1
            labels[got] += 1
    assert seen[True] > 300 and seen[False] > 300 and sum(labels[h] for h in range(10, 40)) > 50

