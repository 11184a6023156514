"""Shisanshui (十三水) queries answered from the rank tables (SPEC §4).

Cards are indices 0..51 (rank * 4 + suit; :mod:`lookup.cards`) or text (``"AS KH TD"``).
Ranks of 5-card and 3-card hands share one scale (higher is stronger, equal is a tie), so a
front compares directly with a middle. A 13-card hand splits into front 3, middle 5 and back
5; it is fouled (倒水) unless back >= middle >= front.

Importing this module loads no table and compiles nothing; the tables load on the first
query, and the split searches (``arrangements``, ``best``, the batch forms) compile their
Numba kernels on first use (cached on disk).
"""

from __future__ import annotations

import dataclasses
import functools
import gc
import threading
from dataclasses import dataclass
from itertools import combinations
from typing import NamedTuple

import numpy as np

from .. import tables
from ..arrays import uint8_rows
from ..errors import InvalidCardError, InvalidHandError, InvalidRulesError
from .cards import card_name, format_cards, hand_cards, parse_cards, sort_cards

__all__ = [
    "rank5", "rank3", "rank", "rank5_batch", "rank3_batch", "category", "category_chinese",
    "is_foul", "arrangements", "arrangements_array", "best", "best_batch", "expected_points",
    "special", "specials", "settle", "settlement", "Arrangement", "Rules", "Settlement",
    "PRESETS", "SPECIALS", "CATEGORIES", "OBJECTIVES", "get_rules",
]

CATEGORIES = ("high card", "pair", "two pair", "trips", "straight", "flush", "full house",
              "quads", "straight flush")
CATEGORIES_CHINESE = ("乌龙", "对子", "两对", "三条", "顺子", "同花", "葫芦", "铁支", "同花顺")
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
CODE_CATEGORY_SHIFT = 20
OBJECTIVES = ("strongest", "expected")

SPECIALS = {
    # name: (default points, definition)
    "至尊清龙": (32, "A to K of one suit: all 13 ranks, one suit"),
    "一条龙": (30, "A to K: one card of each of the 13 ranks"),
    "十二皇族": (24, "all 13 cards J, Q, K or A"),
    "三同花顺": (20, "rows of one suit in sequence: two 5-card straight flushes and a 3-card one "
                 "(3 consecutive ranks of one suit, A-2-3 and Q-K-A included)"),
    "三分天下": (20, "three four-of-a-kinds (and one card)"),
    "全大": (10, "all 13 cards 8 to A"),
    "全小": (10, "all 13 cards 2 to 8"),
    "凑一色": (10, "all 13 cards red (♥ ♦) or all black (♠ ♣)"),
    "双怪冲三": (8, "two three-of-a-kinds, three pairs and one card (a four of a kind counts as two pairs)"),
    "四套三条": (6, "four three-of-a-kinds and one card (a four of a kind counts as three and the one card)"),
    "五对三条": (5, "five pairs and a three of a kind (a four of a kind counts as two pairs)"),
    "六对半": (4, "six pairs and one card (a four of a kind counts as two pairs, a three of a kind "
               "as a pair and the one card): exactly one rank with an odd count"),
    "三顺子": (4, "two 5-card straights and 3 cards in sequence (any suits; A-2-3 and Q-K-A count)"),
    "三同花": (3, "two 5-card flushes and 3 cards of one suit"),
}
"""The special hands (特殊牌型), highest default points first, with their exact definitions."""

DEFAULT_SPECIAL_POINTS = tuple((name, pts) for name, (pts, _) in SPECIALS.items())


