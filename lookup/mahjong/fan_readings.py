"""Every reading of a winning hand and the best one, for Chinese Official scoring:
:func:`score_hand`, the per-hand step of the scoring kernels (:mod:`.fan_kernels`).

The standard readings are the declared melds plus each split of the concealed tiles, read
suit by suit from the tables' split lists through the dense split index; the special forms
(七对, 十三幺, 全不靠/七星不靠, 组合龙) are found first, as the reference calculator finds them.
Each reading's fans come from :mod:`.fan_rules` and count under the exclusions of :mod:`.fans`.
"""

from __future__ import annotations

import numpy as np

from ..jit import OK, jitable
from .encoding import (
    CLASS_MELDS,
    CLASS_PAIR,
    KNITTED_SETS,
    MAX_COPIES,
    MAX_MELDS,
    N_HONOR_KINDS,
    NO_MELD,
    ORPHAN_MASK,
    suit_keys,
)
from .fan_exclusions import counted_points
from .fan_hands import count_tiles, flags_status, hand_facts
from .fan_rules import reading_fans
from .fans import (
    CHOW,
    D_FANS,
    D_FORM,
    D_KNIT,
    D_MELDS,
    D_N_FANS,
    D_N_MELDS,
    D_PAIR,
    D_TOTAL,
    FORM_HONORS_KNITTED,
    FORM_KNITTED_STRAIGHT,
    FORM_SEVEN_PAIRS,
    FORM_STANDARD,
    FORM_THIRTEEN_ORPHANS,
    KNITTED_MASKS,
    KNITTED_TILES,
    KONG,
    MELD_CHOW,
    MELD_CONCEALED_KONG,
    MELD_PONG,
    N_SUIT_RANKS,
    N_TILE_KINDS,
    NUMBERED_MASK,
    PONG,
    PURE_TRIPLE_CHOW,
    SEARCH_BASE,
    SEARCH_POSITION,
    SEVEN_PAIRS,
    SPLIT_WIDTH,
    SUIT_MASKS,
    SUIT_OFFSETS,
    TILE_HOG,
    TRIPLE_PUNG,
    W_ALIVE,
    W_CODES,
    W_CONCEALED,
    W_COUNTS,
    W_DECLARED,
    W_DETAIL,
    W_FAN,
    W_KIND,
    W_REST,
    W_SPLIT,
    W_STATE,
    W_TILE,
    has_fan,
    next_fan,
)
from .forms.standard import size_and_class, standard_waits
from .row import bit_count

# --- every reading of a hand, and the best ---------------------------------------------------

(S_BEST, S_FIRST_KEY, S_FIRST_REPLACING, S_REPLACING_KEY, S_SEEN_SEVEN_PAIRS, S_NEXT_SPECIAL) = range(6)
NO_KEY = -(1 << 62)
SPECIAL_KEY = -(1 << 40)
"""Order keys of the special readings start here (they come before every standard reading)."""


@jitable
def sort_melds(work: np.ndarray, n: int) -> None:
    """Sorts the reading's melds in the work rows by tile, a chow before a pong of its tile
    (insertion sort)."""
    kind, tile, declared, concealed = work[W_KIND], work[W_TILE], work[W_DECLARED], work[W_CONCEALED]
    for i in range(1, n):
        k, t, d, c = kind[i], tile[i], declared[i], concealed[i]
        j = i - 1
        while j >= 0 and (tile[j] > t or (tile[j] == t and kind[j] > k)):
            kind[j + 1], tile[j + 1], declared[j + 1], concealed[j + 1] = kind[j], tile[j], declared[j], concealed[j]
            j -= 1
        kind[j + 1], tile[j + 1], declared[j + 1], concealed[j + 1] = k, t, d, c


@jitable
def search_key(kind: np.ndarray, tile: np.ndarray, declared: np.ndarray, n: int, packed: np.ndarray) -> int:
    """The order the calculator finds a standard reading in: its concealed melds' codes
    (2 * SEARCH_POSITION + is chow), sorted, as digits of one number (``packed``: scratch)."""
    codes = 0
    n_codes = 0
    for i in range(n):
        if not declared[i]:
            packed[n_codes] = 2 * SEARCH_POSITION[tile[i]] + int(kind[i] == CHOW)
            n_codes += 1
    packed[:n_codes].sort()
    for i in range(n_codes):
        codes = codes * SEARCH_BASE + packed[i]
    return codes


