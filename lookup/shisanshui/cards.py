"""Playing-card notation: parse and format the 52 cards of shisanshui.

Card index = rank * 4 + suit; rank 0..12 = 2, 3, ..., 10, J, Q, K, A; suit 0..3 = ♠ ♥ ♣ ♦
(S H C D). Text: ``AS KH TD 9C`` (``10`` for ``T``, letters in either case), or the suit
symbol before or after the rank: ``♠A ♥10``, ``A♠`` (the outline symbols ♤ ♡ ♧ ♢ too).
Cards are separated by spaces or commas, or written back to back (``ASKH``).

An arrangement of 13 cards is written ``"FRONT|MIDDLE|BACK"`` (3, 5 and 5 cards).
A bad card token or index raises :class:`~lookup.errors.InvalidTileError` (also known as
``InvalidTileError``); a wrong count or a duplicate card :class:`~lookup.errors.InvalidHandError`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeAlias, cast

import numpy as np
import numpy.typing as npt

from ..arrays import as_list
from ..errors import InvalidHandError, InvalidTileError, check_text_size, quoted
from ..rules import choice

Hand: TypeAlias = str | Sequence[int | str] | npt.NDArray[np.integer]
"""The forms a hand (or row) of cards is accepted in: card text (``"AS KH TD"``), a sequence
of card indices 0..51 or card names, or a 1-D integer array of card indices."""

ArrangementLike: TypeAlias = str | Sequence[Hand]
"""An arrangement: ``"FRONT|MIDDLE|BACK"`` text or a (front, middle, back) sequence of hands."""

N_CARDS = 52
RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "SHCD"
SUIT_SYMBOLS = "♠♥♣♦"
NOTATIONS = ("ascii", "unicode")

_RANKS = {c: i for i, c in enumerate(RANK_CHARS)}
_RANKS.update({c.lower(): i for i, c in enumerate(RANK_CHARS)})
_SUITS = {c: i for i, c in enumerate(SUIT_CHARS)}
_SUITS.update({c.lower(): i for i, c in enumerate(SUIT_CHARS)})
_SYMBOLS = {c: i for i, c in enumerate(SUIT_SYMBOLS)}
_SYMBOLS.update({c: i for i, c in enumerate("♤♡♧♢")})
_SEPARATORS = " \t\r\n,;"
_IGNORED = "\ufe0e\ufe0f"  # variation selectors after a suit symbol


def _bad_token(text: str, start: int, why: str) -> InvalidTileError:
    end = start + 1
    while end < len(text) and text[end] not in _SEPARATORS:
        end += 1
    return InvalidTileError(f"bad card token {quoted(text[start:end])} at position {start}: {why}")


def parse_cards(text: str) -> list[int]:
    """Card indices of a text in card notation, in text order (duplicates are kept).

    Raises :class:`InvalidTileError` naming the first token that is not a card.
    """
    if not isinstance(text, str):
        raise InvalidTileError(f"card text must be a str, not {type(text).__name__}")
    check_text_size(text, N_CARDS, "card text")
    cards: list[int] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch in _SEPARATORS or ch in _IGNORED:
            i += 1
            continue
        start = i
        suit = _SYMBOLS.get(ch)
        if suit is not None:
            i += 1
            while i < n and text[i] in _IGNORED:
                i += 1
        if text.startswith("10", i):
            rank, i = 8, i + 2
        elif i < n and text[i] in _RANKS:
            rank, i = _RANKS[text[i]], i + 1
        else:
            raise _bad_token(text, start, "a rank is 2..9, 10 or T, J, Q, K, A")
        if suit is None:
            ch = text[i] if i < n else ""
            suit = _SUITS.get(ch, _SYMBOLS.get(ch)) if ch else None
            if suit is None:
                raise _bad_token(text, start, "a suit is S H C D or ♠ ♥ ♣ ♦")
            i += 1
            while i < n and text[i] in _IGNORED:
                i += 1
        cards.append(rank * 4 + suit)
    return cards


def card_name(card: int, notation: str = "ascii") -> str:
    """Name of one card index: ascii ``TD``, unicode ``♦10``."""
    if not (isinstance(card, (int, np.integer)) and not isinstance(card, bool) and 0 <= card < N_CARDS):
        raise InvalidTileError(f"card index must be 0..51, got {quoted(card)}")
    rank, suit = divmod(int(card), 4)
    if choice(notation, NOTATIONS, "card notation") == "ascii":
        return RANK_CHARS[rank] + SUIT_CHARS[suit]
    return SUIT_SYMBOLS[suit] + ("10" if rank == 8 else RANK_CHARS[rank])  # unicode


def format_cards(cards: Iterable[int], notation: str = "ascii") -> str:
    """Card names separated by spaces, in the given order."""
    choice(notation, NOTATIONS, "card notation")
    return " ".join(card_name(c, notation) for c in as_list(cards, "card indices", N_CARDS))


def sort_cards(cards: Iterable[int]) -> list[int]:
    """Cards from the highest rank down (suits ♠ ♥ ♣ ♦ within a rank); card indices are checked."""
    return sorted((card_index(c) for c in as_list(cards, "card indices", N_CARDS)), key=lambda c: (-(c >> 2), c & 3))


def hand_cards(cards: Hand, sizes: int | Iterable[int] | None = None, what: str = "hand") -> list[int]:
    """Validate a hand: card indices as a list of ints, no card twice, a size in ``sizes``.

    ``cards`` is a :data:`Hand`: text in card notation, a sequence of card indices or card
    names, or a 1-D integer array. Raises :class:`InvalidTileError` for a bad token or index and
    :class:`InvalidHandError` for a duplicate card or a wrong number of cards.
    """
    if isinstance(cards, str):
        out = parse_cards(cards)
    elif isinstance(cards, np.ndarray):
        if cards.ndim != 1 or not np.issubdtype(cards.dtype, np.integer):
            raise InvalidHandError(f"a {what} array must be 1-D integer, got shape {cards.shape} dtype {cards.dtype}")
        out = [card_index(c) for c in as_list(cards, f"{what} cards", N_CARDS)]
    else:
        items = as_list(cards, f"{what} cards", N_CARDS)  # text, a sequence; not a dict or set
        if all(c.__class__ is int and 0 <= c < N_CARDS for c in items):
            out = cast("list[int]", items)  # the common form, card indices, checked at once
        else:
            out = [_one_card(c) for c in items]
    if sizes is not None:
        allowed = (sizes,) if isinstance(sizes, int) else tuple(as_list(sizes, "sizes"))
        if len(out) not in allowed:
            want = " or ".join(str(s) for s in allowed)
            raise InvalidHandError(f"a {what} needs {want} cards, got {len(out)}")
    check_distinct(out, what)
    return out


def _one_card(card: object) -> int:
    """A card index from one card name or int-like index."""
    if isinstance(card, str):
        parsed = parse_cards(card)
        if len(parsed) != 1:
            raise InvalidTileError(f"{quoted(card)} is not one card")
        return parsed[0]
    return card_index(card)


def check_distinct(cards: list[int], what: str) -> None:
    """Raise :class:`InvalidHandError` naming the first card held twice in ``cards``."""
    if len(set(cards)) != len(cards):
        seen: set[int] = set()
        dup = next(c for c in cards if c in seen or seen.add(c))  # type: ignore[func-returns-value]
        raise InvalidHandError(f"duplicate card {card_name(dup)} in the {what}")


def card_index(card: object) -> int:
    """A card index 0..51 from an int-like value (not bool)."""
    if isinstance(card, (int, np.integer)) and not isinstance(card, (bool, np.bool_)) and 0 <= card < N_CARDS:
        return int(card)
    raise InvalidTileError(f"card index must be 0..51, got {quoted(card)}")


def arrangement_rows(front: Hand, middle: Hand, back: Hand) -> tuple[list[int], list[int], list[int]]:
    """Validate an arrangement: a front of 3, a middle of 5 and a back of 5 cards, no card twice."""
    f = hand_cards(front, 3, "front")
    m = hand_cards(middle, 5, "middle")
    b = hand_cards(back, 5, "back")
    check_distinct(f + m + b, "arrangement")
    return f, m, b


def parse_arrangement(text: str) -> tuple[list[int], list[int], list[int]]:
    """``"FRONT|MIDDLE|BACK"`` (card text) as (front, middle, back) card lists."""
    if not isinstance(text, str):
        raise InvalidHandError(f"an arrangement text is a str, not {type(text).__name__}")
    check_text_size(text, N_CARDS, "arrangement text")
    parts = text.split("|")
    if len(parts) != 3:
        raise InvalidHandError(f"an arrangement is FRONT|MIDDLE|BACK (3 rows), got {len(parts)} in {quoted(text)}")
    return arrangement_rows(*parts)


def arrangement_cards(value: ArrangementLike) -> tuple[list[int], list[int], list[int]]:
    """An arrangement given as text or as (front, middle, back), validated."""
    if isinstance(value, str):
        return parse_arrangement(value)
    try:
        front, middle, back = value
    except (TypeError, ValueError):
        raise InvalidHandError("an arrangement is (front, middle, back) or the text FRONT|MIDDLE|BACK") from None
    return arrangement_rows(front, middle, back)
