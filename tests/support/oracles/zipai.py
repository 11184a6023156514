"""Slow zipai oracles: forward enumeration, a seed-001-style recursive splitter, hu and ting.

Nothing here reads a table or imports the runtime; the groups and huxi are written out
from ZIPAI.md again. Cards: 0..9 small 一..十, 10..19 big 壹..拾; counts are lists of 20.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

N = 20


def _groups():
    """{sorted card tuple: huxi} of every 3-card group of the hand part."""
    groups = {}
    for case, huxi in ((0, 3), (10, 6)):
        for n in range(8):  # sequences inside one case: never 九十壹 or 十壹贰
            groups[(case + n, case + n + 1, case + n + 2)] = huxi if n == 0 else 0
        groups[(case + 1, case + 6, case + 9)] = huxi  # 二七十 / 贰柒拾
    for n in range(10):  # mixed triples: two of one case, one of the other
        groups[(n, n, n + 10)] = 0
        groups[(n, n + 10, n + 10)] = 0
    return groups


GROUPS = _groups()
MELD_HUXI = {  # (small, big)
    "peng": (1, 3), "wei": (3, 6), "kan": (3, 6), "pao": (6, 9), "ti": (9, 12),
}


def vector(cards) -> tuple:
    v = [0] * N
    for t in cards:
        v[t] += 1
    return tuple(v)


def forward_vectors(max_cards: int) -> dict:
    """{count vector: best huxi} of every vector of at most ``max_cards`` cards (counts <= 2)
    that is k groups (3k cards) or k groups and one pair (3k+2), built from every multiset."""
    best = {}
    items = list(GROUPS.items())
    for k in range(max_cards // 3 + 1):
        for combo in combinations_with_replacement(items, k):
            cards = [t for g, _ in combo for t in g]
            huxi = sum(h for _, h in combo)
            for pair in [None] + list(range(N)):
                if pair is None:
                    if 3 * k > max_cards:
                        continue
                    v = vector(cards)
                else:
                    if 3 * k + 2 > max_cards:
                        continue
                    v = vector(cards + [pair, pair])
                if max(v, default=0) > 2:
                    continue
                if best.get(v, -1) < huxi:
                    best[v] = huxi
    return best


def splits(counts) -> set:
    """Every split of ``counts`` (each count 0..3) into groups, plus one pair when the total
    is 3k+2: a set of sorted tuples of groups (a pair is a 2-tuple).

    Seed 001's search: list, for every card still held, the groups it can still form with the
    other held cards (and its pair when a pair is still due), take the card with the fewest,
    try each of them and recurse on the rest; duplicates are merged by the set.
    """
    c = list(counts)
    if sum(c) % 3 == 1:
        return set()
    out = set()
    chosen = []

    def options(t, need_pair):
        opts = []
        if need_pair and c[t] >= 2:
            opts.append((t, t))
        for g in GROUPS:
            if t in g and all(c[x] >= g.count(x) for x in g):
                opts.append(g)
        return opts

    def search():
        held = [t for t in range(N) if c[t]]
        if not held:
            out.add(tuple(sorted(chosen)))
            return
        need_pair = sum(c) % 3 == 2
        table = {t: options(t, need_pair) for t in held}
        t = min(held, key=lambda x: len(table[x]))
        for g in table[t]:
            for x in g:
                c[x] -= 1
            chosen.append(g)
            search()
            chosen.pop()
            for x in g:
                c[x] += 1

    search()
    return out


def split_huxi(split) -> int:
    return sum(GROUPS.get(g, 0) for g in split)


def best_huxi(counts):
    """Best huxi over the splits of ``counts``, or None when it does not split."""
    found = splits(counts)
    return max((split_huxi(s) for s in found), default=None)


def meld_huxi(kind: str, card: int) -> int:
    return MELD_HUXI[kind][card >= 10]


def hu(counts, exposed=(), min_huxi=10, pair_with_quad=True):
    """Best total huxi of a winning hand, else None. ``exposed``: (kind, cards) pairs with
    kind peng/wei/pao/ti/chi. Raises ValueError for a part of 3k+1 cards or over 21."""
    size = sum(x for x in counts if x <= 2)
    if size % 3 == 1 or size > 21:
        raise ValueError(f"part of {size} cards")
    return total(counts, exposed, min_huxi, pair_with_quad)


def total(counts, exposed, min_huxi, pair_with_quad, free=None):
    """Best total huxi or None: counts 3 are 坎 and 4 are 提, except card ``free``, whose
    three copies stay in the part to be split."""
    part = [x if x <= 2 or t == free else 0 for t, x in enumerate(counts)]
    huxi, quads = 0, 0
    for t, x in enumerate(counts):
        if t != free and x == 3:
            huxi += meld_huxi("kan", t)
        elif x == 4:
            huxi += meld_huxi("ti", t)
            quads += 1
    for kind, cards in exposed:
        if kind == "chi":
            huxi += GROUPS[tuple(sorted(cards))]
        else:
            huxi += meld_huxi(kind, cards[0])
            quads += kind in ("pao", "ti")
    if pair_with_quad and (sum(part) % 3 == 2) != (quads > 0):
        return None
    best = best_huxi(part)
    if best is None or best + huxi < min_huxi:
        return None
    return best + huxi


def ting(counts, exposed=(), min_huxi=10, pair_with_quad=True) -> dict:
    """{card: best total huxi} over the draws that win, by the rules of ZIPAI.md written out.

    The drawn card: with an exposed 碰 it makes a 跑, with an exposed 偎 a 提; with a 坎 in
    the hand a 提; with a pair in the hand a 偎 or a free third copy inside the groups (the
    better counts); else it joins the part. Cards whose 4 copies are in hand and melds are
    not drawn.
    """
    used = [0] * N
    for _, cards in exposed:
        for t in cards:
            used[t] += 1
    result = {}
    for t in range(N):
        if counts[t] + used[t] >= 4:
            continue
        melds = list(exposed)
        upgrade = {"peng": "pao", "wei": "ti"}
        i = next((i for i, (kind, cards) in enumerate(melds) if kind in upgrade and cards[0] == t), None)
        c = list(counts)
        if i is not None:
            melds[i] = (upgrade[melds[i][0]], (t,) * 4)
            got = [total(c, melds, min_huxi, pair_with_quad)]
        elif c[t] == 2:
            c[t] = 3
            wei = list(c)
            wei[t] = 0
            got = [total(wei, melds + [("wei", (t, t, t))], min_huxi, pair_with_quad),
                   total(c, melds, min_huxi, pair_with_quad, free=t)]
        else:
            c[t] += 1
            got = [total(c, melds, min_huxi, pair_with_quad)]
        got = [g for g in got if g is not None]
        if got:
            result[t] = max(got)
    return result
