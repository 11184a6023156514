"""Mahjong: hu, ting, shanten, decompositions and discard advice from per-suit tables (SPEC §2)."""

from .queries import *  # noqa: F403
from .queries import __all__  # noqa: F401
