"""The best reading of a zipai hand's 王: the search :func:`lookup.zipai.wang.hu_wang` and
:func:`~lookup.zipai.wang.ting_wang` run (jitable steps, run as Python by the scalar queries,
compiled by the kernels).

The readings are searched, not listed: :func:`best_reading` walks the table's automaton
depth first, number by number, and each card takes 0..2 王 in the checked part (counts stay
<= 2) or is made a set by them: 王 read into three or four of a kind make a 坎 (3 small / 6
big huxi) or a 提 (9 / 12, a quad for the pair rule), from a pair, a single, nothing, or a
坎 of the hand. The options that apply are listed once per search, per card
(:func:`card_choices`) and per number (:func:`number_pairs`). Readings share their prefixes,
and a prefix every completion of which loses reaches the dead state and is cut at once; so is
a prefix that leaves numbers n..9 fewer 王 than any reading of them live in the reverse
automaton takes (:func:`suffix_need`).

The answer is a *key*: ``total huxi * RED_SCALE + red`` where ``red`` counts the 王 read as
red cards (二 七 十 贰 柒 拾), so ties on huxi go to the reading with the most red cards; -1
when no reading wins. The best reading is written into ``work`` (:data:`BEST`, per card), the
search's scratch of :data:`WORK_SIZE` ints (a list in Python, int64 compiled).
"""

from __future__ import annotations

from ..jit import jitable
from .encoding import (
    COUNT_VALUES,
    DEAD,
    HUXI_MASK,
    MAX_COPIES,
    MAX_PART_COPIES,
    N_CARDS,
    N_NUMBERS,
    N_SYMBOLS,
    RANK_SHIFT,
    START,
    STATE_MASK,
    Counts,
    HuTables,
    Scratch,
    Table,
)
from .hand import KAN_COPIES, pair_rule_ok
from .units import KAN_HUXI, TI_HUXI

RED_SCALE = 8
"""key = total huxi * RED_SCALE + 王 read as red cards (at most MAX_WANG < RED_SCALE)."""
RED_CARD = bytes(1 if t % N_NUMBERS in (1, 6, 9) else 0 for t in range(N_CARDS))
"""RED_CARD[t]: 1 for the red cards 二 七 十 贰 柒 拾, else 0."""

PLACE_OPTIONS = MAX_PART_COPIES + 1
"""Options of a card in the search: 0..2 王 placed in the part, then ..."""
KAN_OPTION = PLACE_OPTIONS
"""... a 坎 made with 王 (the card leaves the part), ..."""
TI_OPTION = KAN_OPTION + 1
"""... a 提 made with 王 (from the part, or from a 坎 of the hand: one 王)."""
N_OPTIONS = TI_OPTION + 1

_LEVELS = N_NUMBERS + 1
STATE = 0
"""work[STATE + n]: automaton state before number n on the current path (n = 0..10) ..."""
RANK = STATE + _LEVELS
"""... its rank offset so far ..."""
LEFT = RANK + _LEVELS
"""... the 王 left to read ..."""
SUMS = LEFT + _LEVELS
"""... the sums so far (:data:`SUM_SHIFT`) ..."""
OPTION = SUMS + _LEVELS
"""... and the pair taken at number n (:func:`number_pairs`; -1 before the first)."""
ROOM = OPTION + _LEVELS
"""work[ROOM + n]: the most 王 numbers n..9 can take."""
LIMIT = ROOM + _LEVELS
"""work[LIMIT + t]: the most copies of card t the checked part may hold once read (2, or 0 for a
card held as 坎/提, or less beside a free third copy)."""
READ = LIMIT + N_CARDS
"""work[READ + t]: 王 read as card t before the search (the cards of a free third copy's unit)."""
BEST = READ + N_CARDS
"""work[BEST + t]: 王 read as card t in the best reading found."""
NEED = BEST + N_CARDS
"""work[NEED + n]: the fewest 王 numbers n..9 take in a winning reading, a lower bound (n = 0..10;
:func:`suffix_need`)."""
N_CHOICES = NEED + _LEVELS
"""work[N_CHOICES + t]: the options of card t that apply with the hand's 王 (:func:`card_choices`),
in option order; choice i of card t is at N_OPTIONS * t + i of each of ..."""
HELD = N_CHOICES + N_CARDS
"""... work[HELD]: its count in the part, ..."""
COST = HELD + N_CARDS * N_OPTIONS
"""... work[COST]: the 王 it takes, ..."""
CHOICE_SUMS = COST + N_CARDS * N_OPTIONS
"""... and work[CHOICE_SUMS]: what it adds to the sums (:data:`SUM_SHIFT`)."""
PAIR_ROOM = N_OPTIONS * N_OPTIONS
N_PAIRS = CHOICE_SUMS + N_CARDS * N_OPTIONS
"""work[N_PAIRS + n]: the pairs of choices of number n's two cards that take at most the hand's
王 (:func:`number_pairs`), in choice order; pair i of number n is at PAIR_ROOM * n + i of ..."""
PAIR_SYMBOL = N_PAIRS + N_NUMBERS
"""... work[PAIR_SYMBOL]: the symbol it reads, ..."""
PAIR_COST = PAIR_SYMBOL + N_NUMBERS * PAIR_ROOM
"""... work[PAIR_COST]: the 王 it takes, ..."""
PAIR_SUMS = PAIR_COST + N_NUMBERS * PAIR_ROOM
"""... work[PAIR_SUMS]: what it adds to the sums, ..."""
PAIR_CHOICE = PAIR_SUMS + N_NUMBERS * PAIR_ROOM
"""... and work[PAIR_CHOICE]: N_OPTIONS * small choice + big choice."""
SET_ROOM = 32
SETS = PAIR_CHOICE + N_NUMBERS * PAIR_ROOM
"""work[SETS + SET_ROOM * b + i]: the reverse automaton states :func:`suffix_need` reaches with
one 王 (two buffers b, at most SET_ROOM states each)."""
WORK_SIZE = SETS + 2 * SET_ROOM

