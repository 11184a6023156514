"""Typed errors raised by paibiao, one set for every game.

Every error a user can cause derives from :class:`PaibiaoError`; errors about input also
derive from :class:`ValueError`, so ``except ValueError`` keeps working. A bad tile or card
of any game (mahjong tiles, zipai cards, playing cards) raises :class:`InvalidTileError`;
``InvalidCardError`` is another name for the same class.
"""

import re


class PaibiaoError(Exception):
    """Base class of every error paibiao raises on purpose."""


class InvalidTileError(PaibiaoError, ValueError):
    """A tile or card token or index that the game's notation does not know (the message names it)."""


InvalidCardError = InvalidTileError
"""The same class as :class:`InvalidTileError` (the name reads better for playing cards)."""


class InvalidHandError(PaibiaoError, ValueError):
    """A hand that is not a legal query: wrong size, a fifth copy, a duplicate card, a bad array."""


class InvalidMeldError(InvalidHandError):
    """An exposed meld (zipai 碰 偎 跑 提 吃) of the wrong shape or kind (the message names it)."""


class InvalidRulesError(PaibiaoError, ValueError):
    """An unknown rule-set name, or a rules field of the wrong type or out of range (named)."""


class InvalidArgumentError(PaibiaoError, ValueError):
    """Another argument out of its domain: an unknown notation, a wait mask over 34 bits."""


class InvalidSituationError(InvalidArgumentError):
    """Flags of a win that cannot hold together (天胡 on a discard, 自摸 and 点炮 at once)."""


class TableError(PaibiaoError, RuntimeError):
    """A lookup table that is missing, stale or damaged; the message says how to rebuild it."""


_ROW_PREFIX = re.compile(r"row (\d+): ")
"""How every batch query names the bad row at the start of its error (``row 7: ...``)."""


def at_row(error: Exception, start: int, n_rows: int) -> Exception:
    """``error``, raised by a batch query on the ``n_rows`` rows from ``start`` of a larger
    array, re-addressed to that array: ``row 3: ...`` becomes ``row {start + 3}: ...``; a
    message without a row gets ``rows {start}..{start + n_rows - 1}: `` in front. Same class."""
    text = str(error)
    match = _ROW_PREFIX.match(text)
    if match:
        text = f"row {start + int(match[1])}: {text[match.end():]}"
    else:
        text = f"rows {start}..{start + n_rows - 1}: {text}"
    try:
        return type(error)(text)
    except Exception:  # a class that takes other arguments: keep the original
        return error


QUOTE_LIMIT = 40
"""Characters of user input an error message quotes at most (longer input is cut, with "…")."""

CHARS_PER_ITEM = 16
"""Text characters allowed per tile or card a parser could possibly read (the longest token,
``ZHONG``, is 5; the rest is room for separators): a longer text is refused before parsing."""


def quoted(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` for an error message, cut to ``limit`` characters with "…".

    A long str is cut before ``repr`` runs, so quoting 10 MB of input costs nothing.
    """
    if isinstance(value, str):
        text = repr(value[:limit + 1])
    elif isinstance(value, (list, tuple)) and len(value) > limit:
        text = repr(value[:limit])
    else:
        text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


def check_text_size(text: str, max_items: int, what: str) -> None:
    """Refuse, before parsing it, a text too long to hold at most ``max_items`` tiles or cards.

    The limit is :data:`CHARS_PER_ITEM` characters per item; raises :class:`InvalidHandError`.
    """
    if len(text) > max_items * CHARS_PER_ITEM:
        raise InvalidHandError(f"{what} of {len(text):,} characters is too long for the at most {max_items} "
                               f"tiles or cards it may name (limit {max_items * CHARS_PER_ITEM:,} characters); "
                               f"it starts {quoted(text)}")