@dataclass(frozen=True)
class Rules:
    """Scoring and ranking rules. Presets: ``PRESETS``; build others with ``dataclasses.replace``.

    Row points are what the winner of a row gets from the loser, read from the winner's row.
    ``special_points`` maps each special hand to its points; 0 (or leaving it out) disables it.
    """

    name: str = "custom"
    a5_lowest: bool = False            # A-2-3-4-5 the lowest straight instead of the second highest
    row_win: int = 1                   # any row won
    front_trips: int = 3               # 三尖刀
    middle_full_house: int = 3
    middle_quads: int = 8
    middle_straight_flush: int = 10
    back_quads: int = 4
    back_straight_flush: int = 5
    shoot_multiplier: int = 2          # 打枪: winning all three rows against one opponent
    home_run_multiplier: int = 2       # 全垒打: shooting every opponent (3+ players)
    home_run_min_players: int = 3
    special_points: tuple = DEFAULT_SPECIAL_POINTS

    def __post_init__(self):
        points = self.special_points
        if isinstance(points, dict):
            points = tuple(points.items())
        points = tuple((str(k), int(v)) for k, v in points)
        unknown = [k for k, _ in points if k not in SPECIALS]
        if unknown:
            raise InvalidRulesError(f"unknown special hand {unknown[0]!r}; known: {' '.join(SPECIALS)}")
        object.__setattr__(self, "special_points", points)
        for f in dataclasses.fields(self):
            if f.type == "int" and (not isinstance(getattr(self, f.name), int) or getattr(self, f.name) < 0):
                raise InvalidRulesError(f"rule {f.name} must be an integer >= 0, got {getattr(self, f.name)!r}")

    def points_of_special(self, name: str) -> int:
        return dict(self.special_points).get(name, 0)


PRESETS = {
    "standard": Rules("standard"),
    "a5_lowest": Rules("a5_lowest", a5_lowest=True),
    "middle_fh2": Rules("middle_fh2", middle_full_house=2),
}
"""``standard``: SPEC §4 / seed 000. ``a5_lowest``: the same with A-2-3-4-5 the lowest
straight. ``middle_fh2``: the other common server table, a middle full house worth 2."""


def get_rules(rules) -> Rules:
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str) and rules in PRESETS:
        return PRESETS[rules]
    raise InvalidRulesError(f"unknown shisanshui rules {rules!r}; presets: {', '.join(PRESETS)}")


class Arrangement(NamedTuple):
    """A split of 13 cards: front 3, middle 5, back 5 (card indices, highest rank first,
    then ♠ ♥ ♣ ♦)."""

    front: list
    middle: list
    back: list

    def cards(self) -> list:
        return self.front + self.middle + self.back


# --- tables ----------------------------------------------------------------------------------

DATASETS = ("rank_weight", "a5_second/nonflush", "a5_second/flush", "a5_lowest/nonflush",
            "a5_lowest/flush", "rank3", "scale/code", "scale/count5", "scale/count3",
            "scale/pct5", "scale/pct3")


class _Tables:
    def __init__(self):
        t = tables.load("shisanshui", DATASETS)
        self.weights_array = t["rank_weight"]
        self.weights = [int(w) for w in t["rank_weight"]]
        self.nonflush = {False: t["a5_second/nonflush"], True: t["a5_lowest/nonflush"]}
        self.flush = {False: t["a5_second/flush"], True: t["a5_lowest/flush"]}
        self.rank3_array = t["rank3"]
        self.code = t["scale/code"]
        self.count5, self.count3 = t["scale/count5"], t["scale/count3"]
        self.pct5, self.pct3 = t["scale/pct5"], t["scale/pct3"]
        self.n_values = int(self.code.shape[0])
        # Python lists answer scalar look-ups fastest
        self.nonflush_list = {k: v.tolist() for k, v in self.nonflush.items()}
        self.flush_list = {k: v.tolist() for k, v in self.flush.items()}
        self.rank3_list = self.rank3_array.tolist()
        self.category = (self.code >> CODE_CATEGORY_SHIFT).tolist()
        self.category[0] = -1


_loaded = None
_load_lock = threading.Lock()


def _t() -> _Tables:
    global _loaded
    if _loaded is None:
        with _load_lock:
            if _loaded is None:
                _loaded = _Tables()
    return _loaded


# --- ranks -------------------------------------------------------------------------------------

