"""The detectors of the Chinese Official fans: jitable steps that find the fans of one reading
of a hand (:func:`reading_fans`). The fans of melds (:func:`chow_fans`, :func:`pung_fans`) are
listed each with *where*, the bit mask of the melds it is found on; the others
(:func:`tile_fans`, :func:`kong_fans`, :func:`situation_fans`, :func:`form_fans`,
:func:`meld_hand_fans`, :func:`wait_fans`) are added to a fan mask
(:func:`.exclusions.with_fan`). Each fan's row in :data:`.fans.FANS` names its step. The
steps read the reading's melds from the scratch rows (:class:`..readings.ReadingRow`). The
steps of the whole hand, each called once, are inlined into :func:`reading_fans`, and it into
the scorer's per-reading step.
"""

from __future__ import annotations

import numpy as np

from ....jit import jitable
from ...encoding import HONOR_OFFSET, MAX_MELDS, N_SUIT_RANKS, ORPHAN_MASK, SUIT_OFFSETS
from ...row import bit_count
from ..readings import (
    Form,
    Meld,
    ReadingRow,
    Wait,
    meld_pair_single_wait,
    rank_of,
    suit_of,
    wait_shape,
    win_in_concealed_chow,
)
from . import tiles
from .exclusions import with_fan
from .fans import Fan
from .hand import HandFacts
from .scratch import Row


@jitable
def one_suit(a: int, b: int) -> bool:
    return a < HONOR_OFFSET and b < HONOR_OFFSET and suit_of(a) == suit_of(b)


@jitable
def three_suits(a: int, b: int, c: int) -> bool:
    return (c < HONOR_OFFSET and suit_of(a) != suit_of(b) and suit_of(b) != suit_of(c)
            and suit_of(a) != suit_of(c))


@jitable
def sorted3(a: int, b: int, c: int) -> tuple[int, int, int]:
    if a > b:
        a, b = b, a
    if b > c:
        b, c = c, b
    if a > b:
        a, b = b, a
    return a, b, c


@jitable
def add_fan(found_fan: np.ndarray, found_where: np.ndarray, n: int, fan: int, where: int) -> int:
    found_fan[n] = fan
    found_where[n] = where
    return n + 1


@jitable
def group_has(t: int, pong: bool, test: int) -> bool:
    """Whether a meld or pair (a chow from ``t``, else tiles ``t``) holds a tile of mask ``test``."""
    if pong:
        return (test >> t) & 1 == 1
    return ((test >> t) | (test >> (t + 1)) | (test >> (t + 2))) & 1 == 1


@jitable
def chow_fans(work, n_melds, n):
    """Appends the fans of two, three and four chows of the reading in ``work`` (melds sorted by
    tile, so each set's tiles come sorted) to the ``n`` fans found; returns how many now."""
    kind, tile, found_fan, found_where = work[ReadingRow.KIND], work[ReadingRow.TILE], work[Row.FAN], work[Row.WHERE]
    for i in range(n_melds):
        if kind[i] != Meld.CHOW:
            continue
        a = tile[i]
        for j in range(i + 1, n_melds):
            if kind[j] != Meld.CHOW:
                continue
            b = tile[j]
            where2 = (1 << i) | (1 << j)
            if a == b:
                n = add_fan(found_fan, found_where, n, Fan.PURE_DOUBLE_CHOW, where2)
            elif suit_of(a) != suit_of(b) and rank_of(a) == rank_of(b):
                n = add_fan(found_fan, found_where, n, Fan.MIXED_DOUBLE_CHOW, where2)
            elif one_suit(a, b) and b - a == 3:
                n = add_fan(found_fan, found_where, n, Fan.SHORT_STRAIGHT, where2)
            elif one_suit(a, b) and rank_of(a) == 0 and rank_of(b) == 6:
                n = add_fan(found_fan, found_where, n, Fan.TWO_TERMINAL_CHOWS, where2)
            for k in range(j + 1, n_melds):
                if kind[k] != Meld.CHOW:
                    continue
                c = tile[k]
                where3 = where2 | (1 << k)
                if a == b and b == c:
                    n = add_fan(found_fan, found_where, n, Fan.PURE_TRIPLE_CHOW, where3)
                elif one_suit(a, c) and one_suit(a, b):
                    if b - a == c - b and (b - a == 1 or b - a == 2):
                        n = add_fan(found_fan, found_where, n, Fan.PURE_SHIFTED_CHOWS, where3)
                    elif rank_of(a) == 0 and b - a == 3 and c - b == 3:
                        n = add_fan(found_fan, found_where, n, Fan.PURE_STRAIGHT, where3)
                elif three_suits(a, b, c):
                    r0, r1, r2 = sorted3(rank_of(a), rank_of(b), rank_of(c))
                    if r0 == 0 and r1 == 3 and r2 == 6:
                        n = add_fan(found_fan, found_where, n, Fan.MIXED_STRAIGHT, where3)
                    elif r0 == r2:
                        n = add_fan(found_fan, found_where, n, Fan.MIXED_TRIPLE_CHOW, where3)
                    elif r1 == r0 + 1 and r2 == r1 + 1:
                        n = add_fan(found_fan, found_where, n, Fan.MIXED_SHIFTED_CHOWS, where3)
                for m in range(k + 1, n_melds):
                    if kind[m] != Meld.CHOW:
                        continue
                    d = tile[m]
                    if a == d:
                        n = add_fan(found_fan, found_where, n, Fan.QUADRUPLE_CHOW, where3 | (1 << m))
                    elif one_suit(a, d) and one_suit(a, b) and one_suit(a, c) and b - a == c - b and d - c == b - a \
                            and (b - a == 1 or b - a == 2):
                        n = add_fan(found_fan, found_where, n, Fan.FOUR_PURE_SHIFTED_CHOWS, where3 | (1 << m))
    return n


