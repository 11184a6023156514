"""Zipai melds: exposed melds parsed and checked, and the huxi of every meld kind.

An exposed *meld* is a :class:`Meld`, a ``(kind, cards)`` pair or text ``"碰六"``,
``"peng x6"``, ``"chi:x1x2x3"``. Kinds: 碰 ``peng`` (3 of a card), 偎 ``wei`` (3), 跑
``pao`` (4), 提 ``ti`` (4), 吃 ``chi`` (an eaten group: a sequence, 二七十, a mixed triple, or
一五十 under rules with ``yiwushi``).
For the first four one card names the meld (``"跑拾"``); the copies may also be written out.
A badly shaped meld raises :class:`~lookup.errors.InvalidMeldError`, a bad card in it
:class:`~lookup.errors.InvalidTileError`.

The queries take the exposed melds folded into what a hand's evaluation needs
(:func:`fold_melds`): their huxi, their number of 跑/提, their copies per card and which
cards carry a 碰 or a 偎 (a draw of the fourth copy upgrades it).
"""

from __future__ import annotations

from collections.abc import Iterable, Sized
from typing import NamedTuple, TypeAlias

import numpy as np

from ..errors import InvalidHandError, InvalidMeldError, check_text_size, quoted
from .cards import Card, card_name, format_cards, parse_cards
from .encoding import MAX_COPIES, N_CARDS, N_NUMBERS
from .units import (  # the meld huxi by kind, (small, big): the units', which the ting labels use
    N_GROUPS,
    PAO_HUXI,
    PENG_HUXI,
    TI_HUXI,
    UNIT_CARDS,
    UNIT_HUXI,
    WEI_HUXI,
    group_limit,
)

KINDS = {"peng": "peng", "碰": "peng", "wei": "wei", "偎": "wei", "pao": "pao", "跑": "pao",
         "ti": "ti", "提": "ti", "chi": "chi", "吃": "chi"}
KIND_NAMES = {"peng": "碰", "wei": "偎", "pao": "跑", "ti": "提", "chi": "吃"}
_SET_SIZE = {"peng": 3, "wei": 3, "pao": 4, "ti": 4}
_SET_HUXI = {"peng": PENG_HUXI, "wei": WEI_HUXI, "pao": PAO_HUXI, "ti": TI_HUXI}
MAX_MELDS = N_CARDS * MAX_COPIES // 3
"""The most exposed melds the cards allow (each holds 3 or 4 of the 80 cards)."""
_GROUP_OF = {tuple(sorted(UNIT_CARDS[u])): u for u in range(N_GROUPS)}


