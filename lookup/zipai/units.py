"""The units of a zipai split (its groups and pairs), their cards and huxi, and the tables the
per-hand steps read about them: which units hold a card, the first moves of a split list, and
what a free third copy of a drawn card takes off a part.

Units, by index (huxi small / big where a unit scores):

    0..7    small sequences 一二三 .. 八九十        (3 for 一二三, else 0)
    8..15   big sequences 壹贰叁 .. 捌玖拾          (6 for 壹贰叁, else 0)
    16, 17  二七十, 贰柒拾                           (3, 6)
    18..37  mixed triples: 18 + 2n two small + one big of number n, 19 + 2n one small + two
            big (0)
    38, 39  一五十, 壹伍拾 (3, 6): groups only under ``RuleSet.yiwushi`` (衡阳十胡卡)
    40..59  pairs: 40 + t two of card t (0)

A *group set* is the groups a rule set plays with: ``plain`` the units 0..37, ``yiwushi``
0..39 (:func:`group_limit`). The huxi of the sets (坎 偎 碰 跑 提) are here too: the ting
automaton's labels depend on them. Tables the compiled steps read are ``bytes``: Numba reads a
global bytes object as a constant array, and Python indexes bytes as fast as a tuple. See
docs/zipai.md for the rules and the huxi of every group and meld.
"""

from __future__ import annotations

from ..jit import jitable
from .encoding import GROUP_SIZE, MAX_PART_COPIES, N_CARDS, N_NUMBERS, Scratch

SEQUENCE_UNIT = 0
"""Unit of the sequence starting at number n of case c (0 small, 1 big): SEQUENCE_UNIT + 8c + n."""
ERQISHI_UNIT = 16
"""Unit of 二七十 of case c: ERQISHI_UNIT + c."""
MIXED_UNIT = 18
"""Units of number n's mixed triples: MIXED_UNIT + 2n (two small, one big), + 1 (one small, two big)."""
YIWUSHI_UNIT = 38
"""Unit of 一五十 of case c: YIWUSHI_UNIT + c (a group only under RuleSet.yiwushi)."""
PAIR_UNIT = 40
"""Unit of the pair of card t: PAIR_UNIT + t."""
N_GROUPS = PAIR_UNIT
N_PLAIN_GROUPS = YIWUSHI_UNIT
"""Groups of the plain set: units 0..N_PLAIN_GROUPS-1."""
N_UNITS = PAIR_UNIT + N_CARDS
_SEQUENCES = N_NUMBERS - 2
"""Sequences per case (一二三 .. 八九十)."""
_HONOURED = (3, 6)
"""Huxi (small, big) of the groups that score in a split: 一二三, 二七十, 一五十 and their big forms."""


def group_limit(yiwushi: bool) -> int:
    """The first unit after the groups of a set: N_GROUPS with 一五十, else N_PLAIN_GROUPS."""
    return N_GROUPS if yiwushi else N_PLAIN_GROUPS


@jitable
def unit_in_set(u: int, limit: int) -> bool:
    """True when unit ``u`` is a group of the group set whose groups end at ``limit`` (or a pair)."""
    return u < limit or u >= PAIR_UNIT


def _units() -> tuple[tuple[tuple[int, int, int], ...], bytes]:
    cards, huxi = [], []
    for case in (0, 1):
        first = case * N_NUMBERS
        for n in range(_SEQUENCES):
            cards.append((first + n, first + n + 1, first + n + 2))
            huxi.append(_HONOURED[case] if n == 0 else 0)
    for case in (0, 1):
        first = case * N_NUMBERS
        cards.append((first + 1, first + 6, first + 9))
        huxi.append(_HONOURED[case])
    for n in range(N_NUMBERS):
        cards += [(n, n, n + N_NUMBERS), (n, n + N_NUMBERS, n + N_NUMBERS)]
        huxi += [0, 0]
    for case in (0, 1):
        first = case * N_NUMBERS
        cards.append((first, first + 4, first + 9))
        huxi.append(_HONOURED[case])
    for t in range(N_CARDS):
        cards.append((t, t, -1))
        huxi.append(0)
    return tuple(cards), bytes(huxi)


UNIT_CARDS, UNIT_HUXI = _units()
"""Cards of each unit (a pair's third card is -1), and the huxi of each unit (bytes)."""

# set huxi by kind, (small, big); index by the card's case t // N_NUMBERS. Here, not in
# lookup.zipai.melds (which names them for the melds), because the ting automaton's labels
# depend on them.
KAN_HUXI = bytes((3, 6))    # 坎: concealed triple in the hand
WEI_HUXI = bytes((3, 6))    # 偎: triple completed by own draw
PENG_HUXI = bytes((1, 3))   # 碰: exposed triple from a discard
PAO_HUXI = bytes((6, 9))    # 跑: exposed quad
TI_HUXI = bytes((9, 12))    # 提: concealed quad
MAX_UPGRADE_HUXI = max(new[case] - old[case] for new, old in ((TI_HUXI, KAN_HUXI), (PAO_HUXI, PENG_HUXI),
                                                               (TI_HUXI, WEI_HUXI)) for case in range(2))
"""The most huxi a drawn card adds by making a 坎 or exposed 偎 a 提, or an exposed 碰 a 跑."""


