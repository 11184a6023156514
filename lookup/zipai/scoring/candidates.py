"""Every way a winning zipai hand can be read: the candidates a scoring preset chooses among.

A *candidate* is one split of the hand into its 7 units under one reading of its 王, one
placement of the winning card and, in rooms with 王, one 王 special (王钓, 王闯, 王炸 and their
…王 forms). The splits of the checked part come from :func:`lookup.zipai.splits.part_splits`
(the table's split lists); the units are :class:`lookup.zipai.Unit` as :func:`hu_detail` gives
them. Shape: exactly 7 units, with exactly one pair when (and only when) a quad (跑/提) is among
them. The rules are in docs/zipai-scoring.md.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations_with_replacement
from typing import NamedTuple

from ..encoding import MAX_COPIES, MAX_PART_COPIES, N_CARDS, N_NUMBERS, VIEW, GroupTables
from ..melds import Meld
from ..splits import Unit, group_kind, part_splits
from ..units import KAN_HUXI, PAO_HUXI, TI_HUXI, UNIT_CARDS, UNIT_HUXI
from ..wang import WANG

UNITS = 7
"""A winning hand is exactly 7 units."""
QUADS = ("ti", "pao")
GROUP_KINDS = frozenset({"sequence", "erqishi", "mixed", "yiwushi", "chi"})
"""The unit kinds that are not sets of one card (对子胡 allows none of them)."""

SPECIALS = {1: "王钓", 2: "王闯", 3: "王炸"}
"""The 王 special of the drawn card with 1, 2 or 3 王 read as it (…王 when the drawn card is a 王)."""
_HUXI_OF = {tuple(sorted(t for t in cards if t >= 0)): UNIT_HUXI[u] for u, cards in enumerate(UNIT_CARDS)}


class Candidate(NamedTuple):
    """One reading of a winning hand: its units, total huxi, whole-hand card counts (王 as
    read), what each 王 read as (sorted), and its 王 special ("" when none)."""

    units: tuple[Unit, ...]
    huxi: int
    counts: tuple[int, ...]
    wang_as: tuple[int, ...]
    special: str


def exposed_unit(meld: Meld) -> Unit:
    """An exposed meld as a unit."""
    return Unit(meld.kind, meld.cards, meld.huxi, (), True)


def _set_unit(t: int, held: int, read: int) -> Unit:
    kind, huxi = ("kan", KAN_HUXI) if held == 3 else ("ti", TI_HUXI)
    return Unit(kind, (t,) * held, huxi[t // N_NUMBERS], (t,) * read)


def special_unit(t: int, wang: int, drawn_wang: bool) -> Unit:
    """The unit of a 王 special: the drawn card ``t`` (or a drawn 王 read as ``t``) and ``wang``
    more 王 read as ``t``: a pair (王钓), a 坎 (王闯) or a 提 (王炸)."""
    n = wang + 1
    read = (t,) * (n if drawn_wang else wang)
    if n == 2:
        return Unit("pair", (t, t), 0, read)
    return _set_unit(t, n, 0)._replace(wang=read)


def _layouts(counts: list[int], wang: int, melds: Sequence[Meld], win: int, self_drawn: bool,
             specials: bool) -> Iterator[tuple[list[int], int, list[Unit], int, str]]:
    """(concealed counts, free 王, fixed units, placement card, special) of each layout.

    The placement card is the winning card when four of it held in the hand may also be read
    as a 坎 with the card in the groups (-1: no such choice).
    """
    exposed = [exposed_unit(m) for m in melds]
    yield counts, wang, exposed, win if 0 <= win < N_CARDS else -1, ""
    if 0 <= win < N_CARDS:
        for i, m in enumerate(melds):  # the winning card completes an exposed 碰 or 偎
            if m.cards[0] == win and m.kind in ("peng", "wei"):
                upgraded = (Unit("ti", (win,) * 4, TI_HUXI[win // N_NUMBERS], (), True)
                            if m.kind == "wei" and self_drawn else
                            Unit("pao", (win,) * 4, PAO_HUXI[win // N_NUMBERS], (), True))
                rest = counts.copy()
                rest[win] -= 1
                yield rest, wang, exposed[:i] + [upgraded] + exposed[i + 1:], -1, ""
    if not specials:
        return
    used = [0] * N_CARDS
    for m in melds:
        for t in m.cards:
            used[t] += 1
    for k, name in SPECIALS.items():
        if 0 <= win < N_CARDS and wang >= k:  # the drawn card and k 王 read as it
            if counts[win] + used[win] + k <= MAX_COPIES:
                rest = counts.copy()
                rest[win] -= 1
                yield rest, wang - k, [special_unit(win, k, False)] + exposed, -1, name
        elif win == WANG and wang >= k + 1:  # a drawn 王 and k more, all read as one card
            for t in range(N_CARDS):
                if counts[t] + used[t] + k + 1 <= MAX_COPIES:
                    yield counts, wang - k - 1, [special_unit(t, k, True)] + exposed, -1, name + "王"


def readings(counts: Sequence[int], used: Sequence[int], wang: int) -> Iterator[tuple[int, ...]]:
    """Each multiset of cards ``wang`` 王 may read as (sorted) that makes no fifth copy."""
    for r in combinations_with_replacement(range(N_CARDS), wang):
        if all(counts[t] + used[t] + r.count(t) <= MAX_COPIES for t in set(r)):
            yield r


def candidates(counts: list[int], wang: int, melds: Sequence[Meld], win: int, self_drawn: bool,
               yiwushi: bool, specials: bool) -> Iterator[Candidate]:
    """Every candidate of a hand whose 7 units hold every card.

    ``counts``: the concealed cards with the winning card (20 counts, checked); ``wang``: the 王
    it holds, a drawn one included; ``melds``: its exposed melds; ``win``: the winning card
    (a card index, :data:`WANG`, or -1 to read the hand as written); ``specials``: whether the
    王 specials count (rooms with 王).
    """
    tables: GroupTables = (VIEW.value or VIEW.get()).of(yiwushi)
    cache: dict[tuple[int, ...], list[tuple[int, tuple[tuple[int, ...], ...]]]] = {}
    for base, free, fixed, place, special in _layouts(counts, wang, melds, win, self_drawn, specials):
        used = [0] * N_CARDS
        for u in fixed:
            for t in u.cards:
                used[t] += 1
        for reading in readings(base, used, free):
            read = [0] * N_CARDS
            for t in reading:
                read[t] += 1
            held = [x + r for x, r in zip(base, read)]
            options: list[int | None] = [None]
            if place >= 0 and held[place] == MAX_COPIES:
                options.append(place)  # the 坎 kept, the winning card in the groups
            for kept in options:
                part = [x if x <= MAX_PART_COPIES else 0 for x in held]
                sets = []
                for t, x in enumerate(held):
                    if x > MAX_PART_COPIES:
                        n = 3 if t == kept else x
                        sets.append(_set_unit(t, n, min(read[t], n)))
                if kept is not None:
                    part[kept] = 1
                key = tuple(part)
                if key not in cache:
                    cache[key] = part_splits(part, tables)
                for _, groups in cache[key]:
                    yield from _candidate(groups, part, held, read, kept, sets, fixed, special)


def _candidate(groups: tuple[tuple[int, ...], ...], part: list[int], held: list[int], read: list[int],
               kept: int | None, sets: list[Unit], fixed: list[Unit], special: str) -> Iterator[Candidate]:
    """The candidate of one split, when its shape is a win's (7 units, the pair rule)."""
    if len(groups) + len(sets) + len(fixed) != UNITS:
        return
    left = [r if x <= MAX_PART_COPIES else 0 for x, r in zip(held, read)]
    if kept is not None:  # the 王 read as the kept card sit in its 坎 first
        left[kept] = max(0, read[kept] - 3)
    units = []
    for cards in groups:
        wang = []
        for t in cards:
            if left[t]:
                left[t] -= 1
                wang.append(t)
        units.append(Unit(group_kind(cards), cards, _HUXI_OF[cards], tuple(wang)))
    units += sets
    units += fixed
    quads = sum(u.kind in QUADS for u in units)
    pairs = sum(u.kind == "pair" for u in units)
    if pairs != (1 if quads else 0):
        return
    counts = [0] * N_CARDS
    for u in units:
        for t in u.cards:
            counts[t] += 1
    wang_as = tuple(sorted(t for u in units for t in u.wang))
    yield Candidate(tuple(units), sum(u.huxi for u in units), tuple(counts), wang_as, special)
