"""Slow mahjong oracles: meld enumeration and a recursive hand checker.

Nothing here reads a table or shares code with the kernels; it follows the rules of
SPEC §2 as literally as possible.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

N_TILES = 34
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def suit_melds(n_ranks: int, chows: bool) -> list[tuple]:
    """Every meld of one suit as a count vector: pongs, then chows when allowed."""
    melds = []
    for r in range(n_ranks):
        v = [0] * n_ranks
        v[r] = 3
        melds.append(tuple(v))
    if chows:
        for r in range(n_ranks - 2):
            v = [0] * n_ranks
            v[r] = v[r + 1] = v[r + 2] = 1
            melds.append(tuple(v))
    return melds


def split_vectors(n_ranks: int, chows: bool, max_tiles: int = 14) -> tuple[set, set]:
    """(melds-only vectors, melds+pair vectors) of one suit with counts <= 4, total <= max_tiles.

    Built forward: every multiset of melds, with and without one pair added.
    """
    melds = suit_melds(n_ranks, chows)
    melds_only, with_pair = set(), set()
    for k in range(max_tiles // 3 + 1):
        for combo in combinations_with_replacement(melds, k):
            v = tuple(sum(m[r] for m in combo) for r in range(n_ranks))
            if max(v, default=0) > 4:
                continue
            if 3 * k <= max_tiles:
                melds_only.add(v)
            if 3 * k + 2 <= max_tiles:
                for r in range(n_ranks):
                    if v[r] <= 2:
                        w = list(v)
                        w[r] += 2
                        with_pair.add(tuple(w))
    return melds_only, with_pair


def is_standard(counts) -> bool:
    """Recursive check: the lowest remaining tile is in the pair, a pong, or a chow it starts."""
    c = list(counts)
    if sum(c) % 3 != 2:
        return False

    def solve(pair_used: bool) -> bool:
        t = next((i for i in range(N_TILES) if c[i]), None)
        if t is None:
            return pair_used
        if not pair_used and c[t] >= 2:
            c[t] -= 2
            ok = solve(True)
            c[t] += 2
            if ok:
                return True
        if c[t] >= 3:
            c[t] -= 3
            ok = solve(pair_used)
            c[t] += 3
            if ok:
                return True
        if t < 27 and t % 9 <= 6 and c[t + 1] and c[t + 2]:
            for i in (t, t + 1, t + 2):
                c[i] -= 1
            ok = solve(pair_used)
            for i in (t, t + 1, t + 2):
                c[i] += 1
            if ok:
                return True
        return False

    return solve(False)


def is_seven_pairs(counts, quad_as_two_pairs: bool) -> bool:
    if sum(counts) != 14:
        return False
    pairs = 0
    for n in counts:
        if n % 2:
            return False
        if n == 4 and not quad_as_two_pairs:
            return False
        pairs += n // 2
    return pairs == 7


def is_thirteen_orphans(counts) -> bool:
    return (sum(counts) == 14 and all(counts[t] >= 1 for t in ORPHANS)
            and sum(counts[t] for t in ORPHANS) == 14)


def is_hu(counts, rules) -> bool:
    """Slow hu under a lookup.rules.RuleSet (only its flags are read)."""
    if is_standard(counts):
        return True
    if rules.seven_pairs and is_seven_pairs(counts, rules.quad_as_two_pairs):
        return True
    return bool(rules.thirteen_orphans and is_thirteen_orphans(counts))


def ting(counts, rules) -> list[int]:
    """Slow ting: every tile kind with fewer than 4 copies held whose addition wins."""
    waits = []
    for t in range(N_TILES):
        if counts[t] >= 4:
            continue
        c = list(counts)
        c[t] += 1
        if is_hu(c, rules):
            waits.append(t)
    return waits
