"""Hu and waits of a whole hand, every form the rules allow together (jitable): the steps the
hu/ting kernels (:mod:`.kernels`) compile in and the scalar queries (:mod:`.queries`) run as
Python on the tables' memoryviews.

Values travel as tuples: ``keys`` the four suit keys (m, p, s, z), ``entries`` their hu/ting
entries, or joker entries when ``with_jokers``, ``tally`` the row scan's :data:`.row.Tally`,
``tables`` the (suit, honor) entry arrays; ``rules`` is :attr:`.rules.RuleSet.bits`.

- :func:`row_hu`, :func:`row_waits`: hu and waits of one row, every form the rules allow (the
  row step of the hu/ting kernels, and of the kernels without jokers on the rows their cheap
  tests leave);
- :func:`lean_row`: the row step of the kernels without jokers;
- seven pairs and thirteen orphans: :func:`special_forms` (cheap tests on the tally), then
  :func:`special_hu`, :func:`special_waits` (exact); :func:`plain_waits` under plain rules;
- rules with variants: :func:`variant_hu`, :func:`variant_waits` (every form but 组合龙,
  which reads more entries: :func:`straight_hu`, :func:`straight_waits`), and
  :func:`other_forms`, the test that answers most rows of the kernels without jokers
  from their standard form and the special forms alone.
"""

from __future__ import annotations

import numpy as np

from ..jit import ERR_COPIES, OK, jitable
from .encoding import (
    HONOR_TILES,
    KIND_HONOR,
    KIND_HONOR_258,
    KIND_SUIT,
    KIND_SUIT_258,
    MASK_258,
    MAX_HAND_TILES,
    Array,
    Counts,
    suit_keys,
)
from .forms.costs import Entries
from .forms.knitted import (
    KNITTED_TILES,
    honors_fit_rest,
    knitted_honors_hu,
    knitted_honors_waits,
    knitted_most,
    knitted_straight_hu,
    knitted_straight_waits,
    numbered_fit_knitted,
    numbered_tiles,
)
from .forms.limits import (
    histogram,
    in_play,
    only_258,
    pair_258_waits,
    pair_258_win,
    single_suit,
    suits_held,
    waits_in_game,
)
from .forms.seven_pairs import seven_pairs_hu, seven_pairs_waits
from .forms.standard import joker_hu, joker_waits, size_and_class, standard_hu, standard_waits, suit_waits, suit_win
from .forms.thirteen_orphans import terminals_only, thirteen_orphans_hu, thirteen_orphans_waits
from .row import (
    HU,
    TING,
    Keys,
    Tally,
    held_masks,
    kinds_held,
    open_tiles,
    row_status,
    rule_flags,
    scan_row,
    scan_row_lean,
)
from .rules import (
    ALL_258,
    HONORS,
    KNITTED_HONORS,
    KNITTED_STRAIGHT,
    MAX_SUITS_SHIFT,
    ONE_SUIT_WAIVES_258,
    ORPHANS,
    PONGS_WAIVE_258,
    QUADS,
    SEVEN_PAIRS,
)

FORM_SEVEN_PAIRS, FORM_THIRTEEN_ORPHANS, FORM_OTHER = 1, 2, 4
"""Bits of :func:`special_forms` (the first two) and :func:`other_forms`."""


@jitable(inline="ir")
def lean_row(c: Counts, tables: tuple[Array, Array], remainder: int, honors: bool,
             three_player: bool) -> tuple[int, Keys, Entries, int, int, int, bool]:
    """The row step the kernels without jokers share: ``(status, keys, entries, tiles, class
    sum, kinds of odd count, some kind held twice or more)`` of a row of 34 counts, the entries
    read from ``tables``. The lean scan (:func:`.row.scan_row_lean`) refuses a count over 4
    before any read; the tile count comes from the entries (:func:`size_and_class`), then
    :func:`.row.row_status`. Past a status other than OK, the other values mean nothing."""
    over, _, odd, paired = scan_row_lean(c)
    suit, honor = tables
    if over:
        return ERR_COPIES, (0, 0, 0, 0), (np.int64(0), np.int64(0), np.int64(0), np.int64(0)), 0, 0, 0, False
    keys = suit_keys(c)
    k0, k1, k2, k3 = keys
    entries = (np.int64(suit[k0]), np.int64(suit[k1]), np.int64(suit[k2]), np.int64(honor[k3]))
    total, classes = size_and_class(entries)
    status = row_status(c, total, False, remainder, honors, 0, three_player)
    return status, keys, entries, total, classes, odd, paired


