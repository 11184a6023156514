"""Seeded random hands for Chinese Official (国标) scoring, and their pymahjonggb arguments.

:func:`random_case` draws a winning hand of one of many shapes (:data:`THEMES`): random
melds, one suit, honors, terminals, the straights and shifted sets, kongs, the special forms
(七对, 连七对, 十三幺, 全不靠, 七星不靠, 组合龙) and 九莲宝灯, each with random declared
melds, flags, winds and flowers; :func:`losing_case` changes one tile of a winning hand.
:func:`to_pymahjonggb` gives the calculator's keyword arguments for a case.

Tiles as in :mod:`tests.support.oracles.chinese_fans`: 0-8 characters, 9-17 dots, 18-26
bamboo, 27-30 winds E S W N, 31 white, 32 green, 33 red.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace
from itertools import permutations

N_TILES = 34
WINDS = (27, 28, 29, 30)
DRAGONS = (31, 32, 33)
HONORS = WINDS + DRAGONS
ORPHANS = (0, 8, 9, 17, 18, 26) + HONORS
GREEN = (19, 20, 21, 23, 25, 32)
REVERSIBLE = (9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31)
KNITTED = tuple(tuple(sorted(9 * s + r for s, first in zip(suits, (0, 1, 2)) for r in (first, first + 3, first + 6)))
                for suits in permutations(range(3)))


@dataclass(frozen=True)
class Case:
    """A hand to score: the 34 concealed counts before the win, the win tile, the declared
    melds ((kind, tile): "chow" by its lowest tile, "pong", "kong", "concealed_kong"), the flags."""
    hand: tuple[int, ...]
    win_tile: int
    melds: tuple[tuple[str, int], ...] = ()
    self_drawn: bool = False
    fourth_tile: bool = False
    kong: bool = False
    last_tile: bool = False
    seat_wind: int = 0
    round_wind: int = 0
    flowers: int = 0
    theme: str = ""

    def kwargs(self) -> dict:
        """The keyword arguments of :func:`tests.support.oracles.chinese_fans.score`."""
        return dict(self_drawn=self.self_drawn, fourth_tile=self.fourth_tile, kong=self.kong,
                    last_tile=self.last_tile, seat_wind=self.seat_wind, round_wind=self.round_wind,
                    flowers=self.flowers)


# --- pymahjonggb ---------------------------------------------------------------------------

def tile_code(t: int) -> str:
    """pymahjonggb's name of a tile: W characters, B dots, T bamboo, F1-F4 winds, J1 red J2 green J3 white."""
    if t < 27:
        return "WBT"[t // 9] + str(t % 9 + 1)
    if t < 31:
        return f"F{t - 26}"
    return f"J{34 - t}"


def to_pymahjonggb(case: Case) -> dict:
    """The keyword arguments of ``MahjongGB.MahjongFanCalculator`` for ``case``: a chow is named
    by its middle tile, a concealed kong has offer 0, every other meld offer 1."""
    pack = []
    for kind, t in case.melds:
        if kind == "chow":
            pack.append(("CHI", tile_code(t + 1), 1))
        elif kind == "pong":
            pack.append(("PENG", tile_code(t), 1))
        else:
            pack.append(("GANG", tile_code(t), 0 if kind == "concealed_kong" else 1))
    return dict(pack=tuple(pack), hand=tuple(tile_code(t) for t in range(N_TILES) for _ in range(case.hand[t])),
                winTile=tile_code(case.win_tile), flowerCount=case.flowers, isSelfDrawn=case.self_drawn,
                is4thTile=case.fourth_tile, isAboutKong=case.kong, isWallLast=case.last_tile,
                seatWind=case.seat_wind, prevalentWind=case.round_wind, verbose=True)


REFERENCE_NAMES = {"独听・边张": "边张", "独听・嵌张": "嵌张", "独听・单钓": "单钓将"}
"""pymahjonggb's names of the waits, and the rules' names."""


def reference(calculator, case: Case) -> tuple[int, Counter] | None:
    """pymahjonggb's (total, fan names counted) for a case, None when it does not win."""
    try:
        out = calculator(**to_pymahjonggb(case))
    except TypeError as e:
        assert str(e) == "ERROR_NOT_WIN", e
        return None
    fans = Counter()
    for _, count, name, _ in out:
        fans[REFERENCE_NAMES.get(name, name)] += count
    return sum(points * count for points, count, _, _ in out), fans



# --- hand-written hands --------------------------------------------------------------------

SUIT_OFFSET = {"m": 0, "p": 9, "s": 18, "z": 27}


def tiles(text: str) -> list[int]:
    """Tile indices of "123m456p789s1234567z" (z: E S W N white green red)."""
    return [SUIT_OFFSET[suit] + int(d) - 1 for digits, suit in re.findall(r"(\d+)([mpsz])", text) for d in digits]


def case_of(hand: str, win: str, melds=(), **flags) -> Case:
    counts = [0] * 34
    for t in tiles(hand):
        counts[t] += 1
    return Case(tuple(counts), tiles(win)[0], tuple((kind, tiles(t)[0]) for kind, t in melds), **flags)


CLASSIC = [
    # name, hand before the win, win tile, declared melds, flags, total, fans counted
    ("十三幺", "19m19p19s1234567z", "1m", (), {}, 88, {"十三幺": 1}),
    ("九莲宝灯", "1112345678999m", "5m", (), {}, 91, {"九莲宝灯": 1, "双暗刻": 1, "幺九刻": 1}),
    ("大四喜", "111222333444z5p", "5p", (), {}, 159, {"大四喜": 1, "四暗刻": 1, "混一色": 1, "单钓将": 1}),
    ("大三元", "555666777z123m9p", "9p", (), {}, 112,
     {"大三元": 1, "三暗刻": 1, "全带幺": 1, "门前清": 1, "缺一门": 1, "单钓将": 1}),
    ("绿一色", "234234666888s6z", "6z", (), {}, 94, {"绿一色": 1, "门前清": 1, "双暗刻": 1, "一般高": 1, "单钓将": 1}),
    ("连七对", "1122334455667p", "7p", (), {}, 88, {"连七对": 1}),
    ("七星不靠", "147m25p3s1234567z", "6s", (), {}, 24, {"七星不靠": 1}),
    ("全不靠", "147m258p369s1235z", "6z", (), {}, 24, {"全不靠": 1, "组合龙": 1}),
    ("一色双龙会", "1122335577889m", "9m", (), {}, 66, {"一色双龙会": 1, "门前清": 1}),
    ("三色双龙会", "123789p123789s5m", "5m", (), {}, 19, {"三色双龙会": 1, "门前清": 1, "单钓将": 1}),
    ("四杠", "7z", "7z", (("kong", "1z"), ("concealed_kong", "1m"), ("kong", "9p"), ("kong", "5s")), {}, 100,
     {"四杠": 1, "五门齐": 1, "圈风刻": 1, "门风刻": 1, "幺九刻": 2}),
    ("一色四步高", "12233344455m99s", "6m", (), {}, 37, {"一色四步高": 1, "门前清": 1, "平和": 1, "缺一门": 1}),
    ("清龙", "123456789m234p5s", "5s", (), {}, 21, {"清龙": 1, "门前清": 1, "平和": 1, "单钓将": 1}),
    ("无番和", "45s11z", "3s", (("chow", "2m"), ("chow", "6p"), ("pong", "8s")), {}, 8, {"无番和": 1}),
    ("全求人", "5p", "5p", (("chow", "1m"), ("pong", "9s"), ("chow", "4s"), ("pong", "7z")), {}, 9,
     {"全求人": 1, "箭刻": 1, "幺九刻": 1}),
    ("七对 四归一", "1111m2233p4455s6z", "6z", (), {"self_drawn": True}, 27, {"七对": 1, "四归一": 1, "自摸": 1}),
    ("四暗刻 自摸", "111m333p555s7779m", "9m", (), {"self_drawn": True}, 67,
     {"四暗刻": 1, "幺九刻": 1, "无字": 1, "自摸": 1}),
    ("清龙 一般高", "1234564567893s", "3s", (), {}, 45, {"清一色": 1, "清龙": 1, "门前清": 1, "平和": 1, "一般高": 1}),
    # pymahjonggb's own examples (its tests/test.py)
    ("pymahjonggb 1", "1112223334445m", "5m", (), {"flowers": 1, "self_drawn": True, "last_tile": True}, 146,
     {"四暗刻": 1, "一色四节高": 1, "清一色": 1, "妙手回春": 1, "幺九刻": 1, "花牌": 1}),
    ("pymahjonggb 2", "2223334445m", "5m", (("kong", "1m"),), {"flowers": 2}, 92,
     {"一色四节高": 1, "清一色": 1, "三暗刻": 1, "幺九刻": 1, "明杠": 1, "花牌": 2}),
]



# --- melds of each theme ------------------------------------------------------------------

def pick(rng, seq):
    return seq[int(rng.integers(len(seq)))]


def chow_at(suit: int, low_rank: int) -> tuple[str, int]:
    return ("chow", 9 * suit + low_rank - 1)


def pong_at(tile: int) -> tuple[str, int]:
    return ("pong", tile)


def random_meld(rng, tiles) -> tuple[str, int]:
    """A pong of a tile of ``tiles``, or (more often) a chow whose three tiles are all in it."""
    tiles = sorted(set(tiles))
    chows = [t for t in tiles if t < 27 and t % 9 <= 6 and t + 1 in tiles and t + 2 in tiles]
    if chows and rng.random() < 0.6:
        return ("chow", pick(rng, chows))
    return pong_at(pick(rng, tiles))


def fill(rng, fixed: list, tiles, pair_tiles=None) -> tuple[list, int]:
    """``fixed`` melds completed to four with random melds of ``tiles``, and a pair of ``pair_tiles``."""
    melds = list(fixed)
    while len(melds) < 4:
        melds.append(random_meld(rng, tiles))
    return melds, pick(rng, sorted(set(pair_tiles if pair_tiles is not None else tiles)))


def suit_tiles(s: int) -> list[int]:
    return list(range(9 * s, 9 * s + 9))


def theme_random(rng):
    return fill(rng, [], range(N_TILES))


def theme_numbered(rng):
    return fill(rng, [], range(27))


def theme_one_suit(rng):
    s = int(rng.integers(3))
    tiles = suit_tiles(s) + (list(HONORS) if rng.random() < 0.4 else [])
    return fill(rng, [], tiles)


def theme_two_suits(rng):
    a, b = rng.choice(3, 2, replace=False)
    return fill(rng, [], suit_tiles(int(a)) + suit_tiles(int(b)))


def theme_honors(rng):
    """Wind and dragon pungs, for 大四喜 小四喜 大三元 小三元 三风刻 字一色 and the wind pungs."""
    n = int(rng.integers(2, 5))
    honors = [int(t) for t in rng.choice(HONORS, n, replace=False)]
    rest = pick(rng, [range(N_TILES), HONORS, ORPHANS, range(27)])
    return fill(rng, [pong_at(t) for t in honors], rest, pick(rng, [HONORS, rest]))


def theme_winds(rng):
    winds = [int(t) for t in rng.choice(WINDS, int(rng.integers(3, 5)), replace=False)]
    return fill(rng, [pong_at(t) for t in winds], range(N_TILES), pick(rng, [WINDS, range(N_TILES)]))


def theme_dragons(rng):
    dragons = [int(t) for t in rng.choice(DRAGONS, int(rng.integers(2, 4)), replace=False)]
    return fill(rng, [pong_at(t) for t in dragons], range(N_TILES), pick(rng, [DRAGONS, range(N_TILES)]))


def theme_terminals(rng):
    """Orphan pungs, or chows 123/789 with them: 清幺九 混幺九 全带幺."""
    if rng.random() < 0.4:
        return fill(rng, [], (0, 8, 9, 17, 18, 26))
    return fill(rng, [random_outside(rng) for _ in range(pick(rng, [0, 1, 2]))], ORPHANS)


def random_outside(rng) -> tuple[str, int]:
    return chow_at(int(rng.integers(3)), pick(rng, [1, 7]))


def theme_rank_window(rng):
    """Tiles of a few ranks: 全大 全中 全小 大于五 小于五 全双刻 全带五 断幺."""
    window = pick(rng, [(7, 8, 9), (4, 5, 6), (1, 2, 3), (6, 7, 8, 9), (1, 2, 3, 4), (2, 4, 6, 8),
                        (2, 3, 4, 5, 6, 7, 8)])
    tiles = [9 * s + r - 1 for s in range(3) for r in window]
    if window == (2, 4, 6, 8):
        return fill(rng, [pong_at(pick(rng, tiles)) for _ in range(4)], tiles)
    return fill(rng, [], tiles)


def theme_fives(rng):
    """Melds holding a 5: 全带五."""
    fixed = [pick(rng, [chow_at(s, r) for r in (3, 4, 5)] + [pong_at(9 * s + 4)]) for s in rng.integers(3, size=4)]
    return fixed, pick(rng, [4, 13, 22])


def theme_tile_set(rng):
    """Green or reversible tiles only: 绿一色 推不倒."""
    tiles = pick(rng, [GREEN, REVERSIBLE])
    return fill(rng, [], tiles)


def theme_chow_sets(rng):
    """Three or four chows in a pattern: 清龙 花龙 三色三同顺 三色三步高 一色三同顺 一色三步高
    一色四同顺 一色四步高 双龙会, the rest random."""
    s = [int(x) for x in rng.permutation(3)]
    r = int(rng.integers(1, 6))
    step = pick(rng, [1, 2])
    pattern = pick(rng, [
        [chow_at(s[0], 1), chow_at(s[0], 4), chow_at(s[0], 7)],
        [chow_at(s[0], 1), chow_at(s[1], 4), chow_at(s[2], 7)],
        [chow_at(s[0], r + 1), chow_at(s[1], r + 1), chow_at(s[2], r + 1)],
        [chow_at(s[0], r), chow_at(s[1], r + 1), chow_at(s[2], r + 2)],
        [chow_at(s[0], r + 1)] * 3,
        [chow_at(s[0], r), chow_at(s[0], r + step), chow_at(s[0], r + 2 * step)] if r + 2 * step <= 7 else [],
        [chow_at(s[0], r + 1)] * 4,
        [chow_at(s[0], 1 + step * k) for k in range(4)] if step == 1 else [chow_at(s[0], 1 + 2 * k) for k in range(4)],
        [chow_at(s[0], 1), chow_at(s[0], 1), chow_at(s[0], 7), chow_at(s[0], 7)],
        [chow_at(s[1], 1), chow_at(s[1], 7), chow_at(s[2], 1), chow_at(s[2], 7)],
        [chow_at(s[0], r), chow_at(s[0], r), chow_at(s[1], r)],
        [chow_at(s[0], r), chow_at(s[0], r + 3 if r <= 4 else r - 3), chow_at(s[1], r)],
        [chow_at(s[0], 1), chow_at(s[0], 7), chow_at(s[1], 1), chow_at(s[1], 7)],
    ])
    pair = 9 * pick(rng, s) + 4 if len(pattern) == 4 and rng.random() < 0.7 else None
    melds, p = fill(rng, pattern, pick(rng, [range(27), range(N_TILES), suit_tiles(s[0])]))
    return melds, p if pair is None else pair


def theme_terminal_chows(rng):
    """123 and 789 chows: 一色双龙会 三色双龙会 老少副 全带幺."""
    s = [int(x) for x in rng.permutation(3)]
    pattern = pick(rng, [
        ([chow_at(s[0], 1), chow_at(s[0], 1), chow_at(s[0], 7), chow_at(s[0], 7)], 9 * s[0] + 4),
        ([chow_at(s[1], 1), chow_at(s[1], 7), chow_at(s[2], 1), chow_at(s[2], 7)], 9 * s[0] + 4),
        ([chow_at(s[0], 1), chow_at(s[0], 7), random_outside(rng), random_outside(rng)], pick(rng, ORPHANS)),
    ])
    return pattern


def theme_dense_chows(rng):
    """Four chows of two suits within a few ranks: many pairs of related chows (套算一次)."""
    s = [int(x) for x in rng.choice(3, 2, replace=False)]
    low = int(rng.integers(1, 4))
    melds = [chow_at(pick(rng, s), low + int(rng.integers(0, 4))) for _ in range(4)]
    return melds, pick(rng, range(27))


def theme_twin_chows(rng):
    """Two chows twice each and a pair: a hand that also reads as 七对."""
    a = chow_at(int(rng.integers(3)), int(rng.integers(1, 8)))
    b = chow_at(int(rng.integers(3)), int(rng.integers(1, 8)))
    return [a, a, b, b], pick(rng, range(N_TILES))


def theme_chicken(rng):
    """Three chows of unrelated ranks in three suits, a pong of a simple, an honor pair: with
    a claimed meld, a discard and a two-sided wait it scores nothing (无番和)."""
    s = [int(x) for x in rng.permutation(3)]
    ranks = pick(rng, [(2, 4, 6), (2, 6, 4), (3, 5, 2), (6, 2, 4), (5, 2, 3)])
    melds = [chow_at(k, r) for k, r in zip(s, ranks)] + [pong_at(9 * pick(rng, s) + int(rng.integers(1, 8)))]
    return melds, pick(rng, HONORS)


def theme_pung_sets(rng):
    """Pungs in a pattern: 三同刻 双同刻 三色三节高 一色三节高 一色四节高 碰碰和."""
    s = [int(x) for x in rng.permutation(3)]
    r = int(rng.integers(0, 7))
    pattern = pick(rng, [
        [pong_at(9 * k + r) for k in s],
        [pong_at(9 * s[0] + r), pong_at(9 * s[1] + r)],
        [pong_at(9 * s[0] + r), pong_at(9 * s[1] + r + 1), pong_at(9 * s[2] + r + 2)],
        [pong_at(9 * s[0] + r + k) for k in range(3)],
        [pong_at(9 * s[0] + min(r, 5) + k) for k in range(4)],
        [pong_at(9 * s[0] + r), pong_at(9 * s[1] + r), pong_at(9 * s[0] + r + 2), pong_at(9 * s[1] + r + 2)],
    ])
    tiles = pick(rng, [range(N_TILES), range(27)])
    melds = list(pattern)
    while len(melds) < 4:
        melds.append(pong_at(pick(rng, list(tiles))) if rng.random() < 0.7 else random_meld(rng, tiles))
    return melds, pick(rng, list(tiles))


def theme_kongs(rng):
    """Three or four pungs, to be declared as kongs (三杠 四杠 双暗杠 明暗杠 ...)."""
    pongs = [pong_at(int(t)) for t in rng.choice(N_TILES, int(rng.integers(2, 5)), replace=False)]
    return fill(rng, pongs, range(N_TILES))


THEMES = {
    "random": theme_random, "numbered": theme_numbered, "one_suit": theme_one_suit, "two_suits": theme_two_suits,
    "honors": theme_honors, "winds": theme_winds, "dragons": theme_dragons, "terminals": theme_terminals,
    "rank_window": theme_rank_window, "fives": theme_fives, "tile_set": theme_tile_set,
    "chow_sets": theme_chow_sets, "pung_sets": theme_pung_sets, "kongs": theme_kongs,
    "terminal_chows": theme_terminal_chows, "chicken": theme_chicken, "dense_chows": theme_dense_chows,
    "twin_chows": theme_twin_chows,
}
SPECIAL = ("seven_pairs", "shifted_pairs", "thirteen_orphans", "honors_knitted", "knitted_straight", "nine_gates")


# --- the special forms: their 14 tiles ------------------------------------------------------

def special_tiles(rng, form: str) -> list[int]:
    """The 14 concealed tiles of a hand of a special form (or 九莲宝灯)."""
    if form == "seven_pairs":
        pool = pick(rng, [range(N_TILES), range(27), suit_tiles(int(rng.integers(3))) + list(HONORS), GREEN,
                          REVERSIBLE, ORPHANS, range(9, 18), HONORS])
        kinds = [int(t) for t in rng.choice(list(pool), 7, replace=len(pool) < 7)]
        if rng.random() < 0.15:
            kinds[0] = kinds[1]  # four of a kind: two pairs
        return sorted(kinds * 2)
    if form == "shifted_pairs":
        low = 9 * int(rng.integers(3)) + int(rng.integers(3))
        return sorted(list(range(low, low + 7)) * 2)
    if form == "thirteen_orphans":
        return sorted(list(ORPHANS) + [pick(rng, ORPHANS)])
    if form == "honors_knitted":
        knitted = pick(rng, KNITTED)
        n = int(rng.integers(7, 10))
        numbered = [int(t) for t in rng.choice(knitted, n, replace=False)]
        return sorted(numbered + [int(t) for t in rng.choice(HONORS, 14 - n, replace=False)])
    if form == "knitted_straight":
        return list(pick(rng, KNITTED))  # the meld and the pair come later
    if form == "nine_gates":
        s = 9 * int(rng.integers(3))
        return sorted([s, s, s + 8, s + 8] + list(range(s, s + 9)) + [s + int(rng.integers(9))])
    raise ValueError(form)


# --- a case ------------------------------------------------------------------------------

def meld_tiles(kind: str, t: int) -> list[int]:
    if kind == "chow":
        return [t, t + 1, t + 2]
    return [t] * (4 if "kong" in kind else 3)


def fits(counts) -> bool:
    return max(counts) <= 4


def flags(rng, case: Case) -> Case:
    """Random flags, winds and flowers (mostly none)."""
    return replace(case, self_drawn=bool(rng.random() < 0.4), fourth_tile=bool(rng.random() < 0.12),
                   kong=bool(rng.random() < 0.12), last_tile=bool(rng.random() < 0.1),
                   seat_wind=int(rng.integers(4)), round_wind=int(rng.integers(4)),
                   flowers=int(rng.integers(1, 9)) if rng.random() < 0.2 else 0)


def standard_case(rng, melds: list, pair: int, theme: str) -> Case | None:
    """Declares some of the melds (a pong maybe as a kong), wins on a tile of the rest."""
    n_declared = int(pick(rng, [1, 2, 3] if theme == "chicken" else [0, 0, 1, 1, 2, 2, 3, 4]))
    order = [int(i) for i in rng.permutation(4)]
    declared, concealed = [], [pair, pair]
    for k, i in enumerate(order):
        kind, t = melds[i]
        if kind == "pong" and rng.random() < (0.6 if theme == "kongs" else 0.12):
            kind = pick(rng, ["kong", "concealed_kong"])
        if kind in ("kong", "concealed_kong") or k < n_declared:  # a kong is always declared
            declared.append((kind, t))
        else:
            concealed += meld_tiles(kind, t)
    counts = [0] * N_TILES
    for t in concealed:
        counts[t] += 1
    total = list(counts)
    for kind, t in declared:
        for x in meld_tiles(kind, t):
            total[x] += 1
    if not fits(total):
        return None
    win = pick(rng, concealed)
    counts[win] -= 1
    return Case(tuple(counts), win, tuple(declared), theme=theme)


def knitted_case(rng) -> Case | None:
    """A 组合龙 with a random meld (declared or not) and a pair, None when a tile runs out."""
    knitted = special_tiles(rng, "knitted_straight")
    meld = random_meld(rng, pick(rng, [range(N_TILES), HONORS, range(27)]))
    pair = pick(rng, range(N_TILES))
    if meld[0] == "pong" and rng.random() < 0.2:
        meld = (pick(rng, ["kong", "concealed_kong"]), meld[1])
    declared = meld[0] in ("kong", "concealed_kong") or rng.random() < 0.3
    concealed = knitted + [pair, pair] + ([] if declared else meld_tiles(*meld))
    counts = [0] * N_TILES
    for t in concealed:
        counts[t] += 1
    total = list(counts)
    if declared:
        for t in meld_tiles(*meld):
            total[t] += 1
    if not fits(total):
        return None
    win = pick(rng, concealed)
    counts[win] -= 1
    return Case(tuple(counts), win, ((meld,) if declared else ()), theme="knitted_straight")


def random_case(rng, theme: str | None = None) -> Case:
    """A winning hand of ``theme`` (a key of :data:`THEMES` or :data:`SPECIAL`; drawn when None),
    with random flags, winds and flowers."""
    name = theme or pick(rng, list(THEMES) * 2 + list(SPECIAL))
    while True:
        if name == "knitted_straight":
            case = knitted_case(rng)
        elif name in SPECIAL:
            tiles = special_tiles(rng, name)
            counts = [0] * N_TILES
            for t in tiles:
                counts[t] += 1
            win = pick(rng, tiles)
            counts[win] -= 1
            case = Case(tuple(counts), win, theme=name) if fits(counts) else None
        else:
            melds, pair = THEMES[name](rng)
            case = standard_case(rng, melds, pair, name)
        if case is not None:
            case = flags(rng, case)
            if name == "chicken":  # no flag that scores
                case = replace(case, self_drawn=False, fourth_tile=False, kong=False, last_tile=False)
            return case


def losing_case(rng) -> Case:
    """A winning hand with one concealed tile or the win tile changed (it may still win)."""
    while True:
        case = random_case(rng)
        hand, win = list(case.hand), case.win_tile
        new = int(rng.integers(N_TILES))
        if rng.random() < 0.5:
            win = new
        else:
            old = pick(rng, [t for t in range(N_TILES) if hand[t]])
            hand[old] -= 1
            hand[new] += 1
        total = list(hand)
        total[win] += 1
        for kind, t in case.melds:
            for x in meld_tiles(kind, t):
                total[x] += 1
        if fits(total):
            return replace(case, hand=tuple(hand), win_tile=win, theme="changed")
