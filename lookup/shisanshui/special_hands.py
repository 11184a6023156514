"""Special hands (特殊牌型): which of :data:`~lookup.shisanshui.rules.SPECIALS` 13 cards are
(docs/shisanshui.md). No table is read.

:func:`special_bits` is the one test of every special, a :func:`~lookup.jit.jitable` helper:
the scalar queries run it as Python on a list of cards, the batch kernels
(:func:`lookup.shisanshui.kernels.special_bits_batch`, ``settle_batch``) compile it. Bit i of
its answer is ``SPECIAL_NAMES[i]``.
"""

from __future__ import annotations

from typing import Any

from ..jit import jitable
from .cards import Hand, hand_cards
from .rules import SPECIALS, Rules, get_rules

SPECIAL_NAMES = tuple(SPECIALS)
"""The special hands in SPECIALS order: bit i of :func:`special_bits` is ``SPECIAL_NAMES[i]``."""
N_SPECIALS = len(SPECIAL_NAMES)
(DRAGON_FLUSH, DRAGON, ROYALS, THREE_STRAIGHT_FLUSHES, THREE_QUADS, ALL_BIG, ALL_SMALL, ONE_COLOUR,
 TWO_TRIPS_THREE_PAIRS, FOUR_TRIPS, FIVE_PAIRS_TRIPS, SIX_PAIRS, THREE_STRAIGHTS, THREE_FLUSHES) = range(N_SPECIALS)

_ACE = 12
RUNS5 = ((1 << _ACE) | 0xF,) + tuple(0x1F << s for s in range(9))
"""Rank masks of the ten 5-card runs (A-2-3-4-5 first)."""
RUNS3 = ((1 << _ACE) | 0x3,) + tuple(0x7 << s for s in range(11))
"""Rank masks of the twelve 3-card runs (A-2-3 and Q-K-A count, K-A-2 does not)."""


def _suited(rank_mask: int, suit: int) -> int:
    """The 52-bit card mask of the ranks of ``rank_mask`` in one suit."""
    return sum(1 << (r * 4 + suit) for r in range(13) if rank_mask >> r & 1)


STRAIGHT_FLUSHES5 = tuple(_suited(run, suit) for suit in range(4) for run in RUNS5)
"""Card masks (bit = card index) of the 40 five-card straight flushes."""
STRAIGHT_FLUSHES3 = tuple(_suited(run, suit) for suit in range(4) for run in RUNS3)
"""Card masks of the 48 three-card straight flushes."""


@jitable
def _three_straight_flushes(hand: int) -> bool:
    """Two disjoint 5-card straight flushes and a 3-card one make up the 52-bit card mask."""
    for i in range(len(STRAIGHT_FLUSHES5)):
        a = STRAIGHT_FLUSHES5[i]
        if a & hand != a:
            continue
        for j in range(i + 1, len(STRAIGHT_FLUSHES5)):
            b = STRAIGHT_FLUSHES5[j]
            if b & hand != b or a & b:
                continue
            rest = hand ^ a ^ b
            for front in STRAIGHT_FLUSHES3:
                if rest == front:
                    return True
    return False


@jitable
def _three_straights(counts: Any) -> bool:
    """Two 5-card runs and a 3-card run of ranks (suits ignored) make up the rank counts."""
    for i in range(len(RUNS5)):
        for j in range(i, len(RUNS5)):
            rest = 0  # the rank mask of what is left; -1: not these runs
            for r in range(13):
                left = counts[r] - (RUNS5[i] >> r & 1) - (RUNS5[j] >> r & 1)
                if left < 0 or left > 1:
                    rest = -1
                    break
                rest |= left << r
            if rest >= 0:
                for front in RUNS3:
                    if rest == front:
                        return True
    return False


