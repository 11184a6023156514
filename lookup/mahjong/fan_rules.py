"""The rule of each Chinese Official fan, as jitable steps that list the fans found in one
reading of a hand (:func:`reading_fans`), each with *where*: the bit mask of the melds it is
found on (0 for the whole hand). Each step takes the work array whole
(:data:`.fans.WORK_SHAPE`) and reads the reading's melds from its rows. The fan table, the
exclusions and the layouts are in :mod:`.fans`; the readings themselves come from
:mod:`.fan_readings`.
"""

from __future__ import annotations

import numpy as np

from ..jit import jitable
from . import fans as fan
from .encoding import MAX_MELDS, N_SUIT_RANKS, N_TILE_KINDS, ORPHAN_MASK
from .fans import with_fan
from .row import bit_count


@jitable
def rank_of(t: int) -> int:
    return t % N_SUIT_RANKS


@jitable
def suit_of(t: int) -> int:
    """0..2 a numbered suit, 3 the honors."""
    return t // N_SUIT_RANKS


@jitable
def one_suit(a: int, b: int) -> bool:
    return a < fan.HONOR_OFFSET and b < fan.HONOR_OFFSET and suit_of(a) == suit_of(b)


@jitable
def three_suits(a: int, b: int, c: int) -> bool:
    return (c < fan.HONOR_OFFSET and suit_of(a) != suit_of(b) and suit_of(b) != suit_of(c)
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
    kind, tile, found_fan, found_where = work[fan.W_KIND], work[fan.W_TILE], work[fan.W_FAN], work[fan.W_WHERE]
    for i in range(n_melds):
        if kind[i] != fan.CHOW:
            continue
        a = tile[i]
        for j in range(i + 1, n_melds):
            if kind[j] != fan.CHOW:
                continue
            b = tile[j]
            where2 = (1 << i) | (1 << j)
            if a == b:
                n = add_fan(found_fan, found_where, n, fan.PURE_DOUBLE_CHOW, where2)
            elif suit_of(a) != suit_of(b) and rank_of(a) == rank_of(b):
                n = add_fan(found_fan, found_where, n, fan.MIXED_DOUBLE_CHOW, where2)
            elif one_suit(a, b) and b - a == 3:
                n = add_fan(found_fan, found_where, n, fan.SHORT_STRAIGHT, where2)
            elif one_suit(a, b) and rank_of(a) == 0 and rank_of(b) == 6:
                n = add_fan(found_fan, found_where, n, fan.TWO_TERMINAL_CHOWS, where2)
            for k in range(j + 1, n_melds):
                if kind[k] != fan.CHOW:
                    continue
                c = tile[k]
                where3 = where2 | (1 << k)
                if a == b and b == c:
                    n = add_fan(found_fan, found_where, n, fan.PURE_TRIPLE_CHOW, where3)
                elif one_suit(a, c) and one_suit(a, b):
                    if b - a == c - b and (b - a == 1 or b - a == 2):
                        n = add_fan(found_fan, found_where, n, fan.PURE_SHIFTED_CHOWS, where3)
                    elif rank_of(a) == 0 and b - a == 3 and c - b == 3:
                        n = add_fan(found_fan, found_where, n, fan.PURE_STRAIGHT, where3)
                elif three_suits(a, b, c):
                    r0, r1, r2 = sorted3(rank_of(a), rank_of(b), rank_of(c))
                    if r0 == 0 and r1 == 3 and r2 == 6:
                        n = add_fan(found_fan, found_where, n, fan.MIXED_STRAIGHT, where3)
                    elif r0 == r2:
                        n = add_fan(found_fan, found_where, n, fan.MIXED_TRIPLE_CHOW, where3)
                    elif r1 == r0 + 1 and r2 == r1 + 1:
                        n = add_fan(found_fan, found_where, n, fan.MIXED_SHIFTED_CHOWS, where3)
                for m in range(k + 1, n_melds):
                    if kind[m] != fan.CHOW:
                        continue
                    d = tile[m]
                    if a == d:
                        n = add_fan(found_fan, found_where, n, fan.QUADRUPLE_CHOW, where3 | (1 << m))
                    elif one_suit(a, d) and one_suit(a, b) and one_suit(a, c) and b - a == c - b and d - c == b - a \
                            and (b - a == 1 or b - a == 2):
                        n = add_fan(found_fan, found_where, n, fan.FOUR_PURE_SHIFTED_CHOWS, where3 | (1 << m))
    return n


@jitable
def pung_fans(work, n_melds, pair, seat_wind, round_wind, n):
    """Appends the fans of one to four pungs (kongs count as pungs) of the reading in ``work``
    to the ``n`` fans found; returns how many now."""
    kind, tile, found_fan, found_where = work[fan.W_KIND], work[fan.W_TILE], work[fan.W_FAN], work[fan.W_WHERE]
    for i in range(n_melds):
        if kind[i] == fan.CHOW:
            continue
        a = tile[i]
        where1 = 1 << i
        if (fan.DRAGON_MASK >> a) & 1:
            n = add_fan(found_fan, found_where, n, fan.DRAGON_PUNG, where1)
        if a == fan.WIND_OFFSET + round_wind:
            n = add_fan(found_fan, found_where, n, fan.PREVALENT_WIND, where1)
        if a == fan.WIND_OFFSET + seat_wind:
            n = add_fan(found_fan, found_where, n, fan.SEAT_WIND, where1)
        if ((fan.TERMINAL_MASK | fan.WIND_MASK) >> a) & 1:
            n = add_fan(found_fan, found_where, n, fan.PUNG_OF_TERMINALS_OR_HONORS, where1)
        for j in range(i + 1, n_melds):
            if kind[j] == fan.CHOW:
                continue
            b = tile[j]
            where2 = where1 | (1 << j)
            if b < fan.HONOR_OFFSET and rank_of(a) == rank_of(b):
                n = add_fan(found_fan, found_where, n, fan.DOUBLE_PUNG, where2)
            elif a >= fan.DRAGON_OFFSET:
                n = add_fan(found_fan, found_where, n, fan.TWO_DRAGON_PUNGS, where2)
                if (fan.DRAGON_MASK >> pair) & 1:
                    n = add_fan(found_fan, found_where, n, fan.LITTLE_THREE_DRAGONS, where2)
            for k in range(j + 1, n_melds):
                if kind[k] == fan.CHOW:
                    continue
                c = tile[k]
                where3 = where2 | (1 << k)
                if one_suit(a, c) and one_suit(a, b) and b == a + 1 and c == b + 1:
                    n = add_fan(found_fan, found_where, n, fan.PURE_SHIFTED_PUNGS, where3)
                elif three_suits(a, b, c):
                    r0, r1, r2 = sorted3(rank_of(a), rank_of(b), rank_of(c))
                    if r0 == r2:
                        n = add_fan(found_fan, found_where, n, fan.TRIPLE_PUNG, where3)
                    elif r1 == r0 + 1 and r2 == r1 + 1:
                        n = add_fan(found_fan, found_where, n, fan.MIXED_SHIFTED_PUNGS, where3)
                elif a >= fan.DRAGON_OFFSET:
                    n = add_fan(found_fan, found_where, n, fan.BIG_THREE_DRAGONS, where3)
                elif a >= fan.WIND_OFFSET and c < fan.DRAGON_OFFSET:
                    n = add_fan(found_fan, found_where, n, fan.BIG_THREE_WINDS, where3)
                    if (fan.WIND_MASK >> pair) & 1:
                        n = add_fan(found_fan, found_where, n, fan.LITTLE_FOUR_WINDS, where3)
                for m in range(k + 1, n_melds):
                    if kind[m] == fan.CHOW:
                        continue
                    d = tile[m]
                    if a >= fan.WIND_OFFSET and d < fan.DRAGON_OFFSET:
                        n = add_fan(found_fan, found_where, n, fan.BIG_FOUR_WINDS, where3 | (1 << m))
                    elif one_suit(a, d) and one_suit(a, b) and one_suit(a, c) and b == a + 1 and c == b + 1 \
                            and d == c + 1:
                        n = add_fan(found_fan, found_where, n, fan.FOUR_PURE_SHIFTED_PUNGS, where3 | (1 << m))
    return n


@jitable
def concealed_pungs(work, n_melds, win_tile, self_drawn) -> int:
    """The pungs and kongs with no tile claimed; one the discarded win tile completes counts
    as exposed, unless that tile can be read in a concealed chow of the hand."""
    kind, tile, declared, concealed = work[fan.W_KIND], work[fan.W_TILE], work[fan.W_DECLARED], work[fan.W_CONCEALED]
    count = 0
    completed = False
    in_chow = False
    for i in range(n_melds):
        if kind[i] == fan.CHOW:
            if not declared[i] and tile[i] <= win_tile <= tile[i] + 2:
                in_chow = True
        elif concealed[i]:
            count += 1
            if kind[i] == fan.PONG and not declared[i] and tile[i] == win_tile:
                completed = True
    if completed and not self_drawn and not in_chow:
        count -= 1
    return count


@jitable
def meld_and_pair(rest: np.ndarray) -> bool:
    """Whether 5 tile counts are one meld and a pair."""
    for p in range(N_TILE_KINDS):
        if rest[p] >= 2:
            rest[p] -= 2
            found = False
            for t in range(N_TILE_KINDS):
                if rest[t] == 3:
                    found = True
                elif rest[t] and t < fan.HONOR_OFFSET and rank_of(t) <= 6 and rest[t + 1] and rest[t + 2]:
                    found = True
                if rest[t]:
                    break
            rest[p] += 2
            if found:
                return True
    return False


@jitable
def knitted_single_wait(work, pair, win_held, win_tile) -> bool:
    """Whether the meld and pair of a 组合龙 reading waited on the win tile alone: those tiles
    less the win tile complete with it only (with a declared meld: the hand held the win tile)."""
    kind, tile, declared, rest = work[fan.W_KIND], work[fan.W_TILE], work[fan.W_DECLARED], work[fan.W_REST]
    if declared[0]:
        return win_held
    rest[:] = 0
    rest[pair] += 2
    for d in range(3):
        rest[tile[0] + (d if kind[0] == fan.CHOW else 0)] += 1
    if rest[win_tile] == 0:
        return False
    rest[win_tile] -= 1
    waits = 0
    for x in range(N_TILE_KINDS):
        rest[x] += 1
        if meld_and_pair(rest):
            waits += 1
        rest[x] -= 1
    return waits == 1


@jitable
def wait_fan(work, n_melds, pair, win_tile) -> int:
    """边张, 嵌张 or 单钓将 (in that order) of a hand that waited on one tile, else -1."""
    kind, tile, declared = work[fan.W_KIND], work[fan.W_TILE], work[fan.W_DECLARED]
    closed = False
    for i in range(n_melds):
        if kind[i] == fan.CHOW and not declared[i]:
            c = tile[i]
            if (rank_of(c) == 0 and win_tile == c + 2) or (rank_of(c) == 6 and win_tile == c):
                return fan.EDGE_WAIT
            if win_tile == c + 1:
                closed = True
    if closed:
        return fan.CLOSED_WAIT
    return fan.SINGLE_WAIT if pair == win_tile else -1


@jitable
def whole_hand_fans(form, held, fours, kongs, concealed_kongs, situation):
    """The fans of the tiles held and the situation, whatever the melds (as the form allows),
    as a fan mask (:func:`.fans.with_fan`)."""
    whole = (0, 0)
    self_drawn, fourth_tile, kong, last_tile, _, _ = situation
    numbered = held & fan.NUMBERED_MASK
    suits = 0
    for mask in fan.SUIT_MASKS:
        suits += int(held & mask != 0)
    honors = (held & fan.HONOR_MASK) != 0
    terminal_form = form == fan.FORM_STANDARD or form == fan.FORM_SEVEN_PAIRS
    if held & ~fan.GREEN_MASK == 0:
        whole = with_fan(whole, fan.ALL_GREEN)
    if held & ~fan.HONOR_MASK == 0:
        whole = with_fan(whole, fan.ALL_HONORS)
    if terminal_form and held & ~fan.TERMINAL_MASK == 0:
        whole = with_fan(whole, fan.ALL_TERMINALS)
    if terminal_form and held & ~ORPHAN_MASK == 0 and honors and numbered:
        whole = with_fan(whole, fan.ALL_TERMINALS_AND_HONORS)
    if not honors and suits == 1:
        whole = with_fan(whole, fan.FULL_FLUSH)
    if honors and suits == 1:
        whole = with_fan(whole, fan.HALF_FLUSH)
    for mask, found in fan.RANK_SET_FANS:
        if held & ~mask == 0:
            whole = with_fan(whole, found)
    if held & ~fan.REVERSIBLE_MASK == 0:
        whole = with_fan(whole, fan.REVERSIBLE_TILES)
    if suits == 3 and held & fan.WIND_MASK and held & fan.DRAGON_MASK:
        whole = with_fan(whole, fan.ALL_TYPES)
    if held & ORPHAN_MASK == 0:
        whole = with_fan(whole, fan.ALL_SIMPLES)
    if suits == 2:
        whole = with_fan(whole, fan.ONE_VOIDED_SUIT)
    if not honors:
        whole = with_fan(whole, fan.NO_HONORS)
    if fours > kongs:  # counted once per tile held four times (reading_fans gives how many)
        whole = with_fan(whole, fan.TILE_HOG)
    if kongs == MAX_MELDS:
        whole = with_fan(whole, fan.FOUR_KONGS)
    elif kongs == 3:
        whole = with_fan(whole, fan.THREE_KONGS)
    elif kongs == 2:
        whole = with_fan(whole, (fan.TWO_MELDED_KONGS, fan.CONCEALED_AND_MELDED_KONG,
                                 fan.TWO_CONCEALED_KONGS)[concealed_kongs])
    elif kongs == 1:
        whole = with_fan(whole, fan.CONCEALED_KONG if concealed_kongs else fan.MELDED_KONG)
    if last_tile:
        whole = with_fan(whole, fan.LAST_TILE_DRAW if self_drawn else fan.LAST_TILE_CLAIM)
    if kong:
        whole = with_fan(whole, fan.OUT_WITH_REPLACEMENT_TILE if self_drawn else fan.ROBBING_THE_KONG)
    if fourth_tile:
        whole = with_fan(whole, fan.LAST_TILE)
    if self_drawn:
        whole = with_fan(whole, fan.SELF_DRAWN)
    return whole


@jitable
def reading_fans(form, work, n_melds, pair, facts):
    """Every fan found in one reading (before exclusions): those of melds as (fan, where) in
    work rows ``W_FAN`` and ``W_WHERE``, those of the whole hand as a fan mask; returns (how
    many of melds, the mask, the times 四归一 counts). The reading: its ``n_melds`` melds in the
    work rows (:data:`.fans.WORK_SHAPE`) and ``pair``; ``facts``: those of the hand
    (:func:`.fan_readings.score_reading`)."""
    kind, tile, concealed = work[fan.W_KIND], work[fan.W_TILE], work[fan.W_CONCEALED]
    held, fours, win_held, win_tile, exposed, single_wait, nine_gates, situation = facts
    self_drawn, fourth_tile, kong, last_tile, seat_wind, round_wind = situation
    kongs = 0
    concealed_kongs = 0
    chows = 0
    for i in range(n_melds):
        if kind[i] == fan.KONG:
            kongs += 1
            concealed_kongs += int(concealed[i])
        elif kind[i] == fan.CHOW:
            chows += 1
    whole = whole_hand_fans(form, held, fours, kongs, concealed_kongs, situation)
    n = 0
    with_melds = form == fan.FORM_STANDARD or form == fan.FORM_KNITTED_STRAIGHT
    if form == fan.FORM_SEVEN_PAIRS:
        whole = with_fan(whole, fan.SEVEN_PAIRS)
        low = 0
        while not (held >> low) & 1:
            low += 1
        if one_suit(low, low + 6) and (held >> low) & 0x7F == 0x7F:
            whole = with_fan(whole, fan.SEVEN_SHIFTED_PAIRS)
    elif form == fan.FORM_THIRTEEN_ORPHANS:
        whole = with_fan(whole, fan.THIRTEEN_ORPHANS)
    elif form == fan.FORM_HONORS_KNITTED:
        all_honors = held & fan.HONOR_MASK == fan.HONOR_MASK
        knitted = fan.GREATER_HONORS_KNITTED if all_honors else fan.LESSER_HONORS_KNITTED
        whole = with_fan(whole, knitted)
        if (held & fan.NUMBERED_MASK) and bit_count(held & fan.NUMBERED_MASK) == 9:
            whole = with_fan(whole, fan.KNITTED_STRAIGHT)
    elif form == fan.FORM_KNITTED_STRAIGHT:
        whole = with_fan(whole, fan.KNITTED_STRAIGHT)
    if with_melds:
        if exposed == 0:
            whole = with_fan(whole, fan.FULLY_CONCEALED_HAND if self_drawn else fan.CONCEALED_HAND)
        if chows == n_melds and pair < fan.HONOR_OFFSET:
            whole = with_fan(whole, fan.ALL_CHOWS)
        n = chow_fans(work, n_melds, n)
        n = pung_fans(work, n_melds, pair, seat_wind, round_wind, n)
        hidden = concealed_pungs(work, n_melds, win_tile, self_drawn)
        if hidden >= 2:
            whole = with_fan(whole, (fan.TWO_CONCEALED_PUNGS, fan.THREE_CONCEALED_PUNGS,
                                     fan.FOUR_CONCEALED_PUNGS)[hidden - 2])
        wait = -1
        if form == fan.FORM_STANDARD and single_wait:
            wait = wait_fan(work, n_melds, pair, win_tile)
        elif form == fan.FORM_KNITTED_STRAIGHT and knitted_single_wait(work, pair, win_held, win_tile):
            wait = fan.SINGLE_WAIT if work[fan.W_DECLARED, 0] else wait_fan(work, n_melds, pair, win_tile)
        if wait >= 0:
            whole = with_fan(whole, wait)
    if form == fan.FORM_STANDARD:
        whole = with_fan(whole, fan.CHICKEN_HAND)
        if nine_gates:
            whole = with_fan(whole, fan.NINE_GATES)
        if exposed == MAX_MELDS and not self_drawn:
            whole = with_fan(whole, fan.MELDED_HAND)
        if chows == 0:
            whole = with_fan(whole, fan.ALL_PUNGS)
        even = fives = outside = True
        for i in range(n_melds + 1):
            t = tile[i] if i < n_melds else pair
            pong = i == n_melds or kind[i] != fan.CHOW
            even = even and pong and t < fan.HONOR_OFFSET and rank_of(t) % 2 == 1
            fives = fives and group_has(t, pong, fan.FIVES_MASK)
            outside = outside and group_has(t, pong, ORPHAN_MASK)
        if even:
            whole = with_fan(whole, fan.ALL_EVEN_PUNGS)
        if fives:
            whole = with_fan(whole, fan.ALL_FIVES)
        if outside:
            whole = with_fan(whole, fan.OUTSIDE_HAND)
        if chows == MAX_MELDS and pair < fan.HONOR_OFFSET and rank_of(pair) == 4:
            if tile[0] == pair - 4 and tile[1] == pair - 4 and tile[2] == pair + 2 and tile[3] == pair + 2:
                whole = with_fan(whole, fan.PURE_TERMINAL_CHOWS)
            else:
                lows = 0
                for i in range(MAX_MELDS):
                    lows |= 1 << tile[i]
                others = fan.TERMINAL_CHOW_MASK & ~fan.SUIT_MASKS[suit_of(pair)]
                if lows == others:
                    whole = with_fan(whole, fan.THREE_SUITED_TERMINAL_CHOWS)
    return n, whole, fours - kongs