@jitable(inline="ir")
def special_forms(tally: Tally, tiles: int, keys: Keys, jokers: int, rules: int) -> int:
    """The special forms (FORM_SEVEN_PAIRS | FORM_THIRTEEN_ORPHANS) a hand (``tally``) and
    ``jokers`` wildcards may take under ``rules``, from cheap counts and the numbered suits'
    keys; ``tiles`` is the size that needs: 14 to win, 13 to wait. :func:`special_hu` or
    :func:`special_waits` check them exactly."""
    total, odd, big, singles = tally
    forms = 0
    if (rules & SEVEN_PAIRS != 0 and total + jokers == tiles and odd <= jokers + MAX_HAND_TILES - tiles
            and (rules & QUADS != 0 or big == 0)):
        forms |= FORM_SEVEN_PAIRS
    if rules & ORPHANS != 0 and total + jokers == tiles and singles >= total - 2 and terminals_only(keys):
        forms |= FORM_THIRTEEN_ORPHANS
    return forms


@jitable
def special_hu(c: Counts, forms: int, quad_as_two_pairs: bool, jokers: int) -> bool:
    """Whether the 14 tiles (``jokers`` of them wildcards) win as one of the :func:`special_forms`."""
    return ((forms & FORM_SEVEN_PAIRS != 0 and seven_pairs_hu(c, quad_as_two_pairs, jokers))
            or (forms & FORM_THIRTEEN_ORPHANS != 0 and thirteen_orphans_hu(c, jokers)))


@jitable
def special_waits(c: Counts, forms: int, quad_as_two_pairs: bool, jokers: int) -> int:
    """Wait mask of the :func:`special_forms` of 13 tiles (``jokers`` of them wildcards)."""
    mask = 0
    if forms & FORM_SEVEN_PAIRS:
        mask |= seven_pairs_waits(c, quad_as_two_pairs, jokers)
    if forms & FORM_THIRTEEN_ORPHANS:
        mask |= thirteen_orphans_waits(c, jokers)
    return mask


@jitable(inline="ir")
def plain_waits(c: Counts, entries: Entries, keys: Keys, tally: Tally, jokers: int, with_jokers: bool,
                rules: int) -> int:
    """Wait mask of a validated 3k+1 hand under plain rules: the standard form from its four
    entries, then the special forms its tally leaves; no honor waits without honors."""
    mask = joker_waits(c, entries, jokers) if with_jokers else standard_waits(entries)
    forms = special_forms(tally, MAX_HAND_TILES - 1, keys, jokers, rules)
    if forms:
        mask |= special_waits(c, forms, rules & QUADS != 0, jokers)
    return mask if rules & HONORS else mask & ~HONOR_TILES