SUM_SHIFT = 8
SUM_MASK = (1 << SUM_SHIFT) - 1
"""The sums of a reading's choices in one int, SUM_SHIFT bits each: the cards and 王 that left
the part as sets made by 王 (bits 0..7), the 提 among those sets, the 王 read as red cards, and
the huxi of those sets (from bit 3 * SUM_SHIFT)."""
QUAD_SUM = SUM_SHIFT
RED_SUM = 2 * SUM_SHIFT
HUXI_SUM = 3 * SUM_SHIFT


@jitable
def card_option(option: int, held: int, limit: int, kan: bool, fixed: bool, case: int) -> tuple[int, int, int, int]:
    """Option ``option`` of a card the part holds ``held`` times: ``(count in the part, 王 taken,
    huxi, 提 made)``, or a count of -1 when the option does not apply.

    ``limit``: the most copies the part may hold (work[LIMIT]); ``kan``: the hand holds a 坎 of
    the card (outside the part); ``fixed``: no set may be made of the card.
    """
    if option < PLACE_OPTIONS:
        if held + option > limit:
            return -1, 0, 0, 0
        return held + option, option, 0, 0
    if kan:
        if option == TI_OPTION:
            return 0, 1, TI_HUXI[case] - KAN_HUXI[case], 1
        return -1, 0, 0, 0
    if fixed or limit == 0:
        return -1, 0, 0, 0
    if option == KAN_OPTION:
        return 0, KAN_COPIES - held, KAN_HUXI[case], 0
    return 0, MAX_COPIES - held, TI_HUXI[case], 1


@jitable
def record_reading(level: int, work: Scratch) -> None:
    """work[BEST] = work[READ] plus the reading of the search's path (no 王 from number ``level`` on)."""
    for n in range(N_NUMBERS):
        for t in (n, n + N_NUMBERS):
            work[BEST + t] = work[READ + t]
            if n < level:
                choice = work[PAIR_CHOICE + PAIR_ROOM * n + work[OPTION + n]]
                chosen = choice // N_OPTIONS if t == n else choice % N_OPTIONS
                work[BEST + t] += work[COST + N_OPTIONS * t + chosen]


@jitable
def card_choices(part: Counts, kan: int, fixed: int, j: int, work: Scratch) -> None:
    """Fill work[N_CHOICES] and the choices of each card: its :func:`card_option` options that
    apply and take at most ``j`` 王, in option order."""
    for t in range(N_CARDS):
        case = t // N_NUMBERS
        count = 0
        for option in range(N_OPTIONS):
            held, cost, huxi, quad = card_option(option, part[t], work[LIMIT + t], kan >> t & 1 == 1,
                                                 fixed >> t & 1 == 1, case)
            if held >= 0 and cost <= j:
                i = N_OPTIONS * t + count
                work[HELD + i] = held
                work[COST + i] = cost
                dropped = part[t] + cost if option >= KAN_OPTION else 0
                work[CHOICE_SUMS + i] = (int(dropped) + (int(quad) << QUAD_SUM) + (int(cost * RED_CARD[t]) << RED_SUM)
                                         + (int(huxi) << HUXI_SUM))
                count += 1
        work[N_CHOICES + t] = count


