"""Arrangements of 13 cards: fouls, every legal split, and the best one.

A 13-card hand splits into front 3, middle 5 and back 5; it is fouled (倒水) unless back >=
middle >= front. The split searches run in the kernels of :mod:`lookup.shisanshui.kernels`
(compiled on first use, cached on disk).
"""

from __future__ import annotations

import gc
from itertools import combinations
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from .. import jit
from ..arrays import answer_array
from .cards import Hand, hand_cards, sort_cards
from .interruptible import timed_chunks
from .objectives import ObjectiveTables, objective_tables
from .ranks import RANKS, batch_rows, row_error, row_ranks
from .rules import Rules, get_rules
from .splits import N_SPLITS


class Arrangement(NamedTuple):
    """A split of 13 cards: front 3, middle 5, back 5 (card indices, highest rank first,
    then ♠ ♥ ♣ ♦)."""

    front: list[int]
    middle: list[int]
    back: list[int]

    def cards(self) -> list[int]:
        return self.front + self.middle + self.back


def is_foul(front: Hand, middle: Hand, back: Hand, rules: str | Rules = "standard") -> bool:
    """Whether an arrangement is fouled (倒水): not back >= middle >= front."""
    rf, rm, rb = row_ranks(front, middle, back, rules)
    return rf > rm or rm > rb


def _arrangement_indices(hand13: Hand, rules: str | Rules) -> tuple[list[int], np.ndarray]:
    """(cards highest first, (3, K) front, middle, back subset indices) of every legal split.

    The cards are in the kernels' order (rank descending, then ♠ ♥ ♣ ♦), so the subset
    indices point into ``itertools.combinations(cards, k)``."""
    from .kernels import all_arrangements

    a5 = get_rules(rules).a5_lowest
    cards = sort_cards(hand_cards(hand13, 13))
    row = np.array([cards], np.uint8)
    t = RANKS.get()
    subsets = np.empty((3, N_SPLITS), np.int16)
    status, count = all_arrangements(row, t.of(a5), subsets)
    n = jit.check(status, count, row_error(row))
    return cards, subsets[:, :n]


def arrangements_array(hand13: Hand, rules: str | Rules = "standard") -> npt.NDArray[np.uint8]:
    """Every legal split of a 13-card hand as a (K, 13) uint8 array (front 3, middle 5, back 5,
    each row highest card first), in the order of :func:`arrangements`."""
    cards, subsets = _arrangement_indices(hand13, rules)
    threes = np.array(list(combinations(cards, 3)), np.uint8).reshape(-1, 3)
    fives = np.array(list(combinations(cards, 5)), np.uint8).reshape(-1, 5)
    front, middle, back = subsets
    return np.concatenate((threes[front], fives[middle], fives[back]), axis=1)


def arrangements(hand13: Hand, rules: str | Rules = "standard") -> list[tuple[tuple[int, ...], ...]]:
    """Every legal split of a 13-card hand, each once, strongest first.

    Ordered by back, then middle, then front rank, descending. Each item is (front, middle,
    back), tuples of card indices, highest card first; equal rows are the same tuple object
    (rows are shared between arrangements, so the list is quick to build). A split and the
    one with middle and back swapped are both listed when both are legal (equal ranks).
    """
    cards, subsets = _arrangement_indices(hand13, rules)
    # rows as object arrays: numpy's fancy indexing then copies references at C speed
    threes = np.fromiter(combinations(cards, 3), dtype=object, count=286)
    fives = np.fromiter(combinations(cards, 5), dtype=object, count=1287)
    # Tens of thousands of new tuples would trigger several cyclic-GC passes, each walking
    # every young object: they hold only ints and tuples (no cycles), so GC pauses meanwhile.
    paused = gc.isenabled()
    gc.disable()
    try:
        front, middle, back = subsets
        return list(zip(threes[front].tolist(), fives[middle].tolist(), fives[back].tolist()))
    finally:
        if paused:
            gc.enable()


def best_batch(hands: Any, objective: str = "strongest", rules: str | Rules = "standard",
               players: int = 4, *, out: npt.NDArray[np.uint8] | None = None) -> npt.NDArray[np.uint8]:
    """The best legal split of each row of an (N, 13) card array: uint8 (N, 13) = front 3,
    middle 5, back 5, each row highest card first.

    ``strongest``: the largest (back, middle, front) ranks, compared in that order.
    ``expected``: the largest expected row points against one opponent row drawn from all
    hands of that size (see :func:`~lookup.shisanshui.objectives.expected_points`).
    ``field``: the most expected settlement points against ``players`` - 1 opponents who
    arrange by the field policy, shooting and home runs included (:mod:`~lookup.shisanshui.field`).
    Equal values go to the strongest.

    Long batches run as a series of kernel calls of about 0.1 s each
    (:mod:`~lookup.shisanshui.interruptible`), so Ctrl-C interrupts them within a chunk.
    ``out``: a uint8 (N, 13) array to write the splits into (and return) instead of a new one.
    """
    return arrange_by(hands, objective_tables(objective, rules, players), rules, out)


def arrange_by(hands: Any, objective: ObjectiveTables, rules: str | Rules = "standard",
               out: npt.NDArray[np.uint8] | None = None) -> npt.NDArray[np.uint8]:
    """:func:`best_batch` for the split search's tables of any objective (the field's build
    arranges by fields it has not stored)."""
    from .kernels import search

    a5 = get_rules(rules).a5_lowest
    rows = batch_rows(hands, 13)
    t = RANKS.get()
    out = answer_array(out, rows.shape, np.uint8)
    ev = objective
    for start, stop in timed_chunks(len(rows)):  # Ctrl-C lands between chunks
        status, index = search(rows[start:stop], t.of(a5), ev.values, ev.joint, ev.poly, ev.strongest,
                               out[start:stop], None, None)
        jit.check(status, start + index, row_error(rows))
    return out


def best(hand13: Hand, objective: str = "strongest", rules: str | Rules = "standard", players: int = 4) -> Arrangement:
    """The best legal split of a 13-card hand (see :func:`best_batch` for the objectives)."""
    row = best_batch(np.array([hand_cards(hand13, 13)], np.uint8), objective, rules, players)[0].tolist()
    return Arrangement(row[:3], row[3:8], row[8:])