@jitable(inline="ir")
def other_forms(c: Counts, keys: Keys, e3: int, total: int, odd: int, paired: bool, rules: int, missing: int) -> int:
    """The forms other than the standard one by which a hand of ``total`` real tiles, no joker,
    ``missing`` tiles short of a 3k+2 hand (0: it may win; 1: it may wait), may win (after its
    draw) under ``rules``: FORM_SEVEN_PAIRS and FORM_THIRTEEN_ORPHANS (:func:`special_hu`,
    :func:`special_waits` check them exactly), FORM_OTHER for 将将胡, 全不靠 or 组合龙 (only
    :func:`row_hu`, :func:`row_waits` decide). The necessary tests of :func:`variant_hu`'s forms
    (of :func:`variant_waits`'s for ``missing`` 1) that need only the keys, the honors' hu/ting
    entry ``e3``, the kinds of odd count, whether some kind is held twice or more
    (:func:`.row.scan_row_lean`), and for 全不靠 or 组合龙 :func:`.forms.knitted.knitted_most`.
    A hand with none wins (waits) by the standard form only."""
    full = total == MAX_HAND_TILES - missing
    forms = 0
    if full and rules & SEVEN_PAIRS != 0 and odd <= missing:
        forms |= FORM_SEVEN_PAIRS
    if full and rules & ORPHANS != 0 and terminals_only(keys):
        forms |= FORM_THIRTEEN_ORPHANS
    if (full and (rules & ALL_258 != 0 and only_258(keys)
                  or rules & KNITTED_HONORS != 0 and not paired and numbered_fit_knitted(e3, total, False)
                  and knitted_most(c) == numbered_tiles(e3, total))
            or rules & KNITTED_STRAIGHT != 0 and (full or total == MAX_HAND_TILES - 3 - missing)
            and honors_fit_rest(e3, 0, False, missing) and knitted_most(c) >= KNITTED_TILES - missing):
        forms |= FORM_OTHER
    return forms


@jitable
def variant_hu(c: Counts, keys: Keys, e3: int, tally: Tally, jokers: int, with_jokers: bool, standard: bool,
               rules: int) -> tuple[bool, bool]:
    """(whether a 3k+2 hand, ``jokers`` included, wins under ``rules`` by a form other than
    组合龙; whether 组合龙 is left to check: :func:`straight_hu`, which reads the tables).

    ``e3``: the honors' entry the kernel read; ``standard``: whether the standard form wins
    (:func:`.forms.standard.suit_win`, then :func:`.forms.limits.pair_258_win` under the 258
    pair). Only ints here: arrays passed per row cost reference counting. Every other form is
    tried only where cheap counts allow it."""
    if suits_held(keys) > (rules >> MAX_SUITS_SHIFT) & 3:
        return False, False
    if standard:
        return True, False
    forms = special_forms(tally, MAX_HAND_TILES, keys, jokers, rules)
    if forms and special_hu(c, forms, rules & QUADS != 0, jokers):
        return True, False
    total, _, _, singles = tally
    n = total + jokers
    if rules & ALL_258 and n == MAX_HAND_TILES and only_258(keys):
        return True, False
    honors_ok = rules & KNITTED_HONORS != 0 and n == MAX_HAND_TILES and singles == total and \
        numbered_fit_knitted(e3, total, with_jokers)
    n1, n2, n3, n4 = histogram(tally)
    straight_ok = rules & KNITTED_STRAIGHT != 0 and (n == MAX_HAND_TILES or n == MAX_HAND_TILES - 3) and \
        honors_fit_rest(e3, jokers, with_jokers, 0) and n1 + n2 + n3 + n4 + jokers >= KNITTED_TILES and \
        KNITTED_TILES - knitted_most(c) <= jokers
    if honors_ok and knitted_honors_hu(held_masks(c), total, singles, jokers):
        return True, False
    return False, straight_ok


@jitable
def straight_hu(c: Counts, keys: Keys, total: int, jokers: int, with_jokers: bool, tables: tuple[Array, Array]) -> bool:
    """:func:`.forms.knitted.knitted_straight_hu` of a hand (counts ``c``)."""
    return knitted_straight_hu(keys, held_masks(c), total, jokers, with_jokers, tables)