def _rank5(cs: list, a5_lowest: bool) -> int:
    t = _loaded or _t()
    s = cs[0] & 3
    if (cs[1] & 3) == s and (cs[2] & 3) == s and (cs[3] & 3) == s and (cs[4] & 3) == s:
        return t.flush_list[a5_lowest][(1 << (cs[0] >> 2)) | (1 << (cs[1] >> 2)) | (1 << (cs[2] >> 2))
                                       | (1 << (cs[3] >> 2)) | (1 << (cs[4] >> 2))]
    w = t.weights
    return t.nonflush_list[a5_lowest][w[cs[0] >> 2] + w[cs[1] >> 2] + w[cs[2] >> 2] + w[cs[3] >> 2] + w[cs[4] >> 2]]


def _rank3(cs: list) -> int:
    return (_loaded or _t()).rank3_list[((cs[0] >> 2) * 13 + (cs[1] >> 2)) * 13 + (cs[2] >> 2)]


def rank5(cards, rules="standard") -> int:
    """Rank of a 5-card hand (a middle or back) on the shared scale; higher is stronger."""
    a5_lowest = False if rules == "standard" else get_rules(rules).a5_lowest
    if cards.__class__ is list and len(cards) == 5:  # the fast path: 5 distinct ints 0..51
        a, b, c, d, e = cards
        if a.__class__ is b.__class__ is c.__class__ is d.__class__ is e.__class__ is int and \
                0 <= min(a, b, c, d, e) and max(a, b, c, d, e) < 52 \
                and ((1 << a) | (1 << b) | (1 << c) | (1 << d) | (1 << e)).bit_count() == 5:
            return _rank5(cards, a5_lowest)
    return _rank5(hand_cards(cards, 5), a5_lowest)


def rank3(cards, rules="standard") -> int:
    """Rank of a 3-card hand (a front) on the scale of :func:`rank5`."""
    get_rules(rules)  # 3-card ranks do not depend on the rules; checked for consistency
    return _rank3(hand_cards(cards, 3))


def rank(cards, rules="standard") -> int:
    """Rank of a 3-card or 5-card hand."""
    cs = hand_cards(cards, (3, 5), "row")
    return _rank3(cs) if len(cs) == 3 else _rank5(cs, get_rules(rules).a5_lowest)


def n_ranks() -> int:
    """Number of rank values on the scale (7,917); ranks are 1..n_ranks()."""
    return _t().n_values - 1


def _check_rank(value) -> int:
    t = _t()
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool) and 1 <= value < t.n_values:
        return int(value)
    raise InvalidHandError(f"a rank is 1..{t.n_values - 1}, got {value!r}")


def category(rank_value) -> str:
    """Category of a rank: high card, pair, two pair, trips, straight, flush, full house, quads,
    straight flush (a 3-card rank is high card, pair or trips)."""
    return CATEGORIES[_t().category[_check_rank(rank_value)]]


def category_chinese(rank_value) -> str:
    """Chinese name of a rank's category: 乌龙 对子 两对 三条 顺子 同花 葫芦 铁支 同花顺."""
    return CATEGORIES_CHINESE[_t().category[_check_rank(rank_value)]]


def _batch(cards, width: int) -> np.ndarray:
    return uint8_rows(cards, width, "cards", 51, lambda row, value: InvalidCardError(
        f"row {row}: card index must be 0..51, got {value}"))


def _raise_batch_error(code: int, row: int, cards: np.ndarray) -> None:
    from .kernels import ERR_CARD, ERR_DUPLICATE

    values = cards[row].tolist()
    if code == ERR_CARD:
        raise InvalidCardError(f"row {row}: card index must be 0..51, got {max(values)}")
    if code == ERR_DUPLICATE:
        dup = next(c for c in values if values.count(c) > 1)
        raise InvalidHandError(f"row {row}: duplicate card {card_name(dup)}")
    raise AssertionError(f"unknown batch error code {code}")


