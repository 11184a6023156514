"""Numba kernels of the mahjong hu and ting batch queries (compiled on first use, cached on disk).

Each kernel is a loop over the rows that calls the jitable per-hand steps of :mod:`.hand`
and :mod:`.encoding`, compiled in: the row scan validates the row and counts what rules the
special forms out cheaply, the suit keys index the per-suit entries, and the standard and
special forms combine them. ``jokers`` holds each row's wildcards, or is empty for none:
then ``suit``/``honor`` are the hu/ting entries, else the joker entries. A kernel stops at
the first bad row and returns ``(status, row)``; ``(OK, rows written)`` when every row was
answered (the status protocol of :mod:`lookup.jit`). They release the GIL. Rows without jokers
take :func:`hu_batch_without_jokers` and :func:`ting_batch_without_jokers`, which do less work
on the rows that do not win or wait. Rows are taken with :func:`lookup.addresses.row_at`, and
the tables with :func:`lookup.addresses.unowned`, so that no row does atomic reference
counting.

(The general kernels keep their row step in the loop rather than in one jitable ``row(c,
suit, honor, ...)`` called per row: passing the tables into a called helper measured about
10 ns a row slower. The kernels without jokers share :func:`.hand.lean_row`, which is inlined
(``bench/ab.py``: no slower). The exact special-form checks, which take the row, are called
only for the forms the cheap :func:`~.hand.special_forms` leaves.)
"""

import numpy as np

from ..addresses import row_at, table_at, unowned
from ..jit import ERR_SIZE, KERNEL_MODULES, OK, kernel_decorator
from . import hand, variants
from .encoding import (
    CLASS_PAIR,
    ENTRY_DTYPE,
    KIND_HONOR,
    KIND_HONOR_258,
    KIND_SUIT,
    KIND_SUIT_258,
    MAX_HAND_TILES,
    N_TILE_KINDS,
    suit_keys,
)
from .rules import MAX_SUITS_SHIFT

SOURCES_SHA256 = "d9a673c1586bb60e541aeea534e618830bd2e18af639f1a802f69a8df41314c0"
"""Fingerprint of the modules compiled into these kernels (see :mod:`lookup.jit`)."""
kernel = kernel_decorator(KERNEL_MODULES["mahjong/kernels.py"], SOURCES_SHA256)


@kernel
def hu_batch(counts, jokers, tables, rules, out):
    """out[i] = hu of row i (with jokers[i] wildcards when ``jokers`` is not empty)."""
    with_jokers = jokers.shape[0] != 0
    seven_pairs, quad_as_two_pairs, thirteen_orphans, honors, three_player, plain, pair_258 = \
        variants.rule_flags(rules)
    tables = unowned(tables)  # the steps called per row (组合龙) then count no references
    suit, honor = tables[KIND_SUIT], tables[KIND_HONOR]
    suit_258, honor_258 = tables[KIND_SUIT_258], tables[KIND_HONOR_258]
    for i in range(counts.shape[0]):
        c = row_at(counts, i)
        j = np.int64(jokers[i]) if with_jokers else 0
        status, total, odd, big, singles = hand.scan_row(c, hand.HU, honors, j, three_player)
        if status != OK:
            return status, i
        k0, k1, k2, k3 = suit_keys(c)
        e0, e1, e2, e3 = np.int64(suit[k0]), np.int64(suit[k1]), np.int64(suit[k2]), np.int64(honor[k3])
        if not plain:
            standard = variants.suit_win(e0, e1, e2, e3, j, with_jokers)
            if standard and pair_258:  # a win with a 258 pair, 碰碰胡 or 清一色 is a standard win
                standard = variants.pair_258_win(k0, k1, k2, k3, total, odd, big, singles, j, with_jokers,
                                                 np.int64(suit_258[k0]), np.int64(suit_258[k1]),
                                                 np.int64(suit_258[k2]), np.int64(honor_258[k3]), rules)
            win, left = variants.variant_hu(c, k0, k1, k2, k3, e3, total, odd, big, singles, j, with_jokers,
                                              standard, rules)
            if left:
                win = variants.straight_hu(c, k0, k1, k2, k3, total, j, with_jokers, suit, honor)
            out[i] = win
            continue
        win = hand.joker_hu(e0, e1, e2, e3, j) if with_jokers else hand.standard_hu(e0, e1, e2, e3)
        if not win:
            forms = hand.special_forms(total, MAX_HAND_TILES, odd, big, singles, k0, k1, k2, j, seven_pairs,
                                       quad_as_two_pairs, thirteen_orphans)
            win = forms != 0 and hand.special_hu(c, forms, quad_as_two_pairs, j)
        out[i] = win
    return OK, counts.shape[0]


