"""Slow zipai oracles: forward enumeration, a recursive splitter, hu and ting,
the same over every reading of the 王 (wildcards), and a count of the winning vectors.

Nothing here reads a table or imports the runtime; the groups and huxi are written out
again from the rules (一五十 a group under ``yiwushi``; the 王 a wildcard). Cards: 0..9 small 一..十,
10..19 big 壹..拾; counts are lists of 20.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from functools import cache
from itertools import combinations_with_replacement

N = 20
RED = {1, 6, 9, 11, 16, 19}  # 二 七 十 贰 柒 拾


def _groups(yiwushi=False):
    """{sorted card tuple: huxi} of every 3-card group of the hand part."""
    groups = {}
    for case, huxi in ((0, 3), (10, 6)):
        for n in range(8):  # sequences inside one case: never 九十壹 or 十壹贰
            groups[(case + n, case + n + 1, case + n + 2)] = huxi if n == 0 else 0
        groups[(case + 1, case + 6, case + 9)] = huxi  # 二七十 / 贰柒拾
        if yiwushi:
            groups[(case, case + 4, case + 9)] = huxi  # 一五十 / 壹伍拾 (衡阳十胡卡)
    for n in range(10):  # mixed triples: two of one case, one of the other
        groups[(n, n, n + 10)] = 0
        groups[(n, n + 10, n + 10)] = 0
    return groups


GROUPS = _groups()
GROUPS_YIWUSHI = _groups(yiwushi=True)


def groups_of(yiwushi):
    return GROUPS_YIWUSHI if yiwushi else GROUPS
MELD_HUXI = {  # (small, big)
    "peng": (1, 3), "wei": (3, 6), "kan": (3, 6), "pao": (6, 9), "ti": (9, 12),
}


def vector(cards) -> tuple:
    v = [0] * N
    for t in cards:
        v[t] += 1
    return tuple(v)


def forward_vectors(max_cards: int, yiwushi=False) -> dict:
    """{count vector: best huxi} of every vector of at most ``max_cards`` cards (counts <= 2)
    that is k groups (3k cards) or k groups and one pair (3k+2), built from every multiset."""
    best = {}
    items = list(groups_of(yiwushi).items())
    for k in range(max_cards // 3 + 1):
        for combo in combinations_with_replacement(items, k):
            groups = vector([t for g, _ in combo for t in g])
            if max(groups, default=0) > 2:
                continue  # a pair on top adds to the counts
            huxi = sum(h for _, h in combo)
            found = [groups] if 3 * k <= max_cards else []
            if 3 * k + 2 <= max_cards:  # with each pair that keeps the counts <= 2
                found += [groups[:pair] + (2,) + groups[pair + 1:] for pair in range(N) if groups[pair] == 0]
            for v in found:
                if best.get(v, -1) < huxi:
                    best[v] = huxi
    return best


def splits(counts, yiwushi=False) -> frozenset:
    """Every split of ``counts`` (each count 0..3) into groups, plus one pair when the total
    is 3k+2: a set of sorted tuples of groups (a pair is a 2-tuple).

    The plain search: list, for every card still held, the groups it can still form with the
    other held cards (and its pair when a pair is still due), take the card with the fewest,
    try each of them and recurse on the rest; duplicates are merged by the set. Remembered per
    counts (the tests ask for the same parts again and again).
    """
    return _splits(tuple(int(x) for x in counts), bool(yiwushi))


@cache
def _splits(counts: tuple[int, ...], yiwushi: bool) -> frozenset:
    """:func:`splits` of a tuple of counts."""
    c = list(counts)
    if sum(c) % 3 == 1:
        return frozenset()
    out = set()
    chosen = []
    groups = groups_of(yiwushi)

    def options(t, need_pair):
        opts = []
        if need_pair and c[t] >= 2:
            opts.append((t, t))
        for g in groups:
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
    return frozenset(out)


def split_huxi(split) -> int:
    return sum(GROUPS_YIWUSHI.get(g, 0) for g in split)


def best_huxi(counts, yiwushi=False):
    """Best huxi over the splits of ``counts``, or None when it does not split."""
    found = splits(counts, yiwushi)
    return max((split_huxi(s) for s in found), default=None)


def meld_huxi(kind: str, card: int) -> int:
    return MELD_HUXI[kind][card >= 10]


def hu(counts, exposed=(), min_huxi=10, pair_with_quad=True, yiwushi=False, wang=0):
    """Best total huxi of a winning hand, else None. ``exposed``: (kind, cards) pairs with
    kind peng/wei/pao/ti/chi. ``wang``: 王 held besides, the best over every reading of them
    (:func:`readings`). Raises ValueError for a part (王 counted) of 3k+1 cards or over 21."""
    size = sum(x for x in counts if x <= 2) + wang
    if size % 3 == 1 or size > 21:
        raise ValueError(f"part of {size} cards")
    return max_total(total(read, exposed, min_huxi, pair_with_quad, yiwushi=yiwushi)
                     for read, _ in readings(counts, wang))


def max_total(totals):
    return max((x for x in totals if x is not None), default=None)


def readings(counts, wang: int):
    """(counts with the 王 read, the cards read) for every reading of ``wang`` 王: each reads as
    any card, the hand holding at most 4 of a card once read."""
    out = []
    for cards in combinations_with_replacement(range(N), wang):
        read = list(counts)
        for t in cards:
            read[t] += 1
        if max(read) <= 4:
            out.append((read, cards))
    return out


def total(counts, exposed, min_huxi, pair_with_quad, free=None, yiwushi=False):
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
            huxi += groups_of(yiwushi)[tuple(sorted(cards))]
        else:
            huxi += meld_huxi(kind, cards[0])
            quads += kind in ("pao", "ti")
    if pair_with_quad and (sum(part) % 3 == 2) != (quads > 0):
        return None
    best = best_huxi(part, yiwushi)
    if best is None or best + huxi < min_huxi:
        return None
    return best + huxi


def ting(counts, exposed=(), min_huxi=10, pair_with_quad=True, yiwushi=False) -> dict:
    """{card: best total huxi} over the draws that win, by the rules written out.

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
            got = [total(c, melds, min_huxi, pair_with_quad, yiwushi=yiwushi)]
        elif c[t] == 2:
            c[t] = 3
            wei = list(c)
            wei[t] = 0
            got = [total(wei, melds + [("wei", (t, t, t))], min_huxi, pair_with_quad, yiwushi=yiwushi),
                   total(c, melds, min_huxi, pair_with_quad, free=t, yiwushi=yiwushi)]
        else:
            c[t] += 1
            got = [total(c, melds, min_huxi, pair_with_quad, yiwushi=yiwushi)]
        got = [g for g in got if g is not None]
        if got:
            result[t] = max(got)
    return result


