"""Riichi scoring of one hand: :func:`score_hand`, the per-hand step of the scoring kernels
(:mod:`.kernels`).

It checks the hand (:mod:`..readings`, :mod:`.hand`), finds the yaku of the situation and of
the whole hand's tiles once, then scores every reading: thirteen orphans, seven pairs, and
each split of the concealed tiles into melds and a pair won on each of its groups that holds
the win tile (each its own fu). A reading counts its yakuman alone when it has one, else its
yaku and the dora; the best by payment, then yakuman, han, fu and fu before rounding, is kept
in the detail row, as the reference calculator chooses.
"""

from __future__ import annotations

from typing import NamedTuple

from ....jit import OK, jitable
from ...encoding import MAX_MELDS, N_TILE_KINDS, ORPHAN_MASK
from ..readings import Form, Meld, ReadingRow, count_tiles, read_split, split_ranges, tile_facts
from .detectors import bit, meld_yaku, situation_yaku, tile_yaku
from .fu import MAX_HAN, N_REASONS, SEVEN_PAIRS_FU, FuReason, group_fu, payments
from .hand import Col, Rule, dora_count, situation_status
from .scratch import Detail, Row
from .yaku import HAN_CLOSED, HAN_OPEN, HAN_SINGLE_YAKUMAN, YAKUMAN_HAN, YAKUMAN_MASK, Yaku

SEVEN_PAIRS = 7
NO_KEY = -2
BLOCK_TYPES = 4
"""The reference calculator sorts a reading's blocks by tile, then kong, pon, pair, chow; of
readings that score alike it keeps the first, and in a reading the first group won on."""
KONG_BLOCK, PONG_BLOCK, PAIR_BLOCK, CHOW_BLOCK = 0, 1, 2, 3
BLOCK_BASE = N_TILE_KINDS * BLOCK_TYPES
N_BLOCKS = MAX_MELDS + 1


@jitable
def block_code(kind: int, tile: int) -> int:
    block = CHOW_BLOCK if kind == Meld.CHOW else PONG_BLOCK if kind == Meld.PONG else KONG_BLOCK
    return tile * BLOCK_TYPES + block


@jitable(inline="llvm")
def reading_order(work, n_melds, pair) -> int:
    """The rank of the standard reading in the work rows in the reference calculator's order:
    its blocks' codes sorted, read as one number (row ``REST`` receives the sorted codes)."""
    kind, tile, codes = work[ReadingRow.KIND], work[ReadingRow.TILE], work[ReadingRow.REST]
    codes[0] = pair * BLOCK_TYPES + PAIR_BLOCK
    for i in range(n_melds):
        codes[i + 1] = block_code(kind[i], tile[i])
    order = 0
    for i in range(1, N_BLOCKS):
        c = codes[i]
        j = i - 1
        while j >= 0 and codes[j] > c:
            codes[j + 1] = codes[j]
            j -= 1
        codes[j + 1] = c
    for i in range(N_BLOCKS):
        order = order * BLOCK_BASE + codes[i]
    return order


@jitable
def group_position(work, code: int) -> int:
    """The position of the first block of code ``code`` among the sorted codes of :func:`reading_order`."""
    codes = work[ReadingRow.REST]
    for i in range(N_BLOCKS):
        if codes[i] == code:
            return i
    return N_BLOCKS


class Won(NamedTuple):
    """A reading won on one of its groups: its fu, fu before rounding, and rank in the reference
    calculator's order."""

    fu: int
    fu_sum: int
    order: int


class Shape(NamedTuple):
    """A reading's form (:class:`..readings.Form`), melds in the work rows (the declared first),
    pair (-1 none) and whether a declared meld is open."""

    form: int
    n_melds: int
    n_declared: int
    pair: int
    opened: bool


@jitable(inline="llvm")
def counted_han(mask: int, opened: bool, double_yakuman: bool) -> tuple[int, int]:
    """(han, yaku mask counted) of a reading's yaku: its yakuman alone when it has one."""
    if mask & YAKUMAN_MASK:
        mask &= YAKUMAN_MASK
    han = 0
    rest = mask
    y = 0
    while rest:  # the set bits only, lowest first
        if rest & 1:
            if not double_yakuman and (YAKUMAN_MASK >> y) & 1:
                han += HAN_SINGLE_YAKUMAN[y]
            elif opened and HAN_OPEN[y] > 0:
                han += HAN_OPEN[y]
            else:
                han += HAN_CLOSED[y]
        rest >>= 1
        y += 1
    return han, mask