@jitable
def pung_fans(work, n_melds, pair, seat_wind, round_wind, n):
    """Appends the fans of one to four pungs (kongs count as pungs) of the reading in ``work``
    to the ``n`` fans found; returns how many now."""
    kind, tile, found_fan, found_where = work[ReadingRow.KIND], work[ReadingRow.TILE], work[Row.FAN], work[Row.WHERE]
    for i in range(n_melds):
        if kind[i] == Meld.CHOW:
            continue
        a = tile[i]
        where1 = 1 << i
        if (tiles.DRAGON_MASK >> a) & 1:
            n = add_fan(found_fan, found_where, n, Fan.DRAGON_PUNG, where1)
        if a == tiles.WIND_OFFSET + round_wind:
            n = add_fan(found_fan, found_where, n, Fan.PREVALENT_WIND, where1)
        if a == tiles.WIND_OFFSET + seat_wind:
            n = add_fan(found_fan, found_where, n, Fan.SEAT_WIND, where1)
        if ((tiles.TERMINAL_MASK | tiles.WIND_MASK) >> a) & 1:
            n = add_fan(found_fan, found_where, n, Fan.PUNG_OF_TERMINALS_OR_HONORS, where1)
        for j in range(i + 1, n_melds):
            if kind[j] == Meld.CHOW:
                continue
            b = tile[j]
            where2 = where1 | (1 << j)
            if b < HONOR_OFFSET and rank_of(a) == rank_of(b):
                n = add_fan(found_fan, found_where, n, Fan.DOUBLE_PUNG, where2)
            elif a >= tiles.DRAGON_OFFSET:
                n = add_fan(found_fan, found_where, n, Fan.TWO_DRAGON_PUNGS, where2)
                if (tiles.DRAGON_MASK >> pair) & 1:
                    n = add_fan(found_fan, found_where, n, Fan.LITTLE_THREE_DRAGONS, where2)
            for k in range(j + 1, n_melds):
                if kind[k] == Meld.CHOW:
                    continue
                c = tile[k]
                where3 = where2 | (1 << k)
                if one_suit(a, c) and one_suit(a, b) and b == a + 1 and c == b + 1:
                    n = add_fan(found_fan, found_where, n, Fan.PURE_SHIFTED_PUNGS, where3)
                elif three_suits(a, b, c):
                    r0, r1, r2 = sorted3(rank_of(a), rank_of(b), rank_of(c))
                    if r0 == r2:
                        n = add_fan(found_fan, found_where, n, Fan.TRIPLE_PUNG, where3)
                    elif r1 == r0 + 1 and r2 == r1 + 1:
                        n = add_fan(found_fan, found_where, n, Fan.MIXED_SHIFTED_PUNGS, where3)
                elif a >= tiles.DRAGON_OFFSET:
                    n = add_fan(found_fan, found_where, n, Fan.BIG_THREE_DRAGONS, where3)
                elif a >= tiles.WIND_OFFSET and c < tiles.DRAGON_OFFSET:
                    n = add_fan(found_fan, found_where, n, Fan.BIG_THREE_WINDS, where3)
                    if (tiles.WIND_MASK >> pair) & 1:
                        n = add_fan(found_fan, found_where, n, Fan.LITTLE_FOUR_WINDS, where3)
                for m in range(k + 1, n_melds):
                    if kind[m] == Meld.CHOW:
                        continue
                    d = tile[m]
                    if a >= tiles.WIND_OFFSET and d < tiles.DRAGON_OFFSET:
                        n = add_fan(found_fan, found_where, n, Fan.BIG_FOUR_WINDS, where3 | (1 << m))
                    elif one_suit(a, d) and one_suit(a, b) and one_suit(a, c) and b == a + 1 and c == b + 1 \
                            and d == c + 1:
                        n = add_fan(found_fan, found_where, n, Fan.FOUR_PURE_SHIFTED_PUNGS, where3 | (1 << m))
    return n




