"""The mahjong Numba kernels: hu, ting, shanten and discard advice (compiled on first use,
cached on disk).

Each kernel is a loop over the rows (or over the discards of one hand) that calls the jitable
steps of :mod:`.row`, :mod:`.wins`, :mod:`.lacking`, :mod:`.lowering` and the form modules
(:mod:`.forms`), compiled in. ``counts`` is an (N, 34) uint8 array; ``jokers`` holds each
row's wildcards, or is empty for none; ``tables`` the entry arrays of each suit kind
(:data:`.encoding.SUIT_KINDS` order: hu/ting or joker entries for hu and ting; shanten
entries then the plain words for shanten); ``rules`` is :attr:`.rules.RuleSet.bits`. A batch
kernel stops at the first bad row and returns ``(status, row)``, or ``(OK, rows written)``
(the status protocol of :mod:`lookup.jit`). They release the GIL. Rows are taken with
:func:`lookup.addresses.row_at`, and the tables with :func:`lookup.addresses.unowned`, so that
no row does atomic reference counting.

The kernels without jokers and the plain and knitted shanten kernels do less work on the rows
they can answer cheaply; the single-hand kernels (``ting_one``, ``shanten_one``) return one
packed int, as the scalar queries read it.
"""

import numpy as np

from ..addresses import row_at, table_at, unowned
from ..jit import ERR_SIZE, OK, kernel_decorator
from .encoding import (
    CLASS_PAIR,
    ENTRY_DTYPE,
    KIND_HONOR,
    KIND_HONOR_258,
    KIND_SUIT,
    KIND_SUIT_258,
    MAX_HAND_TILES,
    N_TILE_KINDS,
    NOT_CONCAVE,
    SHANTEN_DTYPE,
    suit_keys,
    terminal_key,
)
from .forms.costs import PLAIN_WORDS, greedy_lacking
from .forms.knitted_rest import straight_lacking
from .forms.limits import suits_held, waits_in_game
from .forms.standard import merged_lacking, standard_hu, standard_waits
from .lacking import (
    FULL,
    STRAIGHT,
    full_least,
    knitted_rules_lacking,
    plain_shanten_row,
    row_lacking,
    words_258_lacking,
)
from .lowering import discard_work, each_discard, sort_advice
from .row import HU, ONE_REFUSED, ONE_SINGLES, ONE_SINGLES_BIT, TING, checked_keys, rule_flags, scan_row
from .rules import HONORS, KNITTED_HONORS, KNITTED_STRAIGHT, MAX_SUITS_SHIFT
from .wins import (
    FORM_OTHER,
    entries_258,
    lean_row,
    other_forms,
    plain_waits,
    row_hu,
    row_waits,
    special_forms,
    special_hu,
    special_waits,
    waits_with_258_pair,
    waivers_may_apply,
)

kernel = kernel_decorator(__name__)


@kernel
def hu_batch(counts, jokers, tables, rules, out):
    """out[i] = hu of row i (with jokers[i] wildcards when ``jokers`` is not empty): :func:`.wins.row_hu`."""
    with_jokers = jokers.shape[0] != 0
    tables = unowned(tables)  # the row step, a call of its own, then counts no references
    for i in range(counts.shape[0]):
        j = np.int64(jokers[i]) if with_jokers else np.int64(0)
        status, win = row_hu(row_at(counts, i), j, with_jokers, tables, rules)
        if status != OK:
            return status, i
        out[i] = win
    return OK, counts.shape[0]


