"""The zipai table contract: what ``tablegen/zipai.py`` writes and the runtime reads.

Everything both sides must agree on is defined here once: the card layout, the units (the
groups and pairs of a split) with their huxi, the key of a count vector, the automata's
entry layouts, the value layout, the first moves, the dataset names, and :func:`walk`. The
generator imports only this module of the runtime; the runtime reads the file through
:data:`VIEW`.

Cards (SPEC §1): index 0..9 small 一..十, 10..19 big 壹..拾; card t has number t % 10.

**Units.** The 40 groups of the checked hand part (counts <= 2) and the 20 pairs:

    0..7    small sequences 一二三 .. 八九十        (huxi 3 for 一二三, else 0)
    8..15   big sequences 壹贰叁 .. 捌玖拾          (huxi 6 for 壹贰叁, else 0)
    16, 17  二七十, 贰柒拾                           (huxi 3, 6)
    18..37  mixed triples: 18 + 2n = two small + one big of number n, 19 + 2n = one small +
            two big (huxi 0)
    38, 39  一五十, 壹伍拾 (huxi 3, 6): groups only under ``RuleSet.yiwushi`` (衡阳十胡卡)
    40..59  pairs: 40 + t = two of card t (huxi 0)

**Group sets.** The file holds one automaton and one value array per group set
(:data:`GROUP_SETS`): ``plain``, the groups 0..37 (ZIPAI.md), and ``yiwushi``, the groups
0..39; :func:`group_limit` is the first unit past a set's groups.

**Key and automaton.** A count vector (each 0..2) reads as ten symbols, one per number
n = 0..9 (一/壹 first): symbol 3 * small_n + big_n (0..8); its key is those ten symbols as
base-9 digits, number 0 the most significant (:func:`key_of`). The table is the minimal
deterministic automaton of the winning vectors over those symbols, level by level (state 0
is dead, 1 the start, ``final`` the one accepting state after ten symbols), which also ranks
them: ``trans[9 * s + symbol]`` packs the next state (low 32 bits) and the number of winning
vectors that leave s by a smaller symbol (high 32 bits); the sum along a vector's path is
its rank among the winning vectors in key order, a minimal perfect hash that indexes
``values``. A walk needs no key store: a vector that is not winning reaches the dead state
(or a non-final one) and is answered as such, exactly.

**Reverse automaton.** ``back[9 * s + symbol]`` (uint32): the next state of the minimal
deterministic automaton of the same winning vectors read the other way, number 9 (十/拾)
first (state 0 dead, 1 the start, ``back_final`` accepting after ten symbols). A prefix of
numbers 0..n-1 that reaches the dead state of ``trans`` and a suffix of numbers n..9 that
reaches the dead state of ``back`` are each part of no winning vector: ting draws only
where neither is dead, and checks each such draw by the shorter of the two walks
(:func:`walk_from`, :func:`walk_back_from`).

**Ting automaton.** ``ting[9 * s + symbol]`` (uint32): the next state of the minimal
deterministic automaton with labelled final states (same numbering as ``back``, read number
0 first) of the parts *one draw from winning*: vectors of a size ting takes (3k+1 or 3k+2
cards, at most 20) that one more card turns into a winning vector in one of the ways ting
places it (the part unchanged, the card joining it, a held pair made a 偎, or a third copy
free in a unit of the group set; see :func:`lookup.zipai.hand.draw_case`), the pair rule
and the copies left aside. Such a part ends its walk in state ``ting_final - h``, where h is
the most huxi a draw can give it (the winning vector's best and what the way of placing
adds: a 偎 or a free copy its huxi, the part unchanged at most
:data:`MAX_UPGRADE_HUXI`). A part it refuses wins on no draw, and one
whose h with the rest of the hand's huxi stays under the threshold wins on none either:
ting answers both after one walk (:func:`ting_best`), most of what it is asked.

**Values.** ``values[rank]`` (uint16): bits 0..4 the best huxi of the vector's splits,
bits 5..10 its *first moves*: the units on its lowest card (:func:`lowest_card`) that leave
a winning vector (the edges of the split list, see :data:`MOVE_UNITS`; move 5, 一五十,
only in the ``yiwushi`` set).

The functions are :func:`~lookup.jit.jitable`: the scalar queries run them as Python, the
batch kernels and the generator's kernels compile them.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import NamedTuple, TypeAlias

import numpy as np

from .. import tables
from ..jit import jitable

GAME = "zipai"

N_CARDS = 20
N_NUMBERS = 10
"""Numbers per case; card t is number t % N_NUMBERS of case t // N_NUMBERS (0 small, 1 big)."""
MAX_COPIES = 4
MAX_PART_COPIES = 2
"""The checked part holds at most 2 copies of a card (3 and 4 are taken out as 坎 and 提)."""
GROUP_SIZE = 3
PAIR_SIZE = 2
MAX_PART = 21
"""The checked part holds at most 21 cards: 7 groups, or 6 groups and a pair."""