class Meld(NamedTuple):
    """An exposed meld: kind ``peng`` ``wei`` ``pao`` ``ti`` or ``chi``, and its cards (sorted)."""

    kind: str
    cards: tuple[int, ...]

    @property
    def huxi(self) -> int:
        """碰 1/3, 偎 3/6, 跑 6/9, 提 9/12 (small/big); an eaten group scores as in the hand."""
        if self.kind == "chi":
            return UNIT_HUXI[_GROUP_OF[self.cards]]
        return _SET_HUXI[self.kind][self.cards[0] // N_NUMBERS]

    def text(self, notation: str = "chinese") -> str:
        """The meld as text: chinese ``碰六六六``, ascii ``peng:x6x6x6`` (:func:`parse_meld` reads both)."""
        if notation == "chinese":
            return KIND_NAMES[self.kind] + format_cards(self.cards)
        return f"{self.kind}:{''.join(card_name(t, 'ascii') for t in self.cards)}"


MeldLike: TypeAlias = Meld | str | tuple[str, str | Card | Iterable[Card]]
"""What :func:`parse_meld` takes: a Meld, meld text, or a (kind, cards) pair."""


def parse_meld(item: MeldLike) -> Meld:
    """A :class:`Meld` from a Meld, a ``(kind, cards)`` pair or meld text; checked for shape."""
    cards: object
    if isinstance(item, str):
        check_text_size(item, MAX_COPIES, "meld text")
        text = item.strip()
        # the prefix compared as written: str.lower() can change the length ("İ" -> "i̇")
        prefix = next((k for k in sorted(KINDS, key=len, reverse=True) if text[:len(k)].lower() == k), None)
        if prefix is None:
            raise InvalidMeldError(f"bad meld {quoted(item)}: it starts with its kind, one of "
                                   "碰 偎 跑 提 吃 (peng wei pao ti chi)")
        kind, cards = KINDS[prefix], text[len(prefix):].lstrip(" :")
    else:
        try:
            kind, cards = item
        except (TypeError, ValueError):
            raise InvalidMeldError(f"bad meld {quoted(item)}: give a Meld, (kind, cards) or text like '碰六'") from None
        if not isinstance(kind, str) or kind.lower() not in KINDS:
            raise InvalidMeldError(f"bad meld kind {quoted(kind)}: one of 碰 偎 跑 提 吃 (peng wei pao ti chi)")
        kind = KINDS[kind.lower()]
    if isinstance(cards, str):
        cards = parse_cards(cards)
    elif isinstance(cards, (int, np.integer)) and not isinstance(cards, bool):
        cards = [cards]
    if not isinstance(cards, Iterable):
        raise InvalidMeldError(f"bad meld {quoted(item)}: its cards are text, a card index or indices")
    listed = list(cards)
    for t in listed:
        card_name(t)  # raises InvalidTileError for a bad index
    held = tuple(sorted(int(t) for t in listed))
    name = KIND_NAMES[kind]
    if kind == "chi":
        if held not in _GROUP_OF:
            raise InvalidMeldError(f"bad meld {name}{format_cards(held)}: 吃 takes a group of 3 "
                                   "(a sequence, 二七十, a mixed triple, or 一五十 with yiwushi)")
        return Meld(kind, held)
    size = _SET_SIZE[kind]
    if len(held) == 1:
        held = held * size
    if len(held) != size or len(set(held)) != 1:
        raise InvalidMeldError(f"bad meld {name}{format_cards(held)}: {name} is {size} of one card")
    return Meld(kind, held)


def parse_melds(exposed: MeldLike | Iterable[MeldLike]) -> list[Meld]:
    """Exposed melds from a sequence of melds (or one meld text per item)."""
    if isinstance(exposed, (str, Meld)):
        exposed = [exposed]
    if isinstance(exposed, np.ndarray):
        exposed = exposed.tolist()
    if isinstance(exposed, Sized) and len(exposed) > MAX_MELDS:  # before reading them
        raise InvalidMeldError(f"a player has at most {MAX_MELDS} exposed melds, got {len(exposed):,}")
    try:
        return [parse_meld(m) for m in exposed]  # type: ignore[arg-type]  # a bad item is refused there
    except TypeError:
        raise InvalidMeldError(f"exposed melds must be a sequence of melds, got {quoted(exposed)}") from None


class Exposed(NamedTuple):
    """The exposed melds as a hand's evaluation takes them (:func:`fold_melds`)."""

    huxi: int
    """Their total huxi."""
    quads: int
    """How many are 跑 or 提 (a quad allows, and requires, the pair)."""
    used: tuple[int, ...] | list[int]
    """Copies of each card they hold (20 counts)."""
    peng: int
    """Bit t set: a 碰 of card t (its fourth copy, drawn, makes a 跑)."""
    wei: int
    """Bit t set: a 偎 of card t (its fourth copy, drawn, makes a 提)."""
    melds: list[Meld]
    """The melds themselves."""

    @property
    def totals(self) -> tuple[int, int, int, int]:
        """``(huxi, quads, peng, wei)``: the melds as the per-hand steps take them
        (:data:`lookup.zipai.hand.Melds`)."""
        return self.huxi, self.quads, self.peng, self.wei


NO_MELDS = Exposed(0, 0, (0,) * N_CARDS, 0, 0, [])


def fold_melds(exposed: MeldLike | Iterable[MeldLike], yiwushi: bool = False) -> Exposed:
    """The exposed melds parsed and folded; more than 4 copies of a card in them is refused, and
    an eaten 一五十 unless the rules count it as a group (``yiwushi``)."""
    if isinstance(exposed, (tuple, list)) and not exposed:
        return NO_MELDS
    melds = parse_melds(exposed)
    huxi = quads = peng = wei = 0
    used = [0] * N_CARDS
    for m in melds:
        if m.kind == "chi" and _GROUP_OF[m.cards] >= group_limit(yiwushi):
            raise InvalidMeldError(f"bad meld {m.text()}: 一五十 is a group only under rules with yiwushi "
                                   "(hengyang_shihuka)")
        huxi += m.huxi
        quads += m.kind in ("pao", "ti")
        for t in m.cards:
            used[t] += 1
        if m.kind == "peng":
            peng |= 1 << m.cards[0]
        elif m.kind == "wei":
            wei |= 1 << m.cards[0]
    for t in range(N_CARDS):
        if used[t] > MAX_COPIES:
            raise InvalidHandError(f"exposed melds hold {used[t]} copies of {card_name(t)}; a card has 4 copies")
    return Exposed(huxi, quads, used, peng, wei, melds)
