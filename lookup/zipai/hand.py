"""Zipai per-hand steps, each written once: the scalar queries run them as Python, the batch
kernels (:mod:`lookup.zipai.kernels`) compile them (they are :func:`~lookup.jit.jitable`).

A hand is 20 counts. Its triples and quads are taken out first as 坎 and 提
(:func:`take_out_sets`); the rest, the *checked part* (counts <= 2), must hold 3k or 3k+2
cards, at most 21 (:func:`part_size_ok`). It wins when the pair rule holds
(:func:`pair_rule_ok`), one walk of the table's automaton (:func:`~lookup.zipai.encoding.walk`)
finds it, and its best huxi with the melds' reaches the threshold (:func:`score`).
:func:`hu_counts` is that for one hand; :func:`ting_counts` does it for every card the hand
could draw, in each of the ways :func:`draw_case` says the card can be placed: a part the ting
automaton refuses, or labels with too little huxi, after one walk, any other from one walk of
the part each way (the automaton and the reverse one, :func:`both_paths`).

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
    KAN_HUXI,
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
    PAO_HUXI,
    PENG_HUXI,
    RANK_SHIFT,
    START,
    STATE_MASK,
    TI_HUXI,
    UNIT_CARDS,
    UNIT_HUXI,
    WEI_HUXI,
    Counts,
    Scratch,
    Table,
    add_unit,
    ting_best,
    walk,
    walk_back_from,
    walk_from,
)

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
PAIRS = BACKWARD_STATE + _LEVELS
"""... from path[PAIRS], the cards held twice whose free third copy :func:`ting_counts` tries ...
(each slot is written before the count says whether it is kept: one slot more than there are
cards) ..."""
FREE_COPY_CASES = PAIRS + N_CARDS + 1
"""... and from path[FREE_COPY_CASES], the free-copy cases it walks (MAX_CARD_UNITS * t + k for
the k-th unit of card t; kept the same way)."""
PATH_SIZE = FREE_COPY_CASES + N_CARDS * MAX_CARD_UNITS + 1
HALF = N_NUMBERS // 2
""":func:`ting_counts` walks a change at a number below HALF backward, else forward (at most
HALF steps either way)."""


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


def _free_copy_needed() -> bytes:
    """:data:`FREE_COPY_NEEDED`, from the unit tables of :mod:`lookup.zipai.encoding`."""
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


@jitable(inline=True)
def walk_changed(trans: Table, final: int, part: Counts, n: int, symbol: int, state: int, rank: int) -> int:
    """:func:`~lookup.zipai.encoding.walk_from` before number ``n`` in ``state`` with ``rank``,
    reading ``symbol`` for number ``n`` and the part's own symbols after it: the rank of the
    part changed at number n only, or NO_WIN."""
    e = trans[state * N_SYMBOLS + symbol]
    return walk_from(trans, final, part, n + 1, e & STATE_MASK, rank + (e >> RANK_SHIFT))


@jitable(inline=True)
def back_changed(back: Table, back_final: int, part: Counts, n: int, symbol: int, state: int) -> bool:
    """:func:`~lookup.zipai.encoding.walk_back_from` in ``state`` after numbers 9..n+1, reading
    ``symbol`` for number ``n`` and the part's own symbols before it: True when the part changed
    at number n only wins."""
    return walk_back_from(back, back_final, part, n - 1, back[state * N_SYMBOLS + symbol])


@jitable
def ting_counts(trans: Table, final: int, values: Table, back: Table, back_final: int, ting: Table, ting_final: int,
                c: Counts, part: Scratch, path: Scratch, melds: int, quads: int, used: Counts, peng: int, wei: int,
                min_huxi: int, pair_with_quad: bool, limit: int, out: Scratch) -> tuple[int, int]:
    """Fill ``out`` (20) with the best total huxi after drawing each card, NO_WIN where it does
    not win; ``(status, number of winning draws)``.

    ``ERR_SIZE`` unless the checked part is one card short of a size that can win (3k+1 or
    3k+2 cards, at most 20). A card of which hand and melds hold 4 is never drawn; a drawn
    card is placed in each of its :func:`draw_case` cases and scores the best of them; a free
    third copy only in the units of the group set (``limit``: :func:`~lookup.zipai.encoding.group_limit`).

    ``back``, ``back_final``: the group set's reverse automaton, ``ting``, ``ting_final`` its
    ting automaton; ``path``: scratch of :data:`PATH_SIZE` ints. Every way of placing a card
    changes the part's size by 1 or -2, so one pair-rule check covers them all: when it fails
    and the part cannot win unchanged, no draw wins. Nor does one when the ting automaton
    refuses the part, or labels it with a best huxi (:func:`~lookup.zipai.encoding.ting_best`)
    that leaves the total under ``min_huxi``: one walk answers those (``bench/ab.py
    zipai.ting_batch`` prints the share of the bench's draws answered so; against d52fb04,
    with an unlabelled automaton and no pair-rule check, it put ting_batch at 0.73 of the time
    under paohuzi, 0.68 under hengyang_shihuka). Any other part is walked once each way
    (:func:`both_paths`); a case
    changes the part on a few numbers only and can win only where the part's prefix before
    them and its suffix after them are both live. The cases, by kind, each kind in a loop of
    its own: one loop over every card's cases mispredicted on the kind and count
    (``bench/ab.py zipai.ting_batch``: 0.88-0.91 of that loop's time):

    - the part unchanged (a 坎 made a 提, an exposed 碰 a 跑, an exposed 偎 a 提): only when
      the whole part wins, from the forward walk's rank;
    - a card joining the part, or a held pair made a 偎: its number's symbol changes; the live
      numbers only, each card there walked from the paths, backward below :data:`HALF` (and a
      winner forward again, for its rank), else forward;
    - a free third copy of a held pair in one of its units: the numbers of the cards the unit
      takes off change (:data:`~lookup.zipai.encoding.FREE_COPY_FIRST_NUMBER`). The cases whose
      prefix and suffix are live (:data:`LIVE_UNIT_SLOTS`) and whose cards the part holds
      (:data:`FREE_COPY_NEEDED`) are listed without a branch, then each resumes the shorter
      walk (a winner: the forward one).
    """
    status, size, huxi, kan_quads = ting_start(c, used, part, out)
    if status != OK:
        return status, size
    return ting_rest(trans, final, values, back, back_final, ting_best(ting, ting_final, part), c, part, path, size,
                     melds + huxi, quads + kan_quads, used, peng, wei, min_huxi, pair_with_quad, limit, out)


@jitable
def ting_start(c: Counts, used: Counts, part: Scratch, out: Scratch) -> tuple[int, int, int, int]:
    """:func:`ting_counts`' first step: ``(status, size, huxi, quads)`` as :func:`take_out_sets`
    (the part in ``part``), ``ERR_SIZE`` unless ting takes the part's size; ``out`` (20) set
    to NO_WIN."""
    status, size, huxi, kan_quads = take_out_sets(c, used, part)
    if status != OK:
        return status, size, 0, 0
    if not part_size_ok(size + 1):
        return ERR_SIZE, size, 0, 0
    for t in range(N_CARDS):
        out[t] = NO_WIN
    return OK, size, huxi, kan_quads


@jitable
def ting_rest(trans: Table, final: int, values: Table, back: Table, back_final: int, best: int, c: Counts,
              part: Scratch, path: Scratch, size: int, melds: int, quads: int, used: Counts, peng: int, wei: int,
              min_huxi: int, pair_with_quad: bool, limit: int, out: Scratch) -> tuple[int, int]:
    """:func:`ting_counts` after :func:`ting_start`: ``(OK, number of winning draws)``, ``out``
    filled. ``best``: the part's :func:`~lookup.zipai.encoding.ting_best`; ``size`` its cards;
    ``melds`` and ``quads`` with the 坎/提's counted in."""
    # a joining card, a 偎 and a free copy all leave 3k+2 or all 3k cards (size + 1 and size - 2)
    changed_ok = pair_rule_ok(size + 1, quads, pair_with_quad)
    if not changed_ok and not part_size_ok(size):  # nor can the part win unchanged
        return OK, 0
    if best < 0 or melds + best < min_huxi:
        return OK, 0
    live_to, live_from = both_paths(trans, back, part, path)
    exposed = peng | wei
    if path[FORWARD_STATE + N_NUMBERS] == final:  # the part unchanged
        for t in range(N_CARDS):
            x = c[t]
            if x + used[t] < MAX_COPIES and (x == KAN_COPIES or exposed >> t & 1):
                _, _, _, gained, upgraded = draw_case(x, t, 0, peng, wei)
                if pair_rule_ok(size, quads + upgraded, pair_with_quad):
                    out[t] = score(values, path[FORWARD_RANK + N_NUMBERS], melds + gained, min_huxi)
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
                out[t] = score(values, rank, melds + gained, min_huxi)
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
            total = score(values, rank, melds + UNIT_HUXI[u], min_huxi)
            if total > out[t]:
                out[t] = total
        add_unit(part, u, 1)
        part[t] = MAX_PART_COPIES
    waits = 0
    for t in range(N_CARDS):
        waits += out[t] >= 0
    return OK, waits