COUNT_VALUES = MAX_PART_COPIES + 1
"""Counts a part may hold of a card (0..2); number n's symbol is COUNT_VALUES * small + big."""
N_SYMBOLS = COUNT_VALUES * COUNT_VALUES
"""Symbols per number, and the base of a key."""

STATE_MASK = 0xFFFFFFFF
"""Automaton entry: the next state in the low 32 bits ..."""
RANK_SHIFT = 32
"""... and the rank offset above them."""
DEAD = 0
START = 1

HUXI_BITS = 5
HUXI_MASK = (1 << HUXI_BITS) - 1
"""Value: the best huxi of a vector's splits in the low bits ..."""
MOVES_SHIFT = HUXI_BITS
"""... and its first moves above them, bit m for move m."""
N_MOVES = 6
NO_WIN = -1
"""Rank of a vector that does not win; also the answer of a hand that does not win."""

Counts: TypeAlias = Sequence[int] | np.ndarray
"""20 counts a step reads: a list or tuple in Python, an int64 or uint8 array compiled."""
Scratch: TypeAlias = MutableSequence[int] | np.ndarray
"""20 counts a step writes: a list in Python, an int64 (or int16 output) array compiled."""
Table: TypeAlias = Sequence[int] | np.ndarray
"""A table a step reads: a memoryview in Python (it indexes fastest), an array compiled."""

GROUP_SETS = ("plain", "yiwushi")
"""The group sets the file holds tables for: without and with 一五十 / 壹伍拾 (RuleSet.yiwushi)."""
_SUFFIX = {"plain": "", "yiwushi": "_yiwushi"}


def datasets_of(group_set: str) -> tuple[str, str]:
    """The (automaton, values) dataset names of a group set."""
    return "automaton" + _SUFFIX[group_set], "values" + _SUFFIX[group_set]


def final_state_attr(group_set: str) -> str:
    """The root attribute holding the accepting state of a group set's automaton."""
    return "final_state" + _SUFFIX[group_set]


def reverse_dataset_of(group_set: str) -> str:
    """The dataset name of a group set's reverse automaton (numbers read 9 first)."""
    return "reverse_automaton" + _SUFFIX[group_set]


def reverse_final_attr(group_set: str) -> str:
    """The root attribute holding the accepting state of a group set's reverse automaton."""
    return "reverse_final_state" + _SUFFIX[group_set]


def ting_dataset_of(group_set: str) -> str:
    """The dataset name of a group set's ting automaton (the parts one draw from winning)."""
    return "ting_automaton" + _SUFFIX[group_set]


def ting_final_attr(group_set: str) -> str:
    """The root attribute holding the accepting state of a group set's ting automaton."""
    return "ting_final_state" + _SUFFIX[group_set]


DATASETS = tuple(name for g in GROUP_SETS
                 for name in (*datasets_of(g), reverse_dataset_of(g), ting_dataset_of(g)))
"""The datasets of data/zipai.h5, in file order."""
FINAL_STATE = final_state_attr("plain")


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
"""Groups of the plain set (ZIPAI.md): units 0..N_PLAIN_GROUPS-1."""
N_UNITS = PAIR_UNIT + N_CARDS
_SEQUENCES = N_NUMBERS - 2
"""Sequences per case (一二三 .. 八九十)."""
_HONOURED = (3, 6)
"""Huxi (small, big) of the groups that score in a split: 一二三, 二七十, 一五十 and their big forms."""


def group_limit(yiwushi: bool) -> int:
    """The first unit after the groups of a set: N_GROUPS with 一五十, else N_PLAIN_GROUPS."""
    return N_GROUPS if yiwushi else N_PLAIN_GROUPS


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

# set huxi by kind, (small, big) (ZIPAI.md); index by the card's case t // N_NUMBERS. Here, not
# in lookup.zipai.melds (which names them for the melds), because the ting automaton's labels
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
"""CARD_UNITS[MAX_CARD_UNITS * t + k]: the k-th unit that holds card t, NO_UNIT after the last.

The tables the compiled helpers read are bytes: Numba reads a global bytes object as a
constant array (a load, no exception path), so the helpers stay small enough to be inlined
into the kernels' loops, and Python indexes bytes as fast as a tuple."""


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
def walk(trans: Table, final: int, part: Counts) -> int:
    """Rank of the count vector ``part`` (20 counts, each 0..2) among the winning vectors, or NO_WIN."""
    return walk_from(trans, final, part, 0, START, 0)


@jitable
def walk_from(trans: Table, final: int, part: Counts, level: int, state: int, rank: int) -> int:
    """:func:`walk` resumed before number ``level`` in ``state`` with ``rank`` so far.

    The walk reads every number left, also after the dead state (every vector through it
    loses): that state is absorbing and its entries are 0, so those reads hit one cached row,
    and the loop has no exit that depends on the counts, which the CPU would mispredict on
    random hands (measured faster than stopping at the dead state, for hu and ting alike).
    """
    s = state
    r = rank
    for n in range(level, N_NUMBERS):
        e = trans[s * N_SYMBOLS + COUNT_VALUES * part[n] + part[n + N_NUMBERS]]
        s = e & STATE_MASK
        r += e >> RANK_SHIFT
    if s != final:
        return NO_WIN
    return r