@jitable(inline="llvm")
def offer(work, mask, won, shape, dora, situation, rules) -> None:
    """Counts a reading's han and payments and keeps it in the detail row when it beats the
    one kept (the fu reasons of the reading are in row ``FU``); of equals, the one first in
    the reference calculator's order. ``won``: a :class:`Won`; ``shape``: a :class:`Shape`."""
    detail = work[Row.DETAIL]
    fu, fu_sum, order = won
    form, n_melds, n_declared, pair, opened = shape
    han, mask = counted_han(mask, opened, rules[Rule.DOUBLE_YAKUMAN] != 0)
    yakuman = (mask & YAKUMAN_MASK) != 0
    d0, d1, d2 = dora
    if han == 0:
        if detail[Detail.KEY] != NO_KEY:
            return
        main = additional = total = level = fu = fu_sum = d0 = d1 = d2 = 0
        key = -1
    else:
        if yakuman:
            d0 = d1 = d2 = 0
        han = min(han + d0 + d1 + d2, MAX_HAN)
        tsumo = situation[Col.TSUMO] != 0
        main, additional, total, level = payments(han, fu, yakuman, tsumo, situation[Col.SEAT_WIND] == 0,
                                                  situation[Col.HONBA], situation[Col.KYOUTAKU], rules)
        key = main + 2 * additional
        old = detail[Detail.KEY]
        if key < old:
            return
        if key == old:
            old_yakuman = detail[Detail.YAKUMAN] > 0
            if old_yakuman and not yakuman:
                return
            if old_yakuman == yakuman:
                kept = (detail[Detail.HAN], detail[Detail.FU], detail[Detail.FU_SUM])
                if (han, fu, fu_sum) < kept or ((han, fu, fu_sum) == kept and order >= detail[Detail.ORDER]):
                    return
    detail[Detail.HAN] = han
    detail[Detail.FU] = fu
    detail[Detail.MAIN] = main
    detail[Detail.ADDITIONAL] = additional
    detail[Detail.TOTAL] = total
    detail[Detail.YAKUMAN] = han // YAKUMAN_HAN if yakuman else 0
    detail[Detail.LEVEL] = level
    detail[Detail.YAKU] = mask
    detail[Detail.DORA] = d0
    detail[Detail.AKA] = d1
    detail[Detail.URA] = d2
    detail[Detail.FORM] = form
    detail[Detail.PAIR] = pair
    detail[Detail.KEY] = key
    detail[Detail.FU_SUM] = fu_sum
    detail[Detail.ORDER] = order
    detail[Detail.N_MELDS] = n_melds - n_declared
    kind, tile = work[ReadingRow.KIND], work[ReadingRow.TILE]
    for i in range(n_declared, n_melds):
        detail[Detail.MELDS + i - n_declared] = kind[i] * N_TILE_KINDS + tile[i]
    reasons = work[Row.FU]
    for r in range(N_REASONS):
        detail[Detail.REASONS + r] = reasons[r] if han > 0 else 0


