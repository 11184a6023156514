"""Seeded generators of shisanshui hands (lists of card indices) for tests and benchmarks."""

from __future__ import annotations

import numpy as np


def random_hands(rng, n: int, size: int = 13) -> np.ndarray:
    """n hands of ``size`` distinct cards each, uint8 (n, size)."""
    return np.argsort(rng.random((n, 52)), axis=1)[:, :size].astype(np.uint8)


def random_hand(rng, size: int = 13) -> list[int]:
    return [int(c) for c in rng.choice(52, size, replace=False)]


def paired_hand(rng) -> list[int]:
    """13 cards from few ranks: many pairs, trips and quads (ties between equal-rank rows)."""
    ranks = rng.choice(13, 5, replace=False)
    deck = [r * 4 + s for r in ranks for s in range(4)]
    return [int(c) for c in rng.choice(deck, 13, replace=False)]


def suited_hand(rng) -> list[int]:
    """13 cards from two suits: flushes and straight flushes."""
    suits = rng.choice(4, 2, replace=False)
    deck = [r * 4 + s for r in range(13) for s in suits]
    return [int(c) for c in rng.choice(deck, 13, replace=False)]


def straight_hand(rng) -> list[int]:
    """13 cards around A-2-3-4-5 and runs: straights of both A-2-3-4-5 orders."""
    ranks = [12, 0, 1, 2, 3, 4, 5, 6]
    deck = [r * 4 + s for r in ranks for s in range(4)]
    return [int(c) for c in rng.choice(deck, 13, replace=False)]


def mixed_hands(rng, n: int) -> list[list[int]]:
    """n hands cycling through random, paired, suited and straight-heavy hands."""
    makers = (random_hand, paired_hand, suited_hand, straight_hand)
    return [makers[i % 4](rng) for i in range(n)]


def input_forms(rng, n: int, size: int) -> list[object]:
    """A seeded mix of n ``size``-card hands as index lists, text and arrays, bad ones among them."""
    from lookup.shisanshui.cards import format_cards

    out: list[object] = []
    for i in range(n):
        kind = i % 8
        hand = random_hand(rng, size)
        if kind == 0:
            out.append(format_cards(hand))
        elif kind == 1:
            out.append(np.array(hand, np.int32))
        elif kind == 2:
            out.append([hand[0]] + hand[:-1])  # a duplicate card
        elif kind == 3:
            out.append(["ZZ", hand[:-1], hand + [52], "AS AS"][int(rng.integers(4))])
        else:
            out.append(hand)
    return out