def rank5_batch(cards, rules="standard") -> np.ndarray:
    """Ranks of an (N, 5) array of card indices; uint16 (N,). Every row is validated first."""
    from .kernels import rank5_batch as kernel

    a5_lowest = get_rules(rules).a5_lowest
    cards = _batch(cards, 5)
    t = _t()
    out = np.empty(cards.shape[0], np.uint16)
    code, row = kernel(cards, t.weights_array, t.nonflush[a5_lowest], t.flush[a5_lowest], out)
    if code:
        _raise_batch_error(code, row, cards)
    return out


def rank3_batch(cards, rules="standard") -> np.ndarray:
    """Ranks of an (N, 3) array of card indices; uint16 (N,)."""
    from .kernels import rank3_batch as kernel

    get_rules(rules)
    cards = _batch(cards, 3)
    out = np.empty(cards.shape[0], np.uint16)
    code, row = kernel(cards, _t().rank3_array, out)
    if code:
        _raise_batch_error(code, row, cards)
    return out


# --- rows and arrangements ---------------------------------------------------------------------

def _rows(front, middle, back) -> tuple:
    f = hand_cards(front, 3, "front")
    m = hand_cards(middle, 5, "middle")
    b = hand_cards(back, 5, "back")
    _check_distinct(f + m + b, "arrangement")
    return f, m, b


def _check_distinct(cards: list, what: str) -> None:
    if len(set(cards)) != len(cards):
        seen = set()
        dup = next(c for c in cards if c in seen or seen.add(c))
        raise InvalidHandError(f"duplicate card {card_name(dup)} in the {what}")


def parse_arrangement(text: str) -> tuple:
    """``"FRONT|MIDDLE|BACK"`` (card text) as (front, middle, back) card lists."""
    if not isinstance(text, str):
        raise InvalidHandError(f"an arrangement text is a str, not {type(text).__name__}")
    parts = text.split("|")
    if len(parts) != 3:
        raise InvalidHandError(f"an arrangement is FRONT|MIDDLE|BACK (3 rows), got {len(parts)} in {text!r}")
    return _rows(*parts)


def _arrangement(value) -> tuple:
    if isinstance(value, str):
        return parse_arrangement(value)
    try:
        front, middle, back = value
    except (TypeError, ValueError):
        raise InvalidHandError("an arrangement is (front, middle, back) or the text FRONT|MIDDLE|BACK") from None
    return _rows(front, middle, back)


def row_ranks(front, middle, back, rules="standard") -> tuple:
    """(front, middle, back) ranks of an arrangement."""
    f, m, b = _rows(front, middle, back)
    a5 = get_rules(rules).a5_lowest
    return _rank3(f), _rank5(m, a5), _rank5(b, a5)


def is_foul(front, middle, back, rules="standard") -> bool:
    """Whether an arrangement is fouled (倒水): not back >= middle >= front."""
    rf, rm, rb = row_ranks(front, middle, back, rules)
    return rf > rm or rm > rb


def _hand13(hand) -> list:
    return hand_cards(hand, 13)


def _arrangement_indices(hand13, rules) -> tuple:
    """(cards highest first, front, middle, back subset indices) of every legal split.

    The cards are in the kernels' order (rank descending, then ♠ ♥ ♣ ♦), so the subset
    indices point into ``itertools.combinations(cards, k)``."""
    from .kernels import N_SPLITS, all_arrangements

    a5_lowest = get_rules(rules).a5_lowest
    cards = sort_cards(_hand13(hand13))
    t = _t()
    front = np.empty(N_SPLITS, np.int16)
    middle = np.empty(N_SPLITS, np.int16)
    back = np.empty(N_SPLITS, np.int16)
    n, err = all_arrangements(np.array(cards, np.uint8), t.weights_array, t.nonflush[a5_lowest],
                              t.flush[a5_lowest], t.rank3_array, front, middle, back)
    assert err == 0
    return cards, front[:n], middle[:n], back[:n]


