"""Typed errors raised by paibiao, one set for every game.

Every error a user can cause derives from :class:`PaibiaoError`; errors about input also
derive from :class:`ValueError`, so ``except ValueError`` keeps working. A bad tile or card
of any game (mahjong tiles, zipai cards, playing cards) raises :class:`InvalidTileError`;
``InvalidCardError`` is another name for the same class.
"""


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
