"""Every split of a zipai hand part, read off the table's split lists (ZIPAI.md, seed 001).

    decompositions(hand, rules="paohuzi", wang=0) -> list[Split]   every distinct split, best huxi first
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import NamedTuple

from ..errors import InvalidHandError
from .cards import Hand, card_name, hand_counts
from .encoding import (
    MAX_PART_COPIES,
    MOVE_UNITS,
    MOVES_SHIFT,
    N_CARDS,
    N_MOVES,
    UNIT_HUXI,
    VIEW,
    GroupTables,
    add_unit,
    lowest_card,
    unit_cards,
    walk,
)
from .hand import part_size_ok
from .queries import check_wang, resolve
from .rules import RuleSet


class Split(NamedTuple):
    """One split of a checked part: its huxi, its groups (sorted card-index tuples; the pair a
    2-tuple) and what its 王 read as (sorted card indices, ``()`` without 王)."""

    huxi: int
    groups: tuple[tuple[int, ...], ...]
    wang: tuple[int, ...] = ()


def part_splits(counts: list[int], tables: GroupTables) -> list[tuple[int, tuple[tuple[int, ...], ...]]]:
    """(huxi, sorted groups) of every distinct split of a part (counts <= 2; restored after).

    Splits are read off the table's split lists: each vector's first moves name the units on
    its lowest card that leave a winning vector, so the search never meets a dead end; a unit
    on the same card as the one before comes at the same or a later move, so each split is
    found once. A part that does not split gives ``[]``.
    """
    trans, final, values = tables.trans_view, tables.final, tables.values_view
    if walk(trans, final, counts) < 0:
        return []
    found = []
    groups: list[tuple[int, ...]] = []

    def search(low_prev: int, move_min: int, huxi: int) -> None:
        low = lowest_card(counts)
        if low < 0:
            found.append((huxi, tuple(sorted(groups))))
            return
        moves = values[walk(trans, final, counts)] >> MOVES_SHIFT
        for m in range(move_min if low == low_prev else 0, N_MOVES):
            if moves >> m & 1:
                u = MOVE_UNITS[low][m]
                add_unit(counts, u, -1)
                groups.append(unit_cards(u))
                search(low, m, huxi + UNIT_HUXI[u])  # a second unit on this card: same or later move
                groups.pop()
                add_unit(counts, u, 1)

    search(-1, 0, 0)
    return found


def readings(counts: list[int], wang: int) -> list[tuple[int, ...]]:
    """The ways to read ``wang`` 王 into a part (sorted cards) that keep every count <= 2."""
    return [r for r in combinations_with_replacement(range(N_CARDS), wang)
            if all(counts[t] + r.count(t) <= MAX_PART_COPIES for t in set(r))]


def decompositions(hand: Hand, rules: str | RuleSet = "paohuzi", wang: int = 0) -> list[Split]:
    """Every distinct split of a hand part without triples (counts 0..2), best huxi first.

    The part, with its ``wang`` 王 (0..4), must hold 3k or 3k+2 cards, at most 21 (a pair
    exactly when 3k+2); the groups are those of ``rules`` (一五十 too under ``yiwushi``). Each
    王 is read as a card that keeps the part without triples, and every reading that splits is
    listed with each of its splits (``Split.wang``: the cards read). Equal-huxi splits come in
    the order of their sorted groups, then readings. A part that does not split gives ``[]``.
    """
    counts = hand_counts(hand)
    rules = resolve(rules)
    wang = check_wang(wang)
    for t, x in enumerate(counts):
        if x > MAX_PART_COPIES:
            raise InvalidHandError(f"decompositions takes a hand part without triples; it holds {x} "
                                   f"copies of {card_name(t)} (take 坎 and 提 out first)")
    size = sum(counts) + wang
    if not part_size_ok(size):
        raise InvalidHandError(f"decompositions needs 3k or 3k+2 cards (王 counted), at most 21; got {size}")
    tables = (VIEW.value or VIEW.get()).of(rules.yiwushi)
    splits = []
    for reading in readings(counts, wang):
        for t in reading:
            counts[t] += 1
        splits += [Split(huxi, groups, reading) for huxi, groups in part_splits(counts, tables)]
        for t in reading:
            counts[t] -= 1
    splits.sort(key=lambda s: (-s.huxi, s.groups, s.wang))
    return splits
