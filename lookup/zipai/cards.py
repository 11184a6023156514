"""Zipai card notation (SPEC §1): parse and format cards, hands and exposed melds.

Card index 0..9: small 一..十 (小字), 10..19: big 壹..拾 (大字). Accepted text, freely mixed,
separated by spaces or commas or not at all:

* ASCII: ``x1``..``x10`` small, ``d1``..``d10`` big (``X``/``D`` too): ``"x2 x7 x10"``, ``"x2x7x10"``;
* Chinese numerals, one character a card: small 一二三四五六七八九十, big
  壹贰叁肆伍陆柒捌玖拾, and the traditional and variant forms of the big ones 貳 參 叄 陸.

A *hand* is such text or a sequence (or 1-D integer array) of 20 counts, each 0..4. A list
of card indices is not a hand (20 indices would read as counts); turn it into counts with
:func:`counts_of`.

An exposed *meld* is a :class:`Meld`, a ``(kind, cards)`` pair or text ``"碰六"``,
``"peng x6"``, ``"chi:x1x2x3"``. Kinds: 碰 ``peng`` (3 of a card), 偎 ``wei`` (3), 跑
``pao`` (4), 提 ``ti`` (4), 吃 ``chi`` (an eaten group: a sequence, 二七十 or a mixed triple).
For the first four one card names the meld (``"跑拾"``); the copies may also be written out.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..errors import InvalidHandError, InvalidMeldError, InvalidTileError
from .hand import (
    MAX_COPIES,
    N_CARDS,
    N_GROUPS,
    PAO_HUXI,
    PENG_HUXI,
    TI_HUXI,
    UNIT_CARDS,
    UNIT_HUXI,
    WEI_HUXI,
)

SMALL_NAMES = "一二三四五六七八九十"
BIG_NAMES = "壹贰叁肆伍陆柒捌玖拾"
BIG_VARIANTS = {"貳": 11, "參": 12, "叄": 12, "陸": 15}
"""Traditional and variant forms accepted for big cards (貳 = 贰, 參 叄 = 叁, 陸 = 陆)."""

NOTATIONS = ("chinese", "ascii")

_CHINESE = {ch: i for i, ch in enumerate(SMALL_NAMES)}
_CHINESE.update({ch: 10 + i for i, ch in enumerate(BIG_NAMES)})
_CHINESE.update(BIG_VARIANTS)
_SEPARATORS = " \t\r\n,;，、"


def _bad(text: str, start: int, why: str) -> InvalidTileError:
    end = start + 1
    while end < len(text) and text[end] not in _SEPARATORS:
        end += 1
    return InvalidTileError(f"bad card token {text[start:end]!r} at position {start}: {why}")


def parse_cards(text: str) -> list[int]:
    """Card indices of card text, in text order; :class:`InvalidTileError` names a bad token."""
    if not isinstance(text, str):
        raise InvalidTileError(f"card text must be a str, not {type(text).__name__}")
    cards = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch in _SEPARATORS:
            i += 1
        elif ch in _CHINESE:
            cards.append(_CHINESE[ch])
            i += 1
        elif ch in "xXdD":
            j = i + 1
            while j < n and text[j].isascii() and text[j].isdigit():
                j += 1
            digits = text[i + 1:j]
            if not digits:
                raise _bad(text, i, "x (small) or d (big) is followed by a number 1..10")
            if digits != "10" and len(digits) > 1 or digits == "0":
                raise _bad(text, i, "card numbers are 1..10, one per card (x1 x2, not x12)")
            number = int(digits)
            cards.append(number - 1 + (0 if ch in "xX" else 10))
            i = j
        else:
            raise _bad(text, i, "cards are x1..x10 / d1..d10 or 一..十 / 壹..拾")
    return cards


def card_name(card: int, notation: str = "chinese") -> str:
    """Name of a card index: chinese ``七`` / ``柒``, ascii ``x7`` / ``d7``."""
    if isinstance(card, bool) or not isinstance(card, (int, np.integer)) or not 0 <= card < N_CARDS:
        raise InvalidTileError(f"card index must be an integer 0..19, got {card!r}")
    card = int(card)
    if notation == "chinese":
        return (SMALL_NAMES + BIG_NAMES)[card]
    if notation == "ascii":
        return f"{'xd'[card // 10]}{card % 10 + 1}"
    raise ValueError(f"unknown notation {notation!r}; choose one of {', '.join(NOTATIONS)}")


def format_cards(cards, notation: str = "chinese") -> str:
    """Card indices (sorted) as text: chinese ``二七十`` (no spaces), ascii ``x2 x7 x10``."""
    names = [card_name(t, notation) for t in sorted(int(t) for t in cards)]
    return ("" if notation == "chinese" else " ").join(names)


def format_counts(counts, notation: str = "chinese") -> str:
    """A 20-count vector as text (see :func:`format_cards`)."""
    return format_cards([t for t in range(N_CARDS) for _ in range(int(counts[t]))], notation)


def counts_of(cards) -> list[int]:
    """20 counts of a sequence of card indices (or card text); a fifth copy is refused."""
    if isinstance(cards, str):
        cards = parse_cards(cards)
    counts = [0] * N_CARDS
    for t in cards:
        if isinstance(t, bool) or not isinstance(t, (int, np.integer)) or not 0 <= t < N_CARDS:
            raise InvalidTileError(f"card index must be an integer 0..19, got {t!r}")
        counts[int(t)] += 1
    _check_copies(counts)
    return counts


def _check_copies(counts) -> None:
    for t in range(N_CARDS):
        if counts[t] > MAX_COPIES:
            raise InvalidHandError(f"hand holds {counts[t]} copies of {card_name(t)} ({card_name(t, 'ascii')}); "
                                   "a card has 4 copies")


_VALID_COUNTS = bytes(range(MAX_COPIES + 1))


def hand_counts(hand) -> list[int]:
    """A hand's 20 counts (list of int, each 0..4) from card text or 20 counts."""
    if type(hand) in (list, tuple) and len(hand) == N_CARDS:  # the fast path: 20 small ints
        try:
            counts = bytes(hand)
        except (TypeError, ValueError):
            pass  # the checks below name the problem
        else:
            if not counts.translate(None, _VALID_COUNTS) and bool not in map(type, hand):
                return list(counts)
    if isinstance(hand, str):
        return counts_of(parse_cards(hand))
    if isinstance(hand, np.ndarray):
        if hand.ndim != 1 or not np.issubdtype(hand.dtype, np.integer):
            raise InvalidHandError(f"a hand array must be 1-D integer counts, got shape {hand.shape} dtype {hand.dtype}")
        hand = hand.tolist()
    try:
        counts = list(hand)
    except TypeError:
        raise InvalidHandError(f"a hand is card text or 20 counts, not {type(hand).__name__}") from None
    if len(counts) != N_CARDS:
        raise InvalidHandError(f"a hand is card text or 20 counts, got a sequence of {len(counts)} "
                               "(for card indices use lookup.zipai_cards.counts_of)")
    for t, x in enumerate(counts):
        if isinstance(x, bool) or not isinstance(x, (int, np.integer)) or x < 0:
            raise InvalidHandError(f"card counts must be integers 0..4, got {x!r} for {card_name(t)}")
    counts = [int(x) for x in counts]
    _check_copies(counts)
    return counts


