"""Every split of a zipai hand part, read off the table's split lists (ZIPAI.md, seed 001).

    decompositions(hand) -> list[Split]      every distinct split of a part, best huxi first
"""

from __future__ import annotations

from typing import NamedTuple

from ..errors import InvalidHandError
from .cards import Hand, card_name, hand_counts
from .encoding import (
    MAX_PART_COPIES,
    MOVE_UNITS,
    MOVES_SHIFT,
    N_MOVES,
    UNIT_HUXI,
    VIEW,
    add_unit,
    lowest_card,
    unit_cards,
    walk,
)
from .hand import part_size_ok


class Split(NamedTuple):
    """One split of a checked part: its huxi and its groups (sorted card-index tuples; the pair a 2-tuple)."""

    huxi: int
    groups: tuple[tuple[int, ...], ...]


def decompositions(hand: Hand) -> list[Split]:
    """Every distinct split of a hand part without triples (counts 0..2), best huxi first.

    The part must hold 3k or 3k+2 cards, at most 21 (a pair exactly when 3k+2). Splits are
    read off the table's split lists: each vector's first moves name the units on its lowest
    card that leave a winning vector, so the search never meets a dead end. Equal-huxi splits
    come in the order of their sorted groups. A part that does not split gives ``[]``.
    """
    counts = hand_counts(hand)
    for t, x in enumerate(counts):
        if x > MAX_PART_COPIES:
            raise InvalidHandError(f"decompositions takes a hand part without triples; it holds {x} "
                                   f"copies of {card_name(t)} (take 坎 and 提 out first)")
    size = sum(counts)
    if not part_size_ok(size):
        raise InvalidHandError(f"decompositions needs 3k or 3k+2 cards, at most 21; got {size}")
    view = VIEW.value or VIEW.get()
    trans, final, values = view.trans_view, view.final, view.values_view
    if walk(trans, final, counts) < 0:
        return []
    splits = []
    groups: list[tuple[int, ...]] = []

    def search(low_prev: int, move_min: int, huxi: int) -> None:
        low = lowest_card(counts)
        if low < 0:
            splits.append(Split(huxi, tuple(sorted(groups))))
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
    splits.sort(key=lambda s: (-s.huxi, s.groups))
    return splits
