"""Mahjong per-suit tables (Numba kernels) written to ``data/mahjong.h5``.

For each suit kind of :data:`lookup.mahjong.encoding.SUIT_KINDS` (the numbered suit: 9
ranks, pongs and chows; the honors: 7 kinds, pongs only; both again under the 258 pair,
where the pair takes rank 2, 5 or 8 only and never an honor) and every suit vector with
counts <= 4, the generator computes (layouts
and keys in :mod:`lookup.mahjong.encoding`, the one runtime module it imports):

* ``hu_ting``: whether the vector splits into melds only / melds plus one pair, and its
  waits (the ranks whose addition makes it split), for totals <= 14;
* ``jokers``: the fewest jokers completing it into melds only / melds plus a pair, and
  which added ranks lower that need, for totals <= 14;
* ``shanten``: for m = 0..4 melds with and without a pair, the fewest tiles it lacks of
  such a vector, for every vector; ``over4_keys`` / ``over4``: how those costs fall when
  jokers may stand for fifth (or later) copies (:mod:`tablegen.mahjong_over4`);
* ``split_keys`` / ``split_start`` / ``splits``: every distinct split of every vector that
  splits (total <= 14), as CSR lists (numbered suit and honors).

Which kind has which datasets: :data:`DATASETS`. The tables are dense arrays indexed by the
base-5 key of the suit vector.

Encoding choice: dense base-5 arrays against a minimal perfect hash (the vector's rank
among the valid vectors, computed digit by digit); ``bench/encoding.py`` measures both and
the dense array's single gather wins, so the file records ``encoding = "dense_base5"``.
"""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
from numba import njit

from lookup.jit import register_jitables
from lookup.mahjong.encoding import (
    CLASS_MELDS,
    CLASS_NEITHER,
    CLASS_PAIR,
    CLASS_SHIFT,
    COST_MASK,
    COUNT_BASE,
    ENTRY_MELDS,
    ENTRY_PAIR,
    FORM_FIELDS,
    FORM_STATS_SHIFT,
    GROUP_BITS,
    GROUPS_SHIFT,
    INCREMENTS_BITS,
    JOKER_MELDS_SHIFT,
    JOKER_PAIR_SHIFT,
    JOKER_WAIT_MELDS_SHIFT,
    JOKER_WAIT_PAIR_SHIFT,
    LANE_BITS,
    MAX_COPIES,
    MAX_HAND_TILES,
    MAX_MELDS,
    N_HONOR_KINDS,
    N_RANK_GROUPS,
    N_SUIT_RANKS,
    NEED_NONE,
    NO_MELD,
    NOT_CONCAVE,
    OVER4_BITS,
    OVER4_FLAG,
    PAIR_HELD_SHIFT,
    REST_CLASSES,
    REST_CODE_BITS,
    SHANTEN_BITS,
    SUIT_KINDS,
    TOTAL_SHIFT,
    WAIT_MELDS_SHIFT,
    WAIT_PAIR_SHIFT,
    key_weights,
    n_keys,
    plain_words,
    rest_codes,
    rest_lacking_table,
    rest_triples,
    shanten_shift,
)

from .h5io import sources_sha256, write_table_file
from .mahjong_over4 import over4_table
from .mahjong_vectors import digits_and_totals, split_tables

register_jitables()  # the kernels below call the encoding's jitable key functions

GAME = "mahjong"
PLAIN_WORD_KINDS = ("suit", "honor")
"""The suit kinds of the plain rules, whose shanten entries get plain words."""
ENCODING = "dense_base5"
SOURCES = [Path(__file__), Path(__file__).with_name("h5io.py"), Path(__file__).with_name("mahjong_over4.py"),
           Path(__file__).with_name("mahjong_vectors.py"),
           Path(__file__).resolve().parent.parent / "lookup" / "mahjong" / "encoding.py"]