# --- exposed melds --------------------------------------------------------------------------

KINDS = {"peng": "peng", "碰": "peng", "wei": "wei", "偎": "wei", "pao": "pao", "跑": "pao",
         "ti": "ti", "提": "ti", "chi": "chi", "吃": "chi"}
KIND_NAMES = {"peng": "碰", "wei": "偎", "pao": "跑", "ti": "提", "chi": "吃"}
_SET_SIZE = {"peng": 3, "wei": 3, "pao": 4, "ti": 4}
_SET_HUXI = {"peng": PENG_HUXI, "wei": WEI_HUXI, "pao": PAO_HUXI, "ti": TI_HUXI}
_GROUP_OF = {tuple(sorted(UNIT_CARDS[u])): u for u in range(N_GROUPS)}


class Meld(NamedTuple):
    """An exposed meld: kind ``peng`` ``wei`` ``pao`` ``ti`` or ``chi``, and its cards (sorted)."""

    kind: str
    cards: tuple

    @property
    def huxi(self) -> int:
        """碰 1/3, 偎 3/6, 跑 6/9, 提 9/12 (small/big); an eaten group scores as in the hand."""
        if self.kind == "chi":
            return UNIT_HUXI[_GROUP_OF[self.cards]]
        return _SET_HUXI[self.kind][self.cards[0] >= 10]

    def text(self, notation: str = "chinese") -> str:
        if notation == "chinese":
            return KIND_NAMES[self.kind] + format_cards(self.cards)
        return f"{self.kind}:{''.join(card_name(t, 'ascii') for t in self.cards)}"


