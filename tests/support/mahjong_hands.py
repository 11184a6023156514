"""Seeded generators of mahjong hands (34-count lists) for tests and benchmarks."""

from __future__ import annotations

import numpy as np

ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def random_hand(rng, n_tiles: int, kinds=range(34)) -> list[int]:
    """n_tiles drawn without replacement from a wall of 4 copies of each kind in ``kinds``."""
    kinds = list(kinds)
    wall = np.repeat(np.array(kinds), 4)
    counts = [0] * 34
    for t in rng.choice(wall, n_tiles, replace=False):
        counts[int(t)] += 1
    return counts


def winning_hand(rng, n_melds: int = 4, honors: bool = True) -> list[int]:
    """A random standard winning hand of n_melds melds plus a pair (counts <= 4)."""
    while True:
        counts = [0] * 34
        for _ in range(n_melds):
            if rng.random() < 0.55:
                suit, rank = int(rng.integers(3)), int(rng.integers(7))
                for r in range(rank, rank + 3):
                    counts[9 * suit + r] += 1
            else:
                counts[int(rng.integers(34 if honors else 27))] += 3
        counts[int(rng.integers(34 if honors else 27))] += 2
        if max(counts) <= 4:
            return counts


def seven_pairs_hand(rng, with_quad: bool = False, honors: bool = True) -> list[int]:
    kinds = rng.choice(34 if honors else 27, 6 if with_quad else 7, replace=False)
    counts = [0] * 34
    for i, t in enumerate(kinds):
        counts[int(t)] += 4 if (with_quad and i == 0) else 2
    return counts


def thirteen_orphans_hand(rng) -> list[int]:
    counts = [0] * 34
    for t in ORPHANS:
        counts[t] = 1
    counts[int(rng.choice(ORPHANS))] += 1
    return counts


def minus_one(rng, counts) -> list[int]:
    """The hand with one random held tile removed."""
    c = list(counts)
    held = [t for t in range(34) if c[t]]
    c[int(rng.choice(held))] -= 1
    return c


def swap_one(rng, counts, honors: bool = True) -> list[int]:
    """The hand with one held tile replaced by another kind (copies stay <= 4)."""
    while True:
        c = minus_one(rng, counts)
        t = int(rng.integers(34 if honors else 27))
        if c[t] < 4:
            c[t] += 1
            return c


def mixed_hands(rng, n: int, n_tiles: int, honors: bool = True) -> list[list[int]]:
    """A mix of random, near-winning and special-form hands of n_tiles tiles (3k+1 or 3k+2)."""
    k = (n_tiles - 1) // 3 if n_tiles % 3 == 1 else (n_tiles - 2) // 3
    kinds = range(34) if honors else range(27)
    hands = []
    for i in range(n):
        kind = i % 6
        if kind == 0:
            h = random_hand(rng, n_tiles, kinds)
        elif n_tiles in (13, 14) and kind == 4:
            h = seven_pairs_hand(rng, with_quad=bool(rng.integers(2)), honors=honors)
        elif n_tiles in (13, 14) and kind == 5 and honors:
            h = thirteen_orphans_hand(rng)
        else:
            h = winning_hand(rng, k, honors)
            if kind == 3:
                h = swap_one(rng, h, honors)
        if n_tiles % 3 == 1:
            h = minus_one(rng, h) if sum(h) == n_tiles + 1 else h
        hands.append(h)
        assert sum(h) == n_tiles, (h, n_tiles)
    return hands
