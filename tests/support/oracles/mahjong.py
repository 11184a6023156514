"""Slow mahjong oracles: meld enumeration and a recursive hand checker.

Nothing here reads a table or shares code with the kernels; it follows the rules of
SPEC §2 as literally as possible.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement, product

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

def is_standard_with_jokers(counts, jokers: int) -> bool:
    """Standard win of counts plus ``jokers`` wildcards (any tile, fifth copies included).

    The lowest remaining real tile goes into the pair, a pong or a chow, each position of
    which takes a real tile or a joker (every combination tried); once no real tile is left,
    the jokers must make the missing pair and melds of their own.
    """
    if (sum(counts) + jokers) % 3 != 2:
        return False
    c = list(counts)

    def solve(j: int, pair_used: bool) -> bool:
        t = next((i for i in range(N_TILES) if c[i]), None)
        if t is None:
            return (j - (0 if pair_used else 2)) % 3 == 0 and j >= (0 if pair_used else 2)
        shapes = [([t, t], True), ([t, t, t], False)]
        if t < 27:
            base = t - t % 9
            for start in range(max(base, t - 2), min(t, base + 6) + 1):
                shapes.append(([start, start + 1, start + 2], False))
        for shape, is_pair in shapes:
            if is_pair and pair_used:
                continue
            for mask in range(1 << len(shape)):
                used, need = [], 0
                for pos, tile in enumerate(shape):
                    if mask >> pos & 1:
                        used.append(tile)
                    else:
                        need += 1
                if t not in used or need > j or any(c[x] < used.count(x) for x in set(used)):
                    continue
                for x in used:
                    c[x] -= 1
                ok = solve(j - need, pair_used or is_pair)
                for x in used:
                    c[x] += 1
                if ok:
                    return True
        return False

    return solve(jokers, False)


def is_seven_pairs_with_jokers(counts, jokers: int, quad_as_two_pairs: bool) -> bool:
    """14 tiles with ``jokers`` wildcards as 7 pairs: each lone tile takes a joker, the rest pair up."""
    if sum(counts) + jokers != 14:
        return False
    lone = 0
    for n in counts:
        if n > 2 and not quad_as_two_pairs:
            return False
        lone += n % 2
    return lone <= jokers


def is_hu_with_jokers(counts, rules, jokers: int) -> bool:
    if jokers == 0:
        return is_hu(counts, rules)
    if is_standard_with_jokers(counts, jokers):
        return True
    return bool(rules.seven_pairs and is_seven_pairs_with_jokers(counts, jokers, rules.quad_as_two_pairs))


def ting_with_jokers(counts, rules, jokers: int) -> list[int]:
    return [t for t in range(N_TILES) if counts[t] < 4
            and is_hu_with_jokers([c + (i == t) for i, c in enumerate(counts)], rules, jokers)]


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


# --- shanten and decompositions of whole hands -------------------------------------------------

SUIT_SLICES = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))


@cache
def _targets(n_ranks: int, chows: bool) -> dict:
    return targets_by_class(n_ranks, chows)


def standard_replacements(counts, honors: bool = True) -> int:
    """Fewest tiles to draw to reach k = n // 3 melds + a pair (counts <= 4): every sharing
    of the melds and the pair among the suits, each suit's part by its definition. Without
    honors in the game, the honor suit takes nothing."""
    k = sum(counts) // 3
    per_suit = []
    for lo, hi, chows in SUIT_SLICES:
        v = tuple(counts[lo:hi])
        targets = _targets(hi - lo, chows)
        if lo == 27 and not honors:
            targets = {(m, p): (ws if (m, p) == (0, 0) else [(99,) * 7]) for (m, p), ws in targets.items()}
        per_suit.append({(m, p): lacking(v, targets[m, p]) for m in range(k + 1) for p in (0, 1)})
    best = 99
    for ms in product(range(k + 1), repeat=4):
        if sum(ms) != k:
            continue
        for pair_suit in range(4):
            best = min(best, sum(per_suit[s][ms[s], int(s == pair_suit)] for s in range(4)))
    return best


def seven_pairs_replacements(counts, quad_as_two_pairs: bool) -> int:
    """Fewest tiles to draw to reach seven pairs: keep the held pairs (up to 7), complete lone
    tiles with one draw each, draw what is still missing as whole pairs (two draws each)."""
    if quad_as_two_pairs:
        halves = sum(c // 2 for c in counts)
        lone = sum(c % 2 for c in counts)
    else:
        halves = sum(c >= 2 for c in counts)
        lone = sum(c == 1 for c in counts)
    keep = min(halves, 7)
    from_lone = min(lone, 7 - keep)
    return from_lone + 2 * (7 - keep - from_lone)


def thirteen_orphans_replacements(counts) -> int:
    held = sum(counts[t] > 0 for t in ORPHANS)
    pair = any(counts[t] >= 2 for t in ORPHANS)
    return 14 - held - pair


def shanten(counts, rules) -> int:
    rn = standard_replacements(counts, rules.honors)
    if sum(counts) >= 13:
        if rules.seven_pairs:
            rn = min(rn, seven_pairs_replacements(counts, rules.quad_as_two_pairs))
        if rules.thirteen_orphans:
            rn = min(rn, thirteen_orphans_replacements(counts))
    return rn - 1


def lowering_tiles(counts, rules) -> list[int]:
    """Tiles (held fewer than 4 times) whose draw lowers the shanten of a 3k+1 hand."""
    now = shanten(counts, rules)
    return [t for t in range(N_TILES if rules.honors else 27) if counts[t] < 4
            and shanten([c + (i == t) for i, c in enumerate(counts)], rules) < now]


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
