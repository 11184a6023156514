"""Zipai ting of one hand: the draws that make it win (its waits), each with its best total huxi.
Each step is written once, run as Python by the scalar query and compiled by the kernels.

A drawn card is placed in each of the ways :func:`draw_case` lists (the part unchanged, the
card joining it, a held pair made a 偎, a free third copy inside a unit) and scores the best.
:func:`ting_counts` answers most hands after one walk of the ting automaton
(:func:`~lookup.zipai.encoding.ting_best`): a part it refuses, or labels with too little huxi,
wins on no draw. Any other part is walked once each way (the automaton and the reverse one,
:func:`both_paths`), and each way of placing a card resumes the shorter of the two walks
from the numbers it changes.

Arguments as in :mod:`lookup.zipai.hand`, plus ``ting_tables``,
:data:`~lookup.zipai.encoding.TingTables`; ``path``, scratch of :data:`PATH_SIZE` ints; ``out``
(20), the answer per card.
"""

from __future__ import annotations

from ..jit import ERR_SIZE, OK, jitable
from .encoding import (
    COUNT_VALUES,
    DEAD,
    MAX_COPIES,
    MAX_PART_COPIES,
    N_CARDS,
    N_NUMBERS,
    N_SYMBOLS,
    NO_WIN,
    RANK_SHIFT,
    START,
    STATE_MASK,
    Counts,
    HuTables,
    Scratch,
    Table,
    TingTables,
    ting_best,
    walk_back_from,
    walk_from,
)
from .hand import KAN_COPIES, Melds, Rules, pair_rule_ok, part_size_ok, score, take_out_sets
from .units import (
    CARD_FIRST_NUMBER,
    CARD_LAST_NUMBER,
    CARD_UNITS,
    FREE_COPY_FIRST_NUMBER,
    FREE_COPY_LAST_NUMBER,
    FREE_COPY_NEEDS,
    KAN_HUXI,
    MAX_CARD_UNITS,
    NO_UNIT,
    PAO_HUXI,
    PENG_HUXI,
    TI_HUXI,
    UNIT_CARDS,
    UNIT_HUXI,
    WEI_HUXI,
    add_unit,
    unit_in_set,
)

NO_CASE = NO_UNIT + 1
""":func:`draw_case`: no more cases for this draw."""

_LEVELS = N_NUMBERS + 1
FORWARD_STATE = 0
"""Ting scratch (``path``): path[FORWARD_STATE + n], the automaton state before number n (n = 0..10) ..."""
FORWARD_RANK = FORWARD_STATE + _LEVELS
"""... path[FORWARD_RANK + n], the rank so far ..."""
BACKWARD_STATE = FORWARD_RANK + _LEVELS
"""... path[BACKWARD_STATE + n], the reverse automaton's state after numbers 9..n (n = 10: START) ..."""
PAIRS = BACKWARD_STATE + _LEVELS
"""... from path[PAIRS], the cards held twice whose free third copy :func:`ting_counts` tries ...
(each slot is written before the count says whether it is kept: one slot more than there are
cards) ..."""
FREE_COPY_CASES = PAIRS + N_CARDS + 1
"""... and from path[FREE_COPY_CASES], the free-copy cases it walks (MAX_CARD_UNITS * t + k for
the k-th unit of card t; kept the same way)."""
PATH_SIZE = FREE_COPY_CASES + N_CARDS * MAX_CARD_UNITS + 1
HALF = N_NUMBERS // 2
""":func:`ting_rest` walks a change at a number below HALF backward, else forward (at most
HALF steps either way)."""


def _live_unit_slots() -> bytes:
    """:data:`LIVE_UNIT_SLOTS`, from the unit tables of :mod:`lookup.zipai.units`."""
    out = []
    for t in range(N_CARDS):
        for live_to in range(_LEVELS):
            for live_from in range(_LEVELS):
                bits = 0
                for k in range(MAX_CARD_UNITS):
                    i = MAX_CARD_UNITS * t + k
                    if CARD_UNITS[i] != NO_UNIT and FREE_COPY_FIRST_NUMBER[i] <= live_to \
                            and FREE_COPY_LAST_NUMBER[i] + 1 >= live_from:
                        bits |= 1 << k
                out.append(bits)
    return bytes(out)


@jitable
def live_unit_slots(t: int, live_to: int, live_from: int) -> int:
    """:data:`LIVE_UNIT_SLOTS` of card ``t`` when the part is live before ``live_to`` and after
    ``live_from`` - 1 (:func:`both_paths`)."""
    return LIVE_UNIT_SLOTS[(_LEVELS * t + live_to) * _LEVELS + live_from]