@jitable(inline="llvm")
def standard_readings(work, melds, n_declared, win_tile, base_mask, opened, dora, situation, rules,
                      splits_tables) -> None:
    """Scores every split of the concealed tiles (row ``SPLIT``) into melds and a pair, after the
    declared melds, won on each group that can hold the win tile."""
    split, counts = work[ReadingRow.SPLIT], work[ReadingRow.COUNTS]
    tsumo = situation[Col.TSUMO] != 0
    seat, round_wind = situation[Col.SEAT_WIND], situation[Col.ROUND_WIND]
    kind, tile, declared = work[ReadingRow.KIND], work[ReadingRow.TILE], work[ReadingRow.DECLARED]
    reasons = work[Row.FU]
    (lo0, hi0), (lo1, hi1), (lo2, hi2), (lo3, hi3) = split_ranges(split, splits_tables)
    for a in range(lo0, hi0):
        for b in range(lo1, hi1):
            for c in range(lo2, hi2):
                for d in range(lo3, hi3):
                    n, pair = read_split(work, splits_tables, a, b, c, d, melds, n_declared)
                    if pair < 0 or n != MAX_MELDS:
                        continue
                    mask = base_mask | meld_yaku(work, n, pair, win_tile, counts, tsumo, opened, seat, round_wind)
                    order = reading_order(work, n, pair) * BLOCK_TYPES * N_BLOCKS
                    for g in range(-1, n):
                        if g < 0:
                            if pair != win_tile:
                                continue
                        else:
                            t = tile[g]
                            if declared[g] or not (t <= win_tile <= t + 2 if kind[g] == Meld.CHOW else t == win_tile):
                                continue
                            seen = False
                            for h in range(n_declared, g):
                                seen = seen or (kind[h] == kind[g] and tile[h] == t)
                            if seen:
                                continue
                        fu, fu_sum, n_reasons = group_fu(work, n, pair, g, win_tile, opened, situation, rules,
                                                         reasons)
                        group_mask = mask
                        if n_reasons == 1 and not opened:
                            group_mask |= bit(Yaku.PINFU)
                        code = pair * BLOCK_TYPES + PAIR_BLOCK if g < 0 else block_code(kind[g], tile[g])
                        offer(work, group_mask, Won(fu, fu_sum, order + group_position(work, code)),
                              Shape(Form.STANDARD, n, n_declared, pair, opened), dora, situation, rules)


@jitable
def score_hand(hand, win_tile, melds, n_declared, situation, rules, splits_tables, work) -> tuple[int, int]:
    """(status, han) of the hand (34 concealed counts before the win) won on ``win_tile`` with
    the first ``n_declared`` rows of ``melds`` ((input kind, tile) rows) in the situation row
    ``situation`` (:class:`.hand.Col`) under the rules row ``rules`` (:class:`.hand.Rule`): han
    -1 when the tiles do not win, 0 when they win with no yaku. The detail row receives the
    best reading (:class:`.scratch.Detail`)."""
    counts = work[ReadingRow.COUNTS]
    split = work[ReadingRow.SPLIT]
    detail = work[Row.DETAIL]
    detail[Detail.HAN] = -1
    detail[Detail.KEY] = NO_KEY
    detail[Detail.YAKUMAN] = 0
    status, exposed, kongs, in_melds = count_tiles(hand, win_tile, melds, n_declared, counts, split)
    if status != OK:
        return status, -1
    facts = tile_facts(hand, counts, split)
    if facts.status != OK:
        return facts.status, -1
    status = situation_status(hand, win_tile, melds, n_declared, counts, kongs, in_melds, situation, rules)
    if status != OK:
        return status, -1
    opened = exposed > 0
    ura = 0
    if situation[Col.RIICHI] or situation[Col.DOUBLE_RIICHI]:
        ura = dora_count(counts, situation, Col.URA)
    dora = (dora_count(counts, situation, Col.DORA), situation[Col.AKA], ura)
    flags = situation_yaku(situation, opened)
    reasons = work[Row.FU]
    if n_declared == 0 and facts.held == ORPHAN_MASK:
        reasons[:] = 0
        mask = flags & (bit(Yaku.TENHOU) | bit(Yaku.CHIIHOU))
        mask |= bit(Yaku.KOKUSHI_THIRTEEN_WAITS) if counts[win_tile] == 2 else bit(Yaku.KOKUSHI)
        offer(work, mask, Won(0, 0, 0), Shape(Form.THIRTEEN_ORPHANS, 0, 0, -1, False), dora, situation, rules)
        return OK, detail[Detail.HAN]
    base_mask = flags | tile_yaku(counts, n_declared, opened, win_tile, rules)
    if n_declared == 0:
        pairs = 0
        for t in range(N_TILE_KINDS):
            pairs += int(split[t] == 2)
        if pairs == SEVEN_PAIRS:
            reasons[:] = 0
            reasons[FuReason.BASE] = SEVEN_PAIRS_FU
            offer(work, base_mask | bit(Yaku.CHIITOITSU), Won(SEVEN_PAIRS_FU, SEVEN_PAIRS_FU, 0),
                  Shape(Form.SEVEN_PAIRS, 0, 0, -1, False), dora, situation, rules)
    standard_readings(work, melds, n_declared, win_tile, base_mask, opened, dora, situation, rules, splits_tables)
    return OK, detail[Detail.HAN]