@jitable
def concealed_pungs(work, n_melds, win_tile, self_drawn) -> int:
    """The pungs and kongs with no tile claimed; one the discarded win tile completes counts
    as exposed, unless that tile can be read in a concealed chow of the hand."""
    kind, tile = work[ReadingRow.KIND], work[ReadingRow.TILE]
    declared, concealed = work[ReadingRow.DECLARED], work[ReadingRow.CONCEALED]
    count = 0
    completed = False
    for i in range(n_melds):
        if kind[i] != Meld.CHOW and concealed[i]:
            count += 1
            if kind[i] == Meld.PONG and not declared[i] and tile[i] == win_tile:
                completed = True
    if completed and not self_drawn and not win_in_concealed_chow(work, n_melds, win_tile):
        count -= 1
    return count


@jitable
def nine_gates(hand, n_declared) -> bool:
    """Whether the hand before the win is 1112345678999 of one suit, nothing declared (九莲宝灯)."""
    found = False
    if n_declared == 0:
        for s in range(len(tiles.SUIT_MASKS)):
            o = SUIT_OFFSETS[s]
            gates = hand[o] == 3 and hand[o + N_SUIT_RANKS - 1] == 3
            for r in range(1, N_SUIT_RANKS - 1):
                gates = gates and hand[o + r] == 1
            found = found or gates
    return found


@jitable(inline="llvm")
def tile_fans(whole, form, held, fours, kongs):
    """Adds to fan mask ``whole`` the fans of the tiles held, whatever the melds (as the form
    allows): the suits, the ranks, the honors, 四归一 (once; :func:`reading_fans` gives how many)."""
    numbered = held & tiles.NUMBERED_MASK
    suits = 0
    for mask in tiles.SUIT_MASKS:
        suits += int(held & mask != 0)
    honors = (held & tiles.HONOR_MASK) != 0
    terminal_form = form == Form.STANDARD or form == Form.SEVEN_PAIRS
    if held & ~tiles.GREEN_MASK == 0:
        whole = with_fan(whole, Fan.ALL_GREEN)
    if held & ~tiles.HONOR_MASK == 0:
        whole = with_fan(whole, Fan.ALL_HONORS)
    if terminal_form and held & ~tiles.TERMINAL_MASK == 0:
        whole = with_fan(whole, Fan.ALL_TERMINALS)
    if terminal_form and held & ~ORPHAN_MASK == 0 and honors and numbered:
        whole = with_fan(whole, Fan.ALL_TERMINALS_AND_HONORS)
    if not honors and suits == 1:
        whole = with_fan(whole, Fan.FULL_FLUSH)
    if honors and suits == 1:
        whole = with_fan(whole, Fan.HALF_FLUSH)
    for mask, found in tiles.RANK_SET_FANS:  # UPPER_TILES, MIDDLE_TILES, LOWER_TILES, UPPER_FOUR, LOWER_FOUR
        if held & ~mask == 0:
            whole = with_fan(whole, found)
    if held & ~tiles.REVERSIBLE_MASK == 0:
        whole = with_fan(whole, Fan.REVERSIBLE_TILES)
    if suits == 3 and held & tiles.WIND_MASK and held & tiles.DRAGON_MASK:
        whole = with_fan(whole, Fan.ALL_TYPES)
    if held & ORPHAN_MASK == 0:
        whole = with_fan(whole, Fan.ALL_SIMPLES)
    if suits == 2:
        whole = with_fan(whole, Fan.ONE_VOIDED_SUIT)
    if not honors:
        whole = with_fan(whole, Fan.NO_HONORS)
    if fours > kongs:
        whole = with_fan(whole, Fan.TILE_HOG)
    return whole