def ting_wang(counts, exposed=(), min_huxi=10, pair_with_quad=True, yiwushi=False, wang=0) -> dict:
    """{card: best total huxi} over the draws that win with ``wang`` 王 in the hand, and under
    key 20 the draw of a 王 (hu with one 王 more), by the rules of the 王 written out.

    A real card t is drawn while hand and melds hold fewer than 4 real copies. For every
    reading of the 王: with an exposed 碰/偎 of t the draw makes it a 跑/提; otherwise t joins
    the hand, where three or four of a kind are a 坎 (scored as the 偎 it is) or a 提, and the
    drawn card stays free inside a group instead only when the hand held two real copies of t
    and no 王 reads as t.
    """
    size = sum(x for x in counts if x <= 2) + wang
    if size % 3 == 0 or size > 20:
        raise ValueError(f"part of {size} cards")
    used = [0] * N
    for _, cards in exposed:
        for t in cards:
            used[t] += 1
    upgrade = {"peng": "pao", "wei": "ti"}
    result = {}
    for t in range(N):
        if counts[t] + used[t] >= 4:
            continue
        i = next((i for i, (kind, cards) in enumerate(exposed) if kind in upgrade and cards[0] == t), None)
        got = []
        if i is not None:
            melds = list(exposed)
            melds[i] = (upgrade[melds[i][0]], (t,) * 4)
            got += [total(read, melds, min_huxi, pair_with_quad, yiwushi=yiwushi) for read, _ in readings(counts, wang)]
        else:
            drawn = list(counts)
            drawn[t] += 1
            for read, cards in readings(drawn, wang):
                got.append(total(read, exposed, min_huxi, pair_with_quad, yiwushi=yiwushi))
                if counts[t] == 2 and t not in cards:
                    got.append(total(read, exposed, min_huxi, pair_with_quad, free=t, yiwushi=yiwushi))
        best = max_total(got)
        if best is not None:
            result[t] = best
    if wang < 4:
        best = hu(counts, exposed, min_huxi, pair_with_quad, yiwushi, wang + 1)
        if best is not None:
            result[N] = best
    return result


