"""Zipai per-hand steps, each written once: the scalar queries run them as Python, the batch
kernels (:mod:`lookup.zipai.kernels`) compile them (they are :func:`~lookup.jit.jitable`).

A hand is 20 counts. Its triples and quads are taken out first as 坎 and 提
(:func:`take_out_sets`); the rest, the *checked part* (counts <= 2), must hold 3k or 3k+2
cards, at most 21 (:func:`part_size_ok`). It wins when the pair rule holds
(:func:`pair_rule_ok`), one walk of the table's automaton (:func:`~lookup.zipai.encoding.walk`)
finds it, and its best huxi with the melds' reaches the threshold (:func:`score`).
:func:`hu_counts` is that for one hand; :func:`ting_counts` does it for every card the hand
could draw, in each of the ways :func:`draw_case` says the card can be placed, from one walk
of the part each way (the automaton and the reverse one, :func:`both_paths`).

Status protocol (:mod:`lookup.jit`): the steps that can refuse a hand return
``(status, value)``: ``OK`` with the answer, or ``ERR_COPIES`` with the card held more than
4 times (hand and exposed melds), or ``ERR_SIZE`` with the size of the checked part.
``NO_WIN`` (-1) is an answer (the hand does not win), not an error.

Shape of the steps (measured): every step that the loops of :func:`hu_counts` and
:func:`ting_counts` call is a *leaf*: it reads arrays but passes none to another step, and
reads its tables from bytes constants. Numba then compiles it without reference counting
and inlines it into the loop; a step that passes arrays on is called, with atomic
reference counts, on every candidate (ting ran twice as long that way).

Arguments shared by the steps: ``trans``, ``final``, ``values`` the tables
(:data:`lookup.zipai.encoding.VIEW`); ``c`` the hand's counts; ``part`` scratch for 20 counts
(the checked part); ``melds`` and ``quads`` the exposed melds' huxi and number of 跑/提,
``used`` their copies per card, ``peng`` / ``wei`` bit masks of the cards with an exposed 碰 /
偎 (:class:`lookup.zipai.melds.Exposed`); ``min_huxi`` and ``pair_with_quad`` the rules
(:class:`lookup.zipai.RuleSet`). The tables are those of the rule set's group set
(:meth:`lookup.zipai.encoding.Tables.of`). Steps with 王 are in :mod:`lookup.zipai.wang`.
"""

from __future__ import annotations

from ..jit import ERR_COPIES, ERR_SIZE, OK, jitable
from .encoding import (
    CARD_FIRST_NUMBER,
    CARD_LAST_NUMBER,
    CARD_UNITS,
    COUNT_VALUES,
    DEAD,
    FREE_COPY_FIRST_NUMBER,
    FREE_COPY_LAST_NUMBER,
    FREE_COPY_NEEDS,
    GROUP_SIZE,
    HUXI_MASK,
    MAX_CARD_UNITS,
    MAX_COPIES,
    MAX_PART,
    MAX_PART_COPIES,
    N_CARDS,
    N_NUMBERS,
    N_SYMBOLS,
    NO_UNIT,
    NO_WIN,
    PAIR_SIZE,
    PAIR_UNIT,
    RANK_SHIFT,
    START,
    STATE_MASK,
    UNIT_HUXI,
    Counts,
    Scratch,
    Table,
    add_unit,
    walk,
    walk_back_from,
    walk_from,
)
from .melds import KAN_HUXI, PAO_HUXI, PENG_HUXI, TI_HUXI, WEI_HUXI

KAN_COPIES = 3
"""Copies of a card that make a 坎 in the hand; MAX_COPIES (4) make a 提."""
NO_CASE = NO_UNIT + 1
""":func:`draw_case`: no more cases for this draw."""

_LEVELS = N_NUMBERS + 1
FORWARD_STATE = 0
"""Ting scratch (``path``): path[FORWARD_STATE + n], the automaton state before number n (n = 0..10) ..."""
FORWARD_RANK = FORWARD_STATE + _LEVELS
"""... path[FORWARD_RANK + n], the rank so far ..."""
BACKWARD_STATE = FORWARD_RANK + _LEVELS
"""... path[BACKWARD_STATE + n], the reverse automaton's state after numbers 9..n (n = 10: START) ..."""
CANDIDATES = BACKWARD_STATE + _LEVELS
"""... and from path[CANDIDATES], the cards whose draw :func:`ting_counts` tries (each slot is
written before the count says whether it is kept: one slot more than there are cards)."""
PATH_SIZE = CANDIDATES + N_CARDS + 1


