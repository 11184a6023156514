"""Shisanshui (十三水) hand-rank tables (Numba kernels) written to ``data/shisanshui.h5``.

Every 5-card hand (2,598,960) and every 3-card hand (22,100) gets a rank on one scale:
higher is stronger, equal is a tie, and a front (3 cards) compares directly with a middle
(5 cards) as docs/shisanshui.md says: category first, then the ranks in order, the front padded with
"no card", lower than any card. The scale has 7,462 five-card and 455 three-card values
(none shared), numbered 1..7,917 from the weakest (a 3-card 4-3-2) up; 0 is no hand.

How a rank is ordered: each hand gets a *code* = category << 20 | five 4-bit digits, the
digits being its rank groups ordered by (size, rank) descending (rank + 1, 0 = no card), so
a pair of kings with A-9-4 kickers has digits K A 9 4 and a 3-card pair of kings with an
ace K A 0 0; straights and straight flushes have one digit, their place 1..10 among the ten
straights (A-2-3-4-5 the ninth by default, the first under the "A-2-3-4-5 lowest" option).
The scale is the sorted set of codes; the two options order the same codes, so they share
one scale (`scale/*`) and differ only in which code a straight hand gets.

5-card key (chosen by measurement, see ``bench/RESULTS.md``): a perfect hash of the hand's
rank multiset. Each rank r has a weight ``rank_weight[r]`` (0, 1, 5, 22, 94, ...: each the
smallest that keeps the sums of all 6,175 five-card rank multisets distinct), and a hand's
rank is ``flush[mask]`` when its five cards share a suit (mask = the 13-bit set of its ranks)
and ``nonflush[sum of its rank weights]`` otherwise. It needs no sorting and its tables
(720 KB + 16 KB) stay in cache, where a combinatorial (colex) index needs a sort of the
five cards and a 5.2 MB table. 3-card key: ``rank3[169 * r0 + 13 * r1 + r2]`` for the three
ranks in any order (2,197 entries, every order filled).

The constants, the code layout and the key functions are :mod:`lookup.shisanshui.encoding`,
the one contract with the runtime; this module only computes the codes and fills the tables.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
from numba import njit

from lookup.jit import register_jitables
from lookup.shisanshui import encoding
from lookup.shisanshui.encoding import (
    CATEGORIES,
    CODE_CATEGORY_SHIFT,
    CODE_DIGIT_BITS,
    CODE_DIGITS,
    CODE_PLACE_SHIFT,
    FIELD_PLAYERS,
    FLUSH,
    FULL_HOUSE,
    HIGH_CARD,
    N_CARDS,
    N_FLUSH_KEYS,
    N_NONFLUSH_KEYS,
    N_RANK3_KEYS,
    N_RANKS,
    OPTIONS,
    PAIR,
    QUADS,
    RANK_WEIGHTS,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRIPS,
    TWO_PAIR,
)

from .h5io import sources_sha256, write_table_file

GAME = "shisanshui"
ENCODING = "rank_weight_sum+flush_mask (5 cards); base13_ranks (3 cards)"
FIELD_BUILD = (Path(__file__).with_name("shisanshui_field.npy"), Path(__file__).with_name("shisanshui_field.json"))
"""The stored build of the field (``make field``: ``python -m lookup.shisanshui.fieldplay``,
simulation on Dask); the tables copy it, so a rebuild needs no simulation."""
SOURCES = [Path(__file__), Path(__file__).with_name("h5io.py"), Path(encoding.__file__), *FIELD_BUILD]

register_jitables()  # the kernels below call the key functions of lookup.shisanshui.encoding


@njit(cache=False)
def straight_place(counts, a5_lowest):
    """Place 1..10 of the straight made by five distinct ranks (counts), 0 when none.

    Default: 2-3-4-5-6 is 1, ..., 9-10-J-Q-K 8, A-2-3-4-5 9, 10-J-Q-K-A 10; with
    ``a5_lowest``: A-2-3-4-5 1, 2-3-4-5-6 2, ..., 10-J-Q-K-A 10.
    """
    for top in range(4, N_RANKS):
        run = True
        for r in range(top - 4, top + 1):
            if counts[r] != 1:
                run = False
        if run:
            if a5_lowest:
                return top - 2
            return 10 if top == 12 else top - 3
    if counts[12] == 1 and counts[0] == 1 and counts[1] == 1 and counts[2] == 1 and counts[3] == 1:
        return 1 if a5_lowest else 9
    return 0


@njit(cache=False)
def hand_code(counts, n_cards, flush, a5_lowest):
    """Code of a hand given its rank counts: category << 20 | five 4-bit digits.

    ``flush`` is whether a 5-card hand has one suit (3-card hands ignore suits and runs).
    """
    distinct = 0
    top_count = 0
    for r in range(N_RANKS):
        if counts[r] > 0:
            distinct += 1
            top_count = max(top_count, counts[r])
    place = 0
    if n_cards == 5 and distinct == 5:
        place = straight_place(counts, a5_lowest)
    if place > 0:
        category = STRAIGHT_FLUSH if flush else STRAIGHT
        return (category << CODE_CATEGORY_SHIFT) | (place << CODE_PLACE_SHIFT)
    if n_cards == 5 and flush:
        category = FLUSH
    elif top_count == 4:
        category = QUADS
    elif top_count == 3:
        category = FULL_HOUSE if distinct == 2 and n_cards == 5 else TRIPS
    elif top_count == 2:
        category = TWO_PAIR if distinct == n_cards - 2 else PAIR
    else:
        category = HIGH_CARD
    code = category
    digits = 0
    for size in range(4, 0, -1):  # rank groups by size, then rank, descending
        for r in range(N_RANKS - 1, -1, -1):
            if counts[r] == size:
                code = (code << CODE_DIGIT_BITS) | (r + 1)
                digits += 1
    while digits < CODE_DIGITS:  # pad with "no card"
        code <<= CODE_DIGIT_BITS
        digits += 1
    return code


@njit(cache=False)
def check_weights(weights):
    """True when the weight sums of all 5-card rank multisets (counts <= 4) are distinct."""
    seen = np.zeros(5 * weights[-1] + 1, np.bool_)
    n = weights.shape[0]
    for a in range(n):
        for b in range(a, n):
            for c in range(b, n):
                for d in range(c, n):
                    for e in range(d, n):
                        if a == e:  # five of a rank
                            continue
                        s = encoding.nonflush_key(weights, a, b, c, d, e)
                        if seen[s]:
                            return False
                        seen[s] = True
    return True


@njit(cache=False)
def class_codes(weights, a5_lowest):
    """Codes of every 5-card and 3-card hand class, by key.

    Returns (nonflush codes by weight sum, flush codes by 13-bit rank mask, 3-card codes by
    base-13 key of the ranks in any order); -1 where no hand has that key.
    """
    nonflush = np.full(N_NONFLUSH_KEYS, -1, np.int64)
    flush = np.full(N_FLUSH_KEYS, -1, np.int64)
    counts = np.zeros(N_RANKS, np.int64)
    for a in range(N_RANKS):
        for b in range(a, N_RANKS):
            for c in range(b, N_RANKS):
                for d in range(c, N_RANKS):
                    for e in range(d, N_RANKS):
                        if a == e:
                            continue
                        counts[:] = 0
                        counts[a] += 1
                        counts[b] += 1
                        counts[c] += 1
                        counts[d] += 1
                        counts[e] += 1
                        nonflush[encoding.nonflush_key(weights, a, b, c, d, e)] = \
                            hand_code(counts, 5, False, a5_lowest)
                        if a < b < c < d < e:
                            flush[encoding.flush_key(a, b, c, d, e)] = hand_code(counts, 5, True, a5_lowest)
    rank3 = np.full(N_RANK3_KEYS, -1, np.int64)
    for a in range(N_RANKS):
        for b in range(N_RANKS):
            for c in range(N_RANKS):
                counts[:] = 0
                counts[a] += 1
                counts[b] += 1
                counts[c] += 1
                rank3[encoding.rank3_key(a, b, c)] = hand_code(counts, 3, False, a5_lowest)
    return nonflush, flush, rank3


@njit(cache=False)
def count_hands(fields, nonflush, flush, rank3, n_values):
    """Hands of each rank: (5-card counts, 3-card counts), over every hand of the 52 cards.

    Walks all 2,598,960 five-card and 22,100 three-card hands through the keyed tables, so
    a key that a hand reaches but no class filled shows up as a count at rank 0.
    """
    count5 = np.zeros(n_values, np.int64)
    count3 = np.zeros(n_values, np.int64)
    for a in range(N_CARDS):
        for b in range(a + 1, N_CARDS):
            for c in range(b + 1, N_CARDS):
                count3[encoding.rank3(rank3, a, b, c)] += 1
                for d in range(c + 1, N_CARDS):
                    for e in range(d + 1, N_CARDS):
                        count5[encoding.rank5(fields, nonflush, flush, a, b, c, d, e)] += 1
    return count5, count3


def percentiles(counts: np.ndarray) -> np.ndarray:
    """Per rank, the fraction of hands (of the size ``counts`` counts) it beats, ties half."""
    counts = counts.astype(np.float64)
    below = np.concatenate(([0.0], np.cumsum(counts)[:-1]))
    return (below + counts / 2) / counts.sum()


def build_datasets(progress: Callable[[str], None] = print) -> dict[str, tuple[np.ndarray, str]]:
    """Compute every shisanshui dataset: name -> (array, description)."""
    t0 = time.perf_counter()
    assert check_weights(RANK_WEIGHTS)
    codes = {opt: class_codes(RANK_WEIGHTS, opt == "a5_lowest") for opt in OPTIONS}
    nonflush, flush, rank3 = codes["a5_second"]
    scales = [np.unique(np.concatenate([nf[nf >= 0], fl[fl >= 0], r3])) for nf, fl, r3 in codes.values()]
    scale = scales[0]
    assert np.array_equal(scale, scales[1]) and np.array_equal(rank3, codes["a5_lowest"][2])
    n_values = scale.size + 1  # rank 0: no hand
    code_of_rank = np.concatenate(([0], scale)).astype(np.int32)

    def ranked(table: np.ndarray) -> np.ndarray:
        out = np.zeros(table.shape, np.uint16)
        valid = table >= 0
        out[valid] = np.searchsorted(scale, table[valid]) + 1
        return out

    datasets = {"rank_weight": (RANK_WEIGHTS.copy(), "weight of each card rank 0..12 (2..A) in the 5-card key: "
                                "the sums over the 5 cards' ranks are distinct for distinct rank multisets")}
    rank3_table = ranked(rank3)
    counts = None
    for opt in OPTIONS:
        nf, fl, _ = codes[opt]
        nf_ranks, fl_ranks = ranked(nf), ranked(fl)
        where = "second-highest" if opt == "a5_second" else "lowest"
        datasets[f"{opt}/nonflush"] = (
            nf_ranks, f"rank of a 5-card hand whose suits differ, indexed by the sum of rank_weight over "
            f"its 5 cards (A-2-3-4-5 the {where} straight); 0 where no hand has the key")
        datasets[f"{opt}/flush"] = (
            fl_ranks, f"rank of a 5-card hand of one suit, indexed by the 13-bit mask of its ranks "
            f"(bit r = rank r; A-2-3-4-5 the {where} straight flush); 0 where no hand has the key")
        c5, c3 = count_hands(encoding.card_fields(RANK_WEIGHTS), nf_ranks, fl_ranks, rank3_table, n_values)
        assert c5[0] == 0 and c3[0] == 0 and c5.sum() == 2_598_960 and c3.sum() == 22_100
        if counts is None:
            counts = (c5, c3)
        else:  # the options only permute which straights get which code
            assert np.array_equal(counts[0], c5) and np.array_equal(counts[1], c3)
    datasets["rank3"] = (rank3_table, "rank of a 3-card hand (front), indexed by 169*r0 + 13*r1 + r2 for its "
                         "card ranks 0..12 in any order; on the scale of the 5-card ranks")
    c5, c3 = counts
    datasets["scale/code"] = (code_of_rank, "code of each rank value: category << 20 | five 4-bit digits "
                              "(rank groups by size then rank, rank + 1, 0 = no card; a straight's digit is "
                              "its place 1..10); index 0 = no hand")
    datasets["scale/count5"] = (c5.astype(np.uint32), "number of 5-card hands of each rank value")
    datasets["scale/count3"] = (c3.astype(np.uint32), "number of 3-card hands of each rank value")
    datasets["scale/pct5"] = (percentiles(c5), "per rank value, the fraction of the 2,598,960 5-card hands it "
                              "beats, ties counting half")
    datasets["scale/pct3"] = (percentiles(c3), "per rank value, the fraction of the 22,100 3-card hands it "
                              "beats, ties counting half")
    datasets.update(field_datasets(n_values))
    n5 = int(np.count_nonzero(c5))
    n3 = int(np.count_nonzero(c3))
    progress(f"  {n5:,} five-card and {n3:,} three-card rank values on one scale of {scale.size:,} "
             f"({time.perf_counter() - t0:.2f} s)")
    return datasets


def field_datasets(n_values: int) -> dict[str, tuple[np.ndarray, str]]:
    """``field/rows`` and ``field/calibration`` from the stored field build (checked shapes)."""
    rows = np.load(FIELD_BUILD[0], allow_pickle=False)
    meta = json.loads(FIELD_BUILD[1].read_text())
    calibration = np.array(meta["calibration"], np.float64)
    shape = (len(OPTIONS), len(FIELD_PLAYERS), 3, n_values)
    if rows.shape != shape or rows.dtype != np.float64 or calibration.shape != shape[:2] + (2,):
        raise ValueError(f"{FIELD_BUILD[0]}: the field build has shape {rows.shape} {rows.dtype}, "
                         f"calibration {calibration.shape}; expected {shape} float64 (run make field)")
    if not np.allclose(rows.sum(axis=3), 1.0) or (rows < 0).any():
        raise ValueError(f"{FIELD_BUILD[0]}: a field row distribution does not sum to 1")
    build = (f"simulated by lookup.shisanshui.fieldplay: seed {meta['seed']}, {meta['deals_per_pass']:,} deals "
             f"per pass, at most {meta['max_passes']} passes")
    return {
        "field/rows": (rows, "the field's row distribution: [straight order (a5_second, a5_lowest), players - 2 "
                       "(2..4 players), row (front, middle, back), rank] the probability that a field "
                       f"arrangement's row has that rank; {build}"),
        "field/calibration": (calibration, "[straight order, players - 2] (c, h): c the field's rate of "
                              "winning all three rows against a field hand over the rate the product of the row "
                              "probabilities predicts, h that rate itself (see lookup/shisanshui/field.py)"),
    }


def build(path: Path, progress: Callable[[str], None] = print) -> None:
    """Generate the shisanshui tables and write ``path``."""
    datasets = build_datasets(progress)
    params = {"options": " ".join(OPTIONS), "categories": ",".join(CATEGORIES),
              "code_category_shift": CODE_CATEGORY_SHIFT,
              "key5": "perfect hash: flush[13-bit rank mask] when one suit, else nonflush[sum of rank_weight]",
              "key3": "base-13 ranks in any order: rank3[169*r0 + 13*r1 + r2]",
              "card": "index = rank*4 + suit; rank 0..12 = 2..A, suit 0..3 = S H C D"}
    write_table_file(path, GAME, datasets, params, ENCODING, sources_sha256(SOURCES))
