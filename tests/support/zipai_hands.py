"""Seeded generators of zipai hands (20-count lists) and exposed melds for tests and benchmarks."""

from __future__ import annotations

import numpy as np

from tests.support.oracles.zipai import GROUPS, GROUPS_YIWUSHI

GROUP_LIST = sorted(GROUPS)
GROUP_LIST_YIWUSHI = sorted(GROUPS_YIWUSHI)
SET_KINDS = ("peng", "wei", "pao", "ti")


def random_cards(rng, n_cards: int, counts=None) -> list[int]:
    """``counts`` (default empty) plus n_cards drawn from what is left of the 80-card deck."""
    c = list(counts) if counts is not None else [0] * 20
    deck = np.repeat(np.arange(20), [4 - x for x in c])
    for t in rng.choice(deck, n_cards, replace=False):
        c[int(t)] += 1
    return c


def winning_part(rng, n_groups: int, pair: bool, yiwushi: bool = False) -> list[int]:
    """A random part (counts <= 2) of n_groups groups (一五十 among them when ``yiwushi``), plus
    a pair when ``pair``."""
    groups = GROUP_LIST_YIWUSHI if yiwushi else GROUP_LIST
    while True:
        c = [0] * 20
        for _ in range(n_groups):
            for t in groups[int(rng.integers(len(groups)))]:
                c[t] += 1
        if pair:
            c[int(rng.integers(20))] += 2
        if max(c) <= 2:
            return c


def swap_one(rng, counts, limit: int = 2) -> list[int]:
    """The vector with one held card replaced by another kind (counts stay <= limit)."""
    held = [t for t in range(20) if counts[t]]
    while True:
        c = list(counts)
        c[held[int(rng.integers(len(held)))]] -= 1
        t = int(rng.integers(20))
        if c[t] < limit:
            c[t] += 1
            return c


def minus_one(rng, counts) -> list[int]:
    c = list(counts)
    held = [t for t in range(20) if c[t]]
    c[held[int(rng.integers(len(held)))]] -= 1
    return c


def random_melds(rng, counts, n: int, yiwushi: bool = False):
    """Up to n random exposed melds (kind, cards) that fit beside ``counts`` (4 copies a card);
    eaten groups among the yiwushi set's when ``yiwushi``."""
    groups = GROUP_LIST_YIWUSHI if yiwushi else GROUP_LIST
    used = list(counts)
    melds = []
    for _ in range(n):
        for _attempt in range(20):
            if rng.random() < 0.4:
                g = groups[int(rng.integers(len(groups)))]
                if all(used[t] + g.count(t) <= 4 for t in set(g)):
                    for t in g:
                        used[t] += 1
                    melds.append(("chi", g))
                    break
            else:
                kind = SET_KINDS[int(rng.integers(4))]
                size = 4 if kind in ("pao", "ti") else 3
                t = int(rng.integers(20))
                if used[t] + size <= 4:
                    used[t] += size
                    melds.append((kind, (t,) * size))
                    break
    return melds


def hand(rng, *, part_groups=None, pair=None, kan=0, ti=0, noise=0.5, yiwushi=False) -> list[int]:
    """A hand: ``kan`` triples and ``ti`` quads of distinct cards plus a part that is winning
    (groups of the set, and a pair when asked), or with probability ``noise`` one card swapped."""
    while True:
        k = int(rng.integers(0, 8)) if part_groups is None else part_groups
        p = (bool(rng.integers(2)) if pair is None else pair) and k <= 6
        part = winning_part(rng, k, p, yiwushi)
        if rng.random() < noise and sum(part):
            part = swap_one(rng, part)
        sets = rng.choice(20, kan + ti, replace=False)
        c = list(part)
        ok = True
        for i, t in enumerate(sets):
            if c[int(t)]:
                ok = False
            c[int(t)] = 3 if i < kan else 4
        if ok:
            return c


def input_forms(rng, n: int) -> list[object]:
    """A seeded mix of n zipai hands (20 counts or card text), winners and bad ones among them."""
    from lookup.zipai.cards import format_counts

    winners = ["二七十二七十贰柒拾", "一二三 壹贰叁 二七十 五五", "一二三 贰叁肆 二七十 五五 拾拾拾",
               "二七十二七十贰柒 四五六 壹贰叁", "一二三 贰叁肆 二七十 五五"]
    out: list[object] = []
    for i in range(n):
        kind = i % 6
        if kind == 0:
            out.append(winners[int(rng.integers(len(winners)))])
        elif kind == 1:
            out.append(["一一一一一", "x11", [5] + [0] * 19, "", [0] * 19][int(rng.integers(5))])  # bad
        else:
            out.append(format_counts(random_cards(rng, int(rng.integers(1, 21)))) if kind == 2
                       else random_cards(rng, int(rng.integers(1, 21))))
    return out