LIVE_UNIT_SLOTS = _live_unit_slots()
"""LIVE_UNIT_SLOTS[(_LEVELS * t + live_to) * _LEVELS + live_from] (read through
:func:`live_unit_slots`), bit k: card t has a k-th unit (CARD_UNITS) and a free third copy in
it changes no number past ``live_to`` or before ``live_from`` - 1 (the part's prefix before the
change and its suffix after it can both still win: see :func:`both_paths`)."""


def _free_copy_needed() -> bytes:
    """:data:`FREE_COPY_NEEDED`, from the unit tables of :mod:`lookup.zipai.units`."""
    out = []
    for t in range(N_CARDS):
        for k in range(MAX_CARD_UNITS):
            i = MAX_CARD_UNITS * t + k
            u = CARD_UNITS[i]
            rest = [x for x in UNIT_CARDS[u] if x >= 0] if u != NO_UNIT else [t]
            rest.remove(t)
            out += [rest.count(x) if x != t else 0 for x in FREE_COPY_NEEDS[2 * i:2 * i + 2]]
    return bytes(out)


FREE_COPY_NEEDED = _free_copy_needed()
"""FREE_COPY_NEEDED[2 * (MAX_CARD_UNITS * t + k) + j]: the copies of card FREE_COPY_NEEDS[same
index] that the k-th unit of card t takes off a part holding t twice and drawing a third (0 for
t itself, which the part holds twice): the case is possible exactly when the part holds that
many of both."""


@jitable
def draw_case(x: int, t: int, k: int, peng: int, wei: int) -> tuple[int, int, int, int, int]:
    """Case ``k`` (0, 1, ...) of placing a drawn card ``t`` that the hand holds ``x`` times:
    ``(unit, held, size change, huxi gained, quads gained)``, or ``NO_CASE`` first when there
    are no more cases.

    The card joins a 坎 as a 提, makes an exposed 碰 a 跑 and an exposed 偎 a 提 (one case
    each, the part unchanged); it makes a pair in the hand a 偎 (case 0) or stays a free third
    copy inside the groups (cases 1..: ``unit``, one of the units holding it, comes off the
    part); else it joins the part (one case). ``held``: the card's count in the part for this
    case; ``unit`` is NO_UNIT but for the free copies.
    """
    case = t // N_NUMBERS
    gained = 0
    if k > 0 and x != MAX_PART_COPIES:
        return NO_CASE, 0, 0, 0, 0  # (the callers ask for cases 1.. of a pair only)
    if x == KAN_COPIES:  # 坎 -> 提
        gained += TI_HUXI[case]
        gained -= KAN_HUXI[case]
        return NO_UNIT, 0, 0, gained, 1
    if peng >> t & 1:  # 碰 -> 跑
        gained += PAO_HUXI[case]
        gained -= PENG_HUXI[case]
        return NO_UNIT, x, 0, gained, 1
    if wei >> t & 1:  # 偎 -> 提
        gained += TI_HUXI[case]
        gained -= WEI_HUXI[case]
        return NO_UNIT, x, 0, gained, 1
    if x < MAX_PART_COPIES:  # joins the part
        return NO_UNIT, x + 1, 1, 0, 0
    if k == 0:  # the pair and the card: a 偎
        gained += WEI_HUXI[case]
        return NO_UNIT, 0, -MAX_PART_COPIES, gained, 0
    u = CARD_UNITS[MAX_CARD_UNITS * t + k - 1]  # the third copy free in unit u
    if u == NO_UNIT:
        return NO_CASE, 0, 0, 0, 0
    gained += UNIT_HUXI[u]
    return u, x + 1, 1, gained, 0


@jitable
def both_paths(trans: Table, back: Table, part: Counts, path: Scratch) -> tuple[int, int]:
    """Walk ``part`` forward from the start and, at the same time (the two chains of reads
    overlap), backward through the reverse automaton from number 9 down, keeping in ``path``
    the forward state and rank before each number and the backward state after each number.

    ``(live_to, live_from)``: the forward states are live up to before number ``live_to``
    (10: the walk did not die), the backward ones from after number ``live_from`` - 1 (0: it
    did not die). Both walks read all ten numbers and count their live states rather than
    stop at the dead one (see :func:`~lookup.zipai.encoding.walk_from`); the dead states are
    written as DEAD.
    """
    s = START
    r = 0
    path[FORWARD_STATE] = s
    path[FORWARD_RANK] = r
    b = START
    path[BACKWARD_STATE + N_NUMBERS] = b
    live_forward = 0
    live_backward = 0
    for i in range(N_NUMBERS):
        e = trans[s * N_SYMBOLS + COUNT_VALUES * part[i] + part[i + N_NUMBERS]]
        s = e & STATE_MASK
        r += e >> RANK_SHIFT
        live_forward += s != DEAD  # (DEAD is absorbing: the live states come first)
        path[FORWARD_STATE + i + 1] = s
        path[FORWARD_RANK + i + 1] = r
        n = N_NUMBERS - 1 - i
        b = back[b * N_SYMBOLS + COUNT_VALUES * part[n] + part[n + N_NUMBERS]]
        live_backward += b != DEAD
        path[BACKWARD_STATE + n] = b
    return live_forward, N_NUMBERS - live_backward


