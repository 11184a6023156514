"""Zipai (字牌, 跑胡子 family) tables written to ``data/zipai.h5``: per group set, the winning
parts' automaton and values, the reverse automaton and the ting automaton.

The winning parts of a group set are built level by level (:mod:`tablegen.zipai_vectors`,
8,166,996 of them in the plain set) and stored as the minimal automaton of their keys, whose
path sums rank them (a minimal perfect hash, no key store), with one uint16 value per part in
rank order: its best huxi and the first moves of its split list. For ting, the file also holds
the automaton of the same parts read number 9 first and the automaton of the parts one draw
from winning, labelled with the most huxi a draw gives them (:mod:`tablegen.zipai_automata`).
:mod:`lookup.zipai.encoding` (the layout, the key, the walks) and :mod:`lookup.zipai.units`
(the groups and their huxi) are shared with the runtime; ``bench/zipai_encoding.py`` compares
this design with sorted keys, bucketed keys and open addressing.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import NamedTuple

import numpy as np

from lookup.zipai.encoding import (
    GAME,
    GROUP_SETS,
    MAX_PART,
    MAX_PART_COPIES,
    datasets_of,
    final_state_attr,
    reverse_dataset_of,
    reverse_final_attr,
    ting_dataset_of,
    ting_final_attr,
)
from lookup.zipai.units import MAX_UPGRADE_HUXI

from .h5io import sources_sha256, write_table_file
from .zipai_automata import build_automaton, reverse_automaton, ting_automaton
from .zipai_vectors import move_unit_array, split_values, unit_arrays, winning_vectors

ENCODING = "number_automaton_mph"
_HERE = Path(__file__).resolve().parent
SOURCES = [*(_HERE / name for name in ("zipai.py", "zipai_vectors.py", "zipai_automata.py", "h5io.py")),
           *(_HERE.parent / "lookup" / "zipai" / name for name in ("encoding.py", "units.py"))]

KNOWN_SIZES = {0: 1, 2: 20, 3: 38, 5: 666, 6: 657, 8: 9992, 9: 6684, 11: 87000, 12: 43780,
               14: 479022, 15: 191068, 17: 1716364, 18: 558934, 20: 3992588, 21: 1080182}
"""Winning vectors per part size (plain group set): the generator checks its result against them."""
KNOWN_SIZES_YIWUSHI = {0: 1, 2: 20, 3: 40, 5: 700, 6: 730, 8: 11072, 9: 7852, 11: 101802, 12: 54426,
                       14: 592316, 15: 251430, 17: 2241936, 18: 777955, 20: 5498092, 21: 1586328}
"""The same with 一五十 and 壹伍拾 as groups (11,124,700 in all), counted independently by
``tests/support/oracles/zipai.py`` ``count_winning_vectors`` (a per-number count over the
groups left open, no table) and checked by ``tests/zipai/test_tables.py``."""


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
    "plain": "groups: sequences, 二七十, mixed triples (docs/zipai.md)",
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
