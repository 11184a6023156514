"""Numba kernels for shanten and discard advice (compiled on first use, cached on disk).

Loops only: over the rows (:func:`plain_shanten_batch` under plain rules without jokers,
:func:`shanten_batch` under any) or over the discards of one hand
(:func:`discard_advice`); every per-hand step is a jitable of :mod:`.shanten_hand` (the
plain rules' fast path), :mod:`.shanten_forms` and :mod:`.shanten_knitted` (every form of
every rule set, and the tiles that lower the shanten), :mod:`.hand` (the row status) and
:mod:`.encoding` (the suit keys), compiled in. Status
protocol of :mod:`lookup.jit`: ``(status, first bad row)`` or ``(OK, rows written)``.
"""

import numpy as np

from ..addresses import row_at, table_at, unowned
from ..jit import ERR_SIZE, KERNEL_MODULES, OK, kernel_decorator
from . import shanten_forms as sf
from . import shanten_hand as sh
from . import shanten_knitted as sk
from . import variants
from .encoding import (
    COUNT_BASE,
    KIND_HONOR,
    KIND_HONOR_258,
    KIND_SUIT,
    KIND_SUIT_258,
    N_SUIT_RANKS,
    N_TILE_KINDS,
    SHANTEN_DTYPE,
    suit_keys,
    terminal_key,
)
from .hand import HU, ONE_REFUSED, ONE_SINGLES, scan_row
from .rules import HONORS

SOURCES_SHA256 = "0f62710428c5c92605c36ad917ffb8aa689d50760a08795447fe76a1fdb05771"
"""Fingerprint of the modules compiled into these kernels (see :mod:`lookup.jit`)."""
kernel = kernel_decorator(KERNEL_MODULES["mahjong/shanten_kernels.py"], SOURCES_SHA256)


@kernel
def plain_shanten_batch(counts, tables, rules, out):
    """out[i] = shanten (rn - 1) of row i (3k+1 or 3k+2 tiles, k <= 4) under plain rules
    (:attr:`.rules.RuleSet.plain`) without jokers: :func:`.shanten_hand.plain_shanten_row`
    per row, as :func:`shanten_one` for one hand.
    ``tables``, ``rules`` as :func:`shanten_batch`, which answers these rows alike; a kernel of
    its own, so that its loop carries none of the variants' code (``bench/cost.py``: fewer
    instructions a row for ``riichi``, and for ``chinese`` in the other kernel)."""
    seven_pairs, quad_as_two_pairs, thirteen_orphans, honors, three_player, _, _ = variants.rule_flags(rules)
    suit, honor = tables[KIND_SUIT], tables[KIND_HONOR]
    words, honor_words = tables[sh.PLAIN_WORDS[0]], tables[sh.PLAIN_WORDS[1]]
    for i in range(counts.shape[0]):
        status, shanten = sh.plain_shanten_row(row_at(counts, i), words, honor_words, suit, honor, honors,
                                               three_player, seven_pairs, quad_as_two_pairs, thirteen_orphans)
        if status != OK:
            return status, i
        out[i] = shanten
    return OK, counts.shape[0]