@jitable
def number_pairs(j: int, work: Scratch) -> None:
    """Fill work[N_PAIRS] and the pairs of each number: every choice of its small card with every
    choice of its big card (:func:`card_choices`, filled first) that take at most ``j`` 王 together."""
    for n in range(N_NUMBERS):
        count = 0
        first_a = N_OPTIONS * n
        first_b = N_OPTIONS * (n + N_NUMBERS)
        for choice_a in range(work[N_CHOICES + n]):
            a = first_a + choice_a
            for choice_b in range(work[N_CHOICES + n + N_NUMBERS]):
                b = first_b + choice_b
                cost = work[COST + a] + work[COST + b]
                if cost <= j:
                    i = PAIR_ROOM * n + count
                    work[PAIR_SYMBOL + i] = COUNT_VALUES * work[HELD + a] + work[HELD + b]
                    work[PAIR_COST + i] = cost
                    work[PAIR_SUMS + i] = work[CHOICE_SUMS + a] + work[CHOICE_SUMS + b]
                    work[PAIR_CHOICE + i] = N_OPTIONS * choice_a + choice_b
                    count += 1
        work[N_PAIRS + n] = count


@jitable
def leaf_key(values: Table, pair_with_quad: bool, reading: tuple[int, int, int, int, int], sums: int,
             rank: int) -> int:
    """The key of a winning part of rank ``rank`` read with choices of sums ``sums``
    (:data:`SUM_SHIFT`), or -1 when the pair rule refuses it."""
    _, size, base, red, quads = reading
    if not pair_rule_ok(size - (sums & SUM_MASK), quads + (sums >> QUAD_SUM & SUM_MASK), pair_with_quad):
        return -1
    return (base + (sums >> HUXI_SUM) + (values[rank] & HUXI_MASK)) * RED_SCALE + red + (sums >> RED_SUM & SUM_MASK)


@jitable
def suffix_need(back: Table, part: Counts, j: int, work: Scratch) -> None:
    """Fill work[NEED + n] (n = 0..10): a lower bound on the 王 (of ``j``) a winning reading
    takes in numbers n..9.

    A winning reading reads its numbers n..9 (9 first) into a live state of the reverse
    automaton ``back``. With no 王 there, they read as the part holds them; with ``j`` >= 2 the
    states reached with one 王 are followed too, over the numbers' pairs (:func:`number_pairs`,
    filled first), in work[SETS] (a set that outgrows SET_ROOM counts as live from then on).
    The bound is 0 while the part's own numbers are live, 1 while a set with one 王 is, else 2.
    """
    state = START
    size = 0
    follow = j >= 2
    work[NEED + N_NUMBERS] = 0
    for n in range(N_NUMBERS - 1, -1, -1):
        symbol = COUNT_VALUES * part[n] + part[n + N_NUMBERS]
        if follow and size <= SET_ROOM:  # one 王: in number n (from the part's state), or before it
            grown = 0
            into = SETS + SET_ROOM * (1 - n % 2)
            for i in range(size):
                s = back[work[SETS + SET_ROOM * (n % 2) + i] * N_SYMBOLS + symbol]
                if s != DEAD:
                    work[into + grown] = s
                    grown += 1
            if state != DEAD:
                first = PAIR_ROOM * n
                for i in range(work[N_PAIRS + n]):
                    if work[PAIR_COST + first + i] == 1:
                        s = back[state * N_SYMBOLS + work[PAIR_SYMBOL + first + i]]
                        if s != DEAD:
                            m = 0
                            while m < grown and work[into + m] != s:
                                m += 1
                            if m == grown:
                                if grown == SET_ROOM:
                                    grown = SET_ROOM + 1
                                    break
                                work[into + grown] = s
                                grown += 1
            size = grown
        if state != DEAD:
            state = back[state * N_SYMBOLS + symbol]
        if state != DEAD:
            work[NEED + n] = 0
        elif not follow or size > 0:
            work[NEED + n] = 1
        else:
            work[NEED + n] = 2