@jitable
def offer_reading(work, keep, key, replacing, shape, counted) -> None:
    """Keeps a scored reading if it is the best so far. Of readings of equal total the
    calculator keeps the first (by order key) unless a later one is ``replacing``; the
    state keeps the first and the last replacing one, whatever order they come in.
    ``shape``: (form, pair, knitted set, melds); ``counted``: (total, the fans of the whole
    hand counted, the times 四归一 counts, fans of melds found)."""
    form, pair, knit, n_melds = shape
    total, whole, hogs, n_found = counted
    state = work[W_STATE]
    slot = -1
    if total > state[S_BEST]:
        state[S_BEST] = total
        state[S_FIRST_KEY] = key
        state[S_FIRST_REPLACING] = int(replacing)
        state[S_REPLACING_KEY] = NO_KEY
        slot = 0
    elif total == state[S_BEST]:
        if key < state[S_FIRST_KEY]:
            if state[S_FIRST_REPLACING] and state[S_FIRST_KEY] > state[S_REPLACING_KEY]:
                state[S_REPLACING_KEY] = state[S_FIRST_KEY]
                if keep:
                    work[W_DETAIL + 1, :] = work[W_DETAIL, :]
            state[S_FIRST_KEY] = key
            state[S_FIRST_REPLACING] = int(replacing)
            slot = 0
        elif replacing and key > state[S_REPLACING_KEY]:
            state[S_REPLACING_KEY] = key
            slot = 1
    if keep and slot >= 0:
        out = work[W_DETAIL + slot]
        out[D_TOTAL] = total
        out[D_FORM] = form
        out[D_PAIR] = pair
        out[D_KNIT] = knit
        m = 0
        for i in range(n_melds):
            if not work[W_DECLARED, i]:
                out[D_MELDS + m] = work[W_KIND, i] * N_TILE_KINDS + work[W_TILE, i]
                m += 1
        out[D_N_MELDS] = m
        count = 0
        low, high = whole
        while low or high:
            fan, low, high = next_fan(low, high)
            for _ in range(hogs if fan == TILE_HOG else 1):
                out[D_FANS + count] = fan
                count += 1
        for i in range(n_found):  # the fans counted, in table order
            if work[W_ALIVE, i]:
                fan = work[W_FAN, i]
                j = D_FANS + count
                while j > D_FANS and out[j - 1] > fan:
                    out[j] = out[j - 1]
                    j -= 1
                out[j] = fan
                count += 1
        out[D_N_FANS] = count


@jitable
def score_reading(work, keep, key, form, n_melds, pair, knit, facts) -> None:
    """Scores the reading in the work rows and offers it (:func:`offer_reading`). ``facts``:
    (tiles held mask, tiles held four times, whether the hand before the win held the win tile,
    the win tile, exposed melds, waited on one tile, 九莲宝灯's hand, the situation without
    flowers)."""
    sort_melds(work, n_melds)
    if keep and form == FORM_STANDARD:
        key = search_key(work[W_KIND], work[W_TILE], work[W_DECLARED], n_melds, work[W_CODES])
    n, whole, hogs = reading_fans(form, work, n_melds, pair, facts)
    total, kept = counted_points(work, n, whole, hogs)
    state = work[W_STATE]
    if not keep:
        state[S_BEST] = max(state[S_BEST], total)
        return
    replacing = state[S_SEEN_SEVEN_PAIRS] != 0
    for i in range(n):
        if work[W_ALIVE, i]:
            fan = work[W_FAN, i]
            replacing = replacing or fan == PURE_TRIPLE_CHOW or fan == TRIPLE_PUNG
    seven_pairs = has_fan(kept[0], kept[1], SEVEN_PAIRS)
    offer_reading(work, keep, key, replacing, (form, pair, knit, n_melds), (total, kept, hogs, n))
    if seven_pairs:
        state[S_SEEN_SEVEN_PAIRS] = 1


@jitable
def split_range(index: np.ndarray, start: np.ndarray, key: int) -> tuple[int, int]:
    """Rows lo..hi-1 of a split list for suit key ``key`` (``index``: the split index by key);
    (-1, 0) for an empty suit (one reading with no melds), (0, 0) when the suit does not split."""
    if key == 0:
        return -1, 0
    i = np.int64(index[key])
    if i == 0:
        return 0, 0
    return np.int64(start[i - 1]), np.int64(start[i])