@kernel
def hu_batch_without_jokers(counts, tables, rules, out):
    """out[i] = hu of row i, for rows without jokers: :func:`hu_batch`'s answers with less work on
    the rows that do not win. The lean scan (:func:`.row.scan_row_lean`) checks the counts
    before the entries are read; the entries give the tile count. Under plain rules every row
    is answered here. Under variants, a row whose standard form wins is answered here when the
    rules have no 258 pair or it wins with one; one whose standard form does not win (or wins
    without a 258 pair that :func:`.wins.waivers_may_apply` shows no waiver can lift), when
    :func:`.wins.other_forms` leaves at most seven pairs and thirteen orphans (checked here).
    Every other row is answered by :func:`.wins.row_hu`, the row step of :func:`hu_batch`."""
    flags = rule_flags(rules)
    quad_as_two_pairs, honors, three_player = flags.quad_as_two_pairs, flags.honors, flags.three_player
    plain, pair_258 = flags.plain, flags.pair_258
    max_suits = (rules >> MAX_SUITS_SHIFT) & 3
    with_jokers = False
    tables = unowned(tables)
    suit, honor = tables[KIND_SUIT], tables[KIND_HONOR]
    for i in range(counts.shape[0]):
        c = row_at(counts, i)
        status, keys, entries, total, classes, odd, paired = lean_row(c, (suit, honor), HU, honors, three_player)
        if status != OK:
            return status, i
        standard = classes == CLASS_PAIR
        if plain:
            win = standard
            if not win:  # no count of big or single kinds: special_forms passes on them, the exact checks decide
                forms = special_forms((total, odd, np.int64(0), total), MAX_HAND_TILES, keys, 0, rules)
                win = forms != 0 and special_hu(c, forms, quad_as_two_pairs, 0)
            out[i] = win
        elif standard and (not pair_258 or standard_hu(entries_258(tables, keys))):  # a win, 258 pair or none needed
            out[i] = suits_held(keys) <= max_suits
        else:  # a standard form without its 258 pair wins only by a waiver, or as any other hand
            waived = standard and waivers_may_apply(c, keys, total, odd, rules, 0)
            forms = FORM_OTHER if waived else other_forms(c, keys, entries[3], total, odd, paired, rules, 0)
            if forms & FORM_OTHER:
                _, out[i] = row_hu(c, np.int64(0), with_jokers, tables, rules)
            else:
                out[i] = forms != 0 and suits_held(keys) <= max_suits and special_hu(c, forms, quad_as_two_pairs, 0)
    return OK, counts.shape[0]


@kernel
def ting_batch(counts, jokers, tables, rules, out):
    """out[i] = wait mask of row i (with jokers[i] wildcards when ``jokers`` is not empty):
    :func:`.wins.row_waits`."""
    with_jokers = jokers.shape[0] != 0
    tables = unowned(tables)  # the row step, a call of its own, then counts no references
    for i in range(counts.shape[0]):
        j = np.int64(jokers[i]) if with_jokers else np.int64(0)
        status, mask = row_waits(row_at(counts, i), j, with_jokers, tables, rules)
        if status != OK:
            return status, i
        out[i] = mask
    return OK, counts.shape[0]


@kernel
def ting_batch_without_jokers(counts, tables, rules, out):
    """out[i] = wait mask of row i, for rows without jokers: :func:`ting_batch`'s answers with
    less work on the rows that do not wait, as :func:`hu_batch_without_jokers` does for hu.
    Under plain rules every row is answered here. Under variants, a row is answered here from
    its standard waits and those of seven pairs and thirteen orphans (kept to the tiles the
    rules allow, :func:`.forms.limits.waits_in_game`) when :func:`.wins.other_forms` leaves no
    other form; under the 258 pair, its standard waits with a 258 pair, when
    :func:`.wins.waivers_may_apply` shows no waiver adds any; every other row by
    :func:`.wins.row_waits`, the row step of :func:`ting_batch`."""
    flags = rule_flags(rules)
    honors, three_player, plain, pair_258 = flags.honors, flags.three_player, flags.plain, flags.pair_258
    quad_as_two_pairs = flags.quad_as_two_pairs
    with_jokers = False
    tables = unowned(tables)
    suit, honor = tables[KIND_SUIT], tables[KIND_HONOR]
    for i in range(counts.shape[0]):
        c = row_at(counts, i)
        status, keys, entries, total, _, odd, paired = lean_row(c, (suit, honor), TING, honors, three_player)
        if status != OK:
            return status, i
        if plain:  # no count of big or single kinds: special_forms passes on them, the exact checks decide
            out[i] = plain_waits(c, entries, keys, (total, odd, np.int64(0), total), 0, False, rules)
            continue
        standard = standard_waits(entries)
        waived = False
        if standard != 0 and pair_258:  # the standard waits with a 258 pair, and those a waiver may add
            waived = waivers_may_apply(c, keys, total, odd, rules, 1)
            standard = waits_with_258_pair(tables, keys)
        forms = FORM_OTHER if waived else other_forms(c, keys, entries[3], total, odd, paired, rules, 1)
        if forms & FORM_OTHER:
            _, out[i] = row_waits(c, np.int64(0), with_jokers, tables, rules)
        else:
            out[i] = waits_in_game(standard | special_waits(c, forms, quad_as_two_pairs, 0) if forms else standard,
                                   keys, rules)
    return OK, counts.shape[0]


