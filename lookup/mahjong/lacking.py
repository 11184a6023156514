"""The shanten of a whole hand, every form the rules allow together (jitable): the steps the
shanten kernels (:mod:`.kernels`) compile in.

The unit is *lacking* (:mod:`.forms.costs`): the shanten is the least lacking over the forms,
minus the jokers, minus one. Each form gives its own lacking (:data:`Forms`); under
``max_suits`` the standard form, seven pairs and 将将胡 take the least over the sets of
numbered suits kept (:data:`.forms.limits.KEPT_SETS`).

- plain rules without jokers: :func:`plain_lacking` (the plain words, merged exactly where one
  is NOT_CONCAVE), :func:`plain_shanten_row`, :func:`forms_lacking`;
- any rules: :func:`row_lacking` from the entries a kernel read, leaving to the tables what
  needs them (:func:`full_lacking`: over-4 savings; :func:`.forms.knitted_rest.straight_lacking`);
- the knitted rules without jokers: :func:`knitted_rules_lacking`.

``keys`` are the suit keys, ``entries`` four shanten entries (or plain words), ``st`` the
shanten kernels' tables (:data:`.forms.standard.ShantenTables`), ``rules`` the rule bits.
"""

from __future__ import annotations

import numpy as np

from ..jit import OK, jitable
from .encoding import INCREMENTS_MASK, MAX_HAND_TILES, NOT_CONCAVE, OVER4_FLAG, Array, Counts
from .forms.costs import (
    FAR,
    KINDS,
    NO_SUIT,
    Entries,
    SuitCosts,
    field,
    greedy_lacking,
    share,
    standard_costs,
    stats_of,
    suit_costs,
    used_with_pair,
    with_savings,
)
from .forms.knitted import KNITTED_TILES, knitted_honors_lacking, knitted_most, straight_bound, words_knitted_most
from .forms.knitted_rest import coded_straight, knitted_straight
from .forms.limits import (
    KEPT_SETS,
    held_pongs_lacking,
    histogram_of,
    kept_greedy_lacking,
    pair_suit_258_lacking,
    pongs_lacking,
)
from .forms.seven_pairs import pairs_lacking
from .forms.standard import ShantenTables, budget_lacking, plain_kinds, standard_kinds, suit_entry
from .forms.thirteen_orphans import orphans_lacking
from .row import Keys, checked_keys
from .rules import (
    ALL_258,
    HONORS,
    KNITTED_HONORS,
    KNITTED_STRAIGHT,
    MAX_SUITS_SHIFT,
    ONE_SUIT_WAIVES_258,
    ORPHANS,
    PAIR_258,
    PONGS_WAIVE_258,
    QUADS,
    SEVEN_PAIRS,
    THREE_PLAYER,
)

PlainTables = tuple[Array, Array, Array, Array]
"""The tables of the plain rules: shanten entries of the suit and of the honors, then their
plain words (:func:`.encoding.plain_words`)."""
Forms = tuple[int, int, int, int, int, int, int, int]
"""Lacking per form: standard, 碰碰胡, 清一色, seven pairs, thirteen orphans, 将将胡, 全不靠,
组合龙 (FAR where the rules or the hand's size leave a form out)."""
FULL, STRAIGHT = 1, 2
"""What :func:`row_lacking` leaves to the tables: the over-4 savings (:func:`full_lacking`),
or 组合龙 (:func:`.forms.knitted_rest.straight_lacking`)."""


@jitable
def special_lacking(entries: Entries, rules: int) -> tuple[int, int]:
    """(seven pairs lacking, thirteen orphans lacking) of a 13/14-tile hand from its four
    shanten entries (or plain words); FAR where the rules omit a form."""
    e0, e1, e2, e3 = entries
    stats = stats_of(e0) + stats_of(e1) + stats_of(e2) + stats_of(e3)
    pairs = pairs_lacking(stats, rules & QUADS != 0) if rules & SEVEN_PAIRS else FAR
    orphans = orphans_lacking(stats) if rules & ORPHANS else FAR
    return pairs, orphans