@jitable
def walk_back_from(back: Table, back_final: int, part: Counts, level: int, state: int) -> bool:
    """True when the reverse automaton ``back``, in ``state`` after numbers 9..level+1, reads
    numbers level..0 of ``part`` into ``back_final`` (``level`` 9 and START: the whole vector).
    Like :func:`walk_from`, it reads on through the dead state."""
    s = state
    for n in range(level, -1, -1):
        s = back[s * N_SYMBOLS + COUNT_VALUES * part[n] + part[n + N_NUMBERS]]
    return s == back_final


@jitable
def ting_label(ting_final: int, state: int) -> int:
    """The label of the state a ting automaton walk ends in: the most huxi a draw can give the
    part, or NO_WIN for the dead state."""
    return ting_final - state if state != DEAD else NO_WIN


@jitable
def ting_best(ting: Table, ting_final: int, part: Counts) -> int:
    """The most huxi one draw can give ``part`` (20 counts, each 0..2): the ting automaton's
    label of it, or NO_WIN when it refuses it (no draw makes it win). Like :func:`walk_from`,
    it reads on through the dead state."""
    s = START
    for n in range(N_NUMBERS):
        s = ting[s * N_SYMBOLS + COUNT_VALUES * part[n] + part[n + N_NUMBERS]]
    return ting_label(ting_final, s)


@jitable
def ting_best_two(ting: Table, ting_final: int, part: Counts, other: Counts) -> tuple[int, int]:
    """:func:`ting_best` of two parts, walked in one loop: the two chains of reads overlap."""
    s = START
    r = START
    for n in range(N_NUMBERS):
        s = ting[s * N_SYMBOLS + COUNT_VALUES * part[n] + part[n + N_NUMBERS]]
        r = ting[r * N_SYMBOLS + COUNT_VALUES * other[n] + other[n + N_NUMBERS]]
    return ting_label(ting_final, s), ting_label(ting_final, r)


@jitable
def key_of(counts: Counts) -> int:
    """Key of a count vector (each 0..2): its ten symbols as base-9 digits, number 0 first."""
    key = 0
    for n in range(N_NUMBERS):
        key = key * N_SYMBOLS + COUNT_VALUES * counts[n] + counts[n + N_NUMBERS]
    return key


@jitable
def decode_key(key: int, counts: Scratch) -> None:
    """Fill ``counts`` (20) from a key (the inverse of :func:`key_of`)."""
    for n in range(N_NUMBERS - 1, -1, -1):
        digit = key % N_SYMBOLS
        key //= N_SYMBOLS
        counts[n] = digit // COUNT_VALUES
        counts[n + N_NUMBERS] = digit % COUNT_VALUES


@jitable
def lowest_card(counts: Counts) -> int:
    """The lowest card a vector holds (lowest number first, small before big), or -1 if empty."""
    for n in range(N_NUMBERS):
        if counts[n] > 0:
            return n
        if counts[n + N_NUMBERS] > 0:
            return n + N_NUMBERS
    return -1


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


class GroupTables(NamedTuple):
    """One group set's tables: arrays for the kernels, memoryviews for Python (they index fastest)."""

    trans: np.ndarray
    final: int
    values: np.ndarray
    trans_view: memoryview
    values_view: memoryview
    back: np.ndarray
    """The reverse automaton (uint32) ..."""
    back_final: int
    back_view: memoryview
    ting: np.ndarray
    """The ting automaton (uint32) ..."""
    ting_final: int
    ting_view: memoryview


class Tables(NamedTuple):
    """What the queries read from data/zipai.h5: the tables of each group set."""

    plain: GroupTables
    yiwushi: GroupTables

    def of(self, yiwushi: bool) -> GroupTables:
        """The tables of the group set a rule set plays with."""
        return self.yiwushi if yiwushi else self.plain


def _read(tableset: tables.TableSet) -> Tables:
    sets = []
    for group_set in GROUP_SETS:
        automaton, values = (tableset[name] for name in datasets_of(group_set))
        final = int(tableset.attrs[final_state_attr(group_set)])
        back = tableset[reverse_dataset_of(group_set)]
        back_final = int(tableset.attrs[reverse_final_attr(group_set)])
        ting = tableset[ting_dataset_of(group_set)]
        ting_final = int(tableset.attrs[ting_final_attr(group_set)])
        sets.append(GroupTables(automaton, final, values, automaton.data, values.data, back, back_final, back.data,
                                ting, ting_final, ting.data))
    return Tables(*sets)


VIEW: tables.TableView[Tables] = tables.TableView(GAME, _read)
"""The loaded zipai tables (``VIEW.value or VIEW.get()``); dropped by :func:`lookup.tables.clear_cache`."""
