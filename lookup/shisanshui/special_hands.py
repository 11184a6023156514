"""Special hands (特殊牌型): which of :data:`~lookup.shisanshui.rules.SPECIALS` 13 cards are
(SPEC §4). Plain Python over the cards; no table is read.
"""

from __future__ import annotations

from collections.abc import Iterable

from .cards import Hand, hand_cards
from .rules import SPECIALS, Rules, get_rules

_STRAIGHTS5 = [(12, 0, 1, 2, 3)] + [tuple(range(s, s + 5)) for s in range(9)]
_SEQUENCES3 = [(12, 0, 1)] + [tuple(range(s, s + 3)) for s in range(11)]
_SEQ3_SETS = {frozenset(s) for s in _SEQUENCES3}


def _rank_vector(ranks: Iterable[int]) -> tuple[int, ...]:
    v = [0] * 13
    for r in ranks:
        v[r] += 1
    return tuple(v)


def _three_straights(cards: list[int]) -> bool:
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


def _three_straight_flushes(cards: list[int]) -> bool:
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


def _three_flushes(cards: list[int]) -> bool:
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


def qualifies(cards: list[int]) -> list[str]:
    """Names of every special hand the 13 cards (validated card indices) are, in SPECIALS order,
    whatever the rules score."""
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


def specials(hand13: Hand, rules: str | Rules = "standard") -> list[str]:
    """Every special hand the 13 cards are that ``rules`` scores (points > 0), most points first."""
    resolved = get_rules(rules)
    names = [n for n in qualifies(hand_cards(hand13, 13)) if resolved.points_of_special(n) > 0]
    order = list(SPECIALS)
    return sorted(names, key=lambda n: (-resolved.points_of_special(n), order.index(n)))


def special(hand13: Hand, rules: str | Rules = "standard") -> str | None:
    """The special hand (特殊牌型) the 13 cards are, by its Chinese name, or None.

    A hand that is several specials is the one worth most (ties: the order of SPECIALS).
    """
    names = specials(hand13, rules)
    return names[0] if names else None