def best_reading(counts, exposed=(), min_huxi=10, pair_with_quad=True, yiwushi=False, wang=0):
    """(best total huxi, most 王 read as red cards at that total, the readings (cards read) that
    reach both), or None when no reading wins."""
    scored = [(total(read, exposed, min_huxi, pair_with_quad, yiwushi=yiwushi), sum(t in RED for t in cards), cards)
              for read, cards in readings(counts, wang)]
    scored = [s for s in scored if s[0] is not None]
    if not scored:
        return None
    best = max(s[:2] for s in scored)
    return best[0], best[1], {s[2] for s in scored if s[:2] == best}


def count_winning_vectors(yiwushi=False, max_cards=21) -> dict:
    """{part size: number of count vectors (counts <= 2) that split into groups, plus one pair
    when the size is 3k+2}, counted without enumerating them.

    The vector is read number by number (一/壹 first). A *carry* is what the groups chosen so
    far still need: per case the sequences started one and two numbers back, the 二七十 and
    一五十 started, and whether the pair is taken. For each prefix, the set of carries its
    groups can leave is determined by the prefix; prefixes are counted per (set of carries,
    size), so each vector is counted once. A vector wins when its set holds an empty carry.
    """
    def steps(carry, n, held):
        seqs, erqishi, yiwu, pair = carry
        options = []
        for case in (0, 1):
            two_back, one_back = seqs[case]
            need = two_back + one_back + (erqishi[case] if n in (6, 9) else 0) + (yiwu[case] if n in (4, 9) else 0)
            if held[case] < need:
                return set()
            free = held[case] - need
            opts = []
            for start in range(free + 1 if n <= 7 else 1):  # sequences starting here
                for e in range(free - start + 1 if n == 1 else 1):  # 二七十 starting at 二
                    for y in range(free - start - e + 1 if n == 0 and yiwushi else 1):  # 一五十 at 一
                        opts.append(((one_back, start), erqishi[case] + e if n < 9 else 0,
                                     yiwu[case] + y if n < 9 else 0, free - start - e - y))
            options.append(opts)
        out = set()
        for small in options[0]:
            for big in options[1]:
                after = ((small[0], big[0]), (small[1], big[1]), (small[2], big[2]))
                for two_one in range(3):  # mixed triples of this number: 2 small + 1 big ...
                    for one_two in range(3):  # ... and 1 small + 2 big
                        rest = (small[3] - 2 * two_one - one_two, big[3] - two_one - 2 * one_two)
                        if rest == (0, 0):
                            out.add(after + (pair,))
                        elif not pair and rest in ((2, 0), (0, 2)):
                            out.add(after + (1,))
        return out

    ids, carries = {}, []

    def ident(carry):
        if carry not in ids:
            ids[carry] = len(carries)
            carries.append(carry)
        return ids[carry]

    zero = ((0, 0), (0, 0))
    level = {frozenset([ident((zero, (0, 0), (0, 0), 0))]): Counter({0: 1})}
    for n in range(10):
        step_of = {}
        following = defaultdict(Counter)
        for carry_set, sizes in level.items():
            for small in range(3):
                for big in range(3):
                    reached = set()
                    for i in carry_set:
                        if (i, small, big) not in step_of:
                            step_of[i, small, big] = frozenset(ident(c) for c in steps(carries[i], n, (small, big)))
                        reached |= step_of[i, small, big]
                    grown = [(size + small + big, k) for size, k in sizes.items() if size + small + big <= max_cards]
                    if reached and grown:
                        counter = following[frozenset(reached)]
                        for size, k in grown:
                            counter[size] += k
        level = following
    done = {ident((zero, (0, 0), (0, 0), pair)) for pair in (0, 1)}
    found = Counter()
    for carry_set, sizes in level.items():
        if carry_set & done:
            found += sizes
    return dict(sorted(found.items()))