def _move_units() -> tuple[tuple[int, ...], ...]:
    moves = []
    for t in range(N_CARDS):
        case, n = divmod(t, N_NUMBERS)
        sequence = SEQUENCE_UNIT + _SEQUENCES * case + n if n < _SEQUENCES else -1
        erqishi = ERQISHI_UNIT + case if n == 1 else -1
        mixed = (-1, -1) if case else (MIXED_UNIT + 2 * n, MIXED_UNIT + 2 * n + 1)
        yiwushi = YIWUSHI_UNIT + case if n == 0 else -1
        moves.append((PAIR_UNIT + t, sequence, erqishi, mixed[0], mixed[1], yiwushi))
    return tuple(moves)


MOVE_UNITS = _move_units()
"""MOVE_UNITS[t][m]: unit of first move m on card t (-1: none). When t is the lowest card
of a vector (lowest number first, small before big), every unit of a split that holds t is
one of these: m = 0 the pair, 1 the sequence starting at t, 2 二七十 (t = 二 or 贰), 3 and 4
the mixed triples of t's number (t small), 5 一五十 (t = 一 or 壹; the yiwushi set only)."""


NO_CARD = 255
NO_UNIT = 255
MAX_CARD_UNITS = 8
"""A card is in at most 8 units (3 sequences, 二七十 or 一五十, 2 mixed triples, the pair; 十 in
八九十, 二七十, 一五十, 2 mixed triples and the pair; fewer for most)."""

UNIT_CARD_BYTES = bytes(t if t >= 0 else NO_CARD for cards in UNIT_CARDS for t in cards)
"""UNIT_CARDS flat, GROUP_SIZE slots a unit (NO_CARD for a pair's third card)."""


def _card_units() -> bytes:
    out: list[int] = []
    for t in range(N_CARDS):
        units = [u for u in range(N_UNITS) if t in UNIT_CARDS[u]]
        if len(units) > MAX_CARD_UNITS:
            raise AssertionError(f"card {t} is in {len(units)} units, more than MAX_CARD_UNITS")
        out += units + [NO_UNIT] * (MAX_CARD_UNITS - len(units))
    return bytes(out)


CARD_UNITS = _card_units()
"""CARD_UNITS[MAX_CARD_UNITS * t + k]: the k-th unit that holds card t, NO_UNIT after the last."""


def _free_copy_rest(t: int, k: int) -> list[int] | None:
    """The cards the k-th unit holding card t takes off a part that holds t twice and draws a
    third (the unit's cards but one copy of t), or None past t's last unit."""
    u = CARD_UNITS[MAX_CARD_UNITS * t + k]
    if u == NO_UNIT:
        return None
    rest = [x for x in UNIT_CARDS[u] if x >= 0]
    rest.remove(t)
    return rest


def _free_copy_tables() -> tuple[bytes, bytes, bytes]:
    first, last, needs = [], [], []
    for t in range(N_CARDS):
        for k in range(MAX_CARD_UNITS):
            rest = _free_copy_rest(t, k) or [t]  # (past the last unit: never read)
            numbers = [x % N_NUMBERS for x in rest]
            others = sorted({x for x in rest if x != t})
            first.append(min(numbers))
            last.append(max(numbers))
            needs += others + [t] * (2 - len(others))
    return bytes(first), bytes(last), bytes(needs)


FREE_COPY_FIRST_NUMBER, FREE_COPY_LAST_NUMBER, FREE_COPY_NEEDS = _free_copy_tables()
"""FREE_COPY_FIRST_NUMBER[MAX_CARD_UNITS * t + k]: when a part holding card t twice draws a third
copy that unit u = CARD_UNITS[MAX_CARD_UNITS * t + k] takes, the part loses u's cards but one
copy of t; this is the lowest number of those cards, FREE_COPY_LAST_NUMBER the highest (the
part's symbols change between them only). FREE_COPY_NEEDS[2 * (MAX_CARD_UNITS * t + k) + j],
j = 0, 1: those cards other than t (t itself in the slots left): the part must hold each of
them for that case."""


def _card_numbers(last: bool) -> bytes:
    pick = max if last else min
    return bytes(pick([t % N_NUMBERS] + [x % N_NUMBERS for k in range(MAX_CARD_UNITS)
                                         for x in _free_copy_rest(t, k) or []])
                 for t in range(N_CARDS))


CARD_FIRST_NUMBER = _card_numbers(False)
"""CARD_FIRST_NUMBER[t]: the lowest number whose symbol drawing card t can change, in any way
it is placed (t's own number, and the FREE_COPY numbers of its units) ..."""
CARD_LAST_NUMBER = _card_numbers(True)
"""... and CARD_LAST_NUMBER[t] the highest."""


@jitable
def add_unit(counts: Scratch, u: int, delta: int) -> bool:
    """Add ``delta`` (1 or -1) copies of each card of unit ``u``; True when its cards' counts end within 0..2."""
    i = GROUP_SIZE * u
    a = UNIT_CARD_BYTES[i]
    b = UNIT_CARD_BYTES[i + 1]
    d = UNIT_CARD_BYTES[i + 2]
    counts[a] += delta
    counts[b] += delta
    if d == NO_CARD:
        d = b
    else:
        counts[d] += delta
    x = counts[a]
    y = counts[b]
    z = counts[d]
    return 0 <= x <= MAX_PART_COPIES and 0 <= y <= MAX_PART_COPIES and 0 <= z <= MAX_PART_COPIES


def unit_cards(u: int) -> tuple[int, ...]:
    """The cards of unit ``u`` (2 for a pair, else 3), sorted."""
    return tuple(t for t in UNIT_CARDS[u] if t >= 0)