@jitable
def special_bits(cards: Any) -> int:
    """Bit i set when the 13 cards (distinct card indices 0..51, any order) are the special
    ``SPECIAL_NAMES[i]``, whatever the rules score (definitions: docs/shisanshui.md, "Special hands")."""
    counts = [0] * 13
    suits = [0] * 4
    hand = 0
    low = 12
    high = 0
    for k in range(13):
        c = int(cards[k])
        r = c >> 2
        counts[r] += 1
        suits[c & 3] += 1
        hand |= 1 << c
        low = min(low, r)
        high = max(high, r)
    per_count = [0] * 5  # how many ranks hold 0, 1, 2, 3, 4 cards
    odd = 0
    odd_count = 0
    for r in range(13):
        per_count[counts[r]] += 1
        if counts[r] & 1:
            odd += 1
            odd_count = counts[r]
    bits = 0
    if per_count[0] == 0:
        bits |= 1 << DRAGON
        if max(suits) == 13:
            bits |= 1 << DRAGON_FLUSH
    if low >= 9:  # J Q K A
        bits |= 1 << ROYALS
    if _three_straight_flushes(hand):
        bits |= 1 << THREE_STRAIGHT_FLUSHES
    if per_count[4] == 3:
        bits |= 1 << THREE_QUADS
    if low >= 6:  # 8 .. A
        bits |= 1 << ALL_BIG
    if high <= 6:  # 2 .. 8
        bits |= 1 << ALL_SMALL
    if suits[0] + suits[2] == 13 or suits[1] + suits[3] == 13:  # all black (♠ ♣) or all red (♥ ♦)
        bits |= 1 << ONE_COLOUR
    if per_count[3] == 2 and per_count[1] == 1:  # the other 6 cards are pairs or a quad and a pair
        bits |= 1 << TWO_TRIPS_THREE_PAIRS
    if per_count[3] + per_count[4] >= 4:
        bits |= 1 << FOUR_TRIPS
    if odd == 1:
        bits |= 1 << SIX_PAIRS
        if odd_count == 3:
            bits |= 1 << FIVE_PAIRS_TRIPS
    if per_count[4] == 0 and _three_straights(counts):
        bits |= 1 << THREE_STRAIGHTS
    if _three_flushes(suits):
        bits |= 1 << THREE_FLUSHES
    return bits


@jitable
def _three_flushes(suits: Any) -> bool:
    """Rows of 5, 5 and 3 cards of one suit each (a suit may serve two rows): the suit counts,
    in increasing order, are 0 3 5 5, 0 0 5 8 (a row of 5 and the front in one suit), 0 0 3 10
    (both rows of 5 in one suit) or 0 0 0 13."""
    c = sorted(suits)
    return c[0] == 0 and ((c[1] == 3 and c[2] == 5 and c[3] == 5) or (c[1] == 0 and (
        (c[2] == 5 and c[3] == 8) or (c[2] == 3 and c[3] == 10) or (c[2] == 0 and c[3] == 13))))


def qualifies(cards: list[int]) -> list[str]:
    """Names of every special hand the 13 cards (validated card indices) are, in SPECIALS order,
    whatever the rules score."""
    bits = special_bits(cards)
    return [name for i, name in enumerate(SPECIAL_NAMES) if bits >> i & 1]


def specials(hand13: Hand, rules: str | Rules = "standard") -> list[str]:
    """Every special hand the 13 cards are that ``rules`` scores (points > 0), most points first."""
    resolved = get_rules(rules)
    names = [n for n in qualifies(hand_cards(hand13, 13)) if resolved.points_of_special(n) > 0]
    return sorted(names, key=lambda n: (-resolved.points_of_special(n), SPECIAL_NAMES.index(n)))


def special(hand13: Hand, rules: str | Rules = "standard") -> str | None:
    """The special hand (特殊牌型) the 13 cards are, by its Chinese name, or None.

    A hand that is several specials is the one worth most (ties: the order of SPECIALS).
    """
    names = specials(hand13, rules)
    return names[0] if names else None