@jitable
def walk_rest(trans: Table, part: Counts, level: int, state: int, rank: int) -> tuple[int, int]:
    """``(state, rank)`` after walking numbers ``level``..9 of ``part`` from ``state`` with ``rank``
    so far, stopping at the dead state."""
    n = level
    while n < N_NUMBERS and state != DEAD:
        e = trans[state * N_SYMBOLS + COUNT_VALUES * part[n] + part[n + N_NUMBERS]]
        state = e & STATE_MASK
        rank += e >> RANK_SHIFT
        n += 1
    return state, rank


@jitable
def best_reading(tables: HuTables, back: Table, pair_with_quad: bool, part: Scratch, sets: tuple[int, int],
                 reading: tuple[int, int, int, int, int], work: Scratch) -> int:
    """Best key over the readings of ``j`` 王; -1 when none wins.

    A depth-first walk of the automaton, number by number: each card of the number takes one
    of its :func:`card_option` options (0..2 王 in the part, or a 坎 or 提 made with 王), and
    a prefix that reaches the dead state is cut with everything after it. A complete path
    wins when it ends in the final state with every 王 read and the pair rule holds.

    ``part``: the checked part (counts <= 2); ``sets``: ``(kan, fixed)``, bit t set for a 坎 of
    t outside the part / for the cards no 王 may make a set of; ``reading``: ``(j, size, base,
    red, quads)``, the 王 to read, the part's cards plus them (the size the pair rule judges),
    and the huxi, red 王 and 提/跑 so far. When the best key improves, work[BEST] gets
    work[READ] plus this reading.
    """
    trans, final, values = tables
    kan, fixed = sets
    j = reading[0]
    room = 0
    work[ROOM + N_NUMBERS] = 0
    for n in range(N_NUMBERS - 1, -1, -1):
        for t in (n, n + N_NUMBERS):
            if kan >> t & 1:
                room += 1
            elif fixed >> t & 1 or work[LIMIT + t] == 0:
                room += work[LIMIT + t] - part[t]
            else:
                room += MAX_COPIES - part[t]
        work[ROOM + n] = room
    best = -1
    if j > room:
        return best
    card_choices(part, kan, fixed, j, work)
    number_pairs(j, work)
    suffix_need(back, part, j, work)
    if work[NEED] > j:
        return best
    work[STATE] = START
    work[RANK] = 0
    work[LEFT] = j
    work[SUMS] = 0
    work[OPTION] = -1
    level = 0
    while level >= 0:
        if work[OPTION + level] < 0 and work[LEFT + level] == 0:  # no 王 to read (j = 0): walk the rest as it is
            state, rank = walk_rest(trans, part, level, work[STATE + level], work[RANK + level])
            if state == final:
                key = leaf_key(values, pair_with_quad, reading, work[SUMS + level], rank)
                if key > best:
                    best = key
                    record_reading(level, work)
            level -= 1
            continue
        left = work[LEFT + level]
        room = work[ROOM + level + 1]
        need = work[NEED + level + 1]
        row = work[STATE + level] * N_SYMBOLS
        first = PAIR_ROOM * level
        count = work[N_PAIRS + level]
        i = work[OPTION + level] + 1  # resume after the pair taken last
        nxt = DEAD
        e = rest = 0
        while i < count:
            rest = left - work[PAIR_COST + first + i]
            if need <= rest <= room:
                e = trans[row + work[PAIR_SYMBOL + first + i]]
                nxt = e & STATE_MASK
                if nxt != DEAD:
                    if rest > 0:
                        break
                    # every 王 read: the rest is walked here, with no node of its own
                    state, rank = walk_rest(trans, part, level + 1, nxt, work[RANK + level] + (e >> RANK_SHIFT))
                    if state == final:
                        sums = work[SUMS + level] + work[PAIR_SUMS + first + i]
                        key = leaf_key(values, pair_with_quad, reading, sums, rank)
                        if key > best:
                            best = key
                            work[OPTION + level] = i
                            record_reading(level + 1, work)
                    nxt = DEAD
            i += 1
        if nxt == DEAD:
            level -= 1
            continue
        work[OPTION + level] = i
        work[STATE + level + 1] = nxt
        work[RANK + level + 1] = work[RANK + level] + (e >> RANK_SHIFT)
        work[LEFT + level + 1] = rest
        work[SUMS + level + 1] = work[SUMS + level] + work[PAIR_SUMS + first + i]
        work[OPTION + level + 1] = -1
        level += 1
    return best