def arrangements_array(hand13, rules="standard") -> np.ndarray:
    """Every legal split of a 13-card hand as a (K, 13) uint8 array (front 3, middle 5, back 5,
    each row highest card first), in the order of :func:`arrangements`."""
    cards, front, middle, back = _arrangement_indices(hand13, rules)
    threes = np.array(list(combinations(cards, 3)), np.uint8).reshape(-1, 3)
    fives = np.array(list(combinations(cards, 5)), np.uint8).reshape(-1, 5)
    return np.concatenate((threes[front], fives[middle], fives[back]), axis=1)


def arrangements(hand13, rules="standard") -> list:
    """Every legal (front, middle, back) split of a 13-card hand, each once, strongest first
    (by back, then middle, then front rank).

    Rows are tuples of card indices, highest card first; equal rows are the same tuple object
    (rows are shared between arrangements, so the list is quick to build). A split and the
    one with middle and back swapped are both listed when both are legal (equal ranks).
    """
    cards, front, middle, back = _arrangement_indices(hand13, rules)
    # rows as object arrays: numpy's fancy indexing then copies references at C speed
    threes = np.fromiter(combinations(cards, 3), dtype=object, count=286)
    fives = np.fromiter(combinations(cards, 5), dtype=object, count=1287)
    # Tens of thousands of new tuples would trigger several cyclic-GC passes, each walking
    # every young object: they hold only ints and tuples (no cycles), so GC pauses meanwhile.
    paused = gc.isenabled()
    gc.disable()
    try:
        return list(zip(threes[front].tolist(), fives[middle].tolist(), fives[back].tolist()))
    finally:
        if paused:
            gc.enable()


def _objective(objective: str) -> str:
    if objective not in OBJECTIVES:
        raise InvalidRulesError(f"unknown objective {objective!r}; choose one of {', '.join(OBJECTIVES)}")
    return objective


def best_batch(hands, objective="strongest", rules="standard") -> np.ndarray:
    """The best legal split of each row of an (N, 13) card array: uint8 (N, 13) = front 3,
    middle 5, back 5, each row highest card first.

    ``strongest``: the largest (back, middle, front) ranks, compared in that order.
    ``expected``: the largest expected row points against one opponent row drawn from all
    hands of that size (see :func:`expected_points`); equal values go to the strongest.
    """
    from . import kernels as k

    objective = _objective(objective)
    rules = get_rules(rules)
    hands = _batch(hands, 13)
    t = _t()
    nf, fl = t.nonflush[rules.a5_lowest], t.flush[rules.a5_lowest]
    out = np.empty(hands.shape, np.uint8)
    if objective == "strongest":
        code, row = k.best_strongest(hands, t.weights_array, nf, fl, t.rank3_array, out)
    else:
        ev_front, ev_middle, ev_back = _ev_tables(rules)
        value = np.empty(hands.shape[0], np.float64)
        code, row = k.best_expected(hands, t.weights_array, nf, fl, t.rank3_array,
                                    ev_front, ev_middle, ev_back, out, value)
    if code:
        _raise_batch_error(code, row, hands)
    return out


def best(hand13, objective="strongest", rules="standard") -> Arrangement:
    """The best legal split of a 13-card hand (see :func:`best_batch` for the objectives)."""
    row = best_batch(np.array([_hand13(hand13)], np.uint8), objective, rules)[0].tolist()
    return Arrangement(row[:3], row[3:8], row[8:])


# --- points --------------------------------------------------------------------------------------

def _row_points_table(rules: Rules, row: int) -> np.ndarray:
    """Points the winner of row (0 front, 1 middle, 2 back) gets, per rank value."""
    cat = _t().code >> CODE_CATEGORY_SHIFT
    pts = np.full(cat.shape, rules.row_win, np.int64)
    if row == 0:
        pts[cat == TRIPS] = rules.front_trips
    elif row == 1:
        pts[cat == FULL_HOUSE] = rules.middle_full_house
        pts[cat == QUADS] = rules.middle_quads
        pts[cat == STRAIGHT_FLUSH] = rules.middle_straight_flush
    else:
        pts[cat == QUADS] = rules.back_quads
        pts[cat == STRAIGHT_FLUSH] = rules.back_straight_flush
    return pts


