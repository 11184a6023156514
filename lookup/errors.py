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
