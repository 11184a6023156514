"""The tile sets the Chinese Official fans name, as 34-bit tile masks (bit t: tile t), and the
order the calculator reads melds in.
"""
from __future__ import annotations

import numpy as np

from ...encoding import HONOR_OFFSET, KNITTED_SETS, N_SUIT_RANKS, N_TILE_KINDS, SUIT_OFFSETS
from .fans import N_WINDS, Fan

WIND_OFFSET = HONOR_OFFSET
DRAGON_OFFSET = HONOR_OFFSET + N_WINDS
WHITE, GREEN_DRAGON, RED = range(DRAGON_OFFSET, N_TILE_KINDS)


def _mask(tiles) -> int:
    return sum(1 << t for t in set(tiles))


def _numbered(ranks) -> int:
    """The tile mask of the given ranks (0-based) in every numbered suit."""
    return _mask(offset + r for offset in SUIT_OFFSETS[:3] for r in ranks)


NUMBERED_MASK = _numbered(range(N_SUIT_RANKS))
SUIT_MASKS = tuple(_mask(range(o, o + N_SUIT_RANKS)) for o in SUIT_OFFSETS[:3])
WIND_MASK = _mask(range(WIND_OFFSET, DRAGON_OFFSET))
DRAGON_MASK = _mask(range(DRAGON_OFFSET, N_TILE_KINDS))
HONOR_MASK = WIND_MASK | DRAGON_MASK
TERMINAL_MASK = _numbered((0, N_SUIT_RANKS - 1))
GREEN_MASK = _mask(SUIT_OFFSETS[2] + r for r in (1, 2, 3, 5, 7)) | (1 << GREEN_DRAGON)
REVERSIBLE_MASK = (_mask(SUIT_OFFSETS[1] + r for r in (0, 1, 2, 3, 4, 7, 8))
                   | _mask(SUIT_OFFSETS[2] + r for r in (1, 3, 4, 5, 7, 8)) | (1 << WHITE))
UPPER_TILES_MASK, MIDDLE_TILES_MASK, LOWER_TILES_MASK = _numbered((6, 7, 8)), _numbered((3, 4, 5)), _numbered((0, 1, 2))
UPPER_FOUR_MASK, LOWER_FOUR_MASK = _numbered((5, 6, 7, 8)), _numbered((0, 1, 2, 3))
RANK_SET_FANS = ((UPPER_TILES_MASK, Fan.UPPER_TILES), (MIDDLE_TILES_MASK, Fan.MIDDLE_TILES),
                 (LOWER_TILES_MASK, Fan.LOWER_TILES), (UPPER_FOUR_MASK, Fan.UPPER_FOUR),
                 (LOWER_FOUR_MASK, Fan.LOWER_FOUR))
"""(tiles, fan) of the fans of a hand of numbered tiles of some ranks only."""
FIVES_MASK = _numbered((4,))
TERMINAL_CHOW_MASK = _numbered((0, 6))
"""The lowest tiles of the chows 123 and 789 of every suit."""
KNITTED_MASKS = np.array([_mask(k) for k in KNITTED_SETS], np.int64)
KNITTED_TILES = np.array(KNITTED_SETS, np.int64)

SEARCH_POSITION = np.array([*range(9), *range(18, 27), *range(9, 18), *range(27, 31), 33, 32, 31], np.int64)
"""SEARCH_POSITION[t]: where tile t comes in the order the calculator reads melds in (characters,
bamboo, dots, winds, red, green, white)."""
SEARCH_BASE = 2 * N_TILE_KINDS
"""Base of a standard reading's order key: one digit (2 * position + is chow) per concealed meld."""
