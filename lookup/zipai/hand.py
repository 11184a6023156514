"""Zipai encoding and the per-hand logic shared by the scalar queries and the batch kernels.

Cards (SPEC §1): index 0..9 small 一..十, 10..19 big 壹..拾; card t has number t % 10.

**Units.** The 38 groups of the checked hand part (counts <= 2) and the 20 pairs:

    0..7    small sequences 一二三 .. 八九十        (huxi 3 for 一二三, else 0)
    8..15   big sequences 壹贰叁 .. 捌玖拾          (huxi 6 for 壹贰叁, else 0)
    16, 17  二七十, 贰柒拾                           (huxi 3, 6)
    18..37  mixed triples: 18 + 2n = two small + one big of number n, 19 + 2n = one small +
            two big (huxi 0)
    38..57  pairs: 38 + t = two of card t (huxi 0)

**Key and automaton.** A count vector (each 0..2) reads as ten symbols, one per number
n = 0..9 (一/壹 first): symbol 3 * small_n + big_n (0..8). The table is the minimal
deterministic automaton of the winning vectors over those ten symbols, level by level
(state 0 is dead, 1 the start, ``final`` the one accepting state after ten symbols), which
also ranks them: ``trans[9 * s + symbol]`` packs the next state (low 32 bits) and the
number of winning vectors that leave s by a smaller symbol (high 32 bits); the sum along a
vector's path is its rank among the winning vectors in key order, a minimal perfect hash
that indexes ``values``. A walk needs no key store: a vector that is not winning reaches
the dead state (or a non-final one) and is answered as such, exactly.

**Values.** ``values[rank]`` (uint16): bits 0..4 the best huxi of the vector's splits,
bits 5..9 its *first moves*: the units on its lowest card that leave a winning vector
(the edges of the split list, see :data:`MOVE_UNITS`).

No function here calls another (Numba compiles each on its own, and a kernel that calls
functions it received as arguments in a loop cannot be cached on disk), so the walk is
written out in :func:`hu_counts` and :func:`ting_counts` as well: the scalar queries call
these functions as plain Python, :mod:`lookup._zipai_batch` compiles them.
"""

N_CARDS = 20
N_NUMBERS = 10
N_SYMBOLS = 9
MAX_COPIES = 4
MAX_PART = 21
"""The checked part (counts <= 2) holds at most 21 cards: 7 groups, or 6 groups and a pair."""

HUXI_BITS = 5
HUXI_MASK = (1 << HUXI_BITS) - 1
MOVES_SHIFT = HUXI_BITS
N_MOVES = 5
STATE_MASK = 0xFFFFFFFF
RANK_SHIFT = 32
START = 1

# meld huxi by kind, (small, big) (ZIPAI.md)
KAN_HUXI = (3, 6)    # 坎: concealed triple in the hand
WEI_HUXI = (3, 6)    # 偎: triple completed by own draw
PENG_HUXI = (1, 3)   # 碰: exposed triple from a discard
PAO_HUXI = (6, 9)    # 跑: exposed quad
TI_HUXI = (9, 12)    # 提: concealed quad


def _units():
    cards, huxi = [], []
    for big in (0, 10):
        for n in range(8):
            cards.append((big + n, big + n + 1, big + n + 2))
            huxi.append((6 if big else 3) if n == 0 else 0)
    cards += [(1, 6, 9), (11, 16, 19)]
    huxi += [3, 6]
    for n in range(10):
        cards += [(n, n, n + 10), (n, n + 10, n + 10)]
        huxi += [0, 0]
    for t in range(N_CARDS):
        cards.append((t, t, -1))
        huxi.append(0)
    return tuple(cards), tuple(huxi)


UNIT_CARDS, UNIT_HUXI = _units()
"""Cards of each unit (a pair's third card is -1) and its huxi."""
N_GROUPS = 38
N_UNITS = 58
PAIR_UNIT = 38
"""Unit index of the pair of card t is PAIR_UNIT + t."""


def _move_units():
    moves = []
    for t in range(N_CARDS):
        n, big = t % 10, t >= 10
        seq = (8 if big else 0) + n if n <= 7 else -1
        twt = (17 if big else 16) if n == 1 else -1
        mix = (-1, -1) if big else (18 + 2 * n, 19 + 2 * n)
        moves.append((PAIR_UNIT + t, seq, twt, mix[0], mix[1]))
    return tuple(moves)


MOVE_UNITS = _move_units()
"""MOVE_UNITS[t][m]: unit of first move m on card t (-1: none). When t is the lowest card
of a vector (lowest number first, small before big), every unit of a split that holds t is
one of these: m = 0 the pair, 1 the sequence starting at t, 2 二七十 (t = 二 or 贰), 3 and 4
the mixed triples of t's number (t small)."""


def _card_units():
    out = []
    for t in range(N_CARDS):
        units = [u for u in range(N_UNITS) if t in UNIT_CARDS[u]]
        out.append(tuple(units + [-1] * (8 - len(units))))
    return tuple(out)


CARD_UNITS = _card_units()
"""CARD_UNITS[t]: the units that hold card t, padded with -1 to 8."""

ERR_COPIES = -3
ERR_SIZE = -2
NO_WIN = -1