@kernel
def hu_batch_without_jokers(counts, tables, rules, out):
    """out[i] = hu of row i, for rows without jokers: :func:`hu_batch`'s answers with less work on
    the rows that do not win. The row's lean scan (:func:`.hand.scan_row_lean`) checks its counts
    before the entries are read; the entries give its tile count. Under plain rules every row is
    answered here (the special forms' exact checks take the counts themselves). Under variants,
    a row whose standard form wins is answered here when the rules have no 258 pair; one whose
    standard form does not win, when :func:`.variants.other_forms_may_win` rules out every other
    form. Every other row (random rows seldom; under the 258 pair every standard win; seven
    pairs) is answered by :func:`hu_batch` on that row alone, which takes the counts its forms
    need (a call that costs some tens of ns)."""
    seven_pairs, quad_as_two_pairs, thirteen_orphans, honors, three_player, plain, pair_258 = \
        variants.rule_flags(rules)
    max_suits = (rules >> MAX_SUITS_SHIFT) & 3
    no_jokers = np.empty(0, np.uint8)
    hu_tables = tables
    tables = unowned(tables)
    suit, honor = tables[KIND_SUIT], tables[KIND_HONOR]
    for i in range(counts.shape[0]):
        c = row_at(counts, i)
        status, k0, k1, k2, k3, _, _, _, e3, total, classes, odd, paired = \
            hand.lean_row(c, suit, honor, hand.HU, honors, three_player)
        if status != OK:
            return status, i
        standard = classes == CLASS_PAIR
        if plain:
            win = standard
            if not win:  # no count of big or single kinds: special_forms passes on them, the exact checks decide
                forms = hand.special_forms(total, MAX_HAND_TILES, odd, 0, total, k0, k1, k2, 0, seven_pairs,
                                           quad_as_two_pairs, thirteen_orphans)
                win = forms != 0 and hand.special_hu(c, forms, quad_as_two_pairs, 0)
            out[i] = win
        elif standard and not pair_258:
            out[i] = variants.suits_held(k0, k1, k2) <= max_suits
        elif standard or variants.other_forms_may_win(c, k0, k1, k2, k3, e3, total, odd, paired, rules, 0):
            hu_batch(counts[i:i + 1], no_jokers, hu_tables, rules, out[i:i + 1])
        else:
            out[i] = False
    return OK, counts.shape[0]


@kernel
def ting_batch(counts, jokers, tables, rules, out):
    """out[i] = wait mask of row i (with jokers[i] wildcards when ``jokers`` is not empty)."""
    with_jokers = jokers.shape[0] != 0
    seven_pairs, quad_as_two_pairs, thirteen_orphans, honors, three_player, plain, pair_258 = \
        variants.rule_flags(rules)
    tables = unowned(tables)  # the steps called per row (组合龙) then count no references
    suit, honor = tables[KIND_SUIT], tables[KIND_HONOR]
    suit_258, honor_258 = tables[KIND_SUIT_258], tables[KIND_HONOR_258]
    for i in range(counts.shape[0]):
        c = row_at(counts, i)
        j = np.int64(jokers[i]) if with_jokers else 0
        status, total, odd, big, singles = hand.scan_row(c, hand.TING, honors, j, three_player)
        if status != OK:
            return status, i
        k0, k1, k2, k3 = suit_keys(c)
        e0, e1, e2, e3 = np.int64(suit[k0]), np.int64(suit[k1]), np.int64(suit[k2]), np.int64(honor[k3])
        if not plain:
            standard = variants.suit_waits(c, e0, e1, e2, e3, j, with_jokers)
            if standard and pair_258:  # the waits of a 258 pair, 碰碰胡 or 清一色 are standard waits
                standard = variants.pair_258_waits(c, k0, k1, k2, k3, total, odd, big, singles, j, with_jokers,
                                                   standard, np.int64(suit_258[k0]), np.int64(suit_258[k1]),
                                                   np.int64(suit_258[k2]), np.int64(honor_258[k3]), rules)
            mask, left = variants.variant_waits(c, k0, k1, k2, k3, e3, total, odd, big, singles, j, with_jokers,
                                                  standard, rules)
            if left:
                mask |= variants.straight_waits(c, k0, k1, k2, k3, total, j, with_jokers, suit, honor, rules)
            out[i] = mask
            continue
        out[i] = hand.plain_waits(c, e0, e1, e2, e3, k0, k1, k2, total, odd, big, singles, j, with_jokers,
                                  seven_pairs, quad_as_two_pairs, thirteen_orphans, honors)
    return OK, counts.shape[0]


