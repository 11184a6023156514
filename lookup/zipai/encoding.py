"""The zipai table contract: what ``tablegen/zipai.py`` writes and the runtime reads.

Defined here once for both sides: the card layout, the key of a count vector, the automata's
entry layouts, the value layout, the dataset names, the walks (:func:`~lookup.jit.jitable`)
and :data:`VIEW`, the loaded tables. The units of a split are in :mod:`lookup.zipai.units`.

Cards: index 0..9 small 一..十, 10..19 big 壹..拾; card t has number t % 10. A *part* (the
checked part of a hand) is 20 counts, each 0..2.

**Key.** Number n reads as the symbol 3 * small_n + big_n (0..8); a part's key is its ten
symbols as base-9 digits, number 0 the most significant (:func:`key_of`).

**Automaton** (``trans``, int64): the minimal deterministic automaton of the winning parts
(state 0 dead, 1 the start, ``final`` accepting after ten symbols). ``trans[9 * s + symbol]``
packs the next state (low 32 bits) and the number of winning parts that leave s by a smaller
symbol (high 32 bits): their sum along a part's path is its rank in key order, a minimal
perfect hash into ``values``. A part that does not win ends in another state: no key store.

**Reverse automaton** (``back``, uint32 next states): the same parts read number 9 first. A
prefix dead in ``trans`` or a suffix dead in ``back`` belongs to no winning part, so ting
walks a changed part only where both are live (:func:`walk_from`, :func:`walk_back_from`).

**Ting automaton** (``ting``, uint32 next states): the parts one draw from winning (3k+1 or
3k+2 cards, at most 20), read number 0 first. Such a part ends in state ``ting_final - h``,
h the most huxi one draw can give it (:func:`ting_best`); any other part in the dead state.

**Values** (``values[rank]``, uint16): bits 0..4 the part's best huxi over its splits, bits
5..10 its first moves: bit 5 + m when unit ``MOVE_UNITS[lowest card][m]`` leaves a winning part.
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
HuTables: TypeAlias = tuple[Table, int, Table]
"""(trans, final, values): a group set's automaton, its accepting state and its values."""
TingTables: TypeAlias = tuple[Table, int, Table, int]
"""(back, back_final, ting, ting_final): its reverse and ting automata and their accepting states."""

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
    random hands.
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



class GroupTables(NamedTuple):
    """One group set's tables as the per-hand steps take them: ``hu``, :data:`HuTables`, and
    ``ting``, :data:`TingTables`, as arrays for the kernels; ``hu_view`` and ``ting_view`` the
    same with memoryviews in place of the arrays, for Python (they index fastest)."""

    hu: HuTables
    ting: TingTables
    hu_view: HuTables
    ting_view: TingTables


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
        trans, values = (tableset[name] for name in datasets_of(group_set))
        final = int(tableset.attrs[final_state_attr(group_set)])
        back = tableset[reverse_dataset_of(group_set)]
        back_final = int(tableset.attrs[reverse_final_attr(group_set)])
        ting = tableset[ting_dataset_of(group_set)]
        ting_final = int(tableset.attrs[ting_final_attr(group_set)])
        sets.append(GroupTables((trans, final, values), (back, back_final, ting, ting_final),
                                (trans.data, final, values.data), (back.data, back_final, ting.data, ting_final)))
    return Tables(*sets)


VIEW: tables.TableView[Tables] = tables.TableView(GAME, _read)
"""The loaded zipai tables (``VIEW.value or VIEW.get()``); dropped by :func:`lookup.tables.clear_cache`."""