def _live_unit_slots() -> bytes:
    """:data:`LIVE_UNIT_SLOTS`, from the unit tables of :mod:`lookup.zipai.encoding`."""
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
:func:`live_unit_slots`), bit k: card t
has a k-th unit (CARD_UNITS) and a free third copy in it changes no number past ``live_to`` or
before ``live_from`` - 1 (the part's prefix before the change and its suffix after it can both
still win: see :func:`both_paths`)."""
LOWEST_BIT = bytes((x & -x).bit_length() - 1 if x else 0 for x in range(1 << MAX_CARD_UNITS))
"""LOWEST_BIT[x]: the index of x's lowest set bit (x < 2**MAX_CARD_UNITS; 0 for 0)."""


@jitable
def take_out_sets(c: Counts, used: Counts, part: Scratch) -> tuple[int, int, int, int]:
    """Take 坎 and 提 out of the hand ``c``: ``(status, size, huxi, quads)``.

    Writes the checked part into ``part``; ``size`` is its number of cards, ``huxi`` the huxi
    of the 坎 and 提 taken out, ``quads`` the number of 提. A card that hand and melds (``used``)
    hold more than 4 times gives ``ERR_COPIES`` with that card in place of ``size``.
    """
    size = 0
    huxi = 0
    quads = 0
    for t in range(N_CARDS):
        x = c[t]
        if x + used[t] > MAX_COPIES:
            return ERR_COPIES, t, 0, 0
        if x <= MAX_PART_COPIES:
            part[t] = x
            size += x
        else:
            part[t] = 0
            if x == KAN_COPIES:
                huxi += KAN_HUXI[t // N_NUMBERS]
            else:
                huxi += TI_HUXI[t // N_NUMBERS]
                quads += 1
    return OK, size, huxi, quads


@jitable
def part_size_ok(size: int) -> bool:
    """True for the sizes a checked part can win with: 3k (groups) or 3k+2 (and a pair), at most 21."""
    rest = size % GROUP_SIZE
    return (rest == 0 or rest == PAIR_SIZE) and size <= MAX_PART


@jitable
def pair_rule_ok(size: int, quads: int, pair_with_quad: bool) -> bool:
    """The pair rule: a part of ``size`` cards holds a pair exactly when it has 3k+2 cards; under
    ``pair_with_quad`` that is allowed only, and required, with a 提 or 跑 (``quads``)."""
    return not pair_with_quad or (size % GROUP_SIZE == PAIR_SIZE) == (quads > 0)


@jitable
def score(values: Table, rank: int, melds: int, min_huxi: int) -> int:
    """Best total huxi of a part of walk rank ``rank`` with melds worth ``melds``, or NO_WIN
    (the part does not win, or the total stays under ``min_huxi``)."""
    if rank < 0:
        return NO_WIN
    total = melds + (values[rank] & HUXI_MASK)
    if total < min_huxi:
        return NO_WIN
    return total


@jitable
def hu_counts(trans: Table, final: int, values: Table, c: Counts, part: Scratch, melds: int, quads: int,
              used: Counts, min_huxi: int, pair_with_quad: bool) -> tuple[int, int]:
    """``(status, best total huxi or NO_WIN)`` of the hand ``c`` (the winning card in it).

    ``ERR_SIZE`` when the checked part cannot win by its size (:func:`part_size_ok`).
    """
    status, size, huxi, kan_quads = take_out_sets(c, used, part)
    if status != OK:
        return status, size
    if not part_size_ok(size):
        return ERR_SIZE, size
    if not pair_rule_ok(size, quads + kan_quads, pair_with_quad):
        return OK, NO_WIN
    return OK, score(values, walk(trans, final, part), melds + huxi, min_huxi)


@jitable
def unit_in_set(u: int, limit: int) -> bool:
    """True when unit ``u`` is a group of the group set whose groups end at ``limit`` (or a pair)."""
    return u < limit or u >= PAIR_UNIT


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


@jitable
def ting_counts(trans: Table, final: int, values: Table, back: Table, back_final: int, c: Counts, part: Scratch,
                path: Scratch, melds: int, quads: int, used: Counts, peng: int, wei: int, min_huxi: int,
                pair_with_quad: bool, limit: int, out: Scratch) -> tuple[int, int]:
    """Fill ``out`` (20) with the best total huxi after drawing each card, NO_WIN where it does
    not win; ``(status, number of winning draws)``.

    ``ERR_SIZE`` unless the checked part is one card short of a size that can win (3k+1 or
    3k+2 cards, at most 20). A card of which hand and melds hold 4 is never drawn; a drawn
    card is placed in each of its :func:`draw_case` cases and scores the best of them; a free
    third copy only in the units of the group set (``limit``: :func:`~lookup.zipai.encoding.group_limit`).

    ``back``, ``back_final``: the group set's reverse automaton; ``path``: scratch of
    :data:`PATH_SIZE` ints. The part is walked once each way (:func:`both_paths`); a case
    changes the part on a few numbers only (a card joining it: its number; a free copy: those
    of the cards its unit takes off, :data:`~lookup.zipai.encoding.FREE_COPY_FIRST_NUMBER`),
    and can win only where the part's prefix before them and its suffix after them are both
    live: the other cases are skipped unwalked (the cards that have none are not even listed),
    the rest resume the shorter walk there (a winner: the forward one, for its rank). A held
    pair's units are visited only where that holds (:data:`LIVE_UNIT_SLOTS`, one read for all of
    them) and the part holds the unit's other cards.
    """
    status, size, huxi, kan_quads = take_out_sets(c, used, part)
    if status != OK:
        return status, size
    if not part_size_ok(size + 1):
        return ERR_SIZE, size
    melds += huxi
    quads += kan_quads
    live_to, live_from = both_paths(trans, back, part, path)
    # The candidates, listed without a branch on the counts (random hands would mispredict
    # them): a card held other than twice changes the part at its number only, so only
    # those of the numbers where the part's prefix and suffix are both live (all ten numbers
    # are read: a loop over the live ones only mispredicts its end); then the cards held
    # twice whose cases reach there (a free copy changes the numbers of its unit).
    candidates = 0
    lowest = live_from - 1
    for n in range(N_NUMBERS):
        live = (n >= lowest) & (n <= live_to)
        path[CANDIDATES + candidates] = n
        candidates += live & (c[n] != MAX_PART_COPIES)
        path[CANDIDATES + candidates] = n + N_NUMBERS
        candidates += live & (c[n + N_NUMBERS] != MAX_PART_COPIES)
    for t in range(N_CARDS):
        out[t] = NO_WIN
        path[CANDIDATES + candidates] = t
        candidates += (c[t] == MAX_PART_COPIES) & (CARD_FIRST_NUMBER[t] <= live_to) & \
            (CARD_LAST_NUMBER[t] + 1 >= live_from)
    waits = 0
    for j in range(candidates):
        # (a card; the mask tells the compiler that the indices built from t are not negative,
        # so they skip the wraparound of a negative index)
        t = path[CANDIDATES + j] & 0xFF
        x = c[t]
        best = NO_WIN
        number = t % N_NUMBERS
        if x + used[t] < MAX_COPIES:
            kept = part[t]
            # case 0, then for a held pair (a free third copy) case k + 1 for each of t's units k
            # whose change leaves a live prefix and suffix (the set bits of slots: most units
            # are not, and are not visited) and whose other cards the part holds
            slots = 0
            if x == MAX_PART_COPIES:
                slots = live_unit_slots(t, live_to, live_from)
            k = 0
            go = number <= live_to and number + 1 >= live_from  # (case 0 changes t's number only)
            for _ in range(1 + MAX_CARD_UNITS):
                if go:
                    first = last = number
                    if k > 0:
                        i = MAX_CARD_UNITS * t + k - 1
                        first = FREE_COPY_FIRST_NUMBER[i]
                        last = FREE_COPY_LAST_NUMBER[i]
                    u, held, grown, gained, upgraded = draw_case(x, t, k, peng, wei)
                    if unit_in_set(u, limit) and pair_rule_ok(size + grown, quads + upgraded, pair_with_quad):
                        part[t] = held
                        if u == NO_UNIT or add_unit(part, u, -1):
                            # refuted by the shorter walk from the paths (most draws stop here); a
                            # winner is walked forward for its rank (the steps take no arrays on:
                            # they inline)
                            rank = NO_WIN
                            if last + 1 >= N_NUMBERS - first or walk_back_from(back, back_final, part, last,
                                                                                path[BACKWARD_STATE + last + 1]):
                                rank = walk_from(trans, final, part, first, path[FORWARD_STATE + first],
                                                 path[FORWARD_RANK + first])
                            if rank >= 0:  # (score checks it too; most draws stop here)
                                total = score(values, rank, melds + gained, min_huxi)
                                if total > best:
                                    best = total
                        if u != NO_UNIT:
                            add_unit(part, u, 1)
                        part[t] = kept
                if slots == 0:
                    break
                k = 1 + LOWEST_BIT[slots]
                slots &= slots - 1
                i = 2 * (MAX_CARD_UNITS * t + k - 1)
                go = (part[FREE_COPY_NEEDS[i]] != 0) & (part[FREE_COPY_NEEDS[i + 1]] != 0)
            if best >= 0:
                waits += 1
            out[t] = best
    return OK, waits