@functools.lru_cache(maxsize=16)
def _points_tables(rules: Rules) -> tuple:
    return tuple(tuple(_row_points_table(rules, row).tolist()) for row in range(3))


@functools.lru_cache(maxsize=16)
def _ev_tables(rules: Rules) -> tuple:
    """Per rank value, the expected points of a row against a random row of its size.

    E(r) = P(win) w(r) - sum over s > r of P(s) w(s), ties counting half on each side:
    ``pct * w(r) - (sum_{s>r} f(s) w(s) + f(r) w(r) / 2)``, f the share of hands of rank s,
    pct the percentile table (fraction beaten, ties half), w the row's points.
    """
    t = _t()
    out = []
    for row in range(3):
        counts, pct = (t.count3, t.pct3) if row == 0 else (t.count5, t.pct5)
        w = _row_points_table(rules, row).astype(np.float64)
        share = counts / counts.sum()
        paid = share * w
        above = np.concatenate((np.cumsum(paid[::-1])[::-1][1:], [0.0]))
        ev = pct * w - (above + paid / 2)
        ev[counts == 0] = -np.inf  # not a hand of this row's size
        ev.flags.writeable = False
        out.append(ev)
    return tuple(out)


def expected_points(front, middle, back, rules="standard") -> float:
    """Expected row points of an arrangement against one opponent whose every row is drawn
    uniformly from all hands of its size (the percentile model the "expected" objective
    maximises); fouls, shooting and specials are not modelled."""
    rules = get_rules(rules)
    rf, rm, rb = row_ranks(front, middle, back, rules)
    ev_front, ev_middle, ev_back = _ev_tables(rules)
    return float(ev_front[rf] + ev_middle[rm] + ev_back[rb])


def row_points(front, middle, back, rules="standard") -> tuple:
    """Points each row of this arrangement wins from an opponent who loses that row."""
    rules = get_rules(rules)
    rf, rm, rb = row_ranks(front, middle, back, rules)
    pf, pm, pb = _points_tables(rules)
    return pf[rf], pm[rm], pb[rb]


# --- special hands ---------------------------------------------------------------------------------

_STRAIGHTS5 = [(12, 0, 1, 2, 3)] + [tuple(range(s, s + 5)) for s in range(9)]
_SEQUENCES3 = [(12, 0, 1)] + [tuple(range(s, s + 3)) for s in range(11)]
_SEQ3_SETS = {frozenset(s) for s in _SEQUENCES3}


def _rank_vector(ranks) -> tuple:
    v = [0] * 13
    for r in ranks:
        v[r] += 1
    return tuple(v)


def _three_straights(cards: list) -> bool:
    """Two 5-card straights and 3 cards in sequence, suits ignored."""
    counts = list(_rank_vector(c >> 2 for c in cards))
    for i, s1 in enumerate(_STRAIGHTS5):
        if any(counts[r] == 0 for r in s1):
            continue
        for r in s1:
            counts[r] -= 1
        for s2 in _STRAIGHTS5[i:]:
            if all(counts[r] for r in s2):
                rest = [r for r in range(13) for _ in range(counts[r] - (r in s2))]
                if len(set(rest)) == 3 and frozenset(rest) in _SEQ3_SETS:
                    for r in s1:
                        counts[r] += 1
                    return True
        for r in s1:
            counts[r] += 1
    return False


def _three_straight_flushes(cards: list) -> bool:
    """Two 5-card straight flushes and a 3-card straight flush."""
    hand = set(cards)
    sf5 = [frozenset(r * 4 + s for r in run) for s in range(4) for run in _STRAIGHTS5]
    sf5 = [x for x in sf5 if x <= hand]
    sf3 = {frozenset(r * 4 + s for r in run) for s in range(4) for run in _SEQUENCES3}
    for i, x in enumerate(sf5):
        for y in sf5[i + 1:]:
            if not x & y and frozenset(hand - x - y) in sf3:
                return True
    return False