@kernel
def ting_batch_without_jokers(counts, tables, rules, out):
    """out[i] = wait mask of row i, for rows without jokers: :func:`ting_batch`'s answers with
    less work on the rows that do not wait, as :func:`hu_batch_without_jokers` does for hu (the
    lean row scan, the tile count from the entries). Under plain rules every row is answered
    here. Under variants, a row is answered here from its standard waits (kept to the tiles the
    rules allow, :func:`.variants.waits_in_game`) when :func:`.variants.other_forms_may_win`
    rules out every other form and, under the 258 pair, it has no standard wait; every other
    row is answered by :func:`ting_batch` on that row alone."""
    seven_pairs, quad_as_two_pairs, thirteen_orphans, honors, three_player, plain, pair_258 = \
        variants.rule_flags(rules)
    no_jokers = np.empty(0, np.uint8)
    ting_tables = tables
    tables = unowned(tables)
    suit, honor = tables[KIND_SUIT], tables[KIND_HONOR]
    for i in range(counts.shape[0]):
        c = row_at(counts, i)
        status, k0, k1, k2, k3, e0, e1, e2, e3, total, _, odd, paired = \
            hand.lean_row(c, suit, honor, hand.TING, honors, three_player)
        if status != OK:
            return status, i
        if plain:  # no count of big or single kinds: special_forms passes on them, the exact checks decide
            out[i] = hand.plain_waits(c, e0, e1, e2, e3, k0, k1, k2, total, odd, 0, total, 0, False, seven_pairs,
                                      quad_as_two_pairs, thirteen_orphans, honors)
            continue
        standard = hand.standard_waits(e0, e1, e2, e3)
        if standard != 0 and pair_258 or \
                variants.other_forms_may_win(c, k0, k1, k2, k3, e3, total, odd, paired, rules, 1):
            ting_batch(counts[i:i + 1], no_jokers, ting_tables, rules, out[i:i + 1])
        else:
            out[i] = variants.waits_in_game(standard, k0, k1, k2, rules)
    return OK, counts.shape[0]


@kernel
def ting_one(tables, rules, counts):
    """The wait mask of one 3k+1 hand (34 counts, e.g. a ``bytearray``) under plain rules
    (:attr:`.rules.RuleSet.plain`) without jokers, packed in one int (a returned tuple would
    cost the caller more than the row step): the row step of :func:`ting_batch` for a single
    hand. ``tables``: :func:`lookup.addresses.table_addresses` of the two tables it reads (a
    scalar call pays for every array argument), the hu/ting entries of the numbered suits and
    of the honors. The hand comes last, so the tables and rules can be bound ahead
    (``functools.partial``).

    Returns the mask when some count is 2 or more; the mask with :data:`.hand.ONE_SINGLES_BIT`
    set when none is (a list of bools passed as counts looks the same, so the caller checks
    the types); :data:`.hand.ONE_REFUSED` minus the row status when the row scan refuses the
    hand (:data:`lookup.jit.ERR_SIZE` when it has other than 34 counts).
    """
    if len(counts) != N_TILE_KINDS:
        return hand.ONE_REFUSED - ERR_SIZE
    seven_pairs, quad_as_two_pairs, thirteen_orphans, honors, three_player, _, _ = variants.rule_flags(rules)
    status, total, odd, big, singles = hand.scan_row(counts, hand.TING, honors, 0, three_player)
    if status != OK:
        return hand.ONE_REFUSED - status
    k0, k1, k2, k3 = suit_keys(counts)
    suit, honor = table_at(tables, 0, ENTRY_DTYPE), table_at(tables, 1, ENTRY_DTYPE)
    e0, e1, e2, e3 = np.int64(suit[k0]), np.int64(suit[k1]), np.int64(suit[k2]), np.int64(honor[k3])
    mask = hand.plain_waits(counts, e0, e1, e2, e3, k0, k1, k2, total, odd, big, singles, 0, False, seven_pairs,
                            quad_as_two_pairs, thirteen_orphans, honors)
    return mask if singles != total else mask | hand.ONE_SINGLES_BIT
