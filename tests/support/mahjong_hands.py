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


# --- the forms of the rule variants ---------------------------------------------------------------

KNITTED_SETS = [tuple(9 * s + groups[s] + 3 * i for s in range(3) for i in range(3))
                for groups in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))]
TILES_258 = tuple(9 * s + r for s in range(3) for r in (1, 4, 7))
HONORS = tuple(range(27, 34))


def _counts(tiles) -> list[int]:
    counts = [0] * 34
    for t in tiles:
        counts[int(t)] += 1
    return counts


def knitted_honors_hand(rng, greater: bool = False) -> list[int]:
    """全不靠 (七星不靠 when ``greater``): 14 different tiles of a knitted set and the honors."""
    knitted = KNITTED_SETS[int(rng.integers(6))]
    if greater:
        return _counts(list(HONORS) + list(rng.choice(knitted, 7, replace=False)))
    return _counts(rng.choice(list(knitted) + list(HONORS), 14, replace=False))


def knitted_straight_hand(rng, n_tiles: int = 14, honors: bool = True) -> list[int]:
    """组合龙: a knitted set, then a meld and a pair (14 tiles) or a pair (11)."""
    while True:
        counts = _counts(KNITTED_SETS[int(rng.integers(6))])
        rest = winning_hand(rng, (n_tiles - 11) // 3, honors)
        counts = [a + b for a, b in zip(counts, rest)]
        if max(counts) <= 4:
            return counts


def all_258_hand(rng) -> list[int]:
    """将将胡: 14 tiles of rank 2, 5 or 8."""
    return _counts(rng.choice(np.repeat(np.array(TILES_258), 4), 14, replace=False))


def pongs_hand(rng, n_melds: int = 4, kinds=range(34)) -> list[int]:
    """碰碰胡: n_melds pongs and a pair of different kinds."""
    chosen = rng.choice(list(kinds), n_melds + 1, replace=False)
    return _counts([t for t in chosen[:-1] for _ in range(3)] + [chosen[-1]] * 2)


def one_suit_hand(rng, n_melds: int = 4) -> list[int]:
    """清一色: a winning hand of one numbered suit."""
    suit = int(rng.integers(3))
    while True:
        counts = [0] * 34
        for _ in range(n_melds):
            if rng.random() < 0.6:
                low = 9 * suit + int(rng.integers(7))
                for t in range(low, low + 3):
                    counts[t] += 1
            else:
                counts[9 * suit + int(rng.integers(9))] += 3
        counts[9 * suit + int(rng.integers(9))] += 2
        if max(counts) <= 4:
            return counts


def form_hands(rng, n: int, n_tiles: int, rules) -> list[list[int]]:
    """A seeded mix of n hands of ``n_tiles`` tiles of the game of ``rules``: random hands,
    hands of every form the rules know, and hands one or two tiles from them."""
    kinds = [t for t in range(34) if (rules.honors or t < 27) and not (rules.three_player and 1 <= t <= 7)]
    k = (n_tiles - 1) // 3
    makers = [lambda: random_hand(rng, n_tiles, kinds), lambda: winning_hand(rng, k, rules.honors)]
    if rules.seven_pairs and n_tiles >= 13:
        makers.append(lambda: seven_pairs_hand(rng, rules.quad_as_two_pairs and bool(rng.integers(2)), rules.honors))
    if rules.thirteen_orphans and n_tiles >= 13:
        makers.append(lambda: thirteen_orphans_hand(rng))
    if rules.knitted_honors and n_tiles >= 13:
        makers.append(lambda: knitted_honors_hand(rng, bool(rng.integers(2))))
    if rules.knitted_straight and n_tiles >= 10:
        makers.append(lambda: knitted_straight_hand(rng, 14 if n_tiles >= 13 else 11, rules.honors))
    if rules.all_258 and n_tiles >= 13:
        makers.append(lambda: all_258_hand(rng))
    if rules.pair_258:
        makers += [lambda: pongs_hand(rng, k, kinds), lambda: one_suit_hand(rng, k)]
    hands = []
    while len(hands) < n:
        h = makers[int(rng.integers(len(makers)))]()
        for _ in range(int(rng.integers(3))):  # one or two tiles away, now and then
            h = swap_one(rng, h, rules.honors)
        while sum(h) > n_tiles:
            h = minus_one(rng, h)
        if sum(h) == n_tiles and all(h[t] == 0 for t in range(34) if t not in kinds):
            hands.append(h)
    return hands


# --- every accepted input form ------------------------------------------------------------------

def input_forms(rng, n: int) -> list[object]:
    """A seeded mix of n mahjong hands in every form the queries accept (34 counts as a list or
    an array, text, tile indices), of every size, bad ones among them."""
    from lookup.mahjong.tiles import format_counts

    out: list[object] = []
    for i in range(n):
        kind = i % 10
        if kind == 0:
            out.append(winning_hand(rng))
        elif kind == 1:
            win = winning_hand(rng)
            win[next(t for t in range(34) if win[t])] -= 1  # 13 tiles, often tenpai
            out.append(format_counts(win))
        elif kind == 2:
            out.append(np.array(random_hand(rng, 14), np.int64))
        elif kind == 3:
            hand = random_hand(rng, 13)
            out.append([t for t in range(34) for _ in range(hand[t])])  # tile indices
        elif kind == 4:
            out.append(["11111m", "1x", "", [5] + [0] * 33, "123m" * 5][int(rng.integers(5))])  # bad
        elif kind == 5:
            out.append(random_hand(rng, int(rng.choice([1, 2, 4, 5, 7, 8, 10, 11]))))
        elif kind == 6:
            out.append(random_hand(rng, int(rng.choice([3, 6, 9, 12]))))  # a size no query takes
        else:
            out.append(random_hand(rng, int(rng.choice([13, 14]))))
    return out
