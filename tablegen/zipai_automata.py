"""Minimal automata of sets of zipai keys (ten base-9 digits, one per number), as the zipai
table file stores them: the automaton of the winning parts with rank offsets, the reverse
automaton (read number 9 first) and the ting automaton of the parts one draw from winning,
labelled with the most huxi a draw gives them (:mod:`lookup.zipai.encoding`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from lookup.jit import register_jitables
from lookup.zipai.encoding import (
    GROUP_SIZE,
    MAX_PART,
    MAX_PART_COPIES,
    N_CARDS,
    N_NUMBERS,
    N_SYMBOLS,
    PAIR_SIZE,
    RANK_SHIFT,
    START,
    STATE_MASK,
    decode_key,
    key_of,
    ting_best,
    walk_back_from,
)
from lookup.zipai.units import (
    CARD_UNITS,
    MAX_CARD_UNITS,
    MAX_UPGRADE_HUXI,
    NO_UNIT,
    PAIR_UNIT,
    WEI_HUXI,
    add_unit,
    group_limit,
)

from .zipai_vectors import unit_arrays

register_jitables()  # the kernels below call the jitable helpers of lookup.zipai.encoding and units


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

    The ways (:func:`lookup.zipai.waits.draw_case`): the part unchanged (the card made a 提 or
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


TING_CHECK_STRIDE = 16
"""The build checks every this-many-th part one draw from winning against the ting automaton
(all of them: the exhaustive table tests, ``tests/zipai/test_tables.py``)."""


def parts_one_draw_from_winning(keys: np.ndarray, huxi: np.ndarray, yiwushi: bool) -> tuple[np.ndarray, np.ndarray]:
    """(keys, labels): every part one draw from a winning vector of the group set (``keys``,
    ``huxi``: its winning vectors and their best huxi), ascending, each with the best huxi one
    draw can give it."""
    best = np.zeros(N_SYMBOLS ** N_NUMBERS, np.uint8)
    _, unit_huxi = unit_arrays()
    wei_huxi = np.frombuffer(WEI_HUXI, np.uint8).astype(np.int64)
    mark_one_draw_parts(keys, huxi, group_limit(yiwushi), card_key_weights(), unit_huxi, wei_huxi, best)
    return marked(best)


def ting_misses(parts: np.ndarray, labels: np.ndarray, ting: np.ndarray, final: int) -> int:
    """How many of ``parts`` the ting automaton (``ting``, ``final``) refuses or mislabels."""
    return int(misses(parts, labels, ting, final, False))


def ting_automaton(keys: np.ndarray, huxi: np.ndarray, yiwushi: bool) -> tuple[np.ndarray, int, int]:
    """(uint32 transitions, state of best huxi 0, number of parts) of the minimal automaton of
    the parts one draw from a winning vector (``keys``, ``huxi``: the winning vectors of the
    group set and their best huxi), each labelled with the best huxi one draw can give it
    (:func:`parts_one_draw_from_winning`; it accepts no other part: it is built from exactly their keys),
    checked on every :data:`TING_CHECK_STRIDE`-th of them."""
    parts, labels = parts_one_draw_from_winning(keys, huxi, yiwushi)
    trans, final = build_automaton(parts, labels)
    ting = (trans & STATE_MASK).astype(np.uint32)
    bad = ting_misses(np.ascontiguousarray(parts[::TING_CHECK_STRIDE]),
                      np.ascontiguousarray(labels[::TING_CHECK_STRIDE]), ting, int(final))
    if bad:
        raise AssertionError(f"the ting automaton refuses or mislabels {bad} parts one draw from winning")
    return ting, int(final), len(parts)
