"""Chinese Official scoring of one hand: :func:`score_hand`, the per-hand step of the scoring
kernels (:mod:`.kernels`).

It checks the hand (:mod:`..readings`, :mod:`.hand`), gathers the facts every reading is
scored with, then scores every reading: the special forms (七对, 十三幺, 全不靠/七星不靠,
组合龙) first, as the reference calculator finds them, then each split of the concealed tiles
into melds and a pair. A reading's fans come from :mod:`.detectors` and count under the
exclusions of :mod:`.exclusions`; the best reading is kept as :mod:`.tiebreak` says.
"""

from __future__ import annotations

from ....jit import OK, jitable
from ...encoding import KNITTED_SETS, MAX_MELDS, ORPHAN_MASK
from ..readings import (
    Form,
    ReadingRow,
    count_tiles,
    read_split,
    single_wait,
    sort_melds,
    split_ranges,
    tile_facts,
    waits_before,
)
from .detectors import nine_gates, reading_fans
from .exclusions import counted_points, has_fan
from .fans import Fan
from .hand import HandFacts, flags_status, scored_situation
from .scratch import Row
from .tiebreak import (
    Counted,
    Shape,
    State,
    chosen_reading,
    next_special,
    offer_reading,
    replacing,
    reset_state,
    search_key,
)
from .tiles import KNITTED_MASKS, KNITTED_TILES, NUMBERED_MASK


@jitable
def score_reading(work, keep, key, form, n_melds, pair, knit, facts) -> None:
    """Scores the reading in the scratch rows and, with ``keep``, offers it
    (:func:`.tiebreak.offer_reading`); without, only the best total counts. ``facts``: the
    hand's :class:`.hand.HandFacts`."""
    sort_melds(work, n_melds)
    if keep and form == Form.STANDARD:
        key = search_key(work[ReadingRow.KIND], work[ReadingRow.TILE], work[ReadingRow.DECLARED], n_melds,
                         work[Row.CODES])
    n, whole, hogs = reading_fans(form, work, n_melds, pair, facts)
    total, kept = counted_points(work, n, whole, hogs)
    state = work[Row.STATE]
    if not keep:
        state[State.BEST] = max(state[State.BEST], total)
        return
    is_replacing = replacing(work, n, state[State.SEEN_SEVEN_PAIRS] != 0)
    offer_reading(work, key, is_replacing, Shape(form, pair, knit, n_melds), Counted(total, kept, hogs, n))
    if has_fan(kept[0], kept[1], Fan.SEVEN_PAIRS):
        state[State.SEEN_SEVEN_PAIRS] = 1


@jitable
def split_readings(work, keep, counts, form, knit, melds, n_declared, splits_tables, facts) -> None:
    """Scores every reading of ``counts`` (the concealed tiles, or what a 组合龙 leaves of them)
    as melds and a pair, after the declared melds, from the split lists of each suit."""
    (lo0, hi0), (lo1, hi1), (lo2, hi2), (lo3, hi3) = split_ranges(counts, splits_tables)
    expected = MAX_MELDS if form == Form.STANDARD else 1
    for a in range(lo0, hi0):
        for b in range(lo1, hi1):
            for c in range(lo2, hi2):
                for d in range(lo3, hi3):
                    n, pair = read_split(work, splits_tables, a, b, c, d, melds, n_declared)
                    if pair < 0 or n != expected:
                        continue
                    key = next_special(work) if form != Form.STANDARD else 0
                    score_reading(work, keep, key, form, n, pair, knit, facts)


@jitable
def score_hand(hand, win_tile, melds, n_declared, situation, splits_tables, hu_tables, work,
               keep) -> tuple[int, int]:
    """(status, points without flowers) of the hand (34 concealed counts before the win) with
    ``win_tile`` and the first ``n_declared`` rows of ``melds`` ((input kind, tile) rows);
    points -1 when it does not win. ``situation``: a :class:`.hand.Situation`. With ``keep``,
    scratch row ``DETAIL`` receives the best reading (the order of readings of equal total is
    the calculator's); without, only the total counts."""
    counts = work[ReadingRow.COUNTS]
    split = work[ReadingRow.SPLIT]
    status, exposed, kongs, in_melds = count_tiles(hand, win_tile, melds, n_declared, counts, split)
    if status != OK:
        return status, -1
    tiles = tile_facts(hand, counts, split)
    if tiles.status != OK:
        return tiles.status, -1
    status = flags_status(hand, win_tile, kongs, in_melds, situation)
    if status != OK:
        return status, -1
    reset_state(work)
    # 边张, 嵌张, 单钓将 need the hand before the win to wait on one tile
    waits = waits_before(hand, n_declared, tiles, hu_tables, work)
    held = tiles.held
    facts = HandFacts(held, tiles.fours, hand[win_tile] > 0, win_tile, exposed, single_wait(waits),
                      nine_gates(hand, n_declared), scored_situation(situation, in_melds))

    # the special forms first (the calculator finds them first), seven pairs before the rest
    if n_declared == 0:
        if tiles.pairs:
            score_reading(work, keep, next_special(work), Form.SEVEN_PAIRS, 0, -1, -1, facts)
        if held == ORPHAN_MASK:
            score_reading(work, keep, next_special(work), Form.THIRTEEN_ORPHANS, 0, -1, -1, facts)
        if tiles.singles:
            for i in range(len(KNITTED_SETS)):
                if held & NUMBERED_MASK & ~KNITTED_MASKS[i] == 0:
                    score_reading(work, keep, next_special(work), Form.HONORS_KNITTED, 0, -1, i, facts)
                    break
    if n_declared <= 1:
        for i in range(len(KNITTED_SETS)):
            if held & KNITTED_MASKS[i] == KNITTED_MASKS[i]:
                rest_ok = True
                for j in range(KNITTED_TILES.shape[1]):
                    rest_ok = rest_ok and split[KNITTED_TILES[i, j]] > 0
                if rest_ok:
                    for j in range(KNITTED_TILES.shape[1]):
                        split[KNITTED_TILES[i, j]] -= 1
                    split_readings(work, keep, split, Form.KNITTED_STRAIGHT, i, melds, n_declared, splits_tables,
                                   facts)
                    for j in range(KNITTED_TILES.shape[1]):
                        split[KNITTED_TILES[i, j]] += 1
    split_readings(work, keep, split, Form.STANDARD, -1, melds, n_declared, splits_tables, facts)
    return OK, chosen_reading(work)