@jitable
def variant_waits(c: Counts, keys: Keys, e3: int, tally: Tally, jokers: int, with_jokers: bool, standard: int,
                  rules: int) -> tuple[int, bool]:
    """(wait mask of a 3k+1 hand, ``jokers`` included, under ``rules`` by the forms other than
    组合龙: tiles in the game, held fewer than 4 times, that make it win; whether 组合龙 is
    left to add: :func:`straight_waits`, which reads the tables). ``e3`` as :func:`variant_hu`;
    ``standard``: the waits of the standard form (:func:`.forms.standard.suit_waits`, then
    :func:`.forms.limits.pair_258_waits` under the 258 pair)."""
    if suits_held(keys) > (rules >> MAX_SUITS_SHIFT) & 3:
        return 0, False
    mask = standard
    forms = special_forms(tally, MAX_HAND_TILES - 1, keys, jokers, rules)
    if forms:
        mask |= special_waits(c, forms, rules & QUADS != 0, jokers)
    total, _, _, singles = tally
    n = total + jokers
    if rules & ALL_258 and n == MAX_HAND_TILES - 1 and only_258(keys):
        mask |= MASK_258 & open_tiles(c)
    honors_ok = rules & KNITTED_HONORS != 0 and n == MAX_HAND_TILES - 1 and singles == total and \
        numbered_fit_knitted(e3, total, with_jokers)
    n1, n2, n3, n4 = histogram(tally)
    left = rules & KNITTED_STRAIGHT != 0 and (n == MAX_HAND_TILES - 1 or n == MAX_HAND_TILES - 4) and \
        honors_fit_rest(e3, jokers, with_jokers, 1) and n1 + n2 + n3 + n4 + jokers + 1 >= KNITTED_TILES and \
        KNITTED_TILES - knitted_most(c) <= jokers + 1
    if honors_ok:
        mask |= knitted_honors_waits(held_masks(c), total, singles, jokers)
    return waits_in_game(mask, keys, rules), left


@jitable
def straight_waits(c: Counts, keys: Keys, total: int, jokers: int, with_jokers: bool, tables: tuple[Array, Array],
                   rules: int) -> int:
    """:func:`.forms.knitted.knitted_straight_waits` of a hand (counts ``c``), in the game of ``rules``."""
    return knitted_straight_waits(c, keys, held_masks(c), total, jokers, with_jokers, tables) & in_play(rules)


@jitable(inline="ir")
def entries_258(tables: tuple[Array, Array, Array, Array], keys: Keys) -> Entries:
    """The 258-pair entries (:data:`.encoding.KIND_SUIT_258`, :data:`.encoding.KIND_HONOR_258`) of
    the four suit keys, as the hu/ting entries are read."""
    k0, k1, k2, k3 = keys
    suit_258, honor_258 = tables[KIND_SUIT_258], tables[KIND_HONOR_258]
    return np.int64(suit_258[k0]), np.int64(suit_258[k1]), np.int64(suit_258[k2]), np.int64(honor_258[k3])


@jitable(inline="ir")
def waivers_may_apply(c: Counts, keys: Keys, total: int, odd: int, rules: int, missing: int) -> bool:
    """Whether 碰碰胡 or 清一色 may waive the 258 pair of a hand (counts ``c``) of ``total``
    tiles, no joker, ``missing`` tiles short of a 3k+2 hand (0: it wins by them; 1: it waits by
    them): one numbered suit (the keys), or the kinds of odd count and the kinds held that all
    pongs leaves (p pongs and a pair: p odd, p + 1 held; one tile short, p - 1 or p + 1 odd).
    A necessary test: a hand that fails it wins (waits) with a 258 pair or not at all by the
    standard form."""
    if rules & ONE_SUIT_WAIVES_258 != 0 and single_suit(keys) >= 0:
        return True
    if rules & PONGS_WAIVE_258 == 0:
        return False
    pongs = (total + missing - 2) // 3
    if not (odd == pongs if missing == 0 else odd == pongs - 1 or odd == pongs + 1):
        return False
    return kinds_held(c) == pongs + 1


@jitable(inline="llvm")
def waits_with_258_pair(tables: tuple[Array, Array, Array, Array], keys: Keys) -> int:
    """The standard waits of a hand (its four suit keys) that complete it with a 258 pair:
    :func:`.forms.standard.standard_waits` of :func:`entries_258`. Inlined by LLVM, so that a
    kernel may take it beside its own standard waits."""
    return standard_waits(entries_258(tables, keys))