@jitable
def take_split(work, splits: np.ndarray, row: int, offset: int, n_ranks: int, n: int) -> tuple[int, int]:
    """Appends the melds of split ``row`` of a suit at ``offset`` (``splits``: its split list,
    flat) to the reading; returns
    (melds now, the pair's tile or -1)."""
    if row < 0:
        return n, -1
    pair = -1
    first = row * SPLIT_WIDTH
    if splits[first] != NO_MELD:
        pair = offset + np.int64(splits[first])
    for c in range(1, MAX_MELDS + 1):
        code = np.int64(splits[first + c])
        if code == NO_MELD:
            break
        work[W_KIND, n] = PONG if code < n_ranks else CHOW
        work[W_TILE, n] = offset + (code if code < n_ranks else code - n_ranks)
        work[W_DECLARED, n] = 0
        work[W_CONCEALED, n] = 1
        n += 1
    return n, pair


@jitable
def split_readings(work, keep, counts, form, knit, melds, n_declared, splits_tables, facts) -> None:
    """Scores every reading of ``counts`` (the concealed tiles, or what a 组合龙 leaves of them)
    as melds and a pair, after the declared melds, from the split lists of each suit."""
    suit_index, suit_start, suit_splits, honor_index, honor_start, honor_splits = splits_tables
    k0, k1, k2, k3 = suit_keys(counts)
    lo0, hi0 = split_range(suit_index, suit_start, k0)
    lo1, hi1 = split_range(suit_index, suit_start, k1)
    lo2, hi2 = split_range(suit_index, suit_start, k2)
    lo3, hi3 = split_range(honor_index, honor_start, k3)
    if lo0 == hi0 or lo1 == hi1 or lo2 == hi2 or lo3 == hi3:
        return
    for a in range(lo0, hi0):
        for b in range(lo1, hi1):
            for c in range(lo2, hi2):
                for d in range(lo3, hi3):
                    n = 0
                    for i in range(n_declared):
                        kind_in = melds[i, 0]
                        work[W_KIND, n] = CHOW if kind_in == MELD_CHOW else PONG if kind_in == MELD_PONG else KONG
                        work[W_TILE, n] = melds[i, 1]
                        work[W_DECLARED, n] = 1
                        work[W_CONCEALED, n] = int(kind_in == MELD_CONCEALED_KONG)
                        n += 1
                    n, p0 = take_split(work, suit_splits, a, SUIT_OFFSETS[0], N_SUIT_RANKS, n)
                    n, p1 = take_split(work, suit_splits, b, SUIT_OFFSETS[1], N_SUIT_RANKS, n)
                    n, p2 = take_split(work, suit_splits, c, SUIT_OFFSETS[2], N_SUIT_RANKS, n)
                    n, p3 = take_split(work, honor_splits, d, SUIT_OFFSETS[3], N_HONOR_KINDS, n)
                    pair = max(max(p0, p1), max(p2, p3))
                    expected = MAX_MELDS if form == FORM_STANDARD else 1
                    if pair < 0 or n != expected:
                        continue
                    key = next_special(work) if form != FORM_STANDARD else 0
                    score_reading(work, keep, key, form, n, pair, knit, facts)


@jitable
def next_special(work: np.ndarray) -> int:
    """The order key of the next special reading (found order, before every standard one)."""
    state = work[W_STATE]
    state[S_NEXT_SPECIAL] += 1
    return SPECIAL_KEY + state[S_NEXT_SPECIAL]


@jitable
def fifth_copy_waits(hand, scratch, hu_tables) -> int:
    """The tiles held four times whose fifth copy would complete the hand into melds and a pair
    (the calculator counts them among the waits): with a pong of it, the rest is melds and a
    pair; with the pair of it, the rest is melds. ``scratch``: 34 counts to work in."""
    suit_hu, honor_hu = hu_tables
    mask = 0
    for t in range(N_TILE_KINDS):
        if hand[t] == MAX_COPIES:
            for u in range(N_TILE_KINDS):
                scratch[u] = hand[u]
            for left, wanted in ((2, CLASS_PAIR), (3, CLASS_MELDS)):
                scratch[t] = left
                k0, k1, k2, k3 = suit_keys(scratch)
                entries = (np.int64(suit_hu[k0]), np.int64(suit_hu[k1]), np.int64(suit_hu[k2]),
                           np.int64(honor_hu[k3]))
                if size_and_class(entries)[1] == wanted:
                    mask |= 1 << t
    return mask