def _three_flushes(cards: list) -> bool:
    """Two 5-card flushes and 3 cards of one suit: the suit counts split into rows of 5, 5, 3."""
    suits = [0] * 4
    for c in cards:
        suits[c & 3] += 1
    for a in range(4):
        for b in range(4):
            for c in range(4):
                got = [0] * 4
                got[a] += 5
                got[b] += 5
                got[c] += 3
                if got == suits:
                    return True
    return False


def _qualifies(cards: list) -> list:
    """Names of every special hand the 13 cards are (in SPECIALS order)."""
    ranks = [c >> 2 for c in cards]
    counts = _rank_vector(ranks)
    per_count = [counts.count(k) for k in range(5)]
    odd = [k for k in counts if k % 2]
    out = []
    all_ranks = per_count[0] == 0
    if all_ranks and len({c & 3 for c in cards}) == 1:
        out.append("至尊清龙")
    if all_ranks:
        out.append("一条龙")
    if min(ranks) >= 9:
        out.append("十二皇族")
    if _three_straight_flushes(cards):
        out.append("三同花顺")
    if per_count[4] == 3:
        out.append("三分天下")
    if min(ranks) >= 6:
        out.append("全大")
    if max(ranks) <= 6:
        out.append("全小")
    if len({c & 1 for c in cards}) == 1:  # ♥ ♦ are suits 1, 3; ♠ ♣ are 0, 2
        out.append("凑一色")
    if per_count[3] == 2 and per_count[1] == 1:  # the remaining 6 cards are pairs or a quad + pair
        out.append("双怪冲三")
    if per_count[3] + per_count[4] >= 4:
        out.append("四套三条")
    if odd == [3]:
        out.append("五对三条")
    if len(odd) == 1:
        out.append("六对半")
    if _three_straights(cards):
        out.append("三顺子")
    if _three_flushes(cards):
        out.append("三同花")
    return out


def specials(hand13, rules="standard") -> list:
    """Every special hand the 13 cards are that ``rules`` scores (points > 0), most points first."""
    rules = get_rules(rules)
    names = [n for n in _qualifies(_hand13(hand13)) if rules.points_of_special(n) > 0]
    order = list(SPECIALS)
    return sorted(names, key=lambda n: (-rules.points_of_special(n), order.index(n)))


def special(hand13, rules="standard") -> str | None:
    """The special hand (特殊牌型) the 13 cards are, by its Chinese name, or None.

    A hand that is several specials is the one worth most (ties: the order of SPECIALS).
    """
    names = specials(hand13, rules)
    return names[0] if names else None


# --- settlement ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Settlement:
    """Result of :func:`settlement`.

    ``pairs[i][j]``: what player i wins from player j (``pairs[j][i] == -pairs[i][j]``);
    ``shot[i][j]``: i shot j (won every row, or j fouled and i did not);
    ``home_run``: players who shot every opponent (3+ players); ``scores[i] = sum(pairs[i])``.
    """

    scores: list
    pairs: list
    shot: list
    fouled: list
    specials: list
    home_run: list


