"""Playing-card notation (SPEC §1): parse and format the 52 cards of shisanshui.

Card index = rank * 4 + suit; rank 0..12 = 2, 3, ..., 10, J, Q, K, A; suit 0..3 = ♠ ♥ ♣ ♦
(S H C D). Text: ``AS KH TD 9C`` (``10`` for ``T``, letters in either case), or the suit
symbol before or after the rank: ``♠A ♥10``, ``A♠`` (the outline symbols ♤ ♡ ♧ ♢ too).
Cards are separated by spaces or commas, or written back to back (``ASKH``).
"""

from __future__ import annotations

import numpy as np

from ..errors import InvalidCardError, InvalidHandError

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


def _bad_token(text: str, start: int, why: str) -> InvalidCardError:
    end = start + 1
    while end < len(text) and text[end] not in _SEPARATORS:
        end += 1
    return InvalidCardError(f"bad card token {text[start:end]!r} at position {start}: {why}")


def parse_cards(text: str) -> list[int]:
    """Card indices of a text in card notation, in text order (duplicates are kept).

    Raises :class:`InvalidCardError` naming the first token that is not a card.
    """
    if not isinstance(text, str):
        raise InvalidCardError(f"card text must be a str, not {type(text).__name__}")
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
        raise InvalidCardError(f"card index must be 0..51, got {card!r}")
    rank, suit = divmod(int(card), 4)
    if notation == "ascii":
        return RANK_CHARS[rank] + SUIT_CHARS[suit]
    if notation == "unicode":
        return SUIT_SYMBOLS[suit] + ("10" if rank == 8 else RANK_CHARS[rank])
    raise ValueError(f"unknown card notation {notation!r}; choose one of {', '.join(NOTATIONS)}")


def format_cards(cards, notation: str = "ascii") -> str:
    """Card names separated by spaces, in the given order."""
    return " ".join(card_name(c, notation) for c in cards)


def sort_cards(cards) -> list[int]:
    """Cards from the highest rank down (suits ♠ ♥ ♣ ♦ within a rank)."""
    return sorted(cards, key=lambda c: (-(c >> 2), c & 3))


def hand_cards(cards, sizes=None, what: str = "hand") -> list[int]:
    """Validate a hand: card indices as a list of ints, no card twice, a size in ``sizes``.

    ``cards`` is text in card notation, a sequence of card indices or card names, or a 1-D
    integer array. Raises :class:`InvalidCardError` for a bad token or index and
    :class:`InvalidHandError` for a duplicate card or a wrong number of cards.
    """
    if isinstance(cards, str):
        out = parse_cards(cards)
    elif isinstance(cards, np.ndarray):
        if cards.ndim != 1 or not np.issubdtype(cards.dtype, np.integer):
            raise InvalidHandError(f"a {what} array must be 1-D integer, got shape {cards.shape} dtype {cards.dtype}")
        out = [card_index(c) for c in cards.tolist()]
    else:
        try:
            items = list(cards)
        except TypeError:
            raise InvalidHandError(f"a {what} is card text or a sequence of cards, not {type(cards).__name__}") from None
        out = []
        for c in items:
            if isinstance(c, str):
                parsed = parse_cards(c)
                if len(parsed) != 1:
                    raise InvalidCardError(f"{c!r} is not one card")
                out.append(parsed[0])
            else:
                out.append(card_index(c))
    if sizes is not None:
        sizes = (sizes,) if isinstance(sizes, int) else tuple(sizes)
        if len(out) not in sizes:
            want = " or ".join(str(s) for s in sizes)
            raise InvalidHandError(f"a {what} needs {want} cards, got {len(out)}")
    if len(set(out)) != len(out):
        seen = set()
        dup = next(c for c in out if c in seen or seen.add(c))
        raise InvalidHandError(f"duplicate card {card_name(dup)} in the {what}")
    return out


def card_index(card) -> int:
    """A card index 0..51 from an int-like value (not bool)."""
    if isinstance(card, (int, np.integer)) and not isinstance(card, (bool, np.bool_)) and 0 <= card < N_CARDS:
        return int(card)
    raise InvalidCardError(f"card index must be 0..51, got {card!r}")