@jitable
def forms_lacking(costs: SuitCosts, entries: Entries, total: int, rules: int) -> tuple[int, int, int]:
    """(standard, seven pairs, thirteen orphans lacking) of a hand of ``total`` tiles from its
    :func:`.forms.costs.standard_costs` and four shanten entries. The special forms count for
    13 and 14 tiles (FAR otherwise, and where the rules omit them)."""
    pairs = FAR
    orphans = FAR
    if total >= MAX_HAND_TILES - 1 and rules & (SEVEN_PAIRS | ORPHANS):
        pairs, orphans = special_lacking(entries, rules)
    return share(costs[0], costs[1], total // 3), pairs, orphans


@jitable
def plain_lacking(keys: Keys, total: int, tables: PlainTables, rules: int) -> int:
    """Least lacking of a hand of ``total`` tiles under the plain rules: the standard form from
    the plain words, merged exactly from the shanten entries when a suit is NOT_CONCAVE; seven
    pairs and thirteen orphans as :func:`forms_lacking`. Without honors the honor key is 0,
    whose melds and pair from nothing cost no less than in a numbered suit."""
    k0, k1, k2, k3 = keys
    suit, honor, words, honor_words = tables
    g0, g1, g2, g3 = words[k0], words[k1], words[k2], honor_words[k3]
    if (g0 | g1 | g2 | g3) & NOT_CONCAVE:
        entries = (suit[k0], suit[k1], suit[k2], honor[k3])
        lacking, pairs, orphans = forms_lacking(standard_costs(entries, rules & HONORS != 0), entries, total, rules)
        return min(lacking, min(pairs, orphans))
    lacking = greedy_lacking((g0, g1, g2, g3), total // 3)
    if total >= MAX_HAND_TILES - 1 and rules & (SEVEN_PAIRS | ORPHANS):
        pairs, orphans = special_lacking((g0, g1, g2, g3), rules)
        lacking = min(lacking, min(pairs, orphans))
    return lacking


@jitable(inline="ir")
def plain_shanten_row(c: Counts, tables: PlainTables, rules: int) -> tuple[int, int]:
    """(status of the row scan, shanten) of 34 counts under plain rules without jokers: the
    row step of the plain kernels, one hand or a batch (the shanten is 0 when the status is
    not OK). Tables as :func:`plain_lacking`."""
    status, total, keys = checked_keys(c, rules & HONORS != 0, 0, rules & THREE_PLAYER != 0)
    if status != OK:
        return status, 0
    return OK, plain_lacking(keys, total, tables, rules) - 1


@jitable(inline="llvm")
def entries_lacking(c: Counts, entries: Entries, plain: tuple[int, int, int], sav: Entries,
                    plain_sav: tuple[int, int, int], total: int, jokers: int, rules: int, counted: bool) -> Forms:
    """The lacking of each form but 组合龙 from the suits' entries; in 组合龙's place, a bound
    no 组合龙 lacks fewer than (:func:`.forms.knitted.straight_bound`). The knitted forms are
    FAR when they cannot reach the other forms' least. ``entries``: the shanten entries of the
    standard form's kinds (the three-player characters from the honors, at their terminal
    key); ``plain``: the numbered suits' entries of the plain kind (清一色); ``sav``,
    ``plain_sav``: their over-4 words (0 without jokers); ``c``: the counts (将将胡, the knitted
    forms). ``counted``: ``entries`` are the plain words of the suits (none NOT_CONCAVE; no 258
    pair, no over-4 word), the standard form counted instead of merged."""
    e0, e1, e2, e3 = entries
    f0, f1, f2 = plain
    t0, t1, t2 = plain_sav
    n = total + jokers
    k = n // 3
    max_suits = (rules >> MAX_SUITS_SHIFT) & 3
    if counted:
        # all suits kept: greedy_lacking inlined; 缺一门: a call (one inlined greedy_lacking, not one per kept set)
        standard = greedy_lacking(entries, k) if max_suits == 3 else kept_greedy_lacking(entries, k, max_suits)
    else:
        x3 = suit_costs(e3) if rules & HONORS else NO_SUIT
        standard = budget_lacking((suit_costs(e0), suit_costs(e1), suit_costs(e2), x3), sav, k, max_suits, jokers)
    st0, st1, st2, st3 = stats_of(e0), stats_of(e1), stats_of(e2), stats_of(e3)
    stats = st0 + st1 + st2 + st3
    pongs = one = pairs = orphans = all_258 = knitted = missing = FAR
    if rules & PAIR_258 and rules & PONGS_WAIVE_258:
        pongs = pongs_lacking(histogram_of(stats), k, jokers)
    if rules & PAIR_258 and rules & ONE_SUIT_WAIVES_258:
        one = min(min(with_savings(suit_costs(f0), t0, jokers)[2 * k + 1],
                      with_savings(suit_costs(f1), t1, jokers)[2 * k + 1]),
                  with_savings(suit_costs(f2), t2, jokers)[2 * k + 1])
    if n >= MAX_HAND_TILES - 1:
        if rules & (SEVEN_PAIRS | ALL_258):
            held = (c[1] + c[4] + c[7], c[10] + c[13] + c[16], c[19] + c[22] + c[25])
            sets = KEPT_SETS[max_suits]
            for v in range(8):
                if (sets >> v) & 1:
                    kept = st3 + (st0 if v & 1 else 0) + (st1 if v & 2 else 0) + (st2 if v & 4 else 0)
                    if rules & SEVEN_PAIRS:
                        pairs = min(pairs, pairs_lacking(kept, rules & QUADS != 0))
                    if rules & ALL_258:
                        all_258 = min(all_258, MAX_HAND_TILES - np.int64((held[0] if v & 1 else 0)
                                                                         + (held[1] if v & 2 else 0)
                                                                         + (held[2] if v & 4 else 0)))
        if rules & ORPHANS:
            orphans = orphans_lacking(stats)
    others = min(min(min(standard, pongs), min(one, pairs)), min(orphans, all_258))
    kinds_held = field(stats, KINDS)
    # cheap bounds first: 全不靠 lacks at least 14 minus the kinds held, 组合龙 at least 9 minus
    # the numbered kinds held; neither is looked at when both bounds exceed the other forms
    if rules & (KNITTED_HONORS | KNITTED_STRAIGHT) and k >= 3 and \
            (MAX_HAND_TILES - kinds_held <= others or KNITTED_TILES - kinds_held + field(st3, KINDS) <= others):
        # the most tiles of one knitted set held: from the words when counted (no count read)
        most = words_knitted_most(entries) if counted else knitted_most(c)
        if rules & KNITTED_STRAIGHT:
            missing = straight_bound(most, stats, e0 | e1 | e2 | e3, k, counted)
        if rules & KNITTED_HONORS and n >= MAX_HAND_TILES - 1:
            knitted = knitted_honors_lacking(most, field(st3, KINDS))
    return standard, pongs, one, pairs, orphans, all_258, knitted, missing


@jitable
def full_lacking(c: Counts, keys: Keys, total: int, jokers: int, st: ShantenTables, rules: int, ties: bool) -> Forms:
    """The lacking of each form (:data:`Forms`) of a hand of ``total`` real tiles, ``jokers``
    and suit keys ``keys``, over-4 savings included; 组合龙 is FAR unless below the others'
    least (at most it when ``ties``)."""
    honors, three_player = rules & HONORS != 0, rules & THREE_PLAYER != 0
    kinds = standard_kinds(st, rules & PAIR_258 != 0)
    plain = plain_kinds(st)
    k0, k1, k2, k3 = keys
    e0, s0 = suit_entry(0, k0, kinds, three_player, jokers)
    e1, s1 = suit_entry(1, k1, kinds, three_player, jokers)
    e2, s2 = suit_entry(2, k2, kinds, three_player, jokers)
    e3, s3 = suit_entry(3, k3, kinds, three_player, jokers)
    f0, t0 = suit_entry(0, k0, plain, False, jokers)
    f1, t1 = suit_entry(1, k1, plain, False, jokers)
    f2, t2 = suit_entry(2, k2, plain, False, jokers)
    standard, pongs, one, pairs, orphans, all_258, knitted, missing = entries_lacking(
        c, (e0, e1, e2, e3), (f0, f1, f2), (s0, s1, s2, s3 if honors else 0), (t0, t1, t2), total, jokers, rules,
        False)
    best = min(min(min(standard, pongs), min(one, pairs)), min(min(orphans, all_258), knitted))
    limit = best if ties else best - 1
    straight = FAR
    if missing <= limit:
        straight = knitted_straight(c, keys, (total + jokers) // 3, jokers, st, honors, limit)
    return standard, pongs, one, pairs, orphans, all_258, knitted, straight


@jitable(inline="llvm")
def row_lacking(c: Counts, total: int, jokers: int, entries: Entries, plain: tuple[int, int, int], rules: int,
                counted: bool) -> tuple[int, int]:
    """(least lacking of a batch row from the entries its kernel read (as :func:`entries_lacking`
    takes them), what is left: 0, FULL or STRAIGHT). Only ints here: a kernel reads its
    tables again only for what is left (arrays passed per row cost reference counting)."""
    e0, e1, e2, e3 = entries
    f0, f1, f2 = plain
    if jokers and (np.uint64(e0 | e1 | e2 | e3 | f0 | f1 | f2) & np.uint64(OVER4_FLAG)):
        return FAR, FULL
    forms = entries_lacking(c, entries, plain, (0, 0, 0, 0), (0, 0, 0), total, jokers, rules, counted)
    best = min(min(min(forms[0], forms[1]), min(forms[2], forms[3])), min(min(forms[4], forms[5]), forms[6]))
    return best, STRAIGHT if forms[7] < best else 0  # forms[7]: no 组合龙 lacks fewer


@jitable(inline="llvm")
def words_258_lacking(c: Counts, words: Entries, keys: Keys, table_258: Array, total: int, rules: int) -> int:
    """The least lacking of a hand of ``total`` real tiles, no jokers, under the 258 pair with
    every numbered suit kept and no knitted form, from its four plain words (none NOT_CONCAVE):
    each form's value is that of :func:`entries_lacking`, their least the same.

    The standard form with any pair, counted from the words (:func:`.costs.greedy_lacking`, per
    suit holding the pair), is a lower bound of the standard form under the 258 pair, 碰碰胡
    and 清一色. A numbered suit's suit_258 entry (``table_258`` at its key) is read only while
    its any-pair lacking is below the least found (the suit of the least first, the others
    only while the least is above the bound); 碰碰胡 and 清一色 (from the words' form counts
    and pair increments) only while it still is. Seven pairs, 将将胡 and thirteen orphans
    come first, from the form counts and ``c``."""
    g0, g1, g2, g3 = words
    k = total // 3
    target = 3 * k + 2
    melds = (g0 & INCREMENTS_MASK) + (g1 & INCREMENTS_MASK) + (g2 & INCREMENTS_MASK) + (g3 & INCREMENTS_MASK)
    used = (used_with_pair(g0, melds, k), used_with_pair(g1, melds, k), used_with_pair(g2, melds, k))
    top = max(max(used[0], used[1]), used[2])  # the numbered suit of the least any-pair lacking
    bound = target - max(top, used_with_pair(g3, melds, k))
    stats = stats_of(g0) + stats_of(g1) + stats_of(g2) + stats_of(g3)
    best = FAR
    if total >= MAX_HAND_TILES - 1:
        if rules & SEVEN_PAIRS:
            best = pairs_lacking(stats, rules & QUADS != 0)
        if rules & ALL_258:
            best = min(best, MAX_HAND_TILES - np.int64(c[1] + c[4] + c[7] + c[10] + c[13] + c[16] + c[19] + c[22]
                                                        + c[25]))
        if rules & ORPHANS:
            best = min(best, orphans_lacking(stats))
    first = 0 if used[0] == top else 1 if used[1] == top else 2
    if target - top < best:  # the suit's any-pair lacking bounds its 258-pair lacking
        g = g0 if first == 0 else g1 if first == 1 else g2
        best = min(best, pair_suit_258_lacking(np.int64(table_258[keys[first]]), melds - (g & INCREMENTS_MASK), k))
    if best > bound:  # then the other suits (while below the least), and the waived forms
        for s in range(3):
            if s != first and target - used[s] < best:
                g = g0 if s == 0 else g1 if s == 1 else g2
                best = min(best, pair_suit_258_lacking(np.int64(table_258[keys[s]]), melds - (g & INCREMENTS_MASK),
                                                       k))
        if best > bound and rules & PONGS_WAIVE_258:
            best = min(best, held_pongs_lacking(histogram_of(stats), k))
        if best > bound and rules & ONE_SUIT_WAIVES_258:  # one suit's k melds and pair, its pair increments alone
            best = min(best, target - max(max(used_with_pair(g0, g0 & INCREMENTS_MASK, k),
                                              used_with_pair(g1, g1 & INCREMENTS_MASK, k)),
                                          used_with_pair(g2, g2 & INCREMENTS_MASK, k)))
    return best


@jitable
def lacking_of(forms: Forms) -> int:
    """The least lacking over the forms."""
    return min(min(min(forms[0], forms[1]), min(forms[2], forms[3])), min(min(forms[4], forms[5]),
                                                                          min(forms[6], forms[7])))


@jitable
def full_least(c: Counts, keys: Keys, total: int, jokers: int, st: ShantenTables, rules: int) -> int:
    """The least lacking of :func:`full_lacking` (ties not kept), for a batch kernel: called
    from this helper, as from :func:`.lowering.evaluate`, ``full_lacking`` compiles once for
    both (Numba compiles a helper once per kind of caller, a kernel or another helper)."""
    return lacking_of(full_lacking(c, keys, total, jokers, st, rules, False))


@jitable(inline="llvm")
def knitted_rules_lacking(standard: int, words: Entries, keys: Keys, total: int, concave: bool,
                          rest_tables: tuple[Array, Array, Array], rules: int) -> int:
    """The least lacking of a hand of ``total`` real tiles, no jokers, under plain rules with
    全不靠 and/or 组合龙 (:attr:`.rules.RuleSet.knitted`), from the lacking of its standard form
    (``standard``) and its four plain words (``concave``: none is NOT_CONCAVE): seven pairs
    and thirteen orphans from the words' form counts, 全不靠 from the knitted tiles they hold,
    and 组合龙 by its rest codes (:func:`.forms.knitted_rest.coded_straight`; ``rest_tables``:
    the suit and honor rest codes and knitted/rest_lacking), read only when its bound is below
    the other forms' least. Each form's value is that of :func:`entries_lacking`."""
    g0, g1, g2, g3 = words
    codes, honor_codes, rest_lacking = rest_tables
    k = total // 3
    least = standard
    stats = stats_of(g0) + stats_of(g1) + stats_of(g2) + stats_of(g3)
    if total >= MAX_HAND_TILES - 1:
        if rules & SEVEN_PAIRS:
            least = min(least, pairs_lacking(stats, rules & QUADS != 0))
        if rules & ORPHANS:
            least = min(least, orphans_lacking(stats))
    if k >= 3:
        most = words_knitted_most(words)  # no branch on a bound first: random rows mispredict it
        if rules & KNITTED_HONORS and total >= MAX_HAND_TILES - 1:
            least = min(least, knitted_honors_lacking(most, field(stats_of(g3), KINDS)))
        if rules & KNITTED_STRAIGHT and straight_bound(most, stats, g0 | g1 | g2 | g3, k, concave) < least:
            k0, k1, k2, k3 = keys
            least = min(least, coded_straight(words, (np.int64(codes[k0]), np.int64(codes[k1]), np.int64(codes[k2]),
                                                      np.int64(honor_codes[k3])), k - 3, rest_lacking))
    return least
