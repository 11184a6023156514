"""Slow oracles of every mahjong rule set: each winning form by its definition,
jokers by their readings. Nothing here reads a table or shares code with the runtime.

- hu: recursive splits of the whole hand (:func:`splits`), per form (:func:`is_hu`); jokers by
  trying every reading (:func:`is_hu_by_readings`) or by recursion with jokers
  (:func:`is_hu_with_jokers`, for more jokers than readings allow);
- ting: every tile in the game (held fewer than 4 times) whose addition wins;
- shanten: the fewest tiles a hand lacks of a winning target, targets enumerated per suit
  with numpy and combined over every sharing (:func:`lacking`); with jokers a target may
  hold a kind more than 4 times where the jokers stand for those copies, and the jokers
  fill as many places; :func:`shanten_by_readings` instead reads the jokers as tiles that
  stay, every reading tried.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, combinations_with_replacement, permutations, product

import numpy as np

N_TILES = 34
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
TILES_258 = frozenset(9 * s + r for s in range(3) for r in (1, 4, 7))
KNITTED = [tuple(sorted(9 * s + groups[s] + 3 * i for s in range(3) for i in range(3)))
           for groups in permutations(range(3))]
INF = 99


def in_play(rules) -> list[int]:
    """The tile kinds of the game: no honors without them, no 2m-8m for three players."""
    return [t for t in range(N_TILES) if (rules.honors or t < 27) and not (rules.three_player and 1 <= t <= 7)]


def suits_of(counts) -> set[int]:
    return {t // 9 for t in range(27) if counts[t]}


# --- hu ----------------------------------------------------------------------------------------

def splits(counts, pair_ok=lambda t: True, chows: bool = True, need_pair: bool = True) -> bool:
    """Whether the tiles split into melds (pongs; chows when ``chows``) and one pair on a tile
    ``pair_ok`` accepts (none when not ``need_pair``): the lowest tile left is in the pair, a
    pong or a chow it starts."""
    c = list(counts)

    def solve(pair_used: bool) -> bool:
        t = next((i for i in range(N_TILES) if c[i]), None)
        if t is None:
            return pair_used or not need_pair
        if need_pair and not pair_used and c[t] >= 2 and pair_ok(t):
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
        if chows and t < 27 and t % 9 <= 6 and c[t + 1] and c[t + 2]:
            for i in (t, t + 1, t + 2):
                c[i] -= 1
            ok = solve(pair_used)
            for i in (t, t + 1, t + 2):
                c[i] += 1
            if ok:
                return True
        return False

    return solve(False)


def is_seven_pairs(counts, quads: bool) -> bool:
    return sum(counts) == 14 and all(n % 2 == 0 and (quads or n <= 2) for n in counts)


def is_thirteen_orphans(counts) -> bool:
    return sum(counts) == 14 and all(counts[t] for t in ORPHANS) and sum(counts[t] for t in ORPHANS) == 14


def is_knitted_honors(counts) -> bool:
    """全不靠: 14 different tiles, each an honor or of one knitted set."""
    held = {t for t in range(N_TILES) if counts[t]}
    return sum(counts) == 14 and max(counts) == 1 and any(held <= set(k) | set(range(27, 34)) for k in KNITTED)


def is_knitted_straight(counts) -> bool:
    """组合龙: 11 or 14 tiles holding a knitted set, the rest melds and a pair."""
    if sum(counts) not in (11, 14):
        return False
    for k in KNITTED:
        if all(counts[t] for t in k):
            rest = list(counts)
            for t in k:
                rest[t] -= 1
            if splits(rest):
                return True
    return False


def is_hu(counts, rules) -> bool:
    """Hu of a hand (counts may exceed 4: a reading of jokers) under a RuleSet, form by form."""
    if len(suits_of(counts)) > rules.max_suits:
        return False
    if rules.pair_258:
        one_suit = len(suits_of(counts)) <= 1 and not any(counts[27:])
        if splits(counts, lambda t: t in TILES_258) or (rules.pongs_waive_258 and splits(counts, chows=False)) \
                or (rules.one_suit_waives_258 and one_suit and splits(counts)):
            return True
    elif splits(counts):
        return True
    if rules.seven_pairs and is_seven_pairs(counts, rules.quad_as_two_pairs):
        return True
    if rules.thirteen_orphans and is_thirteen_orphans(counts):
        return True
    if rules.all_258 and sum(counts) == 14 and all(t in TILES_258 for t in range(N_TILES) if counts[t]):
        return True
    if rules.knitted_honors and is_knitted_honors(counts):
        return True
    return bool(rules.knitted_straight and is_knitted_straight(counts))


def is_hu_by_readings(counts, rules, jokers: int) -> bool:
    """Hu with jokers: some reading of them as tiles of the game (fifth copies allowed) wins."""
    for reading in combinations_with_replacement(in_play(rules), jokers):
        c = list(counts)
        for t in reading:
            c[t] += 1
        if is_hu(c, rules):
            return True
    return False


def ting(counts, rules, jokers: int = 0, hu=None) -> list[int]:
    """Tiles of the game held fewer than 4 times whose addition wins (``hu(counts, rules, jokers)``)."""
    hu = hu or (lambda c, r, j: is_hu_by_readings(c, r, j) if j else is_hu(c, r))
    return [t for t in in_play(rules) if counts[t] < 4
            and hu([x + (i == t) for i, x in enumerate(counts)], rules, jokers)]


def standard_with_jokers(counts, jokers: int, pair_ok=lambda t: True, chows: bool = True) -> bool:
    """Melds and one pair from the tiles and ``jokers`` wildcards (fifth copies allowed): the
    lowest real tile goes into the pair, a pong or a chow, each place of which takes a real
    tile or a joker; jokers left make melds (and the pair, on any tile ``pair_ok`` allows)."""
    if (sum(counts) + jokers) % 3 != 2:
        return False
    c = list(counts)
    any_pair = any(pair_ok(t) for t in range(N_TILES))
    known: dict[tuple, bool] = {}  # the answer of each state already searched

    def solve(j: int, pair_used: bool) -> bool:
        state = (tuple(c), j, pair_used)
        if state not in known:
            known[state] = search(j, pair_used)
        return known[state]

    def search(j: int, pair_used: bool) -> bool:
        t = next((i for i in range(N_TILES) if c[i]), None)
        if t is None:
            return pair_used or (j >= 2 and any_pair)
        shapes = [([t, t], True), ([t, t, t], False)]
        if chows and t < 27:
            base = t - t % 9
            shapes += [([s, s + 1, s + 2], False) for s in range(max(base, t - 2), min(t, base + 6) + 1)]
        for shape, is_pair in shapes:
            if is_pair and (pair_used or not pair_ok(t)):
                continue
            for mask in range(1 << len(shape)):
                used = [x for pos, x in enumerate(shape) if mask >> pos & 1]
                need = len(shape) - len(used)
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


def is_hu_with_jokers(counts, rules, jokers: int) -> bool:
    """Hu with jokers form by form (recursion for the melds; for any number of jokers)."""
    if jokers == 0:
        return is_hu(counts, rules)
    n = sum(counts) + jokers
    held = {t for t in range(N_TILES) if counts[t]}
    if len(suits_of(counts)) > rules.max_suits:
        return False
    if rules.pair_258:
        one_suit = len(suits_of(counts)) <= 1 and not any(counts[27:])
        if standard_with_jokers(counts, jokers, lambda t: t in TILES_258) \
                or (rules.pongs_waive_258 and standard_with_jokers(counts, jokers, chows=False)) \
                or (rules.one_suit_waives_258 and one_suit and standard_with_jokers(counts, jokers)):
            return True
    elif standard_with_jokers(counts, jokers):
        return True
    if n == 14 and rules.seven_pairs:
        lone = sum(x % 2 for x in counts)
        if lone <= jokers and (rules.quad_as_two_pairs or max(counts) <= 2):
            return True
    if n == 14 and rules.thirteen_orphans and held <= set(ORPHANS) and max(counts) <= 2 \
            and sum(x == 2 for x in counts) <= 1:
        return True
    if n == 14 and rules.all_258 and held <= TILES_258:
        return True
    if n == 14 and rules.knitted_honors and max(counts) <= 1 \
            and any(held <= set(k) | set(range(27, 34)) for k in KNITTED):
        return True
    if rules.knitted_straight and n in (11, 14):
        for k in KNITTED:
            missing = sum(not counts[t] for t in k)
            if missing <= jokers:
                rest = [x - (t in k and x > 0) for t, x in enumerate(counts)]
                if standard_with_jokers(rest, jokers - missing):
                    return True
    return False


# --- shanten -------------------------------------------------------------------------------------

SUIT_RANGES = ((0, 9), (9, 18), (18, 27), (27, 34))


@cache
def suit_targets(kind: str, melds: int, pair: int) -> np.ndarray:
    """Every target of ``melds`` melds (+ a pair when ``pair``) of one suit kind, counts not
    capped (at most 12, as 4 + 8 jokers over 4 allow): an (N, ranks) int array.

    Kinds: "num" (9 ranks, pongs and chows), "num258" (pair on rank 2, 5, 8), "pongs" (9
    ranks, pongs only), "tp" (the three-player characters: pongs and pairs of 1m and 9m),
    "hon" (7 kinds, pongs), "hon0" (honors without a pair).
    """
    n = 7 if kind.startswith("hon") else 9
    ranks = (0, 8) if kind == "tp" else range(n)
    shapes = [tuple(3 * (i == r) for i in range(n)) for r in ranks]
    if kind in ("num", "num258"):
        shapes += [tuple(int(s <= i < s + 3) for i in range(n)) for s in range(n - 2)]
    pair_ranks = {"num258": (1, 4, 7), "hon0": (), "tp": (0, 8)}.get(kind, range(n))
    out = set()
    for combo in combinations_with_replacement(shapes, melds):
        base = [sum(col) for col in zip(*combo)] if combo else [0] * n
        for r in (pair_ranks if pair else [None]):
            t = list(base)
            if r is not None:
                t[r] += 2
            if max(t) <= 12:
                out.add(tuple(t))
    return np.array(sorted(out), np.int64).reshape(-1, n)


def suit_cost(v, caps, kind: str, melds: int, pair: int, budget: int) -> list[int]:
    """[least lacking with at most e places over the caps, e = 0..budget] of one suit vector
    (remembered per arguments: the tests ask for the same suits again and again)."""
    return list(_suit_cost(tuple(v), tuple(caps), kind, melds, pair, budget))


@cache
def _suit_cost(v: tuple, caps: tuple, kind: str, melds: int, pair: int, budget: int) -> tuple[int, ...]:
    """:func:`suit_cost` of tuples."""
    targets = suit_targets(kind, melds, pair)
    if len(targets) == 0:
        return (INF,) * (budget + 1)
    lacking = np.maximum(targets - np.asarray(v), 0).sum(axis=1)
    over = np.maximum(targets - np.asarray(caps), 0).sum(axis=1)
    return tuple(int(lacking[over <= e].min()) if (over <= e).any() else INF for e in range(budget + 1))


def standard_lacking(counts, caps, kinds, k: int, budget: int, kept_sets) -> int:
    """Least lacking of k melds and a pair over the suits (kinds per suit, None: out), for each
    set of suits kept (the others hold nothing), the over-cap places sharing ``budget``."""
    best = INF
    costs: dict = {}
    for kept in kept_sets:
        suits = [s for s in kept if kinds[s] is not None]
        for ms in product(range(k + 1), repeat=len(suits)):
            if sum(ms) != k:
                continue
            for pair_suit in suits:
                totals = [0] + [INF] * budget  # least lacking with at most e over-cap places
                for s, m in zip(suits, ms):
                    lo, hi = SUIT_RANGES[s]
                    key = (s, m, int(s == pair_suit))
                    if key not in costs:
                        costs[key] = suit_cost(counts[lo:hi], caps[lo:hi], kinds[s], m, key[2], budget)
                    cost = costs[key]
                    totals = [min(totals[a] + cost[e - a] for a in range(e + 1)) for e in range(budget + 1)]
                best = min(best, totals[budget])
    return best


def kept_sets(rules) -> list[tuple[int, ...]]:
    """The sets of suits a target may use: ``max_suits`` numbered suits (a smaller set is in a
    larger one: a suit may take nothing) and the honors."""
    return [s + (3,) for s in combinations(range(3), rules.max_suits)]


def pairs_lacking(counts, tiles, quads: bool) -> int:
    """Seven pairs on ``tiles``: a knapsack over the kinds of how many pairs each holds."""
    best = [0] + [INF] * 7
    for t in tiles:
        nxt = list(best)
        for p in range(1, (2 if quads else 1) + 1):
            cost = max(0, 2 * p - counts[t])
            for have in range(7 - p + 1):
                nxt[have + p] = min(nxt[have + p], best[have] + cost)
        best = nxt
    return best[7]


def lacking(counts, rules, jokers: int = 0, caps=None) -> int:
    """Least tiles lacking of a winning target over every form of ``rules``; a target may go
    over ``caps`` (4 per kind by default) on ``jokers`` places, which jokers fill."""
    caps = [4] * N_TILES if caps is None else list(caps)
    n = sum(counts) + jokers
    k = n // 3
    play = set(in_play(rules))
    sets = kept_sets(rules)
    numbered = "num258" if rules.pair_258 else "num"
    honor = ("hon0" if rules.pair_258 else "hon") if rules.honors else None
    kinds = ["tp" if rules.three_player else numbered, numbered, numbered, honor]
    best = standard_lacking(counts, caps, kinds, k, jokers, sets)
    if rules.pongs_waive_258:
        best = min(best, standard_lacking(counts, caps, ["pongs"] * 3 + ["hon" if rules.honors else None], k, jokers,
                                          sets))
    if rules.one_suit_waives_258:
        best = min(best, standard_lacking(counts, caps, ["num"] * 3 + [None], k, jokers, [(0,), (1,), (2,)]))
    if n >= 13:
        for kept in sets:
            tiles = [t for t in range(N_TILES) if t in play and (t >= 27 or t // 9 in kept)]
            if rules.seven_pairs:
                best = min(best, pairs_lacking(counts, tiles, rules.quad_as_two_pairs))
            if rules.all_258:
                best = min(best, max(0, 14 - sum(min(counts[t], caps[t]) for t in tiles if t in TILES_258)))
        if rules.thirteen_orphans:
            best = min(best, min(sum(max(0, 1 + (o == d) - counts[o]) for o in ORPHANS) for d in ORPHANS))
        if rules.knitted_honors:
            best = min(best, min(14 - min(14, sum(counts[t] > 0 for t in set(kn) | set(range(27, 34))))
                                 for kn in KNITTED))
    if rules.knitted_straight and k >= 3:
        best = min(best, knitted_straight_lacking(counts, rules, jokers, caps))
    return best


def knitted_straight_lacking(counts, rules, jokers: int = 0, caps=None) -> int:
    """Least tiles lacking of 组合龙 (k >= 3 melds' worth of tiles): per knitted set, its tiles
    not held plus the standard lacking of the rest (one of each held tile of the set taken out)
    with k - 3 melds and the pair."""
    caps = [4] * N_TILES if caps is None else list(caps)
    k = (sum(counts) + jokers) // 3
    best = INF
    for kn in KNITTED:
        rest = [x - (t in kn and x > 0) for t, x in enumerate(counts)]
        missing = sum(not counts[t] for t in kn)
        rest_kinds = ["num"] * 3 + ["hon" if rules.honors else None]
        best = min(best, missing + standard_lacking(rest, caps, rest_kinds, k - 3, jokers, [(0, 1, 2, 3)]))
    return best


def shanten(counts, rules, jokers: int = 0) -> int:
    """Shanten by definition: the least lacking minus the jokers, minus one."""
    return lacking(counts, rules, jokers) - jokers - 1


def shanten_by_readings(counts, rules, jokers: int) -> int:
    """Shanten with jokers as tiles that stay: every reading of them (fifth copies allowed), the
    hand then lacking tiles of a target that keeps the readings (a kind may go over 4 by them)."""
    best = INF
    for reading in combinations_with_replacement(in_play(rules), jokers):
        c = list(counts)
        caps = [4] * N_TILES
        for t in reading:
            c[t] += 1
            caps[t] += 1
        best = min(best, lacking(c, rules, 0, caps) - 1)
    return best


def lowering_tiles(counts, rules, jokers: int = 0) -> list[int]:
    """Tiles of the game (held fewer than 4 times) whose draw lowers the shanten of a 3k+1 hand."""
    now = shanten(counts, rules, jokers)
    return [t for t in in_play(rules) if counts[t] < 4
            and shanten([x + (i == t) for i, x in enumerate(counts)], rules, jokers) < now]