@jitable(inline="llvm")
def kong_fans(whole, kongs, concealed_kongs):
    """Adds to fan mask ``whole`` the fans of the number of kongs and of those concealed."""
    if kongs == MAX_MELDS:
        whole = with_fan(whole, Fan.FOUR_KONGS)
    elif kongs == 3:
        whole = with_fan(whole, Fan.THREE_KONGS)
    elif kongs == 2:
        whole = with_fan(whole, (Fan.TWO_MELDED_KONGS, Fan.CONCEALED_AND_MELDED_KONG,
                                 Fan.TWO_CONCEALED_KONGS)[concealed_kongs])
    elif kongs == 1:
        whole = with_fan(whole, Fan.CONCEALED_KONG if concealed_kongs else Fan.MELDED_KONG)
    return whole


@jitable(inline="llvm")
def situation_fans(whole, situation):
    """Adds to fan mask ``whole`` the fans of how the hand won (:class:`.hand.Situation`)."""
    if situation.last_tile:
        whole = with_fan(whole, Fan.LAST_TILE_DRAW if situation.self_drawn else Fan.LAST_TILE_CLAIM)
    if situation.kong:
        whole = with_fan(whole, Fan.OUT_WITH_REPLACEMENT_TILE if situation.self_drawn else Fan.ROBBING_THE_KONG)
    if situation.fourth_tile:
        whole = with_fan(whole, Fan.LAST_TILE)
    if situation.self_drawn:
        whole = with_fan(whole, Fan.SELF_DRAWN)
    return whole


@jitable(inline="llvm")
def form_fans(whole, form, held):
    """Adds to fan mask ``whole`` the fans of a special form (:class:`..readings.Form`)."""
    if form == Form.SEVEN_PAIRS:
        whole = with_fan(whole, Fan.SEVEN_PAIRS)
        low = 0
        while not (held >> low) & 1:
            low += 1
        if one_suit(low, low + 6) and (held >> low) & 0x7F == 0x7F:
            whole = with_fan(whole, Fan.SEVEN_SHIFTED_PAIRS)
    elif form == Form.THIRTEEN_ORPHANS:
        whole = with_fan(whole, Fan.THIRTEEN_ORPHANS)
    elif form == Form.HONORS_KNITTED:
        all_honors = held & tiles.HONOR_MASK == tiles.HONOR_MASK
        whole = with_fan(whole, Fan.GREATER_HONORS_KNITTED if all_honors else Fan.LESSER_HONORS_KNITTED)
        if (held & tiles.NUMBERED_MASK) and bit_count(held & tiles.NUMBERED_MASK) == 9:
            whole = with_fan(whole, Fan.KNITTED_STRAIGHT)
    elif form == Form.KNITTED_STRAIGHT:
        whole = with_fan(whole, Fan.KNITTED_STRAIGHT)
    return whole


@jitable(inline="llvm")
def wait_fans(whole, form, work, n_melds, pair, facts):
    """Adds to fan mask ``whole`` 边张, 嵌张 or 单钓将 of a reading with melds (the shape the win
    tile takes, :func:`..readings.wait_shape`) when the hand waited on that tile alone."""
    shape: int = Wait.NONE
    if form == Form.STANDARD and facts.single_wait:
        shape = wait_shape(work, n_melds, pair, facts.win_tile)
    elif form == Form.KNITTED_STRAIGHT and meld_pair_single_wait(work, pair, facts.win_held, facts.win_tile):
        shape = Wait.PAIR if work[ReadingRow.DECLARED, 0] else wait_shape(work, n_melds, pair, facts.win_tile)
    if shape == Wait.EDGE:
        whole = with_fan(whole, Fan.EDGE_WAIT)
    elif shape == Wait.CLOSED:
        whole = with_fan(whole, Fan.CLOSED_WAIT)
    elif shape == Wait.PAIR:
        whole = with_fan(whole, Fan.SINGLE_WAIT)
    return whole