def parse_meld(item) -> Meld:
    """A :class:`Meld` from a Meld, a ``(kind, cards)`` pair or meld text; checked for shape."""
    if isinstance(item, str):
        text = item.strip()
        kind = next((k for k in sorted(KINDS, key=len, reverse=True) if text.lower().startswith(k)), None)
        if kind is None:
            raise InvalidMeldError(f"bad meld {item!r}: it starts with its kind, one of "
                                   "碰 偎 跑 提 吃 (peng wei pao ti chi)")
        kind, cards = KINDS[kind], text[len(kind):].lstrip(" :")
    else:
        try:
            kind, cards = item
        except (TypeError, ValueError):
            raise InvalidMeldError(f"bad meld {item!r}: give a Meld, (kind, cards) or text like '碰六'") from None
        if not isinstance(kind, str) or kind.lower() not in KINDS:
            raise InvalidMeldError(f"bad meld kind {kind!r}: one of 碰 偎 跑 提 吃 (peng wei pao ti chi)")
        kind = KINDS[kind.lower()]
    if isinstance(cards, str):
        cards = parse_cards(cards)
    elif isinstance(cards, (int, np.integer)) and not isinstance(cards, bool):
        cards = [cards]
    try:
        cards = list(cards)
    except TypeError:
        raise InvalidMeldError(f"bad meld {item!r}: its cards are text, a card index or indices") from None
    for t in cards:
        card_name(t)  # raises InvalidTileError for a bad index
    cards = tuple(sorted(int(t) for t in cards))
    name = KIND_NAMES[kind]
    if kind == "chi":
        if cards not in _GROUP_OF:
            raise InvalidMeldError(f"bad meld {name}{format_cards(cards)}: 吃 takes a group of 3 "
                                   "(a sequence, 二七十 or a mixed triple)")
        return Meld(kind, cards)
    size = _SET_SIZE[kind]
    if len(cards) == 1:
        cards = cards * size
    if len(cards) != size or len(set(cards)) != 1:
        raise InvalidMeldError(f"bad meld {name}{format_cards(cards)}: {name} is {size} of one card")
    return Meld(kind, cards)


def parse_melds(exposed) -> list[Meld]:
    """Exposed melds from a sequence of melds (or one meld text per item)."""
    if isinstance(exposed, (str, Meld)):
        exposed = [exposed]
    try:
        return [parse_meld(m) for m in exposed]
    except TypeError:
        raise InvalidMeldError(f"exposed melds must be a sequence of melds, got {exposed!r}") from None


def format_group(cards, notation: str = "chinese") -> str:
    """A group or pair of a split as text (``二七十``, ``x2 x7 x10``)."""
    return format_cards(cards, notation)
