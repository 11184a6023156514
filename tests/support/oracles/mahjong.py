"""Slow mahjong oracles: meld enumeration, the per-suit twins of the table kernels; hu and
ting of every rule set come from :mod:`.mahjong_rules`.

Nothing here reads a table or shares code with the kernels; it follows the rules of
the game (melds, pairs and the special forms) as literally as possible.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement

from .mahjong_rules import is_hu, splits, ting  # noqa: F401  (the winning forms by definition, written once)

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


def split_vectors(n_ranks: int, chows: bool, max_tiles: int = 14, pair_ranks=None) -> tuple[set, set]:
    """(melds-only vectors, melds+pair vectors) of one suit with counts <= 4, total <= max_tiles,
    the pair on a rank of ``pair_ranks`` (every rank by default).

    Built forward: every multiset of melds, with and without one pair added.
    """
    pair_ranks = range(n_ranks) if pair_ranks is None else pair_ranks
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
                for r in pair_ranks:
                    if v[r] <= 2:
                        w = list(v)
                        w[r] += 2
                        with_pair.add(tuple(w))
    return melds_only, with_pair


def is_standard(counts) -> bool:
    """Recursive check (:func:`.mahjong_rules.splits`): melds and one pair."""
    return sum(counts) % 3 == 2 and splits(counts)


# --- per-suit twins of the joker, shanten and split kernels ------------------------------------

def joker_needs(v: tuple, chows: bool) -> tuple[int, int]:
    """(fewest jokers to melds only, to melds + pair) for one suit vector, by exhaustive search.

    Every meld through the lowest remaining tile is tried with every way of using real tiles
    or jokers at each of its positions (no greedy choice), memoised on the remaining vector.
    """
    melds = _joker_melds(len(v), chows)
    best = 2 + melds(tuple(v))
    for r in range(len(v)):
        for real in (1, 2):
            if v[r] >= real:
                w = list(v)
                w[r] -= real
                best = min(best, 2 - real + melds(tuple(w)))
    return melds(tuple(v)), best


@cache
def _joker_melds(n: int, chows: bool):
    @cache
    def melds(rest: tuple) -> int:
        if not any(rest):
            return 0
        low = next(i for i in range(n) if rest[i])
        best = 99
        shapes = [[low] * 3]
        if chows:
            shapes += [[s, s + 1, s + 2] for s in range(low - 2, low + 1) if 0 <= s and s + 2 < n]
        for shape in shapes:
            for mask in range(1 << 3):  # which positions take a real tile (the rest are jokers)
                r = list(rest)
                jokers = 0
                ok = True
                for pos, rank in enumerate(shape):
                    if mask >> pos & 1:
                        if r[rank] == 0:
                            ok = False
                            break
                        r[rank] -= 1
                    else:
                        jokers += 1
                if ok and r[low] < rest[low]:  # the lowest tile is covered by this meld
                    best = min(best, jokers + melds(tuple(r)))
        return best

    return melds


def lacking(v, targets) -> int:
    """Fewest tiles v lacks of any target vector: min over w of sum max(0, w_r - v_r)."""
    return min(sum(max(0, a - b) for a, b in zip(w, v)) for w in targets)


def targets_by_class(n_ranks: int, chows: bool) -> dict:
    """{(m, p): vectors of exactly m melds (+ a pair if p) with counts <= 4}."""
    melds_only, with_pair = split_vectors(n_ranks, chows)
    out = {}
    for m in range(5):
        out[m, 0] = [w for w in melds_only if sum(w) == 3 * m]
        out[m, 1] = [w for w in with_pair if sum(w) == 3 * m + 2]
    return out


def splits_of(v: tuple, chows: bool) -> set:
    """Every split of one suit vector: {(pair rank or None, sorted meld tuple)}; meld = (kind, rank)."""
    n = len(v)
    out = set()

    def walk(rest: list, pair, melds: list):
        low = next((i for i in range(n) if rest[i]), None)
        if low is None:
            out.add((pair, tuple(sorted(melds))))
            return
        if pair is None and rest[low] >= 2:
            rest[low] -= 2
            walk(rest, low, melds)
            rest[low] += 2
        if rest[low] >= 3:
            rest[low] -= 3
            walk(rest, pair, melds + [("pong", low)])
            rest[low] += 3
        if chows and low + 2 < n and rest[low + 1] and rest[low + 2]:
            for i in (low, low + 1, low + 2):
                rest[i] -= 1
            walk(rest, pair, melds + [("chow", low)])
            for i in (low, low + 1, low + 2):
                rest[i] += 1

    walk(list(v), None, [])
    return out


# --- jokers ---------------------------------------------------------------------------------

def is_hu_by_substitution(counts, rules, jokers: int) -> bool:
    """Jokers replaced by every combination of tile kinds (fifth copies allowed): slow, small j only."""
    from itertools import combinations_with_replacement as cwr

    for kinds in cwr(range(N_TILES), jokers):
        c = list(counts)
        for k in kinds:
            c[k] += 1
        if is_standard(c) or (rules.seven_pairs and _pairs_any_copies(c, rules.quad_as_two_pairs)):
            return True
    return False


def _pairs_any_copies(c, quad_as_two_pairs):
    if sum(c) != 14 or any(n % 2 for n in c):
        return False
    return quad_as_two_pairs or all(n <= 2 for n in c)


# --- decompositions of whole hands (shanten of every rule set: :mod:`.mahjong_rules`) -----------

def standard_splits(counts) -> set:
    """Every distinct standard split of a hand: {(pair tile, sorted ((kind, lowest tile), ...))}."""
    c = list(counts)
    out = set()

    def walk(pair, melds):
        t = next((i for i in range(N_TILES) if c[i]), None)
        if t is None:
            if pair is not None:
                out.add((pair, tuple(sorted(melds, key=lambda m: (m[1], m[0])))))
            return
        if pair is None and c[t] >= 2:
            c[t] -= 2
            walk(t, melds)
            c[t] += 2
        if c[t] >= 3:
            c[t] -= 3
            walk(pair, melds + [("pong", t)])
            c[t] += 3
        if t < 27 and t % 9 <= 6 and c[t + 1] and c[t + 2]:
            for i in (t, t + 1, t + 2):
                c[i] -= 1
            walk(pair, melds + [("chow", t)])
            for i in (t, t + 1, t + 2):
                c[i] += 1

    walk(None, [])
    return out
