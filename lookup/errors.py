"""Typed errors raised by paibiao.

Every error a user can cause derives from :class:`PaibiaoError`; errors about input
also derive from :class:`ValueError`, so ``except ValueError`` keeps working.
"""


class PaibiaoError(Exception):
    """Base class of every error paibiao raises on purpose."""


class InvalidTileError(PaibiaoError, ValueError):
    """A tile or card token that no notation knows (the message names the token)."""


class InvalidHandError(PaibiaoError, ValueError):
    """A hand that is not a legal query: wrong tile count, a fifth copy, a bad array shape or dtype."""


class InvalidMeldError(InvalidHandError):
    """An exposed meld (zipai 碰 偎 跑 提 吃) of the wrong shape or kind (the message names it)."""


class InvalidRulesError(PaibiaoError, ValueError):
    """An unknown rule-set name or an inconsistent rule set."""


class TableError(PaibiaoError, RuntimeError):
    """A lookup table that is missing, stale or damaged; the message says to run ``make tables``."""


class InvalidCardError(PaibiaoError, ValueError):
    """A playing-card token or index that is not one of the 52 cards (the message names it)."""