@jitable
def score_hand(hand, win_tile, melds, n_declared, situation, splits_tables, hu_tables, work,
               keep) -> tuple[int, int]:
    """(status, points without flowers) of the hand (34 concealed counts before the win) with
    ``win_tile`` and the first ``n_declared`` rows of ``melds`` ((input kind, tile) rows);
    points -1 when it does not win. ``situation``: (self drawn, fourth tile, kong, last tile,
    seat wind, round wind, flowers). With ``keep``, work row ``W_DETAIL`` receives the best reading
    (the order of readings of equal total is the calculator's); without, only the total counts."""
    counts = work[W_COUNTS]
    split = work[W_SPLIT]
    status, exposed, kongs, in_melds = count_tiles(hand, win_tile, melds, n_declared, counts, split)
    if status != OK:
        return status, -1
    status, held, fours, n_odd, odd_mask, pairs, singles, four_in_hand = hand_facts(hand, counts, split)
    if status != OK:
        return status, -1
    status = flags_status(hand, win_tile, kongs, in_melds, situation)
    if status != OK:
        return status, -1
    self_drawn, fourth_tile, kong, last_tile, seat_wind, round_wind, _ = situation
    situation6 = (self_drawn, fourth_tile or in_melds == 3, kong, last_tile, seat_wind, round_wind)
    state = work[W_STATE]
    state[S_BEST] = -1
    state[S_FIRST_KEY] = NO_KEY
    state[S_FIRST_REPLACING] = 0
    state[S_REPLACING_KEY] = NO_KEY
    state[S_SEEN_SEVEN_PAIRS] = 0
    state[S_NEXT_SPECIAL] = 0

    # the waits of the hand before the win: 边张, 嵌张, 单钓将 need it to wait on one tile
    suit_hu, honor_hu = hu_tables
    k0, k1, k2, k3 = suit_keys(hand)
    waits = standard_waits((np.int64(suit_hu[k0]), np.int64(suit_hu[k1]), np.int64(suit_hu[k2]),
                            np.int64(honor_hu[k3])))
    if four_in_hand:
        waits |= fifth_copy_waits(hand, work[W_REST], hu_tables)
    nine_gates = False
    if n_declared == 0:
        if n_odd == 1:
            waits |= odd_mask
        for s in range(len(SUIT_MASKS)):  # the numbered suits
            o = SUIT_OFFSETS[s]
            gates = hand[o] == 3 and hand[o + N_SUIT_RANKS - 1] == 3
            for r in range(1, N_SUIT_RANKS - 1):
                gates = gates and hand[o + r] == 1
            nine_gates = nine_gates or gates
    single_wait = bit_count(waits) == 1
    facts = (held, fours, hand[win_tile] > 0, win_tile, exposed, single_wait, nine_gates, situation6)

    # the special forms first (the calculator finds them first), seven pairs before the rest
    if n_declared == 0:
        if pairs:
            score_reading(work, keep, next_special(work), FORM_SEVEN_PAIRS, 0, -1, -1, facts)
        if held == ORPHAN_MASK:
            score_reading(work, keep, next_special(work), FORM_THIRTEEN_ORPHANS, 0, -1, -1, facts)
        if singles:
            for i in range(len(KNITTED_SETS)):
                if held & NUMBERED_MASK & ~KNITTED_MASKS[i] == 0:
                    score_reading(work, keep, next_special(work), FORM_HONORS_KNITTED, 0, -1, i, facts)
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
                    split_readings(work, keep, split, FORM_KNITTED_STRAIGHT, i, melds, n_declared, splits_tables,
                                   facts)
                    for j in range(KNITTED_TILES.shape[1]):
                        split[KNITTED_TILES[i, j]] += 1
    split_readings(work, keep, split, FORM_STANDARD, -1, melds, n_declared, splits_tables, facts)
    if keep and state[S_REPLACING_KEY] != NO_KEY:
        work[W_DETAIL, :] = work[W_DETAIL + 1, :]
    return OK, state[S_BEST]
