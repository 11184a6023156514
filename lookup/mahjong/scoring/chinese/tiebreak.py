"""The calculator's choice among the readings of a hand: of readings of equal total it keeps
the first it finds (:func:`search_key` orders the standard readings as its search does; the
special forms come first) unless a later one is *replacing* (the calculator's rule after
七对, 一色三同顺 or 三同刻). :func:`offer_reading` keeps the best reading so far in the
scratch's detail rows.
"""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

import numpy as np

from ....jit import jitable
from ...encoding import N_TILE_KINDS
from ..readings import Meld, ReadingRow
from .exclusions import next_fan
from .fans import Fan
from .scratch import Detail, Row
from .tiles import SEARCH_BASE, SEARCH_POSITION


class State(IntEnum):
    """The items of the scratch's ``STATE`` row: the best total, the order key of the first
    reading of that total and whether it is replacing, the key of the last replacing one, a
    七对 reading seen, the special readings numbered so far."""

    BEST = 0
    FIRST_KEY = 1
    FIRST_REPLACING = 2
    REPLACING_KEY = 3
    SEEN_SEVEN_PAIRS = 4
    NEXT_SPECIAL = 5


NO_KEY = -(1 << 62)
SPECIAL_KEY = -(1 << 40)
"""Order keys of the special readings start here (they come before every standard reading)."""


class Shape(NamedTuple):
    """What a detail row keeps of a reading besides its fans."""

    form: int
    pair: int
    knit: int
    """The knitted set (-1 none)."""
    n_melds: int


class Counted(NamedTuple):
    """A reading's score after the exclusions."""

    total: int
    whole: tuple[int, int]
    """The fans of the whole hand counted (a fan mask)."""
    hogs: int
    """The times 四归一 counts."""
    n_found: int
    """Fans of melds found (scratch row ``FAN``; ``ALIVE`` says which count)."""


@jitable(inline="llvm")
def reset_state(work) -> None:
    """Starts the choice over (no reading kept)."""
    state = work[Row.STATE]
    state[State.BEST] = -1
    state[State.FIRST_KEY] = NO_KEY
    state[State.FIRST_REPLACING] = 0
    state[State.REPLACING_KEY] = NO_KEY
    state[State.SEEN_SEVEN_PAIRS] = 0
    state[State.NEXT_SPECIAL] = 0


@jitable
def next_special(work: np.ndarray) -> int:
    """The order key of the next special reading (found order, before every standard one)."""
    state = work[Row.STATE]
    state[State.NEXT_SPECIAL] += 1
    return SPECIAL_KEY + state[State.NEXT_SPECIAL]


@jitable
def search_key(kind: np.ndarray, tile: np.ndarray, declared: np.ndarray, n: int, packed: np.ndarray) -> int:
    """The order the calculator finds a standard reading in: its concealed melds' codes
    (2 * SEARCH_POSITION + is chow), sorted, as digits of one number (``packed``: scratch)."""
    codes = 0
    n_codes = 0
    for i in range(n):
        if not declared[i]:
            packed[n_codes] = 2 * SEARCH_POSITION[tile[i]] + int(kind[i] == Meld.CHOW)
            n_codes += 1
    packed[:n_codes].sort()
    for i in range(n_codes):
        codes = codes * SEARCH_BASE + packed[i]
    return codes


@jitable
def replacing(work, n, seen_seven_pairs) -> bool:
    """Whether a scored reading replaces an earlier one of equal total: a 七对 reading came
    before, or it counts 一色三同顺 or 三同刻."""
    found = seen_seven_pairs
    for i in range(n):
        if work[Row.ALIVE, i]:
            fan = work[Row.FAN, i]
            found = found or fan == Fan.PURE_TRIPLE_CHOW or fan == Fan.TRIPLE_PUNG
    return found


@jitable
def write_detail(work, slot, shape, counted) -> None:
    """Writes a scored reading into detail row ``slot`` (0 or 1 after ``DETAIL``)."""
    out = work[Row.DETAIL + slot]
    out[Detail.TOTAL] = counted.total
    out[Detail.FORM] = shape.form
    out[Detail.PAIR] = shape.pair
    out[Detail.KNIT] = shape.knit
    m = 0
    for i in range(shape.n_melds):
        if not work[ReadingRow.DECLARED, i]:
            out[Detail.MELDS + m] = work[ReadingRow.KIND, i] * N_TILE_KINDS + work[ReadingRow.TILE, i]
            m += 1
    out[Detail.N_MELDS] = m
    count = 0
    low, high = counted.whole
    while low or high:
        fan, low, high = next_fan(low, high)
        for _ in range(counted.hogs if fan == Fan.TILE_HOG else 1):
            out[Detail.FANS + count] = fan
            count += 1
    for i in range(counted.n_found):  # the fans counted, in table order
        if work[Row.ALIVE, i]:
            fan = work[Row.FAN, i]
            j = Detail.FANS + count
            while j > Detail.FANS and out[j - 1] > fan:
                out[j] = out[j - 1]
                j -= 1
            out[j] = fan
            count += 1
    out[Detail.N_FANS] = count


@jitable
def offer_reading(work, key, is_replacing, shape, counted) -> None:
    """Keeps a scored reading (:class:`Shape`, :class:`Counted`) if it is the best so far. Of
    readings of equal total the calculator keeps the first (by order key) unless a later one
    is replacing; the state keeps the first and the last replacing one, whatever order they
    come in."""
    state = work[Row.STATE]
    total = counted.total
    slot = -1
    if total > state[State.BEST]:
        state[State.BEST] = total
        state[State.FIRST_KEY] = key
        state[State.FIRST_REPLACING] = int(is_replacing)
        state[State.REPLACING_KEY] = NO_KEY
        slot = 0
    elif total == state[State.BEST]:
        if key < state[State.FIRST_KEY]:
            if state[State.FIRST_REPLACING] and state[State.FIRST_KEY] > state[State.REPLACING_KEY]:
                state[State.REPLACING_KEY] = state[State.FIRST_KEY]
                work[Row.DETAIL + 1, :] = work[Row.DETAIL, :]
            state[State.FIRST_KEY] = key
            state[State.FIRST_REPLACING] = int(is_replacing)
            slot = 0
        elif is_replacing and key > state[State.REPLACING_KEY]:
            state[State.REPLACING_KEY] = key
            slot = 1
    if slot >= 0:
        write_detail(work, slot, shape, counted)


@jitable(inline="llvm")
def chosen_reading(work) -> int:
    """Moves the reading the calculator keeps into row ``DETAIL``; returns its total (-1 none)."""
    state = work[Row.STATE]
    if state[State.REPLACING_KEY] != NO_KEY:
        work[Row.DETAIL, :] = work[Row.DETAIL + 1, :]
    return state[State.BEST]