@kernel
def ting_one(tables, rules, counts):
    """The wait mask of one 3k+1 hand (34 counts, e.g. a ``bytearray``) under plain rules
    without jokers, packed in one int: the row step of :func:`ting_batch` for a single hand.
    ``tables``: :func:`lookup.addresses.table_addresses` of the hu/ting entries of the numbered
    suits and of the honors. The hand comes last, so the tables and rules can be bound ahead.

    Returns the mask when some count is 2 or more; the mask with :data:`.row.ONE_SINGLES_BIT`
    set when none is (a list of bools passed as counts looks the same, so the caller checks
    the types); :data:`.row.ONE_REFUSED` minus the row status when the row scan refuses the
    hand (:data:`lookup.jit.ERR_SIZE` when it has other than 34 counts).
    """
    if len(counts) != N_TILE_KINDS:
        return ONE_REFUSED - ERR_SIZE
    flags = rule_flags(rules)
    honors, three_player = flags.honors, flags.three_player
    status, total, odd, big, singles = scan_row(counts, TING, honors, 0, three_player)
    if status != OK:
        return ONE_REFUSED - status
    keys = suit_keys(counts)
    k0, k1, k2, k3 = keys
    suit, honor = table_at(tables, 0, ENTRY_DTYPE), table_at(tables, 1, ENTRY_DTYPE)
    entries = (np.int64(suit[k0]), np.int64(suit[k1]), np.int64(suit[k2]), np.int64(honor[k3]))
    mask = plain_waits(counts, entries, keys, (total, odd, big, singles), 0, False, rules)
    return mask if singles != total else mask | ONE_SINGLES_BIT


@kernel
def plain_shanten_batch(counts, tables, rules, out):
    """out[i] = shanten (least lacking - 1) of row i (3k+1 or 3k+2 tiles, k <= 4) under plain
    rules without jokers: :func:`.lacking.plain_shanten_row` per row, as :func:`shanten_one`
    for one hand. ``tables``, ``rules`` as :func:`shanten_batch`, which answers these rows
    alike; a kernel of its own, so that its loop carries none of the variants' code."""
    # views of the type shanten_one's tables have: plain_lacking compiles once for both kernels
    plain = unowned((tables[KIND_SUIT], tables[KIND_HONOR], tables[PLAIN_WORDS[0]], tables[PLAIN_WORDS[1]]))
    for i in range(counts.shape[0]):
        status, shanten = plain_shanten_row(row_at(counts, i), plain, rules)
        if status != OK:
            return status, i
        out[i] = shanten
    return OK, counts.shape[0]