@kernel
def shanten_batch(counts, jokers, tables, over_keys, over_values, rules, out):
    """out[i] = shanten (rn - 1) of row i (3k+1 or 3k+2 tiles with jokers[i] wildcards when
    ``jokers`` is not empty, k <= 4) under any rules, every form through :mod:`.shanten_forms`
    (:func:`plain_shanten_batch` is quicker for plain rules without jokers). ``tables``: the
    shanten entries of each suit kind, then the plain words (:data:`.shanten_hand.PLAIN_WORDS`);
    ``over_keys``/``over_values``: their over-4 lists; ``rules``: :attr:`.rules.RuleSet.bits`."""
    with_jokers = jokers.shape[0] != 0
    _, _, _, honors, three_player, _, pair_258 = variants.rule_flags(rules)
    # views that hold no reference: the steps called per row (组合龙, the full merge) then count none
    tables, over_keys, over_values = unowned(tables), unowned(over_keys), unowned(over_values)
    suit, honor = tables[KIND_SUIT], tables[KIND_HONOR]
    words, honor_words = tables[sh.PLAIN_WORDS[0]], tables[sh.PLAIN_WORDS[1]]
    numbered = tables[KIND_SUIT_258] if pair_258 else suit  # the standard form's kinds
    honor_std = tables[KIND_HONOR_258] if pair_258 else honor
    countable = not pair_258  # the kinds of the plain words (their honor words serve three-player characters)
    for i in range(counts.shape[0]):
        c = row_at(counts, i)
        j = np.int64(jokers[i]) if with_jokers else 0
        status, total, k0, k1, k2, k3 = sh.checked_keys(c, honors, j, three_player)
        if status != OK:
            return status, i
        e0, e1, e2, e3 = 0, 0, 0, 0
        counted = False
        if countable:  # the plain words serve as entries (the same form counts and flags above)
            e0 = np.int64(honor_words[terminal_key(k0)] if three_player else words[k0])
            e1, e2, e3 = np.int64(words[k1]), np.int64(words[k2]), np.int64(honor_words[k3])
            counted = ((e0 | e1 | e2 | e3) & sh.NOT_CONCAVE) == 0
        f0, f1, f2 = e0, e1, e2  # the plain kind's entries (清一色 only, never countable)
        if not counted:
            e0 = np.int64(honor_std[terminal_key(k0)] if three_player else numbered[k0])
            e1, e2, e3 = np.int64(numbered[k1]), np.int64(numbered[k2]), np.int64(honor_std[k3])
            f0, f1, f2 = np.int64(suit[k0]), np.int64(suit[k1]), np.int64(suit[k2])
        lacking, left = sf.row_lacking(c, total, j, e0, e1, e2, e3, f0, f1, f2, rules, counted)
        if left == sf.FULL:
            lacking = sf.full_least(c, k0, k1, k2, k3, total, j, tables, over_keys, over_values, rules)
        elif left == sf.STRAIGHT:
            lacking = min(lacking, sk.straight_lacking(c, k0, k1, k2, k3, total, j, suit, honor, words,
                                                       honor_words, over_keys, over_values, rules, lacking - 1))
        out[i] = lacking - j - 1
    return OK, counts.shape[0]