def walk(trans, final, part):
    """Rank of the count vector ``part`` (20 counts, each 0..2) among the winning vectors, or -1."""
    s = START
    r = 0
    for n in range(10):
        e = trans[s * 9 + 3 * part[n] + part[n + 10]]
        s = e & 0xFFFFFFFF
        r += e >> 32
    if s != final:
        return -1
    return r


def hu_counts(trans, final, values, c, part, melds, quads, used, min_huxi, pair_with_quad):
    """Best total huxi of the hand ``c`` (20 counts) or NO_WIN, ERR_COPIES, ERR_SIZE.

    Triples and quads of ``c`` are taken out as 坎 and 提 with their huxi; ``melds`` and
    ``quads`` carry the exposed melds' huxi and number of 跑/提, ``used`` their copies per
    card (hand + exposed <= 4). ``part`` is scratch space for 20 counts. The rest, the
    checked part, must hold 3k or 3k+2 cards, at most 21 (else ERR_SIZE); a pair is in it
    exactly when it holds 3k+2, which under ``pair_with_quad`` is allowed only, and required,
    with a 提 or 跑. The hand wins when the part splits, the pair rule holds and the total
    reaches ``min_huxi``.
    """
    n = 0
    for t in range(20):
        x = c[t]
        if x + used[t] > 4:
            return -3
        big = t >= 10
        if x >= 3:
            part[t] = 0
            if x == 3:
                melds += 6 if big else 3
            else:
                melds += 12 if big else 9
                quads += 1
        else:
            part[t] = x
            n += x
    if n % 3 == 1 or n > 21:
        return -2
    if pair_with_quad and (n % 3 == 2) != (quads > 0):
        return -1
    s = 1  # the walk of walk(), inlined
    r = 0
    for num in range(10):
        e = trans[s * 9 + 3 * part[num] + part[num + 10]]
        s = e & 0xFFFFFFFF
        r += e >> 32
    if s != final:
        return -1
    total = melds + (values[r] & 31)
    if total < min_huxi:
        return -1
    return total


def ting_counts(trans, final, values, c, part, melds, quads, used, peng, wei, min_huxi,
                pair_with_quad, out):
    """Fill ``out`` (20) with the best total huxi after drawing each card, -1 where it does not win.

    Returns 0, ERR_COPIES or ERR_SIZE (the part left after 坎/提 must hold 3k+1 or 3k+2
    cards, at most 20); arguments and rules as :func:`hu_counts`. A card of which hand and
    melds hold 4 is never drawn. The drawn card joins a 坎 as a 提, makes an exposed 碰 (bit
    t of ``peng``) a 跑 and an exposed 偎 (bit t of ``wei``) a 提; it makes a pair in the hand
    a 偎 or stays a free third copy inside the groups (then one of the units holding it comes
    off the part first), whichever scores more; else it joins the part.
    """
    n = 0
    for t in range(20):
        x = c[t]
        if x + used[t] > 4:
            return -3
        big = t >= 10
        if x >= 3:
            part[t] = 0
            if x == 3:
                melds += 6 if big else 3
            else:
                melds += 12 if big else 9
                quads += 1
        else:
            part[t] = x
            n += x
    if n % 3 == 0 or n > 20:
        return -2
    for t in range(20):
        out[t] = -1
        x = c[t]
        if x + used[t] >= 4:
            continue
        big = t >= 10
        best = -1
        # candidate 0: the draw as a 提/跑 upgrade, a 偎, or joining the part;
        # candidates 1..8 (a pair in the hand only): the third copy free, unit CARD_UNITS[t][k - 1] off
        for k in range(9 if x == 2 else 1):
            size = n
            m = melds
            q = quads
            u = -1
            a = b = t
            d = -1
            if x == 3:  # 坎 -> 提
                m += (12 if big else 9) - (6 if big else 3)
                q += 1
            elif peng >> t & 1:  # 碰 -> 跑
                m += (9 if big else 6) - (3 if big else 1)
                q += 1
            elif wei >> t & 1:  # 偎 -> 提
                m += (12 if big else 9) - (6 if big else 3)
                q += 1
            elif x == 2 and k == 0:  # 偎
                part[t] = 0
                size = n - 2
                m += 6 if big else 3
            elif x == 2:
                u = CARD_UNITS[t][k - 1]
                if u < 0:
                    break
                a, b, d = UNIT_CARDS[u]
                part[t] = 3
                part[a] -= 1
                part[b] -= 1
                if d >= 0:
                    part[d] -= 1
                size = n + 1
                m += UNIT_HUXI[u]
            else:
                part[t] = x + 1
                size = n + 1
            total = -1
            fits = part[t] <= 2
            if u >= 0:
                fits = fits and part[a] >= 0 and part[b] >= 0 and (d < 0 or part[d] >= 0)
            if fits and not (pair_with_quad and (size % 3 == 2) != (q > 0)):
                s = 1  # the walk of walk(), inlined
                r = 0
                for num in range(10):
                    e = trans[s * 9 + 3 * part[num] + part[num + 10]]
                    s = e & 0xFFFFFFFF
                    r += e >> 32
                if s == final:
                    total = m + (values[r] & 31)
                    if total < min_huxi:
                        total = -1
            if u >= 0:
                part[a] += 1
                part[b] += 1
                if d >= 0:
                    part[d] += 1
            part[t] = x if x <= 2 else 0
            if total > best:
                best = total
        out[t] = best
    return 0