@kernel
def shanten_batch(counts, jokers, tables, over_keys, over_values, rules, out):
    """out[i] = shanten (least lacking - jokers - 1) of row i (3k+1 or 3k+2 tiles with jokers[i]
    wildcards when ``jokers`` is not empty, k <= 4) under any rules, every form. ``tables``:
    the shanten entries of each suit kind, then the plain words (:data:`.forms.costs.PLAIN_WORDS`);
    ``over_keys``/``over_values``: their over-4 lists. Under the 258 pair with every suit kept
    and no knitted form, a row without jokers whose words are all concave is counted from them
    (:func:`.lacking.words_258_lacking`); every other row by :func:`.lacking.row_lacking`."""
    with_jokers = jokers.shape[0] != 0
    flags = rule_flags(rules)
    honors, three_player, pair_258 = flags.honors, flags.three_player, flags.pair_258
    # views that hold no reference: the steps called per row (组合龙, the full merge) then count none
    tables, over_keys, over_values = unowned(tables), unowned(over_keys), unowned(over_values)
    st = (tables, over_keys, over_values)
    suit, honor = tables[KIND_SUIT], tables[KIND_HONOR]
    words, honor_words = tables[PLAIN_WORDS[0]], tables[PLAIN_WORDS[1]]
    numbered = tables[KIND_SUIT_258] if pair_258 else suit  # the standard form's kinds
    honor_std = tables[KIND_HONOR_258] if pair_258 else honor
    countable = not pair_258  # the kinds of the plain words (their honor words serve three-player characters)
    # the 258 pair with every suit kept and no knitted form: counted from the plain words when concave
    counted_258 = pair_258 and (rules >> MAX_SUITS_SHIFT) & 3 == 3 and rules & (KNITTED_HONORS | KNITTED_STRAIGHT) == 0
    for i in range(counts.shape[0]):
        c = row_at(counts, i)
        j = np.int64(jokers[i]) if with_jokers else 0
        status, total, keys = checked_keys(c, honors, j, three_player)
        if status != OK:
            return status, i
        k0, k1, k2, k3 = keys
        if counted_258 and j == 0:
            g = (np.int64(words[k0]), np.int64(words[k1]), np.int64(words[k2]), np.int64(honor_words[k3]))
            if ((g[0] | g[1] | g[2] | g[3]) & NOT_CONCAVE) == 0:
                out[i] = words_258_lacking(c, g, keys, numbered, total, rules) - 1
                continue
        e0, e1, e2, e3 = 0, 0, 0, 0
        counted = False
        if countable:  # the plain words serve as entries (the same form counts and flags above)
            e0 = np.int64(honor_words[terminal_key(k0)] if three_player else words[k0])
            e1, e2, e3 = np.int64(words[k1]), np.int64(words[k2]), np.int64(honor_words[k3])
            counted = ((e0 | e1 | e2 | e3) & NOT_CONCAVE) == 0
        f0, f1, f2 = e0, e1, e2  # the plain kind's entries (清一色 only, never countable)
        if not counted:
            e0 = np.int64(honor_std[terminal_key(k0)] if three_player else numbered[k0])
            e1, e2, e3 = np.int64(numbered[k1]), np.int64(numbered[k2]), np.int64(honor_std[k3])
            f0, f1, f2 = np.int64(suit[k0]), np.int64(suit[k1]), np.int64(suit[k2])
        lacking, left = row_lacking(c, total, j, (e0, e1, e2, e3), (f0, f1, f2), rules, counted)
        if left == FULL:
            lacking = full_least(c, keys, total, j, st, rules)
        elif left == STRAIGHT:
            lacking = min(lacking, straight_lacking(c, keys, total, j, st, rules, lacking - 1))
        out[i] = lacking - j - 1
    return OK, counts.shape[0]