@jitable(inline="ir")
def walk_changed(trans: Table, final: int, part: Counts, n: int, symbol: int, state: int, rank: int) -> int:
    """:func:`~lookup.zipai.encoding.walk_from` before number ``n`` in ``state`` with ``rank``,
    reading ``symbol`` for number ``n`` and the part's own symbols after it: the rank of the
    part changed at number n only, or NO_WIN."""
    e = trans[state * N_SYMBOLS + symbol]
    return walk_from(trans, final, part, n + 1, e & STATE_MASK, rank + (e >> RANK_SHIFT))


@jitable(inline="ir")
def back_changed(back: Table, back_final: int, part: Counts, n: int, symbol: int, state: int) -> bool:
    """:func:`~lookup.zipai.encoding.walk_back_from` in ``state`` after numbers 9..n+1, reading
    ``symbol`` for number ``n`` and the part's own symbols before it: True when the part changed
    at number n only wins."""
    return walk_back_from(back, back_final, part, n - 1, back[state * N_SYMBOLS + symbol])


@jitable
def ting_counts(tables: HuTables, ting_tables: TingTables, rules: Rules, c: Counts, used: Counts, melds: Melds,
                part: Scratch, path: Scratch, out: Scratch) -> tuple[int, int]:
    """Fill ``out`` (20) with the best total huxi after drawing each card, NO_WIN where it does
    not win; ``(status, number of winning draws)``.

    ``ERR_SIZE`` unless the checked part is one card short of a size that can win (3k+1 or
    3k+2 cards, at most 20). A card of which hand and melds hold 4 is never drawn; a drawn
    card is placed in each of its :func:`draw_case` cases and scores the best of them; a free
    third copy only in the units of the rules' group set.
    """
    status, size, huxi, kan_quads = ting_start(c, used, part, out)
    if status != OK:
        return status, size
    _, _, ting, ting_final = ting_tables
    row = (ting_best(ting, ting_final, part), size, huxi, kan_quads)
    return ting_rest(tables, ting_tables, rules, c, used, melds, row, part, path, out)


@jitable
def ting_start(c: Counts, used: Counts, part: Scratch, out: Scratch) -> tuple[int, int, int, int]:
    """:func:`ting_counts`' first step: ``(status, size, huxi, quads)`` as
    :func:`~lookup.zipai.hand.take_out_sets` (the part in ``part``), ``ERR_SIZE`` unless ting
    takes the part's size; ``out`` (20) set to NO_WIN."""
    status, size, huxi, kan_quads = take_out_sets(c, used, part)
    if status != OK:
        return status, size, 0, 0
    if not part_size_ok(size + 1):
        return ERR_SIZE, size, 0, 0
    for t in range(N_CARDS):
        out[t] = NO_WIN
    return OK, size, huxi, kan_quads


