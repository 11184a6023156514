"""Zipai (字牌, 跑胡子 family) tables (Numba kernels) written to ``data/zipai.h5``.

The checked part of a zipai hand (坎 and 提 taken out, so every count is 0..2) wins when it
splits into groups (sequences, 二七十, mixed triples) plus one pair when it holds 3k+2
cards. The generator builds every such vector, 8,166,996 of them, level by level: the
vectors of k groups are those of k - 1 groups plus one group, and the vectors with a pair
those without plus one pair; each keeps the best huxi over the ways it is reached, which is
the best over its splits.

Key design (measured in ``bench/zipai_encoding.py``, summary in the README): the vectors'
keys are ten base-9 digits, one per number (3 * small count + big count), and the file
stores the minimal automaton of the winning keys, whose path sums rank them (a minimal
perfect hash), and one uint16 per vector in rank order: the best huxi and the first moves
of its split list; and, for ting, the minimal automaton of the same vectors read number 10
first (next states only), which the generator checks to accept every winning vector.
:mod:`lookup.zipai.encoding` defines the layout, the units, the key and
the walk for both this generator and the runtime. A sorted key array with
binary search, the same bucketed by the big cards, and open addressing were measured
against it: the automaton is the smallest (no key store, 17.5 MiB against 31 to 96 MiB)
and the fastest but for open addressing on winning vectors (about 0.7 times the time),
which takes 5.5 times the space and 6 times the time on the vectors that do not win, most
of what a server asks.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import NamedTuple

import numpy as np
from numba import njit

from lookup.jit import register_jitables
from lookup.zipai.encoding import (
    CARD_UNITS,
    GAME,
    GROUP_SETS,
    GROUP_SIZE,
    HUXI_BITS,
    HUXI_MASK,
    MAX_CARD_UNITS,
    MAX_PART,
    MAX_PART_COPIES,
    MAX_UPGRADE_HUXI,
    MOVE_UNITS,
    MOVES_SHIFT,
    N_CARDS,
    N_MOVES,
    N_NUMBERS,
    N_SYMBOLS,
    N_UNITS,
    NO_UNIT,
    PAIR_SIZE,
    PAIR_UNIT,
    RANK_SHIFT,
    START,
    STATE_MASK,
    UNIT_HUXI,
    WEI_HUXI,
    add_unit,
    datasets_of,
    decode_key,
    final_state_attr,
    group_limit,
    key_of,
    lowest_card,
    reverse_dataset_of,
    reverse_final_attr,
    ting_best,
    ting_dataset_of,
    ting_final_attr,
    walk,
    walk_back_from,
)

from .h5io import sources_sha256, write_table_file

ENCODING = "number_automaton_mph"
SOURCES = [Path(__file__), Path(__file__).with_name("h5io.py"),
           Path(__file__).resolve().parent.parent / "lookup" / "zipai" / "encoding.py"]

KNOWN_SIZES = {0: 1, 2: 20, 3: 38, 5: 666, 6: 657, 8: 9992, 9: 6684, 11: 87000, 12: 43780,
               14: 479022, 15: 191068, 17: 1716364, 18: 558934, 20: 3992588, 21: 1080182}
"""Winning vectors per part size (ZIPAI.md): the generator checks its result against them."""
KNOWN_SIZES_YIWUSHI = {0: 1, 2: 20, 3: 40, 5: 700, 6: 730, 8: 11072, 9: 7852, 11: 101802, 12: 54426,
                       14: 592316, 15: 251430, 17: 2241936, 18: 777955, 20: 5498092, 21: 1586328}
"""The same with 一五十 and 壹伍拾 as groups (11,124,700 in all), counted independently by
``tests/support/oracles/zipai.py`` ``count_winning_vectors`` (a per-number count over the
groups left open, no table) and checked by ``tests/zipai/test_tables.py``."""

register_jitables()  # the kernels below call the jitable helpers of lookup.zipai.encoding


def unit_arrays() -> tuple[np.ndarray, np.ndarray]:
    """(key delta per unit: the key of the unit's cards alone, huxi per unit)."""
    delta = np.zeros(N_UNITS, np.int64)
    for u in range(N_UNITS):
        counts = [0] * N_CARDS
        add_unit(counts, u, 1)
        delta[u] = key_of(counts)
    return delta, np.frombuffer(UNIT_HUXI, np.uint8).astype(np.int64)


@njit(cache=False)
def expand(keys, huxi, delta, unit_huxi, first, last):
    """Every valid (key + unit, huxi + unit huxi) for units first..last-1, as key << HUXI_BITS | huxi."""
    out = np.empty(keys.shape[0] * (last - first), np.uint64)
    counts = np.zeros(N_CARDS, np.int64)
    m = 0
    for i in range(keys.shape[0]):
        decode_key(keys[i], counts)
        for u in range(first, last):
            if add_unit(counts, u, 1):
                out[m] = np.uint64(((keys[i] + delta[u]) << HUXI_BITS) | (huxi[i] + unit_huxi[u]))
                m += 1
            add_unit(counts, u, -1)
    return out[:m]


@njit(cache=False)
def unique_best(packed):
    """Sorted unique keys and, for each, the largest huxi among its packed candidates."""
    packed = np.sort(packed)
    n = packed.shape[0]
    keys = np.empty(n, np.int64)
    huxi = np.empty(n, np.int64)
    m = 0
    for i in range(n):
        key = np.int64(packed[i] >> np.uint64(HUXI_BITS))
        if i + 1 < n and np.int64(packed[i + 1] >> np.uint64(HUXI_BITS)) == key:
            continue  # the last of a run holds the largest huxi
        keys[m] = key
        huxi[m] = np.int64(packed[i] & np.uint64(HUXI_MASK))
        m += 1
    return keys[:m], huxi[:m]


def winning_vectors(yiwushi: bool = False, progress=print):
    """(sorted keys, best huxi) of every winning vector of a group set, and the number per part size."""
    delta, unit_huxi = unit_arrays()
    level_keys = [np.zeros(1, np.int64)]
    level_huxi = [np.zeros(1, np.int64)]
    for _ in range(MAX_PART // GROUP_SIZE):  # one group more each time, up to 7
        keys, huxi = unique_best(expand(level_keys[-1], level_huxi[-1], delta, unit_huxi, 0,
                                        group_limit(yiwushi)))
        level_keys.append(keys)
        level_huxi.append(huxi)
    all_keys, all_huxi = list(level_keys), list(level_huxi)
    for k in range((MAX_PART - PAIR_SIZE) // GROUP_SIZE + 1):  # k groups and a pair
        keys, huxi = unique_best(expand(level_keys[k], level_huxi[k], delta, unit_huxi,
                                        PAIR_UNIT, N_UNITS))
        all_keys.append(keys)
        all_huxi.append(huxi)
    sizes = {}
    for k, keys in enumerate(all_keys):
        size = GROUP_SIZE * k if k < len(level_keys) else GROUP_SIZE * (k - len(level_keys)) + PAIR_SIZE
        sizes[size] = len(keys)
    keys = np.concatenate(all_keys)
    order = np.argsort(keys, kind="stable")  # the levels are disjoint (sizes differ)
    return keys[order], np.concatenate(all_huxi)[order], dict(sorted(sizes.items()))


@njit(cache=False)
def _signature_hash(sig):
    h = np.uint64(1469598103934665603)
    for j in range(N_SYMBOLS):
        h = (h ^ np.uint64(sig[j])) * np.uint64(1099511628211)
    return h


@njit(cache=False)
def build_automaton(keys, labels):
    """Minimal automaton of the sorted base-9 keys, with rank offsets; (trans, final state).

    ``labels`` (one per key, 0..L-1): the key's walk ends in final state ``final - label``
    (a Moore automaton: the keys of each label are its language); all 0 for one final state.
    Bottom-up: the states reading the last number are the distinct 9-tuples of final states
    (or dead), those one level up the distinct 9-tuples of next states, and so on to the
    start. States are then renumbered from the start (1) down to the final states (the L
    last, label 0 last); 0 is the dead state.
    """
    n_finals = 1
    for i in range(labels.shape[0]):
        n_finals = max(n_finals, labels[i] + 1)
    cap = 1 << 22
    sig = np.zeros((cap, N_SYMBOLS), np.int64)  # transitions by creation order (children first)
    n_states = 1 + n_finals  # 0 dead, 1 + label the finals
    slots_size = 1 << 23
    slots = np.full(slots_size, -1, np.int64)
    prefix = keys.copy()
    state = labels + 1
    cur = np.zeros(N_SYMBOLS, np.int64)
    for _level in range(N_NUMBERS):
        m = prefix.shape[0]
        new_prefix = np.empty(m, np.int64)
        new_state = np.empty(m, np.int64)
        j = 0
        i = 0
        while i < m:
            p = prefix[i] // N_SYMBOLS
            cur[:] = 0
            while i < m and prefix[i] // N_SYMBOLS == p:
                cur[prefix[i] % N_SYMBOLS] = state[i]
                i += 1
            h = np.int64(_signature_hash(cur) & np.uint64(slots_size - 1))
            while True:
                s = slots[h]
                if s < 0:
                    if n_states == cap:
                        raise RuntimeError("automaton state capacity exceeded")
                    s = n_states
                    n_states += 1
                    sig[s, :] = cur
                    slots[h] = s
                    break
                same = True
                for x in range(N_SYMBOLS):
                    if sig[s, x] != cur[x]:
                        same = False
                        break
                if same:
                    break
                h = (h + 1) & (slots_size - 1)
            new_prefix[j] = p
            new_state[j] = s
            j += 1
        prefix = new_prefix[:j]
        state = new_state[:j]
    if prefix.shape[0] != 1 or state[0] != n_states - 1:
        raise RuntimeError("the start state is not the last one built")
    # renumber: old id o >= 1 becomes n_states - o (start 1, final n_states - 1 - label)
    count = np.zeros(n_states, np.int64)
    count[1:1 + n_finals] = 1
    for o in range(1 + n_finals, n_states):
        for x in range(N_SYMBOLS):
            count[o] += count[sig[o, x]]
    trans = np.zeros(n_states * N_SYMBOLS, np.int64)
    for o in range(1 + n_finals, n_states):
        s = n_states - o
        acc = 0
        for x in range(N_SYMBOLS):
            c = sig[o, x]
            nxt = n_states - c if c > 0 else 0
            trans[s * N_SYMBOLS + x] = (acc << RANK_SHIFT) | nxt
            acc += count[c]
    return trans, n_states - 1


@njit(cache=False)
def split_values(keys, huxi, trans, final, unit_huxi, move_units):
    """uint16 value per vector (rank order): best huxi | first moves << MOVES_SHIFT.

    Also checks the automaton (every key walks to its own rank) and the huxi (the best over
    the first moves equals the level-by-level best). Returns (values, number of bad vectors).
    """
    n = keys.shape[0]
    values = np.zeros(n, np.uint16)
    counts = np.zeros(N_CARDS, np.int64)
    bad = 0
    for i in range(n):
        decode_key(keys[i], counts)
        if walk(trans, final, counts) != i:
            bad += 1
            continue
        low = lowest_card(counts)
        moves = 0
        best = 0 if low < 0 else -1
        if low >= 0:
            for m in range(N_MOVES):
                u = move_units[low, m]
                if u < 0:
                    continue
                if add_unit(counts, u, -1):
                    r = walk(trans, final, counts)
                    if r >= 0:
                        moves |= 1 << m
                        h = unit_huxi[u] + (values[r] & HUXI_MASK)
                        if h > best:
                            best = h
                add_unit(counts, u, 1)
        if best != huxi[i]:
            bad += 1
        values[i] = np.uint16(huxi[i] | (moves << MOVES_SHIFT))
    return values, bad


def reversed_keys(keys: np.ndarray) -> np.ndarray:
    """The keys with their ten base-9 digits in reverse order (number 9 most significant), sorted."""
    rest = keys.copy()
    out = np.zeros_like(keys)
    for _ in range(N_NUMBERS):
        out = out * N_SYMBOLS + rest % N_SYMBOLS
        rest //= N_SYMBOLS
    return np.sort(out)


@njit(cache=False)
def misses(keys, labels, table, final, backward):
    """Number of the vectors (keys in number-0-first order) an automaton does not accept: the
    reverse one (``backward``, read number 9 first), or the ting one (read number 0 first),
    which must also label each with its ``labels`` entry (its best huxi)."""
    counts = np.zeros(N_CARDS, np.int64)
    bad = 0
    for i in range(keys.shape[0]):
        decode_key(keys[i], counts)
        if backward:
            accepted = walk_back_from(table, final, counts, N_NUMBERS - 1, START)
        else:
            accepted = ting_best(table, final, counts) == labels[i]
        bad += not accepted
    return bad


def reverse_automaton(keys: np.ndarray) -> tuple[np.ndarray, int]:
    """(uint32 transitions, accepting state) of the minimal automaton of the winning vectors read
    number 9 first, checked to accept every one of them (it accepts no other: it is built from
    exactly their reversed keys)."""
    trans, final = build_automaton(reversed_keys(keys), np.zeros(len(keys), np.int64))
    back = (trans & STATE_MASK).astype(np.uint32)
    bad = misses(keys, keys[:0], back, final, True)
    if bad:
        raise AssertionError(f"the reverse automaton refuses {bad} winning vectors")
    return back, int(final)


def card_key_weights() -> np.ndarray:
    """The key of one copy of each card alone (int64, N_CARDS): a key changes by these."""
    weights = np.zeros(N_CARDS, np.int64)
    for t in range(N_CARDS):
        counts = [0] * N_CARDS
        counts[t] = 1
        weights[t] = key_of(counts)
    return weights


@njit(cache=False)
def _ting_size_ok(size):
    """The sizes ting takes a part of: one card short of a winning size (3k+1 or 3k+2, at most 20)."""
    return size % GROUP_SIZE != 0 and size < MAX_PART


@njit(cache=False)
def one_draw_parts(counts, key, size, limit, weights, unit_huxi, wei_huxi, out, gains):
    """The parts (counts <= 2, of a size ting takes) that one drawn card, placed some way,
    turns into the winning vector ``counts`` (its ``key`` and ``size``): the keys written to
    ``out``, with the huxi each way adds to the vector's own in ``gains``; their number
    returned (some may repeat).

    The ways (:func:`lookup.zipai.hand.draw_case`): the part unchanged (the card made a 提 or
    跑 outside it: at most MAX_UPGRADE_HUXI), the card joins it (nothing), a held pair of it
    made a 偎 (``wei_huxi``), or a held pair of it and the card, a third copy, with one unit
    of the group set (``limit``) or its pair taken off (the unit's ``unit_huxi``).
    """
    m = 0
    if _ting_size_ok(size):  # the part unchanged
        out[m] = key
        gains[m] = MAX_UPGRADE_HUXI
        m += 1
    for t in range(N_CARDS):
        x = counts[t]
        if x > 0 and _ting_size_ok(size - 1):  # t joined a part holding x - 1 of it
            out[m] = key - weights[t]
            gains[m] = 0
            m += 1
        if x == 0 and _ting_size_ok(size + MAX_PART_COPIES):  # a pair of t made a 偎
            out[m] = key + MAX_PART_COPIES * weights[t]
            gains[m] = wei_huxi[t // N_NUMBERS]
            m += 1
        if x == 0:
            continue
        for k in range(MAX_CARD_UNITS):  # a third t with unit u taken off: the part held u but one t
            u = CARD_UNITS[MAX_CARD_UNITS * t + k]
            if u == NO_UNIT:
                break
            if limit <= u < PAIR_UNIT:
                continue
            counts[t] -= 1
            ok = add_unit(counts, u, 1)
            held = counts[t]
            added = GROUP_SIZE - 1 if u < PAIR_UNIT else PAIR_SIZE - 1
            if ok and held == MAX_PART_COPIES and _ting_size_ok(size + added):
                out[m] = key_of(counts)
                gains[m] = unit_huxi[u]
                m += 1
            add_unit(counts, u, -1)
            counts[t] += 1
    return m


@njit(cache=False)
def mark_one_draw_parts(keys, huxi, limit, weights, unit_huxi, wei_huxi, best):
    """``best[k]`` (uint8, one per key of ten base-9 digits): 1 + the best huxi one draw can
    give the part of key k (the winning vector's best huxi and what the way adds), over every
    winning vector (``keys``, ``huxi``) it is one draw from; 0 for the other parts."""
    counts = np.zeros(N_CARDS, np.int64)
    out = np.empty(1 + 2 * N_CARDS + N_CARDS * MAX_CARD_UNITS, np.int64)
    gains = np.empty_like(out)
    for i in range(keys.shape[0]):
        decode_key(keys[i], counts)
        size = 0
        for t in range(N_CARDS):
            size += counts[t]
        for j in range(one_draw_parts(counts, keys[i], size, limit, weights, unit_huxi, wei_huxi, out, gains)):
            best[out[j]] = max(best[out[j]], huxi[i] + gains[j] + 1)


@njit(cache=False)
def marked(best):
    """(keys, labels): the indices of the nonzero entries of ``best`` (ascending) and those
    entries less 1."""
    n = 0
    for k in range(best.shape[0]):
        n += best[k] != 0
    keys = np.empty(n, np.int64)
    labels = np.empty(n, np.int64)
    m = 0
    for k in range(best.shape[0]):
        if best[k] != 0:
            keys[m] = k
            labels[m] = best[k] - 1
            m += 1
    return keys, labels


def ting_automaton(keys: np.ndarray, huxi: np.ndarray, yiwushi: bool) -> tuple[np.ndarray, int, int]:
    """(uint32 transitions, state of best huxi 0, number of parts) of the minimal automaton of
    the parts one draw from a winning vector (``keys``, ``huxi``: the winning vectors of the
    group set and their best huxi), each labelled with the best huxi one draw can give it:
    checked to take every such part to its label (it accepts no other part: it is built from
    exactly their keys)."""
    best = np.zeros(N_SYMBOLS ** N_NUMBERS, np.uint8)
    _, unit_huxi = unit_arrays()
    wei_huxi = np.frombuffer(WEI_HUXI, np.uint8).astype(np.int64)
    mark_one_draw_parts(keys, huxi, group_limit(yiwushi), card_key_weights(), unit_huxi, wei_huxi, best)
    parts, labels = marked(best)
    del best
    trans, final = build_automaton(parts, labels)
    ting = (trans & STATE_MASK).astype(np.uint32)
    bad = misses(parts, labels, ting, final, False)
    if bad:
        raise AssertionError(f"the ting automaton refuses or mislabels {bad} parts one draw from winning")
    return ting, int(final), len(parts)


def move_unit_array(yiwushi: bool) -> np.ndarray:
    """MOVE_UNITS as an (N_CARDS, N_MOVES) array, -1 for the moves outside the group set."""
    moves = np.array(MOVE_UNITS, np.int64)
    moves[(moves >= group_limit(yiwushi)) & (moves < PAIR_UNIT)] = -1
    return moves


class GroupSetTables(NamedTuple):
    """One group set's tables, checked (:func:`group_set_tables`)."""

    trans: np.ndarray
    final: int
    values: np.ndarray
    sizes: dict
    """Winning vectors per part size."""
    back: np.ndarray
    back_final: int
    ting: np.ndarray
    ting_final: int
    n_ting_parts: int
    """Parts one draw from winning (the ting automaton's language)."""


def group_set_tables(group_set: str, progress=print) -> GroupSetTables:
    """The automaton, values, reverse and ting automata of one group set, checked.

    The per-size counts must be the known ones, every key must walk to its own rank, and the
    best huxi over the first moves must equal the level-by-level best.
    """
    yiwushi = group_set == "yiwushi"
    t0 = time.perf_counter()
    keys, huxi, sizes = winning_vectors(yiwushi, progress)
    known = KNOWN_SIZES_YIWUSHI if yiwushi else KNOWN_SIZES
    if sizes != known:
        raise AssertionError(f"{group_set}: winning vectors per size {sizes} differ from the known {known}")
    progress(f"  {group_set}: {len(keys):,} winning vectors ({time.perf_counter() - t0:.2f} s)")
    t1 = time.perf_counter()
    trans, final = build_automaton(keys, np.zeros(len(keys), np.int64))
    progress(f"  {group_set}: automaton of {final + 1:,} states ({time.perf_counter() - t1:.2f} s)")
    t2 = time.perf_counter()
    _, unit_huxi = unit_arrays()
    values, bad = split_values(keys, huxi, trans, final, unit_huxi, move_unit_array(yiwushi))
    if bad:
        raise AssertionError(f"{group_set}: {bad} vectors disagree between the automaton and the level sets")
    progress(f"  {group_set}: values, best huxi and first moves ({time.perf_counter() - t2:.2f} s)")
    t3 = time.perf_counter()
    back, back_final = reverse_automaton(keys)
    progress(f"  {group_set}: reverse automaton of {back_final + 1:,} states ({time.perf_counter() - t3:.2f} s)")
    t4 = time.perf_counter()
    ting, ting_final, n_parts = ting_automaton(keys, huxi, yiwushi)
    progress(f"  {group_set}: ting automaton of {ting_final + 1:,} states, {n_parts:,} parts one draw "
             f"from winning ({time.perf_counter() - t4:.2f} s)")
    return GroupSetTables(trans, final, values, sizes, back, back_final, ting, ting_final, n_parts)


_GROUPS_TEXT = {
    "plain": "groups: sequences, 二七十, mixed triples (ZIPAI.md)",
    "yiwushi": "groups: sequences, 二七十, 一五十 (衡阳十胡卡, RuleSet.yiwushi), mixed triples",
}


def build_datasets(progress=print) -> tuple[dict, dict]:
    """Compute the zipai datasets of both group sets: (name -> (array, description), parameters)."""
    datasets: dict = {}
    params: dict = {
        "max_part_cards": MAX_PART,
        "max_copies_in_part": MAX_PART_COPIES,
        "key": "ten base-9 digits, number 0 (一/壹) most significant; digit 3*small_n + big_n",
        "group_sets": " ".join(GROUP_SETS),
        "design": "minimal automaton as a minimal perfect hash into values (no key store); "
                  "measured against sorted uint32 keys + binary search, keys bucketed by the big "
                  "cards + binary search, and open addressing (bench/zipai_encoding.py)",
    }
    for group_set in GROUP_SETS:
        g = group_set_tables(group_set, progress)
        trans, final, values, sizes, back, back_final = g.trans, g.final, g.values, g.sizes, g.back, g.back_final
        automaton_name, values_name = datasets_of(group_set)
        groups = _GROUPS_TEXT[group_set]
        datasets[automaton_name] = (
            trans,
            f"{groups}. Minimal automaton of the winning vectors (counts <= 2) over ten symbols, one "
            "per number n = 0..9 (symbol 3*small_n + big_n); int64 entry [9*state + symbol] = next "
            "state (bits 0..31; 0 dead, 1 start) | number of winning vectors leaving the state by a "
            f"smaller symbol << 32 (bits 32..); a vector wins when its ten steps end in "
            f"{final_state_attr(group_set)}, and the sum of the high parts is its rank, the index "
            f"into {values_name}",
        )
        datasets[values_name] = (
            values,
            f"{groups}. Per winning vector in rank (base-9 key) order: bits 0..4 best huxi of its "
            "splits, bits 5..10 first moves: bit 5+m set when unit MOVE_UNITS[low][m] (pair, "
            "sequence, 二七十, mixed 2+1, mixed 1+2, 一五十 on the lowest card, lowest number first, "
            "small before big) leaves a winning vector",
        )
        datasets[reverse_dataset_of(group_set)] = (
            back,
            f"{groups}. Minimal automaton of the same winning vectors read the other way, number 9 "
            "first (symbol 3*small_n + big_n); uint32 entry [9*state + symbol] = next state (0 dead, "
            f"1 start); a vector wins when its ten steps end in {reverse_final_attr(group_set)}. "
            "ting draws a card only where neither automaton finds the rest of the hand dead",
        )
        datasets[ting_dataset_of(group_set)] = (
            g.ting,
            f"{groups}. Minimal automaton of the parts one draw from winning, each labelled with the "
            "most huxi a draw gives it: vectors (counts <= 2) of 3k+1 or 3k+2 cards, at most 20, that "
            "one more card makes a winning vector, unchanged (the card a 提 or 跑 outside: at most "
            f"{MAX_UPGRADE_HUXI} huxi more), joining, making a held pair a 偎 (its huxi more), or a "
            "free third copy with a unit of the group set taken off (the unit's huxi more); pair rule "
            "and copies aside. Read number 0 first (symbol 3*small_n + big_n); uint32 entry "
            "[9*state + symbol] = next state (0 dead, 1 start); a part may win on a draw only when its "
            f"ten steps end in a live state s, and then with at most {ting_final_attr(group_set)} - s "
            "huxi from the part and the way the card is placed",
        )
        params[ting_final_attr(group_set)] = g.ting_final
        params[reverse_final_attr(group_set)] = int(back_final)
        suffix = "" if group_set == "plain" else "_" + group_set
        params[final_state_attr(group_set)] = int(final)
        params["n_states" + suffix] = int(final + 1)
        params["n_vectors" + suffix] = int(len(values))
        params["n_ting_parts" + suffix] = g.n_ting_parts
        params["vectors_per_size" + suffix] = " ".join(f"{s}:{n}" for s, n in sizes.items())
        params["design_bytes" + suffix] = _design_bytes(len(values), trans, values)
    return datasets, params


def _design_bytes(n_vectors: int, trans, values) -> str:
    """Sizes of the candidate key designs for these vectors (values of 2 bytes each)."""
    sorted_keys = n_vectors * (4 + 2)
    bucketed = (3 ** 10 + 1) * 4 + n_vectors * (2 + 2)
    slots = 1
    while slots < n_vectors / 0.7:
        slots *= 2
    open_addressing = slots * (4 + 2)
    automaton = trans.nbytes + values.nbytes
    return (f"automaton+values {automaton}; sorted uint32 keys+values {sorted_keys}; bucketed "
            f"(offsets by big-card key, uint16 small-card keys)+values {bucketed}; open addressing "
            f"(load <= 0.7, power-of-two slots)+values {open_addressing}")


def build(path: Path, progress=print) -> None:
    """Generate the zipai tables and write ``path``."""
    datasets, params = build_datasets(progress)
    write_table_file(path, GAME, datasets, params, ENCODING, sources_sha256(SOURCES))