@njit(cache=False)
def split_flags(n_ranks, chows, pair_mask):
    """Split flags of every suit vector, indexed by base-5 key (uint8, shape (5**n_ranks,)).

    Bit ENTRY_MELDS: the vector splits into melds only; bit ENTRY_PAIR: into melds plus
    one pair on a rank of ``pair_mask`` (bit r: rank r). Pongs always, chows (three
    consecutive ranks) when ``chows``. Vectors over
    MAX_HAND_TILES tiles get 0. Dynamic programming in increasing key order: the lowest
    nonzero rank of a melds-only vector is the start of a pong or of a chow, and a pair
    vector is a melds-only vector plus a pair; both predecessors have smaller keys.
    """
    digits, totals = digits_and_totals(n_ranks)
    size = totals.shape[0]
    weight = key_weights(n_ranks)
    flags = np.zeros(size, np.uint8)
    for key in range(size):
        counts = digits[key]
        total = totals[key]
        if total > MAX_HAND_TILES:
            continue
        if total % 3 == 0:
            if total == 0:
                flags[key] = ENTRY_MELDS
                continue
            low = 0
            while counts[low] == 0:
                low += 1
            ok = counts[low] >= 3 and (flags[key - 3 * weight[low]] & ENTRY_MELDS) != 0
            if not ok and chows and low + 2 < n_ranks and counts[low + 1] > 0 and counts[low + 2] > 0:
                rest = key - weight[low] - weight[low + 1] - weight[low + 2]
                ok = (flags[rest] & ENTRY_MELDS) != 0
            if ok:
                flags[key] = ENTRY_MELDS
        elif total % 3 == 2:
            for i in range(n_ranks):
                if (pair_mask >> i) & 1 and counts[i] >= 2 and (flags[key - 2 * weight[i]] & ENTRY_MELDS) != 0:
                    flags[key] = ENTRY_PAIR
                    break
    return flags


@njit(cache=False)
def hu_ting_entries(flags, n_ranks):
    """Packed hu/ting entries (uint32, same shape as ``flags``); layout in lookup.encoding.

    Entry = split flags | waits-to-melds << WAIT_MELDS_SHIFT | waits-to-pair << WAIT_PAIR_SHIFT
    | tile total << TOTAL_SHIFT | split class << CLASS_SHIFT, where a wait is a rank r with
    count < 4 such that vector + r has the flag. Vectors over MAX_HAND_TILES tiles get their
    total and the class CLASS_NEITHER only.
    """
    digits, totals = digits_and_totals(n_ranks)
    size = flags.shape[0]
    entries = np.zeros(size, np.uint32)
    for key in range(size):
        counts = digits[key]
        total = totals[key]
        entries[key] = np.uint32((total << TOTAL_SHIFT) | (CLASS_NEITHER << CLASS_SHIFT))
        if total > MAX_HAND_TILES:
            continue
        f = flags[key]
        cls = CLASS_MELDS if f & ENTRY_MELDS else (CLASS_PAIR if f & ENTRY_PAIR else CLASS_NEITHER)
        entry = np.uint32(f) | np.uint32(total << TOTAL_SHIFT) | np.uint32(cls << CLASS_SHIFT)
        if total < MAX_HAND_TILES:
            w = 1
            for r in range(n_ranks):
                if counts[r] < MAX_COPIES:
                    f = flags[key + w]
                    if f & ENTRY_MELDS:
                        entry |= np.uint32(1 << (WAIT_MELDS_SHIFT + r))
                    if f & ENTRY_PAIR:
                        entry |= np.uint32(1 << (WAIT_PAIR_SHIFT + r))
                w *= COUNT_BASE
        entries[key] = entry
    return entries


@njit(cache=False)
def joker_needs(n_ranks, chows, pair_mask):
    """(J_M, J_P): fewest jokers completing each vector (total <= 14) into melds only / plus a pair.

    A joker stands for any tile, a fifth copy included. The lowest tile of the vector lies in
    a pong of its rank or in a chow through it (ranks below it are empty, so jokers fill them);
    by exchanging tiles between melds, that meld may take every real tile it can. The pair
    form puts the pair on some rank of ``pair_mask`` (real tiles first) or makes it of two
    jokers (read as such a rank); with an empty ``pair_mask`` there is no pair form
    (NEED_NONE). Vectors over 14 tiles get NEED_NONE.
    """
    digits, totals = digits_and_totals(n_ranks)
    size = totals.shape[0]
    weight = key_weights(n_ranks)
    need_melds = np.full(size, NEED_NONE, np.int64)
    need_pair = np.full(size, NEED_NONE, np.int64)
    for key in range(size):
        if totals[key] > MAX_HAND_TILES:
            continue
        if key == 0:
            need_melds[key] = 0
            need_pair[key] = 2 if pair_mask else NEED_NONE
            continue
        low = 0
        while digits[key, low] == 0:
            low += 1
        used = min(digits[key, low], 3)
        best = 3 - used + need_melds[key - used * weight[low]]
        if chows:
            for start in range(max(0, low - 2), min(low, n_ranks - 3) + 1):
                jokers = 0
                rest = key
                for r in range(start, start + 3):
                    if r >= low and digits[key, r] > 0:
                        rest -= weight[r]
                    else:
                        jokers += 1
                best = min(best, jokers + need_melds[rest])
        need_melds[key] = best
        best_pair = 2 + best if pair_mask else NEED_NONE
        for r in range(n_ranks):
            if (pair_mask >> r) & 1 and digits[key, r] > 0:
                used = min(digits[key, r], 2)
                best_pair = min(best_pair, 2 - used + need_melds[key - used * weight[r]])
        need_pair[key] = best_pair
    return need_melds, need_pair