@jitable
def ting_rest(tables: HuTables, ting_tables: TingTables, rules: Rules, c: Counts, used: Counts, melds: Melds,
              row: tuple[int, int, int, int], part: Scratch, path: Scratch, out: Scratch) -> tuple[int, int]:
    """:func:`ting_counts` after :func:`ting_start`: ``(OK, number of winning draws)``, ``out``
    filled. ``row``: (the part's :func:`~lookup.zipai.encoding.ting_best`, its cards, and the
    huxi and 提 of the 坎/提 taken out), as :func:`ting_start` and the ting automaton give them.

    Every way of placing a card changes the part's size by 1 or -2, so one pair-rule check
    covers them all. The cases, by kind, each in a loop of its own (one loop over every
    card's cases mispredicts on the kind): the part unchanged (a 坎 made a 提, an exposed 碰 a
    跑, an exposed 偎 a 提), only when the whole part wins; a card joining the part or a held
    pair made a 偎, on the live numbers only, walked backward below :data:`HALF` (a winner
    forward again, for its rank), else forward; a free third copy of a held pair in one of its
    units, the cases whose prefix and suffix are live (:data:`LIVE_UNIT_SLOTS`) and whose cards
    the part holds (:data:`FREE_COPY_NEEDED`) listed without a branch, then walked.
    """
    trans, final, values = tables
    back, back_final, _, _ = ting_tables
    min_huxi, pair_with_quad, limit = rules
    meld_huxi, meld_quads, peng, wei = melds
    best, size, huxi, kan_quads = row
    melds_huxi = meld_huxi + huxi  # the melds' and the 坎/提's
    quads = meld_quads + kan_quads
    # a joining card, a 偎 and a free copy all leave 3k+2 or all 3k cards (size + 1 and size - 2)
    changed_ok = pair_rule_ok(size + 1, quads, pair_with_quad)
    if not changed_ok and not part_size_ok(size):  # nor can the part win unchanged
        return OK, 0
    if best < 0 or melds_huxi + best < min_huxi:
        return OK, 0
    live_to, live_from = both_paths(trans, back, part, path)
    exposed = peng | wei
    if path[FORWARD_STATE + N_NUMBERS] == final:  # the part unchanged
        for t in range(N_CARDS):
            x = c[t]
            if x + used[t] < MAX_COPIES and (x == KAN_COPIES or exposed >> t & 1):
                _, _, _, gained, upgraded = draw_case(x, t, 0, peng, wei)
                if pair_rule_ok(size, quads + upgraded, pair_with_quad):
                    out[t] = score(values, path[FORWARD_RANK + N_NUMBERS], melds_huxi + gained, min_huxi)
    # a card joining the part or a pair made a 偎: without a branch on the counts (random
    # hands would mispredict them) but the one on a winner
    lowest = max(live_from - 1, 0)
    highest = min(live_to, N_NUMBERS - 1) if changed_ok else lowest - 1
    for n in range(lowest, highest + 1):
        symbol = COUNT_VALUES * part[n] + part[n + N_NUMBERS]
        for case in range(2):
            t = n + N_NUMBERS * case
            x = c[t]
            pair = x == MAX_PART_COPIES
            weight = COUNT_VALUES - (COUNT_VALUES - 1) * case  # (of the card's count in the symbol)
            changed = symbol + weight * (1 - (MAX_PART_COPIES + 1) * pair)  # one copy more, or the pair off
            ok = (x + used[t] < MAX_COPIES) & (x <= MAX_PART_COPIES) & ((exposed >> t & 1) == 0)
            if n >= HALF:
                rank = walk_changed(trans, final, part, n, changed, path[FORWARD_STATE + n], path[FORWARD_RANK + n])
                won = ok & (rank >= 0)
            else:
                won = ok & back_changed(back, back_final, part, n, changed, path[BACKWARD_STATE + n + 1])
            if won:
                if n < HALF:
                    rank = walk_changed(trans, final, part, n, changed, path[FORWARD_STATE + n],
                                        path[FORWARD_RANK + n])
                gained = 0
                if pair:
                    gained = WEI_HUXI[case]
                out[t] = score(values, rank, melds_huxi + gained, min_huxi)
    # a free third copy of a held pair: the pairs, then their cases, listed without a branch
    pairs = 0
    for t in range(N_CARDS):
        path[PAIRS + pairs] = t
        pairs += (c[t] == MAX_PART_COPIES) & (used[t] < MAX_COPIES - MAX_PART_COPIES) & \
            (CARD_FIRST_NUMBER[t] <= live_to) & (CARD_LAST_NUMBER[t] + 1 >= live_from)
    cases = 0
    if changed_ok:
        for j in range(pairs):
            t = path[PAIRS + j] & 0xFF  # (the mask: the indices built from t are not negative)
            slots = live_unit_slots(t, live_to, live_from)
            for k in range(MAX_CARD_UNITS):
                i = MAX_CARD_UNITS * t + k
                path[FREE_COPY_CASES + cases] = i
                cases += ((slots >> k & 1) != 0) & unit_in_set(CARD_UNITS[i], limit) & \
                    (part[FREE_COPY_NEEDS[2 * i]] >= FREE_COPY_NEEDED[2 * i]) & \
                    (part[FREE_COPY_NEEDS[2 * i + 1]] >= FREE_COPY_NEEDED[2 * i + 1])
    for j in range(cases):
        i = path[FREE_COPY_CASES + j] & 0xFF
        t = i // MAX_CARD_UNITS
        u = CARD_UNITS[i]
        first = FREE_COPY_FIRST_NUMBER[i]
        last = FREE_COPY_LAST_NUMBER[i]
        part[t] = MAX_PART_COPIES + 1
        add_unit(part, u, -1)  # (within 0..2: the part holds the cards it takes)
        rank = NO_WIN
        if last + 1 >= N_NUMBERS - first or walk_back_from(back, back_final, part, last,
                                                            path[BACKWARD_STATE + last + 1]):
            rank = walk_from(trans, final, part, first, path[FORWARD_STATE + first], path[FORWARD_RANK + first])
        if rank >= 0:
            total = score(values, rank, melds_huxi + UNIT_HUXI[u], min_huxi)
            if total > out[t]:
                out[t] = total
        add_unit(part, u, 1)
        part[t] = MAX_PART_COPIES
    waits = 0
    for t in range(N_CARDS):
        waits += out[t] >= 0
    return OK, waits
