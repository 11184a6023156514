"""Splits of a zipai hand: every split of a hand part, and the best split of a winning hand
with the card counts its 名堂 are judged on.

    decompositions(hand, rules="paohuzi", wang=0) -> list[Split]          every distinct split, best huxi first
    hu_detail(hand, exposed=(), rules="paohuzi", wang=0) -> Detail | None  the best split of a winning hand

Splits are read off the table's split lists: each winning part's value holds its first moves
(:mod:`lookup.zipai.encoding`), the units on its lowest card that leave a winning part. A
:class:`Detail` lists the units of the best split (the groups and pair of the checked part,
its 坎 and 提, its exposed melds), each with its huxi and the cards any 王 in it read as, and
the counts 名堂 (红胡, 点胡, 乌胡 / 黑胡, 大字胡, 小字胡, 对子胡 …) are judged on, over the whole
hand with its melds and its 王 as read: red cards (二 七 十 贰 柒 拾), black, big and small
cards. No multipliers: those are the server's (docs/zipai.md).
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations_with_replacement
from typing import NamedTuple

from ..errors import InvalidHandError
from ..jit import jitable
from . import hand as steps
from . import wang as wild
from .cards import Hand, card_name, format_cards, hand_counts
from .encoding import (
    MAX_PART_COPIES,
    MOVES_SHIFT,
    N_CARDS,
    N_MOVES,
    N_NUMBERS,
    NO_WIN,
    VIEW,
    GroupTables,
    HuTables,
    Scratch,
    lowest_card,
    walk,
)
from .hand import KAN_COPIES, part_size_ok
from .melds import KIND_NAMES, MeldLike
from .queries import Query, check_wang, resolve, step_rules
from .rules import RuleSet
from .units import (
    ERQISHI_UNIT,
    KAN_HUXI,
    MIXED_UNIT,
    MOVE_UNITS,
    PAIR_UNIT,
    SEQUENCE_UNIT,
    TI_HUXI,
    UNIT_CARDS,
    UNIT_HUXI,
    YIWUSHI_UNIT,
    add_unit,
    unit_cards,
)
from .wang_search import BEST, WORK_SIZE


class Split(NamedTuple):
    """One split of a checked part: its huxi, its groups (sorted card-index tuples; the pair a
    2-tuple) and what its 王 read as (sorted card indices, ``()`` without 王)."""

    huxi: int
    groups: tuple[tuple[int, ...], ...]
    wang: tuple[int, ...] = ()


def part_splits(counts: list[int], tables: GroupTables) -> list[tuple[int, tuple[tuple[int, ...], ...]]]:
    """(huxi, sorted groups) of every distinct split of a part (counts <= 2; restored after).

    Splits are read off the table's split lists: each vector's first moves name the units on
    its lowest card that leave a winning vector, so the search never meets a dead end; a unit
    on the same card as the one before comes at the same or a later move, so each split is
    found once. A part that does not split gives ``[]``.
    """
    trans, final, values = tables.hu_view
    if walk(trans, final, counts) < 0:
        return []
    found = []
    groups: list[tuple[int, ...]] = []

    def search(low_prev: int, move_min: int, huxi: int) -> None:
        low = lowest_card(counts)
        if low < 0:
            found.append((huxi, tuple(sorted(groups))))
            return
        moves = values[walk(trans, final, counts)] >> MOVES_SHIFT
        for m in range(move_min if low == low_prev else 0, N_MOVES):
            if moves >> m & 1:
                u = MOVE_UNITS[low][m]
                add_unit(counts, u, -1)
                groups.append(unit_cards(u))
                search(low, m, huxi + UNIT_HUXI[u])  # a second unit on this card: same or later move
                groups.pop()
                add_unit(counts, u, 1)

    search(-1, 0, 0)
    return found


MOVE_UNIT_BYTES = bytes(255 if u < 0 else u for moves in MOVE_UNITS for u in moves)
"""MOVE_UNITS flat for the compiled steps: MOVE_UNIT_BYTES[N_MOVES * t + m] (255: none)."""
SPLIT_LEVELS = 8
"""Units a split of a part holds at most (7 groups, or 6 and the pair), and one more level."""
SPLIT_WORK = 5 * SPLIT_LEVELS
"""Scratch :func:`split_huxis` takes: per level the lowest card, its first moves, the next
move to try, the huxi so far and the unit taken."""


@jitable
def split_huxis(tables: HuTables, part: Scratch, work: Scratch) -> int:
    """The huxi of every split of a part (counts <= 2; restored after) as a bit mask: bit h set
    when some split scores h. The splits of :func:`part_splits`, searched the same way (each
    vector's first moves, a unit on the same card at the same or a later move), depth first
    without recursion, so the kernels compile it. 0 when the part does not split."""
    trans, final, values = tables
    rank = walk(trans, final, part)
    if rank < 0:
        return 0
    low, moves, nxt, huxi, unit = 0, SPLIT_LEVELS, 2 * SPLIT_LEVELS, 3 * SPLIT_LEVELS, 4 * SPLIT_LEVELS
    first = lowest_card(part)
    if first < 0:
        return 1
    found = 0
    work[low] = first
    work[moves] = values[rank] >> MOVES_SHIFT
    work[nxt] = 0
    work[huxi] = 0
    d = 0
    while d >= 0:
        m = work[nxt + d]
        while m < N_MOVES and not work[moves + d] >> m & 1:
            m += 1
        if m == N_MOVES:  # this level is done: give back the unit the level above took
            d -= 1
            if d >= 0:
                add_unit(part, work[unit + d], 1)
            continue
        work[nxt + d] = m + 1
        card = work[low + d]
        u = MOVE_UNIT_BYTES[N_MOVES * card + m]
        add_unit(part, u, -1)
        h = work[huxi + d] + UNIT_HUXI[u]
        rest = lowest_card(part)
        if rest < 0:
            found |= 1 << h
            add_unit(part, u, 1)
            continue
        work[unit + d] = u
        d += 1
        work[low + d] = rest
        work[moves + d] = values[walk(trans, final, part)] >> MOVES_SHIFT
        work[nxt + d] = m if rest == card else 0
        work[huxi + d] = h
    return found


def readings(counts: list[int], wang: int) -> list[tuple[int, ...]]:
    """The ways to read ``wang`` 王 into a part (sorted cards) that keep every count <= 2."""
    return [r for r in combinations_with_replacement(range(N_CARDS), wang)
            if all(counts[t] + r.count(t) <= MAX_PART_COPIES for t in set(r))]


def decompositions(hand: Hand, rules: str | RuleSet = "paohuzi", wang: int = 0) -> list[Split]:
    """Every distinct split of a hand part without triples (counts 0..2), best huxi first.

    The part, with its ``wang`` 王 (0..4), must hold 3k or 3k+2 cards, at most 21 (a pair
    exactly when 3k+2); the groups are those of ``rules`` (一五十 too under ``yiwushi``). Each
    王 is read as a card that keeps the part without triples, and every reading that splits is
    listed with each of its splits (``Split.wang``: the cards read). Equal-huxi splits come in
    the order of their sorted groups, then readings. A part that does not split gives ``[]``.
    """
    counts = hand_counts(hand)
    rules = resolve(rules)
    wang = check_wang(wang)
    for t, x in enumerate(counts):
        if x > MAX_PART_COPIES:
            raise InvalidHandError(f"decompositions takes a hand part without triples; it holds {x} "
                                   f"copies of {card_name(t)} (take 坎 and 提 out first)")
    size = sum(counts) + wang
    if not part_size_ok(size):
        raise InvalidHandError(f"decompositions needs 3k or 3k+2 cards (王 counted), at most 21; got {size}")
    tables = (VIEW.value or VIEW.get()).of(rules.yiwushi)
    splits = []
    for reading in readings(counts, wang):
        for t in reading:
            counts[t] += 1
        splits += [Split(huxi, groups, reading) for huxi, groups in part_splits(counts, tables)]
        for t in reading:
            counts[t] -= 1
    splits.sort(key=lambda s: (-s.huxi, s.groups, s.wang))
    return splits


# --- the best split of a winning hand ----------------------------------------------------------

GROUP_KINDS = ((SEQUENCE_UNIT, "sequence"), (ERQISHI_UNIT, "erqishi"), (MIXED_UNIT, "mixed"),
               (YIWUSHI_UNIT, "yiwushi"), (PAIR_UNIT, "pair"))
"""(first unit, kind) of the unit ranges of :mod:`lookup.zipai.encoding`, in unit order."""
KIND_TEXT = {"sequence": "", "erqishi": "", "mixed": "", "yiwushi": "", "pair": "将", "kan": "坎", "ti": "提",
             **KIND_NAMES}
"""Chinese prefixes of the unit kinds in :meth:`Unit.text`: none for a group of the hand (its cards
say it), 将 for the pair, 坎 / 提 for the sets, :data:`lookup.zipai.melds.KIND_NAMES` for exposed melds."""
_UNIT_OF = {tuple(sorted(t for t in cards if t >= 0)): u for u, cards in enumerate(UNIT_CARDS)}


class Unit(NamedTuple):
    """One unit of a split: its kind, cards (sorted, 王 as read), huxi, the cards of it that are
    王 (as read), and whether it is an exposed meld.

    Kinds: ``sequence``, ``erqishi`` (二七十), ``yiwushi`` (一五十), ``mixed`` (绞牌),
    ``pair`` (将) of the checked part; ``kan`` and ``ti`` taken out of the hand; ``peng``,
    ``wei``, ``pao``, ``ti``, ``chi`` exposed.
    """

    kind: str
    cards: tuple[int, ...]
    huxi: int
    wang: tuple[int, ...] = ()
    exposed: bool = False

    def text(self, notation: str = "chinese") -> str:
        """``一二三``, ``将五五``, ``坎拾拾拾``, ``碰陆陆陆`` / ``sequence:x1x2x3``, ``kan:d10d10d10``, with
        ``[王拾]`` / ``[wang:d10]`` after a unit holding 王 (the cards they read as); no spaces."""
        sep = "" if notation == "chinese" else ":"
        name = KIND_TEXT[self.kind] if notation == "chinese" else self.kind
        wang = "王" if notation == "chinese" else "wang:"
        read = f"[{wang}{format_cards(self.wang, notation)}]".replace(" ", "") if self.wang else ""
        cards = format_cards(self.cards, notation).replace(" ", "")
        return f"{name}{sep}{cards}{read}"


class Detail(NamedTuple):
    """A winning hand's best split and its counts (:func:`hu_detail`).

    ``huxi``: the best total; ``units``: the groups and pair of the checked part (sorted),
    then the 坎/提 of the hand (by card), then the exposed melds (as given); ``red``,
    ``black``, ``big``, ``small``: cards of the whole hand with its melds, 王 as read;
    ``wang``: what each 王 reads as (sorted card indices).
    """

    huxi: int
    units: tuple[Unit, ...]
    red: int
    black: int
    big: int
    small: int
    wang: tuple[int, ...] = ()


def group_kind(cards: tuple[int, ...]) -> str:
    """The kind of a group or pair of the checked part, by its sorted cards."""
    u = _UNIT_OF[cards]
    return next(kind for first, kind in reversed(GROUP_KINDS) if u >= first)


def hu_detail(hand: Hand, exposed: MeldLike | Iterable[MeldLike] = (), rules: str | RuleSet = "paohuzi",
              wang: int = 0) -> Detail | None:
    """The best split of a winning hand and the counts 名堂 are judged on; None when it does not win.

    Arguments and checks as in :func:`lookup.zipai.hu`. The split has the best total huxi;
    among readings of the 王 that tie on it, the one with the most red cards, then the first
    found (cards in index order); among splits of equal huxi of the chosen reading, the first
    in the order of their sorted groups. Each 王 read into a part card is shown in the first
    unit (in that order) holding that card.
    """
    query = Query(hand, exposed, rules, wang)
    q, g, m = query.rules, query.tables, query.melds
    reading = [0] * N_CARDS
    if query.wang:
        work = [0] * WORK_SIZE
        total = wild.total_of(query.hu_key(work), q.min_huxi)
        reading = work[BEST:BEST + N_CARDS]
    else:
        status, total = steps.hu_counts(g.hu_view, step_rules(q), query.counts, m.used, m.totals, [0] * N_CARDS)
        query.check("hu", status, total)
    if total == NO_WIN:
        return None
    held = [x + r for x, r in zip(query.counts, reading)]
    units = []
    sets = []
    for t, x in enumerate(held):
        if x >= KAN_COPIES:
            kind, huxi = ("kan", KAN_HUXI) if x == KAN_COPIES else ("ti", TI_HUXI)
            sets.append(Unit(kind, (t,) * x, huxi[t // N_NUMBERS], (t,) * reading[t]))
    part = [x if x <= MAX_PART_COPIES else 0 for x in held]
    split_huxi, groups = min(part_splits(part, g), key=lambda s: (-s[0], s[1]))
    left = [r if x <= MAX_PART_COPIES else 0 for x, r in zip(held, reading)]
    for cards in groups:
        read = []
        for t in cards:
            if left[t]:
                left[t] -= 1
                read.append(t)
        units.append(Unit(group_kind(cards), cards, UNIT_HUXI[_UNIT_OF[cards]], tuple(read)))
    units += sets
    units += [Unit(meld.kind, meld.cards, meld.huxi, (), True) for meld in m.melds]
    if sum(u.huxi for u in units) != total:
        raise AssertionError(f"the split of {query.counts} scores {split_huxi} in its part, not its best huxi")
    every = [t for u in units for t in u.cards]
    red = sum(wild.RED_CARD[t] for t in every)
    big = sum(t >= N_NUMBERS for t in every)
    return Detail(total, tuple(units), red, len(every) - red, big, len(every) - big,
                  tuple(t for t in range(N_CARDS) for _ in range(reading[t])))