@kernel
def knitted_shanten_batch(counts, tables, rest_tables, rules, out):
    """out[i] = shanten (rn - 1) of row i (3k+1 or 3k+2 tiles, k <= 4) under plain rules with
    全不靠 and/or 组合龙 (:attr:`.rules.RuleSet.knitted`, e.g. ``chinese``) without jokers:
    the standard form counted from the plain words (:func:`.shanten_hand.greedy_rn`), or merged
    from the entries when one is NOT_CONCAVE (:func:`.shanten_hand.merged_rn`), then the other
    forms by :func:`.shanten_forms.knitted_rules_lacking`. ``tables`` as :func:`shanten_batch`;
    ``rest_tables``: the suit and honor rest codes and knitted/rest_lacking. :func:`shanten_batch`
    answers these rows alike; a kernel of its own, as :func:`plain_shanten_batch` is, so that
    its loop carries none of the other variants."""
    honors = rules & HONORS != 0
    suit, honor = tables[KIND_SUIT], tables[KIND_HONOR]
    words, honor_words = tables[sh.PLAIN_WORDS[0]], tables[sh.PLAIN_WORDS[1]]
    codes, honor_codes, rest_lacking = unowned(rest_tables)  # no reference counted per row
    for i in range(counts.shape[0]):
        c = row_at(counts, i)
        status, total, k0, k1, k2, k3 = sh.checked_keys(c, honors, 0, False)
        if status != OK:
            return status, i
        g0, g1, g2, g3 = np.int64(words[k0]), np.int64(words[k1]), np.int64(words[k2]), np.int64(honor_words[k3])
        concave = ((g0 | g1 | g2 | g3) & sh.NOT_CONCAVE) == 0
        if concave:
            standard = sh.greedy_rn(g0, g1, g2, g3, total // 3)
        else:
            standard = sh.merged_rn(np.int64(suit[k0]), np.int64(suit[k1]), np.int64(suit[k2]), np.int64(honor[k3]),
                                    total // 3, honors)
        out[i] = sf.knitted_rules_lacking(standard, g0, g1, g2, g3, k0, k1, k2, k3, total, concave, codes,
                                          honor_codes, rest_lacking, rules) - 1
    return OK, counts.shape[0]


@kernel
def shanten_one(tables, rules, hand):
    """The shanten of one hand (34 counts, e.g. a ``bytearray``; 3k+1 or 3k+2 tiles, k <= 4)
    under plain rules (:attr:`.rules.RuleSet.plain`) without jokers, packed in one int (a
    returned tuple would cost the caller more than the row step): the row step of
    :func:`plain_shanten_batch` (:func:`.shanten_hand.plain_shanten_row`) for a single hand.
    ``tables``: :func:`lookup.addresses.table_addresses`
    of the four tables it reads (a scalar call pays for every array argument): the shanten
    entries of the numbered suits and of the honors, then their plain words. The hand comes
    last, so the tables and rules can be bound ahead (``functools.partial``).

    Returns the shanten (-1 and up) when some count is 2 or more; the shanten plus
    :data:`.hand.ONE_SINGLES` when none is (a list of bools passed as counts looks the same,
    so the caller checks the types); :data:`.hand.ONE_REFUSED` minus the row status when the
    row scan refuses the hand (or :data:`lookup.jit.ERR_SIZE` when it has other than 34 counts).
    """
    if len(hand) != N_TILE_KINDS:
        return ONE_REFUSED - ERR_SIZE
    seven_pairs, quad_as_two_pairs, thirteen_orphans, honors, three_player, _, _ = variants.rule_flags(rules)
    suit, honor = table_at(tables, 0, SHANTEN_DTYPE), table_at(tables, 1, SHANTEN_DTYPE)
    words, honor_words = table_at(tables, 2, SHANTEN_DTYPE), table_at(tables, 3, SHANTEN_DTYPE)
    status, value = sh.plain_shanten_row(hand, words, honor_words, suit, honor, honors, three_player, seven_pairs,
                                         quad_as_two_pairs, thirteen_orphans)
    if status != OK:
        return ONE_REFUSED - status
    held = 0
    for t in range(N_TILE_KINDS):
        held |= hand[t]
    return value if held > 1 else value + ONE_SINGLES


@kernel
def discard_advice(hand, jokers, tables, over_keys, over_values, rules, out):
    """Discard advice of one 3k+2 ``hand`` (34 counts, e.g. a ``bytearray``; ``jokers``
    wildcards beside it, never discarded); returns ``(OK, rows)``, or the status of the hand's
    row scan and 0. Tables and rules as :func:`shanten_batch`.

    out[4 * i: 4 * i + 4] gets row i: discard, shanten after it, unseen copies of the tiles
    that lower that shanten (the whole hand counted as seen), the mask of those tiles. Rows
    come sorted best first (lower shanten, more copies, lower tile).
    """
    seven_pairs, quad_as_two_pairs, thirteen_orphans, honors, three_player, plain, _ = variants.rule_flags(rules)
    status, total, _, _, _ = scan_row(hand, HU, honors, jokers, three_player)
    if status != OK:
        return status, 0
    plain = plain and jokers == 0  # the three plain forms, with the other suits' drop masks kept
    # views that hold no reference, as in shanten_batch: the steps called per discard count none
    tables, over_keys, over_values = unowned(tables), unowned(over_keys), unowned(over_values)
    suit, honor = tables[KIND_SUIT], tables[KIND_HONOR]
    whole = np.empty((4, N_SUIT_RANKS), np.int64)
    known = np.zeros(4, np.bool_)
    drops = np.empty((4, N_SUIT_RANKS), np.int64)
    total -= 1  # real tiles after the discard
    c = np.empty(N_TILE_KINDS, np.uint8)
    for t in range(N_TILE_KINDS):
        c[t] = hand[t]
    k0, k1, k2, k3 = suit_keys(c)
    keys = np.array([k0, k1, k2, k3])
    n = 0
    for d in range(N_TILE_KINDS):
        if hand[d] == 0:
            continue
        ds = d // N_SUIT_RANKS
        step = COUNT_BASE ** (d - N_SUIT_RANKS * ds)
        c[d] -= 1
        keys[ds] -= step
        if plain:
            lacking, mask = sh.plain_lowering(c, hand, keys, ds, total, suit, honor, seven_pairs, quad_as_two_pairs,
                                              thirteen_orphans, honors, whole, known, drops)
        else:
            lacking, mask = sf.evaluate(c, keys[0], keys[1], keys[2], keys[3], total, jokers, tables, over_keys,
                                        over_values, rules)
        out[4 * n] = d
        out[4 * n + 1] = lacking - jokers - 1
        out[4 * n + 2] = sh.unseen_copies(hand, mask)
        out[4 * n + 3] = mask
        n += 1
        c[d] += 1
        keys[ds] += step
    sh.sort_advice(out, n)
    return OK, n