@kernel
def knitted_shanten_batch(counts, tables, rest_tables, rules, out):
    """out[i] = shanten (least lacking - 1) of row i (3k+1 or 3k+2 tiles, k <= 4) under plain
    rules with 全不靠 and/or 组合龙 (:attr:`.rules.RuleSet.knitted`) without jokers: the
    standard form counted from the plain words, or merged from the entries when one is
    NOT_CONCAVE, then the other forms by :func:`.lacking.knitted_rules_lacking`. ``tables`` as
    :func:`shanten_batch`; ``rest_tables``: the suit and honor rest codes and
    knitted/rest_lacking. A kernel of its own, so that its loop carries no other variant."""
    honors = rules & HONORS != 0
    suit, honor = tables[KIND_SUIT], tables[KIND_HONOR]
    words, honor_words = tables[PLAIN_WORDS[0]], tables[PLAIN_WORDS[1]]
    rest_tables = unowned(rest_tables)  # no reference counted per row
    for i in range(counts.shape[0]):
        c = row_at(counts, i)
        status, total, keys = checked_keys(c, honors, 0, False)
        if status != OK:
            return status, i
        k0, k1, k2, k3 = keys
        g = (np.int64(words[k0]), np.int64(words[k1]), np.int64(words[k2]), np.int64(honor_words[k3]))
        concave = ((g[0] | g[1] | g[2] | g[3]) & NOT_CONCAVE) == 0
        if concave:
            standard = greedy_lacking(g, total // 3)
        else:
            standard = merged_lacking((np.int64(suit[k0]), np.int64(suit[k1]), np.int64(suit[k2]),
                                       np.int64(honor[k3])), total // 3, honors)
        out[i] = knitted_rules_lacking(standard, g, keys, total, concave, rest_tables, rules) - 1
    return OK, counts.shape[0]


@kernel
def shanten_one(tables, rules, hand):
    """The shanten of one hand (34 counts, e.g. a ``bytearray``; 3k+1 or 3k+2 tiles, k <= 4)
    under plain rules without jokers, packed in one int: the row step of
    :func:`plain_shanten_batch` for a single hand. ``tables``:
    :func:`lookup.addresses.table_addresses` of the shanten entries of the numbered suits and
    of the honors, then their plain words. The hand comes last, so the tables and rules can
    be bound ahead.

    Returns the shanten (-1 and up) when some count is 2 or more; the shanten plus
    :data:`.row.ONE_SINGLES` when none is (the caller checks the types of a list of bools);
    :data:`.row.ONE_REFUSED` minus the row status when the row scan refuses the hand (or
    :data:`lookup.jit.ERR_SIZE` when it has other than 34 counts).
    """
    if len(hand) != N_TILE_KINDS:
        return ONE_REFUSED - ERR_SIZE
    plain = (table_at(tables, 0, SHANTEN_DTYPE), table_at(tables, 1, SHANTEN_DTYPE),
             table_at(tables, 2, SHANTEN_DTYPE), table_at(tables, 3, SHANTEN_DTYPE))
    status, value = plain_shanten_row(hand, plain, rules)
    if status != OK:
        return ONE_REFUSED - status
    held = 0
    for t in range(N_TILE_KINDS):
        held |= hand[t]
    return value if held > 1 else value + ONE_SINGLES


@kernel
def discard_advice(hand, jokers, visible, tables, over_keys, over_values, rules, out):
    """Discard advice of one 3k+2 ``hand`` (34 counts, e.g. a ``bytearray``; ``jokers``
    wildcards beside it, never discarded; ``visible``: 34 counts seen outside the hand);
    returns ``(OK, rows)``, or the status of the hand's row scan and 0. Tables and rules as
    :func:`shanten_batch`.

    out[4 * i: 4 * i + 4] gets row i of :func:`.lowering.each_discard`: discard, shanten after
    it, unseen copies of the tiles that lower that shanten, the mask of those tiles. Rows come
    sorted best first (lower shanten, more copies, lower tile).
    """
    # views that hold no reference, as in shanten_batch: the steps called per discard count none
    st = (unowned(tables), unowned(over_keys), unowned(over_values))
    # the hand and visible counts as uint8 arrays, as discard_batch passes its rows: each_discard
    # then compiles once for both kernels
    counts = np.empty(N_TILE_KINDS, np.uint8)
    seen = np.empty(N_TILE_KINDS, np.uint8)
    for t in range(N_TILE_KINDS):
        counts[t] = hand[t]
        seen[t] = visible[t]
    status, n = each_discard(counts, np.int64(jokers), seen, st, rules, out, discard_work())
    if status == OK:
        sort_advice(out, n)
    return status, n


@kernel
def discard_batch(counts, jokers, visible, tables, over_keys, over_values, rules, shanten, waits, ukeire):
    """The discards of each row of ``counts`` (3k+2 tiles with jokers[i] wildcards when
    ``jokers`` is not empty), by :func:`.lowering.each_discard`: shanten[i, t] the shanten after
    discarding tile t (-1 where t is not held), waits[i, t] the mask of the tiles that lower it,
    ukeire[i, t] their unseen copies. ``visible``: (N, 34) counts seen outside each hand, or
    (1, 34) for every row. Tables and rules as :func:`shanten_batch`."""
    with_jokers = jokers.shape[0] != 0
    per_row = visible.shape[0] != 1
    st = (unowned(tables), unowned(over_keys), unowned(over_values))
    rows = np.empty(4 * MAX_HAND_TILES, np.int64)
    work = discard_work()
    for i in range(counts.shape[0]):
        c = row_at(counts, i)
        j = np.int64(jokers[i]) if with_jokers else 0
        status, n = each_discard(c, j, row_at(visible, i if per_row else 0), st, rules, rows, work)
        if status != OK:
            return status, i
        for t in range(N_TILE_KINDS):
            shanten[i, t] = -1
            waits[i, t] = 0
            ukeire[i, t] = 0
        for r in range(n):
            d = rows[4 * r]
            shanten[i, d] = rows[4 * r + 1]
            ukeire[i, d] = rows[4 * r + 2]
            waits[i, d] = rows[4 * r + 3]
    return OK, counts.shape[0]