@jitable(inline="llvm")
def meld_hand_fans(whole, form, work, n_melds, pair, facts: HandFacts):
    """Adds to fan mask ``whole`` the fans of a reading's melds and pair as a whole: concealed
    or melded, all chows or pungs, concealed pungs, the tiles of every meld, and of the
    standard form 无番和 (counted when nothing else is) and 九莲宝灯."""
    kind, tile = work[ReadingRow.KIND], work[ReadingRow.TILE]
    self_drawn = facts.situation.self_drawn
    chows = 0
    for i in range(n_melds):
        chows += int(kind[i] == Meld.CHOW)
    if facts.exposed == 0:
        whole = with_fan(whole, Fan.FULLY_CONCEALED_HAND if self_drawn else Fan.CONCEALED_HAND)
    if chows == n_melds and pair < HONOR_OFFSET:
        whole = with_fan(whole, Fan.ALL_CHOWS)
    hidden = concealed_pungs(work, n_melds, facts.win_tile, self_drawn)
    if hidden >= 2:
        whole = with_fan(whole, (Fan.TWO_CONCEALED_PUNGS, Fan.THREE_CONCEALED_PUNGS,
                                 Fan.FOUR_CONCEALED_PUNGS)[hidden - 2])
    if form != Form.STANDARD:
        return whole
    whole = with_fan(whole, Fan.CHICKEN_HAND)
    if facts.nine_gates:
        whole = with_fan(whole, Fan.NINE_GATES)
    if facts.exposed == MAX_MELDS and not self_drawn:
        whole = with_fan(whole, Fan.MELDED_HAND)
    if chows == 0:
        whole = with_fan(whole, Fan.ALL_PUNGS)
    even = fives = outside = True
    for i in range(n_melds + 1):
        t = tile[i] if i < n_melds else pair
        pong = i == n_melds or kind[i] != Meld.CHOW
        even = even and pong and t < HONOR_OFFSET and rank_of(t) % 2 == 1
        fives = fives and group_has(t, pong, tiles.FIVES_MASK)
        outside = outside and group_has(t, pong, ORPHAN_MASK)
    if even:
        whole = with_fan(whole, Fan.ALL_EVEN_PUNGS)
    if fives:
        whole = with_fan(whole, Fan.ALL_FIVES)
    if outside:
        whole = with_fan(whole, Fan.OUTSIDE_HAND)
    if chows == MAX_MELDS and pair < HONOR_OFFSET and rank_of(pair) == 4:
        if tile[0] == pair - 4 and tile[1] == pair - 4 and tile[2] == pair + 2 and tile[3] == pair + 2:
            whole = with_fan(whole, Fan.PURE_TERMINAL_CHOWS)
        else:
            lows = 0
            for i in range(MAX_MELDS):
                lows |= 1 << tile[i]
            if lows == tiles.TERMINAL_CHOW_MASK & ~tiles.SUIT_MASKS[suit_of(pair)]:
                whole = with_fan(whole, Fan.THREE_SUITED_TERMINAL_CHOWS)
    return whole


@jitable(inline="llvm")
def reading_fans(form, work, n_melds, pair, facts):
    """Every fan found in one reading (before exclusions): those of melds as (fan, where) in
    scratch rows ``FAN`` and ``WHERE``, those of the whole hand as a fan mask; returns (how
    many of melds, the mask, the times 四归一 counts). The reading: its ``n_melds`` melds in the
    reading rows and ``pair``; ``facts``: the hand's :class:`.hand.HandFacts`."""
    kind, concealed = work[ReadingRow.KIND], work[ReadingRow.CONCEALED]
    kongs = 0
    concealed_kongs = 0
    for i in range(n_melds):
        if kind[i] == Meld.KONG:
            kongs += 1
            concealed_kongs += int(concealed[i])
    whole = tile_fans((0, 0), form, facts.held, facts.fours, kongs)
    whole = kong_fans(whole, kongs, concealed_kongs)
    whole = situation_fans(whole, facts.situation)
    whole = form_fans(whole, form, facts.held)
    n = 0
    if form == Form.STANDARD or form == Form.KNITTED_STRAIGHT:
        n = chow_fans(work, n_melds, n)
        n = pung_fans(work, n_melds, pair, facts.situation.seat_wind, facts.situation.round_wind, n)
        whole = meld_hand_fans(whole, form, work, n_melds, pair, facts)
        whole = wait_fans(whole, form, work, n_melds, pair, facts)
    return n, whole, facts.fours - kongs