@jitable(inline="ir")
def read_row(c: Counts, remainder: int, jokers: int, tables: tuple[Array, Array, Array, Array], honors: bool,
             three_player: bool) -> tuple[int, Tally, Keys, Entries]:
    """(status, tally, keys, entries) of one row of 34 counts with ``jokers`` wildcards: the row
    scan (:func:`.row.scan_row`, sizes ``remainder``), then the four suit keys and their entries
    in ``tables`` (as :func:`row_hu`). Past a status other than OK, the rest means nothing."""
    status, total, odd, big, singles = scan_row(c, remainder, honors, jokers, three_player)
    if status != OK:  # a count over 4 has no key in the tables
        nothing = (np.int64(0), np.int64(0), np.int64(0), np.int64(0))
        return status, nothing, (0, 0, 0, 0), nothing
    keys = suit_keys(c)
    k0, k1, k2, k3 = keys
    suit, honor = tables[KIND_SUIT], tables[KIND_HONOR]
    entries = (np.int64(suit[k0]), np.int64(suit[k1]), np.int64(suit[k2]), np.int64(honor[k3]))
    return status, (total, odd, big, singles), keys, entries


@jitable(inline="llvm")
def row_hu(c: Counts, jokers: int, with_jokers: bool, tables: tuple[Array, Array, Array, Array],
           rules: int) -> tuple[int, bool]:
    """(status, whether it wins) of one row of 34 counts with ``jokers`` wildcards under ``rules``,
    every form they allow. ``tables``: the entry arrays of each suit kind (hu/ting entries, or
    joker entries when ``with_jokers``), as views that hold no reference
    (:func:`lookup.addresses.unowned`). Past a status other than OK, the answer means nothing."""
    flags = rule_flags(rules)
    status, tally, keys, entries = read_row(c, HU, jokers, tables, flags.honors, flags.three_player)
    if status != OK:
        return status, False
    total = tally[0]
    suit, honor = tables[KIND_SUIT], tables[KIND_HONOR]
    if not flags.plain:
        standard = suit_win(entries, jokers, with_jokers)
        if standard and flags.pair_258:  # a win with a 258 pair, 碰碰胡 or 清一色 is a standard win
            standard = pair_258_win(keys, tally, jokers, with_jokers, entries_258(tables, keys), rules)
        win, left = variant_hu(c, keys, entries[3], tally, jokers, with_jokers, standard, rules)
        if left:
            win = straight_hu(c, keys, total, jokers, with_jokers, (suit, honor))
        return OK, win
    win = joker_hu(entries, jokers) if with_jokers else standard_hu(entries)
    if not win:
        forms = special_forms(tally, MAX_HAND_TILES, keys, jokers, rules)
        win = forms != 0 and special_hu(c, forms, flags.quad_as_two_pairs, jokers)
    return OK, win


@jitable(inline="llvm")
def row_waits(c: Counts, jokers: int, with_jokers: bool, tables: tuple[Array, Array, Array, Array],
              rules: int) -> tuple[int, int]:
    """(status, wait mask) of one row of 34 counts with ``jokers`` wildcards under ``rules``,
    every form they allow; ``tables`` as :func:`row_hu`."""
    flags = rule_flags(rules)
    status, tally, keys, entries = read_row(c, TING, jokers, tables, flags.honors, flags.three_player)
    if status != OK:
        return status, 0
    total = tally[0]
    suit, honor = tables[KIND_SUIT], tables[KIND_HONOR]
    if not flags.plain:
        standard = suit_waits(c, entries, jokers, with_jokers)
        if standard and flags.pair_258:  # the waits of a 258 pair, 碰碰胡 or 清一色 are standard waits
            standard = pair_258_waits(c, keys, tally, jokers, with_jokers, standard, entries_258(tables, keys), rules)
        mask, left = variant_waits(c, keys, entries[3], tally, jokers, with_jokers, standard, rules)
        if left:
            mask |= straight_waits(c, keys, total, jokers, with_jokers, (suit, honor), rules)
        return OK, mask
    return OK, plain_waits(c, entries, keys, tally, jokers, with_jokers, rules)