@njit(cache=False)
def joker_entries(need_melds, need_pair, n_ranks):
    """Packed joker entries (uint32): the two needs and the ranks that lower each (layout in lookup.encoding)."""
    digits, totals = digits_and_totals(n_ranks)
    size = totals.shape[0]
    entries = np.zeros(size, np.uint32)
    for key in range(size):
        entry = (need_melds[key] << JOKER_MELDS_SHIFT) | (need_pair[key] << JOKER_PAIR_SHIFT)
        if totals[key] < MAX_HAND_TILES:
            w = 1
            for r in range(n_ranks):
                if digits[key, r] < MAX_COPIES:
                    if need_melds[key + w] == need_melds[key] - 1:
                        entry |= 1 << (JOKER_WAIT_MELDS_SHIFT + r)
                    if need_pair[key + w] == need_pair[key] - 1:
                        entry |= 1 << (JOKER_WAIT_PAIR_SHIFT + r)
                w *= COUNT_BASE
        entries[key] = entry
    return entries


@njit(cache=False)
def shanten_costs(flags, n_ranks):
    """Shanten entries (uint64): per class (m melds, pair p) the tiles each vector lacks.

    cost(v) = min over target vectors w (exactly m melds, plus a pair if p; counts <= 4) of
    sum_r max(0, w_r - v_r). Two passes per class: ``contains`` (some target fits inside
    v) in increasing key order, then cost(v) = 0 if it contains one, else
    1 + min_r cost(v + r) over ranks with count < 4, in decreasing key order.
    """
    digits, totals = digits_and_totals(n_ranks)
    size = totals.shape[0]
    weight = key_weights(n_ranks)
    entries = np.zeros(size, np.uint64)
    contains = np.zeros(size, np.bool_)
    cost = np.zeros(size, np.int64)
    for melds in range(MAX_MELDS + 1):
        for pair in range(2):
            tiles = 3 * melds + 2 * pair
            flag = ENTRY_PAIR if pair else ENTRY_MELDS
            for key in range(size):
                found = totals[key] == tiles and (flags[key] & flag) != 0
                r = 0
                while not found and r < n_ranks:
                    if digits[key, r] > 0 and contains[key - weight[r]]:
                        found = True
                    r += 1
                contains[key] = found
            for key in range(size - 1, -1, -1):
                if contains[key]:
                    cost[key] = 0
                    continue
                best = COST_MASK
                for r in range(n_ranks):
                    if digits[key, r] < MAX_COPIES:
                        best = min(best, cost[key + weight[r]])
                cost[key] = min(best + 1, COST_MASK)  # COST_MASK: no target of the class exists
            shift = shanten_shift(melds, pair)
            for key in range(size):
                entries[key] |= np.uint64(cost[key]) << np.uint64(shift)
    return entries