def settlement(arrangements, specials=None, rules="standard") -> Settlement:
    """Settle one deal of 2-4 players (SPEC §4); see :func:`settle`."""
    rules = get_rules(rules)
    players = [_arrangement(a) for a in arrangements]
    n = len(players)
    if not 2 <= n <= 4:
        raise InvalidHandError(f"shisanshui is played by 2 to 4 players, got {n}")
    _check_distinct([c for p in players for row in p for c in row], "deal")
    declared = _declared(players, specials, rules)
    a5 = rules.a5_lowest
    ranks = [(_rank3(f), _rank5(m, a5), _rank5(b, a5)) for f, m, b in players]
    fouled = [declared[i] is None and (r[0] > r[1] or r[1] > r[2]) for i, r in enumerate(ranks)]
    pts = _points_tables(rules)
    won = [[pts[k][r[k]] for k in range(3)] for r in ranks]
    pairs = [[0] * n for _ in range(n)]
    shot = [[False] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            si, sj = declared[i], declared[j]
            if si or sj:
                pi = rules.points_of_special(si) if si else 0
                pj = rules.points_of_special(sj) if sj else 0
                result = pi - pj if not (si and sj) else (pi if pi > pj else -pj if pj > pi else 0)
            elif fouled[i] and fouled[j]:
                result = 0
            elif fouled[i] or fouled[j]:
                winner = j if fouled[i] else i
                result = sum(won[winner]) * rules.shoot_multiplier
                shot[winner][i + j - winner] = True
                result = result if winner == i else -result
            else:
                result, wins_i, wins_j = 0, 0, 0
                for k in range(3):
                    if ranks[i][k] > ranks[j][k]:
                        result += won[i][k]
                        wins_i += 1
                    elif ranks[i][k] < ranks[j][k]:
                        result -= won[j][k]
                        wins_j += 1
                if wins_i == 3 or wins_j == 3:
                    result *= rules.shoot_multiplier
                    shot[i][j] = wins_i == 3
                    shot[j][i] = wins_j == 3
            pairs[i][j], pairs[j][i] = result, -result
    home_run = []
    if n >= max(3, rules.home_run_min_players):
        for i in range(n):
            if all(shot[i][j] for j in range(n) if j != i):
                home_run.append(i)
                for j in range(n):
                    if j != i:
                        pairs[i][j] *= rules.home_run_multiplier
                        pairs[j][i] = -pairs[i][j]
    scores = [sum(row) for row in pairs]
    assert sum(scores) == 0
    return Settlement(scores, pairs, shot, fouled, declared, home_run)


def _declared(players: list, specials, rules: Rules) -> list:
    n = len(players)
    if specials is None:
        return [None] * n
    if specials == "auto":
        return [special(f + m + b, rules) for f, m, b in players]
    specials = list(specials)
    if len(specials) != n:
        raise InvalidHandError(f"specials has {len(specials)} entries for {n} players")
    out = []
    for i, name in enumerate(specials):
        if name is None or name == "":
            out.append(None)
            continue
        if name not in SPECIALS:
            raise InvalidHandError(f"player {i + 1}: unknown special hand {name!r}; known: {' '.join(SPECIALS)}")
        if rules.points_of_special(name) <= 0:
            raise InvalidHandError(f"player {i + 1}: special hand {name} is not scored by rules {rules.name!r}")
        f, m, b = players[i]
        if name not in _qualifies(f + m + b):
            raise InvalidHandError(f"player {i + 1}: the hand {format_cards(sort_cards(f + m + b))} is not {name}")
        out.append(name)
    return out


def settle(arrangements, specials=None, rules="standard") -> list:
    """Scores of 2-4 players' (front, middle, back) arrangements; they sum to zero.

    ``arrangements``: per player (front, middle, back) or ``"FRONT|MIDDLE|BACK"`` text.
    ``specials``: None, ``"auto"`` (every player declares the best special hand they hold), or
    a list with a special hand's name (declared) or None per player. Pairwise, per row the
    winner gets that row's points from its own row, a tie 0; winning all three rows shoots
    (打枪: the pair's result times ``shoot_multiplier``); a fouled hand loses every row to each
    non-fouled opponent, at that opponent's row points, and counts as shot; two fouled hands
    score 0. With 3+ players one who shoots every opponent scores a home run (全垒打): all of
    that player's pair results times ``home_run_multiplier`` again. A declared special takes
    its points from every opponent without rows; between two specials the one worth more takes
    its points and equal points tie.
    """
    return settlement(arrangements, specials, rules).scores


# re-exported for convenience
__all__ += ["parse_cards", "format_cards", "card_name", "sort_cards", "parse_arrangement", "row_points",
            "row_ranks", "n_ranks"]
