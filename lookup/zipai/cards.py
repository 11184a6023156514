"""Zipai card notation: parse and format cards and hands.

Card index 0..9: small 一..十 (小字), 10..19: big 壹..拾 (大字). Accepted text, freely mixed,
separated by spaces or commas or not at all:

* ASCII: ``x1``..``x10`` small, ``d1``..``d10`` big (``X``/``D`` too): ``"x2 x7 x10"``, ``"x2x7x10"``;
* Chinese numerals, one character a card: small 一二三四五六七八九十, big
  壹贰叁肆伍陆柒捌玖拾, and the traditional and variant forms of the big ones 貳 參 叄 陸.

A *hand* (:data:`Hand`) is such text or a sequence (or 1-D integer array) of 20 counts,
each 0..4. A list of card indices is not a hand (20 indices would read as counts); turn it
into counts with :func:`counts_of`. A bad card token or index raises
:class:`~lookup.errors.InvalidTileError`, a bad hand :class:`~lookup.errors.InvalidHandError`.
Exposed melds are in :mod:`lookup.zipai.melds`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeAlias

import numpy as np

from ..arrays import as_list
from ..errors import InvalidHandError, InvalidTileError, check_text_size, quoted
from ..rules import choice
from .encoding import MAX_COPIES, N_CARDS, N_NUMBERS

Hand: TypeAlias = str | Sequence[int] | np.ndarray
"""A hand as the queries take it: card text, or 20 counts (a list, tuple or 1-D integer array)."""
Card: TypeAlias = int | np.integer
"""A card index 0..19 (a Python or numpy integer)."""

SMALL_NAMES = "一二三四五六七八九十"
BIG_NAMES = "壹贰叁肆伍陆柒捌玖拾"
BIG_VARIANTS = {"貳": 11, "參": 12, "叄": 12, "陸": 15}
"""Traditional and variant forms accepted for big cards (貳 = 贰, 參 叄 = 叁, 陸 = 陆)."""

NOTATIONS = ("chinese", "ascii")
MAX_CARDS = N_CARDS * MAX_COPIES
"""The most cards a text or a list of card indices can hold (4 copies of each)."""

_CHINESE = {ch: i for i, ch in enumerate(SMALL_NAMES)}
_CHINESE.update({ch: N_NUMBERS + i for i, ch in enumerate(BIG_NAMES)})
_CHINESE.update(BIG_VARIANTS)
_SEPARATORS = " \t\r\n,;，、"


def _bad(text: str, start: int, why: str) -> InvalidTileError:
    end = start + 1
    while end < len(text) and text[end] not in _SEPARATORS:
        end += 1
    return InvalidTileError(f"bad card token {quoted(text[start:end])} at position {start}: {why}")


def parse_cards(text: str) -> list[int]:
    """Card indices of card text, in text order; :class:`InvalidTileError` names a bad token."""
    if not isinstance(text, str):
        raise InvalidTileError(f"card text must be a str, not {type(text).__name__}")
    check_text_size(text, MAX_CARDS, "card text")
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
            cards.append(number - 1 + (0 if ch in "xX" else N_NUMBERS))
            i = j
        else:
            raise _bad(text, i, "cards are x1..x10 / d1..d10 or 一..十 / 壹..拾")
    return cards


def card_name(card: Card, notation: str = "chinese") -> str:
    """Name of a card index: chinese ``七`` / ``柒``, ascii ``x7`` / ``d7``."""
    if isinstance(card, bool) or not isinstance(card, (int, np.integer)) or not 0 <= card < N_CARDS:
        raise InvalidTileError(f"card index must be an integer 0..19, got {quoted(card)}")
    card = int(card)
    if choice(notation, NOTATIONS, "notation") == "chinese":
        return (SMALL_NAMES + BIG_NAMES)[card]
    case, n = divmod(card, N_NUMBERS)  # ascii
    return f"{'xd'[case]}{n + 1}"


def format_cards(cards: Iterable[Card], notation: str = "chinese") -> str:
    """Card indices (sorted) as text: chinese ``二七十`` (no spaces), ascii ``x2 x7 x10``."""
    choice(notation, NOTATIONS, "notation")
    listed = as_list(cards, "card indices", MAX_CARDS)
    for t in listed:
        card_name(t)  # a bad index (a float, a bool, 20) is refused, not rounded or dropped
    names = [card_name(t, notation) for t in sorted(int(t) for t in listed)]
    return ("" if notation == "chinese" else " ").join(names)


def format_counts(counts: Sequence[int] | np.ndarray, notation: str = "chinese") -> str:
    """A 20-count vector as text (see :func:`format_cards`); the counts are checked (0..4 each)."""
    counts = hand_counts(as_list(counts, "card counts", N_CARDS))
    return format_cards([t for t in range(N_CARDS) for _ in range(int(counts[t]))], notation)


def counts_of(cards: str | Iterable[Card]) -> list[int]:
    """20 counts of a sequence of card indices (or card text); a fifth copy is refused."""
    cards = parse_cards(cards) if isinstance(cards, str) else as_list(cards, "card indices", MAX_CARDS)
    counts = [0] * N_CARDS
    for t in cards:
        if isinstance(t, bool) or not isinstance(t, (int, np.integer)) or not 0 <= t < N_CARDS:
            raise InvalidTileError(f"card index must be an integer 0..19, got {quoted(t)}")
        counts[int(t)] += 1
    _check_copies(counts)
    return counts


def _check_copies(counts: Sequence[int]) -> None:
    for t in range(N_CARDS):
        if counts[t] > MAX_COPIES:
            raise InvalidHandError(f"hand holds {counts[t]} copies of {card_name(t)} ({card_name(t, 'ascii')}); "
                                   "a card has 4 copies")


_VALID_COUNTS = bytes(range(MAX_COPIES + 1))


def hand_counts(hand: Hand) -> list[int]:
    """A hand's 20 counts (list of int, each 0..4) from card text or 20 counts."""
    if type(hand) in (list, tuple) and len(hand) == N_CARDS:  # the fast path: 20 small ints
        try:
            packed = bytes(hand)  # type: ignore[arg-type]  # a list or tuple here
        except (TypeError, ValueError):
            pass  # the checks below name the problem
        else:
            if not packed.translate(None, _VALID_COUNTS) and bool not in map(type, hand):
                return list(packed)
    if isinstance(hand, str):
        return counts_of(parse_cards(hand))
    if isinstance(hand, np.ndarray):
        if hand.ndim != 1 or not np.issubdtype(hand.dtype, np.integer):
            raise InvalidHandError(f"a hand array must be 1-D integer counts, got shape {hand.shape} "
                                   f"dtype {hand.dtype}")
        hand = hand.tolist()
    try:
        counts = list(hand)
    except TypeError:
        raise InvalidHandError(f"a hand is card text or 20 counts, not {type(hand).__name__}") from None
    if len(counts) != N_CARDS:
        raise InvalidHandError(f"a hand is card text or 20 counts, got a sequence of {len(counts)} "
                               "(for card indices use lookup.zipai.cards.counts_of)")
    for t, x in enumerate(counts):
        if isinstance(x, bool) or not isinstance(x, (int, np.integer)) or x < 0:
            raise InvalidHandError(f"card counts must be integers 0..4, got {quoted(x)} for {card_name(t)}")
    checked = [int(x) for x in counts]
    _check_copies(checked)
    return checked