def form_stats(n_ranks: int, orphan_ranks: tuple) -> np.ndarray:
    """Per key, the FORM_FIELDS counts packed from bit 0 (uint64), each clipped to its width."""
    digits, _ = digits_and_totals(n_ranks)
    d = digits.astype(np.int64)
    orphan = np.zeros(n_ranks, bool)
    orphan[list(orphan_ranks)] = True
    values = {
        "kinds": (d > 0).sum(axis=1),
        "paired": (d >= 2).sum(axis=1),
        "halves": (d // 2).sum(axis=1),
        "odd": (d % 2).sum(axis=1),
        "orphans": (d[:, orphan] > 0).sum(axis=1),
        "orphan_pairs": (d[:, orphan] >= 2).sum(axis=1),
    }
    packed = np.zeros(len(d), np.uint64)
    shift = 0
    for name, width in FORM_FIELDS:
        packed |= np.minimum(values[name], (1 << width) - 1).astype(np.uint64) << np.uint64(shift)
        shift += width
    return packed


DATASETS = {
    # suit kind (lookup.mahjong.encoding.SUIT_KINDS): its datasets, and what its vectors are
    "suit": (("hu_ting", "jokers", "shanten", "splits"), "numbered suit (9 ranks; pongs and chows)"),
    "honor": (("hu_ting", "jokers", "shanten", "splits"), "honors (7 kinds; pongs only)"),
    "suit_258": (("hu_ting", "jokers", "shanten"),
                 "numbered suit under the 258 pair (9 ranks; pongs and chows; the pair on rank 2, 5 or 8)"),
    "honor_258": (("hu_ting", "jokers", "shanten"), "honors under the 258 pair (7 kinds; pongs only; no pair)"),
}


def build_datasets(progress=print) -> dict:
    """Compute every mahjong dataset: name -> (array, description)."""
    datasets = {}
    for name, (n_ranks, chows, pair_ranks, orphan_ranks) in SUIT_KINDS.items():
        wanted, what = DATASETS[name]
        pair_mask = sum(1 << r for r in pair_ranks)
        t0 = time.perf_counter()
        flags = split_flags(n_ranks, chows, pair_mask)
        if "hu_ting" in wanted:
            entries = hu_ting_entries(flags, n_ranks)
            assert entries.shape == (n_keys(n_ranks),)
            datasets[f"{name}/hu_ting"] = (
                entries,
                f"hu/ting entry per {what} vector, indexed by base-5 key (digit i = count of rank i); "
                f"bit0 melds only, bit1 melds+pair, bits {WAIT_MELDS_SHIFT}.. waits to melds only, "
                f"bits {WAIT_PAIR_SHIFT}.. waits to melds+pair (all 0 over {MAX_HAND_TILES} tiles), "
                f"bits {TOTAL_SHIFT}.. the vector's tile total, bits {CLASS_SHIFT}.. split class "
                f"({CLASS_MELDS} melds only, {CLASS_PAIR} melds+pair, {CLASS_NEITHER} neither)",
            )
            n_melds = int(np.count_nonzero(entries & ENTRY_MELDS))
            n_pair = int(np.count_nonzero(entries & ENTRY_PAIR))
            progress(f"  {name}: {entries.size:,} keys, {n_melds:,} melds-only and {n_pair:,} "
                     f"melds+pair vectors ({time.perf_counter() - t0:.2f} s)")

        if "jokers" in wanted:
            t0 = time.perf_counter()
            jokers = joker_entries(*joker_needs(n_ranks, chows, pair_mask), n_ranks)
            datasets[f"{name}/jokers"] = (
                jokers,
                f"joker entry per {what} vector, indexed by base-5 key: bits {JOKER_MELDS_SHIFT}..+3 "
                f"fewest jokers to melds only, bits {JOKER_PAIR_SHIFT}..+3 to melds+pair ({NEED_NONE} "
                f"over {MAX_HAND_TILES} tiles or without a pair rank), bits {JOKER_WAIT_MELDS_SHIFT}.. / "
                f"{JOKER_WAIT_PAIR_SHIFT}.. ranks (count < 4) whose addition lowers each need by one "
                "(otherwise it rises by two)",
            )
            progress(f"  {name}: joker needs ({time.perf_counter() - t0:.2f} s)")

        t0 = time.perf_counter()
        digits, totals = digits_and_totals(n_ranks)
        shanten = shanten_costs(flags, n_ranks) | (form_stats(n_ranks, orphan_ranks) << np.uint64(FORM_STATS_SHIFT))
        over_keys, over = over4_table(n_ranks, chows, pair_mask, shanten, digits, key_weights(n_ranks), totals)
        shanten[over_keys] |= np.uint64(OVER4_FLAG)
        fields = ", ".join(f"{field} ({width} bits)" for field, width in FORM_FIELDS)
        datasets[f"{name}/shanten"] = (
            shanten,
            f"shanten entry per {what} vector (every total), indexed by base-5 key: for m = 0.."
            f"{MAX_MELDS} melds and pair p = 0/1, bits {SHANTEN_BITS}*(2m+p)..+3 hold the fewest "
            f"tiles the vector lacks of a vector of exactly m melds (+ a pair), counts <= 4 ({COST_MASK}: "
            f"no such vector); from bit {FORM_STATS_SHIFT}: {fields}; bit {OVER4_FLAG.bit_length() - 1}: "
            "the key is in over4_keys",
        )
        datasets[f"{name}/over4_keys"] = (over_keys, f"sorted base-5 keys of the {what} vectors (total <= "
                                          f"{MAX_HAND_TILES}) whose costs fall when jokers read as fifth copies")
        datasets[f"{name}/over4"] = (
            over, f"per over4_keys[i], per class c = 2m+p: bits {2 * OVER4_BITS}c..+{OVER4_BITS - 1} the fewest "
            f"over-4 positions (jokers over 4 copies of a kind) that lower the cost by one, the next "
            f"{OVER4_BITS} bits by two (0: none)")
        if name in PLAIN_WORD_KINDS:
            datasets[f"{name}/plain_words"] = (
                plain_words(shanten),
                f"plain word per {what} vector, indexed by base-5 key (the standard shanten of the plain "
                f"rules by counting): bits 0..{INCREMENTS_BITS - 1} how many of the increments of the tiles used "
                f"by m melds are 3, 2, 1 ({LANE_BITS} bits each), bits {INCREMENTS_BITS}..{2 * INCREMENTS_BITS - 1}"
                f" the same with the pair, bits {PAIR_HELD_SHIFT}..{PAIR_HELD_SHIFT + 1} the pair's tiles held, "
                f"bit {NOT_CONCAVE.bit_length() - 1}: not concave (merge exactly), bits {GROUPS_SHIFT}.."
                f"{GROUPS_SHIFT + N_RANK_GROUPS * GROUP_BITS - 1}: per rank group g (ranks g, g+3, g+6) of a "
                f"numbered suit the ranks held ({GROUP_BITS} bits each; 0 for the honors), from bit "
                f"{FORM_STATS_SHIFT}: the shanten entry's bits")
        progress(f"  {name}: shanten costs, {len(over_keys):,} keys with over-4 savings "
                 f"({time.perf_counter() - t0:.2f} s)")

        if "splits" in wanted:
            t0 = time.perf_counter()
            keys, start, splits = split_tables(n_ranks, chows)
            datasets[f"{name}/split_keys"] = (keys, f"sorted base-5 keys of the {what} vectors that split")
            datasets[f"{name}/split_start"] = (
                start, "splits of split_keys[i] are rows split_start[i]..split_start[i+1]-1 of splits")
            index = np.zeros(n_keys(n_ranks), np.uint32)
            index[keys] = np.arange(1, len(keys) + 1, dtype=np.uint32)
            datasets[f"{name}/split_index"] = (
                index, f"per {what} vector, by base-5 key: i + 1 where split_keys[i] is its key, 0 when it "
                       "does not split (the split lists in one look-up)")
            datasets[f"{name}/splits"] = (
                splits,
                f"one row per distinct split: pair rank ({NO_MELD} = none), then 4 meld codes "
                f"(c < {n_ranks}: pong of rank c; c >= {n_ranks}: chow from rank c - {n_ranks}; "
                f"{NO_MELD} = none), sorted",
            )
            progress(f"  {name}: {len(splits):,} splits of {len(keys):,} vectors "
                     f"({time.perf_counter() - t0:.2f} s)")
    datasets.update(rest_datasets(datasets["suit/shanten"][0], datasets["honor/shanten"][0]))
    return datasets


def rest_datasets(suit_shanten: np.ndarray, honor_shanten: np.ndarray) -> dict:
    """The rest codes of the plain suit kinds and the rest lacking table of 组合龙 (layout in
    :mod:`lookup.mahjong.encoding`), from their shanten entries."""
    triples = rest_triples(suit_shanten, honor_shanten)
    classes = ", ".join(f"({m} meld{'s' * (m != 1)}{', pair' * p})" for m, p in REST_CLASSES)
    listed = "; ".join(f"{code}: {tuple(int(x) for x in t)}" for code, t in enumerate(triples))
    return {
        "suit/rest_codes": (
            rest_codes(suit_shanten, triples),
            f"per numbered suit vector, indexed by base-5 key: for rank group g (ranks g, g+3, g+6), bits "
            f"{REST_CODE_BITS}g..+{REST_CODE_BITS - 1} the rest code of the vector with one of each held rank "
            f"of the group taken out (组合龙's rest): the index of its costs of {classes} in: {listed}"),
        "honor/rest_codes": (rest_codes(honor_shanten, triples),
                             "per honor vector, indexed by base-5 key: its rest code (as suit/rest_codes)"),
        "knitted/rest_lacking": (
            rest_lacking_table(triples),
            f"row m (0 or 1 melds): at index code0 | code1 << {REST_CODE_BITS} | code2 << {2 * REST_CODE_BITS} | "
            f"code3 << {3 * REST_CODE_BITS} (the rest codes of suits m, p, s and the honors), the least "
            "tiles the rest lacks of m melds and a pair"),
    }


def build(path: Path, progress=print) -> None:
    """Generate every mahjong table and write ``path``."""
    datasets = build_datasets(progress)
    params = {"max_copies": MAX_COPIES, "max_suit_tiles": MAX_HAND_TILES,
              "suit_ranks": N_SUIT_RANKS, "honor_kinds": N_HONOR_KINDS,
              "key": "base-5 counts, digit i = count of rank i"}
    write_table_file(path, GAME, datasets, params, ENCODING, sources_sha256(SOURCES))
